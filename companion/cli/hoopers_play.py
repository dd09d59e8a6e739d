"""`companion hoopers play`: the guided attacking turn (see companion/ui/guided/hoopers.py)."""

from __future__ import annotations

import typer

from companion.cli.common import SeedOption, open_store


def play(ctx: typer.Context, seed: SeedOption = None) -> None:
    """Walk attacking turns step by step on a terminal, recording into the live match."""
    # With no live match it offers to start one first (the menu's start flow).
    from companion.ui.guided import prompts

    prompts.require_terminal("companion hoopers play")
    store = open_store(ctx)
    with prompts.guarded():
        if store.live_match("hoopers") is None and not _offer_start(ctx):
            raise typer.Exit(0)
        from companion.ui.guided.hoopers import play_turns

        play_turns(store, seed)


def _offer_start(ctx: typer.Context) -> bool:
    """No live match: ask to start one (the menu's start flow). True once one is live."""
    from companion.cli.menu import start_hoopers
    from companion.ui.guided import prompts

    prompts.say("No live hoopers match.")
    try:
        start = prompts.yes_no("Start one now?", True)
    except prompts.Undo:
        start = False
    if start and start_hoopers(ctx):
        return True
    prompts.say("Nothing started: 'companion hoopers match start --help' shows how.")
    return False
