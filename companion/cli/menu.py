"""`companion` with no command: a menu on a terminal, the help anywhere else."""

from __future__ import annotations

import typer

from companion.cli.common import on_terminal, open_store


def no_command(ctx: typer.Context) -> None:
    """A menu on a terminal; otherwise print help and exit 0 (never wait for input)."""
    if not on_terminal():
        typer.echo(ctx.get_help())
        raise typer.Exit(0)
    from companion.ui.guided.prompts import guarded
    from companion.ui.menu import run

    with guarded():
        run(open_store(ctx))
    raise typer.Exit(0)
