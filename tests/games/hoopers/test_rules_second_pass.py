"""Issue 15, Valley Hoopers: every rule the rulebook states, through the CLI.

Each test quotes the sentence of /work/shared/rulebooks/valley-hoopers.md it checks.
"""

from __future__ import annotations

import pytest

from tests.conftest import assert_user_error

H = "hoopers"
M = (H, "match")
START = (
    *M,
    *("start", "--home", "Lucy", "--away", "Karl"),
    *("--home-tribe", "unleashed", "--away-tribe", "keepers", "--first", "Lucy", "--seed", "4"),
)


def status(cli) -> dict:
    return cli(*M, "status", "--json").json


def hooper(cli, team: str, name: str) -> dict:
    return status(cli)["hoopers"][team][name]


def ok(result):
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def injure_until_marked(cli, marker: str, team: str, name: str) -> None:
    """A pile of one marker kind, and three white cubes: the hooper draws it."""
    ok(cli(H, "markers", "--set", ",".join([marker] * 8)))
    ok(cli(*START))
    for _ in range(3):
        ok(cli(*M, "injure", team, name))
    assert hooper(cli, team, name)["injuries"] == [marker]


# --- 1. Linda Siempre defends without fouling -----------------------------------------
# "If she rolls this face on the foul die when defending, then she does not commit a
# foul, but she gains the foul bonus releated. The attacker receives the injury cube."


def test_linda_d3_whistle_is_no_foul_but_keeps_the_bonus(cli):
    doc = ok(
        cli(H, "shot", "3ps", "--stat", "70", "--defense", "30", "--face", "whistle",
            "--linda", "--roll", "15", "--json")
    ).json  # fmt: skip
    assert (doc["foul"], doc["defense_bonus"], doc["target"]) == (False, 25, 15)
    assert (doc["scored"], doc["free_throws"], doc["total_points"]) == (True, [], 3)
    assert doc["attacker_injury_cube"] is True
    text = ok(
        cli(H, "shot", "3ps", "--stat", "70", "--defense", "30", "--face", "whistle",
            "--linda", "--roll", "15")
    ).stdout  # fmt: skip
    assert "70 − (30 + 25) = 15" in text
    assert "the attacker receives the injury (white) cube" in text


def test_linda_on_foul_and_odds(cli):
    reading = ok(cli(H, "foul", "d2", "--face", "whistle", "--linda", "--json")).json
    assert (reading["foul"], reading["defense_bonus"], reading["by"]) == (False, 20, None)
    assert reading["attacker_injury_cube"] is True
    odds = ok(
        cli(H, "odds", "2ps", "--stat", "60", "--defense", "30", "--face", "whistle",
            "--linda", "--ft-stat", "60", "--json")
    ).json  # fmt: skip
    # 60 − (30 + 20) = 10: 2/20, and no free throws at all.
    assert (odds["p_score_fraction"], odds["expected_points_fraction"]) == ("1/10", "1/5")
    assert_user_error(cli(H, "foul", "steal", "--face", "whistle", "--linda"), "when defending")


def test_linda_block_gives_the_attacker_his_white_cube(cli):
    doc = ok(cli(H, "block", "--face", "whistle", "--linda", "--json")).json
    assert (doc["outcome"], doc["foul"], doc["attacker_injury_cube"]) == ("restart-a", False, True)
    assert (
        "the attacker receives the injury (white) cube"
        in ok(cli(H, "block", "--face", "whistle", "--linda")).stdout
    )


def test_match_shot_against_linda_needs_no_flag(cli):
    ok(cli(*START))
    shot = ok(
        cli(*M, "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "70", "--defense", "30",
            "--defender", "Linda", "--face", "whistle", "--roll", "15", "--json")
    ).json  # fmt: skip
    assert (shot["foul"], shot["target"], shot["total_points"]) == (False, 15, 3)
    now = shot["match"]
    assert now["hoopers"]["Karl"]["Linda Siempre"]["fouls"] == 0
    assert now["team_fouls"]["Karl"] == 0
    assert now["hoopers"]["Lucy"]["Muy Schillato"]["injury_cubes"] == 1
    # Her block in a match: the attacker takes the white cube too.
    ok(cli(*M, "turn"))
    ok(cli(*M, "turn"))
    lv1_chip(cli, "Karl", "Linda")
    ok(
        cli(*M, "block", "Karl", "--hooper", "Linda", "--attacker", "Serge", "--against", "2ps",
            "--face", "whistle")
    )  # fmt: skip
    assert hooper(cli, "Lucy", "Serge Ceptor")["injury_cubes"] == 1
    assert hooper(cli, "Karl", "Linda Siempre")["fouls"] == 0


# --- 2. Flagrant foul against a counter ---------------------------------------------------
# "If you roll the d8 die to resolve a counter or defense action against the second use
# of a card activated by the Unleashed tribe power, then the outcome 'whistle' becomes a
# flagrant foul: the Unleashed gets 2 FREE THROWS"


def test_counter_and_foul_take_the_flagrant_whistle(cli):
    doc = ok(
        cli(H, "counter", "steal", "--o", "40", "--position", "PG", "--face", "whistle",
            "--flagrant-whistle", "--json")
    ).json  # fmt: skip
    assert (doc["foul"], doc["flagrant"], doc["free_throws"]) == (True, True, 2)
    assert doc["free_throws_to"] == "attacker"
    reading = ok(
        cli(H, "foul", "intercept", "--face", "whistle", "--flagrant-whistle", "--json")
    ).json
    assert reading["flagrant"] is True
    assert_user_error(
        cli(H, "counter", "rebound", "--v", "50", "--flagrant-whistle"), "attacker's own counter"
    )


def test_match_counter_flagrant_owes_two_free_throws(cli):
    ok(cli(*START))
    ok(cli(*M, "turn"))
    doc = ok(
        cli(*M, "counter", "Lucy", "intercept", "--hooper", "Joy", "--against", "May",
            "--o", "50", "--face", "whistle", "--flagrant-whistle", "--json")
    ).json  # fmt: skip
    assert doc["flagrant"] is True
    owed = doc["match"]["free_throws_owed"]
    assert (owed["team"], owed["hooper"], owed["count"]) == ("Karl", "May Friend", 2)


# --- 3. Onfire from defence and from tribe powers -----------------------------------------
# "Hector Pröt: If his defense is successful, he moves one step forward on the Onfire
# track." / The Series: "The hoopers move on the Onfire track also when they
# successfully activate their tribe's power"


def hector_defends(cli, roll: str) -> dict:
    return ok(
        cli(*M, "shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "60", "--defense", "20",
            "--defender", "Hector", "--face", "blank", "--roll", roll, "--json")
    ).json["match"]  # fmt: skip


def test_hector_steps_forward_when_his_defence_holds(cli):
    ok(cli(*START))
    now = hector_defends(cli, "100")
    assert now["hoopers"]["Karl"]["Hector Pröt"]["onfire"] == "orange"
    assert "Hector Pröt's defence holds" in " ".join(now["notes"])


def test_hector_stays_when_the_shot_scores(cli):
    ok(cli(*START))
    assert hector_defends(cli, "5")["hoopers"]["Karl"]["Hector Pröt"]["onfire"] == "flat"


def test_hector_without_his_skill_stays(cli):
    injure_until_marked(cli, "no-skill", "Karl", "Hector Pröt")
    assert hector_defends(cli, "100")["hoopers"]["Karl"]["Hector Pröt"]["onfire"] == "flat"


def test_onfire_by_hand(cli):
    ok(cli(*START))
    doc = ok(cli(*M, "onfire", "Lucy", "Muy", "up", "--json")).json
    assert doc["hoopers"]["Lucy"]["Muy Schillato"]["onfire"] == "orange"
    doc = ok(cli(*M, "onfire", "Lucy", "Muy", "down", "--json")).json
    assert doc["hoopers"]["Lucy"]["Muy Schillato"]["onfire"] == "flat"
    assert_user_error(cli(*M, "onfire", "Lucy", "Muy", "sideways"), "sideways")


# --- 4. Substitutions -----------------------------------------------------------------------
# "By moving an hooper to the bench, he/she will lose his/her progress" / "An hooper that
# enters the game from the bench always starts on the flat zone." / "You can do as many
# substitutions as you desire by spending just one coach action token." / Reley Baton:
# "You do not spend any coach action token to move her from the bench to the court."

LINE_UP = (
    *("--home-seven", "Dime,Joy,Faust,Serge,Sin,Muy,Reley"),
    *("--home-five", "Faust,Muy,Dime,Joy=PF,Serge=C"),
)


def test_a_substitution_costs_a_token_and_resets_the_onfire_track(cli):
    ok(cli(*START, *LINE_UP))
    ok(cli(*M, "onfire", "Lucy", "Muy", "up"))
    doc = ok(cli(*M, "sub", "Lucy", "--out", "Muy", "--in", "Sin", "--json")).json
    assert doc["coach_tokens"]["Lucy"] == 7
    assert doc["hoopers"]["Lucy"]["Muy Schillato"]["onfire"] == "flat"
    assert doc["line_ups"]["Lucy"]["court"]["SG"] == "Sin Miedo"
    assert "Muy Schillato" in doc["line_ups"]["Lucy"]["bench"]
    # More substitutions at the same turn's beginning: the same token.
    doc = ok(cli(*M, "sub", "Lucy", "--out", "Dime", "--in", "Muy", "--json")).json
    assert doc["coach_tokens"]["Lucy"] == 7
    assert doc["line_ups"]["Lucy"]["court"]["SF"] == "Muy Schillato"


def test_reley_baton_comes_in_free_and_paid_ones_wait_for_the_turn_start(cli):
    # "You can spend your coach action token: At THE BEGINNING of your attacking turn:
    # To do substitutions"
    ok(cli(*START, *LINE_UP))
    ok(cli(*M, "shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "50", "--roll", "5"))
    doc = ok(cli(*M, "sub", "Lucy", "--out", "Serge", "--in", "Reley", "--json")).json
    assert doc["coach_tokens"]["Lucy"] == 8
    for team, out, into in [("Lucy", "Faust", "Serge"), ("Karl", "May", "Manny")]:
        assert_user_error(
            cli(*M, "sub", team, "--out", out, "--in", into), "beginning of its attacking turn"
        )
    ok(cli(*M, "turn"))
    ok(cli(*M, "turn"))
    doc = ok(cli(*M, "sub", "Lucy", "--out", "Faust", "--in", "Serge", "--json")).json
    assert doc["coach_tokens"]["Lucy"] == 7


def test_a_substitution_refuses_ejected_and_unknown_hoopers(cli):
    ok(cli(*START))
    for _ in range(4):
        ok(cli(*M, "foul", "Lucy", "Muy"))
    assert_user_error(cli(*M, "sub", "Lucy", "--out", "Sin", "--in", "Muy"), "ejected")
    assert_user_error(cli(*M, "sub", "Lucy", "--out", "Sin", "--in", "Zed"), "Zed")
    # Without a line-up every hooper stays usable; the entering hooper starts flat.
    ok(cli(*M, "turn"))
    ok(cli(*M, "turn"))
    ok(cli(*M, "onfire", "Lucy", "Sin", "up"))
    doc = ok(cli(*M, "sub", "Lucy", "--out", "Sin", "--in", "Joy", "--json")).json
    assert doc["hoopers"]["Lucy"]["Sin Miedo"]["onfire"] == "flat"


# --- 6. Overtime ---------------------------------------------------------------------------
# "If an overtime will be played the hoopers don't recover any energy." / "An overtime is
# an extra period that lasts just four pair of attacking turns"


def record_turns(db, n):
    from companion.games.hoopers.rules.match import play
    from companion.store import Store

    def change(match):
        log = {**match, "events": list(match["events"])}
        for _ in range(n):
            log["events"].append(play(log, "turn", {}).event)
        return log["events"][len(match["events"]) :]

    Store(db).update_live("hoopers", change)


def test_overtime_refills_the_hand_and_recovers_no_energy(cli, db):
    ok(cli(*START[:-4], "--first", "Lucy", "--variant", "fast"))
    record_turns(db, 31)
    into = ok(cli(*M, "turn", "--json")).json
    assert into["overtime"] is True
    notes = " ".join(into["notes"])
    assert "refills the hand to 7 cards" in notes and "recover no energy" in notes
    record_turns(db, 3)
    pair_2 = ok(cli(*M, "turn", "--json")).json["notes"]
    assert pair_2[0].startswith("after pair 2: each player draws 3 cards")
    assert "bench recovers" not in pair_2[0]


# --- 7. Rebound after a fouled miss that scored nothing -------------------------------------
# "If the attack is not successful, then you may play an offensive rebound card" /
# "(NOTE: There are not rebounds if a player has scored points)"


def test_a_fouled_miss_with_every_free_throw_missed_opens_the_rebound(cli):
    ok(cli(*START))
    doc = ok(
        cli(*M, "shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "40", "--defense", "20",
            "--defender", "Edd", "--face", "whistle", "--roll", "100",
            "--ft-roll", "100", "--ft-roll", "100", "--json")
    ).json  # fmt: skip
    assert doc["foul"] and doc["total_points"] == 0
    assert "an offensive rebound (F3) may follow" in " ".join(doc["match"]["notes"])
    made = ok(cli(*M, "undo"))
    assert made.exit_code == 0
    scored = ok(
        cli(*M, "shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "40", "--defense", "20",
            "--defender", "Edd", "--face", "whistle", "--roll", "100",
            "--ft-roll", "5", "--ft-roll", "100", "--json")
    ).json  # fmt: skip
    assert "offensive rebound" not in " ".join(scored["match"]["notes"])


# --- 9. Friendly Play milestone mix ----------------------------------------------------------
# "You can freely choose which player is going to achieve the period milestones. ... You
# can try all the possible combination."


def test_one_milestone_setting_per_period(cli, db):
    ok(cli(*START[:-4], "--first", "Lucy", "--milestones", "win,lose,off,off"))
    ok(cli(*M, "score", "Karl", "2"))
    record_turns(db, 16)
    ok(cli(*M, "score", "Karl", "2"))
    record_turns(db, 16)
    ok(cli(*M, "score", "Karl", "2"))
    record_turns(db, 16)
    earned = [(m["period"], m["earner"]) for m in status(cli)["milestones"]]
    assert earned == [(1, "Karl"), (2, "Lucy")]
    ok(cli(*M, "abandon"))
    assert_user_error(
        cli(*START, "--milestones", "win,lose,win,win"), "period 4 has no milestone marker"
    )
    assert_user_error(cli(*START, "--milestones", "win,lose"), "2 settings")


# --- 10. Blocks on counters, and team fouls --------------------------------------------------
# "A BLOCK is a boosted defense or counter" / whistle: "You have to follow the rules
# explained in the previous paragraphs depending on the action involved" / "After having
# collected three red cubes in this space, your opponent will get two free throws even
# when you will commit a foul by playing a counter action."


def test_block_on_a_counter_follows_the_counter_foul_rules(cli):
    fourth = ok(
        cli(H, "block", "--against", "steal", "--face", "whistle", "--team-fouls", "3",
            "--ft-stat", "50", "--ft-roll", "5", "--ft-roll", "100", "--json")
    ).json  # fmt: skip
    assert (fourth["outcome"], fourth["total_points"], len(fourth["free_throws"])) == (
        "foul",
        1,
        2,
    )
    third = ok(
        cli(H, "block", "--against", "intercept", "--face", "whistle", "--team-fouls", "2",
            "--json")
    ).json  # fmt: skip
    assert (third["outcome"], third["free_throws"]) == ("foul", [])
    assert "counter foul" in third["sentence"]
    blocked = ok(cli(H, "block", "--against", "steal", "--face", "blank", "--json")).json
    assert blocked["outcome"] == "blocked"
    assert_user_error(
        cli(H, "block", "--against", "steal", "--keepers-block", "--face", "blank"),
        "blocks a shot",
    )


def test_match_block_on_a_counter_counts_the_team_foul(cli):
    ok(cli(*START))
    for _ in range(3):
        ok(cli(*M, "foul", "Karl", "Edd"))
    lv1_chip(cli, "Karl", "May")
    doc = ok(
        cli(*M, "block", "Karl", "--hooper", "May", "--attacker", "Muy", "--against", "steal",
            "--face", "whistle", "--json")
    ).json  # fmt: skip
    now = doc["match"]
    assert now["team_fouls"]["Karl"] == 4
    assert now["free_throws_owed"]["count"] == 2
    assert now["free_throws_owed"]["hooper"] == "Muy Schillato"


def lv1_chip(cli, team, hooper):
    """Two steps to LV.I and the chip: "A BLOCK ... can be played by using the specific
    Onfire LV.1 chip"."""
    for _ in range(2):
        ok(cli(*M, "onfire", team, hooper, "up"))
    ok(cli(*M, "chip", team, hooper))


def test_match_block_received_cools_the_attacker(cli):
    ok(cli(*START))
    lv1_chip(cli, "Karl", "May")
    doc = ok(
        cli(*M, "block", "Karl", "--hooper", "May", "--attacker", "Muy", "--against", "3ps",
            "--face", "blank", "--json")
    ).json  # fmt: skip
    assert doc["match"]["hoopers"]["Lucy"]["Muy Schillato"]["onfire"] == "light-blue"


# --- 12. Free throws are never lost -----------------------------------------------------------
# "If a foul is committed by contesting an attack action, then the attacker will get FREE
# THROWS."


def test_owed_free_throws_are_match_state_and_come_first(cli, db):
    ok(cli(*START))
    shot = ok(
        cli(*M, "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "70", "--defense", "40",
            "--defender", "Edd", "--face", "whistle", "--roll", "100", "--json")
    ).json  # fmt: skip
    owed = shot["match"]["free_throws_owed"]
    assert (owed["hooper"], owed["count"]) == ("Muy Schillato", 3)
    assert "free-throw Lucy --stat" in status(cli)["next"]
    before = db.read_bytes()
    assert_user_error(cli(*M, "turn"), "3 free throw(s) owed to Muy Schillato")
    assert db.read_bytes() == before
    done = ok(
        cli(*M, "free-throw", "Lucy", "--stat", "50", "--roll", "5", "--roll", "100",
            "--roll", "65", "--json")
    ).json  # fmt: skip
    assert done["score"]["Lucy"] == 2 and done["free_throws_owed"] is None
    assert done["hoopers"]["Lucy"]["Muy Schillato"]["points"] == 2
    ok(cli(*M, "turn"))
    assert_user_error(cli(*M, "free-throw", "Karl", "--stat", "50"), "no free throws are owed")


# --- 15. Injury markers apply everywhere ---------------------------------------------------
# "Your injured hooper can no longer defend." / "Your injured hooper can no longer be
# part of this game."


def test_a_no_defense_marker_is_checked_wherever_a_defence_is_recorded(cli):
    injure_until_marked(cli, "no-defense", "Lucy", "Serge Ceptor")
    assert_user_error(cli(*M, "foul", "Lucy", "Serge"), "cannot defend")
    ok(cli(*M, "foul", "Lucy", "Serge", "--on", "screen"))
    ok(cli(*M, "turn"))
    # A steal foul is the defending side's (Lucy defends in Karl's turn).
    assert_user_error(cli(*M, "foul", "Lucy", "Serge", "--on", "steal"), "cannot defend")
    assert_user_error(
        cli(*M, "counter", "Lucy", "steal", "--hooper", "Serge", "--against", "May",
            "--o", "50", "--v", "50"),
        "cannot defend",
    )  # fmt: skip
    assert_user_error(
        cli(*M, "block", "Lucy", "--hooper", "Serge", "--attacker", "May", "--against", "2ps"),
        "cannot defend",
    )


def test_an_out_marker_keeps_the_hooper_out(cli):
    injure_until_marked(cli, "out", "Lucy", "Serge Ceptor")
    assert_user_error(cli(*M, "foul", "Lucy", "Serge", "--on", "screen"), "out of this game")
    assert_user_error(cli(*M, "onfire", "Lucy", "Serge", "up"), "out of this game")
    assert_user_error(cli(*M, "sub", "Lucy", "--out", "Muy", "--in", "Serge"), "out of this game")


@pytest.mark.parametrize("args", [("chip", "Lucy", "Serge")])
def test_out_hooper_takes_no_chip(cli, args):
    injure_until_marked(cli, "out", "Lucy", "Serge Ceptor")
    assert_user_error(cli(*M, *args), "out of this game")


# --- 14. The match knows its line-up --------------------------------------------------------
# Setup: "Select seven out of ten hoopers: this is your team for the match." / "Place your
# starting five hoopers in their proper spaces. Consider that the first or the second
# position of the hooper must match the Position token" / "Place the remaining hoopers on
# the two bench spaces"


def test_seven_and_five_at_match_start(cli):
    doc = ok(cli(*START, *LINE_UP, "--json")).json
    lucy = doc["line_ups"]["Lucy"]
    assert lucy["court"] == {
        "PG": "Faust Exit",
        "SG": "Muy Schillato",
        "SF": "Dime N'Shons",
        "PF": "Joy Kill",
        "C": "Serge Ceptor",
    }
    assert lucy["bench"] == ["Sin Miedo", "Reley Baton"]
    assert len(doc["hoopers"]["Lucy"]) == 7 and len(doc["hoopers"]["Karl"]) == 10
    assert "Karl" not in doc["line_ups"]  # no line-up given: every Keeper stays usable
    assert_user_error(
        cli(*M, "shot", "Lucy", "2ps", "--hooper", "Sin", "--stat", "50"), "on the bench"
    )
    ok(cli(*M, "turn"))
    assert_user_error(
        cli(*M, "shot", "Karl", "2ps", "--hooper", "Edd", "--stat", "50", "--defense", "20",
            "--defender", "Reley"),
        "on the bench",
    )  # fmt: skip
    # Joy Kill stands on the PF token: a steal on her uses V ("a PF or C").
    steal = ok(
        cli(*M, "counter", "Lucy", "steal", "--hooper", "Dime", "--against", "May",
            "--o", "40", "--v", "60", "--face", "blank", "--roll", "50", "--json")
    ).json  # fmt: skip
    assert steal["stat"] == "o"  # May Friend, a PG by her card


def test_line_up_refusals(cli):
    for args, fragment in [
        (("--home-seven", "Dime,Joy,Faust,Serge,Sin,Muy"), "seven hoopers"),
        (("--home-seven", "Dime,Joy,Faust,Serge,Sin,Muy,Dime"), "twice"),
        (
            ("--home-seven", "Dime,Joy,Faust,Serge,Sin,Muy,Reley", "--home-five",
             "Faust,Muy,Dime,Joy,Reley"),
            "Lucy's five: Dime N'Shons and Joy Kill both stand on the SF token (free: PF)",
        ),
        (
            ("--home-seven", "Dime,Joy,Faust,Serge,Sin,Muy,Reley", "--home-five",
             "Faust,Muy,Dime,Sin,Serge"),
            "Lucy's five: Faust Exit and Serge Ceptor both stand on the PG token; "
            "Muy Schillato and Sin Miedo both stand on the SG token (free: PF, C)",
        ),
        (("--home-five", "Faust,Muy,Dime,Lance,Reley"), "a line-up is seven hoopers"),
    ]:  # fmt: skip
        assert_user_error(cli(*START, *args), fragment)


def test_the_position_token_comes_from_the_card_without_a_line_up(cli):
    # "a steal on Sin Miedo asks for PG today, though he is SG": SG uses O.
    ok(cli(*START))
    ok(cli(*M, "turn"))
    ok(cli(*M, "turn"))
    ok(cli(*M, "sub", "Lucy", "--out", "Muy", "--in", "Sin"))  # (no line-up: anyone)
    steal = ok(
        cli(*M, "counter", "Karl", "steal", "--hooper", "Hector", "--against", "Sin",
            "--o", "40", "--v", "55", "--face", "blank", "--roll", "50", "--json")
    ).json  # fmt: skip
    assert steal["stat"] == "o" and steal["success"] is False


def test_an_ejected_hooper_is_replaced_for_free(cli):
    ok(cli(*START, *LINE_UP))
    for _ in range(4):
        ok(cli(*M, "foul", "Lucy", "Muy"))
    doc = ok(cli(*M, "sub", "Lucy", "--out", "Muy", "--in", "Sin", "--json")).json
    assert doc["coach_tokens"]["Lucy"] == 8
    assert doc["line_ups"]["Lucy"]["court"]["SG"] == "Sin Miedo"
    assert_user_error(cli(*M, "sub", "Lucy", "--out", "Sin", "--in", "Muy"), "ejected")


# --- 13. The Unleashed power in a tracked match ---------------------------------------------
# "Then you can activate one additional action of the same card that you have already
# played, do not move the turn token if you use this power"


def test_the_unleashed_power_keeps_the_turn_token(cli):
    ok(cli(*START[:-4], "--first", "Karl"))
    ok(
        cli(*M, "counter", "Lucy", "steal", "--hooper", "Never", "--against", "Hector",
            "--o", "40", "--v", "55", "--face", "blank", "--roll", "10")
    )  # fmt: skip
    power = ok(cli(*M, "turn", "--power", "--json")).json
    assert (power["turn"], power["attacking"]) == (1, "Lucy")
    ok(cli(*M, "shot", "Lucy", "2ps", "--hooper", "Never", "--stat", "50", "--roll", "5"))
    after = ok(cli(*M, "turn", "--json")).json
    assert (after["turn"], after["attacking"]) == (2, "Lucy")  # turn 2 is Lucy's anyway
    ok(
        cli(*M, "counter", "Karl", "steal", "--hooper", "Edd", "--against", "Never",
            "--o", "40", "--v", "55", "--face", "blank", "--roll", "10")
    )  # fmt: skip
    assert_user_error(cli(*M, "turn", "--power"), "only for the Unleashed power")


def test_every_new_move_replays_to_the_state_it_recorded(cli):
    # Skills, draws and free throws are kept in the events: the log folds back exactly.
    ok(cli(H, "markers", "--set", ",".join(["no-skill"] * 8)))
    ok(cli(*START, *LINE_UP))
    moves = [
        ("shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "70", "--defense", "30",
         "--defender", "Linda", "--face", "whistle"),
        ("turn",),
        ("turn",),
        ("shot", "Lucy", "2ps", "--hooper", "Dime", "--stat", "50", "--defense", "20",
         "--defender", "Hector", "--face", "blank", "--roll", "100"),
        ("turn",),
        ("turn",),
        ("sub", "Lucy", "--out", "Serge", "--in", "Reley"),
        ("onfire", "Lucy", "Faust", "up"),
        ("block", "Karl", "--hooper", "Hector", "--attacker", "Faust", "--against", "lup",
         "--keepers-block"),
        ("turn",),
        ("counter", "Lucy", "intercept", "--hooper", "Joy", "--against", "May", "--o", "50",
         "--face", "whistle", "--flagrant-whistle"),
        ("free-throw", "Karl", "--stat", "50"),
        ("counter", "Lucy", "steal", "--hooper", "Dime", "--against", "Hector", "--o", "40",
         "--v", "55"),
    ]  # fmt: skip
    for move in moves:
        recorded = ok(cli(*M, *move, "--json")).json
        recorded = recorded.get("match", recorded)
        folded = status(cli)
        for key in ("score", "hoopers", "team_fouls", "line_ups", "free_throws_owed"):
            assert recorded[key] == folded[key], (move, key)
