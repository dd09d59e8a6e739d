"""Benchmark: recording one event into a live match as the archive grows.

    python tests/benchmarks/store_append.py [--sizes 0,1000,10000,100000] [--repeat 40]

Builds a database with N archived matches (realistic documents: four players,
60 events each, a result), then times `Store.update_live` (one event) into a live match,
as whole in-process calls (lock, read, write, fsync, replace). Prints the
median and spread per size; the goal is a flat line (largest within 1.2x of
the smallest).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from companion.store import Store
from companion.store.schema import stamp

sys.path.insert(0, str(Path(__file__).resolve().parent))
from machine import describe  # noqa: E402

GAMES = ("hoopers", "allstar", "playlist", "otdraft")


def archived_match(n: int) -> dict:
    game = GAMES[n % 4]
    players = [f"Player{(n + k) % 12}" for k in range(4)]
    events = [
        {
            "type": "score",
            "data": {"player": players[e % 4], "points": e % 7},
            "at": "2026-01-01T20:00:00+00:00",
        }
        for e in range(60)
    ]
    scores = {p: 10 + (n * 7 + i * 3) % 40 for i, p in enumerate(players)}
    return {
        "id": f"a{n:07d}",
        "game": game,
        "players": players,
        "options": {},
        "seed": n,
        "status": "finished",
        "created": "2026-01-01T20:00:00+00:00",
        "updated": "2026-01-01T22:00:00+00:00",
        "finished": "2026-01-01T22:00:00+00:00",
        "events": events,
        "result": {"scores": scores, "winner": max(scores, key=scores.get)},
    }


def build(folder: Path, archived: int) -> Store:
    store = Store(folder / "db.json")
    store.archive_dir.mkdir()
    # One shard per 5,000 matches, as months of heavy play would give.
    for start in range(0, archived, 5000):
        docs = {str(i + 1): archived_match(start + i) for i in range(min(5000, archived - start))}
        shard = store.archive_dir / f"2026-{start // 5000 + 1:02d}.{store.machine}.json"
        shard.write_text(json.dumps(stamp({"matches": docs})))
    store.start_match("hoopers", ["Keepers", "Cobras"], seed=1)
    for n in range(100):  # a live match well into its second half
        shot = {"team": "Keepers", "roll": 45, "n": n}
        store.update_live("hoopers", lambda _m, shot=shot: [{"type": "shot", "data": shot}])
    return store


def time_append(store: Store, n: int) -> float:
    start = time.perf_counter()
    shot = {"team": "Cobras", "roll": 50, "n": n}
    store.update_live("hoopers", lambda _m: [{"type": "shot", "data": shot}])
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="0,1000,10000,100000")
    parser.add_argument("--repeat", type=int, default=60)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(describe())
    with tempfile.TemporaryDirectory() as root:
        stores = {}
        for size in sizes:
            (Path(root) / str(size)).mkdir()
            stores[size] = build(Path(root) / str(size), size)
        # Round-robin over the sizes, so background load falls on all alike.
        samples: dict[int, list[float]] = {size: [] for size in sizes}
        for n in range(args.repeat):
            for size in sizes:
                samples[size].append(time_append(stores[size], n))
    print(f"{'archived':>9} {'median ms':>10} {'p10 ms':>8} {'p90 ms':>8}")
    medians = []
    for size in sizes:
        q = statistics.quantiles(samples[size], n=10)
        medians.append(statistics.median(samples[size]))
        print(f"{size:>9} {medians[-1]:>10.2f} {q[0]:>8.2f} {q[-1]:>8.2f}")
    print(f"largest/smallest median: {max(medians) / min(medians):.2f}x")


if __name__ == "__main__":
    main()
