"""The first evening without traps (issue 24 items 6-9): undo takes no letter of a choice and
goes back one question, the second tribe defaults to the other one, the setup's words are
explained, and a refused answer says what to type at the question (not a command-line flag).

Each runs through the scripted prompts (in-process) and once through a real terminal.
"""

from __future__ import annotations

import pytest

from companion.testing.scripted import BACKSPACE, CTRL_U, CTRL_Z, UP
from tests.guided.terminal import Terminal, json_of


def status(cli) -> dict:
    done = cli("hoopers", "match", "status", "--json")
    assert done.exit_code == 0, done.stderr
    return done.json


def tribes(doc: dict) -> dict[str, str]:
    """Each team's tribe, told by a hooper of it (Muy Schillato plays for the Unleashed)."""
    return {
        t: "unleashed" if "Muy Schillato" in h else "keepers" for t, h in doc["hoopers"].items()
    }


def test_u_picks_unleashed_and_undo_goes_back_one_question(cli, scripted):
    flow = scripted
    flow.answer("What now?", "start")
    flow.answer("Which game?", "")
    flow.answer("Home team", "Lucy")
    flow.answer("Away team?", "Karl")
    flow.answer("Lucy's tribe?", "u")  # "type to jump": u is the start of unleashed
    flow.expect("Karl's tribe? [keepers / unleashed] (keepers)")  # the other tribe
    flow.answer("Karl's tribe?", "<")  # back one question: Lucy's tribe, names kept
    flow.answer("Lucy's tribe?", "<")
    flow.expect("Away team? (Karl)")  # what was typed comes back as the default
    flow.answer("Away team?", "")
    flow.answer("Lucy's tribe?", "u")
    flow.answer("Karl's tribe?", "")
    flow.answer("Give the line-ups", "")
    flow.answer("Period milestones", "lose")
    flow.expect("Who attacks first?")
    flow.send(CTRL_Z)  # Ctrl-Z: back to the milestones, not to the menu
    flow.expect("Period milestones (Friendly Play: win, lose, off, or one per period)? (lose)")
    flow.send(CTRL_Z)
    flow.answer("Give the line-ups", "")
    flow.answer("Period milestones", "")
    flow.answer("Who attacks first?", "Lucy")
    flow.answer("Play the first attacking turn now?", "n")
    flow.answer("What now?", "quit")
    assert flow.run().exit_code == 0
    assert sum(q.startswith("Which game?") for q in flow.asked) == 1
    assert sum(q.startswith("What now?") for q in flow.asked) == 2  # the start, the end
    assert tribes(status(cli)) == {"Lucy": "unleashed", "Karl": "keepers"}


def test_undo_at_the_first_question_backs_out(cli, scripted):
    flow = scripted
    flow.answer("Start one now?", "")
    flow.answer("Home team", "<")
    flow.expect("shows how")
    assert flow.run("hoopers", "play").exit_code == 0
    assert cli("hoopers", "match", "status").exit_code == 2


def test_the_second_tribe_defaults_to_the_other_one(cli, scripted):
    flow = scripted
    flow.answer("Start one now?", "")
    flow.answer("Home team", "Ann")
    flow.answer("Away team?", "Bob")
    flow.answer("Ann's tribe?", "")  # keepers, the first
    flow.expect("Bob's tribe? [keepers / unleashed] (unleashed)")
    flow.answer("Bob's tribe?", "")
    flow.answer("Give the line-ups", "")
    flow.answer("Period milestones", "")
    flow.answer("Who attacks first?", "Ann")
    flow.expect("F1: Ann's fundamental?")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert tribes(status(cli)) == {"Ann": "keepers", "Bob": "unleashed"}


def test_setup_words_have_a_plain_line_and_a_question_mark_explains(cli, scripted):
    flow = scripted
    flow.answer("Start one now?", "")
    flow.answer("Home team", "Ann")
    flow.answer("Away team?", "Bob")
    flow.answer("Ann's tribe?", "")
    flow.answer("Bob's tribe?", "")
    flow.expect("A line-up is the seven of the ten hoopers a team plays with")
    flow.answer("Give the line-ups", "?")
    flow.expect('"Select seven out of ten hoopers')
    flow.answer("Give the line-ups", "")
    flow.expect("Milestones: the team that wins a period earns a hooper upgrade card")
    flow.answer("Period milestones", "?")
    flow.expect("Every Period Matters")
    flow.expect("Period milestones")  # asked again
    flow.answer("Period milestones", "lose")
    flow.answer("Who attacks first?", "Ann")
    flow.expect("F1: Ann's fundamental?")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert "? explains" in flow.text


def test_a_refused_name_says_what_to_type_here_not_a_flag(cli, scripted):
    flow = scripted
    flow.answer("Start one now?", "")
    flow.answer("Home team", "Ann,Ben")
    flow.expect("one name here: the other team is asked next")
    flow.send(UP + BACKSPACE * 4 + "\r")  # the refused answer is one ↑ away: mended
    flow.answer("Away team?", "Ann")
    flow.expect("Ann is the home team: type the other player's name")
    flow.send(CTRL_U + "Bob\r")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130


def test_the_example_hint_becomes_what_to_type_at_the_question(cli, scripted):
    flow = scripted
    flow.answer("What now?", "start")
    flow.answer("Which game?", "otdraft")
    flow.answer("Players, clockwise", ",")
    flow.expect("no players given (hint: type A,B,C)")
    flow.interrupt()
    assert flow.run().exit_code == 130
    assert "--players" not in flow.text


def test_a_command_line_hint_is_replaced_by_what_to_type_here():
    from companion.engine.errors import BadInput
    from companion.ui.guided.prompts import reason

    cli_hint = BadInput("no players given", hint="e.g. --players Ana,Ben,Cy")
    assert reason(cli_hint) == "no players given"
    assert reason(cli_hint, "type A,B,C") == "no players given (hint: type A,B,C)"
    plain = BadInput("'x' is not a d20 result", hint="5, 10, … 100")
    assert reason(plain, "type 5..100") == "'x' is not a d20 result (hint: 5, 10, … 100)"
    command = BadInput("match 3 is over", hint="record it with 'companion hoopers match end'")
    assert reason(command) == "match 3 is over"


@pytest.mark.slow
def test_the_first_evening_in_a_real_terminal(db):
    term = Terminal(db, "hoopers", "play")
    term.answer("Start one now?", "")
    term.answer("Home team", "Lucy")
    term.answer("Away team?", "Karl,Ben")
    term.expect("one name here")
    term.send("\x15Karl\r")
    term.answer("Lucy's tribe?", "u")
    term.expect("Karl's tribe? [keepers / unleashed] (keepers)")
    term.send("<\r")
    term.expect("Lucy's tribe?")
    term.send("u\r")
    term.answer("Karl's tribe?", "")
    term.expect("A line-up is the seven")
    term.answer("Give the line-ups", "?")
    term.expect("Select seven out of ten hoopers")
    term.answer("Give the line-ups", "")
    term.answer("Period milestones", "")
    term.answer("Who attacks first?", "Lucy")
    term.expect("F1: Lucy's fundamental?")
    term.interrupt()
    assert term.finish() == 130
    doc = json_of(db, "hoopers", "match", "status", "--json")
    assert tribes(doc) == {"Lucy": "unleashed", "Karl": "keepers"}


def test_undo_goes_back_one_question_in_every_start(cli, scripted):
    flow = scripted
    flow.answer("What now?", "start")
    flow.answer("Which game?", "allstar")
    flow.answer("Managers, in seating order", "Ana,Ben")
    flow.answer("Two managers: which mode?", "")
    flow.answer("Species of the draw pile?", "<")
    flow.answer("Two managers: which mode?", "<")
    flow.expect("Managers, in seating order (clockwise)? [2 to 6 names, comma separated] (Ana,Ben)")
    flow.answer("Managers, in seating order", "Ana,Ben,Cy")  # three: no mode to ask
    flow.answer("Species of the draw pile?", "<")
    flow.answer("Managers, in seating order", "")
    flow.answer("Species of the draw pile?", "")
    flow.answer("Does the companion hold the decks", "<")  # back to the Species
    flow.answer("Species of the draw pile?", "")
    flow.answer("Does the companion hold the decks", "")  # no: the table's own cards
    flow.expect("3 managers (seating, clockwise): Ana, Ben, Cy")
    flow.answer("Play the first round now?", "n")
    flow.answer("What now?", "quit")
    assert flow.run().exit_code == 0
    assert sum(q.startswith("Which game?") for q in flow.asked) == 1
    assert cli("allstar", "season", "status").exit_code == 0
