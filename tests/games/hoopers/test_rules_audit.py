"""An outside rules audit of the tracked match (after issue 22): what it still let through.

Each test quotes the sentence of /work/shared/rulebooks/valley-hoopers.md it checks and
failed on the code before its fix. A refused step exits 2 with one `error:` line naming
what is legal now, and writes nothing.
"""

from __future__ import annotations

from tests.conftest import assert_user_error

M = ("hoopers", "match")
LINE_UPS = (
    "--home-seven", "Dime,Faust,Muy,Reley,Lance,Serge,Never",
    "--home-five", "Dime,Faust,Muy,Reley,Lance",
    "--away-seven", "Edd,May,Chus,Perry,Hector,Linda,Manny",
    "--away-five", "Edd,May,Chus,Perry,Hector",
)  # fmt: skip


def start(cli, *more):
    teams = ("--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed",
             "--away-tribe", "keepers")  # fmt: skip
    ok(cli(*M, "start", *teams, "--first", "Lucy", "--seed", "4", *LINE_UPS, *more))


def ok(result):
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def refused(cli, db, args, fragment, legal=None):
    """Exit 2, one error line naming the refusal (and what is legal now); nothing written."""
    before = db.read_bytes()
    result = cli(*M, *args)
    assert_user_error(result, fragment)
    if legal is not None:
        assert "legal now: " + legal in result.stderr, result.stderr
    assert db.read_bytes() == before


def status(cli) -> dict:
    return ok(cli(*M, "status", "--json")).json


def steal(face: str, roll: str = "100") -> tuple[str, ...]:
    return ("counter", "Karl", "steal", "--hooper", "May", "--against", "Faust", "--o", "50",
            "--v", "40", "--face", face, "--roll", roll)  # fmt: skip


def lv1_chip(cli, team: str, hooper: str) -> None:
    for _ in range(2):
        ok(cli(*M, "onfire", team, "up", "--hooper", hooper))
    ok(cli(*M, "chip", team, "--hooper", hooper))


# --- Fundamental slots: "You may play a fundamental card in F1 space ... You may play a
# second fundamental card in F2 space ... You must play an attack card". A steal or an
# intercept counters a fundamental, so one action holds at most two of them. -------------


def test_a_third_counter_in_one_action_is_refused(cli, db):
    """'Turn Sequence': F1, F2, then the attack; 'STEAL DRIBBLE: It is used to contest a
    dribble', 'INTERCEPT PASS: It is used to contest a pass' - two fundamentals at most."""
    start(cli)
    ok(cli(*M, *steal("blank")))
    ok(cli(*M, *steal("blank")))
    refused(cli, db, steal("blank"), "a counter (steal) is not legal now",
            "a shot or block, or 'match turn'")  # fmt: skip
    # Faust dribbled in F1 and F2: the attack is his ("ball in hand").
    ok(cli(*M, "shot", "Lucy", "2ps", "--hooper", "Faust", "--stat", "50", "--roll", "5"))


def test_a_counter_foul_takes_its_slot_away(cli, db):
    """'Steal Dribble - Intercept Pass': "The attacking action continues but the slot (F1 or
    F2) where the fundamental has been played is no more available for this attacking
    turn." Two counter fouls leave no fundamental to counter."""
    start(cli)
    ok(cli(*M, *steal("whistle")))
    ok(cli(*M, "foul", "Karl", "--hooper", "Chus", "--on", "intercept"))
    refused(cli, db, steal("whistle"), "a counter (steal) is not legal now",
            "a shot or block, or 'match turn'")  # fmt: skip


def test_after_a_block_from_a_the_action_has_no_fundamental(cli, db):
    """'Block' c): "the attacking player starts a new action from A slot. This means that the
    attacker could play just an attack action card (and, if not successful, then an
    offensive rebound)." """
    start(cli)
    lv1_chip(cli, "Karl", "Edd")
    ok(cli(*M, "block", "Karl", "--hooper", "Edd", "--attacker", "Muy", "--against", "2ps",
           "--face", "jump"))  # fmt: skip
    refused(cli, db, steal("blank"), "a counter (steal) is not legal now",
            "a shot or block, or 'match turn'")  # fmt: skip
    ok(cli(*M, "shot", "Lucy", "lup", "--hooper", "Muy", "--stat", "60", "--roll", "100"))
    ok(cli(*M, "counter", "Lucy", "rebound", "--hooper", "Dime", "--v", "55", "--face", "blank",
           "--roll", "100"))  # fmt: skip


def test_after_a_block_from_f2_one_fundamental_is_left(cli, db):
    """'Block' b): "All the cards played before are discarded and the attacking player starts
    a new action from F2 slot (F1 is no more available)." """
    start(cli)
    lv1_chip(cli, "Karl", "Edd")
    ok(cli(*M, "block", "Karl", "--hooper", "Edd", "--attacker", "Muy", "--against", "2ps",
           "--face", "whistle-2"))  # fmt: skip
    ok(cli(*M, *steal("blank")))
    refused(cli, db, steal("blank"), "a counter (steal) is not legal now")


def test_another_attacking_turn_after_a_rebound_has_its_fundamentals_again(cli):
    """'OFFENSIVE REBOUND' a): "Draw two cards and play another attacking turn without
    moving the turn token": a new action from F1."""
    start(cli)
    ok(cli(*M, *steal("blank")))
    ok(cli(*M, *steal("blank")))
    ok(cli(*M, "shot", "Lucy", "2ps", "--hooper", "Faust", "--stat", "50", "--roll", "100"))
    ok(cli(*M, "counter", "Lucy", "rebound", "--hooper", "Dime", "--v", "55", "--face", "blank",
           "--roll", "5"))  # fmt: skip
    ok(cli(*M, "turn", "--again"))
    ok(cli(*M, *steal("blank")))
    ok(cli(*M, *steal("blank")))


# --- Who commits which foul: 'Foul: Cases' -----------------------------------------------


def test_an_offensive_foul_is_the_attackers(cli, db):
    """'Screen': "An hooper may commit an offensive foul when performing a screen";
    'Offensive Rebound': "An hooper may commit an offensive foul when performing an
    offensive rebound"; 'Defense Lay-Up': "a charging foul by the attacker". The defending
    side's red cube is none of these, and it does not end the attacker's turn."""
    start(cli)
    for action in ("screen", "charging"):
        refused(cli, db, ("foul", "Karl", "--hooper", "Perry", "--on", action),
                f"(Karl defends: an offensive foul on a {action} is Lucy's)",
                "a timeout or substitutions")  # fmt: skip
    ok(cli(*M, "shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "50", "--roll", "100"))
    refused(cli, db, ("foul", "Karl", "--hooper", "Perry", "--on", "rebound"),
            "Karl defends: an offensive foul on a rebound is Lucy's")  # fmt: skip
    ok(cli(*M, "counter", "Lucy", "rebound", "--hooper", "Dime", "--v", "55", "--face", "blank",
           "--roll", "5"))  # fmt: skip


def test_a_defensive_foul_is_the_defenders(cli, db):
    """'Steal Dribble - Intercept Pass': "An hooper may commit a defensive foul when
    countering"; 'Defense 2 Points Shot': "An hooper may commit a foul by contesting a 2
    points shot". The attacking side counters and contests nothing in its own turn."""
    start(cli)
    for action in ("steal", "intercept", "d2", "d3", "dlu", "block"):
        refused(cli, db, ("foul", "Lucy", "--hooper", "Muy", "--on", action),
                f"Lucy attacks: a defensive foul on a {action} is Karl's")  # fmt: skip
    ok(cli(*M, "foul", "Lucy", "--hooper", "Reley", "--on", "screen"))
    assert status(cli)["team_fouls"] == {"Lucy": 1, "Karl": 0}


# --- The Unleashed power is the Unleashed's ----------------------------------------------


def test_the_keepers_are_not_offered_the_unleashed_power(cli, db):
    """'Unleashed - Tribe power': "do not move the turn token if you use this power" is the
    Unleashed's; after the Keepers win the ball, only the turn token moves."""
    start(cli)
    ok(cli(*M, "counter", "Karl", "steal", "--hooper", "Chus", "--against", "Muy", "--o", "60",
           "--v", "40", "--face", "blank", "--roll", "5"))  # fmt: skip
    before = db.read_bytes()
    result = cli(*M, "shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "50", "--roll", "5")
    assert_user_error(result, "a shot is not legal now")
    assert "legal now: only 'match turn' (the turn token moves)" in result.stderr
    assert "--power" not in result.stderr
    refused(cli, db, ("turn", "--power"), "Karl plays the Keepers",
            "only 'match turn' (the turn token moves)")  # fmt: skip
    assert db.read_bytes() == before


# --- A block spends its chip: "After having spent a chip (LV.1 or LV.2) discard it" ------


def test_a_block_spends_the_blockers_chip(cli, db):
    """'Onfire Chips LV.1': "Your defense or counter becomes a block"; 'Onfire': "After having
    spent a chip (LV.1 or LV.2) discard it." One chip, one block; the gameplan counts it
    ("Spend at least 1 Onfire chip to perform a block")."""
    start(cli)
    lv1_chip(cli, "Karl", "Edd")
    ok(cli(*M, "block", "Karl", "--hooper", "Edd", "--attacker", "Muy", "--against", "2ps",
           "--face", "whistle-2"))  # fmt: skip
    state = status(cli)
    assert state["hoopers"]["Karl"]["Edd Trapp"]["chips"] == {"lv1": 0, "lv2": 0}
    assert state["chips_spent"] == [{"team": "Karl", "hooper": "Edd Trapp", "use": "block"}]
    refused(cli, db, ("block", "Karl", "--hooper", "Edd", "--attacker", "Muy", "--against",
                      "2ps", "--face", "blank"), "has no Onfire LV.1 chip")  # fmt: skip


def test_a_chip_spent_on_a_block_serves_one_block(cli, db):
    """'Onfire': "After having spent a chip (LV.1 or LV.2) discard it": spent first with
    'match spend', the chip makes one block, not two."""
    start(cli)
    lv1_chip(cli, "Karl", "Edd")
    ok(cli(*M, "spend", "Karl", "block", "--hooper", "Edd"))
    ok(cli(*M, "block", "Karl", "--hooper", "Edd", "--attacker", "Muy", "--against", "2ps",
           "--face", "whistle-2"))  # fmt: skip
    assert status(cli)["chips_spent"] == [{"team": "Karl", "hooper": "Edd Trapp", "use": "block"}]
    refused(cli, db, ("block", "Karl", "--hooper", "Edd", "--attacker", "Muy", "--against",
                      "2ps", "--face", "blank"), "has no Onfire LV.1 chip")  # fmt: skip


def test_a_block_replays_with_its_chip_spent(cli):
    """The chip the block spent is in its event: `history replay` folds it the same."""
    start(cli)
    lv1_chip(cli, "Karl", "Edd")
    ok(cli(*M, "block", "Karl", "--hooper", "Edd", "--attacker", "Muy", "--against", "2ps",
           "--face", "blank"))  # fmt: skip
    live = status(cli)
    ok(cli(*M, "undo"))
    ok(cli(*M, "block", "Karl", "--hooper", "Edd", "--attacker", "Muy", "--against", "2ps",
           "--face", "blank"))  # fmt: skip
    assert status(cli)["hoopers"] == live["hoopers"]


# --- Coast to Coast: "It can be spent only after a successful attack by the opponent." ---


def test_coast_to_coast_only_after_the_opponents_basket(cli, db):
    """'Onfire Chips LV.2': "Coast to Coast: It can be spent only after a successful attack
    by the opponent. You score two points. End your turn." (as Tap-Out)."""
    start(cli)
    ok(cli(*M, "turn"))
    for _ in range(2):
        ok(cli(*M, "onfire", "Karl", "up", "--hooper", "Edd"))
    ok(cli(*M, "shot", "Karl", "2ps", "--hooper", "Edd", "--stat", "50", "--roll", "5"))
    assert status(cli)["hoopers"]["Karl"]["Edd Trapp"]["chips"]["lv2"] == 1
    refused(cli, db, ("spend", "Karl", "coast-to-coast", "--hooper", "Edd"),
            "Coast to Coast is spent on the opponent's successful attack")  # fmt: skip
    ok(cli(*M, "turn"))
    refused(cli, db, ("spend", "Karl", "coast-to-coast", "--hooper", "Edd"),
            "Coast to Coast can be spent only right after a successful attack")  # fmt: skip
    ok(cli(*M, "shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "50", "--roll", "100"))
    refused(cli, db, ("spend", "Karl", "coast-to-coast", "--hooper", "Edd"),
            "Coast to Coast can be spent only right after a successful attack")  # fmt: skip
    ok(cli(*M, "turn"))
    ok(cli(*M, "turn"))
    ok(cli(*M, "shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "50", "--roll", "5"))
    ok(cli(*M, "spend", "Karl", "coast-to-coast", "--hooper", "Edd"))
    assert status(cli)["score"] == {"Lucy": 2, "Karl": 4}


# --- Coach actions: "At THE BEGINNING of your attacking turn ... To call a timeout" -----


def test_the_defending_side_calls_no_timeout_and_is_told_what_is_legal(cli, db):
    """'Coach Action Tokens': "At THE BEGINNING of your attacking turn: ... To call a timeout
    ... NOTE: the hoopers of your opponent recover a total of two energies ... He/She can
    spend one of his/her coach action tokens to gain all the benefits of the timeout
    without spending any cube." """
    start(cli)
    refused(cli, db, ("timeout", "Karl"), "a timeout by Karl",
            "a timeout or substitutions (coach actions)")  # fmt: skip
    ok(cli(*M, "timeout", "Lucy"))
    ok(cli(*M, "coach", "Karl"))
    assert status(cli)["timeouts"] == {"Lucy": 2, "Karl": 3}


def test_recorded_fundamentals_take_the_slots_their_counters_answer(cli, db):
    """'Turn Sequence': F1 and F2, then "You must play an attack card". A fundamental
    recorded with 'match fundamental' takes its slot; the steal that answers it takes no
    other; a third fundamental, or a counter with nothing left to answer, is refused."""
    start(cli)
    ok(cli(*M, "fundamental", "Lucy", "dribble", "--hooper", "Faust"))
    ok(cli(*M, *steal("blank")))
    ok(cli(*M, "fundamental", "Lucy", "dribble", "--hooper", "Faust"))
    refused(cli, db, ("fundamental", "Lucy", "pass", "--hooper", "Faust"),
            "a fundamental (pass; 'F1' and 'F2' are taken)", "a shot or block")  # fmt: skip
    ok(cli(*M, *steal("blank")))
    refused(cli, db, steal("blank"), "a counter (steal) is not legal now",
            "a shot or block, or 'match turn'")  # fmt: skip
