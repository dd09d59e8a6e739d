"""Pipes, typos and the `--json` promise: the edges a person touches first."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from companion.cli.main import app
from tests.conftest import assert_user_error

ROOT = Path(__file__).resolve().parents[1]


# --- a closed pipe --------------------------------------------------------------------------


def closed_pipe(db: Path, *args: str) -> subprocess.CompletedProcess:
    """`companion ARGS | head -0`, without the race: the reader is gone before the first
    write."""
    read, write = os.pipe()
    os.close(read)
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_DB"}
    try:
        return subprocess.run(
            [sys.executable, "-m", "companion", "--db", str(db), *args],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            timeout=60,
        )
    finally:
        os.close(write)


@pytest.fixture
def live_match(cli, db):
    started = cli(
        "hoopers", "match", "start", "--home", "Ann", "--home-tribe", "keepers",
        "--away", "Bob", "--away-tribe", "unleashed", "--first", "Ann", "--json",
    )  # fmt: skip
    assert started.exit_code == 0, started.stderr
    return started.json["id"]


@pytest.mark.parametrize(
    "args",
    [
        ("hoopers", "match", "status"),
        ("hoopers", "match", "status", "--json"),
        ("history", "show", "{id}"),
        ("history", "list"),
        ("roll", "d20", "--count", "50"),
    ],
)
def test_a_closed_pipe_ends_quietly_with_status_0(db, live_match, args):
    done = closed_pipe(db, *(a.format(id=live_match) for a in args))
    assert (done.returncode, done.stderr) == (0, "")


def test_a_pipe_closed_by_head_ends_with_status_0(db, live_match):
    # As the docs write it; `head` may go before or after the writes: status 0 either way.
    companion = f"{sys.executable} -m companion --db {db}"
    script = f"{companion} history show {live_match} | head -1; exit ${{PIPESTATUS[0]}}"
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.count("\n") == 1


# --- mistyped commands ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "meant"),
    [
        (("histroy",), "did you mean 'history'?"),
        (("rol", "d20"), "did you mean 'roll'?"),
        (("hoopers", "mach", "status"), "did you mean 'match'?"),
        (("hoopers", "match", "stauts"), "did you mean 'status'"),
        (("otdraft", "gam", "status"), "did you mean 'game'?"),
    ],
)
def test_a_mistyped_command_gets_a_suggestion(cli, args, meant):
    result = cli(*args)
    assert_user_error(result, meant)
    assert "no such command" in result.stderr


def test_a_command_nothing_like_any_is_refused_plainly(cli):
    assert_user_error(cli("xyzzy"), "no such command 'xyzzy'")


# --- --db anywhere ------------------------------------------------------------------------------


def test_db_is_accepted_after_the_subcommand(cli, db, live_match):
    after = cli("hoopers", "match", "status", "--json", "--db", str(db), database=None)
    assert after.exit_code == 0, after.stderr
    assert after.json["id"] == live_match
    joined = cli("history", "show", live_match, f"--db={db}", "--json", database=None)
    assert joined.exit_code == 0, joined.stderr


def test_db_after_the_subcommand_wins_over_the_environment(
    cli, db, live_match, tmp_path, monkeypatch
):
    monkeypatch.setenv("COMPANION_DB", str(tmp_path / "elsewhere.json"))
    result = cli("hoopers", "match", "status", "--json", "--db", str(db), database=None)
    assert result.exit_code == 0 and result.json["id"] == live_match


def test_an_argument_after_double_dash_is_not_read_as_db(cli):
    result = cli("shuffle", "--seed", "1", "--json", "--", "--db", "x")
    assert result.exit_code == 0, result.stderr
    assert sorted(result.json["order"]) == ["--db", "x"]


# --- the --json promise ----------------------------------------------------------------------

PLAY = [
    ("hoopers", "play"),
    ("hoopers", "series", "play"),
    ("allstar", "play"),
    ("playlist", "play"),
    ("playlist", "solo", "play"),
    ("otdraft", "play"),
]


@pytest.mark.parametrize("command", PLAY, ids=" ".join)
def test_interactive_commands_answer_json_with_one_line(cli, command):
    result = cli(*command, "--json")
    assert_user_error(result, f"'companion {' '.join(command)}' is interactive")


@pytest.mark.parametrize("command", PLAY, ids=" ".join)
def test_interactive_commands_say_so_in_their_help(cli, command):
    shown = cli(*command, "--help").stdout
    assert "Interactive:" in shown and "--json" in shown


def test_every_leaf_command_takes_json_including_demo_and_play():
    root = typer.main.get_command(app)

    def leaves(command, ctx, path):
        subs = getattr(command, "list_commands", None)
        if subs is None:
            yield path, command
            return
        for name in subs(ctx):
            sub = command.get_command(ctx, name)
            yield from leaves(sub, typer.Context(sub, info_name=name, parent=ctx), f"{path} {name}")

    found = list(leaves(root, typer.Context(root, info_name="companion"), "companion"))
    assert {"companion demo", "companion hoopers play"} <= {path for path, _ in found}
    without = [p for p, c in found if "--json" not in {o for x in c.params for o in x.opts}]
    assert without == []


def test_demo_json_is_one_document_of_steps(cli):
    result = cli("demo", "table", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)  # the whole of stdout: nothing else printed
    assert document["format"] == "companion-demo" and document["seed"] == 7
    (demo,) = document["demos"]
    steps = demo["steps"]
    assert [s["command"].split()[:2] for s in steps][:2] == [["companion", "roll"]] * 2
    assert all(s["command"].startswith("companion ") and s["output"] for s in steps)
    recorded = [r for s in steps for r in s["recorded"]]
    assert [r["game"] for r in recorded] == ["table"]
    assert recorded[0]["status"] == "finished" and len(recorded[0]["events"]) == 3
    # What it recorded is in the database the demo used.
    history = cli("history", "show", recorded[0]["match"], "--json")
    assert history.exit_code == 0


@pytest.mark.slow
def test_the_whole_demo_as_json(cli):
    result = cli("demo", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    names = [d["demo"] for d in document["demos"]]
    # In the registry's order: each game, and the Series after the match it is made of.
    assert names == ["table", "hoopers", "series", "allstar", "playlist", "otdraft"]
    assert all(d["steps"] for d in document["demos"])


def test_the_readme_says_exactly_which_commands_take_json():
    readme = (ROOT / "README.md").read_text()
    sentence = next(line for line in readme.splitlines() if "`--json`" in line)
    paragraph = readme[readme.index(sentence) :].split("\n\n")[0]
    assert "interactive" in paragraph and "play" in paragraph and "demo --json" in paragraph
