"""Failpoint torture: every multi-file operation, killed or failed at every durable write.

    python tests/benchmarks/torture_failpoints.py [--ops finish,undo,...] [--kinds ...]

For each operation of `tests/store/ops.py` (finish, abandon, undo, delete,
import, a manual record, players rename and merge, `companion log`, …) and
each failpoint kind — `before-write:N` and `write:N` (the process exits 137
there, as if killed), `enospc:N` (that write fails: disk full) and `erofs:N`
(it fails: read-only) — N walks 1, 2, … over every durable write the operation
makes. Each run is a real process; then the real CLI runs as the next command
(`companion history list --json`, then `players list --json`) and must
recover; then a write (`companion players rename`) must leave no temp file and
no journal behind. A run counts as

- recovered: the next command saw the database exactly as before the
  operation or exactly as after it, and as after it if the operation said it
  was done (exit 0), and as before it if it was refused (exit 2, one line);
- lost: anything else (a match missing, held twice, a half-applied import,
  a traceback, a leftover after the next write).

Prints one row per operation and kind, and the totals, for docs/reliability.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion.store.failpoint import KILLED, VARIABLE  # noqa: E402
from tests.store import ops  # noqa: E402

OPS = ROOT / "tests" / "store" / "ops.py"
ENV = {k: v for k, v in os.environ.items() if k not in (VARIABLE, "COMPANION_DB")}
ENV["PYTHONPATH"] = str(ROOT)
KINDS = ("before-write", "write", "enospc", "erofs")


def run_op(db: Path, op: str, spec: str | None) -> subprocess.CompletedProcess[str]:
    env = dict(ENV)
    if spec:
        env[VARIABLE] = spec
    return subprocess.run(
        [sys.executable, str(OPS), str(db), op], env=env, capture_output=True, text=True
    )


def cli(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(db), *args],
        env=ENV,
        capture_output=True,
        text=True,
    )


def seen_by_cli(db: Path) -> tuple[dict, str]:
    """The next command's view: (state, problems)."""
    listed = cli(db, "history", "list", "--json", "--limit", "1000")
    players = cli(db, "players", "list", "--json")
    problems = ""
    for done in (listed, players):
        if done.returncode != 0 or "Traceback" in done.stderr:
            problems += f"next command exit {done.returncode}: {done.stderr.strip()[:200]} "
    if problems:
        return {}, problems
    matches = sorted(
        (_stable_id(m), m["status"], m["events"], json.dumps(m["result"]))
        for m in json.loads(listed.stdout)["matches"]
    )
    names = sorted(p["player"] for p in json.loads(players.stdout)["players"])
    return {"matches": matches, "players": names}, ""


def _stable_id(listed: dict) -> str:
    """A logged game gets a fresh random id each run: name it by when and who."""
    if listed.get("logged"):
        return f"logged {listed['finished']} {','.join(listed['players'])}"
    return listed["id"]


def copy(base: Path, work: Path) -> Path:
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(base, work)
    return work / "db.json"


def count_points(base: Path, work: Path, op: str) -> int:
    """How many durable writes `op` makes (a failpoint that never fires counts them)."""
    done = run_op(copy(base, work), op, ops.COUNT)
    return int(done.stdout.strip().splitlines()[-1])


def walk(base: Path, work: Path, op: str, kind: str) -> dict[str, int]:
    pre, problem = seen_by_cli(copy(base, work))
    assert not problem, problem
    db = copy(base, work)
    assert run_op(db, op, None).returncode == 0
    post, problem = seen_by_cli(db)
    assert not problem and post != pre, problem
    points = count_points(base, work, op)
    tally = {"points": points, "tried": 0, "recovered": 0, "lost": 0, "killed": 0, "refused": 0}
    for n in range(1, points + 1):
        db = copy(base, work)
        done = run_op(db, op, f"{kind}:{n}")
        tally["tried"] += 1
        seen, problem = seen_by_cli(db)
        err = done.stderr.strip().splitlines()
        if "Traceback" in done.stderr:
            problem += "traceback in the operation "
        elif done.returncode == 0:
            problem += "" if seen == post else "acknowledged but not all there "
        elif done.returncode == 2:
            tally["refused"] += 1
            if len(err) != 1 or not err[0].startswith("error: "):
                problem += f"refused without one error line: {err} "
            if seen != pre:
                problem += "refused but something changed "
        elif done.returncode == KILLED:
            tally["killed"] += 1
            if seen not in (pre, post):
                problem += "neither before nor after "
        else:
            problem += f"exit {done.returncode} "
        if not problem:
            if ops.duplicates(db):
                problem += f"held twice: {ops.duplicates(db)} "
            renamed = cli(db, "players", "rename", "Ivy", "Ivy2")  # the next write
            if renamed.returncode not in (0, 2) or "Traceback" in renamed.stderr:
                problem += f"next write exit {renamed.returncode} "
            if ops.leftovers(db):
                problem += f"left after the next write: {ops.leftovers(db)} "
        if problem:
            tally["lost"] += 1
            print(f"  {op} {kind}:{n}: {problem}")
        else:
            tally["recovered"] += 1
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", default=",".join(ops.OPERATIONS))
    parser.add_argument("--kinds", default=",".join(KINDS))
    args = parser.parse_args()
    started = time.perf_counter()
    totals = {"tried": 0, "recovered": 0, "lost": 0}
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "base"
        base.mkdir()
        ops.build(base)
        head = "| operation | failpoint | writes | runs | killed / refused | recovered | lost |"
        print(head + "\n|---|---|---|---|---|---|---|")
        for op in args.ops.split(","):
            for kind in args.kinds.split(","):
                tally = walk(base, Path(folder) / "work", op, kind)
                stopped = tally["killed"] if kind in ("before-write", "write") else tally["refused"]
                print(
                    f"| {op} | `{kind}:N` | {tally['points']} | {tally['tried']} | {stopped} "
                    f"| {tally['recovered']} | {tally['lost']} |",
                    flush=True,
                )
                for key in totals:
                    totals[key] += tally[key]
    took = time.perf_counter() - started
    print(
        f"\ntotal: {totals['tried']} runs, {totals['recovered']} recovered, "
        f"{totals['lost']} lost ({took:.0f} s)"
    )


if __name__ == "__main__":
    main()
