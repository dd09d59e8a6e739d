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


def live_statuses(store: Store) -> list[Any]:
    """The status of every live match, oldest first."""
    return [table_for(store, m["game"]).status(m) for m in live_matches(store)]
