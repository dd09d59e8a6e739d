"""The pure steps of an attacking turn (companion/games/hoopers/rules/turn_flow.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.hoopers.rules import turn_flow as tf
from companion.games.hoopers.rules.ball import Ball, BallDynamicsError
from companion.games.hoopers.rules.counters import CounterSpec, resolve_counter
from companion.games.hoopers.rules.known import known_stats
from companion.games.hoopers.rules.match import new_match, play
from companion.games.hoopers.rules.shots import ShotSpec, resolve_shot

TEAM = ["PG", "SG", "SF", "PF", "C"]


def fundamentals(*moves: tuple[str, str]) -> Ball:
    ball = Ball()
    for kind, hooper in moves:
        ball = ball.after(kind, hooper)
    return ball


# --- ball dynamics: the four examples of 'Fundamental' ------------------------------


def test_dribble_then_screen_the_dribbler_must_attack():
    ball = fundamentals(("dribble", "SG"), ("screen", "C"))
    assert ball.eligible("3ps", TEAM) == ["SG"]


def test_two_passes_only_the_last_passer_is_not_eligible():
    ball = fundamentals(("pass", "SF"), ("pass", "PF"))
    assert ball.eligible("2ps", TEAM) == ["PG", "SG", "SF", "C"]


def test_pass_then_screen_both_are_not_eligible():
    ball = fundamentals(("pass", "SG"), ("screen", "C"))
    assert ball.eligible("lup", TEAM) == ["PG", "SF", "PF"]


def test_screen_then_pass_frees_the_screener():
    ball = fundamentals(("screen", "C"), ("pass", "PF"))
    assert ball.eligible("2ps", TEAM) == ["PG", "SG", "SF", "C"]


def test_after_a_dribble_only_the_dribbler_has_the_ball():
    ball = fundamentals(("dribble", "PG"))
    assert ball.eligible("pass", TEAM) == ["PG"]
    assert ball.eligible("screen", TEAM) == ["SG", "SF", "PF", "C"]
    with pytest.raises(BallDynamicsError, match="PG dribbled"):
        ball.after("pass", "SG")
    with pytest.raises(BallDynamicsError, match="cannot screen"):
        ball.after("screen", "PG")


def test_a_passer_cannot_take_the_very_next_ball_action():
    with pytest.raises(BallDynamicsError, match="SF cannot dribble"):
        fundamentals(("pass", "SF"), ("dribble", "SF"))


# --- the steps --------------------------------------------------------------------


def turn() -> tf.Turn:
    return tf.new_turn("Lucy", "Karl")


def test_a_turn_runs_f1_playbook_f2_attack():
    t = turn()
    assert tf.fundamental_choices(t) == ["dribble", "pass", "screen", "none"]
    t = tf.play_fundamental(t, "dribble", "Muy", 15)
    assert (t.step, tf.counter_choices(t)) == ("counter", ["steal", "none"])
    t = tf.fundamental_stands(t)
    assert t.step == "playbook" and tf.can_run_playbook(t, coach_tokens=8)
    assert not tf.can_run_playbook(t, coach_tokens=0)
    t = tf.after_playbook(t, False)
    assert t.step == "f2"
    t = tf.play_fundamental(t, "pass", "Muy", 25)
    assert tf.counter_choices(t) == ["intercept", "none"]
    t = tf.fundamental_stands(t)
    assert t.step == "attack"
    assert tf.attack_choices(t) == ["2ps", "3ps", "lup", "none"]
    assert "Muy" not in tf.attack_eligible(t, ["Muy", "Serge"])
    assert tf.attack_bonuses(t, "Serge") == [15, 25]


def test_no_f1_means_no_playbook():
    t = tf.play_fundamental(turn(), "none", "", 0)
    assert t.step == "playbook" and not tf.can_run_playbook(t, 8)


def test_a_screen_rolls_the_foul_die_instead_of_a_counter():
    t = tf.play_fundamental(turn(), "screen", "C", 25)
    assert tf.counter_choices(t) == ["screen"]
    t = tf.ball_lost(t, "offensive foul")
    assert t.over and t.ended == "offensive foul"


def test_a_counter_foul_loses_the_slot_the_bonus_and_the_playbook():
    t = tf.play_fundamental(turn(), "dribble", "Hector", 15)
    t = tf.fundamental_fouled(t)
    assert t.step == "playbook" and t.bonuses == [] and not tf.can_run_playbook(t, 8)
    assert t.ball == Ball()  # another hooper may now pass (rulebook Foul example)
    t = tf.after_playbook(t, False)
    t = tf.fundamental_stands(tf.play_fundamental(t, "pass", "May", 25))
    assert tf.attack_eligible(t, ["May", "Chus"]) == ["Chus"]
    assert t.bonuses == [25]


def test_a_failed_counter_keeps_the_bonus_and_allows_the_playbook():
    t = tf.play_fundamental(turn(), "pass", "Serge", 25)
    t = tf.fundamental_stands(t)
    assert t.bonuses == [25] and tf.can_run_playbook(t, 1)


def test_inside_a_playbook_f2_is_required_and_nothing_is_countered_or_defended():
    t = tf.fundamental_stands(tf.play_fundamental(turn(), "screen", "Reley", 25))
    t = tf.after_playbook(t, True)
    assert "none" not in tf.fundamental_choices(t)
    with pytest.raises(Exception, match="no none"):
        tf.play_fundamental(t, "none", "", 0)
    t = tf.play_fundamental(t, "dribble", "Serge", 15)
    assert tf.counter_choices(t) == ["none"]
    t = tf.fundamental_stands(t)
    assert tf.attack_choices(t) == ["2ps", "3ps", "lup"]
    assert not tf.can_defend(t)
    assert tf.attack_bonuses(t, "Serge") == [25, 15]


def shot(face=None, roll=None, defense=None, kind="2ps", stat=55):
    spec = ShotSpec(kind, stat, defense=defense)
    return resolve_shot(spec, face=face, roll=roll, ft_rolls=(), rng=tf.Probe())


def attacking() -> tf.Turn:
    t = tf.after_playbook(tf.play_fundamental(turn(), "none", "", 0), False)
    return tf.play_fundamental(t, "none", "", 0)


def test_a_scored_shot_ends_the_turn():
    t = tf.after_shot(attacking(), shot(roll=50))
    assert (t.step, t.ended) == ("done", "scored")


def test_a_clean_miss_opens_the_offensive_rebound():
    assert tf.after_shot(attacking(), shot(roll=60)).step == "rebound"


def test_a_fouled_miss_gives_free_throws_not_a_rebound():
    fouled = shot(face="whistle", roll=95, defense=30)
    assert fouled.foul and not fouled.scored
    assert tf.after_shot(attacking(), fouled).over


def test_a_charging_foul_ends_the_turn():
    charged = shot(face="charging", defense=30, kind="lup")
    assert tf.after_shot(attacking(), charged).ended == "charging foul"


def rebound(face="blank", roll=5):
    return resolve_counter(CounterSpec("rebound", o=40, v=55), face=face, roll=roll)


def test_rebound_outcomes():
    missed = tf.after_shot(attacking(), shot(roll=60))
    assert tf.after_rebound(missed, None).ended == "defensive rebound"
    assert tf.after_rebound(missed, rebound(roll=90)).ended == "rebound lost"
    assert tf.after_rebound(missed, rebound(face="whistle")).over
    again = tf.after_rebound(missed, rebound(), "again", "Edd")
    assert again.step == "f1" and again.bonuses == []
    bonus = tf.after_rebound(missed, rebound(), "bonus", "Edd")
    assert bonus.step == "attack"
    assert tf.attack_bonuses(bonus, "Edd") == [15]
    assert tf.attack_bonuses(bonus, "May") == []


# --- events through the match engine ----------------------------------------------------


def live_match():
    players, options, events = new_match(
        "Lucy",
        "Karl",
        5,
        rosters={"Lucy": ["Muy", "Serge"], "Karl": ["Edd", "Never"]},
        first="Lucy",
    )
    return {"id": "t", "players": players, "options": options, "seed": 5, "events": events}


def apply(match, events):
    for event in events:
        played = play(match, event["type"], event["data"])
        match = {**match, "events": [*match["events"], played.event]}
    return match, played


def test_counter_foul_events_give_the_cubes():
    match, played = apply(live_match(), tf.foul_events("Karl", "Never", "Lucy", "Muy"))
    karl, lucy = played.state.teams["Karl"], played.state.teams["Lucy"]
    assert karl.hoopers["Never"].fouls == 1 and karl.team_fouls == 1
    assert lucy.hoopers["Muy"].injury_cubes == 1


def test_the_rulebook_shot_recorded_with_the_tables_dice():
    spec = ShotSpec("3ps", 70, (15,), defense=30)
    event = tf.shot_event("Lucy", "Muy", spec, defender="Edd", face="blank", roll=45)
    match, played = apply(live_match(), [event, *tf.free_throw_event("Lucy", "Muy", 0)])
    assert played.outcome.target == 55 and played.outcome.points == 3
    assert played.state.score() == {"Lucy": 3, "Karl": 0}
    assert known_stats(match) == {("Lucy", "Muy", "3ps"): 70, ("Karl", "Edd", "d3"): 30}


def test_team_foul_free_throws_and_turn_events():
    match, played = apply(live_match(), [*tf.free_throw_event("Lucy", "Serge", 2), tf.turn_event()])
    assert played.state.score() == {"Lucy": 2, "Karl": 0}
    assert played.state.attacking == "Karl"
    assert tf.free_throw_event("Lucy", "Serge", 0) == []


def test_probe_counts_the_d20s_the_engine_would_need():
    probe = tf.Probe()
    resolve_shot(ShotSpec("3ps", 60, defense=30, ft_stat=50), face="whistle", rng=probe)
    assert probe.d20s == 2  # the shot (made with the probe's 5) and its one free throw


# --- issue 15 ------------------------------------------------------------------------------


def test_a_fouled_miss_that_scored_nothing_opens_the_rebound():
    # "If the attack is not successful, then you may play an offensive rebound card" and
    # "There are not rebounds if a player has scored points": none were scored here.
    fouled = resolve_shot(ShotSpec("2ps", 40, defense=20), face="whistle", roll=100,
                          ft_rolls=(100, 100))  # fmt: skip
    assert fouled.foul and fouled.total_points == 0
    assert tf.after_shot(attacking(), fouled).step == "rebound"


def test_a_flagrant_foul_goes_on_from_f2():
    # "you gain two FREE THROWS and then you get a new attacking turn (F1 is no more
    # available)"
    spec = ShotSpec("2ps", 40, defense=20, flagrant_whistle=True)
    flagrant = resolve_shot(spec, face="whistle", ft_rolls=(100, 100))
    t = tf.after_shot(attacking(), flagrant)
    assert (t.step, t.bonuses) == ("f2", [])
    fundamental = tf.play_fundamental(replace(turn(), second_use=True), "pass", "Serge", 25)
    assert fundamental.pending.second_use and not fundamental.second_use
    assert tf.flagrant_on_fundamental(fundamental).step == "f2"


def test_foul_events_name_their_action():
    events = tf.foul_events("Lucy", "Reley", "Karl", "May", action="screen")
    assert events[0]["data"] == {"team": "Lucy", "hooper": "Reley", "action": "screen"}
