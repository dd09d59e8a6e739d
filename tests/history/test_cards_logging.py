"""Issue 22, item 28: logging and exporting the card games' results as their rulebooks rank them."""

from __future__ import annotations

import json

from tests.conftest import assert_user_error
from tests.history.factory import match, record
from tests.history.test_log import files


def logged(cli, *args: str) -> dict:
    result = cli("log", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return result.json


# --- log playlist: totals no playlist can score ---------------------------------------------


def test_fifteen_songs_score_at_least_eight(cli, db):
    # "If you were able to collect at least 15 songs … you start with a bonus point"; 15 songs
    # in at most 4 genres hold at least 4+4+4+3 of a genre: "3 cards from 1 genre: 1 bonus
    # point, 4 cards: 2 …", so 2+2+2+1 = 7 more.
    before = files(db)
    assert_user_error(
        cli("log", "playlist", "Ana=0", "Ben=12", "--songs", "Ana=15"),
        "Ana 0 points with 15 songs: a playlist of 15 songs scores at least 8 (the 15-song "
        "bonus 1, genre bonuses at least 7 for 15 songs in at most 4 genres)",
    )
    assert files(db) == before
    assert logged(cli, "playlist", "Ana=8", "Ben=12", "--songs", "Ana=15")["winner"] == "Ben"


def test_a_negative_total_needs_negative_cards_in_the_catalogue(cli, db):
    before = files(db)
    assert_user_error(
        cli("log", "playlist", "Ana=-2", "Ben=3"),
        "Ana -2 points: only negative cards score below 0, and the catalogue has none",
    )
    assert files(db) == before
    added = cli("playlist", "cards", "add", "pop/-2/love+piano+ballad/Boo", "--kind", "negative")
    assert added.exit_code == 0, added.stderr
    assert logged(cli, "playlist", "Ana=-2", "Ben=3")["winner"] == "Ben"
    assert_user_error(
        cli("log", "playlist", "Ana=-3", "Ben=3"),
        "Ana -3 points: a playlist scores at least -2 (the catalogue's negative cards)",
    )


# --- log allstar: a tie for first needs the Play-Off Supporters --------------------------


def test_a_tie_for_first_without_playoff_supporters_is_refused(cli, db):
    # "In case of a tie, it is the Manager who won the most Supporters during the Play-Offs
    # who wins the game."
    before = files(db)
    assert_user_error(
        cli("log", "allstar", "Ana=30", "Ben=30", "Cy=20"),
        "Ana and Ben are tied for first on 30 Supporters: the most Supporters won in the "
        "Play-Offs wins; give them with --playoff Ana=N --playoff Ben=N",
    )
    assert files(db) == before
    # Below first place a tie shares the rank, as in the arenas.
    low = logged(cli, "allstar", "Ana=40", "Ben=30", "Cy=30")
    assert low["ranks"] == {"Ana": 1, "Ben": 2, "Cy": 2}


def test_history_show_names_the_playoff_supporters_that_decided(cli):
    got = logged(cli, "allstar", "Ana=30", "Ben=30", "--playoff", "Ana=6", "--playoff", "Ben=9")
    shown = cli("history", "show", got["id"]).stdout
    assert "result: Ben 30 · Ana 30 — Ben won (Play-Off Supporters: Ben 9 · Ana 6)" in shown


# --- a shared first is a win for each ----------------------------------------------------

SHARED = match(
    "s1", "playlist", {"Ana": 29, "Ben": 29, "Cy": 10}, "2026-03-01", options={"logged": True}
)


def test_a_shared_first_is_a_win_for_each_in_exports_and_stats(cli, db, tmp_path):
    record(db, SHARED)
    csv = cli("history", "export", "--format", "csv").stdout.splitlines()
    assert [line.split(",")[6] for line in csv[1:]] == ["yes", "yes", "no"]
    out = tmp_path / "plays.json"
    assert cli("history", "export", "-f", "bgstats", "-o", out).exit_code == 0
    players = json.loads(out.read_text())[0]["players"]
    assert [p["winner"] for p in players] == [True, True, False]
    whole = json.loads(cli("history", "export", "-f", "bgsplay").stdout)
    assert [s["winner"] for s in whole["plays"][0]["playerScores"]] == [True, True, False]
    rows = cli("history", "stats", "--json").json["players"]
    wins = {r["player"]: r["wins"] for r in rows if r["game"] == "playlist"}
    assert wins == {"Ana": 1, "Ben": 1, "Cy": 0}


def test_bgstats_start_player_is_the_playlist_starter(cli, db, tmp_path):
    cli("playlist", "game", "start", "-p", "Ana,Ben", "--first", "Ben")
    assert cli("playlist", "game", "end", "--now").exit_code == 0
    out = tmp_path / "plays.json"
    assert cli("history", "export", "-f", "bgstats", "-o", out).exit_code == 0
    players = json.loads(out.read_text())[0]["players"]
    assert {p["name"]: p["startPlayer"] for p in players} == {"Ana": False, "Ben": True}
    whole = json.loads(cli("history", "export", "-f", "bgsplay").stdout)
    assert [s["startPlayer"] for s in whole["plays"][0]["playerScores"]] == [False, True]


def test_csv_has_a_playoff_column(cli):
    logged(cli, "allstar", "Ana=30", "Ben=30", "--playoff", "Ana=6", "--playoff", "Ben=9")
    lines = cli("history", "export", "--format", "csv").stdout.splitlines()
    assert lines[0] == "date,game,match_id,player,score,rank,winner,series,playoff"
    assert [line.split(",")[3:] for line in lines[1:]] == [
        ["Ana", "30", "2", "no", "", "6"],
        ["Ben", "30", "1", "yes", "", "9"],
    ]
