"""The status of a live match kept with it, so that `status` neither loads the game nor
replays it.

`status` is the command a table types most, and drawing it from the events means importing
the game's rules and folding the whole match. So each write of a live match (its start,
each move, each undo) keeps beside it, in the same transaction (companion.store.kept), the
status as the `status` command prints it: the `--json` document (`Status.to_json()` of a
plain read) and the drawing of the kind's renderer (companion.ui.drawn). `status` reads
the database as plain JSON and prints what was kept when it was made from the match as it
is now; otherwise — nothing kept, a stale or malformed value, a file the store must read
itself (a change half done, another machine's file, another schema) — it replays the match
as it always did. Both ways print the same bytes: the kept drawing is the renderer's own
calls, made again on the console at hand.

A kind takes part when its spec says so (`Kind.keeps_status`): its renderer draws the
status from the status alone, through `out.print` of text and `companion.ui.console`
Tables (a renderer that does more is simply not kept). A kind without it works as before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

VERSION = 2  # the kept value's shape: raised when it changes, so older values are not read
# 2: text and markup kept apart (companion.ui.drawn), styles only the console's own


def keepable(game: str) -> Any | None:
    """The spec's kind of `game` when its status is kept, else None."""
    from companion import registry

    kind = registry.kind(game)
    if kind is None or not kind.keeps_status or not kind.renderer or kind.own_document:
        return None
    return kind


def kept(game: str, status: Any) -> dict[str, Any] | None:
    """What to keep beside the match `status` was made from (None: nothing, for this game)."""
    kind = keepable(game)
    if kind is None:
        return None
    from companion.engine.spec import load
    from companion.ui.drawn import drawing

    drawn = drawing(load(kind.renderer), status)
    if drawn is None:
        return None
    return {"v": VERSION, "json": status.to_json(), "drawn": drawn}


class Shown:
    """A live match's status as kept: `json` is `status --json`, `draw(out)` the renderer's
    drawing of it."""

    def __init__(self, json: dict[str, Any], drawn: list[Any]) -> None:
        self.json = json
        self.drawn = drawn

    def draw(self, out: Any) -> None:
        from companion.ui.drawn import draw

        draw(out, self.drawn)


def shown(path: Path, game: str) -> Shown | None:
    """The kept status of `game`'s current live match in the database at `path`, if it was
    made from that match as it is now (None: read the match instead)."""
    if keepable(game) is None:
        return None
    from companion.store.kept import kept as kept_value
    from companion.store.peek import Peek

    found = kept_value(Peek(path).main, game)
    if found is None:
        return None
    match, value = found
    if not isinstance(value, dict) or value.get("v") != VERSION:
        return None
    payload = value.get("json")
    if not isinstance(payload, dict) or payload.get("id") != match["id"]:
        return None
    from companion.ui.drawn import checked

    drawn = checked(value.get("drawn"))
    return Shown(payload, drawn) if drawn is not None else None
