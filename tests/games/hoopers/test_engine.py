"""The pure rules: every worked example in the rulebook, with its numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.engine.errors import CompanionError, RuleViolation
from companion.engine.rng import TableRng
from companion.games.hoopers.rules.blocks import resolve_block
from companion.games.hoopers.rules.counters import CounterSpec, resolve_counter
from companion.games.hoopers.rules.fouls import read_foul_die
from companion.games.hoopers.rules.free_throws import resolve_free_throw
from companion.games.hoopers.rules.odds import counter_odds, p_roll_at_most, shot_odds
from companion.games.hoopers.rules.onfire import move
from companion.games.hoopers.rules.shots import ShotSpec, resolve_shot

# --- Turn Sequence: "Resolve your attack" ------------------------------------


def test_turn_sequence_example_70_plus_15_minus_15():
    # Muy Schillato 3PS 70, dribble +15, May Friend D3 15, no foul: 70.
    outcome = resolve_shot(ShotSpec("3ps", 70, (15,), 15), face="blank", roll=70)
    assert outcome.target == 70
    assert outcome.scored and outcome.points == 3


# --- Gameplay Example ----------------------------------------------------------


def test_gameplay_muy_schillato_three_against_edd_trapp():
    outcome = resolve_shot(ShotSpec("3ps", 70, (15,), 30), face="blank", roll=45)
    assert (outcome.target, outcome.roll, outcome.scored, outcome.total_points) == (55, 45, True, 3)
    assert outcome.onfire == "up"
    assert outcome.free_throws == ()


def test_gameplay_never_tired_steal_on_a_pf_uses_v_and_fails():
    spec = CounterSpec("steal", v=55, position="PF")
    outcome = resolve_counter(spec, face="blank", roll=80)
    assert (outcome.stat, outcome.target, outcome.success) == ("v", 55, False)


def test_gameplay_hector_lay_up_uncontested_misses_and_cools():
    outcome = resolve_shot(ShotSpec("lup", 70, (15,)), roll=95)
    assert (outcome.target, outcome.face, outcome.scored, outcome.onfire) == (
        85,
        None,
        False,
        "down",
    )


def test_gameplay_edd_trapp_rebound_then_lay_up_on_exactly_80():
    rebound = resolve_counter(CounterSpec("rebound", v=55), face="blank", roll=5)
    assert rebound.success and rebound.stat == "v"
    lay_up = resolve_shot(ShotSpec("lup", 65, (15,)), roll=80)
    assert lay_up.target == 80 and lay_up.scored and lay_up.points == 2


# --- Foul ----------------------------------------------------------------------


def test_foul_example_steal_foul_on_hector():
    outcome = resolve_counter(CounterSpec("steal", v=55, position="PF"), face="whistle")
    assert outcome.foul and outcome.reading.by == "defender" and not outcome.success
    assert outcome.roll is None and outcome.free_throws == 0


def test_foul_example_chus_kinder_fouled_by_dime_n_shons():
    # 55 + 25 = 80; 30 + 20 = 50; 80 - 50 = 30; rolled 10; free throw 55 + 15 = 70, rolled 50.
    outcome = resolve_shot(ShotSpec("2ps", 55, (25,), 30), face="whistle", roll=10, ft_rolls=[50])
    assert outcome.defense_bonus == 20 and outcome.target == 30 and outcome.scored
    assert [(ft.target, ft.roll, ft.made) for ft in outcome.free_throws] == [(70, 50, True)]
    assert outcome.total_points == 3


def test_foul_example_intercept_jump_ball_swaps_o_for_v():
    outcome = resolve_counter(CounterSpec("intercept", o=30, v=60), face="jump-ball", roll=55)
    assert outcome.jump_ball and outcome.stat == "v" and outcome.target == 60 and outcome.success


@pytest.mark.parametrize(
    ("action", "face", "foul", "bonus", "by"),
    [
        ("dlu", "whistle", True, 10, "defender"),
        ("dlu", "whistle-2", True, 5, "defender"),
        ("dlu", "whistle-3", True, 0, "defender"),
        ("dlu", "charging", True, 0, "attacker"),
        ("dlu", "jump-ball", False, 0, None),
        ("d2", "whistle", True, 20, "defender"),
        ("d2", "whistle-2", True, 15, "defender"),
        ("d2", "whistle-3", False, 0, None),
        ("d3", "whistle", True, 25, "defender"),
        ("d3", "whistle-2", False, 0, None),
        ("steal", "whistle-2", True, 0, "defender"),
        ("intercept", "whistle-3", False, 0, None),
        ("screen", "whistle-2", True, 0, "attacker"),
        ("screen", "jump-ball", False, 0, None),
        ("rebound", "whistle", True, 0, "attacker"),
        ("rebound", "whistle-2", False, 0, None),
        ("d2", "blank", False, 0, None),
    ],
)
def test_foul_summary_table(action, face, foul, bonus, by):
    reading = read_foul_die(action, face)
    assert (reading.foul, reading.defense_bonus, reading.by) == (foul, bonus, by)


def test_missed_shots_after_a_foul_earn_two_or_three_free_throws():
    two = resolve_shot(
        ShotSpec("lup", 50, (), 40, ft_stat=50), face="whistle", roll=100, ft_rolls=[5, 5]
    )
    three = resolve_shot(
        ShotSpec("3ps", 50, (), 40, ft_stat=50), face="whistle", roll=100, ft_rolls=[5, 5, 100]
    )
    assert [(ft.target, ft.made) for ft in two.free_throws] == [(65, True), (65, True)]
    assert [ft.made for ft in three.free_throws] == [True, True, False]
    assert three.total_points == 2 and three.onfire is None


def test_lay_up_free_throws_unknown_without_ft_stat():
    outcome = resolve_shot(ShotSpec("lup", 50, (), 40), face="whistle", roll=100)
    assert [ft.to_json() for ft in outcome.free_throws] == [
        {"target": None, "roll": None, "made": None}
    ] * 2


def test_charging_means_no_shot():
    outcome = resolve_shot(ShotSpec("lup", 90, (), 10), face="charging", roll=5)
    assert outcome.charging and outcome.target is None and outcome.total_points == 0
    assert outcome.onfire is None


def test_flagrant_whistle_two_free_throws_and_no_shot():
    spec = ShotSpec("2ps", 60, (), 30, flagrant_whistle=True)
    outcome = resolve_shot(spec, face="whistle", ft_rolls=[75, 80])
    assert outcome.flagrant and outcome.target is None
    assert [ft.made for ft in outcome.free_throws] == [True, False]


def test_sin_miedo_no_foul_bonus():
    spec = ShotSpec("2ps", 60, (), 30, no_foul_bonus=True)
    outcome = resolve_shot(spec, face="whistle", roll=30, ft_rolls=[5])
    assert outcome.foul and outcome.defense_bonus == 0 and outcome.target == 30


def test_away_free_throws_use_the_basic_2ps():
    assert resolve_free_throw(55, away=True, roll=60).made is False
    assert resolve_free_throw(55, roll=60).made is True


def test_counter_foul_from_the_third_team_foul_gives_two_free_throws():
    assert (
        resolve_counter(
            CounterSpec("steal", o=50, position="PG", team_fouls=2), face="whistle"
        ).free_throws
        == 0
    )
    assert (
        resolve_counter(
            CounterSpec("steal", o=50, position="PG", team_fouls=3), face="whistle"
        ).free_throws
        == 2
    )


def test_steal_on_an_sf_uses_the_worse_stat_and_jump_ball_the_other():
    spec = CounterSpec("steal", o=60, v=40, position="SF")
    assert resolve_counter(spec, face="blank", roll=45).stat == "v"
    assert resolve_counter(spec, face="jump-ball", roll=45).stat == "o"


def test_manny_gentle_rolls_no_foul_die():
    outcome = resolve_counter(CounterSpec("intercept", o=50, no_foul_die=True), roll=50)
    assert outcome.reading.face is None and outcome.success


# --- Playbooks ---------------------------------------------------------------


def test_playbook_serge_ceptor_100_scores_without_a_roll():
    outcome = resolve_shot(ShotSpec("3ps", 60, (25, 15)), rng=None)
    assert outcome.target == 100 and outcome.auto and outcome.roll is None
    assert outcome.points == 3


def test_playbook_screen_without_foul():
    assert not read_foul_die("screen", "blank").foul


# --- Block -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "keepers", "linda", "expected"),
    [
        ("whistle", False, False, "foul"),
        ("whistle-2", False, False, "restart-f2"),
        ("whistle-3", False, False, "restart-f2"),
        ("charging", False, False, "restart-a"),
        ("jump-ball", False, False, "restart-a"),
        ("blank", False, False, "blocked"),
        ("jump-ball", True, False, "foul"),
        ("whistle", False, True, "restart-a"),
        ("whistle", True, True, "restart-a"),
    ],
)
def test_block_outcomes(face, keepers, linda, expected):
    assert resolve_block(face=face, keepers_block=keepers, linda=linda).outcome == expected


def test_block_foul_against_a_three_gives_three_free_throws():
    outcome = resolve_block(face="whistle", against="3ps", ft_stat=60, ft_rolls=[75, 80, 5])
    assert [ft.made for ft in outcome.free_throws] == [True, False, True]


def test_keepers_option_refused_outside_a_block():
    with pytest.raises(RuleViolation, match="--keepers-block applies to a block, not to d2"):
        read_foul_die("d2", "blank", keepers_block=True)


# --- Onfire ------------------------------------------------------------------


def test_onfire_track_moves():
    assert move("flat", "up").space == "orange"
    assert move("orange", "up").at_lv1
    lv2 = move("lv1", "up")
    assert (lv2.space, lv2.chip) == ("flat", "lv2")
    fell = move("lv1", "down")
    assert (fell.space, fell.fell_back) == ("flat", True)
    cold = move("light-blue", "down")
    assert (cold.space, cold.injury_cube) == ("flat", True)


# --- odds ---------------------------------------------------------------------


def test_p_roll_at_most():
    assert p_roll_at_most(55) == Fraction(11, 20)
    assert p_roll_at_most(4) == 0
    assert p_roll_at_most(100) == 1


def test_shot_odds_gameplay_example_worked_by_hand():
    # whistle (1/8): 85 - 55 = 30 -> 6/20; other 7/8: 55 -> 11/20.
    odds = shot_odds(ShotSpec("3ps", 70, (15,), 30, ft_stat=60))
    assert odds.p_score == Fraction(1, 8) * Fraction(6, 20) + Fraction(7, 8) * Fraction(11, 20)
    # Whistle: 3 x 3/10 + (3/10 x 1 + 7/10 x 3) free throws at 75 (3/4) = 2.7.
    assert odds.expected_points == Fraction(27, 80) + Fraction(7, 8) * Fraction(33, 20)
    assert odds.to_json()["p_score_fraction"] == "83/160"


def test_counter_odds_steal_on_a_pf():
    # whistle, whistle-2: foul (0); jump ball: O 40 -> 8/20; the other 5/8: V 55 -> 11/20.
    odds = counter_odds(CounterSpec("steal", o=40, v=55, position="PF"))
    assert odds.p_score == Fraction(1, 8) * Fraction(8, 20) + Fraction(5, 8) * Fraction(11, 20)


# --- input checks --------------------------------------------------------------


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: ShotSpec("3ps", 120), "--stat 120"),
        (lambda: ShotSpec("3ps", 50, (), -5), "--defense -5"),
        (lambda: resolve_shot(ShotSpec("2ps", 50), roll=42), "42 is not a face"),
        (lambda: resolve_shot(ShotSpec("2ps", 50, (), 10), face="wh", roll=5), "ambiguous"),
        (lambda: resolve_shot(ShotSpec("2ps", 50), face="blank", roll=5), "not defended"),
        (lambda: CounterSpec("steal", o=50), "--position"),
        (lambda: resolve_counter(CounterSpec("intercept", v=50), face="blank", roll=5), "--o"),
    ],
)
def test_bad_input_names_the_value(build, message):
    with pytest.raises(CompanionError, match=message):
        build()


def test_seeded_rng_reproduces_a_shot():
    spec = ShotSpec("lup", 60, (10,), 20)
    first = resolve_shot(spec, rng=TableRng(11))
    again = resolve_shot(spec, rng=TableRng(11))
    assert first == again
