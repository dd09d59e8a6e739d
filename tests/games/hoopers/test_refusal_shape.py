"""Issue 32, item 14: "a refusal quotes the rulebook once, then says what is legal now".

Each refusal below is the whole stderr line: one quote of the rule, then who or what may
be recorded instead; and nothing is written."""

from __future__ import annotations

import pytest

H, M = "hoopers", ("hoopers", "match")
TEAMS = ("--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed", "--away-tribe", "keepers")


@pytest.fixture
def match(cli):
    assert cli(*M, "start", *TEAMS, "--first", "Lucy", "--seed", "4").exit_code == 0


def refused(cli, db, args) -> str:
    before = db.read_bytes()
    result = cli(*M, *args)
    assert (result.exit_code, result.stdout) == (2, ""), result.stderr
    assert db.read_bytes() == before
    (line,) = result.stderr.splitlines()
    return line


def test_the_passer_is_refused_with_the_rule_once_and_who_may_shoot(cli, db, match):
    """'PASS: ... The hooper who performs a pass can't perform the very following action
    (F2 or A) if it involves the ball.'"""
    assert cli(*M, "fundamental", "Lucy", "pass", "Faust").exit_code == 0
    line = refused(cli, db, ("shot", "Lucy", "3ps", "Faust", "--stat", "60"))
    assert line == (
        "error: Faust Exit cannot shoot: 'The hooper who performs a pass can't perform the "
        "very following action (F2 or A) if it involves the ball'; who may shoot now: "
        "Dime N'Shons, Joy Kill, Serge Ceptor, Sin Miedo, Muy Schillato, Reley Baton, "
        "Never Tired, Lance Endure, Wally Block"
    )
    assert line.count("'The hooper") == 1


def test_a_timeout_by_the_defenders_quotes_once_and_names_what_is_legal(cli, db, match):
    """'Coach Action Tokens': "At THE BEGINNING of your attacking turn: ... To call a
    timeout"."""
    line = refused(cli, db, ("timeout", "Karl"))
    assert line == (
        "error: a timeout by Karl ('At THE BEGINNING of your attacking turn': Karl defends "
        "and may use 'match coach' for the timeout's benefits) is not legal now (the attack "
        "goes on); legal now: a timeout (coach actions), a fundamental, a shot or block, or "
        "'match turn'"
    )


def test_a_defence_against_a_playbook_quotes_once_and_says_what_is_legal(cli, db, match):
    """'To Activate and Resolve a Playbook': the F2 and A "cannot either be countered and
    defended"."""
    playbook = (("fundamental", "Lucy", "screen", "Reley"),
                ("playbook", "Lucy", "use", "Hot Zone"),
                ("fundamental", "Lucy", "dribble", "Serge"))  # fmt: skip
    for move in playbook:
        assert cli(*M, *move).exit_code == 0, move
    rule = (
        "a playbook's F2 and A 'cannot either be countered and defended'; legal now: the "
        "attacker's F2 and A, undefended (a shot without --defense or --defender)"
    )
    defended = ("shot", "Lucy", "3ps", "Serge", "--stat", "60", "--bonus", "25", "--defense",
                "20", "--defender", "Edd")  # fmt: skip
    assert refused(cli, db, defended) == f"error: a defence against Hot Zone is refused: {rule}"
    countered = ("counter", "Karl", "steal", "May", "--against", "Serge", "--v", "40")
    assert refused(cli, db, countered) == f"error: a counter against Hot Zone is refused: {rule}"


def test_maddy_cures_gift_to_herself_quotes_once_and_names_her_teammates(cli, db, match):
    """Keepers, "PF - Maddy Cure: If her attack is successful, then one teammate of your
    choice recovers one energy." The refusal says who may take it."""
    assert cli(*M, "turn").exit_code == 0  # Karl (the Keepers) attacks
    line = refused(cli, db, ("shot", "Karl", "2ps", "Maddy", "--stat", "60", "--roll", "5",
                             "--gift", "Maddy"))  # fmt: skip
    assert line.startswith(
        "error: Maddy Cure's gift goes to 'one teammate', not to herself; legal now: "
    )
    named = line.split("legal now: ")[1].split(", ")
    assert "Maddy Cure" not in named and len(named) >= 5
