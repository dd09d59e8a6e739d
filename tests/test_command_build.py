"""Issue 39: typer reads a command's signature twice (`inspect.signature(eval_str=True)` and
`get_type_hints` each time), so under `from __future__ import annotations` it compiled and
ran each annotation four times (88 times, 14 M instructions, for `hoopers match shot`'s 22
parameters). companion.cli.typer_compat evaluates them once, before typer builds it."""

from __future__ import annotations

from typing import Annotated

import pytest
import typer

from companion.cli import typer_compat

MADE: list[str] = []


def counted(*flags: str, help: str) -> object:
    MADE.append(flags[0])
    return Annotated[int | None, typer.Option(*flags, help=help)]


def command(
    roll: counted("--roll", help="The d20 the table rolled.") = None,
    stat: counted("--stat", help="The attack stat.") = None,
) -> None:
    """Resolve."""


def test_a_commands_annotations_are_evaluated_once_and_read_as_typer_reads_them():
    MADE.clear()
    built = typer_compat.command_from_info(typer_compat.CommandInfo(callback=command))
    assert MADE == ["--roll", "--stat"]  # typer alone: each four times
    options = [(p.name, p.opts, p.help, p.default) for p in built.params]
    assert options == [
        ("roll", ["--roll"], "The d20 the table rolled.", None),
        ("stat", ["--stat"], "The attack stat.", None),
    ]
    # built again (a second command tree, as the tests build one), nothing is evaluated
    typer_compat.command_from_info(typer_compat.CommandInfo(callback=command))
    assert MADE == ["--roll", "--stat"]


def test_a_commands_parameters_are_read_once(monkeypatch):
    """typer reads them for the click parameters and again for its callback's names: one
    reading serves both (`typer.main.get_params_from_function`, 4 M instructions a reading
    for `hoopers match shot`), and the command is the one typer builds."""
    import typer.main

    read = typer.main.get_params_from_function
    calls: list[object] = []

    def counting(function):
        calls.append(function)
        return read(function)

    monkeypatch.setattr(typer.main, "get_params_from_function", counting)
    built = typer_compat.command_from_info(typer_compat.CommandInfo(callback=command))
    assert calls == [command]
    assert typer.main.get_params_from_function is counting  # put back after the build
    assert [p.name for p in built.params] == ["roll", "stat"]
    assert built.callback(roll=3, stat=None) is None  # the callback takes both by name


def test_an_annotation_naming_a_value_reads_it_as_eval_would():
    from companion.cli.typer_compat import _evaluated

    namespace = {"typer": typer, "Face": "face"}
    assert _evaluated("Face", namespace) == "face"
    assert _evaluated("typer.Option", namespace) is typer.Option
    assert _evaluated("bool", namespace) is bool
    assert _evaluated("None", namespace) is None
    assert _evaluated("int | None", namespace) == (int | None)
    with pytest.raises(NameError):
        _evaluated("Missing", namespace)
