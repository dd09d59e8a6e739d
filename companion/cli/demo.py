"""`companion demo`: a seeded, narrated tour that drives the real engine and store."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import SeedOption


def _demos() -> str:
    from companion.demo.run import demos

    return f"One demo ({', '.join(demos())}), or all."


def demo(
    ctx: typer.Context,
    game: Annotated[
        str | None,
        typer.Argument(help=_demos()),
    ] = None,
    seed: SeedOption = 7,
    json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the whole session as one JSON document: each step's command, what it "
            "printed and what it recorded.",
        ),
    ] = False,
) -> None:
    """Play a short seeded sample of what the companion does at a table."""
    from companion.demo.run import run_demo

    run_demo(ctx.find_root().params.get("db"), game, seed if seed is not None else 7, as_json=json)
