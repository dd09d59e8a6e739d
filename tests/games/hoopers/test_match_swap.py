"""Issue 22 item 15: swapping the Position tokens of hoopers on court.

'Substitution': "You can change in the same way the Position token of the hoopers on the
court. But in this case, you'll change the Position tokens by placing them in the same
circles on the Onfire track as they were before ... The hoopers do not recover any energy."
"""

from __future__ import annotations

from tests.conftest import assert_user_error

M = ("hoopers", "match")
START = (*M, "start", "--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed",
         "--away-tribe", "keepers", "--first", "Lucy", "--seed", "4",
         "--home-seven", "Muy,Serge,Dime,Never,Lance,Joy,Faust",
         "--home-five", "Serge,Muy,Dime,Lance,Never")  # fmt: skip


def test_two_hoopers_on_court_swap_tokens_and_keep_their_onfire(cli):
    assert cli(*START).exit_code == 0
    assert cli(*M, "onfire", "Lucy", "Muy", "up").exit_code == 0
    swapped = cli(*M, "swap", "Lucy", "Muy", "Dime", "--json")
    assert swapped.exit_code == 0, swapped.stderr
    court = swapped.json["line_ups"]["Lucy"]["court"]
    assert (court["SG"], court["SF"]) == ("Dime N'Shons", "Muy Schillato")
    assert swapped.json["coach_tokens"]["Lucy"] == 7
    assert swapped.json["hoopers"]["Lucy"]["Muy Schillato"]["onfire"] == "orange"
    # Off their cards' positions (Muy SG, Dime SF): Out of position, −10 on the shot.
    assert swapped.json["line_ups"]["Lucy"]["out_of_position"] == ["Dime N'Shons",
                                                                    "Muy Schillato"]  # fmt: skip
    shot = cli(*M, "shot", "Lucy", "3ps", "Muy", "--stat", "70", "--roll", "95", "--json")
    assert shot.json["target"] == 60
    # A steal reads the new token: Muy now stands on SF.
    assert shot.json["match"]["line_ups"]["Lucy"]["court"]["SF"] == "Muy Schillato"


def test_a_swap_is_refused_with_the_bench_or_later_in_the_turn(cli, db):
    assert cli(*START).exit_code == 0
    before = db.read_bytes()
    assert_user_error(cli(*M, "swap", "Lucy", "Muy", "Joy"), "on the bench")
    assert_user_error(cli(*M, "swap", "Lucy", "Muy", "Muy"), "themself")
    assert db.read_bytes() == before
    cli(*M, "shot", "Lucy", "2ps", "Muy", "--stat", "50", "--roll", "90")
    before = db.read_bytes()
    assert_user_error(cli(*M, "swap", "Lucy", "Muy", "Dime"), "beginning of its attacking turn")
    assert db.read_bytes() == before
