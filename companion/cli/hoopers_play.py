"""`companion hoopers play`: the guided attacking turn (see companion/ui/guided/hoopers.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import InteractiveJsonOption, SeedOption, open_store


def play(
    ctx: typer.Context,
    seed: SeedOption = None,
    reminders: Annotated[
        bool | None,
        typer.Option(
            "--reminders/--no-reminders",
            help="Ask about the Keepers' face-down card and the LV.1 chip when they can "
            "matter (the default), or not for the rest of the evening (kept by the table).",
        ),
    ] = None,
    json: InteractiveJsonOption = False,
) -> None:
    """Interactive: walk attacking turns step by step on a terminal, recording into the live
    match (with none live, offer to start one)."""
    from companion.ui.guided.entry import play_or_offer

    store = open_store(ctx)
    if reminders is not None:
        from companion.ui.guided.prompts import require_terminal

        require_terminal("companion hoopers play")  # refused off a terminal: nothing written
        from datetime import datetime

        from companion.tables.hoopers import HoopersTable

        HoopersTable(store).set_reminders(reminders, datetime.now().astimezone())
    play_or_offer(
        store,
        "hoopers",
        seed,
        command="companion hoopers play",
        none_live="No live hoopers match.",
        ask="Start one now?",
        nothing="Nothing started: 'companion hoopers match start --help' shows how.",
    )
