"""The Series' `status` and `odds` kept, so that asking again loads neither the Series nor
its managers' ratings.

A Series' status is replayed from its document and its games, and its odds come from the
two managers' ratings, made from every match in history: neither can be kept with the
Series document, as a match's status is kept with the match. Each is kept instead as an
answer under the digest of the whole database (companion.tables.answers): the Series and
every other document, the live matches (less their moves: a friendly's move changes
neither), every archive file's signature. A Series game recorded, amended or undone, a
tracked game ended, a match filed, amended or deleted anywhere, a rename: each changes
that digest, and the next `status` or `odds` makes its answer again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

STATUS = "hoopers.series-status"
ODDS = "hoopers.series-odds"
VERSION = 1  # raised when what `status` or `odds` prints changes


def status(path: Path, table_of: Callable[[], Any]) -> tuple[dict[str, Any], Any]:
    """`series status`: (its JSON document, how it is drawn), kept under the digest of the
    database at `path`, else made by the Series table `table_of()` gives (and kept)."""
    key = digest(path, STATUS)  # before anything is read
    kept = kept_status(path, key)
    if kept is not None:
        return kept.json, kept.draw
    table = table_of()
    made = table.status()
    keep_status(table.store, key, made)
    from companion.games.hoopers.series_render import render_status

    return made.to_json(), lambda out: render_status(out, made)


def odds(
    path_of: Callable[[], Path], typed: tuple[str | None, ...], table_of: Callable[[], Any]
) -> tuple[dict[str, Any], str]:
    """`series odds`: (its JSON document, its line). From the ratings (no chance `typed`)
    it is kept under the digest of the database `path_of()` gives; else made."""
    key = None
    if all(chance is None for chance in typed):  # from the ratings: kept
        path = path_of()
        key = digest(path, ODDS)  # before anything is read
        kept = kept_odds(path, key)
        if kept is not None:
            return kept
    table = table_of()
    found = table.odds(*table.chances(*typed))
    if key is not None:
        keep_odds(table.store, key, found)
    return found.to_json(), found.line()


def digest(path: Path, name: str) -> str | None:
    from companion.tables.answers import key

    return key(path, name, VERSION)


def kept_status(path: Path, key: str | None) -> Any:
    """The kept `series status` (a `tables.shown.Shown`) under `key`, else None."""
    from companion.tables.answers import found

    value = found(path, STATUS, key)
    if not isinstance(value, dict) or not isinstance(value.get("json"), dict):
        return None
    from companion.tables.shown import Shown
    from companion.ui.drawn import checked

    drawn = checked(value.get("drawn"))
    return Shown(value["json"], drawn) if drawn is not None else None


def keep_status(store: Any, key: str | None, status: Any) -> None:
    """Keep `status` under `key`, unless making it warned (a kept answer would not say the
    warning again: it is said each time, as history's kept answers do)."""
    if store.warned():
        return
    from companion.games.hoopers.series_render import render_status
    from companion.tables.answers import keep
    from companion.ui.drawn import drawing

    drawn = drawing(render_status, status)
    if drawn is not None:
        keep(store, STATUS, key, {"json": status.to_json(), "drawn": drawn})


def kept_odds(path: Path, key: str | None) -> tuple[dict[str, Any], str] | None:
    """The kept `series odds` (its JSON document and its line) under `key`, else None."""
    from companion.tables.answers import found

    value = found(path, ODDS, key)
    if not isinstance(value, dict):
        return None
    doc, line = value.get("json"), value.get("line")
    return (doc, line) if isinstance(doc, dict) and isinstance(line, str) else None


def keep_odds(store: Any, key: str | None, odds: Any) -> None:
    if store.warned():  # (as keep_status)
        return
    from companion.tables.answers import keep

    keep(store, ODDS, key, {"json": odds.to_json(), "line": odds.line()})
