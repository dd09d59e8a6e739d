"""The seats of a match no longer live: kept, so that its players' phones say how it ended.

A live match's seats (`SEATS`) are copied to `CLOSED_SEATS` in the transaction that files
or abandons it (`Store._file`), with its game and how it ended, so the phones of a filed
game say so in the same write that files it: never a filed match whose seats say nothing.
They stay until the next match of that game starts (`Store.start_match` drops them in its
own transaction), so at most the last finished match of each game keeps them (two while
one waited for another): a few tokens per game, in the main file every move rewrites.

A closed seat opens no move: the tables layer (companion.tables.seats) answers its token
with how its game ended, and nothing else.
"""

from __future__ import annotations

from typing import Any

from companion.store.layout import CLOSED_SEATS, SEATS


def close_seats(db: Any, match: dict[str, Any], status: str) -> None:
    """Keep live `match`'s seats as closed with `status` ("finished", "abandoned"), inside
    the caller's transaction (the live ones go with the match)."""
    if SEATS not in db.tables():
        return
    from tinydb import Query  # only a write that files: a move's path loads no tinydb

    row = db.table(SEATS).get(Query().key == match["id"])
    if row is None or not isinstance(row.get("value"), dict):
        return
    closed = {"game": match["game"], "status": status, "seats": row["value"]}
    db.table(CLOSED_SEATS).upsert({"key": match["id"], "value": closed}, Query().key == match["id"])


def drop_closed_seats(db: Any, game: str) -> None:
    """Drop the closed seats of `game`'s matches (and any malformed row), inside the
    caller's transaction: a new match of the game has seats of its own."""
    if CLOSED_SEATS not in db.tables():
        return
    table = db.table(CLOSED_SEATS)
    gone = [
        row.doc_id
        for row in table.all()
        if not isinstance(row.get("value"), dict) or row["value"].get("game") == game
    ]
    if gone:
        table.remove(doc_ids=gone)
