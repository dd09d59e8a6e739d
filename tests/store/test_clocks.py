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


# --- a match's copies: undone, corrected and ended again with the clock behind ---------

BACK = {"5 s": {"seconds": -5}, "1 h": {"hours": -1}, "a day": {"days": -1}}
SYNCTHING = "{stem}.sync-conflict-20261201-101010-ABCDEF7.json"


def end(database: Path, ben: int) -> str:
    """Machine here plays an otdraft match Ana 10 : Ben `ben` and ends it; its id."""
    from companion.store import Store

    store = Store(database)
    if not any(m["game"] == "otdraft" for m in store.view().live):
        store.start_match("otdraft", ["Ana", "Ben"], seed=3)
    scores = {"Ana": 10, "Ben": ben}
    ranks = {"Ana": 1, "Ben": 2} if ben < 10 else {"Ana": 2, "Ben": 1}
    winner = "Ana" if ben < 10 else "Ben"
    done = Store(database).finish_match(
        "otdraft", {"scores": scores, "ranks": ranks, "winner": winner}
    )
    return done["id"]


def scores(cli, match_id: str, database: Path | None = None) -> dict | None:
    """The match's scores as `history list` shows them (None: it is not there)."""
    extra = {"database": database} if database is not None else {}
    shown = cli("history", "list", "--json", **extra)
    assert shown.exit_code == 0, shown.stderr
    rows = [m for m in shown.json["matches"] if m["id"] == match_id]
    assert len(rows) <= 1
    return rows[0]["result"]["scores"] if rows else None


def set_aside(database: Path, stem: str, older: Path | None = None) -> Path:
    """A sync engine set a conflict copy of archive file `stem` aside: the copy holds the
    file as it is now (or the file `older`, and the file itself keeps what it holds)."""
    folder = database.with_name("companion.archive")
    copy = folder / SYNCTHING.format(stem=stem)
    shutil.copyfile(older if older is not None else folder / f"{stem}.json", copy)
    return copy


def undo(cli, database: Path | None = None) -> None:
    extra = {"database": database} if database is not None else {}
    done = cli("history", "undo", "--yes", "--json", **extra)
    assert done.exit_code == 0, done.stderr
    assert "reopened" in done.json


@pytest.mark.parametrize("conflict", [False, True], ids=["alone", "conflict copy"])
@pytest.mark.parametrize("back", list(BACK))
def test_a_match_ended_again_with_the_clock_behind_is_the_one_in_history(
    cli, db, wall, back, conflict
):
    match_id = end(db, 5)
    first = db.with_name("first.json")
    shutil.copyfile(db.with_name("companion.archive") / "2026-12.here.json", first)
    undo(cli)
    wall.step(**BACK[back])
    assert end(db, 12) == match_id  # corrected: Ben won
    # A sync engine sets the file aside, with the first result in it, as the copy.
    copy = set_aside(db, "2026-12.here", older=first) if conflict else None
    assert scores(cli, match_id) == {"Ana": 10, "Ben": 12}
    # The owner's next write folds the copy back into its file: the correction stays.
    logged(cli, "Cy=1", "Dee=2")
    assert copy is None or not copy.exists()
    assert scores(cli, match_id) == {"Ana": 10, "Ben": 12}
    wall.step(seconds=30)
    logged(cli, "Cy=3", "Dee=4")
    assert scores(cli, match_id) == {"Ana": 10, "Ben": 12}


def ended_on_a(tmp_path: Path, monkeypatch) -> tuple[Path, Path, str]:
    """Machine a ends a match (Ana 10, Ben 5) and its files reach machine b: (a's database,
    b's, the match's id)."""
    one, two = tmp_path / "a" / "companion.json", tmp_path / "b" / "companion.json"
    one.parent.mkdir()
    two.parent.mkdir()
    monkeypatch.setenv("COMPANION_MACHINE", "a")
    match_id = end(one, 5)
    carry(one, two, "a")
    return one, two, match_id


@pytest.mark.parametrize("back", list(BACK))
def test_a_match_another_machine_ended_again_with_its_clock_behind_wins_on_both(
    cli, wall, tmp_path, monkeypatch, back
):
    one, two, match_id = ended_on_a(tmp_path, monkeypatch)
    # Machine b, whose clock is behind, takes a's match back and ends it again.
    monkeypatch.setenv("COMPANION_MACHINE", "b")
    wall.step(**BACK[back])
    wall.step(seconds=1)
    assert scores(cli, match_id, two) == {"Ana": 10, "Ben": 5}
    undo(cli, two)
    assert end(two, 12) == match_id
    assert scores(cli, match_id, two) == {"Ana": 10, "Ben": 12}
    carry(two, one, "b")
    monkeypatch.setenv("COMPANION_MACHINE", "a")
    assert scores(cli, match_id, one) == {"Ana": 10, "Ben": 12}
    logged(cli, "Cy=1", "Dee=2", database=one)  # a writes: nothing of its own comes back
    carry(one, two, "a")
    assert scores(cli, match_id, one) == {"Ana": 10, "Ben": 12}
    monkeypatch.setenv("COMPANION_MACHINE", "b")
    assert scores(cli, match_id, two) == {"Ana": 10, "Ben": 12}


@pytest.mark.parametrize("back", list(BACK))
def test_a_conflict_copy_of_the_first_result_loses_on_both_machines(
    cli, wall, tmp_path, monkeypatch, back
):
    one, two, match_id = ended_on_a(tmp_path, monkeypatch)
    first = tmp_path / "first.json"
    shutil.copyfile(one.with_name("companion.archive") / "2026-12.a.json", first)
    undo(cli, one)
    wall.step(**BACK[back])
    assert end(one, 12) == match_id
    carry(one, two, "a")
    # b's sync engine met both versions of a's month: the first one is set aside there,
    # and the copy travels back to a.
    copy = set_aside(two, "2026-12.a", older=first)
    shutil.copyfile(copy, one.with_name("companion.archive") / copy.name)
    monkeypatch.setenv("COMPANION_MACHINE", "b")
    assert scores(cli, match_id, two) == {"Ana": 10, "Ben": 12}
    monkeypatch.setenv("COMPANION_MACHINE", "a")
    assert scores(cli, match_id, one) == {"Ana": 10, "Ben": 12}
    logged(cli, "Cy=1", "Dee=2", database=one)  # a, the owner, settles the copy
    assert not (one.with_name("companion.archive") / copy.name).exists()
    assert scores(cli, match_id, one) == {"Ana": 10, "Ben": 12}
    carry(one, two, "a")
    (two.with_name("companion.archive") / copy.name).unlink()  # the removal travels
    monkeypatch.setenv("COMPANION_MACHINE", "b")
    assert scores(cli, match_id, two) == {"Ana": 10, "Ben": 12}
