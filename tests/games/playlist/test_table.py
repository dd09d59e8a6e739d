"""The playlist tables through the CLI: common verbs, status core, watch, undo in the lock."""

from __future__ import annotations

import pytest

from companion.store import Store
from tests.conftest import assert_user_error

CORE = {"id", "game", "status", "players", "scores", "next"}
P1, P2, P3 = (
    "pop/1/love+piano+ballad/p1",
    "pop/2/love+dancing+feel-good/p2",
    "pop/3/love+drums+synth/p3",
)
R1, R2 = "rock/1/drums+bass+sad/r1", "rock/1/drums+bass+death/r2"

# no card list: a solo run is the cards the table lays out and describes (issue 32)
LAID = ("--cards", "2", "--laid", "pop/3/love+piano+ballad/a", "--laid", "pop/3/love+drums+sad/b")


def start_game(cli) -> None:
    assert cli("playlist", "game", "start", "-p", "Ana,Ben,Cy", "--first", "Ben").exit_code == 0
    assert cli("playlist", "game", "play", "ben", P1, P2, P3).exit_code == 0
    assert cli("playlist", "game", "assignment", "ben", "3:pop=3").exit_code == 0


def test_game_status_json_has_the_common_core(cli):
    start_game(cli)
    body = cli("playlist", "game", "status", "--json").json
    assert set(body) >= CORE
    assert (body["game"], body["status"]) == ("playlist", "live")
    assert body["players"] == ["Ben", "Cy", "Ana"]  # turn order, as before
    # running points: 1 + 2 + 3, +1 for three pop songs, +3 for the assignment
    assert body["scores"] == {"Ana": 0, "Ben": 10, "Cy": 0}
    assert body["next"] == "Ben plays (round 1)"
    # the game's own keys stay beside the core
    assert body["lengths"] == {"Ana": 0, "Ben": 3, "Cy": 0}
    cli("playlist", "game", "turn")
    moved = cli("playlist", "game", "play", "cy", R1, R2, "--json").json
    assert set(moved) >= CORE and moved["event"]["type"] == "play"
    assert moved["next"] == "Cy plays (round 1)"


def test_solo_status_json_has_the_common_core(cli):
    cli("playlist", "solo", "start", "--seed", "3", "--player", "Ana", *LAID)
    body = cli("playlist", "solo", "status", "--json").json
    assert set(body) >= CORE
    assert (body["game"], body["status"], body["players"]) == ("playlist-solo", "live", ["Ana"])
    assert body["scores"] == {"Ana": None}  # nothing scored yet
    assert "solo score" in body["next"]
    cli("playlist", "solo", "score", "pop/3/love+piano+ballad/a", "pop/3/love+drums+sad/b")
    body = cli("playlist", "solo", "status", "--json").json
    assert body["scores"] == {"Ana": 6}
    assert body["next"] == "the run is over: file it with 'companion playlist solo end'"


def test_solo_deal_stays_as_a_hidden_alias_of_start(cli):
    dealt = cli("playlist", "solo", "deal", "--seed", "42", *LAID, "--json").json
    assert dealt["count"] == 2 and dealt["seed"] == 42
    assert "deal" not in cli("playlist", "solo", "--help").stdout.split("Commands")[-1]
    assert "start" in cli("playlist", "solo", "--help").stdout


def test_game_abandon_files_it_as_abandoned(cli, db):
    start_game(cli)
    done = cli("playlist", "game", "abandon", "--json").json
    assert done["status"] == "abandoned"
    assert Store(db).get_match(done["id"])["status"] == "abandoned"
    assert_user_error(cli("playlist", "game", "status"), "no live playlist match")
    assert_user_error(cli("playlist", "game", "abandon"), "no live playlist match")
    text = cli("playlist", "game", "start", "-p", "Ana,Ben")  # a new game can start
    assert text.exit_code == 0
    assert "abandoned. Kept in history" in cli("playlist", "game", "abandon").stdout


def test_solo_abandon_files_it_as_abandoned(cli, db):
    cli("playlist", "solo", "start", "--seed", "1", *LAID)
    done = cli("playlist", "solo", "abandon", "--json").json
    assert Store(db).get_match(done["id"])["status"] == "abandoned"
    assert_user_error(cli("playlist", "solo", "status"), "no live playlist-solo match")


def test_undo_refuses_the_start_and_writes_nothing(cli, db):
    cli("playlist", "game", "start", "-p", "Ana,Ben", "--first", "Ana")
    before = db.read_bytes()
    assert_user_error(cli("playlist", "game", "undo"), "nothing to undo in playlist game")
    assert db.read_bytes() == before


@pytest.mark.parametrize(
    "start, undo",
    [
        (("game", "start", "-p", "Ana,Ben"), ("game", "undo")),
        (("solo", "start", "--seed", "1", *LAID), ("solo", "undo")),
    ],
)
def test_undo_is_decided_inside_the_lock(cli, db, monkeypatch, start, undo):
    """With another companion holding the lock, even a refused undo waits for it."""
    from filelock import FileLock

    import companion.store.store as store_module

    cli("playlist", *start)
    monkeypatch.setattr(store_module, "LOCK_TIMEOUT_S", 0.2)
    held = FileLock(str(db) + ".lock")
    with held:
        assert_user_error(cli("playlist", *undo), "locked by another companion")
    assert_user_error(cli("playlist", *undo), "nothing to undo")


def test_end_is_refused_inside_the_lock(cli, db, monkeypatch):
    from filelock import FileLock

    import companion.store.store as store_module

    start_game(cli)
    monkeypatch.setattr(store_module, "LOCK_TIMEOUT_S", 0.2)
    with FileLock(str(db) + ".lock"):
        assert_user_error(cli("playlist", "game", "end"), "locked by another companion")
    assert_user_error(cli("playlist", "game", "end"), "no playlist has reached 15 songs")


def test_watch_once_json_is_the_game_status_with_per_player_scores(cli):
    start_game(cli)
    watched = cli("watch", "--once", "--json", "--game", "playlist")
    assert watched.exit_code == 0
    assert watched.json == cli("playlist", "game", "status", "--json").json
    assert watched.json["scores"] == {"Ana": 0, "Ben": 10, "Cy": 0}


def test_watch_once_json_of_a_solo_run(cli):
    cli("playlist", "solo", "start", "--seed", "2", "--player", "Ana", *LAID)
    cli("playlist", "solo", "score", "pop/3/love+piano+ballad/a", "pop/3/love+drums+sad/b")
    watched = cli("watch", "--once", "--json", "--game", "playlist-solo")
    assert watched.json == cli("playlist", "solo", "status", "--json").json
    assert watched.json["scores"] == {"Ana": 6}


def test_watch_once_draws_the_playlists_points_round_and_who_plays(cli):
    start_game(cli)
    cli("playlist", "game", "turn")
    cli("playlist", "game", "play", "cy", R1, R2)
    cli("playlist", "game", "turn")
    frame = cli("watch", "--once", "--game", "playlist").stdout
    lines = frame.splitlines()
    ben = next(line for line in lines if " Ben " in line)
    assert "10" in ben and "p1 → p2 → p3" in ben and "3:pop=3 ✓" in ben
    cy = next(line for line in lines if " Cy " in line)
    assert "2" in cy and "r1 → r2" in cy
    ana = next(line for line in lines if " Ana " in line)
    assert ana.lstrip().startswith("▶") and "(no playlist)" in ana
    assert "Round 1: Ana to play." in frame
    assert "next: Ana plays (round 1)" in frame


def test_watch_once_draws_a_solo_run(cli):
    cli("playlist", "solo", "start", "--seed", "42", *LAID)
    frame = cli("watch", "--once", "--game", "playlist-solo").stdout
    assert "Solo round 1: 2 cards (goal: at least 10 points)." in frame
