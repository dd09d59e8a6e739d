"""Issue 21: a game installed as its own package (examples/coinrace) appears in every face.

The package is installed with pip into a temporary folder, without network, and found
through its `companion.games` entry point alone: nothing in `companion/` names it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import registry
from tests.conftest import assert_user_error
from tests.pip_target import pip_install

pytestmark = pytest.mark.slow  # pip builds and installs a package: seconds

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "coinrace"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("site")
    done = pip_install(target, EXAMPLE)
    assert done.returncode == 0, done.stderr
    return target


@pytest.fixture
def coinrace(installed: Path, monkeypatch: pytest.MonkeyPatch):
    """This process sees the installed package, as `PYTHONPATH=TARGET companion` would."""
    monkeypatch.syspath_prepend(str(installed))
    registry.refresh()
    yield installed
    monkeypatch.undo()
    for name in [m for m in sys.modules if m == "coinrace" or m.startswith("coinrace.")]:
        del sys.modules[name]
    registry.refresh()


def race_to_the_end(cli) -> str:
    started = cli("coinrace", "start", "--players", "Ann,Bob", "--seed", "4", "--json")
    assert started.exit_code == 0, started.stderr
    for _ in range(60):
        status = cli("coinrace", "status", "--json").json
        if status["next"].endswith("won: end it"):
            break
        assert cli("coinrace", "flip", "--json").exit_code == 0
    ended = cli("coinrace", "end", "--json")
    assert ended.exit_code == 0, ended.stderr
    return started.json["id"]


def test_a_separate_process_finds_the_game_by_its_entry_point(installed, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(installed), "COMPANION_DB": str(tmp_path / "db.json")}
    run = [sys.executable, "-m", "companion"]
    listed = subprocess.run([*run, "--help"], env=env, capture_output=True, text=True)
    assert "coinrace" in listed.stdout and "first to three heads" in listed.stdout
    started = subprocess.run(
        [*run, "coinrace", "start", "--players", "Ann,Bob", "--json"],
        env=env, capture_output=True, text=True,
    )  # fmt: skip
    assert started.returncode == 0, started.stderr
    assert '"next": "Ann flips"' in started.stdout
    without = {k: v for k, v in env.items() if k != "PYTHONPATH"}
    gone = subprocess.run([*run, "coinrace", "status"], env=without, capture_output=True, text=True)
    assert gone.returncode == 2 and "no such command 'coinrace'" in gone.stderr.lower()


def test_the_cli_plays_it_start_flip_undo_end_abandon(cli, coinrace):
    assert cli("coinrace", "start", "--players", "Ann,Bob", "--seed", "4").exit_code == 0
    flipped = cli("coinrace", "flip", "--json")
    assert flipped.exit_code == 0 and flipped.json["next"] == "Bob flips"
    undone = cli("coinrace", "undo", "--json")
    assert undone.json["undone"] == "flip" and undone.json["next"] == "Ann flips"
    assert_user_error(cli("coinrace", "end"), "nobody has 3 heads yet")
    assert cli("coinrace", "abandon", "--json").json["status"] == "abandoned"
    assert_user_error(cli("coinrace", "status"), "no live coinrace match")
    race = race_to_the_end(cli)
    shown = cli("history", "show", race, "--json").json
    assert shown["status"] == "finished" and shown["result"]["winner"] in ("Ann", "Bob")


def test_watch_draws_it_with_its_own_renderer(cli, coinrace):
    assert cli("coinrace", "start", "--players", "Ann,Bob", "--seed", "4").exit_code == 0
    watched = cli("watch", "--once", "--json")
    assert watched.exit_code == 0, watched.stderr
    assert watched.json["game"] == "coinrace" and watched.json["scores"] == {"Ann": 0, "Bob": 0}
    assert watched.json["heads_to_win"] == 3
    frame = cli("watch", "--once", "--game", "coin")
    assert "coinrace match" in frame.stdout and "next: Ann flips" in frame.stdout


@pytest.fixture
def tables_asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The tables whose `log` verb files a logged game, by class name, in order."""
    from companion.tables.base import Table

    asked: list[str] = []
    real = Table.log

    def log(self, *args, **kwargs):
        asked.append(type(self).__name__)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Table, "log", log)
    return asked


def test_its_table_logs_a_game_with_the_verb_every_table_has(coinrace, db):
    from coinrace.table import CoinRaceTable

    from companion.history.log import LogRequest
    from companion.store import Store

    store = Store(db)
    logged = CoinRaceTable(store).log(LogRequest("coinrace", ("Ann=1", "Bob=3")))
    assert logged.to_json()["winner"] == "Bob"
    assert store.get_match(logged.id)["result"]["ranks"] == {"Ann": 2, "Bob": 1}


def test_log_and_history_list_show_stats_amend_replay_export(cli, coinrace, tables_asked):
    logged = cli("log", "coinrace", "Ann=3", "Bob=1", "--json")
    assert logged.exit_code == 0, logged.stderr
    assert tables_asked == ["CoinRaceTable"]
    assert (logged.json["winner"], logged.json["ranks"]) == ("Ann", {"Ann": 1, "Bob": 2})
    assert_user_error(cli("log", "coinrace", "Ann=3", "Bob=3"), "exactly one player")
    assert_user_error(cli("log", "coinrace", "Ann=3", "Bob=1", "--tribe", "Ann=x"), "--tribe")
    race = race_to_the_end(cli)
    listed = cli("history", "list", "--game", "coin", "--json").json["matches"]
    assert {m["id"] for m in listed} == {race, logged.json["id"]}
    assert cli("history", "show", logged.json["id"], "--json").json["game"] == "coinrace"
    (row,) = [g for g in cli("history", "stats", "--json").json["games"] if g["game"] == "coinrace"]
    assert row["plays"] == 2
    amended = cli("history", "amend", logged.json["id"], "Bob=4", "Ann=1", "--json")
    assert amended.exit_code == 0, amended.stderr
    assert amended.json["winner"] == "Bob" and amended.json["was"] == {"Ann": 3, "Bob": 1}
    replayed = cli("history", "replay", race, "--json").json
    assert replayed["verified"] is True and replayed["replay"] == "coinrace.rules.replay"
    csv = cli("history", "export", "--format", "csv", "--game", "coinrace").stdout
    assert csv.count(",coinrace,") == 4
    plays = cli("history", "export", "--format", "bgstats", "--json").json
    titles = {p["game"]["name"] for p in (plays if isinstance(plays, list) else plays["plays"])}
    assert titles == {"Coin race"}


def test_the_menu_starts_it_and_logs_it(cli, coinrace, scripted, tables_asked):  # noqa: F811
    scripted.answer("What now?", "start")
    scripted.expect("coinrace: a coin race")
    scripted.answer("Which game?", "coin")
    scripted.answer("Players?", "Ann,Bob")
    scripted.answer("Play the first flip now?", "no")
    scripted.expect("live: coinrace match")
    scripted.answer("What now?", "log")
    scripted.expect("coinrace: Coin race (heads each)")
    scripted.answer("Which game was played?", "coin")
    scripted.answer("Final scores?", "Ann=1 Bob=3")
    scripted.answer("When was it played?", "")
    scripted.answer("How many minutes did it take?", "")
    scripted.answer("Where was it played?", "")
    scripted.answer("A note?", "")
    scripted.expect("Bob won")
    scripted.answer("What now?", "quit")
    assert scripted.run().exit_code == 0
    assert cli("coinrace", "status", "--json").json["players"] == ["Ann", "Bob"]
    matches = cli("history", "list", "--json").json["matches"]
    (logged,) = [m for m in matches if m["status"] == "finished"]
    assert (logged["game"], logged["result"]["winner"]) == ("coinrace", "Bob")
    assert tables_asked == ["CoinRaceTable"]


def test_its_demo_runs_with_the_others(cli, coinrace):
    shown = cli("demo", "coinrace")
    assert shown.exit_code == 0, shown.stderr
    assert "$ companion coinrace flip" in shown.stdout and "won" in shown.stdout


def test_it_shows_in_the_tour(cli, coinrace):
    """Issue 32: bare `companion demo` is a screen per game; a plug-in that declares no
    tour still gets its screen, its first steps and its `--help` to try next."""
    lines = cli("demo").stdout.splitlines()
    start = lines.index("── Coin race " + "─" * 67)
    section = lines[start : lines.index("", start)]
    assert section[1] == "$ companion coinrace start --players Ann,Bob --seed 7"
    assert section[-3:] == [
        "  Bob won",
        "  (10 of 10 steps; all of them: companion demo coinrace)",
        "Try next: companion coinrace --help",
    ]
    assert len(section) <= 25
    assert cli("coinrace", "--help").exit_code == 0


def test_it_passes_the_test_kit_from_its_own_folder(installed, tmp_path):
    """`cd examples/coinrace && pytest`: the kit's contract tests (companion.testing) on it."""
    from companion.testing.contract import __all__ as contract

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(EXAMPLE.parents[1]), str(installed)])}
    env.update(COMPANION_DB=str(tmp_path / "unused.json"))
    for name in ("COMPANION_FAILPOINT", "PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER"):
        env.pop(name, None)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rA"],
        cwd=EXAMPLE, env=env, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = {line.split("::")[1] for line in done.stdout.splitlines() if line.startswith("PASSED")}
    assert {f"{test}[coinrace]" for test in contract} <= passed, done.stdout[-3000:]


def test_history_stats_sums_its_own_figures_month_by_month(cli, coinrace, db, monkeypatch):
    """Its figures (coinrace/figures.py, the spec's `stats`) are summed from each archive
    file's partial, renamed with the player, equal to counting every match."""
    import json

    from companion.history import aggregates, book
    from companion.history.queries import Filter, select
    from companion.history.stats import stats as exact_stats
    from companion.store import Store
    from companion.store.archive import archive_many, index_dir
    from tests.history.factory import match

    races = [
        match("c1", "coinrace", {"Ann": 3, "Bob": 0}, "2025-01-05"),
        match("c2", "coinrace", {"Ann": 1, "Bob": 3}, "2025-01-20"),
        match("c3", "coinrace", {"Ann": 3, "Bob": 2, "Cy": 0}, "2025-02-02"),
        match("c4", "coinrace", {"Bob": 3, "Cy": 0}, "2025-03-09"),
    ]
    store = Store(db)
    archive_many(store, races)
    assert cli("players", "rename", "Bob", "Robert").exit_code == 0
    counted: list[int] = []
    summed: list[dict] = []
    real_partial, real_document = aggregates.partial, aggregates.document

    def partial(matches):  # a month counted match by match is made again here
        made = real_partial(matches)
        counted.append(made["matches"])
        return made

    def document(total):  # only the summed path builds the document from partials
        summed.append(real_document(total))
        return summed[-1]

    monkeypatch.setattr(aggregates, "partial", partial)
    monkeypatch.setattr(aggregates, "document", document)
    got = cli("history", "stats", "--json")
    assert got.exit_code == 0, got.stderr
    (row,) = [g for g in got.json["games"] if g["game"] == "coinrace"]
    assert row["avg_heads"] == {"Ann": 2.33, "Cy": 0.0, "Robert": 2.0}
    assert row["sweeps"] == {"Ann": 1, "Robert": 1}
    assert len(summed) == 1 and counted == []  # summed, every month from its cached partial
    (cached,) = [p for p in index_dir(store).glob("*.stats.json") if "2025-02" in p.name]
    part = json.loads(json.loads(cached.read_text())["partial"])["games"]["coinrace"]["extras"]
    assert part == {"heads": {"Ann": [1, 3], "Bob": [1, 2], "Cy": [1, 0]}, "sweeps": {}}
    _, matches = book.history(store)
    assert got.stdout == json.dumps(exact_stats(select(matches, Filter()))) + "\n"
