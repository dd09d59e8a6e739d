"""`companion watch --once` and the guided commands off a terminal (in-process)."""

from __future__ import annotations

from tests.conftest import assert_user_error

START = ("hoopers", "match", "start", "--home", "Lucy", "--away", "Karl")
ROSTERS = ("--home-tribe", "unleashed", "--away-tribe", "keepers", "--first", "Lucy")


def test_watch_once_json_is_the_match_status(cli):
    assert cli(*START, *ROSTERS, "--seed", "3").exit_code == 0
    assert cli("hoopers", "match", "score", "Lucy", "3").exit_code == 0
    watched = cli("watch", "--once", "--json")
    assert watched.exit_code == 0
    assert watched.json == cli("hoopers", "match", "status", "--json").json
    assert watched.json["score"] == {"Lucy": 3, "Karl": 0}


def test_watch_once_draws_the_scoreboard(cli):
    cli(*START, *ROSTERS)
    cli("hoopers", "match", "score", "Karl", "2", "--hooper", "Edd")
    frame = cli("watch", "--once", "--game", "hoop")
    assert frame.exit_code == 0
    assert "Lucy 0 – 2 Karl" in frame.stdout
    assert "Edd Trapp" in frame.stdout


def test_watch_without_a_live_match(cli):
    assert_user_error(cli("watch", "--once"), "no live match")


def test_watch_json_needs_once(cli):
    cli(*START, *ROSTERS)
    assert_user_error(cli("watch", "--json"), "--once")


def test_watch_asks_which_game_when_several_are_live(cli, db):
    from companion.store import Store

    cli(*START, *ROSTERS)
    Store(db).start_match("otdraft", ["Ana", "Ben"], {}, seed=1)
    assert_user_error(cli("watch", "--once"), "--game")
    other = cli("watch", "--once", "--game", "otdraft", "--json")
    assert other.exit_code == 0
    assert other.json["game"] == "otdraft" and other.json["players"] == ["Ana", "Ben"]
    assert other.json["events"] == 0


def test_generic_scoreboard_lists_players_and_events(cli, db):
    from companion.store import Store

    Store(db).start_match("nogame", ["Ana", "Ben"], {}, seed=1, events=[{"type": "x"}])
    frame = cli("watch", "--once")
    assert frame.exit_code == 0
    assert "Ana" in frame.stdout and "1 event recorded" in frame.stdout


def test_hoopers_play_needs_a_terminal(cli):
    cli(*START, *ROSTERS)
    assert_user_error(cli("hoopers", "play"), "needs a terminal")
