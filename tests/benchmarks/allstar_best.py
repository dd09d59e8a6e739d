"""How fast `allstar best` and a full ranking are (run on demand; prints figures).

.venv/bin/python tests/benchmarks/allstar_best.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from companion.engine.rng import TableRng
from companion.games.allstar.rules.best import best_team
from companion.games.allstar.rules.cards import Card
from companion.games.allstar.rules.facts import default_config
from companion.games.allstar.rules.ranking import rank_teams

CONFIG = default_config()


def hand(rng: TableRng, size: int) -> list[Card]:
    deck = [
        Card(s, n, rng.choice([*CONFIG.symbols, None]))
        for s in CONFIG.species[:6]
        for n in range(1, 10)
    ]
    return rng.sample(deck, size)


def timed(fn, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    rng = TableRng(1)
    for size in (6, 12, 18):
        cards = hand(rng, size)
        for combos in ((), ("straight", "full-house", "rainbow")):
            times = timed(lambda: best_team(cards, 4, CONFIG, combos), 5)  # noqa: B023
            label = "all arena icons" if combos else "no arena icons"
            print(
                f"best of {size:>2} cards, {label:<15}: "
                f"median {statistics.median(times) * 1000:7.1f} ms"
                f"  (max {max(times) * 1000:.1f} ms, 5 runs)"
            )
    teams = {f"M{i}": tuple(hand(rng, 5)) for i in range(6)}
    times = timed(lambda: rank_teams(teams, 6, CONFIG), 200)
    print(
        f"rank 6 teams                          : median {statistics.median(times) * 1e6:7.1f} µs"
    )
    root = Path(__file__).resolve().parents[2]
    exe = root / ".venv" / "bin" / "companion"
    cards = [str(c) for c in hand(rng, 18)]
    times = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(
            [str(exe), "--db", "/tmp/allstar-bench.json", "allstar", "best", *cards, "--json"],
            check=True,
            capture_output=True,
        )
        times.append(time.perf_counter() - start)
    print(
        "`companion allstar best` 18 cards (process): "
        f"median {statistics.median(times) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    sys.exit(main())
