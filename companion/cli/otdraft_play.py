"""`companion otdraft play`: the guided draft (see companion/ui/guided/otdraft.py)."""

from __future__ import annotations

import typer

from companion.cli.common import InteractiveJsonOption, open_store


def play(ctx: typer.Context, json: InteractiveJsonOption = False) -> None:
    """Interactive: walk the live draft step by step on a terminal: secrets, picks,
    leftovers, scoring."""
    from companion.ui.guided import prompts

    prompts.require_terminal("companion otdraft play")
    store = open_store(ctx)
    store.current_match("otdraft")  # no live draft: one error line before any question
    from companion.ui.guided.otdraft import play_draft

    with prompts.guarded():
        play_draft(store)
