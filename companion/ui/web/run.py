"""Start the scoreboard server, say where it is, and serve until Ctrl-C."""

from __future__ import annotations

import errno
import secrets
import sys

from companion.engine.errors import BadInput
from companion.store import Store
from companion.ui.console import safe
from companion.ui.web.guard import LOOPBACK
from companion.ui.web.server import Board, lan_address, serve, stop, wait_forever


def run(store: Store, game: str | None, port: int, lan: bool) -> None:
    if not 1 <= port <= 65535:
        raise BadInput(f"--port must be 1 to 65535 (got {port})")
    store.check_folder()
    token = secrets.token_urlsafe(12) if lan else None
    found = lan_address() if lan else None
    names = (*LOOPBACK, found) if found else LOOPBACK
    board = Board(store, game, token=token, names=names, on_error=_say_error)
    host = "0.0.0.0" if lan else "127.0.0.1"
    try:
        server = serve(board, host, port)
    except OSError as err:
        if err.errno == errno.EADDRINUSE:
            raise BadInput(
                f"port {port} is taken", hint=f"try 'companion watch --web --port {port + 1}'"
            ) from None
        raise BadInput(f"cannot serve on port {port}: {err.strerror or err}") from None
    where = found or "127.0.0.1"
    url = f"http://{where}:{server.server_address[1]}/" + (f"?token={token}" if token else "")
    out = sys.stdout
    out.write(f"Scoreboard at {url}\n")
    if lan and found:
        out.write("Anyone on this network with the link (or the QR code) can watch:\n")
        _qr(url)
    elif lan:
        out.write(
            "No address on the local network was found for this computer, so only this "
            "computer can open the link; connect it to the room's network and start again.\n"
        )
    out.write("Ctrl-C stops.\n")
    out.flush()
    try:
        wait_forever(board)
    except KeyboardInterrupt:
        pass
    finally:
        stop(board, server)


def _qr(url: str) -> None:
    from companion.ui.qr import draw_qr

    draw_qr(url)


def _say_error(line: str) -> None:
    sys.stderr.write(f"error: {safe(line)}\n")
    sys.stderr.flush()
