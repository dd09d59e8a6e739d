from tests.conftest import assert_user_error
from tests.history.factory import match, record

HOOPERS = match(
    "h1", "hoopers", {"Keepers": 78, "Unleashed": 75}, "2026-01-01",
    periods=[[20, 18], [15, 22], [21, 17], [22, 18]],
)  # fmt: skip
ALLSTAR = match(
    "a1", "allstar", {"Ana": 30, "Ben": 25}, "2026-01-02",
    rounds=[{"Ana": 10, "Ben": 5}, {"Ana": 4, "Ben": 12}, {"Ana": 5, "Ben": 2}],
)  # fmt: skip


def test_hoopers_score_by_period(cli, db):
    record(db, HOOPERS)
    doc = cli("history", "chart", "h1", "--json").json
    assert doc["kind"] == "periods"
    assert doc["cumulative"] == {"Keepers": [20, 35, 56, 78], "Unleashed": [18, 40, 57, 75]}
    lines = cli("history", "chart", "h1").stdout.splitlines()
    assert lines[0] == "hoopers h1 — points by period   █ Keepers  ▒ Unleashed"
    assert lines[1] == " P1 Keepers   " + "█" * 36 + " 20"
    assert lines[-2] == "running: P1 20–18  P2 35–40  P3 56–57  P4 78–75"
    assert lines[-1] == "after P4: Keepers 78, Unleashed 75"


def test_allstar_supporters_by_round(cli, db):
    record(db, ALLSTAR)
    doc = cli("history", "chart", "a1", "--json").json
    assert doc["steps"][1] == {"Ana": 4, "Ben": 12}
    assert doc["cumulative"] == {"Ana": [10, 14, 19], "Ben": [5, 17, 19]}
    assert "Supporters by round" in cli("history", "chart", "a1").stdout


def test_series_strip(cli, db):
    games = [
        {"number": 1, "home": "Keepers", "winner": "Keepers", "score": "78-75"},
        {"number": 2, "home": "Keepers", "winner": "Unleashed", "score": "60-70"},
    ]
    record(db, match("s1", "hoopers-series", {"Keepers": 1, "Unleashed": 1}, "2026-01-03",
                     winner=None, games=games))  # fmt: skip
    doc = cli("history", "chart", "s1", "--json").json
    assert doc["wins"] == {"Keepers": 1, "Unleashed": 1}
    assert cli("history", "chart", "s1").stdout.splitlines() == [
        "series s1: Keepers 1 – Unleashed 1",
        "G1 Keepers 78-75 home Keepers │ G2 Unleashed 60-70 home Keepers │ G3 – │ G4 – │ G5 – │ "
        "G6 – │ G7 –",
    ]


def test_series_strip_from_linked_games(cli, db):
    record(
        db,
        match("s2", "hoopers-series", {"K": 1, "U": 0}, "2026-01-05"),
        match(
            "g1", "hoopers", {"K": 70, "U": 60}, "2026-01-04", options={"series": "s2", "home": "K"}
        ),
    )
    assert cli("history", "chart", "s2", "--json").json["games"] == [
        {"number": 1, "home": "K", "winner": "K", "score": {"K": 70, "U": 60}}
    ]


def test_win_rate_over_time(cli, db):
    record(
        db,
        match("w1", "otdraft", {"Ana": 5, "Ben": 1}, "2026-01-01"),
        match("w2", "otdraft", {"Ana": 1, "Ben": 5}, "2026-01-20"),
        match("w3", "otdraft", {"Ana": 5, "Ben": 1}, "2026-02-01"),
        match("w4", "playlist", {"Ana": 5}, "2026-02-02"),
    )
    doc = cli("history", "chart", "--player", "an", "--json").json
    assert doc == {
        "kind": "winrate",
        "player": "Ana",
        "points": [
            {
                "month": "2026-01",
                "plays": 2,
                "wins": 1,
                "win_rate": 0.5,
                "cumulative_win_rate": 0.5,
            },
            {
                "month": "2026-02",
                "plays": 1,
                "wins": 1,
                "win_rate": 1.0,
                "cumulative_win_rate": 0.667,
            },
        ],
    }
    assert (
        cli("history", "chart", "-p", "Ben")
        .stdout.splitlines()[1]
        .startswith("2026-01 " + "▇" * 20)
    )


def test_nothing_to_chart(cli, db):
    record(db, match("p1", "playlist", {"Ana": 5, "Ben": 3}, "2026-01-01"),
           match("h2", "hoopers", {"K": 5, "U": 3}, "2026-01-01"))  # fmt: skip
    assert_user_error(cli("history", "chart", "p1"), "no chart for a playlist match")
    assert_user_error(
        cli("history", "chart", "h2"), "hoopers match h2 has no score by period recorded"
    )
    assert_user_error(cli("history", "chart"), "give a match ID or --player")
