"""`companion playlist play`: the guided game (see companion/ui/guided/playlist.py)."""

from __future__ import annotations

import typer

from companion.cli.common import InteractiveJsonOption, SeedOption, open_store


def play(ctx: typer.Context, seed: SeedOption = None, json: InteractiveJsonOption = False) -> None:
    """Interactive: walk the live game turn by turn on a terminal: songs, links, the sung
    song, scoring (with none live, offer to start one)."""
    from companion.ui.guided.entry import play_or_offer

    play_or_offer(
        open_store(ctx),
        "playlist",
        seed,
        command="companion playlist play",
        none_live="No live playlist game.",
        ask="Start one now?",
        nothing="Nothing started: 'companion playlist game start --help' shows how.",
    )


def solo_play(
    ctx: typer.Context, seed: SeedOption = None, json: InteractiveJsonOption = False
) -> None:
    """Interactive: play the live solo run round by round on a terminal (with none live,
    offer to deal one)."""
    from companion.ui.guided.entry import play_or_offer

    play_or_offer(
        open_store(ctx),
        "playlist-solo",
        seed,
        command="companion playlist solo play",
        none_live="No live solo run.",
        ask="Deal one now?",
        nothing="Nothing dealt: 'companion playlist solo start --help' shows how.",
    )
