"""`companion` with no command."""

from __future__ import annotations

import typer


def no_command(ctx: typer.Context) -> None:
    """Print help and exit 0; never wait for input that cannot come."""
    typer.echo(ctx.get_help())
    raise typer.Exit(0)
