"""`companion demo`: a seeded, narrated tour that drives the real engine and store."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import SeedOption


def demo(
    ctx: typer.Context,
    game: Annotated[
        str | None,
        typer.Argument(
            help="One demo, every step: the table's, or a game's (Tab lists them); else a "
            "tour of a screen per game."
        ),
    ] = None,
    seed: SeedOption = 7,
    json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the whole session as one JSON document: each step's command, what it "
            "printed and what it recorded (without a name: every demo whole, not the tour).",
        ),
    ] = False,
) -> None:
    """Play a short seeded sample of what the companion does at a table (a screen per game)."""
    from companion.demo.run import run_demo

    run_demo(ctx.find_root().params.get("db"), game, seed if seed is not None else 7, as_json=json)
