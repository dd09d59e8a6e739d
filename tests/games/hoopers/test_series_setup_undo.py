"""Issue 22 item 19: a Series game's set-up is not a move that `match undo` takes back."""

from __future__ import annotations

from tests.conftest import assert_user_error

S = ("hoopers", "series")
M = ("hoopers", "match")


def test_undo_after_series_game_start_keeps_the_carried_injury_cubes(cli, db):
    # "Keep track of the injured hoopers (with a injured marker): they will start the
    # next game with two injured cube." — set-up, not a move of the game.
    assert cli(*S, "start", "--tribes", "Keepers,Unleashed", "--home", "kee").exit_code == 0
    done = cli(*S, "record", "--score", "80-70", "--injured", "Unleashed:Wally Block")
    assert done.exit_code == 0, done.stderr
    started = cli(*S, "game", "start", "--hot", "may,vern,chus", "--cold", "faust,serge",
                  "--seed", "5")  # fmt: skip
    assert started.exit_code == 0, started.stderr
    before = db.read_bytes()
    refused = cli(*M, "undo")
    assert_user_error(refused, "set-up")
    assert db.read_bytes() == before
    match = cli(*M, "status", "--json").json
    assert match["hoopers"]["Unleashed"]["Wally Block"]["injury_cubes"] == 2
