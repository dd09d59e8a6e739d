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


def test_allstar_chart_ends_with_the_playoffs(cli, db):
    # As the game archives it: three regular rounds, then the Play-Off Supporters.
    record(
        db,
        match(
            "a2", "allstar", {"Ana": 26, "Ben": 29}, "2026-01-02",
            rounds=[{"Ana": 10, "Ben": 5}, {"Ana": 4, "Ben": 12}, {"Ana": 5, "Ben": 2}],
            playoff_scores={"Ana": 7, "Ben": 10},
            regular_scores={"Ana": 19, "Ben": 19},
        ),
    )  # fmt: skip
    doc = cli("history", "chart", "a2", "--json").json
    assert doc["labels"] == ["R1", "R2", "R3", "PO"]
    assert doc["steps"][-1] == {"Ana": 7, "Ben": 10}
    assert doc["cumulative"] == {"Ana": [10, 14, 19, 26], "Ben": [5, 17, 19, 29]}
    lines = cli("history", "chart", "a2").stdout.splitlines()
    assert lines[0].startswith("allstar a2 — Supporters by round, then Play-Offs (PO)")
    assert lines[7] == " PO Ana " + "█" * 23 + " 7"
    assert lines[-2] == "running: R1 10–5  R2 14–17  R3 19–19  PO 26–29"
    assert lines[-1] == "after PO: Ana 26, Ben 29"


def test_series_strip(cli, db):
    games = [
        {"number": 1, "home": "Keepers", "winner": "Keepers", "score": "78-75"},
        {"number": 2, "home": "Keepers", "winner": "Unleashed", "score": "60-70"},
    ]
    record(db, match("s1", "hoopers-series", {"Keepers": 1, "Unleashed": 1}, "2026-01-03",
                     winner=None, games=games))  # fmt: skip
    doc = cli("history", "chart", "s1", "--json").json
    assert doc["wins"] == {"Keepers": 1, "Unleashed": 1}
    assert doc["games"][1] == {
        "number": 2,
        "home": "Keepers",
        "away": "Unleashed",
        "winner": "Unleashed",
        "score": {"Keepers": 60, "Unleashed": 70},
    }
    assert cli("history", "chart", "s1").stdout.splitlines() == [
        "series s1: Keepers 1 – Unleashed 1   █ Keepers  ▒ Unleashed",
        "winners: █ ▒ · · · · ·",
        "G1  Keepers (H)  78 – Unleashed (A)  75  ✓ Keepers",
        "G2  Keepers (H)  60 – Unleashed (A)  70  ✓ Unleashed",
        "G3  –",
        "G4  –",
        "G5  –",
        "G6  –",
        "G7  –",
    ]


def test_series_strip_names_each_score(cli, db):
    # As the series tracker archives it: score as {tribe: points}, the tribes
    # in series order, so the winner's score may come second.
    games = [
        {"number": 1, "home": "Keepers", "winner": "Unleashed",
         "score": {"Keepers": 74, "Unleashed": 79}},
        {"number": 2, "home": "Unleashed", "winner": "Unleashed",
         "score": {"Keepers": 60, "Unleashed": 101}},
    ]  # fmt: skip
    record(db, match("s3", "hoopers-series", {"Keepers": 0, "Unleashed": 2}, "2026-01-03",
                     winner="Unleashed", games=games))  # fmt: skip
    lines = cli("history", "chart", "s3").stdout.splitlines()
    assert lines == [
        "series s3: Keepers 0 – Unleashed 2 — Unleashed won the series   █ Keepers  ▒ Unleashed",
        "winners: ▒ ▒",
        "G1  Keepers (H)  74 – Unleashed (A)  79  ✓ Unleashed",
        "G2  Keepers (A)  60 – Unleashed (H) 101  ✓ Unleashed",
    ]
    assert not any("Unleashed 74" in line for line in lines)


def test_series_strip_from_linked_games(cli, db):
    record(
        db,
        match("s2", "hoopers-series", {"K": 1, "U": 0}, "2026-01-05"),
        match(
            "g1", "hoopers", {"K": 70, "U": 60}, "2026-01-04", options={"series": "s2", "home": "K"}
        ),
    )
    assert cli("history", "chart", "s2", "--json").json["games"] == [
        {"number": 1, "home": "K", "away": "U", "winner": "K", "score": {"K": 70, "U": 60}}
    ]
    assert "G1  K (H)  70 – U (A)  60  ✓ K" in cli("history", "chart", "s2").stdout


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


def test_a_match_without_periods_charts_its_final_score(cli, db):
    # issue 24: `history chart` refused logged games; it charts what is there.
    record(db, match("p1", "playlist", {"Ana": 5, "Ben": 3}, "2026-01-01"),
           match("h2", "hoopers", {"K": 80, "U": 40}, "2026-01-01"))  # fmt: skip
    doc = cli("history", "chart", "h2", "--json").json
    assert (doc["kind"], doc["labels"], doc["steps"]) == ("scores", ["final"], [{"K": 80, "U": 40}])
    assert doc["missing"] == "score by period"
    lines = cli("history", "chart", "h2").stdout.splitlines()
    assert lines == [
        "hoopers h2 — final score",
        "K " + "█" * 40 + " 80",
        "U " + "▒" * 20 + " 40",
        "no score by period recorded (a game logged by hand keeps the final score)",
    ]
    assert cli("history", "chart", "p1", "--json").json["steps"] == [{"Ana": 5, "Ben": 3}]


def test_a_logged_game_charts(cli):
    logged = cli("log", "hoopers", "Ann=80", "Bob=70", "--tribe", "Ann=keepers", "--json")
    assert logged.exit_code == 0, logged.stderr
    doc = cli("history", "chart", logged.json["id"], "--json").json
    assert doc["steps"] == [{"Ann": 80, "Bob": 70}]


def test_nothing_to_chart(cli, db):
    import pytest

    from companion.history.charts import scores_chart
    from companion.history.errors import NoChart

    kept = match("p1", "playlist", {"Ana": 5, "Ben": 3}, "2026-01-01")
    kept["result"]["scores"] = {"Ana": 5}  # Ben's score missing: no chart invented
    with pytest.raises(NoChart, match="playlist match p1 has no scores recorded"):
        scores_chart(kept)
    assert_user_error(cli("history", "chart"), "give a match ID or --player")


def test_names_that_look_like_markup_are_drawn_as_typed(cli, db):
    # Text from users is hostile until checked: '[/b]' in a name is a name, not a style.
    record(
        db,
        match("h2", "hoopers", {"Ann[/b]": 40, "[red]Bo": 35}, "2026-01-03",
              periods=[[20, 18], [20, 17]]),
    )  # fmt: skip
    lines = cli("history", "chart", "h2").stdout.splitlines()
    assert lines[0] == "hoopers h2 — points by period   █ Ann[/b]  ▒ [red]Bo"
    assert lines[1].startswith(" P1 Ann[/b] ")
    assert lines[-1] == "after P2: Ann[/b] 40, [red]Bo 35"
    rate = cli("history", "chart", "--player", "Ann[/b]")
    assert rate.exit_code == 0, rate.stderr
    assert rate.stdout.startswith("Ann[/b] — win rate by month")


def test_a_series_of_people_is_charted_while_played_and_once_filed(cli):
    # issue 43 item 10: `history chart SERIES_ID` as its help says: a Series in progress was
    # "no match", and a filed one drew "Ana 0 – Ben 0 … winners: ? ? ? ?" (its games name tribes)
    start = ("hoopers", "series", "start", "--players", "Ana=Keepers,Ben=Unleashed")
    series_id = cli(*start, "--home", "Keepers", "--seed", "1", "--json").json["id"]
    cli("hoopers", "series", "record", "--score", "78-75")
    cli("hoopers", "series", "record", "--score", "70-75")
    live = cli("history", "chart", series_id[:4])
    assert live.exit_code == 0, live.stderr
    assert live.stdout.splitlines()[:4] == [
        f"series {series_id}: Ana 1 – Ben 1   █ Ana  ▒ Ben",
        "winners: █ ▒ · · · · ·",
        "G1  Ana (H)  78 – Ben (A)  75  ✓ Ana",
        "G2  Ana (H)  70 – Ben (A)  75  ✓ Ben",
    ]
    for score in ("80-70", "80-70", "80-70"):
        cli("hoopers", "series", "record", "--score", score)
    filed = cli("history", "chart", series_id)
    assert filed.stdout.splitlines()[:2] == [
        f"series {series_id}: Ana 4 – Ben 1 — Ana won the series   █ Ana  ▒ Ben",
        "winners: █ ▒ █ █ █",
    ]
    doc = cli("history", "chart", series_id, "--json").json
    assert doc["games"][2] == {
        "number": 3, "home": "Ben", "away": "Ana", "winner": "Ana", "score": {"Ana": 80, "Ben": 70}
    }  # fmt: skip
    assert_user_error(cli("history", "chart", "zzzz"), "no match 'zzzz'")
