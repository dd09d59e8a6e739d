"""Issue 37 item 7: the CLI's manners — `-h` is `--help` everywhere, `companion completion
SHELL [--install]`, and the environment listed in one place of the docs and `--help`."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import typer
from typer import Context

from companion.cli.main import EPILOG, app
from tests.conftest import assert_user_error

ROOT = Path(__file__).resolve().parents[1]


def commands() -> list[tuple[list[str], object, Context]]:
    """Every command and group: its words after `companion`, it, and its context as an
    invocation makes it (each under its parent's)."""
    found = []

    def walk(command, ctx: Context, path: list[str]) -> None:
        found.append((path, command, ctx))
        for name in getattr(command, "list_commands", lambda _ctx: [])(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                walk(sub, Context(sub, info_name=name, parent=ctx), [*path, name])

    root = typer.main.get_command(app)
    walk(root, root.make_context("companion", ["--help"], resilient_parsing=True), [])
    return found


def test_dash_h_is_help_for_every_command(cli):
    found = commands()
    assert len(found) > 50
    for path, command, ctx in found:
        # every command takes -h, and no option of any command takes it for itself
        assert set(command.get_help_option_names(ctx)) == {"-h", "--help"}, path
    for path in ([], ["history"], ["history", "import"], ["hoopers", "match", "start"], ["log"]):
        short, long = cli(*path, "-h"), cli(*path, "--help")
        assert (short.exit_code, short.stdout) == (0, long.stdout), path
        assert "-h, --help" in long.stdout, path


def test_the_environment_is_in_help_and_in_one_place_of_the_docs(cli):
    shown = cli("--help").stdout
    for name in ("COMPANION_DB", "COMPANION_MACHINE", "NO_COLOR", "COLUMNS", '"error"'):
        assert name in shown
    page = (ROOT / "docs" / "getting-started.md").read_text()
    (block,) = re.findall(r"```text\n(Environment:\n.*?)```", page, re.S)
    assert block == EPILOG.removeprefix("\b\n").replace("\n\b\n", "\n\n")
    elsewhere = [
        p.name
        for p in (ROOT / "docs").glob("*.md")
        if p.name not in ("getting-started.md", "reference.md") and "NO_COLOR" in p.read_text()
    ]
    assert elsewhere == []  # one place


@pytest.mark.parametrize(
    ("shell", "file"),
    [("bash", "companion.bash"), ("zsh", "_companion"), ("fish", "companion.fish")],
)
def test_completion_prints_the_script_completions_holds(cli, shell, file):
    shown = cli("completion", shell)
    assert shown.exit_code == 0
    assert shown.stdout == (ROOT / "completions" / file).read_text()


def test_completion_refuses_an_unknown_shell(cli):
    assert_user_error(cli("completion", "powershell"), "powershell")


def test_completion_install_puts_each_script_where_its_shell_reads_it(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "ZDOTDIR"):
        monkeypatch.delenv(name, raising=False)
    places = {
        "bash": tmp_path / ".local/share/bash-completion/completions/companion",
        "zsh": tmp_path / ".zfunc/_companion",
        "fish": tmp_path / ".config/fish/completions/companion.fish",
    }
    for shell, place in places.items():
        done = cli("completion", shell, "--install", "--json").json
        assert done["written"][0] == str(place)
        assert place.read_text() == cli("completion", shell).stdout
    rc = (tmp_path / ".zshrc").read_text()
    cli("completion", "zsh", "--install")  # again: ~/.zshrc is told once
    assert (tmp_path / ".zshrc").read_text() == rc and rc.count("fpath=(~/.zfunc $fpath)") == 1
    if shutil.which("bash"):
        loaded = subprocess.run(
            ["bash", "-c", f"source {places['bash']} && complete -p companion"],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert loaded.returncode == 0 and "companion" in loaded.stdout
    if shutil.which("fish"):
        checked = subprocess.run(["fish", "--no-execute", str(places["fish"])], check=False)
        assert checked.returncode == 0
    if shutil.which("zsh"):
        checked = subprocess.run(["zsh", "-n", str(places["zsh"])], check=False)
        assert checked.returncode == 0


def _group(path: list[str], *, built: bool):
    """The group at `path` on a fresh command tree and its context (`built`: with every one
    of its commands built first, as running them would)."""
    command = typer.main.get_command(app)
    ctx = command.make_context("companion", [], resilient_parsing=True)
    for name in path:
        command = command.get_command(ctx, name)
        ctx = command.make_context(name, [], parent=ctx, resilient_parsing=True)
    if built:
        for name in command.list_commands(ctx):
            command.get_command(ctx, name)
    return command, ctx


def _group_help(path: list[str], *, built: bool) -> tuple[str, set[str]]:
    """The --help of the group at `path` (see `_group`), and the commands it built."""
    command, ctx = _group(path, built=built)
    before = set(command.commands)
    return command.get_help(ctx), set(command.commands) - before


@pytest.mark.parametrize("path", [[], ["hoopers"], ["history"], ["playlist"], ["players"]])
def test_help_lists_each_command_as_built_without_building_it(monkeypatch, path):
    monkeypatch.setenv("COLUMNS", "100")
    listed, built = _group_help(path, built=False)
    assert "Commands:" in listed
    assert listed == _group_help(path, built=True)[0]
    # what --help cost was building every command of every game to read one line of each
    assert built == set()


@pytest.mark.parametrize("path", [[], ["hoopers"]])
def test_tab_on_a_group_offers_each_command_as_built_without_building_it(path):
    def offered(built: bool) -> tuple[list[tuple[str, str]], set[str]]:
        command, ctx = _group(path, built=built)
        before = set(command.commands)
        items = [(i.value, i.help) for i in command.shell_complete(ctx, "")]
        return items, set(command.commands) - before

    listed, built = offered(built=False)
    assert len(listed) > 3 and all(help_text for _, help_text in listed)
    assert (listed, built) == (offered(built=True)[0], set())
