"""Issue 31 item 6: who is likely to win tonight (openskill's own prediction), and how often
the favourite really won."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from tests.conftest import assert_user_error
from tests.history.factory import match, record


@pytest.fixture
def evenings(db):
    return record(
        db,
        *(match(f"o{n}", "otdraft", {"Ana": 9, "Ben": 3, "Cy": 5}, f"2026-01-0{n}")
          for n in range(1, 7)),
        match("o7", "otdraft", {"Ana": 1, "Ben": 3}, "2026-01-07"),
        match("h1", "hoopers", {"Ana": 70, "Dee": 60}, "2026-01-08"),
    )  # fmt: skip


def test_predict_is_openskills_predict_win_over_the_ratings(cli, evenings):
    rows = cli("history", "ratings", "--game", "otdraft", "--json").json["ratings"]
    held = {r["player"]: r for r in rows}
    model = PlackettLuce()
    names = ["Ana", "Ben", "Cy"]
    expected = model.predict_win(
        [[model.rating(mu=held[n]["mu"], sigma=held[n]["sigma"])] for n in names]
    )
    doc = cli("history", "ratings", "--predict", "an,be,cy", "--json").json
    assert doc["game"] == "otdraft"  # the one game all three are rated in
    got = [(p["player"], p["chance"]) for p in doc["predictions"]]
    assert [n for n, _ in got] == names
    assert all(abs(c - e) < 1e-3 for (_, c), e in zip(got, expected, strict=True))
    assert abs(sum(c for _, c in got) - 1) < 1e-3
    marks = {p["player"]: (p["plays"], p["provisional"]) for p in doc["predictions"]}
    assert marks == {"Ana": (7, False), "Ben": (7, False), "Cy": (6, False)}


def test_fewer_than_five_plays_is_provisional_and_a_newcomer_starts_fresh(cli, evenings):
    doc = cli("history", "ratings", "--predict", "Ana,Dee,Zed", "--game", "hoopers", "--json").json
    marks = {p["player"]: (p["plays"], p["provisional"]) for p in doc["predictions"]}
    assert marks == {"Ana": (1, True), "Dee": (1, True), "Zed": (0, True)}
    shown = cli("history", "ratings", "--predict", "Ana,Dee", "--game", "hoopers").stdout
    assert shown.splitlines()[0] == "hoopers: who is likely to win (openskill)"
    assert "provisional: 1 play" in shown


def test_predict_needs_two_players_and_one_game(cli, evenings):
    assert_user_error(cli("history", "ratings", "--predict", "Ana"), "two players or more")
    assert_user_error(cli("history", "ratings", "--predict", "Ana,ana"), "twice")
    assert_user_error(cli("history", "ratings", "--predict", "Ana,Dee,Ben"), "give --game")
    assert_user_error(cli("history", "ratings", "--predict", "Ana,Ben", "--check"), "not both")


def test_a_malformed_predict_is_refused_before_any_read(cli, evenings, monkeypatch):
    from companion.cli import history as commands
    from companion.history import book

    def never(*_):
        raise AssertionError("history read for a refused --predict")

    monkeypatch.setattr(book, "quick_ratings", never)
    monkeypatch.setattr(commands, "history", never)
    assert_user_error(cli("history", "ratings", "--predict", "Ana"), "two players or more")
    assert_user_error(cli("history", "ratings", "--predict", "Ana,ana"), "twice")
    assert_user_error(cli("history", "ratings", "--predict", "Ana,\x1b"), "control")


def full_read(monkeypatch):
    """`--predict` as it was: every match read and rated (no checkpoint)."""
    from companion.history import book

    monkeypatch.setattr(book, "quick_ratings", lambda *_: None)


def test_predict_reads_the_months_checkpoints_not_every_match(cli, db, evenings, monkeypatch):
    from companion.cli import history as commands

    asks = [
        ("an,be,cy",),
        ("Ana,Dee,Zed", "--game", "hoopers"),
        ("ana,Dee", "--game", "otdraft"),
        ("Ana,Dee,Ben",),  # no one game: refused from the checkpoints alone
    ]
    with pytest.MonkeyPatch.context() as patched:
        full_read(patched)
        expected = [cli("history", "ratings", "--predict", *a, "--json") for a in asks]

    def never(*_):
        raise AssertionError("every match read for --predict")

    monkeypatch.setattr(commands, "history", never)
    for ask, before in zip(asks, expected, strict=True):
        got = cli("history", "ratings", "--predict", *ask, "--json")
        assert (got.exit_code, got.stdout, got.stderr) == (
            before.exit_code,
            before.stdout,
            before.stderr,
        ), ask
    # A match filed since, a rename: the checkpoints they make stale are rated again.
    record(db, match("o8", "otdraft", {"Cy": 9, "Ana": 1, "Ben": 2}, "2026-02-01"))
    assert cli("players", "rename", "Cy", "Cyrus").exit_code == 0
    after = cli("history", "ratings", "--predict", "an,be,cyr", "--json")
    monkeypatch.undo()
    full_read(monkeypatch)
    assert after.json == cli("history", "ratings", "--predict", "an,be,cyr", "--json").json
    assert after.json != expected[0].json


def test_check_counts_how_often_the_favourite_won(cli, db):
    record(
        db,
        match("m1", "otdraft", {"Ana": 9, "Ben": 3}, "2026-01-01"),  # even: no favourite
        match("m2", "otdraft", {"Ana": 9, "Ben": 3}, "2026-01-02"),  # Ana favourite, won
        match("m3", "otdraft", {"Ana": 9, "Ben": 3}, "2026-01-03"),  # Ana favourite, won
        match("m4", "otdraft", {"Ana": 1, "Ben": 3}, "2026-01-04"),  # Ana favourite, lost
    )
    doc = cli("history", "ratings", "--check", "--json").json
    assert (doc["matches"], doc["favourite_won"], doc["rate"]) == (3, 2, 0.6667)
    assert 0.5 < doc["expected"] < 1
    line = cli("history", "ratings", "--check").stdout
    assert line.startswith("the favourite won 2 of 3 matches (67%); openskill gave them ")


# --- a tracked start shows the line once ---------------------------------------------------


def predicted_line(cli, game: str, players: str) -> str:
    """The start's line, from what `ratings --predict` gives the same players."""
    rows = cli("history", "ratings", "--predict", players, "--game", game, "--json").json
    parts = [
        f"{r['player']} {r['chance']:.0%}"
        + (f" (provisional: {r['plays']} play{'' if r['plays'] == 1 else 's'})"
           if r["provisional"] else "")
        for r in sorted(rows["predictions"], key=lambda r: -r["chance"])
    ]  # fmt: skip
    return f"{game}, who is likely to win (openskill): " + " · ".join(parts)


def test_every_tracked_start_shows_the_prediction_once(cli, evenings):
    started = cli("otdraft", "game", "start", "--players", "Ana,Ben")
    assert started.exit_code == 0, started.stderr
    line = predicted_line(cli, "otdraft", "Ana,Ben")
    assert line.startswith("otdraft, who is likely to win (openskill): Ana ")
    assert "provisional" not in line  # seven plays each
    assert started.stdout.splitlines().count(line) == 1
    assert started.stdout.count("likely to win") == 1

    tribes = ("--home-tribe", "keepers", "--away-tribe", "unleashed", "--first", "Ana")
    started = cli("hoopers", "match", "start", "--home", "Ana", "--away", "Dee", *tribes)
    line = predicted_line(cli, "hoopers", "Ana,Dee")
    assert line.endswith(": Ana 66% (provisional: 1 play) · Dee 34% (provisional: 1 play)")
    assert started.stdout.splitlines().count(line) == 1
    cli("hoopers", "match", "abandon")

    # The Series with people: its managers' Valley Hoopers prediction.
    started = cli("hoopers", "series", "start", "--players", "Ana=Keepers,Dee=Unleashed",
                  "--home", "Keepers")  # fmt: skip
    assert started.stdout.splitlines().count(line) == 1


def test_the_start_json_carries_the_prediction_as_a_key(cli, evenings):
    doc = cli("otdraft", "game", "start", "--players", "Ana,Ben", "--json").json  # one document
    expected = cli("history", "ratings", "--predict", "Ana,Ben", "--game", "otdraft", "--json")
    assert doc["prediction"] == expected.json
    assert "prediction" not in cli("otdraft", "game", "status", "--json").json  # the start's


def test_a_start_whose_players_are_unrated_in_that_game_shows_no_line(cli, evenings):
    started = cli("playlist", "game", "start", "--players", "Ana,Ben", "--seed", "1")
    assert started.exit_code == 0 and "likely to win" not in started.stdout
    assert "prediction" not in cli("playlist", "game", "status", "--json").json
    started = cli("hoopers", "series", "start", "--tribes", "Keepers,Unleashed", "--json")
    assert "prediction" not in started.json  # tribes alone: nobody to rate


def test_a_start_with_no_history_reads_no_ratings(cli, monkeypatch):
    from companion.history import book

    def never(*_):
        raise AssertionError("ratings read with no history")

    monkeypatch.setattr(book, "quick_ratings", never)
    monkeypatch.setattr(book, "history", never)
    started = cli("otdraft", "game", "start", "--players", "Ana,Ben")
    assert started.exit_code == 0, started.stderr
    assert "likely to win" not in started.stdout
