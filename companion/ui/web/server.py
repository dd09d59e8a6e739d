"""A read-only scoreboard server on the standard library's threading HTTP server.

One watcher thread looks at the database file's (mtime, size, inode) ten
times a second — a `stat`, nothing more, so an idle server costs next to no
CPU — and wakes every open page through server-sent events when it changes.
Every read goes through the tables' lock-free status path; the server never
takes the write lock and no endpoint changes anything.

Routes: `/` the page, `/api/state` the status JSON (`watch --once --json`),
`/api/events` the stream of states. A request for a host name the server was
not started for gets 421; with a token (`--lan`), every request must carry it
(`?token=…`), else 403; any method but GET gets 405. Timeouts and the
connection limit are in `guard`.
"""

from __future__ import annotations

import io
import json
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlsplit

from companion.engine.errors import CompanionError
from companion.store import Store
from companion.tables import change_stamp
from companion.ui.web import guard

POLL_S = 0.1
HEARTBEAT_S = 15.0
DEFAULT_PORT = 8765


@dataclass
class Board:
    """What every request reads: the current state document, refreshed on change."""

    store: Store
    game: str | None
    token: str | None = None
    names: tuple[str, ...] = guard.LOOPBACK  # the host names it answers to
    hosts: frozenset[str] = frozenset()  # those names with the port, once bound
    on_error: Callable[[str], None] = lambda line: None
    version: int = 0
    document: dict[str, Any] = field(default_factory=dict)
    code: int = 200
    changed: threading.Condition = field(default_factory=threading.Condition)
    stopping: threading.Event = field(default_factory=threading.Event)
    last_error: str | None = None

    def refresh(self) -> None:
        code, document = read_state(self.store, self.game)
        error = document.get("error") if code >= 500 else None
        if error and error != self.last_error:
            self.on_error(error)  # the terminal, on this computer, says where the file is
        self.last_error = error
        if error:
            document = {"error": private(error, self.store)}  # the page does not
        with self.changed:
            if (code, document) != (self.code, self.document):
                self.code, self.document = code, document
                self.version += 1
                self.changed.notify_all()

    def watch(self) -> None:
        """The watcher thread: refresh whenever the database file changes."""
        seen: Any = object()
        while not self.stopping.is_set():
            now = change_stamp(self.store)
            if now != seen:
                seen = now
                self.refresh()
            self.stopping.wait(POLL_S)

    def wait_change(self, version: int, timeout: float) -> int:
        with self.changed:
            self.changed.wait_for(
                lambda: self.version != version or self.stopping.is_set(), timeout
            )
            return self.version


def read_state(store: Store, game: str | None) -> tuple[int, dict[str, Any]]:
    """(HTTP status, document): the status JSON, or why there is none."""
    from companion.tables import current_status
    from companion.ui.watch import pick_game

    try:
        return 200, current_status(store, pick_game(store, game)).to_json()
    except CompanionError as err:
        from companion.engine.errors import StoreError

        if isinstance(err, StoreError):
            return 503, {"error": err.line()}
        return 404, {"waiting": err.line(), **last_play(store, game)}


def last_play(store: Store, game: str | None) -> dict[str, Any]:
    """With nothing live: the play finished last, its BG Stats link and that link as a QR
    code (an SVG data URI) for a phone to scan; nothing when there is no play."""
    import base64

    from companion.history.bgstats import link_of
    from companion.ui.qr import qr_svg

    try:
        match, url = link_of(store, game=game)
    except CompanionError:
        return {}
    svg = base64.b64encode(qr_svg(url).encode()).decode()
    return {
        "last_play": {
            "id": match["id"],
            "game": match["game"],
            "url": url,
            "qr": "data:image/svg+xml;base64," + svg,
        }
    }


def private(line: str, store: Store) -> str:
    """`line` without the folders the database lives in (an error page is for the room)."""
    import os

    for folder in {str(store.path.parent.resolve()), str(store.path.parent.absolute())}:
        line = line.replace(folder + os.sep, "").replace(folder, "the database's folder")
    return line


BOARDS = "<!-- the games' boards -->"


def page() -> bytes:
    """The page: its shell, and each game's own board script (`GameSpec.board`) in it."""
    shell = resources.files("companion.ui.web").joinpath("scoreboard.html").read_text("utf-8")
    return shell.replace(BOARDS, "\n".join(boards())).encode("utf-8")


def boards() -> list[str]:
    """Each game's board as a script of its own, in a block of its own: one game's mistake
    (or its `const`) cannot stop another's board."""
    from companion import registry

    scripts = []
    for game in registry.specs():
        if game.board is None:
            continue
        package, _, name = game.board.partition(":")
        try:
            text = resources.files(package).joinpath(name).read_text("utf-8")
        except (OSError, ImportError, ValueError) as err:
            registry.warn(game, f"has a board that could not be read: {registry.said(err)}")
            continue
        if "</script" in text.casefold():
            registry.warn(game, f"has a board that could not be read: {name} holds '</script'")
            continue
        scripts.append(f'<script>\n"use strict";\n{{\n{text}}}\n</script>')
    return scripts


class Handler(BaseHTTPRequestHandler):
    board: Board
    server_version = "companion"
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet at the table
        pass

    def setup(self) -> None:
        super().setup()
        self.rfile.close()  # replaced by one that keeps the header deadline
        self.reader = guard.DeadlineReader(self.connection)
        self.rfile = io.BufferedReader(self.reader)

    def handle_one_request(self) -> None:
        self.reader.deadline = time.monotonic() + guard.HEADER_S
        super().handle_one_request()

    def parse_request(self) -> bool:
        parsed = super().parse_request()
        self.connection.settimeout(guard.WRITE_S)  # headers read: now only writes can stall
        return parsed

    def __getattr__(self, name: str) -> Any:
        if name.startswith("do_"):  # HEAD, OPTIONS, TRACE, anything: not allowed
            return self.do_POST
        raise AttributeError(name)

    def _host_known(self) -> bool:
        given = self.headers.get_all("Host") or []
        if len(given) == 1 and given[0].strip().lower() in self.board.hosts:
            return True
        self.close_connection = True
        self._send(HTTPStatus.MISDIRECTED_REQUEST, b"misdirected: not a name of this server\n")
        return False

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        if not self._host_known():
            return
        url = urlsplit(self.path)
        if self.board.token is not None:
            given = parse_qs(url.query).get("token", [""])[0]
            if not secrets.compare_digest(given, self.board.token):
                self._send(HTTPStatus.FORBIDDEN, b"forbidden: this scoreboard needs its token\n")
                return
        if url.path == "/":
            self._send(HTTPStatus.OK, page(), "text/html; charset=utf-8")
        elif url.path == "/api/state":
            with self.board.changed:
                code, document = self.board.code, self.board.document
            self._send(code, _json(document), "application/json")
        elif url.path == "/api/events":
            self._stream()
        else:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n")

    def do_POST(self) -> None:  # noqa: N802 - nothing here changes anything
        if not self._host_known():
            return
        self.close_connection = True  # any body it sent is left unread
        self._send(HTTPStatus.METHOD_NOT_ALLOWED, b"read-only\n", allow="GET")

    do_PUT = do_DELETE = do_PATCH = do_POST  # noqa: N815

    def _send(
        self, code: int, body: bytes, kind: str = "text/plain; charset=utf-8", allow: str = ""
    ) -> None:
        self.send_response(code)
        if allow:
            self.send_header("Allow", allow)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header(
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self' 'unsafe-inline'; "
            "style-src 'self' 'unsafe-inline'; img-src 'self' data:",
        )
        self.end_headers()
        if self.command != "HEAD":  # a HEAD answer has headers only
            self.wfile.write(body)

    def _stream(self) -> None:
        """Server-sent events: the state now, then each new state, with heartbeats."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        version = -1
        try:
            while not self.board.stopping.is_set():
                with self.board.changed:
                    current, code, document = (
                        self.board.version,
                        self.board.code,
                        self.board.document,
                    )
                if current != version:
                    version = current
                    payload = json.dumps({"code": code, "state": document}, ensure_ascii=False)
                    self.wfile.write(f"data: {payload}\n\n".encode())
                else:
                    self.wfile.write(b": still here\n\n")
                self.wfile.flush()
                self.board.wait_change(version, HEARTBEAT_S)
        except OSError:
            return  # a viewer went away or stopped reading: nothing to do


def _json(document: dict[str, Any]) -> bytes:
    return (json.dumps(document, ensure_ascii=False) + "\n").encode()


Server = guard.GuardedServer


def serve(board: Board, host: str, port: int) -> Server:
    """Bind and start serving in background threads; the caller waits and calls stop()."""
    handler = type("BoundHandler", (Handler,), {"board": board})
    server = Server((host, port), handler)
    board.hosts = guard.allowed_hosts(board.names, server.server_address[1])
    board.refresh()
    threading.Thread(target=board.watch, name="watcher", daemon=True).start()
    threading.Thread(target=server.serve_forever, name="server", daemon=True).start()
    return server


def stop(board: Board, server: Server) -> None:
    board.stopping.set()
    with board.changed:
        board.changed.notify_all()
    server.shutdown()
    server.server_close()


def lan_address() -> str | None:
    """This machine's address on the local network, as its own name resolves (no traffic);
    None when its name resolves to loopback addresses only."""
    import socket

    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        found = []
    addresses = [info[4][0] for info in found if not info[4][0].startswith("127.")]
    return addresses[0] if addresses else None


def wait_forever(board: Board) -> None:
    while not board.stopping.is_set():
        time.sleep(0.5)
