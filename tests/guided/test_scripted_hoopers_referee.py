"""Issue 29, both faces: guided play asks the match's own ball rule (rules/ball.py) when it
picks up an action recorded from the command line, as `match shot` does."""

from __future__ import annotations

from tests.conftest import assert_user_error
from tests.guided.test_scripted_hoopers import start_match, status


def test_a_resumed_action_keeps_the_dribblers_ball_in_both_faces(cli, db, scripted):
    """'DRIBBLE: ... The hooper who performs this action must perform another action (F2 or
    A) which involves the ball in hand'; 'Every dribble gives a +15 bonus'."""
    start_match(cli)
    assert cli("hoopers", "match", "fundamental", "Lucy", "dribble", "Muy").exit_code == 0
    # The command line refuses another shooter ...
    refused = cli("hoopers", "match", "shot", "Lucy", "2ps", "Sin", "--stat", "60")
    assert_user_error(refused, "may shoot: Muy Schillato")
    # ... and guided play, picking the action up at F2, offers only the dribbler.
    flow = scripted
    flow.answer("F2: Lucy's fundamental?", "none")
    flow.answer("A: Lucy's attack?", "2")
    flow.answer("2 points shot by? [Muy Schillato]", "Sin\r")
    flow.expect("Muy Schillato")
    flow.send("\r")
    flow.answer("Muy Schillato's 2PS?", "60")
    flow.answer("Karl defends with a D2?", "")
    flow.answer("60 + 15 = 75 → roll ≤ 75", "70")
    flow.answer("Move the turn token and go on?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    assert status(cli)["hoopers"]["Lucy"]["Muy Schillato"]["points"] == 2
