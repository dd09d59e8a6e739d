"""How fast history answers over a big archive (run on demand; prints figures).

    python tests/benchmarks/history_bench.py [--sizes 10000 100000] [--runs 3]

Goals (issue 8): `history stats` and `history list` over 10,000 finished
matches within a second, over 100,000 within ten; export and import of
10,000 matches within ten seconds. Each command runs as a real `companion`
process (start-up included). "cold" is the first query after the archive
was written (the per-shard summary index is built then); "warm" is the
median of the following runs.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from history_generate import fill  # noqa: E402


def cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(db: Path, *args: str) -> tuple[float, float]:
    """(wall, CPU) seconds of one companion process; CPU is what a busy machine cannot inflate."""
    started, spent = time.perf_counter(), cpu()
    subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(db), *args],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - started, cpu() - spent


def timed(db: Path, runs: int, *args: str) -> tuple[tuple[float, float], tuple[float, float]]:
    cold = run(db, *args)
    warm = [run(db, *args) for _ in range(runs)]
    return cold, (statistics.median(w for w, _ in warm), statistics.median(c for _, c in warm))


def show(label: str, figures: tuple[float, float]) -> str:
    return f"{label} {figures[0]:6.2f} s (cpu {figures[1]:5.2f} s)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            db = Path(tmp) / f"h{size}.json"
            built = fill(db, size)
            load = os.getloadavg()[0]
            print(
                f"{size} matches archived in {built:.1f} s "
                f"(load average {load:.1f}, {os.cpu_count()} CPUs)"
            )
            # Cold = the first query after writing, which builds the summary index.
            for label, cmd in (
                ("stats", ("history", "stats", "--json")),
                ("list", ("history", "list", "--json")),
                ("stats --player", ("history", "stats", "--player", "Ana", "--json")),
            ):
                cold, warm = timed(db, args.runs, *cmd)
                print(f"  {label:<15} {show('cold', cold)}   {show('warm', warm)}")
            if size <= 10_000:
                out = Path(tmp) / "backup.json"
                exported = run(db, "history", "export", "--output", str(out))
                size_mb = out.stat().st_size / 1e6
                imported = run(Path(tmp) / f"restore{size}.json", "history", "import", str(out))
                print(f"  {show('export json', exported)} ({size_mb:.0f} MB)")
                print(f"  {show('import json', imported)}")
                csv = run(db, "history", "export", "-f", "csv", "-o", str(Path(tmp) / "h.csv"))
                print(f"  {show('export csv ', csv)}")


if __name__ == "__main__":
    main()
