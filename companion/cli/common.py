"""What every command shares: options, output, the store, error handling.

Keep this module cheap to import: it is loaded by every command. Rich,
TinyDB and questionary are imported inside the functions that need them.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli import typer_compat
from companion.cli.typer_compat import TyperGroup
from companion.engine.errors import BadInput, CompanionError, ExitStatus
from companion.ui.terminal import on_terminal  # noqa: F401 - the CLI's name for it

if TYPE_CHECKING:
    from rich.console import Console

    from companion.store import Store

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print one JSON document on stdout and nothing else.")
]


def refuse_json(ctx: Any, param: Any, value: bool) -> bool:
    """`--json` on an interactive command: one error line saying why (exit 2)."""
    if value and not ctx.resilient_parsing:
        raise BadInput(
            f"'{ctx.command_path}' is interactive: it asks questions on a terminal and prints "
            "no JSON",
            hint="record with the plain commands, which all take --json",
        )
    return value


InteractiveJsonOption = Annotated[
    bool,
    typer.Option(
        "--json",
        callback=refuse_json,
        help="Refused: this command is interactive (the plain commands print JSON).",
    ),
]
NewOption = Annotated[
    list[str] | None,
    typer.Option(
        "--new",
        metavar="NAME",
        help="NAME is a new player, not a slip of a known one's name (repeatable).",
    ),
]
SeedOption = Annotated[
    int | None,
    typer.Option("--seed", help="Seed the random draws so the result can be reproduced."),
]
# When a game was played, as every command that files one takes it (history.log.parse_when).
WhenOption = Annotated[
    str | None,
    typer.Option(
        "--when",
        metavar="DATE",
        help="When it was played: YYYY-MM-DD[ HH:MM] (local time), today, yesterday, a"
        " weekday (the last one: friday) or 3 days ago, each with an optional HH:MM"
        " (default: now).",
    ),
]


# Set from the command line before a command runs: `--json` asked for, so a failure is
# reported as one JSON document too (a script reads stderr the way it reads stdout).
_json_errors = False


def wants_json(args: list[str]) -> bool:
    """`--json` among the options typed (before a `--`)."""
    options = args[: args.index("--")] if "--" in args else args
    return "--json" in options


def fail_line(
    message: str, status: int = int(ExitStatus.BAD_INPUT), hint: str | None = None
) -> None:
    """The failure on stderr: `error: MESSAGE (hint: HINT)`, or under `--json` one JSON
    document `{"error": MESSAGE, "exit": STATUS}` (with `"hint"` when there is one)."""
    if _json_errors:
        import json

        doc: dict[str, Any] = {"error": message, "exit": status}
        if hint:
            doc["hint"] = hint
        sys.stderr.write(json.dumps(doc, ensure_ascii=True) + "\n")
        sys.stderr.flush()
        return
    if hint:
        message = f"{message} (hint: {hint})"
    # One line, whatever the user typed: control characters are shown escaped.
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    sys.stderr.write(f"error: {text}\n")
    sys.stderr.flush()


COMPLETE_VAR = "_COMPANION_COMPLETE"


class LazyGroup(TyperGroup):
    """A command group whose commands and sub-apps are built only when used.

    `lazy_commands` maps a name to a typer CommandInfo, a typer app, or
    "module:attribute" naming an app. Typer otherwise turns every command of
    every sub-app into a click command up front, reading each function's
    signature and type hints (about 40 ms for the largest game alone); deferring that
    keeps each answer at the table quick.
    """

    lazy_commands: dict[str, Any] = {}
    listing = False  # while --help lists the commands: each one's help is all it needs

    def list_commands(self, ctx: Any) -> list[str]:
        return [*self.commands, *(n for n in self.lazy_commands if n not in self.commands)]

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """--help's list of commands, from each one's help alone (`listed_command`): building
        every command reads the signature of every function of every game (most of what
        `companion --help` cost)."""
        self.listing = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self.listing = False

    def shell_complete(self, ctx: Any, incomplete: str) -> list[Any]:
        """A shell's Tab on this group's commands: each one's name and help, as --help."""
        self.listing = True
        try:
            return super().shell_complete(ctx, incomplete)
        finally:
            self.listing = False

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if self.listing and cmd_name not in self.commands and cmd_name in self.lazy_commands:
            return listed_command(self.lazy_commands[cmd_name], cmd_name)
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            self.commands[cmd_name] = build_command(self.lazy_commands[cmd_name], cmd_name)
        return self.commands.get(cmd_name)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except typer_compat.UsageError as err:
            close = close_commands(args[0], self.list_commands(ctx)) if args else []
            if not close:
                raise
            guess = " or ".join(f"'{name}'" for name in close)
            raise typer_compat.UsageError(
                f"no such command '{args[0]}'; did you mean {guess}?", err.ctx
            ) from None


def close_commands(typed: str, names: list[str]) -> list[str]:
    """The commands a mistyped one probably meant: the one it begins, else close spellings."""
    started = [n for n in names if n.startswith(typed)] if typed else []
    if len(started) == 1:
        return started
    import difflib

    return difflib.get_close_matches(typed, names, n=2, cutoff=0.6)


def build_command(entry: Any, name: str) -> Any:
    """A click command from a CommandInfo, a typer app, or "module:attribute" naming either
    an app or a command function."""
    if isinstance(entry, str):
        import importlib

        module_name, attribute = entry.split(":")
        entry = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(entry, typer.Typer):
            entry = typer_compat.CommandInfo(name=name, callback=entry)
    if isinstance(entry, typer_compat.CommandInfo):
        command = typer_compat.command_from_info(entry)
    else:
        command = typer_compat.group_from_app(entry, name)
    typer_compat.set_value_completion(command, complete_value)
    return command


def listed_command(entry: Any, name: str) -> Any:
    """What a list of commands shows of `entry` (as `build_command` takes it): its help,
    without building it (typer_compat.listed)."""
    if isinstance(entry, str):
        import importlib

        module_name, attribute = entry.split(":")
        module = importlib.import_module(module_name)
        # a module whose command is costly to build names a function with its help
        entry = getattr(module, "LISTED", {}).get(attribute) or getattr(module, attribute)
        if not isinstance(entry, typer.Typer):
            entry = typer_compat.CommandInfo(name=name, callback=entry)
    return typer_compat.listed(entry, name)


def complete_value(ctx: Any, param: Any, incomplete: str) -> list[Any]:
    """Values for the shell's Tab (companion.cli.complete), imported only when a shell asks."""
    from companion.cli.complete import complete

    return complete(ctx, param, incomplete)


class LazyTyper(typer.Typer):
    """A Typer whose commands and sub-apps are built on first use (see LazyGroup)."""

    def __init__(self, *, group_base: type[LazyGroup] = LazyGroup, **kwargs: Any) -> None:
        self.lazy_commands: dict[str, Any] = {}
        group = type("LazySubGroup", (group_base,), {"lazy_commands": self.lazy_commands})
        super().__init__(cls=group, **kwargs)

    def command(self, name: str | None = None, **kwargs: Any) -> Callable[[Any], Any]:
        register = super().command(name, **kwargs)

        def defer(function: Any) -> Any:
            register(function)
            info = self.registered_commands.pop()
            self.lazy_commands[name or typer_compat.command_name(function.__name__)] = info
            return function

        return defer

    def lazy(self, name: str, target: str) -> None:
        """Mount "module:attribute" (an app or a command function) as `name`, imported on use."""
        self.lazy_commands[name] = target

    def add_typer(self, typer_instance: typer.Typer, *, name: str | None = None, **kwargs: Any):
        if name is None or kwargs:
            return super().add_typer(typer_instance, name=name, **kwargs)
        self.lazy_commands[name] = typer_instance
        return None


class CompanionGroup(LazyGroup):
    """The root command: turns user mistakes into one `error:` line, exit 2.

    Sub-apps named in `lazy_commands` ("name" -> "module:attribute") are
    imported only when invoked (or listed, for help), so `companion roll d20`
    never pays for the games it does not use.
    """

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return super().parse_args(ctx, root_options_first(args))

    def invoke(self, ctx: Any) -> Any:
        stdout_before = stdout_identity()
        try:
            return super().invoke(ctx)
        except CompanionError as err:
            fail_line(str(err), int(err.exit_status), err.hint)
            raise typer.Exit(int(err.exit_status)) from None
        except BrokenPipeError:
            reader_gone()
            raise typer.Exit(0) from None
        except SystemExit as done:
            # rich meets a closed pipe by pointing stdout at /dev/null and exiting with 1.
            now = stdout_identity()
            if done.code == 1 and now not in (None, stdout_before) and now == devnull_identity():
                raise typer.Exit(0) from None
            raise

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        # Text no terminal or file can hold (a lone surrogate from a hand-edited file) is
        # written as its \\u escape — which in JSON output is the same string, exactly.
        with contextlib.suppress(AttributeError, ValueError):
            sys.stdout.reconfigure(errors="backslashreplace")
        instruction = os.environ.get(COMPLETE_VAR)
        if instruction:  # a shell asking what Tab offers (see companion.cli.complete)
            prog = prog_name or "companion"
            sys.exit(typer_compat.shell_complete(self, prog, COMPLETE_VAR, instruction))
        global _json_errors
        _json_errors = wants_json(list(sys.argv[1:] if args is None else args))
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except typer_compat.UsageError as err:
            command = err.ctx.command_path if err.ctx else "companion"
            fail_line(f"{err.format_message()} (see '{command} --help')")
            rv = int(ExitStatus.BAD_INPUT)
        except typer_compat.ClickException as err:
            fail_line(err.format_message())
            rv = int(ExitStatus.BAD_INPUT)
        except typer.Abort:
            fail_line("interrupted; everything recorded so far is kept", 130)
            rv = 130
        code = rv if isinstance(rv, int) else 0
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            reader_gone()
        except (OSError, ValueError):
            pass
        if standalone_mode:
            sys.exit(code)
        return code


ROOT_OPTIONS = ("--db",)  # the root's options that take a value, accepted after a subcommand


def root_options_first(args: list[str]) -> list[str]:
    """`companion history list --db x.json` read as `companion --db x.json history list`.

    `--db PATH` (or `--db=PATH`) is moved before the subcommand wherever it is typed, up to
    a `--`; no subcommand has an option of that name.
    """
    if not any(a.partition("=")[0] in ROOT_OPTIONS for a in args):
        return args
    moved: list[str] = []
    rest: list[str] = []
    at = 0
    while at < len(args):
        arg = args[at]
        if arg == "--":
            rest += args[at:]
            break
        if arg in ROOT_OPTIONS and at + 1 < len(args):
            moved += args[at : at + 2]
            at += 2
            continue
        (moved if arg.partition("=")[0] in ROOT_OPTIONS and "=" in arg else rest).append(arg)
        at += 1
    return moved + rest


def stdout_identity() -> tuple[int, int] | None:
    """What file descriptor 1 is (device, inode), None when it is not a file."""
    try:
        found = os.fstat(1)
    except OSError:
        return None
    return (found.st_dev, found.st_ino)


def devnull_identity() -> tuple[int, int] | None:
    try:
        found = os.stat(os.devnull)
    except OSError:
        return None
    return (found.st_dev, found.st_ino)


def reader_gone() -> None:
    """stdout's reader closed the pipe (`companion history show ID | head`): not an error.

    Like git, stop quietly; what is still buffered goes nowhere instead of failing at exit.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def new_app(help_text: str, **kwargs: Any) -> typer.Typer:
    """A sub-app with the project's defaults (plain help text, fast start)."""
    kwargs.setdefault("no_args_is_help", True)
    return LazyTyper(
        help=help_text,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
        add_completion=False,
        **kwargs,
    )


# --- output -----------------------------------------------------------------


def made_on_use(namespace: dict[str, Any], options: dict[str, Callable[[], Any]]) -> Any:
    """A module's `__getattr__` making each of its `options` (typer's Annotated types) when
    a command naming it (`module.Name`) is built, not when the module is imported: each costs
    0.16 M instructions, and a command takes a few of a game's options."""

    def __getattr__(name: str) -> Any:
        if name not in options:
            raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")
        made = namespace[name] = options[name]()
        return made

    return __getattr__


def emit(payload: Any, as_json: bool, render: Callable[[Console], None]) -> None:
    """Print `payload` as one JSON document, or call `render` with a console.

    A game just started carries its players' `prediction` (`tables.base.foretold`): its
    one line follows the game's own output here, once, whichever game started.
    """
    if as_json:
        import json

        sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")
        return
    out = console()
    render(out)
    foretold = payload.get("prediction") if isinstance(payload, dict) else None
    if foretold:
        from companion.history.book import prediction_line
        from companion.ui.console import safe

        out.print(safe(prediction_line(foretold)), markup=False, highlight=False)


def console() -> Console:
    """A console for human output; rich itself is imported only if a renderer needs it."""
    from companion.ui.console import TableConsole

    return TableConsole()  # type: ignore[return-value]


# --- the store --------------------------------------------------------------

DB_ENV = "COMPANION_DB"


def db_path(ctx: typer.Context | None = None) -> Path:
    """`--db`, else $COMPANION_DB, else the platform's user data dir."""
    root = ctx.find_root() if ctx is not None else None
    given = root.params.get("db") if root is not None else None
    if given:
        return Path(given).expanduser()
    if os.environ.get(DB_ENV):
        return Path(os.environ[DB_ENV]).expanduser()
    from companion.engine.dirs import user_data_path

    return user_data_path() / "companion.json"


def open_store(ctx: typer.Context | None = None) -> Store:
    from companion.store import Store

    root = ctx.find_root() if ctx is not None else None
    chosen = bool(root is not None and root.params.get("db")) or bool(os.environ.get(DB_ENV))
    return Store(db_path(ctx), create_folder=not chosen)


def players_of(ctx: typer.Context, names: list[str] | str, new: list[str] | None) -> list[str]:
    """The players a start names (comma separated, or a list), as history knows them:
    `ana` is the known Ana; a slip of a known name is refused unless `--new` names it."""
    from companion.engine.decks import parse_players
    from companion.tables.players import settle

    return settle(open_store(ctx), parse_players(names), new)
