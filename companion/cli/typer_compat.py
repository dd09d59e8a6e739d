"""Every use of typer's private API, in one place.

typer promises nothing about the names below: its vendored click (`typer._click`), its
completion modules, how `typer.main` turns a registered command into a click command, and
the function `typer.testing.CliRunner` builds commands with. The CLI uses them to build
commands lazily (companion.cli.common.LazyTyper), to register the shells for completion
without typer's own `--install-completion` option, to generate the completion scripts
(companion.tools.generate), and to let the tests build the command tree once
(tests/conftest.py).

Nothing else in the project reaches into typer's internals (`typer.main.get_command(app)`,
used by the generator and the tests, is public: typer's docs, "Using Click").
tests/test_typer_compat.py checks that each name here still exists and behaves, and fails
naming the typer version when it is outside TESTED or a name changed. To move to a new typer:
run that test, fix what it names here, then widen TESTED and the pin in pyproject.toml
together (and re-measure start-up: docs/performance.md).

Keep this module cheap to import: `import typer` already loads typer.main, typer.core and
typer._click; the completion modules are imported only when used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer
import typer.main
from typer._click.exceptions import ClickException, UsageError
from typer.core import TyperGroup
from typer.models import CommandInfo

__all__ = [
    "TESTED",
    "ClickException",
    "CommandInfo",
    "TyperGroup",
    "UsageError",
    "command_from_info",
    "command_name",
    "completion_script",
    "group_from_app",
    "register_completion_shells",
    "reuse_built_command",
]

# The typer releases this module is tested with: >= TESTED[0], < TESTED[1]. Keep in step
# with the pin in pyproject.toml (tests/test_typer_compat.py checks both).
TESTED: tuple[tuple[int, int], tuple[int, int]] = ((0, 27), (0, 29))


def command_name(function_name: str) -> str:
    """The command name typer gives a function (`roll_dice` -> `roll-dice`)."""
    return typer.main.get_command_name(function_name)


def command_from_info(info: CommandInfo) -> Any:
    """The click command for one registered command, with the project's settings."""
    return typer.main.get_command_from_info(
        info, pretty_exceptions_short=False, rich_markup_mode=None
    )


def group_from_app(app: typer.Typer, name: str) -> TyperGroup:
    """The click group for a typer app (its commands and sub-apps), named `name`."""
    group = typer.main.get_group(app)
    group.name = name
    return group


def register_completion_shells() -> None:
    """Register typer's bash/zsh/fish/PowerShell completion classes with its click.

    typer does this only when it adds its own --install-completion option, which the
    project leaves out of --help.
    """
    from typer._completion_classes import completion_init

    completion_init()


def completion_script(*, prog_name: str, complete_var: str, shell: str) -> str:
    """The script a shell sources to complete `prog_name` (what --show-completion prints)."""
    from typer._completion_shared import get_completion_script

    return get_completion_script(prog_name=prog_name, complete_var=complete_var, shell=shell)


def reuse_built_command(app: typer.Typer, command: Any) -> Callable[[], None]:
    """Make `typer.testing.CliRunner.invoke(app, ...)` run `command` instead of rebuilding it.

    typer rebuilds an app's whole command tree on every invoke; a test session can build it
    once. Returns a function that undoes this.
    """
    import typer.testing

    build = typer.testing._get_command

    def get_command(typer_app: typer.Typer) -> Any:
        return command if typer_app is app else build(typer_app)

    typer.testing._get_command = get_command

    def restore() -> None:
        typer.testing._get_command = build

    return restore
