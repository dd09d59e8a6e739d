"""A fresh audit of the attacking turn (issue 29): cases derived from the text of
/work/shared/rulebooks/valley-hoopers.md, each quoting it, run through the CLI.

Not copied from the other tests: the rulebook's own worked examples (the Gameplay Example,
the Foul example, the Defense example, Hot Zone) and the sentences of 'Fundamental' and
'To Activate and Resolve a Playbook', as a table would type them.
"""

from __future__ import annotations

from tests.conftest import assert_user_error

M = ("hoopers", "match")
TEAMS = ("--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed", "--away-tribe", "keepers")


def start(cli, first):
    ok(cli(*M, "start", *TEAMS, "--first", first, "--seed", "11"))


def ok(result):
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def no_write(cli, db, args, fragment):
    before = db.read_bytes()
    assert_user_error(cli(*M, *args), fragment)
    assert db.read_bytes() == before


def test_gameplay_example_hectors_lay_up_keeps_the_dribble_bonus(cli, db):
    """Gameplay Example: "Karl plays a Dribble move ... Hector Prot" — Lucy's steal fails —
    "Karl keeps going with his action and maintains the bonus gained from the dribble.
    Hector Prot attacks the rim by using a lay-up ... He rolls 95 that is over his maximum
    value for this action (70 LUP stat +15 dribble)." """
    start(cli, "Karl")
    ok(cli(*M, "fundamental", "Karl", "dribble", "Hector"))
    ok(cli(*M, "counter", "Lucy", "steal", "Never", "--against", "Hector", "--v", "55",
           "--face", "blank", "--roll", "80"))  # fmt: skip
    # Another hooper attacking is refused: the dribbler keeps the ball.
    no_write(cli, db, ("shot", "Karl", "lup", "Edd", "--stat", "65"), "may shoot now: Hector Pröt")
    shot = ok(cli(*M, "shot", "Karl", "lup", "Hector", "--stat", "70", "--roll", "95", "--json"))
    assert (shot.json["target"], shot.json["scored"]) == (85, False)


def test_defense_example_muy_dribble_then_a_defended_three(cli):
    """'Defense': "Muy Schillato has played, without being countered, a dribble in F1 space
    and then he tries a 3 points shot. May Friend contest the shot with a D3 card: No foul
    is drawn so he gains +15 from F1 but he must subtract -15 ... 70+15-15=70. The basket is
    scored if the die value rolled is below or equal to 70." """
    start(cli, "Lucy")
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Muy"))
    shot = ok(cli(*M, "shot", "Lucy", "3ps", "Muy", "--stat", "70", "--defense", "15",
                  "--defender", "May", "--face", "blank", "--roll", "70", "--json"))  # fmt: skip
    assert (shot.json["target"], shot.json["points"]) == (70, 3)


def test_foul_example_the_fouled_dribble_loses_its_bonus_and_the_pass_follows(cli):
    """'Foul': "Lucy attempts to steals Hector Prot's Dribble" and fouls; "Karl loses the
    bonus of his previous dribble and plays a new pass in F2 (because F1 is no more
    available) by using May Friend ... Attack: 55 (Chus Kinder 2PS stat) + 25 (pass) = 80"."""
    start(cli, "Karl")
    ok(cli(*M, "fundamental", "Karl", "dribble", "Hector"))
    ok(cli(*M, "counter", "Lucy", "steal", "Never", "--against", "Hector", "--v", "55",
           "--face", "whistle"))  # fmt: skip
    ok(cli(*M, "fundamental", "Karl", "pass", "May"))
    shot = ok(cli(*M, "shot", "Karl", "2ps", "Chus", "--stat", "55", "--bonus", "25",
                  "--roll", "80", "--json"))  # fmt: skip
    assert (shot.json["target"], shot.json["points"]) == (80, 2)  # no +15: the dribble is gone


def test_dribble_then_another_hoopers_screen_then_the_dribbler_attacks(cli, db):
    """'Fundamental': "You play in F1 a dribble by using your SG then in F2 a screen by using
    your C, then you must attack the rim by using your SG because the possession of the
    ball has never changed." """
    start(cli, "Lucy")
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Sin"))
    no_write(cli, db, ("fundamental", "Lucy", "screen", "Sin"), "Sin Miedo cannot screen")
    ok(cli(*M, "fundamental", "Lucy", "screen", "Never"))
    no_write(cli, db, ("shot", "Lucy", "2ps", "Never", "--stat", "50"), "may shoot now: Sin Miedo")
    ok(cli(*M, "shot", "Lucy", "2ps", "Sin", "--stat", "50", "--roll", "65"))  # 50 + 15


def test_a_screen_is_answered_by_no_counter(cli, db):
    """'SCREEN: ... A screen can't be countered by any card, but it could commit an
    offensive foul.'"""
    start(cli, "Karl")
    ok(cli(*M, "fundamental", "Karl", "screen", "Perry"))
    no_write(cli, db, ("counter", "Lucy", "intercept", "Serge", "--against", "Perry", "--o",
                       "50"), "A screen can't be countered by any card")  # fmt: skip
    no_write(cli, db, ("counter", "Lucy", "steal", "Serge", "--against", "Perry", "--v", "50"),
             "A screen can't be countered by any card")  # fmt: skip


def test_a_playbook_after_a_failed_counter_but_not_after_a_counter_foul(cli, db):
    """'To Activate and Resolve a Playbook': "A playbook can still be activated if the
    counter action is not successful"; "A playbook cannot be activated if the countering
    hooper commits a foul (F1 card is discarded and its slot is no longer available)"."""
    start(cli, "Lucy")
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Muy"))
    ok(cli(*M, "counter", "Karl", "steal", "May", "--against", "Muy", "--o", "40",
           "--face", "blank", "--roll", "100"))  # fmt: skip
    ok(cli(*M, "playbook", "Lucy", "use"))  # Pick 'N' Stay, the personal one
    ok(cli(*M, "undo"))
    ok(cli(*M, "undo"))
    ok(cli(*M, "counter", "Karl", "steal", "May", "--against", "Muy", "--o", "40",
           "--face", "whistle"))  # fmt: skip
    no_write(cli, db, ("playbook", "Lucy", "use"), "after a successful F1 action")


def test_the_intercepted_passer_may_not_take_the_next_action(cli, db):
    """'PASS: ... The hooper who performs a pass can't perform the very following action (F2
    or A) if it involves the ball. A pass can be countered by an intercept.' A failed
    intercept leaves the pass standing: the passer is still not eligible."""
    start(cli, "Lucy")
    ok(cli(*M, "fundamental", "Lucy", "pass", "Faust"))
    ok(cli(*M, "counter", "Karl", "intercept", "Vernon", "--against", "Faust", "--o", "40",
           "--face", "blank", "--roll", "100"))  # fmt: skip
    no_write(cli, db, ("shot", "Lucy", "3ps", "Faust", "--stat", "60"), "Faust Exit cannot shoot")
    no_write(cli, db, ("fundamental", "Lucy", "dribble", "Faust"), "Faust Exit cannot dribble")
    ok(cli(*M, "shot", "Lucy", "3ps", "Serge", "--stat", "60", "--bonus", "25", "--roll", "85"))
