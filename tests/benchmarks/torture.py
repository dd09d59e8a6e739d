"""Crash and concurrency torture for the store. Prints what it injected and found.

    python tests/benchmarks/torture.py kill [--trials 300] [--archived 10000]
    python tests/benchmarks/torture.py writers [--processes 2,4] [--ops 300]

`kill`: a writer does random appends, edits, deletes and undos on a database
with N archived matches; each trial kills it with SIGKILL at a point spread
across one write cycle. After every kill the database must load, hold every
acknowledged change, and differ from the acknowledged state by at most the one
operation that was in flight. Temp files left by interrupted writes must be gone
after the next write.

`writers`: 2 and 4 processes append at once; every event must be there once.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.store import Store
from companion.store.atomic import TMP_PREFIX

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
sys.path.insert(0, str(HERE))

from store_append import build  # noqa: E402


def expected_state(ops: list[list[str]]) -> tuple[list[str], dict[str, str]]:
    events: list[str] = []
    docs: dict[str, str] = {}
    for op in ops:
        if op[0] == "append":
            events.append(op[1])
        elif op[0] == "put":
            docs[op[1]] = op[2]
        elif op[0] == "delete":
            docs.pop(op[1], None)
        elif op[0] == "undo" and events:
            events.pop()
    return events, docs


def actual_state(store: Store) -> tuple[list[str], dict[str, str]]:
    events = [e["data"].get("tag") for e in store.current_match("hoopers")["events"]]
    return events, store.all_docs("torture")


def kill_trials(trials: int, archived: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = build(Path(folder), archived)
        store.undo_events("hoopers", 1)  # start from the builder's events, known
        base_events = [e["data"].get("tag") for e in store.current_match("hoopers")["events"]]
        acked: list[list[str]] = []
        torn = lost = silent = 0
        for trial in range(trials):
            proc = subprocess.Popen(
                [
                    sys.executable,
                    str(HERE / "torture_writer.py"),
                    str(store.path),
                    str(trial),
                    "400",
                ],
                stdout=subprocess.PIPE,
                text=True,
                env=ENV,
            )
            lines = [proc.stdout.readline(), proc.stdout.readline()]
            started = time.perf_counter()
            lines += [proc.stdout.readline(), proc.stdout.readline()]
            cycle = time.perf_counter() - started
            time.sleep(cycle * (trial % 20) / 20)
            proc.send_signal(signal.SIGKILL)
            out, _ = proc.communicate()
            lines += out.splitlines()
            torn += bool(list(Path(folder).glob(f"{TMP_PREFIX}*")))
            in_flight = None
            for line in lines:
                word, _, payload = line.strip().partition(" ")
                if word not in ("begin", "ack") or not payload.endswith("]"):
                    continue  # a line the kill cut short: nothing was acknowledged by it
                if word == "begin":
                    in_flight = json.loads(payload)
                else:
                    acked.append(json.loads(payload))
                    in_flight = None
            events, docs = actual_state(Store(store.path))  # must load
            want = expected_state(acked)
            want = (base_events + want[0], want[1])
            if (events, docs) != want:
                if in_flight is not None:
                    alt = expected_state([*acked, in_flight])
                    if (events, docs) == (base_events + alt[0], alt[1]):
                        acked.append(in_flight)  # it landed before the kill
                        continue
                missing = [e for e in want[0] if e not in events]
                lost += len(missing)
                silent += 1
                print(f"trial {trial}: state differs (missing {missing[:3]})")
                acked = []  # re-base to avoid counting the same loss again
                base_events = events
        final = [{"type": "tick", "data": {"tag": "final"}}]
        Store(store.path).update_live("hoopers", lambda _m: final)
        leftovers = list(Path(folder).glob(f"{TMP_PREFIX}*"))
        print(f"kill: {trials} kills with {archived} archived matches")
        print(f"  kills that interrupted a write (temp file left): {torn}")
        print(f"  acknowledged changes lost: {lost}; trials with a silent change: {silent}")
        print(f"  temp files left after the next write: {len(leftovers)}")


def writer_trials(processes: list[int], ops: int) -> None:
    for count in processes:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "db.json"
            store = Store(path)
            store.start_match("hoopers", ["A", "B"])
            code = (
                "import sys; from companion.store import Store; s = Store(sys.argv[1]);"
                "[s.update_live('hoopers', lambda m, n=n:"
                " [{'type': 't', 'data': {'w': sys.argv[2], 'n': n}}])"
                " for n in range(int(sys.argv[3]))]"
            )
            started = time.perf_counter()
            procs = [
                subprocess.Popen([sys.executable, "-c", code, str(path), str(w), str(ops)], env=ENV)
                for w in range(count)
            ]
            codes = [p.wait() for p in procs]
            elapsed = time.perf_counter() - started
            events = [
                (e["data"]["w"], e["data"]["n"]) for e in store.current_match("hoopers")["events"]
            ]
            expected = {(str(w), n) for w in range(count) for n in range(ops)}
            print(
                f"writers: {count} processes x {ops} appends in {elapsed:.1f} s;"
                f" exit codes {set(codes)}; lost {len(expected - set(events))};"
                f" duplicates {len(events) - len(set(events))}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["kill", "writers"])
    parser.add_argument("--trials", type=int, default=300)
    parser.add_argument("--archived", type=int, default=10_000)
    parser.add_argument("--processes", default="2,4")
    parser.add_argument("--ops", type=int, default=300)
    args = parser.parse_args()
    if args.mode == "kill":
        kill_trials(args.trials, args.archived)
    else:
        writer_trials([int(p) for p in args.processes.split(",")], args.ops)


if __name__ == "__main__":
    main()
