"""The command surface as a whole: help, version, errors, generated files."""

from __future__ import annotations

import os
import subprocess
import sys

import typer

from companion import __version__
from companion.cli.main import app
from companion.tools.generate import main as generate
from tests.conftest import assert_user_error


def all_commands():
    root = typer.main.get_command(app)
    ctx = typer.Context(root, info_name="companion")

    def walk(command, ctx, path):
        yield path, command
        for name in getattr(command, "list_commands", lambda _c: [])(ctx):
            sub = command.get_command(ctx, name)
            yield from walk(sub, typer.Context(sub, info_name=name, parent=ctx), f"{path} {name}")

    return list(walk(root, ctx, "companion"))


def test_reference_and_completions_are_current():
    assert generate(["--check"]) == 0, "run: python -m companion.tools.generate"


def test_every_command_has_help_text():
    missing = [path for path, command in all_commands() if not (command.help or "").strip()]
    assert missing == []


def test_every_leaf_command_takes_json():
    leaves = [
        (path, command)
        for path, command in all_commands()
        # Interactive flows talk to a person, not a script.
        if not hasattr(command, "list_commands")
        and path != "companion demo"
        and not path.endswith(" play")
    ]
    no_json = [
        path
        for path, command in leaves
        if "--json" not in {o for p in command.params for o in p.opts}
    ]
    assert no_json == []


def test_version(cli):
    result = cli("--version")
    assert (result.exit_code, result.stdout) == (0, f"companion {__version__}\n")


def test_no_command_off_a_terminal_prints_help_and_exits_0(cli):
    result = cli()
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage: companion")


def test_unknown_option_is_one_error_line(cli):
    assert_user_error(cli("roll", "d20", "--bogus"), "no such option: --bogus")


def test_unknown_command_is_one_error_line(cli):
    assert_user_error(cli("rol"), "no such command")


def test_python_dash_m_runs_the_same_app(tmp_path):
    env = {**os.environ, "COMPANION_DB": str(tmp_path / "db.json")}
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "roll", "d20", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert proc.returncode == 0
    assert proc.stdout == '{"die": "d20", "results": [25], "seed": 1}\n'


def test_user_mistake_in_a_real_process_has_no_traceback():
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "roll", "d7x"], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: 'd7x' is not a die")
    assert "Traceback" not in proc.stderr


def test_db_from_environment(cli, tmp_path, monkeypatch):
    from companion.store import Store

    path = tmp_path / "env.json"
    Store(path).start_match("hoopers", ["Ana", "Ben"])
    monkeypatch.setenv("COMPANION_DB", str(path))
    matches = cli("history", "list", "--json", database=None).json["matches"]
    assert [m["players"] for m in matches] == [["Ana", "Ben"]]


def test_demo_keeps_out_of_the_environment_database(cli, tmp_path, monkeypatch):
    path = tmp_path / "env.json"
    monkeypatch.setenv("COMPANION_DB", str(path))
    assert cli("demo", "table", database=None).exit_code == 0
    assert not path.exists()
