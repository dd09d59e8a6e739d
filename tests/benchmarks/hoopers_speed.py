"""Valley Hoopers speed figures (run on demand: python tests/benchmarks/hoopers_speed.py).

Goals from the design: a resolution answers in well under a second, and
recording an event does not slow down as a match grows.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.engine.errors import CompanionError
from companion.engine.rng import TableRng
from companion.games.hoopers.rules.match import fold, new_match, play, tribe_roster
from companion.games.hoopers.rules.odds import shot_odds
from companion.games.hoopers.rules.shots import ShotSpec, resolve_shot
from companion.store import Store


def per_call(fn, n: int) -> float:
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - start) / n


def main() -> None:
    spec = ShotSpec("3ps", 70, (15,), 30, ft_stat=60)
    rng = TableRng(1)
    shot_cost = per_call(lambda: resolve_shot(spec, rng=rng), 20000)
    print(f"resolve_shot:          {shot_cost * 1e6:8.1f} µs")
    print(f"shot_odds (exact):     {per_call(lambda: shot_odds(spec), 2000) * 1e6:8.1f} µs")

    rosters = {"Lucy": tribe_roster("unleashed"), "Karl": tribe_roster("keepers")}
    _, options, events = new_match("Lucy", "Karl", 1, rosters=rosters)
    match = {"id": "b", "seed": 1, "options": options, "events": events}
    for i in range(300):
        state = fold(match)
        if state.over:
            break
        if i % 3 == 2:
            kind, data = "turn", {}
        else:
            team = state.attacking
            data = {
                "team": team,
                "hooper": rosters[team][i % 5],
                "defender": rosters[state.other(team)][i % 5],
                "spec": {"kind": "2ps", "stat": 60, "defense": 20},
            }
            kind = "shot"
        try:
            match["events"].append(play(match, kind, data).event)
        except CompanionError:  # an ejected or injured shooter: end the turn instead
            match["events"].append(play(match, "turn", {}).event)
    fold_cost = per_call(lambda: fold(match), 50)
    print(f"fold of a {len(match['events'])}-event match: {fold_cost * 1e3:8.2f} ms")

    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "db.json")
        _, options, events = new_match("Lucy", "Karl", 1, rosters=rosters)
        store.start_match("hoopers", ["Lucy", "Karl"], options, 1, events)

        def score(m):
            return [play(m, "score", {"team": "Lucy", "points": 1}).event]

        for size in (1, 100, 300):
            while len(store.current_match("hoopers")["events"]) < size:
                store.update_live("hoopers", score)
            cost = per_call(lambda: store.update_live("hoopers", score), 5)
            print(f"record an event at {size:3d} events: {cost * 1e3:8.2f} ms (fsync included)")

    print(f"`hoopers match shot` without --stat at 300 events: {match_shot_cost(300):8.2f} ms")

    cmd = [
        sys.executable,
        "-m",
        "companion",
        "hoopers",
        "shot",
        "3ps",
        "--stat",
        "70",
        "--bonus",
        "15",
        "--defense",
        "30",
        "--seed",
        "1",
        "--json",
    ]
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        runs.append(time.perf_counter() - start)
    print(f"`companion hoopers shot` (process, best of 5): {min(runs) * 1e3:8.1f} ms")


def match_shot_cost(size: int, runs: int = 10) -> float:
    """`hoopers match shot` without --stat (the stat remembered), in-process, on a match of
    `size` events: the reads, folds and transactions of one command (issue 21 item 4)."""
    from typer.testing import CliRunner

    from companion.cli.main import app

    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "db.json")
        runner = CliRunner()

        def cli(*args: str) -> None:
            done = runner.invoke(app, ["--db", db, "hoopers", "match", *args])
            assert done.exit_code == 0, done.output

        teams = ("--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed")
        cli("start", *teams, "--away-tribe", "keepers", "--first", "Lucy", "--seed", "1")
        cli("shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "55", "--roll", "100")
        store = Store(Path(db))
        onfire = {"team": "Karl", "hooper": "Edd Trapp", "direction": "up"}
        while len(store.current_match("hoopers")["events"]) < size:
            store.update_live("hoopers", lambda _m: [{"type": "onfire", "data": onfire}])
        from companion.games.hoopers.table import HoopersTable

        def to_lucy() -> None:
            cli("turn")
            while HoopersTable(store).status().state.attacking != "Lucy":
                cli("turn")

        to_lucy()
        total = 0.0
        for _ in range(runs):
            start = time.perf_counter()
            cli("shot", "Lucy", "2ps", "--hooper", "Muy", "--roll", "5")
            total += time.perf_counter() - start
            to_lucy()
        return total / runs * 1e3


if __name__ == "__main__":
    main()
