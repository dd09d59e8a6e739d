"""The order matches were recorded in, for `history undo`.

A match's dates say when it was played (a game logged days later, a backup imported
from another table), not when it came into this database; undo takes back the one
that came in last. So every transaction that files a match in the archive appends its
id here, in the main file, in the same transaction. Only the latest are kept: undo
walks back one match at a time, and a database from before this list falls back on
the matches' own dates.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

TABLE = "recorded"
KEY = "ids"
KEPT = 100


def recorded_ids(db: Any) -> list[str]:
    """The ids filed most recently, oldest first (whatever a hand edit left is ignored)."""
    from tinydb import Query

    found = db.table(TABLE).get(Query().key == KEY)
    value = found.get("value") if found is not None else None
    return [i for i in value if isinstance(i, str)] if isinstance(value, list) else []


def note_recorded(db: Any, ids: Iterable[str]) -> None:
    """`ids` were filed now, in this order (inside the transaction that files them)."""
    new = list(ids)
    if new:
        _set(db, [i for i in recorded_ids(db) if i not in set(new)] + new[-KEPT:])


def forget_recorded(db: Any, match_id: str) -> None:
    """`match_id` left the archive (undone or deleted)."""
    held = recorded_ids(db)
    if match_id in held:
        _set(db, [i for i in held if i != match_id])


def _set(db: Any, ids: list[str]) -> None:
    from tinydb import Query

    db.table(TABLE).upsert({"key": KEY, "value": ids[-KEPT:]}, Query().key == KEY)
