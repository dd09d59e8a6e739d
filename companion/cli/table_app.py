"""The commands every tracked game has — status, undo, end, abandon — written once.

`table_verbs(app, key)` adds them to a game's typer app from its spec's kind `key`: the
table (`Kind.table`) does the work, its renderer (`Kind.renderer`) draws the status. A
game gives only what is its own: each verb's help (`helps`), and where it draws a result
its own way, a "module:function(out, result)" (`views`, imported only to draw) or its own
JSON (`payloads`). `table_app(key, help)` is a new app with them, for a game whose
commands sit at its top (`companion coinrace status`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

import typer

from companion.cli.common import JsonOption, emit, new_app, open_store

VERBS = ("status", "undo", "end", "abandon")
HELPS = {
    "status": "Where the live game stands.",
    "undo": "Take back the last recorded move.",
    "end": "File the game in history once it is over.",
    "abandon": "Drop the live game (kept in history as abandoned).",
}


YesOption = Annotated[
    bool, typer.Option("--yes", "-y", help="Do not ask first (only a terminal is asked).")
]


def _kept(table: Any) -> bool:
    """A game is dropped at a terminal only once the table says so (its id, players):
    'abandon' ends something that cannot be taken back. Off a terminal it is dropped."""
    from companion.ui.terminal import on_terminal

    live = table.live() if on_terminal() else None
    if live is None:  # off a terminal, or nothing live: the table's refusal says so
        return False
    from companion.ui.console import safe

    players = " v ".join(str(p) for p in live.get("players") or [])
    question = f"Abandon {live.get('game')} match {live.get('id')} ({players})?"
    return not typer.confirm(safe(question), default=False, err=True)


def _kind(key: str) -> Any:
    from companion import registry

    found = registry.kind(key)
    if found is None or found.table is None:
        raise LookupError(f"no tracked game '{key}' in the registry")
    return found


def _draw(target: str | None, default: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
    if target is None:
        return default

    def draw(out: Any, result: Any) -> None:
        from companion.engine.spec import load

        load(target)(out, result)

    return draw


def _undone(out: Any, undone: Any) -> None:
    out.print(f"Undid {undone.removed['type']}.", markup=False)


def _ended(out: Any, ended: Any) -> None:
    winner = (ended.result or {}).get("winner")
    out.print(f"Filed {ended.id}: {winner} won." if winner else f"Filed {ended.id}.", markup=False)


def _abandoned(out: Any, ended: Any) -> None:
    out.print(f"Abandoned game {ended.id}.", markup=False)


def table_verbs(
    app: typer.Typer,
    key: str,
    *,
    helps: Mapping[str, str] | None = None,
    views: Mapping[str, str] | None = None,
    payloads: Mapping[str, Callable[[Any], Any]] | None = None,
    verbs: tuple[str, ...] = VERBS,
    next_line: bool = False,
) -> typer.Typer:
    """Add `verbs` (default: all four) of the spec's kind `key` to `app`. `next_line`:
    `status` prints the status's `next:` line under the renderer's drawing, as `watch`
    does — kept or replayed alike (a kind that keeps its status draws it with its renderer
    alone, so a `views["status"]` of its own would not be kept)."""
    kind = _kind(key)
    helps, views, payloads = dict(helps or {}), dict(views or {}), dict(payloads or {})
    draws = {
        "status": _draw(views.get("status", kind.renderer), lambda out, s: out.print(s.next)),
        "undo": _draw(views.get("undo"), _undone),
        "end": _draw(views.get("end"), _ended),
        "abandon": _draw(views.get("abandon"), _abandoned),
    }

    def table(ctx: typer.Context) -> Any:
        from companion.engine.spec import load

        return load(kind.table)(open_store(ctx))

    # `status` drawn as the kind's renderer and JSON draw it: what was kept with the match
    # is printed when it is current (companion.tables.shown), with no game loaded
    kept = "status" not in views and "status" not in payloads

    def verb(name: str) -> Callable[..., None]:
        def command(ctx: typer.Context, json: JsonOption = False) -> None:
            if name == "status" and kept:
                from companion.cli.common import db_path
                from companion.tables.shown import shown

                found = shown(db_path(ctx), kind.key)
                if found is not None:
                    emit(found.json, json, _then_next(found.draw, found.json, next_line))
                    return
            done = getattr(table(ctx), name)()
            payload = payloads.get(name, lambda d: d.to_json())(done)
            draw = lambda out: draws[name](out, done)  # noqa: E731
            if name == "status":
                draw = _then_next(draw, payload, next_line)
            emit(payload, json, draw)

        def abandon(ctx: typer.Context, yes: YesOption = False, json: JsonOption = False) -> None:
            if not yes and _kept(table(ctx)):
                emit({"abandoned": None}, json, lambda out: out.print("Nothing abandoned."))
                return
            command(ctx, json)

        made = abandon if name == "abandon" else command
        made.__name__ = name
        made.__doc__ = helps.get(name, HELPS[name])
        return made

    for name in verbs:
        app.command(name)(verb(name))
    return app


def _then_next(
    draw: Callable[[Any], None], payload: Mapping[str, Any], on: bool
) -> Callable[[Any], None]:
    if not on:
        return draw

    def drawn(out: Any) -> None:
        from companion.ui.console import safe

        draw(out)
        out.print(f"next: {safe(str(payload.get('next', '')))}", markup=False, highlight=False)

    return drawn


def table_app(key: str, help_text: str, **given: Any) -> typer.Typer:
    """A game's app holding the four common verbs of its kind `key` (`table_verbs`)."""
    return table_verbs(new_app(help_text), key, **given)
