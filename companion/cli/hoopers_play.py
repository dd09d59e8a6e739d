"""`companion hoopers play`: the guided attacking turn (see companion/ui/guided/hoopers.py)."""

from __future__ import annotations

import typer

from companion.cli.common import InteractiveJsonOption, SeedOption, open_store


def play(ctx: typer.Context, seed: SeedOption = None, json: InteractiveJsonOption = False) -> None:
    """Interactive: walk attacking turns step by step on a terminal, recording into the live
    match (with none live, offer to start one)."""
    from companion.ui.guided.entry import play_or_offer

    play_or_offer(
        open_store(ctx),
        "hoopers",
        seed,
        command="companion hoopers play",
        none_live="No live hoopers match.",
        ask="Start one now?",
        nothing="Nothing started: 'companion hoopers match start --help' shows how.",
    )
