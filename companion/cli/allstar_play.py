"""`companion allstar play`: the guided season (see companion/ui/guided/allstar.py)."""

from __future__ import annotations

import typer

from companion.cli.common import InteractiveJsonOption, SeedOption, open_store


def play(ctx: typer.Context, seed: SeedOption = None, json: InteractiveJsonOption = False) -> None:
    """Interactive: walk the live game step by step on a terminal: arenas, teams, rounds,
    Play-Offs (with none live, offer to start one)."""
    from companion.ui.guided.entry import play_or_offer

    play_or_offer(
        open_store(ctx),
        "allstar",
        seed,
        command="companion allstar play",
        none_live="No live allstar game.",
        ask="Start one now?",
        nothing="Nothing started: 'companion allstar season start --help' shows how.",
    )
