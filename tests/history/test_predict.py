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
