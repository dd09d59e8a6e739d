"""`companion watch`: the live game's scoreboard, redrawn whenever anything is recorded."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import JsonOption, emit, open_store
from companion.engine.errors import BadInput

GameOption = Annotated[
    str | None,
    typer.Option("--game", "-g", help="Which game's live match (or 'series'), when several are."),
]


def watch(
    ctx: typer.Context,
    game: GameOption = None,
    once: Annotated[
        bool, typer.Option("--once", help="Draw one frame and exit (for scripts and tests).")
    ] = False,
    json: JsonOption = False,
) -> None:
    """Show the live game's scoreboard and redraw it whenever anything is recorded."""
    from companion.ui import watch as board

    store = open_store(ctx)
    if json and not once:
        raise BadInput("--json prints one document: use it with --once")
    if once and json:
        status = board.current_status(store, board.pick_game(store, game))
        emit(status.to_json(), True, lambda out: None)
    elif once:
        board.show_once(store, game)
    else:
        board.follow(store, game)
