"""A player's seat on the room's server: their phone's page, its state, and their moves.

Routes (the seat's token is the whole key; the board's own token is not asked for):
`GET /seat/TOKEN` the phone's page, `GET /seat/TOKEN/state` its state (JSON),
`GET /seat/TOKEN/events` the stream of its states, `POST /seat/TOKEN/move` a move.

A move is small JSON (`{"move", "filled", "seen"}`, at most MAX_BODY bytes, typed
application/json, from no other site's page: an Origin, when sent, must be this server's)
made through the table layer in one transaction with the CLI's checks: 200 and the new
state; 400 a bad body; 403 another player's move; 404 a token that opens no seat;
409 a stale page or a move not legal now, with the current state; 410 a seat of a game
over (filed or abandoned), with how it ended; 413, 415, 429 as said. Every refusal is one
readable sentence (`error`) for the phone, and writes nothing.

A seat of a game over shows how it ended (`closed_state`: the result as the room's final
board shows it) and nothing else: no move, nothing that was its player's own.

A token is checked before anything else is read or held: a wrong one is answered at once
and its connection closed. A seat holds at most STREAMS_PER_SEAT streams; a seat and an
address make at most so many requests a minute (`Limits`).
"""

from __future__ import annotations

import functools
import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from importlib import resources
from typing import Any

PREFIX = "/seat/"
ROUTE = re.compile(r"/seat/([A-Za-z0-9_-]{16,64})(/state|/events|/move)?")
MAX_BODY = 4096  # a move with its values is a few hundred bytes
STREAMS_PER_SEAT = 3  # a phone's page, a reload, a second browser of the same player
WINDOW_S = 60.0
PER_SEAT = 120  # requests a minute: two a second, far above any thumb
PER_ADDRESS = 600  # a room's phones behind one router share an address


@dataclass
class Limits:
    """Open streams per seat, and recent requests per seat and per address."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    streams: dict[str, int] = field(default_factory=dict)
    recent: dict[str, deque[float]] = field(default_factory=dict)

    def allow(self, *keys: str) -> bool:
        """Count a request against each of `keys` ("seat:…", "address:…"); False (and
        nothing counted) when one of them is over its share."""
        now = time.monotonic()
        with self.lock:
            for key in keys:
                times = self.recent.setdefault(key, deque())
                while times and times[0] <= now - WINDOW_S:
                    times.popleft()
                if len(times) >= (PER_SEAT if key.startswith("seat:") else PER_ADDRESS):
                    return False
            for key in keys:
                self.recent[key].append(now)
            return True

    def open_stream(self, token: str) -> bool:
        with self.lock:
            if self.streams.get(token, 0) >= STREAMS_PER_SEAT:
                return False
            self.streams[token] = self.streams.get(token, 0) + 1
            return True

    def close_stream(self, token: str) -> None:
        with self.lock:
            left = self.streams.pop(token) - 1
            if left:
                self.streams[token] = left


def get(handler: Any, path: str) -> None:
    """A GET at a seat: its page, its state or its stream."""
    seat, part = _seat(handler, path)
    if seat is None:
        return
    shown = _shown(handler.board.store, seat)
    if part == "/move":
        _answer(handler, HTTPStatus.METHOD_NOT_ALLOWED, {"error": "a move is sent with POST"})
    elif part == "":
        handler._send(HTTPStatus.OK, page(), "text/html; charset=utf-8")
    elif part == "/state":
        found = shown()
        if "state" in found:
            _answer(handler, HTTPStatus.OK, found["state"])
        else:
            _answer(handler, HTTPStatus.NOT_FOUND, {"error": found["gone"]})
    else:
        _events(handler, getattr(seat, "seat", seat).token, shown)


def _shown(store: Any, seat: Any) -> Callable[[], dict[str, Any]]:
    """What `seat`'s page shows now, {"state": ...} or {"gone": why}, as a function (a
    stream asks it again at every change)."""
    from companion.tables.seats import SeatClosed

    if isinstance(seat, SeatClosed):
        # How it ended, and never its match's state: were the match made live again (an
        # undo from history), its moves and its player's own would be its new links' only.
        return lambda: {"state": closed_state(store, seat)}
    return lambda: _state_or_error(store, seat)


def post(handler: Any, path: str) -> None:
    """A move from a seat's page."""
    from companion.engine.errors import BadInput, CompanionError, NotYourMove, StoreError
    from companion.tables.seats import SeatClosed, SeatGone, make_move

    handler.close_connection = True  # whatever is refused, nothing more is read from it
    refused = _body_refused(handler)
    if refused is not None:
        _answer(handler, refused[0], {"error": refused[1]})
        return
    seat, part = _seat(handler, path)
    if seat is None:
        return
    if part != "/move":
        _answer(handler, HTTPStatus.METHOD_NOT_ALLOWED, {"error": "only a move is sent"})
        return
    store = handler.board.store
    if isinstance(seat, SeatClosed):  # its body is not even read: nothing is made
        _gone(handler, store, seat)
        return
    try:
        body = json.loads(handler.rfile.read(int(handler.headers["Content-Length"])))
    except (ValueError, UnicodeDecodeError):
        _answer(handler, HTTPStatus.BAD_REQUEST, {"error": "the move is not JSON"})
        return
    except OSError:
        return  # the phone went away mid-body: nothing was made
    try:
        state = make_move(store, seat, body)
        if "closed" in state:  # this move filed the game: the phone shows how it ended
            state = closed_state(store, SeatClosed(seat, state["closed"]))
    except SeatClosed as closed:  # filed or abandoned since the page was drawn
        _gone(handler, store, closed)
    except SeatGone as err:
        _answer(handler, HTTPStatus.NOT_FOUND, {"error": str(err)})
    except NotYourMove as err:
        _answer(handler, HTTPStatus.FORBIDDEN, {"error": str(err)})
    except BadInput as err:
        _answer(handler, HTTPStatus.BAD_REQUEST, {"error": str(err)})
    except StoreError as err:
        _answer(handler, HTTPStatus.SERVICE_UNAVAILABLE, {"error": "the table's file: " + str(err)})
    except CompanionError as err:  # stale, raced, or not legal now: here is the game now
        _answer(handler, HTTPStatus.CONFLICT, {"error": str(err), **_state_or_error(store, seat)})
    else:
        handler.board.refresh()  # the room's board hears of it now, not at its next look
        _answer(handler, HTTPStatus.OK, state)


def _seat(handler: Any, path: str) -> tuple[Any, str]:
    """The live seat the path names (a SeatClosed: a seat of a game over) and the route's
    part, or (None, "") once refused."""
    from companion.engine.errors import StoreError
    from companion.tables.seats import SeatClosed, SeatGone, find_seat

    found = ROUTE.fullmatch(path)
    if found is None:
        handler.close_connection = True
        _answer(handler, HTTPStatus.NOT_FOUND, {"error": "no such seat"})
        return None, ""
    token, part = found.group(1), found.group(2) or ""
    try:
        seat: Any = find_seat(handler.board.store, token)
    except SeatClosed as closed:
        seat = closed
    except SeatGone as err:
        handler.close_connection = True
        _answer(handler, HTTPStatus.NOT_FOUND, {"error": str(err)})
        return None, ""
    except StoreError:
        _answer(
            handler, HTTPStatus.SERVICE_UNAVAILABLE, {"error": "the table's file is unreadable"}
        )
        return None, ""
    limits = handler.board.seat_limits
    if not limits.allow(f"seat:{token}", f"address:{handler.client_address[0]}"):
        handler.close_connection = True
        _answer(handler, HTTPStatus.TOO_MANY_REQUESTS, {"error": "too many taps: wait a moment"})
        return None, ""
    return seat, part


def _body_refused(handler: Any) -> tuple[int, str] | None:
    """Why a move's request is refused before its body is read, if it is."""
    origin = handler.headers.get("Origin")
    if origin is not None and origin.lower().removeprefix("http://") not in handler.board.hosts:
        return HTTPStatus.FORBIDDEN, "a move is made from this table's own page"
    kind = (handler.headers.get("Content-Type") or "").split(";")[0].strip().lower()
    if kind != "application/json":
        return HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "a move is sent as JSON"
    if handler.headers.get("Transfer-Encoding"):
        return HTTPStatus.LENGTH_REQUIRED, "a move says its length"
    length = handler.headers.get("Content-Length", "")
    if not length.isdigit():
        return HTTPStatus.LENGTH_REQUIRED, "a move says its length"
    if int(length) > MAX_BODY:
        return HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"a move is at most {MAX_BODY} bytes"
    return None


def _state_or_error(store: Any, seat: Any) -> dict[str, Any]:
    """{"state": what live `seat`'s page shows now} (how its game ended, once it is over),
    or {"gone": why there is none}."""
    from companion.engine.errors import CompanionError
    from companion.tables.seats import SeatClosed, seat_state

    try:
        return {"state": seat_state(store, seat)}
    except SeatClosed as closed:
        return {"state": closed_state(store, closed)}
    except CompanionError as err:
        return {"gone": str(err)}


def _gone(handler: Any, store: Any, closed: Any) -> None:
    """A move at a seat of a game over: refused (410), with how the game ended."""
    state = closed_state(store, closed)
    _answer(handler, HTTPStatus.GONE, {"error": str(closed), "state": state})


def closed_state(store: Any, closed: Any) -> dict[str, Any]:
    """What the page of a seat of a game over shows (`closed`: companion.tables.seats.
    SeatClosed): how it ended and, filed, the result as the room's final board shows it
    (companion.ui.web.final); no move, and nothing that was its player's own."""
    from companion.engine.errors import CompanionError
    from companion.history.book import load
    from companion.ui.web.final import final_board

    seat, board, seen = closed.seat, None, 0
    try:
        match = load(store, seat.match)
        seen = len(match.get("events") or [])
        if closed.status == "finished":
            board = final_board(store, match)
    except (CompanionError, LookupError, TypeError, ValueError):
        pass  # deleted from history since, or unreadable: how it ended is still said
    decided = (board or {}).get("decided")
    if closed.status != "finished":
        said = "The game was abandoned: nothing was filed."
    elif decided and decided != "The game is filed":
        said = f"The game is filed: {decided}."
    else:
        said = "The game is filed: the table shows the result."
    return {
        "player": seat.player,
        "game": seat.game,
        "match": seat.match,
        "seen": seen,
        "moves": [],
        "board": board,
        "own": {},
        "closed": closed.status,
        "said": said,
    }


def _events(handler: Any, token: str, shown: Any) -> None:
    """The seat's state now and after every change (the board's own wake-ups): `shown()`,
    {"state": ...} or {"gone": why}."""
    limits = handler.board.seat_limits
    if not limits.open_stream(token):
        handler.close_connection = True
        _answer(handler, HTTPStatus.TOO_MANY_REQUESTS, {"error": "this seat is open elsewhere"})
        return
    try:
        handler._stream(lambda code, document: _event(shown()))
    finally:
        limits.close_stream(token)


def _event(found: dict[str, Any]) -> dict[str, Any]:
    return {"code": 200, **found} if "state" in found else {"code": 404, "error": found["gone"]}


def _answer(handler: Any, code: int, document: dict[str, Any]) -> None:
    body = (json.dumps(document, ensure_ascii=False) + "\n").encode()
    handler._send(code, body, "application/json", close=handler.close_connection)


def page() -> bytes:
    from companion.ui.web.kit import with_kit

    shell = resources.files("companion.ui.web").joinpath("seat.html").read_text("utf-8")
    return with_kit(shell).encode("utf-8")


# --- the room's board: the seats' QR codes at the start of a game ---------------------


def with_seats(store: Any, document: dict[str, Any], base: str) -> dict[str, Any]:
    """`document` (the room's board) with each seat's link and QR code while its game is at
    its start (nothing but what the table wrote to open it), so each player scans their own."""
    from companion.engine.errors import CompanionError
    from companion.tables import table_for, table_target
    from companion.tables.seats import seats_of

    game = document.get("game")
    if not isinstance(game, str) or "id" not in document or table_target(game) is None:
        return document
    try:
        match = store.live_match(game)
        if match is None or match["id"] != document["id"]:
            return document  # a document of its own (a Series): its games have the seats
        opening = table_for(store, game).opening
        if any(e["type"] not in opening for e in match["events"]):
            return document
        found = seats_of(store, match)
    except CompanionError:
        return document
    shown = [{"player": s.player, "url": s.url(base), "qr": qr(s.url(base))} for s in found]
    return {**document, "seats": shown}


@functools.lru_cache(maxsize=64)  # drawn once per link, not once per change
def qr(url: str) -> str:
    from companion.ui.qr import qr_data_uri

    return qr_data_uri(url)
