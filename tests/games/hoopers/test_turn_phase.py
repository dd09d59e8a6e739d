"""Issue 22 items 1–8: a tracked match referees the attacking turn ('Turn Sequence').

Each test quotes the sentence of /work/shared/rulebooks/valley-hoopers.md it checks. A
refused step exits 2 with one `error:` line naming what is legal now, and writes nothing.
"""

from __future__ import annotations

from tests.conftest import assert_user_error
from tests.events import append

H = "hoopers"
M = (H, "match")
TEAMS = ("--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed", "--away-tribe", "keepers")


def start(cli, first="Lucy"):
    ok(cli(*M, "start", *TEAMS, "--first", first, "--seed", "4"))


def ok(result):
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def refused(cli, db, args, fragment, legal):
    """Exit 2, one error line naming the refusal and what is legal now; nothing written."""
    before = db.read_bytes()
    result = cli(*M, *args)
    assert_user_error(result, fragment)
    assert "legal now: " + legal in result.stderr
    assert db.read_bytes() == before


def status(cli) -> dict:
    return ok(cli(*M, "status", "--json")).json


MUY_SCORES = ("shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "50", "--roll", "5")
MUY_MISSES = ("shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "50", "--roll", "100")
SHOT_AGAIN = ("shot", "Lucy", "3ps", "--hooper", "Serge", "--stat", "60", "--roll", "5")
ONLY_TURN = "only 'match turn'"
REBOUND_OR_TURN = "'match counter Lucy rebound' (F3), or 'match turn'"


def rebound(roll: str, *more: str) -> tuple[str, ...]:
    return ("counter", "Lucy", "rebound", "--hooper", "Dime", "--v", "55", "--face", "blank",
            "--roll", roll, *more)  # fmt: skip


# --- 1. "If you score, then update your score track ... The attacking turn passes to your
# opponent." ------------------------------------------------------------------------------


def test_a_second_attack_after_a_made_basket_is_refused(cli, db):
    start(cli)
    ok(cli(*M, *MUY_SCORES))
    refused(cli, db, SHOT_AGAIN, "a shot is not legal now", ONLY_TURN)
    refused(cli, db, ("block", "Karl", "--hooper", "Edd", "--attacker", "Serge", "--against",
                      "3ps", "--keepers-block"), "a block is not legal now", ONLY_TURN)  # fmt: skip
    ok(cli(*M, "turn"))
    assert status(cli)["attacking"] == "Karl"


def test_two_shots_after_a_miss_need_a_won_rebound_between(cli, db):
    # "If the attack is not successful, then you may play an offensive rebound card to gain
    # a new chance to score points in this attacking turn"
    start(cli)
    ok(cli(*M, *MUY_MISSES))
    refused(cli, db, SHOT_AGAIN, "a shot is not legal now (the attack failed)", REBOUND_OR_TURN)
    ok(cli(*M, *rebound("5")))
    ok(cli(*M, *SHOT_AGAIN, "--bonus", "15"))
    assert status(cli)["score"]["Lucy"] == 3


# --- 2. Charging: "The attacking turn ends immediately." ----------------------------------


def test_a_shot_after_a_charging_foul_is_refused(cli, db):
    start(cli)
    ok(cli(*M, "shot", "Lucy", "lup", "--hooper", "Muy", "--stat", "65", "--defense", "30",
           "--defender", "Edd", "--face", "charging"))  # fmt: skip
    refused(cli, db, SHOT_AGAIN, "charging foul: 'The attacking turn ends immediately'", ONLY_TURN)
    refused(cli, db, rebound("5"), "an offensive rebound", ONLY_TURN)


# --- 3. "There are not rebounds if a player has scored points" ----------------------------


def test_no_rebound_after_a_made_basket(cli, db):
    start(cli)
    ok(cli(*M, *MUY_SCORES))
    refused(cli, db, rebound("5"), "an offensive rebound", ONLY_TURN)


def test_no_rebound_after_a_fouled_miss_with_one_free_throw_in(cli, db):
    start(cli)
    ok(cli(*M, "shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "50", "--defense", "30",
           "--defender", "Edd", "--face", "whistle", "--roll", "100", "--ft-stat", "50",
           "--ft-roll", "5", "--ft-roll", "100"))  # fmt: skip
    assert status(cli)["score"]["Lucy"] == 1
    refused(cli, db, rebound("5"), "'There are not rebounds if a player has scored points'",
            ONLY_TURN)  # fmt: skip


def test_owed_free_throws_decide_the_rebound_when_they_are_shot(cli, db):
    start(cli)
    fouled_miss = ("shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "70", "--defense", "30",
                   "--defender", "Edd", "--face", "whistle", "--roll", "100")  # fmt: skip
    ok(cli(*M, *fouled_miss))
    ok(cli(*M, "free-throw", "Lucy", "--stat", "50", *("--roll", "100", "--roll", "5"),
           *("--roll", "100")))  # fmt: skip
    refused(cli, db, rebound("5"), "an offensive rebound", ONLY_TURN)
    ok(cli(*M, "undo"))
    ok(cli(*M, "free-throw", "Lucy", "--stat", "50", *("--roll", "100") * 3))
    ok(cli(*M, *rebound("5")))  # nothing went in: the F3 rebound is open


# --- 4. turn --again: "If the counter is successful you can choose between: a) Draw two
# cards and play another attacking turn without moving the turn token" -----------------------


def test_turn_again_only_after_a_won_offensive_rebound(cli, db):
    start(cli)
    again = ("turn", "--again")
    why = "'turn --again' (only after a won offensive rebound"
    # nothing played yet
    refused(
        cli,
        db,
        again,
        why,
        "a timeout (coach actions), a fundamental, a shot or block, or 'match turn'",
    )
    ok(cli(*M, *MUY_SCORES))
    refused(cli, db, again, why, ONLY_TURN)  # after points
    ok(cli(*M, "turn"))
    ok(cli(*M, "turn"))
    ok(cli(*M, *MUY_MISSES))
    ok(cli(*M, *rebound("100")))
    refused(cli, db, again, "the offensive rebound is lost", ONLY_TURN)
    ok(cli(*M, "undo"))
    ok(cli(*M, *rebound("5")))
    done = ok(cli(*M, *again, "--json")).json
    assert (done["attacking"], done["turn"]) == ("Lucy", 3)


# --- 5. The Unleashed power: "After having retrieved the ball without game interruption if:
# a) a counter action has successfully been played b) defense card has been played and the
# opponent attempt to score fails." ------------------------------------------------------------

KARL_MISSES_DEFENDED = ("shot", "Karl", "2ps", "--hooper", "Hector", "--stat", "50",
                        "--defense", "20", "--defender", "Never", "--face", "blank",
                        "--roll", "100")  # fmt: skip


def test_turn_power_needs_a_won_counter_or_a_failed_defended_attempt(cli, db):
    start(cli, first="Karl")
    power = ("turn", "--power")
    why = "'turn --power' (the Unleashed power needs"
    refused(
        cli, db, power, why, "a timeout (coach actions), a fundamental, a shot, or 'match turn'"
    )
    ok(cli(*M, "shot", "Karl", "2ps", "--hooper", "Hector", "--stat", "50", "--roll", "100"))
    refused(cli, db, power, why, "'match counter Karl rebound'")  # an undefended miss
    ok(cli(*M, "undo"))
    ok(cli(*M, *KARL_MISSES_DEFENDED))
    assert ok(cli(*M, *power, "--json")).json["attacking"] == "Lucy"  # (b)
    ok(cli(*M, "undo"))
    ok(cli(*M, "undo"))
    ok(cli(*M, "counter", "Lucy", "steal", "--hooper", "Never", "--against", "Hector",
           "--o", "40", "--v", "55", "--face", "blank", "--roll", "10"))  # fmt: skip
    assert ok(cli(*M, *power, "--json")).json["attacking"] == "Lucy"  # (a)


def test_no_power_after_a_failed_counter_or_a_fouled_miss(cli, db):
    start(cli, first="Karl")
    ok(cli(*M, "counter", "Lucy", "steal", "--hooper", "Never", "--against", "Hector",
           "--o", "40", "--v", "55", "--face", "blank", "--roll", "100"))  # fmt: skip
    refused(
        cli, db, ("turn", "--power"), "the counter failed", "a fundamental, a shot, or 'match turn'"
    )
    ok(cli(*M, "shot", "Karl", "2ps", "--hooper", "Hector", "--stat", "50", "--defense", "20",
           "--defender", "Never", "--face", "whistle", "--roll", "100", "--ft-stat", "50",
           "--ft-roll", "100", "--ft-roll", "100"))  # fmt: skip
    # "without game interruption": a foul interrupts the game
    refused(cli, db, ("turn", "--power"), "'turn --power'", "'match counter Karl rebound'")


# --- 6. Coach actions: "At THE BEGINNING of your attacking turn: ... To call a timeout" ---------


def test_a_timeout_only_at_the_beginning_of_the_attacking_turn(cli, db):
    start(cli)
    ok(cli(*M, *MUY_MISSES))
    refused(cli, db, ("timeout", "Lucy"), "a timeout ('At THE BEGINNING of your attacking turn')",
            REBOUND_OR_TURN)  # fmt: skip
    ok(cli(*M, "turn"))
    ok(cli(*M, "coach", "Karl"))  # "At ANY TIME: To draw 3 cards" does not begin the action
    ok(cli(*M, "timeout", "Karl"))
    assert status(cli)["timeouts"]["Karl"] == 2


# --- 7. "A BLOCK is a boosted defense or counter and can be played by using the specific
# Onfire LV.1 chip ... Moreover the Keepers team could obtain a block when defending by
# activating its tribe power" -----------------------------------------------------------------


def test_a_block_needs_an_lv1_chip(cli, db):
    start(cli)
    block = ("block", "Karl", "--hooper", "May", "--attacker", "Muy", "--against", "3ps",
             "--face", "blank")  # fmt: skip
    refused(cli, db, block, "May Friend (Karl) has no Onfire LV.1 chip", "a defence")
    for _ in range(2):
        ok(cli(*M, "onfire", "Karl", "May", "up"))
    ok(cli(*M, "chip", "Karl", "May"))
    ok(cli(*M, *block))


def test_keepers_block_only_by_the_keepers(cli, db):
    start(cli, first="Karl")
    block = ("block", "Lucy", "--hooper", "Never", "--attacker", "Hector", "--against", "2ps",
             "--face", "blank", "--keepers-block")  # fmt: skip
    refused(cli, db, block, "--keepers-block is the Keepers' tribe power: Lucy plays the "
            "Unleashed", "a defence")  # fmt: skip
    ok(cli(*M, "turn"))
    ok(cli(*M, "block", "Karl", "--hooper", "May", "--attacker", "Muy", "--against", "2ps",
           "--face", "blank", "--keepers-block"))  # fmt: skip


# --- 8. Ruling: "After having collected three red cubes in this space, your opponent will get
# two free throws even when you will commit a foul by playing a counter action." -------------


def test_screen_and_charging_fouls_give_no_free_throws_even_after_three_team_fouls(cli):
    start(cli)
    for _ in range(3):
        ok(cli(*M, "foul", "Lucy", "Wally", "--on", "screen"))
        ok(cli(*M, "turn"))
        ok(cli(*M, "turn"))
    screen = ok(cli(*M, "foul", "Lucy", "Faust", "--on", "screen", "--json")).json
    assert screen["team_fouls"]["Lucy"] == 4
    assert screen["free_throws_owed"] is None
    assert any("no free throws for an offensive foul on a screen" in n for n in screen["notes"])
    ok(cli(*M, "turn"))
    ok(cli(*M, "turn"))
    ok(cli(*M, *MUY_MISSES))
    foul = ok(cli(*M, "foul", "Lucy", "Dime", "--on", "rebound", "--json")).json
    assert any("Karl also shoots 2 free throws" in n for n in foul["notes"])  # a counter


# --- a stored match recorded before these checks still replays --------------------------------


def test_an_old_log_with_a_now_illegal_sequence_still_replays(cli, db):
    # Legality is checked when a move is recorded, never when a stored log is folded again.
    from companion.store import Store

    ok(cli(*M, "start", *TEAMS, "--first", "Lucy", "--seed", "4", "--variant", "fast"))
    ok(cli(*M, *MUY_SCORES))
    store = Store(db)
    match_id = store.current_match(H)["id"]
    # Written by an older companion, which did not referee the turn: a second shot.
    append(store, H, "shot", store.current_match(H)["events"][-1]["data"])
    assert status(cli)["score"]["Lucy"] == 4
    for _ in range(32):  # to the end of the fast match's two periods
        append(store, H, "turn", {"again": False})
    assert status(cli)["status"] == "over" or status(cli)["over"]
    ok(cli(*M, "end"))
    report = ok(cli("history", "replay", match_id, "--json")).json
    assert report["verified"] is True
