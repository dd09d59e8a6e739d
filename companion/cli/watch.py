"""`companion watch`: the live game's scoreboard, redrawn whenever anything is recorded."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import JsonOption, emit, open_store
from companion.engine.errors import BadInput

DEFAULT_PORT = 8765  # keep in step with companion.ui.web.server (not imported: start-up)

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
    web: Annotated[
        bool, typer.Option("--web", help="Serve the scoreboard to browsers instead (Ctrl-C stops).")
    ] = False,
    port: Annotated[
        int, typer.Option("--port", help="With --web: the port to serve on.")
    ] = DEFAULT_PORT,
    lan: Annotated[
        bool,
        typer.Option(
            "--lan",
            help="With --web: serve the whole local network, behind a token in the URL (QR code).",
        ),
    ] = False,
    json: JsonOption = False,
) -> None:
    """Show the live game's scoreboard and redraw it whenever anything is recorded."""
    store = open_store(ctx)
    if web:
        if once or json:
            raise BadInput("--web serves until Ctrl-C: it does not go with --once or --json")
        from companion.ui.web.run import run

        run(store, game, port, lan)
        return
    if lan or port != DEFAULT_PORT:
        raise BadInput("--port and --lan go with --web")
    from companion.ui import watch as board

    if json and not once:
        raise BadInput("--json prints one document: use it with --once")
    if once and json:
        from companion.tables import current_status

        emit(current_status(store, board.pick_game(store, game)).to_json(), True, print)
    elif once:
        board.show_once(store, game)
    else:
        board.follow(store, game)
