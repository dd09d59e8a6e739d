"""Issue 32, the whole evening: a friendly Valley Hoopers match played out is ended in guided
play. Before, `hoopers play` (and the menu's "continue hoopers") on a match that was over
refused with `error: match … is over` and sent the table to `hoopers match end`."""

from __future__ import annotations

from tests.guided.test_whole_evening import play_out


def filed(cli) -> list[dict]:
    return [m for m in cli("history", "list", "--json").json["matches"] if m["status"] != "live"]


def started(cli) -> None:
    done = cli("hoopers", "match", "start", "--home", "Cy", "--away", "Dee", "--home-tribe",
               "keepers", "--away-tribe", "unleashed", "--first", "Cy")  # fmt: skip
    assert done.exit_code == 0, done.stderr


def test_play_on_a_match_played_out_ends_it_and_files_it(cli, db, scripted):
    started(cli)
    play_out(db, "Cy", "Dee")
    scripted.answer("The match is over. End it and file it in history?", "")
    assert scripted.run("hoopers", "play").exit_code == 0
    assert "is over" not in scripted.text.replace("The match is over.", "")
    (match,) = filed(cli)
    assert (match["status"], match["result"]["winner"]) == ("finished", "Cy")
    assert match["result"]["scores"] == {"Cy": 40, "Dee": 32}
    assert cli("hoopers", "match", "status").exit_code == 2  # no live match left


def test_a_no_keeps_the_match_live_to_end_later(cli, db, scripted):
    started(cli)
    play_out(db, "Cy", "Dee")
    scripted.answer("The match is over. End it and file it in history?", "n")
    assert scripted.run("hoopers", "play").exit_code == 0
    assert filed(cli) == []
    assert cli("hoopers", "match", "end").exit_code == 0


def test_a_series_game_played_out_is_left_to_the_series(cli, db, scripted):
    """The Series ends its game itself, with the reward phase (guided/series.py)."""
    assert cli("hoopers", "series", "start", "--players", "Ana=Keepers,Ben=Unleashed",
               "--home", "Keepers").exit_code == 0  # fmt: skip
    game = cli("hoopers", "series", "game", "start", "--hot", "may,vern,chus", "--cold",
               "faust,serge", "--first", "Keepers")  # fmt: skip
    assert game.exit_code == 0, game.stderr
    play_out(db, "Ana", "Ben")
    result = scripted.run("hoopers", "play")
    assert "End it and file it in history" not in scripted.text
    assert result.exit_code in (0, 2)
    assert filed(cli) == []
