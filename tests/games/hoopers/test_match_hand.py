"""Issue 43 item 13: the hand where the rulebook counts it, as far as the table tells it.

'Period Structure': "After the first (1), the third (3), the fifth (5) and the seventh (7)
pair of attacking turns, each player draws one card"; "After the second (2) and the sixth
(6) pair of attacking turns, each player draws 3 cards"; "After the fourth pair (4) of
attacking turns, and before starting a new period (8), each player refills their full hand
up to 7 cards". 'Coach Actions': "To draw 3 cards (then discard if exceeding the 7 cards
limit)". The companion sees no card: the table says how many a team holds
(`match hand TEAM N`), and a hand it does not know is said to be unchecked, once.
"""

from __future__ import annotations

from tests.games.hoopers.test_match_referee import M, ok, refused, start, status

LIMIT = "'(then discard if exceeding the 7 cards limit)'"


def _turns(cli, count):
    notes = []
    for _ in range(count):
        notes += ok(cli(*M, "turn", "--json")).json["notes"]
    return notes


def test_a_hand_not_told_is_said_unchecked_once(cli, db):
    start(cli)
    notes = _turns(cli, 2)
    assert notes[1:] == [
        "after pair 1: each player draws 1 card",
        "the 7-card hand limit is not checked for Lucy and Karl: the companion does not "
        "know the cards held ('match hand TEAM N' tells it)",
        "turn 3: Lucy attacks",
    ]
    later = _turns(cli, 2)  # after pair 2: said once a match, not again
    assert not any("hand limit" in n for n in later)
    assert status(cli)["hands"] == {"Lucy": None, "Karl": None}


def test_the_cards_played_leave_the_hand_and_the_turn_tracks_draws_come_in(cli, db):
    """Lucy holds 7; a dribble and a 2PS leave 5; pair 1's card makes 6; pair 2's three
    make 9: "discard if exceeding the 7 cards limit"."""
    start(cli)
    refused(cli, db, (*M, "hand", "Lucy", "9"),
            f"Lucy cannot keep 9 cards: {LIMIT}; legal now: discard 2 and give 7")  # fmt: skip
    ok(cli(*M, "hand", "Lucy", "7"))
    ok(cli(*M, "hand", "Karl", "7"))
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Serge"))
    ok(cli(*M, "shot", "Lucy", "2ps", "Serge", "--stat", "60", "--roll", "5"))
    assert status(cli)["hands"] == {"Lucy": 5, "Karl": 7}
    pair_1 = _turns(cli, 2)
    assert pair_1[1:4] == [
        "after pair 1: each player draws 1 card",
        "Lucy draws 1 (after pair 1): 6 cards",
        "Karl draws 1 (after pair 1): 8 cards, discard 1 down to 7 " + f"({LIMIT})",
    ]
    pair_2 = _turns(cli, 2)
    assert "Lucy draws 3 (after pair 2): 9 cards, discard 2 down to 7 " + f"({LIMIT})" in pair_2
    assert status(cli)["hands"] == {"Lucy": 7, "Karl": 7}


def test_the_fourth_pair_refills_the_hand_to_seven(cli, db):
    start(cli)
    ok(cli(*M, "hand", "Lucy", "0"))
    ok(cli(*M, "hand", "Karl", "7"))
    notes = _turns(cli, 8)
    assert "Lucy refills 5 → 7 cards (after pair 4)" in notes  # 0 + 1 (pair 1) + 3 + 1 (pair 3)
    assert status(cli)["hands"]["Lucy"] == 7


def test_a_playbooks_two_cards_are_drawn_to_the_limit(cli, db):
    """'To Activate and Resolve a Playbook': "If you score the basket, you can choose
    between: ... - Draw 2 cards"."""
    start(cli)
    ok(cli(*M, "hand", "Lucy", "7"))
    ok(cli(*M, "fundamental", "Lucy", "screen", "Reley"))
    ok(cli(*M, "playbook", "Lucy", "use", "Hot Zone"))
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Serge"))
    ok(cli(*M, "shot", "Lucy", "3ps", "Serge", "--stat", "60", "--bonus", "25"))
    assert status(cli)["hands"]["Lucy"] == 4  # the screen, the dribble and the 3PS
    done = ok(cli(*M, "playbook", "Lucy", "cards", "--json")).json
    assert done["notes"][-1] == "Lucy draws 2 (the playbook's reward): 6 cards"
    assert status(cli)["hands"]["Lucy"] == 6  # replayed the same


def test_a_coach_tokens_three_cards_keep_the_limit(cli, db):
    """'Coach Actions': "At ANY TIME: - To draw 3 cards (then discard if exceeding the 7
    cards limit)"."""
    start(cli)
    said = ok(cli(*M, "coach", "Lucy", "--draw", "--json")).json
    assert said["notes"][-1] == (
        "Lucy draws 3 (a coach action token): the 7 cards limit is not checked, the cards "
        "held are not known ('match hand Lucy N')"
    )
    ok(cli(*M, "hand", "Lucy", "6"))
    done = ok(cli(*M, "coach", "Lucy", "--draw", "--json")).json
    assert done["notes"] == [
        "Lucy spends a coach action token (6 left)",
        f"Lucy draws 3 (a coach action token): 9 cards, discard 2 down to 7 ({LIMIT})",
    ]
    assert status(cli)["hands"]["Lucy"] == 7
