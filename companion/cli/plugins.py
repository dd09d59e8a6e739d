"""`companion plugins`: every game, where it comes from, and whether it is loaded."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from companion.cli.common import JsonOption, emit, new_app

app = new_app(
    "Every game: its package, version, API version and state; switch an installed one off "
    "or on (remembered on this machine).",
    invoke_without_command=True,
    no_args_is_help=False,
)

NameArgument = Annotated[str, typer.Argument(metavar="NAME", help="An installed game's name.")]


@app.callback()
def plugins(ctx: typer.Context, json: JsonOption = False) -> None:
    """List every game: built in or installed, loaded, broken (and why) or off."""
    if ctx.invoked_subcommand is not None:
        return
    from companion.tables.plugins import listing

    games = listing()
    emit({"games": games}, json, lambda out: _render(out, games))


def _render(out: Any, games: list[dict[str, Any]]) -> None:
    from companion.ui.console import safe

    for game in games:
        state = game["state"] + (f": {game['why']}" if game.get("why") else "")
        line = (
            f"{game['name']:<12} {game['package']} {game['version']} "
            f"(API {game['api'] or '?'}): {state}"
        )
        out.print(safe(line), markup=False, highlight=False)


@app.command()
def off(name: NameArgument, json: JsonOption = False) -> None:
    """Switch an installed game off on this machine: its command, menu entry and history
    views are left out until it is switched on again."""
    _switch(name, False, json)


@app.command()
def on(name: NameArgument, json: JsonOption = False) -> None:
    """Switch an installed game on again."""
    _switch(name, True, json)


def _switch(name: str, on: bool, json: bool) -> None:
    from companion.tables.plugins import switch

    game = switch(name, on)
    emit(game, json, lambda out: _render(out, [game]))
