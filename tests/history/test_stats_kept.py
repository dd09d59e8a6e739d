"""Issue 39: `history stats` (no --player, no --series) is kept as `stats --player` is
(companion.history.answered, `stats-<tag>.json`) and made again after every kind of change
to what it was made from; each answer is compared with a read of every match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.history import test_flat_reads_more as flat
from tests.history.factory import match, record

# Six months of matches, filed once and copied for each test.
six_months_built, six_months = flat.six_months_built, flat.six_months


def full_stats(db: Path, **dates: str) -> dict:
    """`history stats` as a read of every match counts it."""
    from companion.history.book import history
    from companion.history.queries import Filter, select
    from companion.history.stats import stats
    from companion.store import Store

    _, matches = history(Store(db))
    return stats(select(matches, Filter(**dates)), None, None)


def same(cli, db: Path, *args: str, **dates: str) -> dict:
    got = cli("history", "stats", *args, "--json")
    assert got.exit_code == 0, got.stderr
    assert got.json == full_stats(db, **dates)
    return got.json


def kept_reads(reads: list[str]) -> bool:
    """Whether a command read the one kept answer and no month's cache."""
    return len(reads) == 1 and reads[0].startswith("stats-")


def asked(cli, reads: list[str]) -> tuple[dict, bool]:
    """`history stats --json` now, and whether it was the kept answer."""
    reads.clear()
    got = cli("history", "stats", "--json")
    assert got.exit_code == 0, got.stderr
    return got.json, kept_reads(reads)


def test_asked_again_it_reads_one_kept_answer(cli, six_months, cache_reads):
    first = same(cli, six_months)
    assert asked(cli, cache_reads) == (first, True), cache_reads
    shown = cli("history", "stats").stdout  # the kept answer, drawn
    assert "Ana" in shown and cli("history", "stats").stdout == shown
    # Other options are other answers, each kept on its own.
    same(cli, six_months, "--since", "2026-01-01", since="2026-01-01")
    assert asked(cli, cache_reads) == (first, True), cache_reads


@pytest.mark.parametrize(
    "change",
    [
        ("log", "otdraft", "Ana=4", "Ben=2"),
        ("history", "amend", "a40", "Ana=0", "Ben=5"),
        ("history", "delete", "a31", "--yes"),
        ("players", "rename", "Ana", "Anna"),
        ("players", "merge", "Bea", "Ana"),
    ],
    ids=["logged", "amended", "deleted", "renamed", "merged"],
)
def test_made_again_after_each_kind_of_change(cli, six_months, cache_reads, change):
    record(six_months, match("c1", "allstar", {"Bea": 9, "Cy": 1}, "2026-01-20"))
    before = same(cli, six_months)
    done = cli(*change)
    assert done.exit_code == 0, done.stderr
    after, kept = asked(cli, cache_reads)
    assert not kept
    assert after == full_stats(six_months) != before


def test_a_match_filed_into_an_old_month_makes_it_again(cli, six_months):
    before = same(cli, six_months)
    record(six_months, match("c0", "otdraft", {"Ana": 9, "Cy": 1}, "2025-12-20"))
    assert same(cli, six_months)["matches"] == before["matches"] + 1


def test_a_live_match_s_moves_leave_it_its_end_makes_it_again(cli, six_months, cache_reads):
    start = ["hoopers", "match", "start", "--home", "Ana", "--home-tribe", "keepers"]
    assert cli(*start, "--away", "Bob", "--away-tribe", "unleashed").exit_code == 0
    first = same(cli, six_months)
    for move in (["score", "Ana", "2"], ["undo"]):
        assert cli("hoopers", "match", *move).exit_code == 0, move
        assert asked(cli, cache_reads) == (first, True), move
    assert cli("hoopers", "match", "abandon").exit_code == 0  # filed: its month's file
    after, kept = asked(cli, cache_reads)
    assert not kept
    assert after == full_stats(six_months)


def test_another_machine_s_file_makes_it_again(cli, six_months, monkeypatch):
    before = same(cli, six_months)
    monkeypatch.setenv("COMPANION_MACHINE", "there")  # a second computer, one shared folder
    assert cli("log", "otdraft", "Ana=7", "Ben=1").exit_code == 0
    monkeypatch.setenv("COMPANION_MACHINE", "here")
    assert same(cli, six_months)["matches"] == before["matches"] + 1


def test_a_kept_answer_edited_by_hand_is_passed_over(cli, six_months):
    first = same(cli, six_months)
    (kept,) = six_months.parent.glob("*.archive/.index*/stats-*.json")
    body = json.loads(kept.read_text())
    body["doc"] = body["doc"].replace('"matches":', '"matches":1', 1)  # a digit more
    kept.write_text(json.dumps(body))
    assert cli("history", "stats", "--json").json == first
