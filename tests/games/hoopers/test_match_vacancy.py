"""Issue 22 item 20: an ejected hooper's place does not stay empty while play goes on.

'Foul: Basic Concepts': "When an hooper gets his fourth red cube, he/she is immediately
ejected. ... A benchwarmer of your choice will take the vacant position."
"""

from __future__ import annotations

import pytest

from tests.conftest import assert_user_error

M = ("hoopers", "match")
START = (*M, "start", "--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed",
         "--away-tribe", "keepers", "--first", "Lucy", "--seed", "4",
         "--home-seven", "Muy,Serge,Dime,Never,Lance,Joy,Faust",
         "--home-five", "Serge,Muy,Dime,Lance,Never")  # fmt: skip


def _eject(cli, team, hooper):
    for _ in range(4):
        done = cli(*M, "foul", team, hooper, "--json")
        assert done.exit_code == 0, done.stderr
    return done


def test_play_waits_for_the_benchwarmer_off_a_terminal(cli, db):
    assert cli(*START).exit_code == 0
    ejected = _eject(cli, "Lucy", "Muy")
    assert (
        "Lucy sends a benchwarmer in for Muy Schillato (ejected) on SG"
        in (cli(*M, "status", "--json").json["next"])
    )
    assert ejected.json["line_ups"]["Lucy"]["court"]["SG"] == "Muy Schillato"
    before = db.read_bytes()
    for move in (("shot", "Lucy", "2ps", "Serge", "--stat", "50", "--roll", "5"), ("turn",)):
        assert_user_error(cli(*M, *move), "a benchwarmer takes the SG token")
    assert db.read_bytes() == before
    sub = cli(*M, "sub", "Lucy", "--out", "Muy", "--in", "Joy", "--json")
    assert sub.exit_code == 0, sub.stderr
    assert sub.json["coach_tokens"]["Lucy"] == 8  # a vacant place is filled for free
    assert cli(*M, "turn").exit_code == 0


def test_the_team_plays_on_short_when_nobody_can_come_in(cli):
    assert cli(*START).exit_code == 0
    for out, entering in (("Muy", "Joy"), ("Joy", "Faust")):
        _eject(cli, "Lucy", out)
        assert cli(*M, "sub", "Lucy", "--out", out, "--in", entering).exit_code == 0
    _eject(cli, "Lucy", "Faust")  # the bench: Muy and Joy, both ejected
    assert cli(*M, "turn").exit_code == 0


@pytest.mark.slow
def test_on_a_terminal_the_ejecting_foul_asks_who_comes_in(cli, db):
    """The move is recorded and shown first; then the face asks (issue 21 item 4: no
    refusal caught and retried mid-command)."""
    from tests.guided.terminal import Terminal, json_of

    assert cli(*START).exit_code == 0
    for _ in range(3):
        assert cli(*M, "foul", "Lucy", "Muy").exit_code == 0
    term = Terminal(db, *M, "foul", "Lucy", "Muy")
    # the one question guided play asks too (companion/games/hoopers/askers.py)
    term.answer("Muy Schillato is ejected: who comes in on Lucy's SG?", "Joy")
    assert term.finish() == 0
    court = json_of(db, *M, "status")["line_ups"]["Lucy"]["court"]
    assert court["SG"] == "Joy Kill"
