"""typer's private API, as companion.cli.typer_compat uses it, on the installed typer.

One test: it checks that every private name the project uses still exists and behaves, and
that the installed typer is a tested one. On failure it names the typer version and what
broke, so an upgrade shows at once what to look at.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import typer

from companion.cli import typer_compat
from companion.cli.common import COMPLETE_VAR, LazyGroup, LazyTyper

ROOT = Path(__file__).resolve().parents[1]


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:3])


def _shown(version: tuple[int, int]) -> str:
    return ".".join(map(str, version))


def _tested() -> str:
    low, high = typer_compat.TESTED
    return f">={_shown(low)},<{_shown(high)}"


def _pinned() -> str:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = [d for d in project["dependencies"] if re.match(r"typer\b", d)]
    return pins[0].removeprefix("typer").replace(" ", "") if pins else "(not pinned)"


# --- each private use, checked for what the project relies on ------------------------------


def say_hello(name: str, loud: bool = False) -> None:
    """Greet someone."""
    print(f"HELLO {name}" if loud else f"hello {name}")


def check_command_name(capsys, monkeypatch) -> None:
    assert typer_compat.command_name("say_hello") == "say-hello"


def check_command_from_info(capsys, monkeypatch) -> None:
    info = typer_compat.CommandInfo(name="greet", callback=say_hello)
    command = typer_compat.command_from_info(info)
    assert command.name == "greet"
    assert command.help == "Greet someone."
    assert [p.name for p in command.params] == ["name", "loud"]
    command.main(["Ann", "--loud"], prog_name="greet", standalone_mode=False)
    assert capsys.readouterr().out == "HELLO Ann\n"


def check_group_from_app(capsys, monkeypatch) -> None:
    sub = typer.Typer(add_completion=False)
    sub.command()(say_hello)
    sub.command("bye")(lambda: print("bye"))
    group = typer_compat.group_from_app(sub, "greetings")
    assert isinstance(group, typer_compat.TyperGroup)
    assert group.name == "greetings"
    assert sorted(group.list_commands(None)) == ["bye", "say-hello"]
    group.main(["say-hello", "Bo"], prog_name="greetings", standalone_mode=False)
    assert capsys.readouterr().out == "hello Bo\n"


def check_listed(capsys, monkeypatch) -> None:
    sub = typer.Typer(add_completion=False, help="Greetings of every kind.")
    sub.command()(say_hello)
    for entry in (sub, typer_compat.CommandInfo(name="greet", callback=say_hello)):
        built = (
            typer_compat.group_from_app(entry, "greet")
            if isinstance(entry, typer.Typer)
            else typer_compat.command_from_info(entry)
        )
        shown = typer_compat.listed(entry, "greet")
        assert shown.get_short_help_str(20) == built.get_short_help_str(20)
        assert (shown.help, shown.hidden, shown.deprecated) == (
            built.help,
            built.hidden,
            built.deprecated,
        )
        assert shown.params == [] and not getattr(shown, "commands", {})


def check_lazy_group(capsys, monkeypatch) -> None:
    # LazyTyper passes its own TyperGroup subclass as `cls`, registers commands without
    # building them, and overrides list_commands/get_command: typer must honour all three.
    app = LazyTyper(add_completion=False)
    app.callback()(lambda: None)
    app.command()(say_hello)
    app.command("bye")(lambda: print("bye"))
    assert app.registered_commands == []
    assert set(app.lazy_commands) == {"say-hello", "bye"}
    root = typer.main.get_command(app)
    assert isinstance(root, LazyGroup), type(root)
    assert root.commands == {}
    assert root.list_commands(None) == ["say-hello", "bye"]
    root.main(["say-hello", "Cy"], prog_name="lazy", standalone_mode=False)
    assert capsys.readouterr().out == "hello Cy\n"
    assert list(root.commands) == ["say-hello"]


def check_click_exceptions(capsys, monkeypatch) -> None:
    command = typer_compat.command_from_info(typer_compat.CommandInfo(callback=say_hello))
    assert issubclass(typer_compat.UsageError, typer_compat.ClickException)
    try:
        command.main(["Ann", "--nope"], prog_name="greet", standalone_mode=False)
    except typer_compat.UsageError as err:
        assert err.ctx is not None and err.ctx.command_path == "greet"
        assert "--nope" in err.format_message()
    else:
        raise AssertionError("an unknown option raised no UsageError")


def check_completion(capsys, monkeypatch) -> None:
    for shell in ("bash", "zsh", "fish"):
        script = typer_compat.completion_script(
            prog_name="companion", complete_var=COMPLETE_VAR, shell=shell
        )
        assert COMPLETE_VAR in script and "companion" in script, shell
    # With the shells registered, the root command answers a completion request.
    typer_compat.register_completion_shells()
    from companion.cli.main import app

    monkeypatch.setenv(COMPLETE_VAR, "complete_bash")
    monkeypatch.setenv("COMP_WORDS", "companion ro")
    monkeypatch.setenv("COMP_CWORD", "1")
    try:
        typer.main.get_command(app).main([], prog_name="companion", standalone_mode=False)
    except SystemExit as done:
        assert done.code == 0, done.code
    else:
        raise AssertionError("a completion request ran the command instead")
    assert "roll" in capsys.readouterr().out.split()


def check_value_completion(capsys, monkeypatch) -> None:
    # A completion function set on a built command's parameter answers for its value.
    command = typer_compat.command_from_info(typer_compat.CommandInfo(callback=say_hello))
    typer_compat.set_value_completion(
        command, lambda ctx, param, typed: [typer_compat.completion_item(f"{typed}a", "help")]
    )
    (name, loud) = command.params
    assert loud._custom_shell_complete is None  # a flag takes no value
    ctx = command.make_context("greet", [], resilient_parsing=True)
    (item,) = name.shell_complete(ctx, "Ann")
    assert (item.value, item.help, item.type) == ("Anna", "help", "plain")
    # What the line gives, its defaults left out (Tab narrows a move's values by it).
    assert typer_compat.typed_on_line(ctx) == []
    given = command.make_context("greet", ["Ann"], resilient_parsing=True)
    assert typer_compat.typed_on_line(given) == ["name"]
    # The project's shell classes resolve a command line as click does.
    monkeypatch.setenv(typer_compat.ARGS_VAR, "greet An")
    monkeypatch.setenv(COMPLETE_VAR, "complete_zsh")
    assert typer_compat.shell_complete(command, "greet", COMPLETE_VAR, "complete_zsh") == 0
    assert capsys.readouterr().out == "Ana\thelp\n"


def check_reuse_built_command(capsys, monkeypatch) -> None:
    from typer.testing import CliRunner

    one, other = typer.Typer(add_completion=False), typer.Typer(add_completion=False)
    one.command()(lambda: print("one"))
    other.command()(lambda: print("other"))
    restore = typer_compat.reuse_built_command(one, typer.main.get_command(other))
    try:
        assert CliRunner().invoke(one, []).stdout == "other\n"
    finally:
        restore()
    assert CliRunner().invoke(one, []).stdout == "one\n"


CHECKS = {
    "typer.main.get_command_name": check_command_name,
    "typer.main.get_command_from_info": check_command_from_info,
    "typer.main.get_group": check_group_from_app,
    "typer.main.solve_typer_info_defaults/TyperInfo": check_listed,
    "typer.core.TyperGroup as LazyTyper's base": check_lazy_group,
    "typer._click.exceptions.UsageError/ClickException": check_click_exceptions,
    "typer._completion_shared/_completion_classes": check_completion,
    "typer._click.shell_completion, Parameter._custom_shell_complete": check_value_completion,
    "typer.testing._get_command": check_reuse_built_command,
}


def test_typer_private_api_still_behaves_on_this_typer(capsys, monkeypatch):
    installed = typer.__version__
    broken = []
    for name, check in CHECKS.items():
        try:
            with monkeypatch.context() as patched:
                check(capsys, patched)
        except Exception as err:  # noqa: BLE001 - every failure is reported below
            first = (str(err).strip().splitlines() or [""])[0]
            broken.append(f"  - {name}: {type(err).__name__}: {first}".rstrip(" :"))
        capsys.readouterr()
    low, high = typer_compat.TESTED
    untested = not (low <= _version(installed)[:2] < high)
    if broken or untested:
        pytest.fail(message(installed, untested, broken), pytrace=False)
    assert _pinned() == _tested(), (
        f"pyproject.toml pins typer{_pinned()} but companion/cli/typer_compat.py is tested "
        f"with {_tested()}: keep them in step"
    )


def message(installed: str, untested: bool, broken: list[str]) -> str:
    return "\n".join(
        [
            f"typer {installed} is "
            + (f"an untested version (tested: {_tested()})." if untested else "installed.")
        ]
        + (
            [
                "These private typer names used in companion/cli/typer_compat.py changed:",
                *broken,
            ]
            if broken
            else [
                "Every private typer name companion uses still behaves: re-measure start-up "
                "(docs/performance.md), then widen TESTED in companion/cli/typer_compat.py "
                "and the typer pin in pyproject.toml together."
            ]
        )
    )
