"""Issue 39: `series status` and `series odds` are kept (companion.games.hoopers.series_shown)
and made again whenever anything they were made from changed: each change below is made,
and the next answer must be what a read without anything kept prints."""

from __future__ import annotations

import pytest

from companion.games.hoopers.series_table import SeriesTable


def asked(cli):
    """What `status` and `odds` print now, as text and as JSON."""
    return [
        (cli(*args).stdout, cli(*args, "--json").json)
        for args in (("hoopers", "series", "status"), ("hoopers", "series", "odds"))
    ]


def kept_files(db):
    return sorted(db.parent.glob("*.archive/.index.*/answer.*.json"))


def made_again(cli, db):
    """What `status` and `odds` print with nothing kept."""
    for file in kept_files(db):
        file.unlink()
    return asked(cli)


@pytest.fixture
def series(cli, db):
    for score in ("Ana=70", "Ben=60"), ("Ana=72", "Ben=60"):
        assert cli("log", "hoopers", *score).exit_code == 0
    started = cli("hoopers", "series", "start", "--players", "Ana=Keepers,Ben=Unleashed",
                  "--home", "kee")  # fmt: skip
    assert started.exit_code == 0
    asked(cli)  # kept
    assert len(kept_files(db)) == 2
    return lambda *args: cli("hoopers", "series", *args)


def test_asked_again_it_is_the_kept_answer(series, cli, monkeypatch):
    before = asked(cli)
    assert "odds: Keepers (79.3%" in before[0][0]  # the managers' ratings, not even

    def unread(*_, **__):
        raise AssertionError("the Series was read")

    monkeypatch.setattr(SeriesTable, "status", unread)
    monkeypatch.setattr(SeriesTable, "odds", unread)
    assert asked(cli) == before


def test_a_move_of_a_friendly_leaves_it_kept(series, cli, monkeypatch):
    friendly = cli(
        "hoopers",
        "match",
        "start",
        "--home",
        "Cy",
        "--home-tribe",
        "keepers",
        "--away",
        "Dee",
        "--away-tribe",
        "unleashed",
        "--new",
        "Cy",
        "--new",
        "Dee",
    )
    assert friendly.exit_code == 0  # a new live match: made again
    after_start = asked(cli)
    assert cli("hoopers", "match", "score", "Cy", "2").exit_code == 0
    monkeypatch.setattr(SeriesTable, "status", None)  # read, it would fail
    monkeypatch.setattr(SeriesTable, "odds", None)
    assert asked(cli) == after_start


def changed(cli, db, change):
    before = asked(cli)
    result = change()
    assert result.exit_code == 0, result.output
    after = asked(cli)
    assert after == made_again(cli, db)
    return before, after


def test_a_game_recorded(series, cli, db):
    before, after = changed(cli, db, lambda: series("record", "--score", "78-75"))
    assert "Keepers (Ana) 1 – 0 Unleashed (Ben)" in after[0][0]
    assert after[1] != before[1]  # the odds from 1-0 (and Ana's third win, rated)


def test_a_game_amended(series, cli, db):
    series("record", "--score", "78-75")
    before, after = changed(cli, db, lambda: series("amend", "--gameplan", "Keepers:2"))
    assert after[0] != before[0]


def test_a_game_undone(series, cli, db):
    series("record", "--score", "78-75")
    before, after = changed(cli, db, lambda: series("undo"))
    assert "Keepers (Ana) 0 – 0 Unleashed (Ben)" in after[0][0]
    assert after != before


def test_a_match_filed_amended_and_deleted_in_history(series, cli, db):
    filed = []

    def log():
        filed.append(cli("log", "hoopers", "Ben=80", "Ana=60", "--json"))
        return filed[0]

    before, after = changed(cli, db, log)
    assert after[1] != before[1]  # Ben's win moves the odds
    match = filed[0].json["id"]
    _, amended = changed(cli, db, lambda: cli("history", "amend", match, "Ana=90"))
    assert amended[1] != after[1]
    _, deleted = changed(cli, db, lambda: cli("history", "delete", match, "--yes"))
    assert deleted[1] != amended[1]


def test_a_manager_renamed(series, cli, db):
    _, after = changed(cli, db, lambda: cli("players", "rename", "Ana", "Anna"))
    assert "Keepers (Anna) 0 – 0 Unleashed (Ben)" in after[0][0]
    assert after[0][1]["managers"]["Keepers"] == "Anna"


def test_a_series_game_started_and_its_match_abandoned(series, cli, db):
    start = lambda: series("game", "start", "--hot", "May,Vernon,Chus", "--cold",  # noqa: E731
                           "Faust,Serge", "--first", "Keepers")  # fmt: skip
    _, playing = changed(cli, db, start)
    assert "'companion hoopers match end' brings its result here." in playing[0][0]
    _, after = changed(cli, db, lambda: cli("hoopers", "match", "abandon"))
    assert "brings its result here" not in after[0][0]


def test_a_hand_edited_answer_is_not_read(series, cli, db):
    before = asked(cli)
    for file in kept_files(db):
        file.write_text(file.read_text().replace("Keepers", "Sleepers"))
    assert asked(cli) == before


def test_another_machines_match_synced_in(series, cli, db, tmp_path, monkeypatch):
    """A sync engine brings another computer's month file: only the archive changed."""
    other = tmp_path / "other" / "companion.json"
    other.parent.mkdir()
    monkeypatch.setenv("COMPANION_MACHINE", "there")
    assert cli("log", "hoopers", "Ben=80", "Ana=60", database=other).exit_code == 0
    monkeypatch.setenv("COMPANION_MACHINE", "here")
    main = db.read_bytes()

    def synced():
        for shard in other.parent.glob("companion.archive/*.there.json"):
            (db.parent / "companion.archive" / shard.name).write_bytes(shard.read_bytes())
        return cli("hoopers", "series", "next")

    before, after = changed(cli, db, synced)
    assert db.read_bytes() == main
    assert after[1] != before[1]


def test_an_answer_that_warned_is_not_kept_the_warning_is_said_each_time(series, cli, db):
    assert cli("log", "hoopers", "Ben=80", "Ana=60").exit_code == 0
    shard = next(db.parent.glob("companion.archive/2*.here.json"))
    shard.with_name(shard.name + ".bak").replace(shard)  # as it was before: one short
    for _ in range(2):
        got = cli("hoopers", "series", "status")
        assert "holds 2 matches, 3 expected" in got.stderr
        assert cli("hoopers", "series", "odds").stderr == got.stderr
