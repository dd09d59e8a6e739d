"""`companion allstar play`: the guided season (see companion/ui/guided/allstar.py)."""

from __future__ import annotations

import typer

from companion.cli.common import InteractiveJsonOption, SeedOption, open_store


def play(ctx: typer.Context, seed: SeedOption = None, json: InteractiveJsonOption = False) -> None:
    """Interactive: walk the live game step by step on a terminal: arenas, teams, rounds,
    Play-Offs."""
    # With no live game it offers to start one first (the menu's start flow).
    from companion.ui.guided import prompts

    prompts.require_terminal("companion allstar play")
    from companion.tables.allstar import AllStarTable

    store = open_store(ctx)
    with prompts.guarded():
        if AllStarTable(store).live() is None and not _offer_start(store, seed):
            raise typer.Exit(0)
        from companion.ui.guided.allstar import play as play_season

        play_season(store, seed)


def _offer_start(store, seed: int | None) -> bool:
    """No live game: ask to start one (the menu's start flow). True once one is live."""
    from companion.ui.guided import prompts
    from companion.ui.guided.allstar import start

    prompts.say("No live allstar game.")
    try:
        wanted = prompts.yes_no("Start one now?", True)
    except prompts.Undo:
        wanted = False
    if wanted and start(store, seed):
        return True
    prompts.say("Nothing started: 'companion allstar season start --help' shows how.")
    return False
