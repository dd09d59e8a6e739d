"""Issue 32, item 14: a refusal says what is legal now (OT Fantasy Draft's refusals quote
no rulebook text; each names whose turn it is or what is still there to take)."""

from __future__ import annotations


def test_a_pick_out_of_turn_names_whose_turn_it_is(cli, db):
    """ "Every round begins with the Starting Player and then proceeds around the table
    clockwise until everyone has had a turn." """
    assert cli("otdraft", "game", "start", "--players", "Ana,Ben,Cy", "--seed", "7").exit_code == 0
    before = db.read_bytes()
    refused = cli("otdraft", "game", "pick", "Ben", "Famine")
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert refused.stderr == (
        "error: it is Ana's turn, not Ben's (round 1, turn 1 of 3); legal now: Ana keeps a "
        "secret card, Ben keeps a secret card, Cy keeps a secret card, Ana takes a card\n"
    )
    assert db.read_bytes() == before
    assert cli("otdraft", "game", "pick", "Ana", "Famine").exit_code == 0
    taken = cli("otdraft", "game", "pick", "Ben", "Famine")
    assert taken.stderr == (
        "error: Famine is already Ana's (a card can be on one team once); legal now: Ana keeps "
        "a secret card, Ben keeps a secret card, Cy keeps a secret card, Ben takes a card\n"
    )
