"""Issue 22: the command line and guided play ask one module where the attacking turn stands
(companion/games/hoopers/rules/phase.py), so the same illegal step is refused by both."""

from __future__ import annotations

from tests.conftest import assert_user_error
from tests.guided.test_scripted_hoopers import start_match, status, types

M = ("hoopers", "match")


def test_after_a_made_basket_both_faces_only_move_the_turn_token(cli, db, scripted):
    # "If you score, then update your score track on the scoreboard. The attacking turn
    # passes to your opponent."
    start_match(cli)
    assert cli(*M, "shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "50", "--roll", "5")
    second = ("shot", "Lucy", "3ps", "--hooper", "Serge", "--stat", "60", "--roll", "5")
    before = db.read_bytes()
    assert_user_error(cli(*M, *second), "legal now: only 'match turn'")
    assert db.read_bytes() == before
    # Guided play picks the turn up where the match stands: no fundamental, no attack.
    flow = scripted
    flow.expect("Lucy's attacking turn is over:")
    flow.expect("The attacking turn passes to your opponent")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play").exit_code == 0
    assert "F1: Lucy's fundamental?" not in flow.text and "A: Lucy's attack?" not in flow.text
    assert types(db) == ["opening", "shot", "turn"]
    assert status(cli)["attacking"] == "Karl"


def test_after_a_miss_both_faces_offer_the_rebound_and_no_timeout(cli, db, scripted):
    # "If the attack is not successful, then you may play an offensive rebound card";
    # coach actions are "At THE BEGINNING of your attacking turn".
    start_match(cli)
    miss = ("shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "50", "--roll", "100")
    assert cli(*M, *miss).exit_code == 0
    before = db.read_bytes()
    assert_user_error(cli(*M, *miss), "legal now: 'match counter Lucy rebound' (F3)")
    assert_user_error(cli(*M, "timeout", "Lucy"), "At THE BEGINNING of your attacking turn")
    assert db.read_bytes() == before
    flow = scripted
    flow.answer("F3: Lucy plays an offensive rebound?", "none")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play").exit_code == 0
    assert "beginning of Lucy's turn" not in flow.text  # no coach actions offered
    assert types(db) == ["opening", "shot", "turn"]


def test_a_failed_counter_resumes_the_action_without_coach_actions(cli, db, scripted):
    # "IF YOUR COUNTER HAS NOT BEEN SUCCESSFUL, THEN YOUR OPPONENT CONTINUES HIS/HER ACTION"
    start_match(cli)
    steal = ("counter", "Karl", "steal", "--hooper", "May", "--against", "Muy", "--o", "40",
             "--face", "blank", "--roll", "100")  # fmt: skip
    assert cli(*M, *steal).exit_code == 0
    assert_user_error(cli(*M, "timeout", "Lucy"), "a timeout ('At THE BEGINNING")
    flow = scripted
    flow.answer("F2: Lucy's fundamental?", "none")
    flow.answer("A: Lucy's attack?", "none")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play").exit_code == 0
    assert "beginning of Lucy's turn" not in flow.text  # no coach actions offered


def test_with_no_fundamental_slot_left_both_faces_go_to_the_attack(cli, db, scripted):
    # "You may play a fundamental card in F1 space ... You may play a second fundamental
    # card in F2 space ... You must play an attack card": two counters, no third.
    start_match(cli)
    steal = ("counter", "Karl", "steal", "--hooper", "May", "--against", "Muy", "--o", "40",
             "--face", "blank", "--roll", "100")  # fmt: skip
    assert cli(*M, *steal).exit_code == 0
    assert cli(*M, *steal).exit_code == 0
    before = db.read_bytes()
    assert_user_error(cli(*M, *steal), "legal now: a shot or block, or 'match turn'")
    assert db.read_bytes() == before
    flow = scripted
    flow.answer("A: Lucy's attack?", "none")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play").exit_code == 0
    assert "F2: Lucy's fundamental?" not in flow.text
    assert types(db) == ["opening", "counter", "counter", "turn"]
