"""A read-only scoreboard server on the standard library's threading HTTP server.

One watcher thread looks at the database file's (mtime, size, inode) ten
times a second — a `stat`, nothing more, so an idle server costs next to no
CPU — and wakes every open page through server-sent events when it changes.
Every read goes through the tables' lock-free status path; the only write is a seat's
move (`seats`), made through the table layer like a CLI command's.

Routes: `/` the page, `/api/state` the status JSON (`watch --once --json`),
`/api/events` the stream of states; `/seat/TOKEN…` a player's seat (its routes, the only
ones that take a move, are in `seats`). A request for a host name the server was
not started for gets 421; with a token (`--lan`), every request must carry it
(`?token=…`), else 403 (a seat's own token stands for it); any method but GET gets 405
(but a seat's move); a request line that is not
HTTP/1.x gets 400. Every answer carries the same security headers. Timeouts and the
connection limits are in `guard`.
"""

from __future__ import annotations

import contextlib
import io
import json
import secrets
import selectors
import socket
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
from companion.ui.web import guard, seats

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
    port: int = 0  # once bound
    # One socket per open stream, written to on every change: a stream waits on it and on
    # its viewer's socket at once (a condition cannot be waited on alongside a socket).
    wakers: set[socket.socket] = field(default_factory=set)
    seat_limits: seats.Limits = field(default_factory=seats.Limits)
    reading: threading.Lock = field(default_factory=threading.Lock)

    def refresh(self) -> None:
        # The watcher and a seat's move both refresh: one at a time, so an older read can
        # never replace a newer one.
        with self.reading:
            self._refresh()

    def _refresh(self) -> None:
        code, document = read_state(self.store, self.game)
        error = document.get("error") if code >= 500 else None
        if error and error != self.last_error:
            self.on_error(error)  # the terminal, on this computer, says where the file is
        self.last_error = error
        if error:
            document = {"error": private(error, self.store)}  # the page does not
        else:
            from companion.ui.web.seats import with_seats

            document = with_seats(self.store, document, self.base)
        with self.changed:
            if (code, document) != (self.code, self.document):
                self.code, self.document = code, document
                self.version += 1
                self.wake()

    @property
    def base(self) -> str:
        """Where the seats' links point: this machine on the room's network, when it is
        served there (`--lan`), else this computer only."""
        lan = [n for n in self.names if n not in guard.LOOPBACK]
        return base_url(lan[0] if lan else None, self.port)

    def wake(self) -> None:
        """Wake every waiting stream (the caller holds `changed`)."""
        self.changed.notify_all()
        for waker in self.wakers:
            with contextlib.suppress(OSError):  # its buffer is full: it is awake already
                waker.send(b"!")

    def watch(self) -> None:
        """The watcher thread: refresh whenever the database file changes."""
        seen: Any = object()
        while not self.stopping.is_set():
            now = change_stamp(self.store)
            if now != seen:
                seen = now
                self.refresh()
            self.stopping.wait(POLL_S)


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
        # The room reads no command: the hint to type one is the terminal's.
        return 404, {"waiting": str(err), **last_play(store, game)}


def last_play(store: Store, game: str | None) -> dict[str, Any]:
    """With nothing live: the play finished last, its final board (`final`), its BG Stats
    link and that link as a QR code (an SVG data URI) for a phone to scan; nothing when
    there is no play."""
    from companion.history.bgstats import link_of
    from companion.ui.qr import qr_data_uri
    from companion.ui.web.final import final_board

    try:
        match, url = link_of(store, game=game)
    except CompanionError:
        return {}
    return {
        "final": final_board(store, match),
        "last_play": {
            "id": match["id"],
            "game": match["game"],
            "url": url,
            "qr": qr_data_uri(url),
        },
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
    from companion.ui.web.kit import with_kit

    shell = resources.files("companion.ui.web").joinpath("scoreboard.html").read_text("utf-8")
    return with_kit(shell).replace(BOARDS, "\n".join(boards())).encode("utf-8")


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
        if parsed and self.request_version == "HTTP/0.9":  # no browser sends it
            self.send_error(HTTPStatus.BAD_REQUEST)
            return False
        return parsed

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The standard library's errors (a malformed request line, headers too long, …) with
        the headers of every other answer. Its own would answer a request line it could not
        read in HTTP/0.9 style: a page of HTML with no status line and no headers at all."""
        self.request_version = "HTTP/1.1"
        self.close_connection = True
        try:
            phrase = HTTPStatus(code).phrase.lower()
        except ValueError:
            phrase = "error"
        self._send(code, f"{phrase}\n".encode(), close=True)

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
        if url.path.startswith(seats.PREFIX):  # a seat's token is its own key
            seats.get(self, url.path)
            return
        if self.board.token is not None:
            given = parse_qs(url.query).get("token", [""])[0]
            # Bytes: compare_digest refuses a str that is not ASCII (with a TypeError).
            if not secrets.compare_digest(given.encode(), self.board.token.encode()):
                # closed: a client without the token keeps no connection open by asking again
                self.close_connection = True
                self._send(
                    HTTPStatus.FORBIDDEN,
                    b"forbidden: this scoreboard needs its token\n",
                    close=True,
                )
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

    def do_POST(self) -> None:  # noqa: N802 - only a seat's move changes anything
        if not self._host_known():
            return
        if self.command == "POST" and urlsplit(self.path).path.startswith(seats.PREFIX):
            seats.post(self, urlsplit(self.path).path)
            return
        self.close_connection = True  # any body it sent is left unread
        self._send(HTTPStatus.METHOD_NOT_ALLOWED, b"read-only\n", allow="GET")

    do_PUT = do_DELETE = do_PATCH = do_POST  # noqa: N815

    def _send(
        self,
        code: int,
        body: bytes,
        kind: str = "text/plain; charset=utf-8",
        allow: str = "",
        close: bool = False,
    ) -> None:
        self.send_response(code)
        if allow:
            self.send_header("Allow", allow)
        if close:
            self.send_header("Connection", "close")
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

    def _stream(
        self, render: Callable[[int, dict[str, Any]], dict[str, Any]] | None = None
    ) -> None:
        """Server-sent events: the state now, then each new state, with heartbeats, until
        the viewer leaves or guard.STREAM_S is up (the page then opens a new stream).
        `render(code, state)`: what each event carries (a seat's own state), else both.
        Its slot in the room is taken here, once the request is read and its token checked."""
        refused = self.server.stream()  # type: ignore[attr-defined]
        if refused is not None:
            self.close_connection = True
            self.wfile.write(refused)
            return
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        ends = time.monotonic() + guard.STREAM_S
        woken, waker = socket.socketpair()
        woken.setblocking(False)
        waker.setblocking(False)
        waiting = selectors.DefaultSelector()
        waiting.register(woken, selectors.EVENT_READ)
        waiting.register(self.connection, selectors.EVENT_READ)
        with self.board.changed:  # before the first read of the state: no change is missed
            self.board.wakers.add(waker)
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
                    shown = (
                        {"code": code, "state": document}
                        if render is None
                        else render(code, document)
                    )
                    payload = json.dumps(shown, ensure_ascii=False)
                    # The first event also says how soon to reconnect once the stream ends.
                    retry = f"retry: {guard.RETRY_MS}\n" if version == -1 else ""
                    version = current
                    self.wfile.write(f"data: {payload}\n{retry}\n".encode())
                else:
                    self.wfile.write(b": still here\n\n")
                self.wfile.flush()
                left = ends - time.monotonic()
                if left <= 0 or not self._await(waiting, woken, version, min(HEARTBEAT_S, left)):
                    return
        except OSError:
            return  # a viewer went away or stopped reading: nothing to do
        finally:
            with self.board.changed:
                self.board.wakers.discard(waker)
            waiting.close()
            woken.close()
            waker.close()

    def _await(
        self, waiting: selectors.BaseSelector, woken: socket.socket, version: int, timeout: float
    ) -> bool:
        """Wait for a new state, the timeout or the viewer leaving: False when it left.

        Waiting on the viewer's socket as well is what frees its slot the moment it closes
        its page; waiting on the change alone would only notice at the next failed write.
        """
        until = time.monotonic() + timeout
        while True:
            with self.board.changed:
                if self.board.version != version or self.board.stopping.is_set():
                    return True
            left = until - time.monotonic()
            if left <= 0:
                return True
            for key, _ in waiting.select(left):
                if key.fileobj is woken:
                    while _drained(woken):
                        pass
                elif not self.connection.recv(4096):  # the end of the stream: it has gone
                    return False


def _drained(sock: socket.socket) -> bool:
    """Read what `sock` holds; True while there may be more."""
    try:
        return bool(sock.recv(4096))
    except BlockingIOError:
        return False


def _json(document: dict[str, Any]) -> bytes:
    return (json.dumps(document, ensure_ascii=False) + "\n").encode()


Server = guard.GuardedServer


def serve(board: Board, host: str, port: int) -> Server:
    """Bind and start serving in background threads; the caller waits and calls stop()."""
    handler = type("BoundHandler", (Handler,), {"board": board})
    server = Server((host, port), handler)
    board.port = server.server_address[1]
    board.hosts = guard.allowed_hosts(board.names, board.port)
    board.refresh()
    threading.Thread(target=board.watch, name="watcher", daemon=True).start()
    # shutdown() waits for the serving loop's next poll: a twentieth of a second, not the
    # default half, so stop() (Ctrl-C on watch --web) returns at once
    threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="server", daemon=True
    ).start()
    return server


def stop(board: Board, server: Server) -> None:
    board.stopping.set()
    with board.changed:
        board.wake()
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


def base_url(lan: str | None, port: int) -> str:
    return f"http://{lan or '127.0.0.1'}:{port}"


def seat_base(port: int) -> str:
    """Where a seat's link points when `watch --web --lan` serves on `port`."""
    return base_url(lan_address(), port)


def wait_forever(board: Board) -> None:
    while not board.stopping.is_set():
        time.sleep(0.5)
