"""`companion allstar play`: the guided season (see companion/ui/guided/allstar.py)."""

from __future__ import annotations

import typer

from companion.cli.common import InteractiveJsonOption, open_store


def play(ctx: typer.Context, json: InteractiveJsonOption = False) -> None:
    """Interactive: walk the live game step by step on a terminal: arenas, teams, rounds,
    Play-Offs."""
    from companion.ui.guided import prompts

    prompts.require_terminal("companion allstar play")
    store = open_store(ctx)
    store.current_match("allstar")  # no live game: one error line before any question
    from companion.ui.guided.allstar import play_season

    with prompts.guarded():
        play_season(store)
