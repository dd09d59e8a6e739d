"""`companion otdraft play`: the guided draft (see companion/ui/guided/otdraft.py)."""

from __future__ import annotations

import typer

from companion.cli.common import InteractiveJsonOption, SeedOption, open_store


def play(ctx: typer.Context, seed: SeedOption = None, json: InteractiveJsonOption = False) -> None:
    """Interactive: walk the live draft step by step on a terminal: secrets, picks,
    leftovers, scoring (with none live, offer to start one)."""
    from companion.ui.guided.entry import play_or_offer

    play_or_offer(
        open_store(ctx),
        "otdraft",
        seed,
        command="companion otdraft play",
        none_live="No live otdraft match.",
        ask="Start a draft now?",
        nothing="Nothing started: 'companion otdraft game start --help' shows how.",
    )
