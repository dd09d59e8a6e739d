"""The application layer: everything a table does with a live game, for every game.

Faces (the CLI, guided play, the demo, watch and the menu) call these tables
and never the store. `table_for(store, game)` finds a game's table by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.engine.errors import BadInput

if TYPE_CHECKING:
    from datetime import datetime

    from companion.history.log import LogRequest
    from companion.store import Store
    from companion.tables.base import LoggedGame

# The roll-off for who starts (`companion first-player --record`) is the table's own, not a
# game's; every game's tables are named by its spec (`Kind.table`) and imported on use, so a
# command pays only for its own game.
ROLL_OFF = ("table", "companion.tables.rolloff:RollOffTable")


class NoTable(BadInput):
    """A game the companion cannot track."""


def table_for(store: Store, game: str) -> Any:
    """The table of `game` over `store`."""
    from companion.engine.spec import load

    target = table_target(game)
    if target is None:
        raise NoTable(f"the companion does not track '{game}'")
    return load(target)(store)


def table_target(game: str) -> str | None:
    """ "module:Class" of `game`'s table (its spec's), None for a game nobody tracks."""
    if game == ROLL_OFF[0]:
        return ROLL_OFF[1]
    from companion import registry

    kind = registry.kind(game)
    return kind.table if kind is not None else None


def log_game(store: Store, request: LogRequest, now: datetime | None = None) -> LoggedGame:
    """`companion log` (and guided play's "log a finished game"): the table of the game
    `request` names (a name or unique prefix) files it with its `log` verb (`Table.log`)."""
    from companion.history.log import resolve_loggable

    game = resolve_loggable(request.game)
    if table_target(game) is None:  # a game only logged, never tracked: its logbook files it
        from companion.tables.base import Logbook

        return Logbook(store, game).log(request, now)
    return table_for(store, game).log(request, now)


def own_document_kinds() -> list[str]:
    """Tables that keep their own document rather than a live match (the Series)."""
    from companion import registry

    return [k.key for k in registry.kinds() if k.own_document and k.table]


def live_matches(store: Store) -> list[dict[str, Any]]:
    """Every live match (one being finished no longer counts), oldest first."""
    from companion.store.archive import live_matches as every_live

    found = [m for m in every_live(store) if "finishing" not in m]
    return sorted(found, key=lambda m: m.get("created", ""))


def waiting_ids(store: Store) -> set[str]:
    """The ids of live matches that wait while another match of their game is played."""
    from companion.store.layout import WAITING

    return {m["id"] for m in live_matches(store) if m.get(WAITING)}


def status_of(store: Store, match: dict[str, Any]) -> Any:
    """A live match's status: its table's, or a plain one for a game this companion
    does not track (a match written by a newer companion, say)."""
    if table_target(match["game"]) is None:
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


def live_status(store: Store, game: str) -> Any | None:
    """The status of `game`'s live match (or of the Series in progress), None if there is none."""
    if game in own_document_kinds():
        table = table_for(store, game)
        return table.status() if table.live() is not None else None
    match = store.live_match(game)
    return status_of(store, match) if match is not None else None


def current_status(store: Store, game: str) -> Any:
    """Like `live_status`, refusing (RuleViolation) when nothing of `game` is live."""
    from companion.tables.base import hints

    @hints
    def current() -> Any:
        return store.current_match(game)

    if game in own_document_kinds():
        return table_for(store, game).status()
    return status_of(store, current())


def documents_in_progress(store: Store) -> list[Any]:
    """The status of each table that keeps its own document and has one in progress."""
    from companion.engine.errors import CompanionError

    found = []
    for game in own_document_kinds():
        try:
            table = table_for(store, game)
            if table.live() is not None:
                found.append(table.status())
        except CompanionError:  # an unreadable document: show what is live
            continue
    return found


def rename_in_documents(store: Store) -> Callable[[Any, Callable[[str], str | None]], None]:
    """What respells a renamed player in the documents tables keep of their own (a Series'
    managers), in the rename's transaction: each such table's `rename_players(txn, rename)`."""

    def respell(txn: Any, rename: Callable[[str], str | None]) -> None:
        for game in own_document_kinds():
            hook = getattr(table_for(store, game), "rename_players", None)
            if hook is not None:
                hook(txn, rename)

    return respell


def documents_so_far(store: Store) -> list[dict[str, Any]]:
    """Each own-document table's document in progress as history will file it (its `so_far`),
    so `history chart ID` draws a Series while it is played."""
    from companion.engine.errors import CompanionError

    found = []
    for game in own_document_kinds():
        so_far = getattr(table_for(store, game), "so_far", None)
        try:
            doc = so_far() if so_far is not None else None
        except CompanionError:  # an unreadable document: history shows what it can
            continue
        if doc is not None:
            found.append(doc)
    return found


def change_stamp(store: Store) -> tuple[int, int, int] | None:
    """Changes whenever anything is recorded: the main file is replaced whole on every write."""
    try:
        info = store.path.stat()
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size, info.st_ino)
