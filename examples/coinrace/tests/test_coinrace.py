"""The coin race's own behaviour, with the kit's fixtures (`cli`, `assert_user_error`)."""

from companion.testing import assert_user_error


def test_a_flip_passes_the_turn_and_undo_takes_it_back(cli):
    assert cli("coinrace", "start", "--players", "Ann,Bob", "--seed", "4").exit_code == 0
    flipped = cli("coinrace", "flip", "--json")
    assert flipped.exit_code == 0 and flipped.json["next"] == "Bob flips"
    undone = cli("coinrace", "undo", "--json")
    assert undone.json["undone"] == "flip" and undone.json["next"] == "Ann flips"
    assert_user_error(cli("coinrace", "end"), "nobody has 3 heads yet")


def test_the_menu_starts_it(cli, scripted):
    scripted.answer("What now?", "start")
    scripted.answer("Which game?", "coin")
    scripted.answer("Players?", "Ann,Bob")
    scripted.answer("Play the first flip now?", "no")
    scripted.expect("live: coinrace match")
    scripted.answer("What now?", "quit")
    assert scripted.run().exit_code == 0
    assert cli("coinrace", "status", "--json").json["players"] == ["Ann", "Bob"]
