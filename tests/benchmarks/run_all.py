"""Run every benchmark and print its figures, one section each.

    python tests/benchmarks/run_all.py            # the full set (about 20-30 minutes)
    python tests/benchmarks/run_all.py --quick    # smaller sizes, a few minutes

Benchmarks are run on demand, never by pytest: they print medians and
spreads and assert nothing. docs/performance.md and docs/reliability.md
record a run of this script and say on what machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

HERE = Path(__file__).resolve().parent

# script -> (full arguments, quick arguments)
BENCHMARKS: dict[str, tuple[list[str], list[str]]] = {
    "startup.py": (["--runs", "30"], ["--runs", "8"]),
    "store_append.py": (["--sizes", "0,1000,10000,100000"], ["--sizes", "0,1000,10000"]),
    "hoopers_speed.py": ([], []),
    "allstar_best.py": ([], []),
    "playlist_solve.py": ([], ["--hands", "20"]),
    "otdraft_score.py": ([], []),
    "history_bench.py": ([], ["--sizes", "10000", "--runs", "2"]),
    "web_latency.py": (["--writes", "50", "--idle", "30"], ["--writes", "20", "--idle", "5"]),
    "seat_latency.py": (["--taps", "100"], ["--taps", "20"]),
    "ratings_bench.py": ([], ["--runs", "3"]),
    "torture.py": (["kill", "--trials", "300"], ["kill", "--trials", "30", "--archived", "1000"]),
    "torture.py writers": (["writers"], ["writers", "--ops", "100"]),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", help="run the benchmarks whose name contains this")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(HERE.parents[1])}
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, python {platform.python_version()}"
    )
    summary = []
    for name, (full, quick) in BENCHMARKS.items():
        if args.only and args.only not in name:
            continue
        script = HERE / name.split()[0]
        argv = [sys.executable, str(script), *(quick if args.quick else full)]
        print(f"\n=== {name} {' '.join(argv[2:])}", flush=True)
        started = time.perf_counter()
        code = subprocess.run(argv, env=env).returncode
        summary.append((name, code, time.perf_counter() - started))
    print("\n=== summary")
    print(f"{'benchmark':<22} {'exit':>4} {'seconds':>8}")
    for name, code, seconds in summary:
        print(f"{name:<22} {code:>4} {seconds:>8.1f}")


if __name__ == "__main__":
    main()
