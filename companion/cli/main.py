"""The `companion` command: the root app and where every sub-app is mounted."""

from __future__ import annotations

from typing import Annotated

import typer

from companion import __version__
from companion.cli import table
from companion.cli.common import CompanionGroup

app = typer.Typer(
    name="companion",
    cls=CompanionGroup,
    help="At-the-table companion and score tracker for Valley Hoopers, All-Star Draft, "
    "All Stars Playlist and OT Fantasy Draft.",
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    add_completion=False,
    invoke_without_command=True,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"companion {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="PATH",
            help="Database file (default: $COMPANION_DB, else the user data folder).",
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """At-the-table companion and score tracker for four tabletop games."""
    if ctx.invoked_subcommand is None:
        from companion.cli.menu import no_command

        no_command(ctx)


app.command()(table.roll)
app.command()(table.shuffle)
app.command()(table.deal)
app.command("first-player")(table.first_player)


def _mount() -> None:
    from companion.cli import demo, history, players

    app.add_typer(history.app, name="history")
    app.add_typer(players.app, name="players")
    app.command()(demo.demo)
    # Game sub-apps (each module defines `app`):
    from companion.cli import hoopers
    app.add_typer(hoopers.app, name="hoopers")
    from companion.cli import allstar; app.add_typer(allstar.app, name="allstar")  # noqa: E702
    # from companion.cli import playlist; app.add_typer(playlist.app, name="playlist")
    from companion.cli import otdraft; app.add_typer(otdraft.app, name="otdraft")  # noqa: E702


_mount()


def main() -> None:
    app(prog_name="companion")
