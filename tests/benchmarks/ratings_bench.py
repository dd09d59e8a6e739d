"""How fast `history ratings` rates a big history (run on demand; prints figures).

    python tests/benchmarks/ratings_bench.py [--count 10000] [--runs 5]

Goal (issue 16): 10,000 matches rated in under a second. Two figures:
the rating itself (`companion.history.ratings.ratings` over 10,000
generated matches of all four games, `history_generate.py`), in process,
median of the runs with its CPU time; and `history ratings --json` as a
whole `companion` process over the same archive (start-up, loading the
summaries and printing included), which is what a user waits for; and
`history stats --json`, which rates too (its rating column).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from history_bench import run  # noqa: E402
from history_generate import fill, generate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    from companion.history.ratings import is_rated, model, ratings

    model()  # import openskill before timing
    matches = generate(args.count)
    rated = sum(1 for m in matches if is_rated(m))
    walls, cpus = [], []
    for _ in range(args.runs):
        wall, cpu = time.perf_counter(), time.process_time()
        rows = ratings(matches)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    print(
        f"ratings of {args.count} matches ({rated} rated, {len(rows)} player-game lines), "
        f"in process: {statistics.median(walls):.2f} s wall, {statistics.median(cpus):.2f} s CPU "
        f"(median of {args.runs}; load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "h.json"
        fill(db, args.count)
        run(db, "history", "ratings", "--json")  # cold: builds the summary index
        warm = [run(db, "history", "ratings", "--json") for _ in range(3)]
        wall = statistics.median(w for w, _ in warm)
        cpu = statistics.median(c for _, c in warm)
        print(f"`history ratings --json` over {args.count}: {wall:.2f} s wall, {cpu:.2f} s CPU")
        # `history stats` computes the same ratings for its rating column.
        warm = [run(db, "history", "stats", "--json") for _ in range(3)]
        wall = statistics.median(w for w, _ in warm)
        cpu = statistics.median(c for _, c in warm)
        print(f"`history stats --json` over {args.count}: {wall:.2f} s wall, {cpu:.2f} s CPU")


if __name__ == "__main__":
    main()
