"""`companion hoopers play`: the guided attacking turn (see companion/ui/guided/hoopers.py)."""

from __future__ import annotations

import typer

from companion.cli.common import SeedOption, open_store


def play(ctx: typer.Context, seed: SeedOption = None) -> None:
    """Walk attacking turns step by step on a terminal, recording into the live match."""
    from companion.ui.guided import prompts

    prompts.require_terminal("companion hoopers play")
    store = open_store(ctx)
    store.current_match("hoopers")  # no live match: one error line before any question
    from companion.ui.guided.hoopers import play_turns

    with prompts.guarded():
        play_turns(store, seed)
