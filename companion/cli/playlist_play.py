"""`companion playlist play`: the guided game (see companion/ui/guided/playlist.py)."""

from __future__ import annotations

import typer

from companion.cli.common import InteractiveJsonOption, open_store


def play(ctx: typer.Context, json: InteractiveJsonOption = False) -> None:
    """Interactive: walk the live game turn by turn on a terminal: songs, links, the sung
    song, scoring."""
    from companion.ui.guided import prompts

    prompts.require_terminal("companion playlist play")
    store = open_store(ctx)
    store.current_match("playlist")  # no live game: one error line before any question
    from companion.ui.guided.playlist import play_game

    with prompts.guarded():
        play_game(store)
