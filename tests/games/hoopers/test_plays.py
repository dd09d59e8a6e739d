"""The last few plays in a tracked match's status (what the room's scoreboard shows)."""

from __future__ import annotations

START = (
    *("hoopers", "match", "start", "--home", "Lucy", "--away", "Karl"),
    *("--home-tribe", "unleashed", "--away-tribe", "keepers", "--first", "Lucy", "--seed", "3"),
)
MATCH = ("hoopers", "match")


def plays(cli) -> list[dict[str, str]]:
    return cli(*MATCH, "status", "--json").json["plays"]


def test_a_fresh_match_has_no_plays(cli):
    cli(*START)
    assert plays(cli) == []


def test_each_play_says_who_did_what_and_how_it_ended(cli):
    cli(*START)
    # Uncontested 3PS at 60, the d20 rolls 80: missed.
    assert cli(*MATCH, "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "60",
               "--roll", "80").exit_code == 0  # fmt: skip
    cli(*MATCH, "turn")
    cli(*MATCH, "shot", "Karl", "2ps", "--hooper", "Edd", "--stat", "60", "--roll", "10")
    cli(*MATCH, "foul", "Lucy", "--hooper", "Joy")
    cli(*MATCH, "score", "Karl", "1", "--hooper", "May")
    cli(*MATCH, "turn")
    # Defended: the whistle is a defensive foul; the shot misses and 3 free throws are owed.
    cli(*MATCH, "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "60", "--defender", "Edd",
        "--defense", "20", "--face", "whistle", "--roll", "75")  # fmt: skip
    assert plays(cli) == [  # turns are not plays
        {"team": "Lucy", "text": "Muy Schillato 3PS — missed"},
        {"team": "Karl", "text": "Edd Trapp 2PS — 2 points"},
        {"team": "Lucy", "text": "Joy Kill — foul"},
        {"team": "Karl", "text": "May Friend + 1 point"},
        {"team": "Lucy", "text": "Muy Schillato 3PS — missed, fouled by Edd Trapp"},
    ]
    cli(*MATCH, "free-throw", "Lucy", "--stat", "60", "--roll", "10", "--roll", "15",
        "--roll", "100")  # fmt: skip
    shown = plays(cli)
    assert len(shown) == 5  # the last five, oldest first
    assert shown[-1] == {"team": "Lucy", "text": "Muy Schillato free throws — 2 of 3 made"}
    assert shown[0] == {"team": "Karl", "text": "Edd Trapp 2PS — 2 points"}


def test_an_undone_play_leaves_the_list(cli):
    cli(*START)
    cli(*MATCH, "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "60", "--roll", "10")
    assert plays(cli) == [{"team": "Lucy", "text": "Muy Schillato 3PS — 3 points"}]
    assert cli(*MATCH, "undo").exit_code == 0
    assert plays(cli) == []
