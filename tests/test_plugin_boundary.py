"""Issue 28: what a plug-in brings through its spec, and what a broken one costs.

Each plug-in here is written into a temporary folder as an installed distribution would
be (a `*.dist-info/entry_points.txt` naming its spec, and its module), and run in a fresh
process with that folder on PYTHONPATH, as `pip install` would leave it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion import registry

TALLY_SPEC = """
from companion.engine.dice import Die
from companion.engine.spec import Column, Fields, GameSpec, Kind, LogOption, Logged

DICE = (Die("d3x", ("low", "mid", "high"), about="d3x of three words"),)

SPEC = GameSpec(
    name="tally",
    title="Tally",
    cli="tally.cli:app",
    kinds=(
        Kind(
            key="tally",
            title="Tally",
            log=Logged(
                title="Tally",
                rank="tally.spec:ranked",
                prepare="tally.spec:prepare",
                options=(LogOption("bonus", "--bonus", "NAME=N", "Tally: bonus points.", True),),
            ),
        ),
    ),
    fields=Fields(player_result_maps=("bonus",), csv=(Column("bonus", "bonus", True),)),
    dice="tally.spec:DICE",
    board="tally:board.js",
)


def prepare(request, players):
    from companion.engine.entries import parse_per_player

    typed = request.own.get("bonus")
    return {}, ({"bonus": parse_per_player(typed, players, "--bonus", "N")} if typed else {})


def ranked(scores, context):
    bonus = context.get("bonus") or {}
    total = {p: s + bonus.get(p, 0) for p, s in scores.items()}
    order = sorted(set(total.values()), reverse=True)
    ranks = {p: order.index(t) + 1 for p, t in total.items()}
    winner = next(p for p, r in ranks.items() if r == 1)
    return {"scores": total, "ranks": ranks, "winner": winner, "bonus": bonus}
"""

TALLY_CLI = '''
from companion.cli.common import new_app

app = new_app("Tally: count points.")


@app.command()
def hello() -> None:
    """Say hello."""
    print("hello")
'''

BOARD = 'board("tally", s => [el("h1", {}, "Tally board"), scoreCards(s)]);\n'


def install(site: Path, package: str, game: str, files: dict[str, str]) -> None:
    """`package` as pip leaves it: its dist-info naming `game`'s spec, and its module."""
    info = site / f"{package}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text(f"[companion.games]\n{game} = {package}.spec:SPEC\n")
    for name, text in files.items():
        path = site / package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    (site / package / "__init__.py").touch()


def run(site: Path, db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), *sys.path])}
    env["COMPANION_DB"] = str(db)
    return subprocess.run(
        [sys.executable, "-m", "companion", *args], env=env, capture_output=True, text=True
    )


@pytest.fixture
def tally(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    install(site, "tally", "tally", {"spec.py": TALLY_SPEC, "cli.py": TALLY_CLI, "board.js": BOARD})
    return site


def test_a_plugin_adds_its_own_log_option_per_player_key_and_csv_column(tally, tmp_path):
    db = tmp_path / "db.json"
    shown = run(tally, db, "log", "--help").stdout
    assert "--bonus NAME=N" in shown and "Tally: bonus points." in shown
    logged = run(tally, db, "log", "tally", "Ann=3", "Bob=4", "--bonus", "Ann=2", "--json")
    assert logged.returncode == 0, logged.stderr
    assert json.loads(logged.stdout)["scores"] == {"Ann": 5, "Bob": 4}
    refused = run(tally, db, "log", "playlist", "Ann=3", "Bob=4", "--bonus", "Ann=2")
    assert refused.returncode == 2
    assert refused.stderr.startswith("error: --bonus is for tally, not playlist")
    # the per-player key is renamed with the player, and is a CSV column of its own
    assert run(tally, db, "players", "rename", "Ann", "Anna").returncode == 0
    csv = run(tally, db, "history", "export", "--format", "csv").stdout.splitlines()
    assert csv[0] == "date,game,match_id,player,score,rank,winner,series,playoff,bonus"
    assert [row.split(",")[3:] for row in csv[1:]] == [
        ["Anna", "5", "1", "yes", "", "", "2"],
        ["Bob", "4", "2", "no", "", "", ""],
    ]
    # the store checks the plug-in's own field's shape at the door
    backup = json.loads(run(tally, db, "history", "export", "--format", "json").stdout)
    backup["matches"][0]["id"] = "other1"
    backup["matches"][0]["result"]["bonus"] = [2]
    (tmp_path / "bad.json").write_text(json.dumps(backup))
    imported = run(tally, db, "history", "import", str(tmp_path / "bad.json"))
    assert imported.returncode == 2 and "result.bonus" in imported.stderr, imported.stderr


def test_roll_lists_and_rolls_the_dice_a_plugin_declares(tally, tmp_path):
    db = tmp_path / "db.json"
    shown = run(tally, db, "roll", "--help").stdout
    assert (
        "d20 or d8 (Valley Hoopers dice), d3x (Tally dice), dN or NdM (NdM of a game's die"
        in " ".join(shown.split())
    )
    rolled = run(tally, db, "roll", "d3x", "--count", "4", "--seed", "3", "--json")
    assert rolled.returncode == 0, rolled.stderr
    assert set(json.loads(rolled.stdout)["results"]) <= {"low", "mid", "high"}
    assert json.loads(run(tally, db, "roll", "d20", "--seed", "1", "--json").stdout)["results"][
        0
    ] in range(5, 101, 5)


def test_the_web_page_carries_each_games_own_board(tally, monkeypatch):
    from companion.ui.web.server import page

    monkeypatch.syspath_prepend(str(tally))
    registry.refresh()
    try:
        served = page().decode()
        boards = sum(1 for game in registry.specs() if game.board)  # other plug-ins' too
    finally:
        monkeypatch.undo()
        sys.modules.pop("tally.spec", None)
        sys.modules.pop("tally", None)
        registry.refresh()
    assert 'board("tally", s => [el("h1", {}, "Tally board"), scoreCards(s)]);' in served
    assert 'board("hoopers", s =>' in served and 'board("otdraft", s =>' in served
    # each board is a script (and a block) of its own: one game's mistake stops no other's
    own = page_scripts()  # the page's own scripts, each game's board apart
    assert served.count("<script>") == own + boards and boards >= 4 + 1


def page_scripts() -> int:
    """The scripts of the page shell itself (companion/ui/web/): the board's helpers and its
    listener, the seats' shared script."""
    from importlib import resources

    shell = resources.files("companion.ui.web").joinpath("scoreboard.html").read_text()
    return shell.count("<script>") + 1  # and the one that carries the boards' blocks


BROKEN = {
    "raising": ("spec.py", "raise RuntimeError('the spec has a bug')\n"),
    "wrongtype": ("spec.py", "SPEC = {'name': 'wrongtype'}\n"),
    "older": (
        "spec.py",
        "from companion.engine.spec import GameSpec\n"
        "SPEC = GameSpec(name='older', title='Older', cli='older.cli:app', kinds=(), api=0)\n",
    ),
}


def test_a_broken_plugin_costs_one_warning_line_and_every_other_game_works(tally, tmp_path):
    for name, (file, text) in BROKEN.items():
        install(tally, f"{name}_pkg", name, {file: text})
    db = tmp_path / "db.json"
    expected = {
        "warning: game 'raising' (package raising_pkg) could not be loaded: "
        "RuntimeError: the spec has a bug",
        "warning: game 'wrongtype' (package wrongtype_pkg) could not be loaded: "
        "wrongtype_pkg.spec:SPEC is a dict, not a GameSpec",
        "warning: game 'older' (package older_pkg) could not be loaded: "
        "its spec is for API 0, this companion reads API 1.1",
    }
    helped = run(tally, db, "--help")
    assert helped.returncode == 0 and "tally" in helped.stdout and "hoopers" in helped.stdout
    assert set(helped.stderr.splitlines()) == expected
    assert len(helped.stderr.splitlines()) == 3  # each named once
    for args in (
        ("log", "playlist", "Ann=10", "Bob=5"),
        ("history", "stats", "--json"),
        ("log", "tally", "Ann=1", "Bob=2"),
        ("watch", "--once", "--json"),
    ):
        done = run(tally, db, *args)
        assert done.returncode in (0, 2), (args, done.stderr)
        assert "Traceback" not in done.stderr
        warned = [line for line in done.stderr.splitlines() if line.startswith("warning:")]
        assert len(warned) == len(set(warned)) and set(warned) <= expected, args
    assert run(tally, db, "log", "tally", "Ann=1", "Bob=2").returncode == 0
    stats = json.loads(run(tally, db, "history", "stats", "--json").stdout)
    assert stats  # history still answers with the broken games installed
    missing = run(tally, db, "raising", "hello")  # its own command says why, in one line
    assert missing.returncode == 2
    assert missing.stderr.splitlines() == [
        "error: game 'raising' is installed but broken: could not be loaded: RuntimeError: "
        "the spec has a bug (hint: 'companion plugins' lists every game and its state)"
    ]


CLASH_SPEC = """
from companion.engine.spec import GameSpec, Kind, LogOption, Logged

SPEC = GameSpec(
    name="clash",
    title="Clash",
    cli="clash_pkg.cli:app",
    kinds=(
        Kind(
            key="clash",
            title="Clash",
            log=Logged(
                title="Clash",
                rank="tally.spec:ranked",
                options=(LogOption("when", "--when", "X", "Clash: takes a shared option."),),
            ),
        ),
    ),
    dice="clash_pkg.spec:DICE",
)

DICE = 5  # not dice
"""


def test_a_plugin_option_or_die_that_cannot_be_added_costs_one_warning_line(tally, tmp_path):
    install(tally, "clash_pkg", "clash", {"spec.py": CLASH_SPEC, "cli.py": TALLY_CLI})
    db = tmp_path / "db.json"
    helped = run(tally, db, "log", "--help")
    assert helped.returncode == 0 and "--bonus NAME=N" in helped.stdout
    assert helped.stderr.splitlines() == [
        "warning: game 'clash' (package clash_pkg) has a log option that could not be added: "
        "--when (when) is taken or not a name"
    ]
    rolled = run(tally, db, "roll", "d3x", "--json")
    assert rolled.returncode == 0 and "Traceback" not in rolled.stderr
    assert rolled.stderr.startswith("warning: game 'clash' (package clash_pkg) has dice that")
