"""Two commands at once on one database: every check happens inside the lock.

Each test holds the database's lock itself, starts two real `companion` processes,
waits until both say they are waiting for it, and lets go: whatever a command read
before it took the lock would then be stale, so a check made outside the lock fails
here every time, not one run in five.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.history.book import side_tables
from companion.store import Store
from companion.store.lock import Lock
from tests.history.factory import match, record

pytestmark = pytest.mark.slow  # real processes, a second of waiting each


def at_once(db: Path, *commands: tuple[str, ...]) -> list[subprocess.CompletedProcess]:
    """Run `commands` as processes that all queue on the lock, then release them."""
    env = {**os.environ, "COMPANION_DB": str(db), "NO_COLOR": "1"}
    lock = Lock(db, timeout=5)
    lock.acquire()
    procs = []
    try:
        for command in commands:
            procs.append(
                subprocess.Popen(
                    [sys.executable, "-m", "companion", *command],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                    env=env,
                )
            )
        for proc in procs:
            assert proc.stderr is not None
            line = proc.stderr.readline()  # the lock's notice, after a second of waiting
            assert "waiting for another companion" in line, line
    finally:
        lock.release()
    done = []
    for proc, command in zip(procs, commands, strict=True):
        out, err = proc.communicate(timeout=60)
        done.append(subprocess.CompletedProcess(command, proc.returncode, out, err))
    return done


def test_two_amendments_of_one_match_at_once_both_count(db):
    record(db, match("m1", "otdraft", {"Ana": 90, "Ben": 80, "Cy": 70}, "2026-01-10"))
    first, second = at_once(
        db, ("history", "amend", "m1", "Ana=60"), ("history", "amend", "m1", "Ben=95")
    )
    assert (first.returncode, second.returncode) == (0, 0), (first.stderr, second.stderr)
    shown = subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(db), "history", "show", "m1", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(shown.stdout)["result"]
    # Both acknowledged amendments are in the result: neither was lost.
    assert result["scores"] == {"Ana": 60, "Ben": 95, "Cy": 70}
    assert result["winner"] == "Ben"
    assert len(json.loads(shown.stdout)["amendments"]) == 2


def test_two_renames_to_one_name_at_once_never_merge_two_players(db):
    record(db, match("m1", "otdraft", {"Ann": 90, "Bob": 80}, "2026-01-10"))
    first, second = at_once(
        db, ("players", "rename", "Ann", "Zed"), ("players", "rename", "Bob", "Zed")
    )
    codes = sorted([first.returncode, second.returncode])
    assert codes == [0, 2], (first.stderr, second.stderr)
    refused = first if first.returncode == 2 else second
    assert refused.stderr.splitlines()[-1].startswith("error: player 'Zed' already exists")
    aliases, _ = side_tables(Store(db))
    # One of them is Zed now; the other keeps their own name.
    assert sorted(aliases.values()) == ["Zed"]
