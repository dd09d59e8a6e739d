"""The `companion` command: the root app and where every sub-app is mounted."""

from __future__ import annotations

from typing import Annotated

import typer

from companion import __version__
from companion.cli import table
from companion.cli.common import CompanionGroup, LazyTyper, build_command, listed_command


class GamesGroup(CompanionGroup):
    """The root group: its own commands, then every game of the registry as `companion G`.

    A game's CLI (its spec's `cli`) is mounted when its name is run; only listing every
    command (help, a shell's Tab) reads every game's spec.
    """

    def list_commands(self, ctx):
        from companion import registry

        own = super().list_commands(ctx)
        at = own.index("watch") + 1 if "watch" in own else len(own)
        games = [name for name in registry.names() if name not in own]
        return [*own[:at], *games, *own[at:]]

    def get_command(self, ctx, cmd_name):
        if cmd_name not in self.commands and cmd_name not in self.lazy_commands:
            from companion import registry

            if cmd_name in registry.BUILTIN and self.listing:
                return listed_command(registry.spec(cmd_name).cli, cmd_name)
            if cmd_name in registry.BUILTIN:
                game = registry.spec(cmd_name)
                self.commands[cmd_name] = build_command(game.cli, cmd_name)
            elif cmd_name in registry.installed():
                game = registry.spec(cmd_name)
                try:
                    if game is not None:
                        self.commands[cmd_name] = build_command(game.cli, cmd_name)
                except Exception as err:  # noqa: BLE001 - a plug-in's mistake costs it alone
                    registry.warn(game, f"could not be loaded: {registry.said(err)}")
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx, args):
        """A switched-off or broken game's own command says so in its one `error:` line
        (never "did you mean" its own name)."""
        from companion import registry

        name = args[0] if args else None
        if name and name not in self.commands and name in registry.packages():
            self.commands[name] = _plugin_command(name)
        return super().resolve_command(ctx, args)


def _plugin_command(name: str):
    """Installed game `name`'s command, or one `error:` line: switched off, or broken."""
    from companion import registry
    from companion.engine.errors import BadInput

    if name not in registry.installed():
        raise BadInput(f"game '{name}' is switched off", hint=f"'companion plugins on {name}'")
    game = registry.quietly(name)
    if game is not None:
        try:
            return build_command(game.cli, name)
        except Exception as err:  # noqa: BLE001 - a plug-in's mistake costs it alone
            registry.broken[name] = f"could not be loaded: {registry.said(err)}"
    why = registry.broken.get(name, "could not be loaded")
    raise BadInput(
        f"game '{name}' is installed but broken: {why}",
        hint="'companion plugins' lists every game and its state",
    )


# What the environment and the exit say, in one place: the root's --help ends with it and
# docs/getting-started.md#environment shows it (tests/test_cli_manners.py keeps them equal).
EPILOG = """\b
Environment:
  COMPANION_DB       the database file (--db PATH wins over it)
  COMPANION_MACHINE  this computer's id in a history shared by several (1-32 a-z, 0-9)
  NO_COLOR           set to anything: no colour (as TERM=dumb)
  COLUMNS            the width tables and QR codes are drawn for (else the terminal's)
\b
Errors: one line on stderr, 'error: ...', exit 2. With --json, one JSON document
on stderr instead: {"error": "...", "exit": 2, "hint": "..."} (hint when there is one).
Exit statuses: 0 done, 2 bad input or refused by the rules, 1 internal failure.
"""

app = LazyTyper(
    group_base=GamesGroup,
    name="companion",
    help="At-the-table companion and score tracker for tabletop games: each game is a command "
    "below.",
    epilog=EPILOG,
    # -h is --help: click hands a context's help names to every context under it
    context_settings={"help_option_names": ["-h", "--help"]},
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


app.lazy("roll", "companion.cli.roll:roll")
app.command()(table.shuffle)
app.command()(table.deal)
app.command("first-player")(table.first_player)


app.lazy("demo", "companion.cli.demo:demo")
app.lazy("watch", "companion.cli.watch:watch")
app.lazy("moves", "companion.cli.moves:moves")
app.lazy("plugins", "companion.cli.plugins:app")
app.lazy("seats", "companion.cli.seats:seats")
app.lazy("history", "companion.cli.history:app")
app.lazy("players", "companion.cli.players:app")
app.lazy("log", "companion.cli.log:log")
app.lazy("config", "companion.cli.config:app")
app.lazy("backup", "companion.cli.backup:backup")
app.lazy("restore", "companion.cli.backup:restore")
app.lazy("completion", "companion.cli.completion:completion")


def main() -> None:
    app(prog_name="companion")
