"""The application layer: everything a table does with a live game, for every game.

Faces (the CLI, guided play, the demo, watch and the menu) call these tables
and never the store. `table_for(store, game)` finds a game's table by name.
"""

from __future__ import annotations

import importlib
from typing import Any

from companion.engine.errors import BadInput
from companion.store import Store

# game -> the module of companion.tables holding its table, as `TABLES = {game: class}`;
# imported on use, so a command pays only for its own game.
MODULES = {
    "hoopers": "hoopers",
    "series": "series",
    "allstar": "allstar",
    "playlist": "playlist",
    "playlist-solo": "playlist",
    "otdraft": "otdraft",
    "table": "rolloff",
}


class NoTable(BadInput):
    """A game the companion cannot track."""


def table_for(store: Store, game: str) -> Any:
    """The table of `game` over `store`."""
    module = MODULES.get(game)
    if module is None:
        raise NoTable(f"the companion does not track '{game}'")
    return importlib.import_module(f"companion.tables.{module}").TABLES[game](store)


def live_matches(store: Store) -> list[dict[str, Any]]:
    """Every live match (one being finished no longer counts), oldest first."""
    from companion.store.archive import live_matches as every_live

    found = [m for m in every_live(store) if "finishing" not in m]
    return sorted(found, key=lambda m: m.get("created", ""))


def status_of(store: Store, match: dict[str, Any]) -> Any:
    """A live match's status: its table's, or a plain one for a game this companion
    does not track (a match written by a newer companion, say)."""
    if match["game"] not in MODULES:
        from companion.tables.base import Status

        count = len(match.get("events", []))
        return Status(
            id=match["id"],
            game=match["game"],
            status=match.get("status", "live"),
            players=tuple(match["players"]),
            scores={p: None for p in match["players"]},
            next=f"{count} event{'' if count == 1 else 's'} recorded",
            state=match,
            detail={"events": count, "updated": match.get("updated")},
            updated=match.get("updated"),
        )
    return table_for(store, match["game"]).status(match)


def live_statuses(store: Store) -> list[Any]:
    """The status of every live match, oldest first."""
    return [status_of(store, m) for m in live_matches(store)]


SERIES = "series"


def live_status(store: Store, game: str) -> Any | None:
    """The status of `game`'s live match (or of the Series in progress), None if there is none."""
    if game == SERIES:
        table = table_for(store, SERIES)
        return table.status() if table.live() is not None else None
    match = store.live_match(game)
    return status_of(store, match) if match is not None else None


def current_status(store: Store, game: str) -> Any:
    """Like `live_status`, refusing (RuleViolation) when nothing of `game` is live."""
    if game == SERIES:
        return table_for(store, SERIES).status()
    return status_of(store, store.current_match(game))


def change_stamp(store: Store) -> tuple[int, int, int] | None:
    """Changes whenever anything is recorded: the main file is replaced whole on every write."""
    try:
        info = store.path.stat()
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size, info.st_ino)
