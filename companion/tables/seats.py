"""A seat per player of a live game: the player's own link, and what it shows and takes.

A match gets its seats in the transaction that starts it (`Store.start_match`: an
unguessable token per player, 128 bits, new for each game); the one that files or abandons
it closes them (companion.store.seats), so a seat takes moves only while its game is live,
and once it is over says how it ended (`SeatClosed`) until the next match of that game
starts. A match made live again (an undo from the archive) or started by an older
companion gets new seats the first time they are asked for, in a transaction of their own;
its closed ones stay closed.

A seat's state is what its player's page shows: the public board, the player's own
information (`Table.own`: a hand, a pick; never another's) and the moves the legal-moves
query offers that player now, with `seen`, the number of moves made so far, which a move
from the page carries back (`Table.make` refuses it once the game has moved on in a way that
changes what that player may do: `Table.unchanged_for`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.engine.errors import RuleViolation

if TYPE_CHECKING:
    from collections.abc import Mapping

    from companion.store import Store


@dataclass(frozen=True)
class Seat:
    """One player's seat at one live match."""

    player: str
    token: str
    game: str
    match: str

    def url(self, base: str) -> str:
        return f"{base.rstrip('/')}/seat/{self.token}"

    def to_json(self, base: str) -> dict[str, str]:
        return {"player": self.player, "token": self.token, "url": self.url(base)}


class SeatGone(RuleViolation):
    """A token that opens no live game's seat (never one, or its game was filed)."""


class SeatClosed(SeatGone):
    """A seat of a game that was filed (`status` "finished") or abandoned: it opens no
    move, and says how its game ended."""

    def __init__(self, seat: Seat, status: str) -> None:
        said = "is filed" if status == "finished" else "was abandoned"
        super().__init__(f"the game {said}: nothing more is played at this seat")
        self.seat = seat
        self.status = status


def seats_of(store: Store, match: Mapping[str, Any]) -> list[Seat]:
    """The seats of live `match`, one per player in seating order (made now if it has none)."""
    from companion.store.layout import SEATS
    from companion.store.live import new_seats

    tokens = store.get_doc(SEATS, match["id"])
    if not _whole(tokens, match["players"]):

        def made(found: Any) -> Any:
            return found if _whole(found, match["players"]) else new_seats(match["players"])

        with store.transaction() as db:  # only while the match is still live
            from tinydb import Query

            from companion.store.layout import LIVE

            if not db.table(LIVE).contains(Query().id == match["id"]):
                raise SeatGone(f"{match['game']} match {match['id']} is no longer live")
            table = db.table(SEATS)
            row = table.get(Query().key == match["id"])
            tokens = made(row["value"] if row is not None else None)
            table.upsert({"key": match["id"], "value": tokens}, Query().key == match["id"])
    return [Seat(p, tokens[p], match["game"], match["id"]) for p in match["players"]]


def _whole(tokens: Any, players: list[str]) -> bool:
    return isinstance(tokens, dict) and all(isinstance(tokens.get(p), str) for p in players)


def find_seat(store: Store, token: str) -> Seat:
    """The seat `token` opens, at a match that is live now; SeatClosed when it is a seat of
    a game over (filed or abandoned), SeatGone otherwise. Every kept token, live or closed,
    is compared in constant time (a wrong guess learns nothing from the clock)."""
    from tinydb import Query

    from companion.store.layout import CLOSED_SEATS, LIVE, SEATS

    given = token.encode()
    found = None
    snapshot = store.snapshot()
    for kind in (SEATS, CLOSED_SEATS):
        for row in snapshot.table(kind).all():
            for player, kept in _tokens_of(row.get("value"), live=kind == SEATS).items():
                if isinstance(kept, str) and secrets.compare_digest(given, kept.encode()):
                    found = (kind, row, player)
    if found is not None:
        kind, row, player = found
        match = snapshot.table(LIVE).get(Query().id == row.get("key"))
        if kind == SEATS:
            if match is not None and "finishing" not in match and player in match["players"]:
                return Seat(player, token, match["game"], match["id"])
        elif match is None:  # over, and not made live again (its new seats are new links)
            closed = row["value"]
            seat = Seat(player, token, str(closed.get("game")), str(row.get("key")))
            raise SeatClosed(
                seat, "finished" if closed.get("status") == "finished" else "abandoned"
            )
    raise SeatGone("this seat's game is over or was never here: ask the table for a new link")


def _tokens_of(value: Any, live: bool) -> dict[str, Any]:
    """A kept row's tokens by player: a live seat's value is them, a closed one holds them."""
    tokens = value if live else value.get("seats") if isinstance(value, dict) else None
    return tokens if isinstance(tokens, dict) else {}


def closed_seat(store: Store, seat: Seat) -> SeatClosed | None:
    """`seat` closed, when its match was filed or abandoned since it was found live."""
    try:
        find_seat(store, seat.token)
    except SeatClosed as closed:
        return closed if closed.seat == seat else None
    except SeatGone:
        return None
    return None


def current_match(store: Store, seat: Seat) -> dict[str, Any]:
    """The live match `seat` belongs to, while it is its game's current one."""
    match = store.live_match(seat.game)
    if match is None or match["id"] != seat.match:
        waiting = store.waiting_match(seat.game)
        if waiting is not None and waiting["id"] == seat.match:
            raise SeatGone(f"{seat.game} match {seat.match} waits while another is played")
        closed = closed_seat(store, seat)
        if closed is not None:
            raise closed
        raise SeatGone("this seat's game is over: ask the table for a new link")
    return match


def seat_state(store: Store, seat: Seat) -> dict[str, Any]:
    """What `seat`'s page shows: the public board, its player's own information and moves."""
    from companion.engine.moves import legal
    from companion.tables import table_for

    table = table_for(store, seat.game)
    match = current_match(store, seat)
    state = table.fold(match)
    # The moves as the table completes them (a deal from its box), as `Table.make` tries
    # them: what the page offers is what a tap makes.
    answer = legal(table.rules, match, seat.player, state, table.events_of)
    return {
        "player": seat.player,
        "game": seat.game,
        "match": seat.match,
        "seen": answer.seen,
        "moves": [{"move": m.to_json(), "label": m.words} for m in answer.moves],
        "board": table.status_of(match, state).to_json(),
        "own": table.own(state, seat.player),
    }


def make_move(store: Store, seat: Seat, body: Any) -> dict[str, Any]:
    """Make the move a page sent (`{"move", "filled", "seen"}`, hostile) as `seat`'s player,
    in one transaction with every check the CLI makes; the seat's state after it."""
    from companion.engine.errors import BadInput
    from companion.engine.moves import from_json
    from companion.tables import table_for

    if not isinstance(body, dict) or set(body) - {"move", "filled", "seen"}:
        raise BadInput('a move is {"move": …, "filled": {…}, "seen": N}')
    seen = body.get("seen")
    if isinstance(seen, bool) or not isinstance(seen, int) or seen < 0:
        raise BadInput("a move says how many moves its page has seen (a whole number)")
    match = current_match(store, seat)
    move_doc = body.get("move")
    if isinstance(move_doc, dict):
        move_doc = {**move_doc, "filled": body.get("filled", {})}
        move_doc.pop("asks", None)  # what was asked is the query's, not the page's
    move, filled = from_json(move_doc, match["players"])
    table = table_for(store, seat.game)
    made = table.make(move, filled, seen=seen, by=seat.player, match_id=seat.match)
    if made.match.get("status", "live") != "live":  # the move filed the game (the last total)
        return {
            "player": seat.player,
            "game": seat.game,
            "match": seat.match,
            "seen": len(made.match["events"]),
            "moves": [],
            "board": made.status.to_json(),
            "own": {},
            "closed": made.match["status"],  # a face shows how it ended (SeatClosed)
        }
    return seat_state(store, seat)
