"""`companion hoopers play`: the guided attacking turn (see companion/ui/guided/hoopers.py)."""

from __future__ import annotations

import typer

from companion.cli.common import InteractiveJsonOption, SeedOption, open_store


def play(ctx: typer.Context, seed: SeedOption = None, json: InteractiveJsonOption = False) -> None:
    """Interactive: walk attacking turns step by step on a terminal, recording into the live
    match."""
    # With no live match it offers to start one first (the menu's start flow).
    from companion.ui.guided import prompts

    prompts.require_terminal("companion hoopers play")
    from companion.tables.hoopers import HoopersTable

    store = open_store(ctx)
    with prompts.guarded():
        if HoopersTable(store).live() is None and not _offer_start(store, seed):
            raise typer.Exit(0)
        from companion.ui.guided.hoopers import play_turns

        play_turns(store, seed)


def _offer_start(store, seed: int | None) -> bool:
    """No live match: ask to start one (the menu's start flow). True once one is live."""
    from companion.ui.guided import prompts
    from companion.ui.guided.hoopers import start as start_match

    prompts.say("No live hoopers match.")
    try:
        wanted = prompts.yes_no("Start one now?", True)
    except prompts.Undo:
        wanted = False
    if wanted and start_match(store, seed):
        return True
    prompts.say("Nothing started: 'companion hoopers match start --help' shows how.")
    return False
