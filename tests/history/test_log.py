"""`companion log`: a finished game in one command, for each game, and the same match everywhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import assert_user_error


def files(db: Path) -> dict[str, bytes]:
    """Every file of the database (main file, archive), to show nothing changed.

    Not the lock, nor the archive's summary index: a cache any read may (re)build.
    """
    found = {}
    for path in sorted(db.parent.rglob("*")):
        if (
            path.is_file()
            and not path.name.endswith(".lock")
            and not any(part.startswith(".index") for part in path.parts)
        ):
            found[str(path.relative_to(db.parent))] = path.read_bytes()
    return found


def logged(cli, *args: str) -> dict:
    result = cli("log", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return result.json


# --- one command per game -----------------------------------------------------------


def test_hoopers_in_one_command(cli):
    got = logged(cli, "hoopers", "Ann=80", "Bob=70", "--when", "2026-11-28 20:15")
    assert set(got) == {"id", "game", "scores", "ranks", "winner", "winners", "logged", "when"}
    assert got["game"] == "hoopers" and got["logged"] is True
    assert (got["scores"], got["ranks"]) == ({"Ann": 80, "Bob": 70}, {"Ann": 1, "Bob": 2})
    assert (got["winner"], got["winners"]) == ("Ann", ["Ann"])
    assert got["when"].startswith("2026-11-2") and got["when"].endswith("+00:00")


def test_hoopers_tribes_and_home_go_to_the_options(cli):
    got = logged(
        cli, "hoopers", "Ann=80", "Bob=70", "--tribe", "Ann=keep", "--tribe", "bob=unleashed",
        "--home", "Bob", "--note", "rematch",
    )  # fmt: skip
    shown = cli("history", "show", got["id"], "--json").json
    assert shown["options"] == {
        "logged": True,
        "tribes": {"Ann": "keepers", "Bob": "unleashed"},
        "home": "Bob",
        "away": "Ann",
        "note": "rematch",
    }
    assert (shown["status"], shown["events"], shown["finished"]) == ("finished", [], got["when"])


def test_allstar_tie_broken_by_playoff_points_else_shared(cli):
    got = logged(cli, "allstar", "Ana=30", "Ben=30", "Cy=20", "--playoff", "Ana=6",
                 "--playoff", "Ben=9")  # fmt: skip
    assert got["ranks"] == {"Ana": 2, "Ben": 1, "Cy": 3} and got["winner"] == "Ben"
    still = logged(cli, "allstar", "Ana=30", "Ben=30", "Cy=20", "--playoff", "Ana=6",
                   "--playoff", "Ben=6")  # fmt: skip
    assert still["ranks"] == {"Ana": 1, "Ben": 1, "Cy": 3}
    assert (still["winner"], still["winners"]) == (None, ["Ana", "Ben"])
    assert_user_error(cli("log", "allstar", "Ana=30", "Ben=30"), "tied for first on 30")


def test_playlist_ties_share_and_a_solo_round_counts_against_its_goal(cli):
    got = logged(cli, "playlist", "Ana=29", "Ben=14", "Cy=29", "--songs", "Ana=12")
    assert got["ranks"] == {"Ana": 1, "Ben": 3, "Cy": 1} and got["winners"] == ["Ana", "Cy"]
    cli("playlist", "cards", "add", "pop/-2/love+piano+ballad/Boo", "--kind", "negative")
    assert logged(cli, "playlist", "Ana=-2", "Ben=3")["winner"] == "Ben"  # negative cards exist
    won = logged(cli, "playlist-solo", "12", "--player", "Ana")
    assert (won["game"], won["scores"], won["winner"]) == ("playlist-solo", {"Ana": 12}, "Ana")
    short = logged(cli, "playlist-solo", "Ana=9")
    assert (short["winner"], short["winners"]) == (None, ["Ana"])
    assert logged(cli, "playlist-solo", "10")["scores"] == {"solo": 10}


def test_otdraft_tie_goes_to_the_latest_in_round_7(cli):
    got = logged(cli, "otdraft", "Ana=98", "Ben=98", "Cy=70", "--order", "Ben,Cy,Ana")
    assert got["ranks"] == {"Ana": 1, "Ben": 2, "Cy": 3} and got["winner"] == "Ana"
    shared = logged(cli, "otdraft", "Ana=98", "Ben=98", "Cy=70")
    assert shared["ranks"] == {"Ana": 1, "Ben": 1, "Cy": 3} and shared["winner"] is None


def test_human_answer(cli):
    out = cli("log", "allstar", "Ana=30", "Ben=25", "--when", "2026-11-28").stdout
    assert out.startswith("logged allstar match ")
    assert out.splitlines()[1] == "Ana 30 · Ben 25 — Ana won"


# --- every bad input: exit 2, one error line, nothing written ---------------------------

BAD = [
    (("chess", "A=1", "B=2"), "no game to log 'chess'"),
    (("hoopers", "Ann:80", "Bob=70"), "'Ann:80' is not NAME=SCORE"),
    (("hoopers", "Ann=eighty", "Bob=70"), "'eighty' is not a whole number"),
    (("hoopers", "Ann=", "Bob=70"), "'Ann=' is not NAME=SCORE"),
    (("hoopers", "=80", "Bob=70"), "'=80' is not NAME=SCORE"),
    (("otdraft", "Ann=1", "ann=2"), "player 'ann' is named twice"),
    (("hoopers", "Ann=80", "Bob=70", "Cy=1"), "exactly 2 teams (got 3)"),
    (("hoopers", "Ann=80"), "exactly 2 teams (got 1)"),
    (("allstar", "Ana=3"), "2 to 6 managers (got 1)"),
    (("allstar", *(f"P{i}=1" for i in range(7))), "2 to 6 managers (got 7)"),
    (("playlist", "Ana=3"), "at least 2 players (got 1)"),
    (("otdraft", *(f"P{i}=1" for i in range(6))), "2 to 5 players (got 6)"),
    (("playlist-solo", "3", "4"), "a solo round has one score (got 2)"),
    (("hoopers",), "no scores given"),
    (("hoopers", "Ann=-2", "Bob=70"), "cannot be negative"),
    (("allstar", "Ana=-1", "Ben=3"), "Supporters cannot be negative"),
    (("allstar", "Ana=5", "Ben=3", "--playoff", "Ana=-1"), "Supporters cannot be negative"),
    (("playlist-solo", "Ana=-3"), "no negative cards"),
    (("hoopers", "Ann=80", "Bob=70", "--when", "yestrday"), "--when 'yestrday' is not a date"),
    (("hoopers", "Ann=80", "Bob=70", "--when", "2026-13-01"), "is not a date"),
    (("hoopers", "Ann=80", "Bob=70", "--when", "2099-01-01"), "--when 2099-01-01 is in the future"),
    (("hoopers", "Ann=80", "Bob=80"), "is a draw; overtime decides"),
    (("hoopers", "Ann=80", "Bob=70", "--playoff", "Ann=3"), "--playoff is for allstar"),
    (("otdraft", "A=1", "B=2", "--order", "A"), "the round-7 order must name every player"),
    (("allstar", "A=5", "B=5", "--playoff", "A=1"), "give the Play-Off Supporters of B"),
    (("hoopers", "Ann=80", "Bob=70", "--tribe", "Ann=elves"), "no tribe 'elves'"),
    (("hoopers", "Ann=80", "Bob=70", "--home", "Cy"), "no team 'Cy'"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_writes_nothing(cli, db, args, message):
    logged(cli, "otdraft", "Ana=1", "Ben=2", "--when", "2026-01-01")
    before = files(db)
    assert_user_error(cli("log", *args), message)
    assert_user_error(cli("log", *args, "--json"), message)
    assert files(db) == before


def test_a_day_ahead_is_allowed_more_is_not(cli):
    from datetime import datetime, timedelta

    here = datetime.now().astimezone()  # --when is local time
    soon = (here + timedelta(hours=20)).strftime("%Y-%m-%d %H:%M")
    assert cli("log", "hoopers", "A=2", "B=1", "--when", soon).exit_code == 0
    later = (here + timedelta(days=3)).strftime("%Y-%m-%d")
    assert_user_error(cli("log", "hoopers", "A=2", "B=1", "--when", later), "in the future")


# --- a logged game is a match like any other ------------------------------------------------


@pytest.fixture
def evening(cli):
    """Four logged games and their ids: hoopers, allstar, playlist, otdraft."""
    return [
        logged(cli, "hoopers", "Ann=80", "Bob=70", "--tribe", "Ann=keepers", "--tribe",
               "Bob=unleashed", "--when", "2026-11-20 20:00")["id"],
        logged(cli, "allstar", "Ann=30", "Bob=25", "Cy=20", "--when", "2026-11-21")["id"],
        logged(cli, "playlist", "Ann=20", "Bob=29", "--when", "2026-11-22")["id"],
        logged(cli, "otdraft", "Ann=98", "Bob=80", "--when", "2026-11-23")["id"],
    ]  # fmt: skip


def test_listed_marked_as_logged_and_shown(cli, evening):
    rows = cli("history", "list", "--json").json["matches"]
    assert [r["id"] for r in rows] == evening[::-1]
    assert all(r["logged"] is True and r["status"] == "finished" for r in rows)
    assert rows[-1]["result"] == {"scores": {"Ann": 80, "Bob": 70},
                                  "ranks": {"Ann": 1, "Bob": 2}, "winner": "Ann"}  # fmt: skip
    out = cli("history", "list").stdout
    assert out.count(" logged ") == 4 and "Ann 80 · Bob 70" in out
    shown = cli("history", "show", evening[0]).stdout
    assert "logged (played without the companion)" in shown and "Ann 80 · Bob 70" in shown
    replay = cli("history", "replay", evening[0], "--json").json
    assert replay["message"] == "recorded by hand, without events: nothing to replay"


def test_counted_in_stats_head_to_head_charts_and_ratings(cli, evening):
    stats = cli("history", "stats", "--json").json
    assert stats["matches"] == 4
    assert {(g["game"], g["plays"]) for g in stats["games"]} == {
        ("hoopers", 1), ("allstar", 1), ("playlist", 1), ("otdraft", 1)
    }  # fmt: skip
    hoopers = next(g for g in stats["games"] if g["game"] == "hoopers")
    assert hoopers["by_tribe"]["Keepers"] == {"plays": 1, "wins": 1, "win_rate": 1.0}
    pairs = {(r["player"], r["opponent"]): r for r in stats["head_to_head"]}
    assert (pairs["Ann", "Bob"]["wins"], pairs["Ann", "Bob"]["losses"]) == (3, 1)
    chart = cli("history", "chart", "--player", "Ann", "--json").json
    assert chart["points"] == [{"month": "2026-11", "plays": 4, "wins": 3, "win_rate": 0.75,
                                "cumulative_win_rate": 0.75}]  # fmt: skip
    rated = cli("history", "ratings", "--json").json["ratings"]
    assert {(r["game"], r["player"]) for r in rated} >= {("hoopers", "Ann"), ("otdraft", "Bob")}


def test_in_every_export(cli, evening, tmp_path):
    backup = json.loads(cli("history", "export").stdout)
    assert sorted(m["id"] for m in backup["matches"]) == sorted(evening)
    csv = cli("history", "export", "-f", "csv").stdout
    assert all(i in csv for i in evening)
    plays = json.loads(cli("history", "export", "-f", "bgstats").stdout)
    assert [p["sourcePlayId"] for p in plays] == evening
    other = tmp_path / "other.json"
    out = tmp_path / "backup.json"
    cli("history", "export", "-o", out)
    assert cli("history", "import", out, "--json", database=other).json["added"] == 4


def test_undo_and_delete_remove_it(cli, evening):
    undone = cli("history", "undo", "--yes", "--json").json
    assert undone["removed"]["id"] == evening[-1]
    said = cli("history", "undo", "--yes").stdout
    assert said == f"playlist match {evening[2]} is removed (it was logged)\n"
    ids = [m["id"] for m in cli("history", "list", "--json").json["matches"]]
    assert evening[-1] not in ids
    assert cli("history", "delete", evening[0], "--yes").exit_code == 0
    ids = [m["id"] for m in cli("history", "list", "--json").json["matches"]]
    assert evening[0] not in ids


def test_undo_takes_back_the_game_logged_last_even_if_dated_earlier(cli, db):
    from tests.history.factory import match, record

    record(db, match("t1", "otdraft", {"Ana": 1, "Ben": 0}, "2026-01-01"))  # tracked, finished
    old = logged(cli, "playlist", "Ana=3", "Ben=4", "--when", "2020-05-01")
    assert cli("history", "undo", "--yes", "--json").json == {"removed": cli_row(old)}
    assert cli("history", "undo", "--yes", "--json").json["reopened"]["id"] == "t1"


def cli_row(answer: dict) -> dict:
    return {
        "id": answer["id"], "game": answer["game"], "players": list(answer["scores"]),
        "status": "finished", "created": answer["when"], "finished": answer["when"],
        "result": {"scores": answer["scores"], "ranks": answer["ranks"],
                   "winner": answer["winner"]},
        "events": 0, "logged": True,
    }  # fmt: skip


def test_a_logged_solo_round_is_judged_by_the_tables_solo_goal(cli):
    # Issue 15 item 22 makes the goal a table setting; a logged round uses it too.
    assert cli("playlist", "solo", "goal", "12").exit_code == 0
    short = cli("log", "playlist-solo", "11", "--json").json
    assert (short["winner"], short["goal"]) == (None, 12)
    assert "short of the solo goal (12 points)" in cli("log", "playlist-solo", "11").stdout
    assert cli("playlist", "solo", "goal", "10", "--reading", "more-than").exit_code == 0
    assert cli("log", "playlist-solo", "10", "--json").json["winner"] is None
    assert cli("log", "playlist-solo", "11", "--json").json["winner"] == "solo"
