"""Issue 22 items 9 and 10: injury markers' and Out of position's maluses, applied by the match.

'Injury Markers': "Your injured hooper gets a -10 malus to all his/her attack stats" and
"... defense stats". 'Out of Position': "that hooper will be affected by a -10 malus on all
the attack stats and a -5 malus on all the defense stats. His/her O-V stats are not affected."
"""

from __future__ import annotations

from tests.conftest import assert_user_error

M = ("hoopers", "match")
START = (*M, "start", "--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed",
         "--away-tribe", "keepers", "--first", "Lucy", "--seed", "4")  # fmt: skip
SEVEN_U = "Muy,Serge,Dime,Never,Lance,Joy,Faust"
SEVEN_K = "May,Chus,Edd,Hector,Perry,Linda,Henry"
FIVES = ("--home-seven", SEVEN_U, "--home-five", "Serge,Muy,Dime,Lance,Never",
         "--away-seven", SEVEN_K, "--away-five", "May,Chus,Edd,Hector,Perry")  # fmt: skip


def _pile(cli, marker):
    assert cli("hoopers", "markers", "--set", ",".join([marker] * 8)).exit_code == 0


def _injure(cli, team, hooper, times=3):
    for _ in range(times):
        result = cli(*M, "injure", team, hooper, "--json")
        assert result.exit_code == 0, result.stderr
    return result


def test_an_attack_injury_marker_takes_ten_off_a_remembered_stat(cli):
    _pile(cli, "attack-10")
    assert cli(*START).exit_code == 0
    first = cli(*M, "shot", "Lucy", "3ps", "Muy", "--stat", "70", "--bonus", "15", "--roll",
                "95", "--json")  # fmt: skip
    assert first.json["target"] == 85
    injured = _injure(cli, "Lucy", "Muy")
    notes = " ".join(injured.json["notes"])
    assert "-10 malus to all his/her attack stats" in notes
    assert "takes 10 off each attack" in notes  # the reminder
    for _ in range(2):  # Muy missed: the turn passes to Karl, then back to Lucy
        assert cli(*M, "turn").exit_code == 0
    # No --stat: the 70 remembered from before the injury, less the marker's 10.
    again = cli(*M, "shot", "Lucy", "3ps", "Muy", "--bonus", "15", "--roll", "80", "--json")
    assert again.exit_code == 0, again.stderr
    assert (again.json["target"], again.json["scored"]) == (75, False)
    assert "Muy Schillato: -10 to attack stats (injury marker)" in again.json["match"]["notes"]
    for _ in range(2):
        assert cli(*M, "turn").exit_code == 0
    text = cli(*M, "shot", "Lucy", "3ps", "Muy", "--bonus", "15", "--roll", "75").stdout
    assert "70 − 10 + 15 = 75" in text


def test_a_defence_injury_marker_takes_ten_off_the_defender(cli):
    _pile(cli, "defense-10")
    assert cli(*START).exit_code == 0
    _injure(cli, "Karl", "Edd")
    # The rulebook's Gameplay Example (70 + 15 − 30 = 55), Edd Trapp injured: 70 + 15 − 20.
    shot = cli(*M, "shot", "Lucy", "3ps", "Muy", "--stat", "70", "--bonus", "15", "--defense",
               "30", "--defender", "Edd", "--face", "blank", "--roll", "60")  # fmt: skip
    assert shot.exit_code == 0, shot.stderr
    assert "70 + 15 − (30 − 10) = 65" in shot.stdout
    assert "scored" in shot.stdout


def test_a_substitute_off_their_cards_position_is_out_of_position(cli):
    assert cli(*START, *FIVES).exit_code == 0
    # Joy Kill (SF on her card) comes in for Serge Ceptor on the PG token.
    sub = cli(*M, "sub", "Lucy", "--out", "Serge", "--in", "Joy", "--json")
    assert sub.exit_code == 0, sub.stderr
    assert sub.json["line_ups"]["Lucy"]["out_of_position"] == ["Joy Kill"]
    assert any("Out of position marker on PG" in n for n in sub.json["notes"])
    shot = cli(*M, "shot", "Lucy", "2ps", "Joy", "--stat", "60", "--roll", "55", "--json")
    assert (shot.json["target"], shot.json["scored"]) == (50, False)
    cli(*M, "turn")
    # As a defender: −5 on her D2 ("-5 malus on all the defense stats").
    d2 = cli(*M, "shot", "Karl", "2ps", "May", "--stat", "50", "--defense", "20", "--defender",
             "Joy", "--face", "blank", "--roll", "35", "--json")  # fmt: skip
    assert (d2.json["target"], d2.json["scored"]) == (35, True)


def test_second_position_substitute_and_starting_five_carry_no_marker(cli):
    five = ("--home-seven", SEVEN_U, "--home-five", "Serge,Muy=SF,Dime=SG,Lance,Never")
    started = cli(*START, *five, "--json")
    assert started.exit_code == 0, started.stderr
    # The Setup: "the first or the second position of the hooper must match the Position
    # token": Muy Schillato on SF is taken as his card's second position, and said.
    assert any("Muy Schillato (Lucy) stands on SF" in n for n in started.json["notes"])
    assert started.json["line_ups"]["Lucy"]["out_of_position"] == []
    sub = cli(*M, "sub", "Lucy", "--out", "Serge", "--in", "Joy", "--second-position", "Joy",
              "--json")  # fmt: skip
    assert sub.exit_code == 0, sub.stderr
    assert sub.json["line_ups"]["Lucy"]["out_of_position"] == []
    shot = cli(*M, "shot", "Lucy", "3ps", "Muy", "--stat", "70", "--roll", "70", "--json")
    assert (shot.json["target"], shot.json["scored"]) == (70, True)


def test_second_position_names_a_hooper_coming_in(cli, db):
    assert cli(*START, *FIVES).exit_code == 0
    before = db.read_bytes()
    refused = cli(*M, "sub", "Lucy", "--out", "Serge", "--in", "Joy", "--second-position", "Muy")
    assert_user_error(refused, "only a hooper coming in")
    assert db.read_bytes() == before
