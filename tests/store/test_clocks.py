"""Records are folded in the order of a hybrid logical clock, not of the wall clock.

A change the companion acknowledged is never undone by an earlier one because a clock
was behind when it was written (stepped back by NTP, a dead battery, a user), and a
machine whose clock runs years ahead does not win the renames others make after they
have read its records (companion.store.clock, docs/reliability.md). The time source is
replaced in-process: nothing sleeps.
"""

from __future__ import annotations

import shutil
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from companion.store import clock

START = datetime.fromisoformat("2026-12-02T10:00:00+00:00")


class Clock:
    """A wall clock the test sets (`at`) and steps (`step`)."""

    def __init__(self) -> None:
        self.now = START

    def step(self, **delta: float) -> None:
        self.now += timedelta(**delta)

    def __call__(self) -> str:
        return self.now.isoformat(timespec="seconds")


@pytest.fixture
def wall(monkeypatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(clock, "wall", fake)
    return fake


def logged(cli, *args: str, database: Path | None = None) -> str:
    extra = {"database": database} if database is not None else {}
    done = cli("log", "otdraft", *args, "--when", "2026-11-28", "--json", **extra)
    assert done.exit_code == 0, done.stderr
    return done.json["id"]


def names(cli, database: Path | None = None) -> list[str]:
    extra = {"database": database} if database is not None else {}
    shown = cli("players", "list", "--json", **extra)
    assert shown.exit_code == 0, shown.stderr
    return sorted(p["player"] for p in shown.json["players"])


def test_a_second_amendment_with_the_clock_stepped_back_is_the_one_kept(cli, wall):
    match_id = logged(cli, "Ana=40", "Ben=10")
    assert cli("history", "amend", match_id, "Ben=20").exit_code == 0
    wall.step(seconds=-5)
    second = cli("history", "amend", match_id, "Ben=30")
    assert (second.exit_code, second.stdout.splitlines()[0]) == (
        0,
        f"amended otdraft match {match_id}: Ben 20 → 30",
    )
    shown = cli("history", "show", match_id, "--json").json
    assert shown["result"]["scores"] == {"Ana": 40, "Ben": 30}
    wall.step(seconds=-3600)  # and again, further back: still after everything read
    assert cli("history", "amend", match_id, "Ben=35").exit_code == 0
    assert cli("history", "show", match_id, "--json").json["result"]["scores"]["Ben"] == 35


def test_a_rename_with_the_clock_stepped_back_is_not_lost(cli, wall):
    logged(cli, "Ana=40", "Ben=10")
    assert cli("players", "rename", "Ben", "Benji").exit_code == 0
    wall.step(seconds=-60)
    assert cli("players", "rename", "Benji", "Benjamin").exit_code == 0
    assert names(cli) == ["Ana", "Benjamin"]
    wall.step(seconds=+120)  # forward again: later still
    assert cli("players", "rename", "Benjamin", "Bo").exit_code == 0
    assert names(cli) == ["Ana", "Bo"]


def test_records_written_in_one_second_keep_their_order(cli, wall):
    logged(cli, "Ana=40", "Ben=10")
    for new in ("B1", "B2", "B3"):
        old = names(cli)[1]
        assert cli("players", "rename", old, new).exit_code == 0
    assert names(cli) == ["Ana", "B3"]


def carry(source: Path, target: Path, machine: str) -> None:
    """A sync engine brings `machine`'s files from one folder to the other."""
    src, dst = source.with_name("companion.archive"), target.with_name("companion.archive")
    dst.mkdir(exist_ok=True)
    for path in src.glob(f"*.{machine}.json"):
        shutil.copyfile(path, dst / path.name)


def test_a_clock_ten_years_ahead_does_not_win_renames_made_after_it_was_read(
    cli, wall, tmp_path, monkeypatch
):
    ahead, behind = tmp_path / "a" / "companion.json", tmp_path / "b" / "companion.json"
    ahead.parent.mkdir()
    behind.parent.mkdir()
    monkeypatch.setenv("COMPANION_MACHINE", "a")
    logged(cli, "Ana=40", "Ben=10", database=ahead)
    wall.step(days=3653)  # machine a's clock: ten years ahead
    assert cli("players", "rename", "Ben", "Benji", database=ahead).exit_code == 0
    carry(ahead, behind, "a")
    wall.now = START + timedelta(minutes=1)  # machine b's clock is right
    monkeypatch.setenv("COMPANION_MACHINE", "b")
    assert names(cli, behind) == ["Ana", "Benji"]  # b has read a's rename
    assert cli("players", "rename", "Benji", "Benjamin", database=behind).exit_code == 0
    assert names(cli, behind) == ["Ana", "Benjamin"]
    carry(behind, ahead, "b")
    monkeypatch.setenv("COMPANION_MACHINE", "a")
    wall.now = START + timedelta(days=3653, minutes=2)
    assert names(cli, ahead) == ["Ana", "Benjamin"]  # a folds the same order
    # Each machine's next rename, made after reading the other's, wins on both.
    assert cli("players", "rename", "Benjamin", "Bo", database=ahead).exit_code == 0
    carry(ahead, behind, "a")
    monkeypatch.setenv("COMPANION_MACHINE", "b")
    wall.now = START + timedelta(minutes=3)
    assert names(cli, behind) == ["Ana", "Bo"]
    assert cli("players", "rename", "Bo", "Bea", database=behind).exit_code == 0
    carry(behind, ahead, "b")
    assert names(cli, behind) == ["Ana", "Bea"]
    monkeypatch.setenv("COMPANION_MACHINE", "a")
    assert names(cli, ahead) == ["Ana", "Bea"]


def test_renames_neither_machine_had_seen_are_ordered_by_stamp_then_machine(
    cli, wall, tmp_path, monkeypatch
):
    one, two = tmp_path / "a" / "companion.json", tmp_path / "b" / "companion.json"
    one.parent.mkdir()
    two.parent.mkdir()
    monkeypatch.setenv("COMPANION_MACHINE", "a")
    logged(cli, "Ana=40", "Ben=10", database=one)
    carry(one, two, "a")
    monkeypatch.setenv("COMPANION_MACHINE", "b")
    assert cli("players", "rename", "Ben", "Bee", database=two).exit_code == 0
    monkeypatch.setenv("COMPANION_MACHINE", "a")
    assert cli("players", "rename", "Ben", "Bay", database=one).exit_code == 0  # same second
    carry(one, two, "a")
    carry(two, one, "b")
    # Same stamp: the machine id decides, the same on both machines.
    assert names(cli, one) == ["Ana", "Bee"]
    monkeypatch.setenv("COMPANION_MACHINE", "b")
    assert names(cli, two) == ["Ana", "Bee"]
