"""Issue 30 item 11: Tab on a match id, `history chart` and `stats --player` read the
newest months or the files they need, not the whole archive, and answer as a full read.

How fast is measured by tests/benchmarks/history_bench.py (`--flat`); these tests pin down
what is read and that the answers are the full read's.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.store import peek
from tests.history.factory import match, record
from tests.test_completion_values import offered

MONTHS = ["2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02"]


@pytest.fixture(scope="module")
def six_months_built(tmp_path_factory) -> Path:
    """Ten matches a month whose ids start with `a`, and two that start with `b`: filed
    once (72 transactions), then copied for each test."""
    built = tmp_path_factory.mktemp("six-months") / "companion.json"
    record(
        built,
        *(
            match(f"{letter}{n}{k}", "otdraft", {"Ana": n, "Ben": k}, f"{month}-1{k}")
            for n, month in enumerate(MONTHS)
            for letter, many in (("a", 10), ("b", 2))
            for k in range(many)
        ),
    )
    return built


@pytest.fixture
def six_months(db, cli, six_months_built):
    shutil.copytree(six_months_built.parent, db.parent, dirs_exist_ok=True)
    # A copied file is a new file to the index caches: one read makes them again, as the
    # filing itself left them.
    assert len(cli("history", "list", "--json", "--limit", "1").json["matches"]) == 1
    return db


@pytest.fixture
def read_files(monkeypatch):
    """The archive files (or their summaries) Tab reads, by month."""
    months: list[str] = []
    real = peek.read

    def spy(path, *args, **kwargs):
        name = Path(path).name
        if name[:4].isdigit():
            months.append(name[:7])
        return real(path, *args, **kwargs)

    monkeypatch.setattr(peek, "read", spy)
    return months


def test_tab_on_a_prefix_offers_a_screenful_newest_first(
    monkeypatch, capsys, cli, six_months, read_files
):
    listed = cli("history", "list", "--json").json["matches"]
    every = sorted(
        (m for m in listed if m["id"].startswith("a")), key=lambda m: m["created"], reverse=True
    )
    assert len(every) == 60
    read_files.clear()
    got = offered(monkeypatch, capsys, six_months, "companion history show a")
    assert got == [m["id"] for m in every[:40]]
    # Four months hold the newest forty: the two oldest files are never opened.
    assert sorted(set(read_files)) == MONTHS[2:]


def test_tab_on_a_rare_prefix_still_finds_the_oldest(monkeypatch, capsys, six_months):
    got = offered(monkeypatch, capsys, six_months, "companion history show b")
    assert got == [f"b{n}{k}" for n in range(5, -1, -1) for k in (1, 0)]
    assert offered(monkeypatch, capsys, six_months, "companion history show a01") == ["a01"]


# --- history chart ------------------------------------------------------------------------


def full_winrate(db: Path, player: str) -> dict:
    """The chart as a read of every match draws it (the path `chart --game` still takes)."""
    from companion.history import charts
    from companion.history.book import history
    from companion.history.queries import Filter, select
    from companion.store import Store

    _, matches = history(Store(db))
    return charts.winrate_chart(select(matches, Filter(player=player)), player)


def test_chart_of_one_match_reads_its_file_alone(cli, six_months, summarised):
    full = cli("history", "chart", "a20", "--json")  # the summaries made once
    summarised.clear()
    assert cli("history", "chart", "a20", "--json").json == full.json
    assert full.json["kind"] == "scores" and [name[:7] for name in summarised] == ["2025-11"]
    wrong = cli("history", "chart", "a2")
    assert wrong.exit_code == 2 and "ambiguous: a20, a21, a22" in wrong.stderr


def test_chart_of_a_player_reads_no_summary_once_counted(cli, six_months, summarised):
    first = cli("history", "chart", "--player", "an", "--json")
    assert first.json == full_winrate(six_months, "Ana")
    summarised.clear()
    assert cli("history", "chart", "--player", "an", "--json").json == first.json
    assert summarised == []


def test_chart_of_a_player_counts_renames_merges_amendments_and_deletions(cli, six_months):
    record(six_months, match("c0", "otdraft", {"ana": 9, "Cy": 1}, "2025-12-20"))
    record(six_months, match("c1", "otdraft", {"Bea": 9, "Cy": 1}, "2026-01-20"))
    for args in (
        ("players", "merge", "Bea", "Ana"),
        ("history", "amend", "a40", "Ana=0", "Ben=5"),
        ("history", "delete", "a31", "--yes"),
    ):
        done = cli(*args)
        assert done.exit_code == 0, done.stderr
    for player in ("Ana", "Ben", "Cy"):
        assert cli("history", "chart", "--player", player, "--json").json == full_winrate(
            six_months, player
        ), player


# --- history stats --player ---------------------------------------------------------------


def full_stats(db: Path, player: str, **dates: str) -> dict:
    """`history stats --player` as a read of every match counts it."""
    from dataclasses import replace

    from companion.history.book import history
    from companion.history.queries import Filter, select
    from companion.history.stats import stats
    from companion.store import Store

    _, matches = history(Store(db))
    wanted = Filter(player=player, **dates)
    return stats(select(matches, wanted), player, select(matches, replace(wanted, player=None)))


def test_stats_of_a_player_reads_no_summary_once_summed(cli, six_months, summarised):
    record(six_months, match("c0", "playlist", {"Ana": 3, "Cy": 5}, "2026-02-20"))
    first = cli("history", "stats", "--player", "an", "--json")
    assert first.json == full_stats(six_months, "Ana")
    summarised.clear()
    assert cli("history", "stats", "--player", "an", "--json").json == first.json
    assert summarised == []
    cut = cli("history", "stats", "--player", "cy", "--since", "2026-02-15", "--json")
    assert cut.json == full_stats(six_months, "Cy", since="2026-02-15")
    assert cut.json["matches"] == 1


def test_stats_of_a_player_counts_renames_merges_amendments_and_deletions(cli, six_months):
    record(six_months, match("c0", "otdraft", {"ana": 9, "Cy": 1}, "2025-12-20"))
    record(six_months, match("c1", "allstar", {"Bea": 9, "Cy": 1}, "2026-01-20"))
    for args in (
        ("players", "merge", "Bea", "Ana"),
        ("players", "rename", "Cy", "Cyd"),
        ("history", "amend", "a40", "Ana=0", "Ben=5"),
        ("history", "delete", "a31", "--yes"),
    ):
        done = cli(*args)
        assert done.exit_code == 0, done.stderr
    for player in ("Ana", "Ben", "Cyd"):
        got = cli("history", "stats", "--player", player, "--json").json
        assert got == full_stats(six_months, player), player
    got = cli("history", "stats", "--player", "Ana", "--game", "allstar", "--json").json
    assert [row["game"] for row in got["players"]] == ["allstar"]


def test_stats_of_a_player_asked_again_reads_one_kept_answer(cli, six_months, cache_reads):
    first = cli("history", "stats", "--player", "an", "--json")
    assert first.json == full_stats(six_months, "Ana")
    cache_reads.clear()
    again = cli("history", "stats", "--player", "an", "--json")
    assert again.json == first.json
    # Not the six months' keys, partials, the player's partials and a rating checkpoint.
    assert len(cache_reads) == 1 and cache_reads[0].startswith("stats.player-"), cache_reads
    shown = cli("history", "stats", "--player", "an").stdout  # the kept answer, drawn
    assert "Ana" in shown and cli("history", "stats", "--player", "an").stdout == shown
    # Other options are another answer, kept on their own.
    cut = cli("history", "stats", "--player", "an", "--since", "2026-01-01", "--json")
    assert cut.json == full_stats(six_months, "Ana", since="2026-01-01")
    assert cli("history", "stats", "--player", "an", "--json").json == first.json


def test_a_kept_answer_is_made_again_after_every_kind_of_change(cli, six_months):
    def same(player: str) -> None:
        got = cli("history", "stats", "--player", player, "--json")
        assert got.exit_code == 0, got.stderr
        assert got.json == full_stats(six_months, player), player

    same("Ana")
    record(six_months, match("c0", "otdraft", {"Ana": 9, "Cy": 1}, "2025-12-20"))
    same("Ana")  # a month's file changed
    record(six_months, match("c1", "allstar", {"Bea": 9, "Cy": 1}, "2026-01-20"))
    for args in (
        ("players", "rename", "Ana", "Anna"),
        ("players", "merge", "Bea", "Anna"),
        ("history", "amend", "a40", "Anna=0", "Ben=5"),
        ("history", "delete", "a31", "--yes"),
        ("log", "otdraft", "Anna=4", "Ben=2"),
    ):
        done = cli(*args)
        assert done.exit_code == 0, done.stderr
        same("Anna")
        same("Ben")


def test_a_move_in_a_live_match_leaves_the_kept_answer(cli, six_months, cache_reads):
    start = ["hoopers", "match", "start", "--home", "Ana", "--home-tribe", "keepers"]
    assert cli(*start, "--away", "Bob", "--away-tribe", "unleashed").exit_code == 0
    first = cli("history", "stats", "--player", "Ana", "--json")
    assert first.json == full_stats(six_months, "Ana")
    for move in (["score", "Ana", "2"], ["score", "Bob", "3"], ["undo"]):
        assert cli("hoopers", "match", *move).exit_code == 0, move
        cache_reads.clear()
        again = cli("history", "stats", "--player", "Ana", "--json")
        assert len(cache_reads) == 1 and cache_reads[0].startswith("stats.player-"), move
        assert again.json == first.json == full_stats(six_months, "Ana")
    # A new live match seats new names (a spelling the archive may be shown in): made again.
    assert cli("otdraft", "game", "start", "--players", "ANA,Ben,Cy").exit_code == 0
    cache_reads.clear()
    got = cli("history", "stats", "--player", "Ana", "--json")
    assert len(cache_reads) > 1
    assert got.json == full_stats(six_months, "Ana")
    # The match finished: its file changed, made again.
    assert cli("hoopers", "match", "abandon").exit_code == 0
    cache_reads.clear()
    got = cli("history", "stats", "--player", "Ana", "--json")
    assert len(cache_reads) > 1
    assert got.json == full_stats(six_months, "Ana")


def test_a_kept_answer_is_made_again_when_another_machine_s_file_arrives(
    cli, six_months, monkeypatch
):
    before = cli("history", "stats", "--player", "Ana", "--json").json  # kept by "here"
    monkeypatch.setenv("COMPANION_MACHINE", "there")  # a second computer, one shared folder
    assert cli("log", "otdraft", "Ana=7", "Ben=1").exit_code == 0
    monkeypatch.setenv("COMPANION_MACHINE", "here")
    assert list(six_months.with_name("companion.archive").glob("*.there.json"))
    got = cli("history", "stats", "--player", "Ana", "--json").json
    assert got == full_stats(six_months, "Ana")
    assert got["matches"] == before["matches"] + 1


def test_a_kept_answer_edited_by_hand_is_passed_over(cli, six_months):
    import json

    first = cli("history", "stats", "--player", "Ben", "--json").json
    (kept,) = six_months.parent.glob("*.archive/.index*/stats.player-*.json")
    body = json.loads(kept.read_text())
    body["doc"] = body["doc"].replace('"matches":', '"matches":1', 1)  # a digit more
    kept.write_text(json.dumps(body))
    assert cli("history", "stats", "--player", "Ben", "--json").json == first


def test_an_answer_that_warned_is_not_kept_the_warning_is_said_each_time(cli, six_months):
    record(six_months, match("c0", "otdraft", {"Ana": 9, "Cy": 1}, "2025-12-20"))
    assert cli("history", "stats", "--player", "Ana", "--json").stderr == ""  # kept
    shard = six_months.with_name("companion.archive") / "2025-12.here.json"
    shard.with_name(shard.name + ".bak").replace(shard)  # as it was before c0: one short
    for _ in range(2):
        got = cli("history", "stats", "--player", "Ana", "--json")
        assert f"archive file {shard} holds 12 matches, 13 expected" in got.stderr
        assert got.json == full_stats(six_months, "Ana")


# --- history import into a big archive ----------------------------------------------------


def test_an_import_reads_the_keys_not_every_summary(cli, six_months, summarised, tmp_path):
    saved = tmp_path / "one.json"
    record(tmp_path / "other.json", match("z0", "otdraft", {"Ana": 1, "Zed": 2}, "2026-02-25"))
    done = cli("--db", tmp_path / "other.json", "history", "export", "-o", saved)
    assert done.exit_code == 0, done.stderr
    summarised.clear()
    done = cli("history", "import", saved, "--json")
    assert done.exit_code == 0, done.stderr
    assert summarised == []
    again = cli("history", "import", saved, "--json")  # the same id: skipped
    assert (done.json["added"], again.json["added"], again.json["skipped"]) == (1, 0, 1)
    assert cli("history", "list", "--json").json["matches"][0]["id"] == "z0"
