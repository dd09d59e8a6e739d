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
    assert_user_error(refused, "may shoot now: Muy Schillato")
    # ... and guided play, picking the action up at F2, offers only the dribbler.
    flow = scripted
    flow.answer("F2: Lucy's fundamental?", "none")
    flow.answer("A: Lucy's attack?", "2")
    flow.answer("2 points shot by? [Muy Schillato]", "Sin\r")
    flow.expect("Muy Schillato")
    flow.send("\x15\r")  # Ctrl-U clears the refused "Sin" kept on the line; Enter: the default
    flow.answer("Muy Schillato's 2PS?", "60")
    flow.answer("Karl defends with a D2?", "")
    flow.answer("60 + 15 = 75 → roll ≤ 75", "70")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    assert status(cli)["hoopers"]["Lucy"]["Muy Schillato"]["points"] == 2


def test_the_opponents_coach_token_in_a_timeout_in_both_faces(cli, db, scripted):
    """'Coach Action Tokens': a timeout's caller: "each hooper of yours recover one energy";
    the opponent "can spend one of his/her coach action tokens to gain all the benefits of
    the timeout without spending any cube"."""
    start_match(cli)
    for team, hooper in (("Lucy", "Muy"), ("Karl", "Edd"), ("Karl", "May")):
        assert cli("hoopers", "match", "energy", team, hooper, "--max", "5").exit_code == 0
        assert cli("hoopers", "match", "energy", team, hooper, "3").exit_code == 0
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "time")
    flow.answer("Karl spends a coach action token for all the timeout's benefits", "yes")
    flow.expect("Karl's coach action token: Edd Trapp (Karl) +1 → 4, May Friend (Karl) +1 → 4")
    flow.answer("F1: Lucy's fundamental?", "")
    flow.interrupt()
    flow.run("hoopers", "play", "--seed", "1")
    now = status(cli)
    assert now["coach_tokens"] == {"Lucy": 7, "Karl": 7}
    assert now["timeouts"] == {"Lucy": 2, "Karl": 3}
    assert now["hoopers"]["Karl"]["May Friend"]["energy"] == {"now": 4, "max": 5}
    assert now["hoopers"]["Lucy"]["Muy Schillato"]["energy"] == {"now": 4, "max": 5}


def test_a_playbook_declared_in_guided_play_refuses_the_counter_on_the_command_line(
    cli, db, scripted
):
    """'To Activate and Resolve a Playbook': "Lucy declares to activate the common playbook
    HOT ZONE, she takes the card and locks into it one coach action token" — "the F2
    fundamental cannot be countered and also the A attack can't be defended"."""
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "scr")
    flow.answer("screen by?", "Rel")
    flow.answer("screen bonus on the card?", "")
    flow.answer("foul die for Reley Baton's screen", "blank")
    flow.answer("Lucy runs a playbook?", "common")
    flow.answer("which common playbook", "Hot Zone")
    flow.expect("Lucy runs Hot Zone: the F2 and A cannot be countered or defended")
    flow.answer("F2: Lucy's fundamental?", "dr")
    flow.answer("dribble by?", "Serge")
    flow.answer("dribble bonus on the card?", "")
    flow.answer("A: Lucy's attack?", "3ps")
    flow.interrupt()
    flow.run("hoopers", "play", "--seed", "1")
    now = status(cli)
    assert now["playbook_run"] == {"team": "Lucy", "name": "Hot Zone", "common": True}
    refused = cli("hoopers", "match", "counter", "Karl", "steal", "May", "--against", "Serge",
                  "--o", "40")  # fmt: skip
    assert_user_error(refused, "a counter against Hot Zone is refused")


def test_maddy_cures_gift_in_both_faces(cli, db, scripted):
    """'The Tribes', Keepers: "PF - Maddy Cure: If her attack is successful, then one
    teammate of your choice recovers one energy." Guided play asks the teammate and records
    the match's `gift` move; the command line asks the same rule."""
    assert cli("hoopers", "match", "start", "--home", "Lucy", "--away", "Karl", "--home-tribe",
               "unleashed", "--away-tribe", "keepers", "--first", "Karl", "--seed", "7"
               ).exit_code == 0  # fmt: skip
    for hooper in ("Maddy", "Chus"):
        assert cli("hoopers", "match", "energy", "Karl", hooper, "--max", "5").exit_code == 0
    assert cli("hoopers", "match", "energy", "Karl", "Chus", "2").exit_code == 0
    flow = scripted
    flow.answer("F1: Karl's fundamental?", "none")
    flow.answer("F2: Karl's fundamental?", "none")
    flow.answer("A: Karl's attack?", "2")
    flow.answer("2 points shot by?", "Maddy")
    flow.answer("Maddy Cure's 2PS?", "60")
    flow.answer("Lucy defends with a D2?", "")
    flow.answer("roll ≤ 60", "5")
    flow.answer("Maddy Cure scored: which teammate recovers one energy?", "Chus")
    flow.expect("Maddy Cure scored: Chus Kinder recovers 1 → 3 of 5")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    assert status(cli)["hoopers"]["Karl"]["Chus Kinder"]["energy"]["now"] == 3
    # The turn token moved: the gift belonged to that basket.
    again = cli("hoopers", "match", "gift", "Karl", "May")
    assert_user_error(again, "Maddy Cure's gift follows her successful attack")
