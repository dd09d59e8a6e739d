"""`companion playlist play`: the guided game (see companion/ui/guided/playlist.py)."""

from __future__ import annotations

import typer

from companion.cli.common import InteractiveJsonOption, SeedOption, open_store


def play(ctx: typer.Context, seed: SeedOption = None, json: InteractiveJsonOption = False) -> None:
    """Interactive: walk the live game turn by turn on a terminal: songs, links, the sung
    song, scoring."""
    # With no live game it offers to start one first (the menu's start flow).
    from companion.ui.guided import prompts

    prompts.require_terminal("companion playlist play")
    from companion.tables.playlist import PlaylistTable

    store = open_store(ctx)
    with prompts.guarded():
        if PlaylistTable(store).live() is None and not _offer_start(store, seed):
            raise typer.Exit(0)
        from companion.ui.guided.playlist import play as play_game

        play_game(store, seed)


def _offer_start(store, seed: int | None) -> bool:
    """No live game: ask to start one (the menu's start flow). True once one is live."""
    from companion.ui.guided import prompts
    from companion.ui.guided.playlist import start

    prompts.say("No live playlist game.")
    try:
        wanted = prompts.yes_no("Start one now?", True)
    except prompts.Undo:
        wanted = False
    if wanted and start(store, seed):
        return True
    prompts.say("Nothing started: 'companion playlist game start --help' shows how.")
    return False


def solo_play(
    ctx: typer.Context, seed: SeedOption = None, json: InteractiveJsonOption = False
) -> None:
    """Interactive: play the live solo run round by round on a terminal (with none live,
    offer to deal one)."""
    from companion.ui.guided import prompts

    prompts.require_terminal("companion playlist solo play")
    from companion.tables.playlist import SoloTable
    from companion.ui.guided import playlist_solo

    store = open_store(ctx)
    with prompts.guarded():
        if SoloTable(store).live() is None:
            prompts.say("No live solo run.")
            try:
                wanted = prompts.yes_no("Deal one now?", True)
            except prompts.Undo:
                wanted = False
            if not (wanted and playlist_solo.start(store, seed)):
                prompts.say("Nothing dealt: 'companion playlist solo start --help' shows how.")
                raise typer.Exit(0)
        playlist_solo.play(store, seed)
