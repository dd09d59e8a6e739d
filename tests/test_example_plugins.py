"""Issue 28 item 5: two example plug-ins (examples/coinrace, examples/tug with its own web
board) installed side by side with a broken one: both work in every face, each passes the
test kit (companion.testing) from its own folder, and the broken one costs one warning line.

The packages are installed with pip into a temporary folder, without network; the broken
one is written as pip leaves a package (its dist-info and its module).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import registry
from companion.testing import assert_user_error
from companion.testing.contract import __all__ as CONTRACT
from tests.pip_target import pip_install

pytestmark = pytest.mark.slow  # pip builds and installs two packages: seconds

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
BROKEN = "warning: game 'broken' (package broken_pkg) could not be loaded: RuntimeError: oops"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("site")
    done = pip_install(target, EXAMPLES / "coinrace", EXAMPLES / "tug")
    assert done.returncode == 0, done.stderr
    info = target / "broken_pkg-0.1.dist-info"
    info.mkdir()
    (info / "entry_points.txt").write_text("[companion.games]\nbroken = broken_pkg.spec:SPEC\n")
    (target / "broken_pkg").mkdir()
    (target / "broken_pkg" / "__init__.py").touch()
    (target / "broken_pkg" / "spec.py").write_text("raise RuntimeError('oops')\n")
    return target


def env_with(site: Path, db: Path) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(site)])}
    env.update(COMPANION_DB=str(db), COMPANION_MACHINE="here")
    for name in ("COMPANION_FAILPOINT", "PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER"):
        env.pop(name, None)
    return env


def run(site: Path, db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        env=env_with(site, db), capture_output=True, text=True,
    )  # fmt: skip


def warnings(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stderr.splitlines() if line.startswith("warning:")]


def test_both_work_and_the_broken_one_costs_one_warning_line(site, tmp_path):
    db = tmp_path / "db.json"
    helped = run(site, db, "--help")
    assert helped.returncode == 0
    assert "first to three heads" in helped.stdout and "pull the rope" in helped.stdout
    assert helped.stderr.splitlines() == [BROKEN]
    for game, move in (("coinrace", "flip"), ("tug", "pull")):
        started = run(site, db, game, "start", "--players", "Ann,Bob", "--seed", "3", "--json")
        # a game's own command loads that game alone: the broken one says nothing here
        assert started.returncode == 0 and started.stderr.splitlines() == [], started.stderr
        assert json.loads(started.stdout)["next"] == f"Ann {move}s"
        moved = run(site, db, game, move, "--json")
        assert json.loads(moved.stdout)["next"] == f"Bob {move}s"
        watched = run(site, db, "watch", "--once", "--json", "--game", game)
        assert json.loads(watched.stdout)["game"] == game and warnings(watched) == [BROKEN]
        assert run(site, db, game, "abandon").returncode == 0
    logged = run(site, db, "log", "tug", "Ann=1", "Bob=3", "--json")
    assert json.loads(logged.stdout)["winner"] == "Bob"
    listed = json.loads(run(site, db, "history", "list", "--json").stdout)["matches"]
    assert sorted(m["game"] for m in listed) == ["coinrace", "tug", "tug"]
    demo = run(site, tmp_path / "demo.json", "demo", "tug")
    assert demo.returncode == 0 and "$ companion tug pull" in demo.stdout
    assert warnings(demo) == [BROKEN]
    missing = run(site, db, "broken", "status")  # its own command says why, in one line
    assert missing.returncode == 2
    assert missing.stderr.startswith("error: game 'broken' is installed but broken: could not")


def test_a_move_of_a_built_in_game_loads_no_plug_in(site, tmp_path):
    """Issue 42 item 4: a Valley Hoopers match, its moves, its status and its end load its
    own game alone: the broken plug-in installed beside it says nothing."""
    db = tmp_path / "db.json"
    start = ("hoopers", "match", "start", "--home", "Ann", "--away", "Bob", "--home-tribe",
             "keepers", "--away-tribe", "unleashed", "--first", "Ann", "--seed", "2")  # fmt: skip
    for argv in (start, ("hoopers", "match", "score", "Ann", "3"), ("hoopers", "match", "status"),
                 ("hoopers", "shot", "2ps", "--stat", "70", "--roll", "45"),
                 ("hoopers", "match", "undo"), ("hoopers", "match", "abandon")):  # fmt: skip
        done = run(site, db, *argv)
        assert done.returncode == 0, (argv, done.stderr)
        assert warnings(done) == [], argv


def test_the_web_page_carries_the_tug_board_and_warns_once(site, tmp_path):
    shown = subprocess.run(
        [sys.executable, "-c", "from companion.ui.web.server import page; print(page().decode())"],
        env=env_with(site, tmp_path / "db.json"), capture_output=True, text=True,
    )  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    assert 'board("tug", s =>' in shown.stdout and "Tug of war" in shown.stdout
    assert shown.stderr.splitlines() == [BROKEN]


@pytest.fixture
def installed(site: Path, monkeypatch: pytest.MonkeyPatch):
    """This process sees the installed packages, as `PYTHONPATH=SITE companion` would."""
    monkeypatch.syspath_prepend(str(site))
    registry.refresh()
    yield site
    monkeypatch.undo()
    for name in [m for m in sys.modules if m.split(".")[0] in ("coinrace", "tug", "broken_pkg")]:
        del sys.modules[name]
    registry.refresh()


def test_the_menu_offers_both_and_starts_the_tug(cli, installed, scripted, capsys):
    scripted.answer("What now?", "start")
    scripted.expect("coinrace: a coin race")
    scripted.expect("tug: a tug of war")
    scripted.answer("Which game?", "tug")
    scripted.answer("Players?", "Ann,Bob")
    scripted.answer("Play the first pull now?", "no")
    scripted.expect("live: tug match")
    scripted.answer("What now?", "quit")
    assert scripted.run().exit_code == 0
    assert cli("tug", "status", "--json").json["rope"] == 0
    assert_user_error(cli("tug", "start", "--players", "Ann,Bob"), "already live")


def test_the_reference_generator_leaves_installed_games_out(installed):
    from companion.tools.generate import main as generate

    assert "tug" in registry.names()
    assert generate(["--check"]) == 0, "an installed game changed the generated reference"
    assert "tug" in registry.names()  # looked for again afterwards


@pytest.mark.parametrize("game", ["coinrace", "tug"])
def test_each_passes_the_test_kit_from_its_own_folder(site, tmp_path, game):
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rA"],
        cwd=EXAMPLES / game, env=env_with(site, tmp_path / "unused.json"),
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = {line.split("::")[1] for line in done.stdout.splitlines() if line.startswith("PASSED")}
    assert {f"{test}[{game}]" for test in CONTRACT} <= passed, done.stdout[-3000:]


def test_the_kit_takes_every_installed_game_unless_named(site, tmp_path):
    def kit(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rA", *args],
            cwd=EXAMPLES / "tug", env=env_with(site, tmp_path / "unused.json"),
            capture_output=True, text=True,
        )  # fmt: skip

    every = kit("-o", "companion_games=", "tests/test_contract.py")  # none named: installed ones
    assert every.returncode == 0, every.stdout[-3000:]
    passed = [line for line in every.stdout.splitlines() if line.startswith("PASSED")]
    # the broken one left out, and no built-in game taken
    assert {line.rsplit("[", 1)[1] for line in passed} == {"coinrace]", "tug]"}
    unknown = kit("--companion-games", "nosuch")
    assert unknown.returncode == 4  # pytest's usage error
    assert "companion_games: no installed game is called 'nosuch'" in unknown.stderr
