"""How fast the exact solo solver is (run on demand; prints figures, asserts nothing).

.venv/bin/python tests/benchmarks/playlist_solve.py [--hands 200] [--sizes 20,30] [--first 0]

Hands are dealt from the synthetic 80-card box in companion/games/playlist/rules/synthetic.py
(seed s builds a box and deals one hand from it; seeds run from --first). Goals from
issue 6: 20 cards within 1 s, 30 cards within 10 s, on this machine. Seed 1685's 30 cards,
where a playlist through every card would score one more, took 10–20 s before the
solver's covering check, and tens of milliseconds since.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from companion.games.playlist.rules.solver import best_playlist
from companion.games.playlist.rules.synthetic import synthetic_hand

sys.path.insert(0, str(Path(__file__).resolve().parent))
from machine import describe  # noqa: E402

GOALS = {20: 1.0, 30: 10.0}


def measure(size: int, hands: int, first: int = 0) -> None:
    rows = []
    for seed in range(first, first + hands):
        hand = synthetic_hand(seed, size)
        started = time.perf_counter()
        best = best_playlist(hand)
        took = time.perf_counter() - started
        assert best.optimal
        rows.append((took, seed, best.score.total, len(best.playlist), best.nodes, best.wins))
    times = sorted(r[0] for r in rows)
    worst = max(rows)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    goal = GOALS.get(size)
    over = sum(1 for t in times if goal is not None and t >= goal)
    print(
        f"{size} cards, {hands} hands (seeds {first}–{first + hands - 1}): "
        f"median {statistics.median(times) * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, worst {worst[0] * 1000:.1f} ms "
        f"(seed {worst[1]}: {worst[2]} points, {worst[3]} songs, {worst[4]} positions); "
        f"mean best {statistics.mean(r[2] for r in rows):.1f} points, "
        f"{sum(r[5] for r in rows)}/{hands} reach 10"
        + (f"; {over} at or over the {goal:g} s goal" if goal else "")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--sizes", default="20,30")
    parser.add_argument("--first", type=int, default=0, help="first seed")
    args = parser.parse_args()
    print(describe())
    for size in (int(s) for s in args.sizes.split(",")):
        measure(size, args.hands, args.first)


if __name__ == "__main__":
    main()
