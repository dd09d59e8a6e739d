"""Issue 22 item 18: who receives a milestone upgrade, and the Series' gameplan card.

'Milestones': "You can choose to sleeve the translucent card onto the hooper you prefer by
respecting all the limits involved" — "Every hooper can gain only one upgrade." The
Series: "At the beginning of your attacking turn you can spend one coach action token to
select and take a gameplan card. You can take only one card for a game."
"""

from __future__ import annotations

from tests.conftest import assert_user_error
from tests.games.hoopers.test_match_wording import _play

M = ("hoopers", "match")
START = (*M, "start", "--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed",
         "--away-tribe", "keepers", "--first", "Lucy", "--seed", "4")  # fmt: skip
PERIOD_WON_BY_LUCY = [("score", {"team": "Lucy", "points": 3, "hooper": None})] + [
    ("turn", {"again": False})
] * 16


def test_the_milestone_upgrade_goes_to_one_hooper_once(cli, db):
    assert cli(*START).exit_code == 0
    _play(db, PERIOD_WON_BY_LUCY * 2)
    given = cli(*M, "upgrade", "Lucy", "Muy", "--json")
    assert given.exit_code == 0, given.stderr
    assert given.json["milestones"][0]["hooper"] == "Muy Schillato"
    assert any("receives the period 1 upgrade" in n for n in given.json["notes"])
    before = db.read_bytes()
    assert_user_error(cli(*M, "upgrade", "Lucy", "Muy"), "only one upgrade")
    assert_user_error(cli(*M, "upgrade", "Karl", "Edd"), "no milestone upgrade")
    assert_user_error(cli(*M, "upgrade", "Lucy", "Serge", "--period", "1"), "already on Muy")
    assert db.read_bytes() == before
    second = cli(*M, "upgrade", "Lucy", "Serge", "--json")
    assert second.json["milestones"][1]["hooper"] == "Serge Ceptor"


def test_one_gameplan_card_per_game_for_a_coach_token(cli, db):
    series = ("hoopers", "series")
    assert cli(*series, "start", "--tribes", "Keepers,Unleashed", "--home", "kee").exit_code == 0
    start = cli(*series, "game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge",
                "--first", "Keepers")  # fmt: skip
    assert start.exit_code == 0, start.stderr
    taken = cli(*M, "gameplan", "Keepers", "--json")
    assert taken.exit_code == 0, taken.stderr
    assert (taken.json["coach_tokens"]["Keepers"], taken.json["gameplans"]["Keepers"]) == (8, True)
    before = db.read_bytes()
    assert_user_error(cli(*M, "gameplan", "Keepers"), "only one card for a game")
    assert_user_error(cli(*M, "gameplan", "Unleashed"), "beginning of its attacking turn")
    assert db.read_bytes() == before


def test_a_match_outside_the_series_has_no_gameplan(cli):
    assert cli(*START).exit_code == 0
    assert_user_error(cli(*M, "gameplan", "Lucy"), "The Series")
