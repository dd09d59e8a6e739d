"""`companion otdraft play`: the guided draft (see companion/ui/guided/otdraft.py)."""

from __future__ import annotations

import typer

from companion.cli.common import InteractiveJsonOption, SeedOption, open_store


def play(ctx: typer.Context, seed: SeedOption = None, json: InteractiveJsonOption = False) -> None:
    """Interactive: walk the live draft step by step on a terminal: secrets, picks,
    leftovers, scoring."""
    # With no live draft it offers to start one first (the menu's start flow).
    from companion.ui.guided import prompts

    prompts.require_terminal("companion otdraft play")
    from companion.tables.otdraft import DraftTable

    store = open_store(ctx)
    with prompts.guarded():
        if DraftTable(store).live() is None and not _offer_start(store, seed):
            raise typer.Exit(0)
        from companion.ui.guided.otdraft import play as play_draft

        play_draft(store, seed)


def _offer_start(store, seed: int | None) -> bool:
    """No live draft: ask to start one (the menu's start flow). True once one is live."""
    from companion.ui.guided import prompts
    from companion.ui.guided.otdraft import start

    prompts.say("No live otdraft match.")
    try:
        wanted = prompts.yes_no("Start a draft now?", True)
    except prompts.Undo:
        wanted = False
    if wanted and start(store, seed):
        return True
    prompts.say("Nothing started: 'companion otdraft game start --help' shows how.")
    return False
