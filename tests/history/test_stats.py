import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.history.headtohead import pairwise
from tests.conftest import assert_user_error
from tests.history.factory import match, record

# Hand-checked: ranks A1 B2 C2 D4, then B1 A2 D3, then A1 C2.
TABLES = (
    match("m1", "otdraft", {"A": 50, "B": 40, "C": 40, "D": 10}, "2026-01-01"),
    match("m2", "otdraft", {"B": 30, "A": 20, "D": 10}, "2026-01-02"),
    match("m3", "otdraft", {"C": 5, "A": 9}, "2026-01-03"),
)


def test_head_to_head_is_pairwise(cli, db):
    record(db, *TABLES)
    doc = cli("history", "stats", "--json").json
    got = {
        (r["player"], r["opponent"]): (r["wins"], r["losses"], r["ties"])
        for r in doc["head_to_head"]
    }
    assert got == {
        ("A", "B"): (1, 1, 0), ("A", "C"): (2, 0, 0), ("A", "D"): (2, 0, 0),
        ("B", "A"): (1, 1, 0), ("B", "C"): (0, 0, 1), ("B", "D"): (2, 0, 0),
        ("C", "A"): (0, 2, 0), ("C", "B"): (0, 0, 1), ("C", "D"): (1, 0, 0),
        ("D", "A"): (0, 2, 0), ("D", "B"): (0, 2, 0), ("D", "C"): (0, 1, 0),
    }  # fmt: skip
    assert doc["rivals"] == [
        {"player": "A", "nemesis": "B", "favourite": "C"},
        {"player": "B", "nemesis": "A", "favourite": "D"},
        {"player": "C", "nemesis": "A", "favourite": "D"},
        {"player": "D", "nemesis": "A", "favourite": None},
    ]


def test_player_rows(cli, db):
    record(db, *TABLES)
    doc = cli("history", "stats", "--json").json
    rows = {r["player"]: r for r in doc["players"]}
    assert rows["A"] == {
        "player": "A",
        "game": "otdraft",
        "plays": 3,
        "wins": 2,
        "win_rate": 0.667,
        "avg_score": 26.33,
        "best_score": 50,
        "streak": 1,
        "current_streak": 1,
        "last_played": "2026-01-03T21:00:00+00:00",
        "nemesis": "B",
        "favourite": "C",
        "rating": rows["A"]["rating"],  # issue 16: a skill rating (see test_ratings.py)
    }
    assert [(r["player"], r["wins"], r["plays"]) for r in doc["players"]] == [
        ("A", 2, 3), ("B", 1, 2), ("C", 0, 2), ("D", 0, 2)
    ]  # fmt: skip
    assert (rows["C"]["avg_score"], rows["C"]["best_score"], rows["C"]["win_rate"]) == (
        22.5,
        40,
        0.0,
    )
    assert doc["games"] == [
        {"game": "otdraft", "plays": 3, "players": 4, "last_played": "2026-01-03T21:00:00+00:00",
         "avg_score": 23.78}
    ]  # fmt: skip


def test_longest_and_current_streak(cli, db):
    wins = "AABAAA"  # A wins twice, loses once, then wins three
    record(
        db,
        *(
            match(
                f"s{n}",
                "otdraft",
                {"A": 10, "B": 5} if w == "A" else {"A": 5, "B": 10},
                f"2026-04-{n + 1:02d}",
            )
            for n, w in enumerate(wins)
        ),
    )
    rows = {r["player"]: r for r in cli("history", "stats", "--json").json["players"]}
    assert (rows["A"]["streak"], rows["A"]["current_streak"], rows["A"]["wins"]) == (3, 3, 5)
    assert (rows["B"]["streak"], rows["B"]["current_streak"]) == (1, 0)


def test_stats_across_all_four_games(cli, db):
    record(
        db,
        match(
            "h1",
            "hoopers",
            {"Keepers": 78, "Unleashed": 75},
            "2026-01-01",
            options={"home": "Keepers", "away": "Unleashed"},
            periods=[[20, 18], [15, 22], [21, 17], [22, 18]],
        ),
        match(
            "h2",
            "hoopers",
            {"Keepers": 60, "Unleashed": 70},
            "2026-01-02",
            options={"home": "Keepers", "away": "Unleashed"},
        ),
        match(
            "h3",
            "hoopers",
            {"Ana": 50, "Ben": 40},
            "2026-01-03",
            options={"home": "Ben", "tribes": {"Ana": "Keepers", "Ben": "Unleashed"}},
        ),
        match("sr1", "hoopers-series", {"Keepers": 4, "Unleashed": 2}, "2026-01-04"),
        match(
            "a1",
            "allstar",
            {"Ana": 30, "Ben": 25, "Cy": 20},
            "2026-01-05",
            playoff_scores={"Ana": 11, "Ben": 6, "Cy": 2},
            regular_scores={"Ana": 19, "Ben": 19, "Cy": 18},
        ),
        match(
            "a2",
            "allstar",
            {"Ana": 20, "Ben": 28},
            "2026-01-06",
            playoff_scores={"Ana": 4, "Ben": 10},
        ),
        match("p1", "playlist", {"Ana": 20, "Cy": 25}, "2026-01-07", lengths={"Ana": 11, "Cy": 15}),
        match("p2", "playlist", {"Ana": 12}, "2026-01-08", options={"mode": "solo"}, round=4),
        match("p3", "playlist", {"Ana": 10}, "2026-01-09", options={"mode": "solo"}, round=6),
        match("o1", "otdraft", {"Ana": 98, "Ben": 80, "Cy": 70}, "2026-01-10"),
        match("x1", "otdraft", {"Ana": 1, "Ben": 2}, "2026-01-11", status="abandoned"),
    )
    doc = cli("history", "stats", "--json").json
    assert doc["matches"] == 10  # the abandoned match is not counted
    games = {g["game"]: g for g in doc["games"]}
    assert list(games) == ["allstar", "hoopers", "hoopers-series", "otdraft", "playlist"]
    assert games["hoopers"]["by_tribe"] == {
        "Keepers": {"plays": 3, "wins": 2, "win_rate": 0.667},
        "Unleashed": {"plays": 3, "wins": 1, "win_rate": 0.333},
    }
    assert games["hoopers"]["home_away"] == {
        "away": {"plays": 3, "wins": 2, "win_rate": 0.667},
        "home": {"plays": 3, "wins": 1, "win_rate": 0.333},
    }
    assert games["hoopers-series"]["series"] == {
        "Keepers": {"won": 1, "lost": 0},
        "Unleashed": {"won": 0, "lost": 1},
    }
    # Regular season: 19, 19, 18 (recorded) and 16, 18 (total minus Play-Offs).
    assert games["allstar"]["supporters"]["regular_avg"] == 18.0
    assert games["allstar"]["supporters"]["playoffs_avg"] == 6.6
    assert games["allstar"]["supporters"]["by_player"]["Ben"] == {
        "regular_avg": 18.5,
        "playoffs_avg": 8.0,
    }
    assert games["playlist"]["avg_length"] == 13.0
    assert games["playlist"]["solo_best_round"] == {"Ana": 6}
    assert games["otdraft"]["avg_score"] == 82.67
    rows = {(r["game"], r["player"]): r for r in doc["players"]}
    # Solo plays count as plays but have no win rate.
    assert rows["playlist", "Ana"]["plays"] == 3 and rows["playlist", "Ana"]["win_rate"] == 0.0
    assert rows["playlist", "Cy"]["win_rate"] == 1.0
    # A Series started with tribes alone (no --players): its sides are no people, so it
    # counts for nobody; the tribes' series record is kept apart in the game's figures.
    assert ("hoopers-series", "Keepers") not in rows
    # The series repeats its games' results, so it is left out of head-to-head.
    pairs = {(r["player"], r["opponent"]): r for r in doc["head_to_head"]}
    assert (
        pairs["Keepers", "Unleashed"]["wins"] == 1 and pairs["Keepers", "Unleashed"]["losses"] == 1
    )


def test_stats_filters_and_human(cli, db):
    record(db, *TABLES, match("h1", "hoopers", {"A": 3, "Q": 1}, "2026-02-01"))
    doc = cli("history", "stats", "--player", "a", "--game", "otd", "--json").json
    assert [r["player"] for r in doc["players"]] == ["A"]
    assert {r["player"] for r in doc["head_to_head"]} == {"A"}
    assert (
        cli("history", "stats", "--since", "2026-01-02", "--until", "2026-01-02", "--json").json[
            "matches"
        ]
        == 1
    )
    out = cli("history", "stats", "--game", "otdraft").stdout
    assert "otdraft — 3 plays, 4 players" in out and "head to head" in out and "67%" in out
    assert_user_error(cli("history", "stats", "--player", "Zed"), "no player 'Zed'")


def test_stats_empty(cli):
    assert cli("history", "stats").stdout.splitlines()[0] == "No finished matches to count."
    assert cli("history", "stats", "--json").json == {
        "matches": 0, "games": [], "players": [], "head_to_head": [], "rivals": []
    }  # fmt: skip


@given(st.lists(st.lists(st.integers(0, 5), min_size=2, max_size=6), max_size=8))
def test_pairwise_counts_every_pair_once(tables):
    matches = []
    for ranks in tables:
        players = [f"p{i}" for i in range(len(ranks))]
        matches.append(
            {"status": "finished", "players": players,
             "result": {"scores": {}, "ranks": dict(zip(players, ranks, strict=True))}}
        )  # fmt: skip
    table = pairwise(matches)
    pairs = sum(len(t) * (len(t) - 1) // 2 for t in tables)
    assert sum(sum(r) for r in table.values()) == 2 * pairs
    for (a, b), (w, lost, tied) in table.items():
        assert table[b, a] == [lost, w, tied]


def test_hand_recorded_series_games_count_as_hoopers(cli, db):
    roles = {"Ana": "Keepers", "Ben": "Unleashed"}
    record(
        db,
        match("h1", "hoopers", {"Ana": 78, "Ben": 75}, "2026-01-01"),
        match("g2", "hoopers-series-game", {"Ana": 60, "Ben": 70}, "2026-01-02",
              events=[], options={"series": "s1", "home": "Ana", "roles": roles}),
    )  # fmt: skip
    doc = cli("history", "stats", "--json").json
    assert [(g["game"], g["plays"]) for g in doc["games"]] == [("hoopers", 2)]
    rows = {r["player"]: r for r in doc["players"]}
    assert (rows["Ana"]["plays"], rows["Ana"]["wins"]) == (2, 1)


def test_games_of_a_series_of_tribes_alone_count_for_nobody(cli, db):
    """A Series started the old way (`--tribes` only) named no people: its games stay in
    history and in the tribes' record, but no "player" named after a tribe is counted."""
    record(
        db,
        match("h1", "hoopers", {"Ana": 78, "Ben": 75}, "2026-01-01"),
        match("g2", "hoopers-series-game", {"Keepers": 60, "Unleashed": 70}, "2026-01-02",
              events=[], options={"series": "s1", "home": "Keepers"}),
        match("t3", "hoopers", {"Keepers": 50, "Unleashed": 40}, "2026-01-03",
              options={"series": "s1", "game_number": 2, "home": "Keepers"}),
    )  # fmt: skip
    doc = cli("history", "stats", "--json").json
    assert [(g["game"], g["plays"]) for g in doc["games"]] == [("hoopers", 3)]
    assert doc["games"][0]["by_tribe"]["Keepers"] == {"plays": 2, "wins": 1, "win_rate": 0.5}
    assert {r["player"] for r in doc["players"]} == {"Ana", "Ben"}
    assert {r["player"] for r in doc["head_to_head"]} == {"Ana", "Ben"}
    rated = cli("history", "ratings", "--json").json
    assert {r["player"] for r in rated["ratings"]} == {"Ana", "Ben"}
    assert [p["player"] for p in cli("players", "list", "--json").json["players"]] == [
        "Ana", "Ben",
    ]  # fmt: skip
    assert len(cli("history", "list", "--json").json["matches"]) == 3


def club(db, players=8):
    """Every pair of `players` meets; the pair (P0, P1) meets three times, P0 winning twice."""
    names = [f"P{i}" for i in range(players)]
    games = [
        match(f"c{i}{j}", "otdraft", {names[i]: 10, names[j]: 5}, "2026-01-01")
        for i in range(players)
        for j in range(i + 1, players)
    ]
    games += [
        match("x1", "otdraft", {"P0": 9, "P1": 3}, "2026-01-02"),
        match("x2", "otdraft", {"P0": 1, "P1": 8}, "2026-01-03"),
    ]
    record(db, *games)
    return names


def test_stats_human_shows_the_most_played_pairings_unless_all(cli, db):
    club(db)  # 28 pairings, 56 rows both ways
    assert len(cli("history", "stats", "--json").json["head_to_head"]) == 56
    lines = cli("history", "stats").stdout.splitlines()
    start = lines.index("head to head (pairwise: you beat everyone ranked below you)")
    table = lines[start + 1 :]
    assert table[0] == "player  opponent  won  lost  tied"
    # The most played pairing first, once, from the side that won more of it.
    assert table[1] == "P0      P1          2     1     0"
    assert len(table) == 1 + 20 + 1
    assert table[-1] == (
        "… the 20 most played of 28 pairings "
        "(--all for every pairing both ways, --player P for one player's)"
    )
    every = cli("history", "stats", "--all").stdout.splitlines()
    rows = every[every.index("head to head (pairwise: you beat everyone ranked below you)") + 2 :]
    assert len(rows) == 56 and rows[0] == "P0      P1          2     1     0"
    assert rows[1] == "P0      P2          1     0     0"
    mine = cli("history", "stats", "--player", "P3").stdout.splitlines()
    assert len([line for line in mine if line.startswith("P3      P")]) == 7
    assert not mine[-1].startswith("…")


@pytest.mark.slow  # a club of 23 players, seconds: the full suite runs it
def test_stats_one_players_pairings_are_limited_too(cli, db):
    club(db, players=23)
    lines = cli("history", "stats", "--player", "P0").stdout.splitlines()
    assert lines[-1] == "… the 20 most played of 22 pairings (--all for every one)"
    assert lines[-21] == "P0      P1          2     1     0"
    every = cli("history", "stats", "--player", "P0", "--all").stdout.splitlines()
    assert len([line for line in every if line.startswith("P0      P")]) == 22


def test_stats_human_is_plain_text_without_cut_columns(cli, db, monkeypatch):
    # The rich Table layout was the slow part of human stats (and cut columns
    # to 80 characters in a pipe): stats must print as plain lines.
    from companion.ui.console import TableConsole

    def no_rich(self):
        raise AssertionError("history stats fell back to rich")

    monkeypatch.setattr(TableConsole, "rich", no_rich)
    record(db, match("m1", "otdraft", {"Alexandra-Long-Name": 5, "[bold]Ben": 3}, "2026-01-01"))
    lines = cli("history", "stats", "--all").stdout.splitlines()
    assert lines[1].split() == [
        "player",
        "plays",
        "wins",
        "win",
        "rate",
        "rating",
        "avg",
        "best",
        "streak",
        "nemesis",
        "favourite",
        "last",
        "played",
    ]  # fmt: skip  (issue 16 added the rating column)
    assert lines[2] == (
        "Alexandra-Long-Name      1     1      100%     3.4    5     5       1  –" + " " * 20
        + "[bold]Ben  2026-01-01"
    )  # fmt: skip
    assert "[bold]Ben            Alexandra-Long-Name    0     1     0" in lines
