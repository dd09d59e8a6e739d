"""The Series engine: schedule, Susan Peg, carry-over, the Reward Phase."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.errors import NothingToUndo, RuleViolation
from companion.games.hoopers.rules.rewards import (
    award_strength_marker,
    exchange_chips,
    reward_phase,
)
from companion.games.hoopers.rules.series import Chips, GameReport, Series
from companion.games.hoopers.rules.series_errors import (
    BadReward,
    BadScore,
    PeriodsMismatch,
    SeriesDecided,
    TiedScore,
)
from companion.games.hoopers.rules.series_input import (
    parse_chips,
    parse_gameplan,
    parse_pair,
    parse_periods,
    parse_tribe_hooper,
)
from companion.games.hoopers.rules.series_rules import default_series_rules

RULES = default_series_rules()
TRIBES = ("Keepers", "Unleashed")


def fresh(home: str = "Keepers") -> Series:
    return Series(id="s1", tribes=TRIBES, home_tribe=home)


def win(tribe: str, score: tuple[int, int] = (80, 70), **extra) -> GameReport:
    other = TRIBES[1] if tribe == TRIBES[0] else TRIBES[0]
    return GameReport(scores={tribe: score[0], other: score[1]}, **extra)


def play(winners: str) -> Series:
    """`"KKU"`: Keepers, Keepers, Unleashed win games 1, 2, 3."""
    series = fresh()
    for letter in winners:
        series = series.with_game(win(TRIBES[0] if letter == "K" else TRIBES[1]), RULES)
    return series


def test_schedule_is_home_home_away_away_home_away_home():
    courts = [fresh().home_in(n, RULES) for n in range(1, 8)]
    k, u = TRIBES
    assert courts == [k, k, u, u, k, u, k]
    flipped = [fresh("Unleashed").home_in(n, RULES) for n in range(1, 8)]
    assert flipped == [u, u, k, k, u, k, u]


def test_gameplan_pairs_and_playbook_refill():
    assert [fresh().setup_for(n, RULES).gameplan_pair for n in range(1, 8)] == [
        "1/2",
        "1/2",
        "3/4",
        "3/4",
        "5/6",
        "5/6",
        "5/6",
    ]
    assert RULES.playbook_refill == ((2, 3), (3, 2), (4, 1))
    assert (RULES.home_coach_tokens, RULES.home_hot_zone_hoopers) == (9, 3)
    assert (RULES.away_cold_zone_hoopers, RULES.away_free_throw_bonus) == (2, 0)


def test_sweep_ends_after_four_and_refuses_a_fifth():
    series = play("KKKK")
    assert series.wins == {"Keepers": 4, "Unleashed": 0}
    assert series.winner(RULES) == "Keepers"
    assert series.status == "finished"
    assert series.next_game(RULES) is None
    with pytest.raises(SeriesDecided, match="Keepers won 4-0"):
        series.with_game(win("Unleashed"), RULES)


def test_susan_peg_joins_the_side_about_to_lose_and_stays():
    assert play("KK").susan_peg_in(3, RULES) is None
    series = play("KKK")
    setup = series.setup_for(4, RULES)
    assert setup.susan_peg == "Unleashed"
    assert setup.can_win_series == ("Keepers",)
    series = play("KKKUUU")
    assert series.setup_for(6, RULES).susan_peg == "Unleashed"
    # "... before Game 7": in game 7 nobody fields her (issue 15, item 11) ...
    assert series.setup_for(7, RULES).susan_peg is None
    assert series.setup_for(7, RULES).can_win_series == TRIBES
    # ... unless the table keeps her with her tribe (`susan_peg.in_last_game`).
    from dataclasses import replace

    keeps = replace(RULES, susan_peg_in_last_game=True)
    assert series.setup_for(7, keeps).susan_peg == "Unleashed"


def test_susan_peg_goes_to_keepers_when_unleashed_reach_three_first():
    series = play("UKUKU")
    assert series.susan_peg_in(5, RULES) is None
    assert series.susan_peg_in(6, RULES) == "Keepers"


def test_ejected_sit_out_and_injured_start_with_cubes_for_the_next_game_only():
    series = fresh().with_game(
        win(
            "Keepers", ejected={"Unleashed": ("Wally Block",)}, injured={"Keepers": ("Edd Trapp",)}
        ),
        RULES,
    )
    setup = series.setup_for(2, RULES)
    assert setup.sits_out == {"Keepers": (), "Unleashed": ("Wally Block",)}
    assert setup.starts_injured == {"Keepers": ("Edd Trapp",), "Unleashed": ()}
    later = series.with_game(win("Keepers"), RULES).setup_for(3, RULES)
    assert later.sits_out == {"Keepers": (), "Unleashed": ()}
    assert later.starts_injured == {"Keepers": (), "Unleashed": ()}


def test_undo_reopens_a_decided_series():
    series = play("KKKK").without_last_game()
    assert series.status == "live" and series.wins["Keepers"] == 3
    with pytest.raises(NothingToUndo):
        fresh().without_last_game()


@pytest.mark.parametrize(
    ("margin", "to", "reason"),
    [(1, "Unleashed", "loser"), (3, "Unleashed", "loser"), (4, None, "nobody"),
     (6, None, "nobody"), (7, "Keepers", "winner"), (30, "Keepers", "winner")],
)  # fmt: skip
def test_strength_marker_margins(margin, to, reason):
    marker = award_strength_marker("Keepers", "Unleashed", margin, RULES)
    assert (marker.to, marker.reason) == (to, reason)


def test_rulebook_reward_example():
    # "3 Onfire chips Lv.1 still on your hoopers, 1 Onfire Chips Lv.2 still on
    # your hooper, 2 milestone markers (I and III period) and you achieved both
    # your gameplan milestones: you gain a total of 7 Onfire chips Lv.1 and 1
    # Onfire Chip Lv.2 that you exchange with 4 position upgrades cards and you
    # discard one Onfire Lv.1 chip. You will take also one hooper upgrade card".
    report = GameReport(
        scores={"Keepers": 66, "Unleashed": 79},
        periods=((20, 18), (15, 22), (21, 17), (10, 22)),
        chips={"Keepers": Chips(lv1=3, lv2=1)},
        gameplan={"Keepers": 2},
        series_track="Unleashed",
    )
    rewards = reward_phase(1, TRIBES, "Keepers", report, RULES)
    keepers = rewards.tribes["Keepers"]
    assert keepers.period_markers == (1, 3)
    summary = {
        k: keepers.to_json()[k]
        for k in (
            "chips_lv1",
            "chips_lv2",
            "position_upgrades",
            "discarded_chips",
            "hooper_upgrades",
            "action_upgrades",
        )
    }
    assert summary == {
        "chips_lv1": 7,
        "chips_lv2": 1,
        "position_upgrades": 4,
        "discarded_chips": 1,
        "hooper_upgrades": 1,
        "action_upgrades": 0,
    }
    unleashed = rewards.tribes["Unleashed"]
    # Winner marker + Strength marker (margin 13 >= 7) + the series track card.
    assert (unleashed.hooper_upgrades, unleashed.action_upgrades) == (1, 2)
    # Period II marker + fourth period chip = 2 LV.1 = 1 position upgrade.
    assert (unleashed.exchange.lv1, unleashed.exchange.position_upgrades) == (2, 1)


def test_series_track_defaults_to_the_home_tribe():
    rewards = reward_phase(3, TRIBES, "Unleashed", win("Keepers", (80, 78)), RULES)
    assert rewards.series_track == "Unleashed" and not rewards.series_track_given
    assert rewards.tribes["Unleashed"].action_upgrades == 2  # track + strength (margin 2)
    assert rewards.tribes["Keepers"].action_upgrades == 0


def test_period_tie_gives_no_marker():
    report = win("Keepers", (60, 58), periods=((15, 15), (15, 13), (15, 15), (15, 15)))
    rewards = reward_phase(1, TRIBES, "Keepers", report, RULES)
    assert rewards.tribes["Keepers"].period_markers == (2,)
    assert rewards.tribes["Keepers"].fourth_period_chips == 0
    assert rewards.tribes["Unleashed"].period_markers == ()


@pytest.mark.parametrize(
    ("report", "error", "fragment"),
    [
        (win("Keepers", (75, 75)), TiedScore, "75-75 is a tie"),
        (win("Keepers", (-3, 75)), BadScore, "-3 is negative"),
        (win("Keepers", periods=((20, 20),) * 4), PeriodsMismatch, "add up to 80-80"),
        (win("Keepers", periods=((20, 20),) * 3), PeriodsMismatch, "4 periods"),
        (
            win("Keepers", periods=((20, 10),) * 4 + ((0, 30),)),
            PeriodsMismatch,
            "80-40 after period 4 is not level",
        ),
        (win("Keepers", gameplan={"Keepers": 3}), BadReward, "milestones 3"),
        (win("Keepers", chips={"Unleashed": Chips(-1, 0)}), BadReward, "lv1=-1"),
    ],
)
def test_bad_reports_are_refused(report, error, fragment):
    with pytest.raises(error, match=fragment):
        fresh().with_game(report, RULES)


def test_overtime_after_a_level_regulation_is_accepted():
    report = win("Keepers", (85, 80), periods=((20, 20),) * 4 + ((5, 0),))
    assert fresh().with_game(report, RULES).wins["Keepers"] == 1
    double = win("Keepers", (85, 80), periods=((20, 20),) * 4 + ((0, 0), (5, 0)))
    assert fresh().with_game(double, RULES).wins["Keepers"] == 1


def test_parsing_table_input():
    assert parse_pair("78-75") == (78, 75)
    assert parse_periods("20-18, 15-22,21-17,22-18")[1] == (15, 22)
    assert parse_tribe_hooper("unl:Wally Block", TRIBES) == ("Unleashed", "Wally Block")
    assert parse_chips("K:lv1=3,lv2=1", TRIBES) == ("Keepers", Chips(3, 1))
    assert parse_chips("K:lv2=2", TRIBES) == ("Keepers", Chips(0, 2))
    assert parse_gameplan("Unleashed:1", TRIBES) == ("Unleashed", 1)
    with pytest.raises(BadScore, match="'-3-75' has a negative"):
        parse_pair("-3-75")
    with pytest.raises(BadReward, match="lv1=-2 is negative"):
        parse_chips("K:lv1=-2", TRIBES)
    with pytest.raises(BadReward, match="3 milestones"):
        parse_gameplan("K:3", TRIBES)


def test_doc_round_trip():
    series = play("KUK")
    assert Series.from_doc(series.to_doc()) == series


@given(st.integers(0, 200), st.integers(0, 50))
def test_exchange_spends_every_chip_it_can(lv1, lv2):
    swap = exchange_chips(lv1, lv2, RULES)
    assert swap.discarded in (0, 1)
    assert 2 * (swap.position_upgrades - lv2) + swap.discarded == lv1


@given(st.integers(0, 30), st.integers(0, 8), st.integers(0, 10))
def test_the_kit_gives_what_it_has_left_and_the_other_chips_are_discarded(lv1, lv2, left):
    # "Discard every chips that can't be exchanged."
    worth = lv1 // 2 + lv2
    swap = exchange_chips(lv1, lv2, RULES, kit_left=left)
    assert swap.position_upgrades == min(worth, left)
    assert swap.unsupplied == worth - swap.position_upgrades
    used_lv1 = lv1 - swap.discarded
    used_lv2 = lv2 - swap.discarded_lv2
    assert used_lv1 % 2 == 0 and used_lv1 // 2 + used_lv2 == swap.position_upgrades


@given(st.integers(1, 100))
def test_strength_marker_goes_to_exactly_the_printed_side(margin):
    marker = award_strength_marker("W", "L", margin, RULES)
    assert marker.to == ("W" if margin >= 7 else "L" if margin <= 3 else None)


@given(st.lists(st.sampled_from("KU"), min_size=7, max_size=7))
def test_any_series_ends_at_four_wins_within_seven_games(winners):
    series = fresh()
    for letter in winners:
        if series.next_game(RULES) is None:
            break
        series = series.with_game(win(TRIBES[0] if letter == "K" else TRIBES[1]), RULES)
    assert 4 <= len(series.games) <= 7
    assert sorted(series.wins.values())[1] == 4
    holder = series.susan_peg_in(len(series.games), RULES)
    if holder is not None:
        # She only ever joins the tribe that was first to face elimination.
        first_to_three = next(
            t for n in range(1, 8) for t, w in series.wins_before(n).items() if w == 3
        )
        assert holder == series.other(first_to_three)


def test_plan_series_match_applies_carry_over_and_susan_peg():
    from companion.games.hoopers.rules.series_match import plan_series_match

    series = play("KKK").with_game(
        win("Unleashed", ejected={"Keepers": ("Edd",)}, injured={"Unleashed": ("Wally",)}), RULES
    )
    rosters = {"Keepers": ["Edd", "May", "Chus", "Vern"], "Unleashed": ["Wally", "Faust", "Serge"]}
    plan = plan_series_match(series, RULES, rosters, hot=["may", "chus", "vern"], cold=["fa", "se"])
    assert (plan.number, plan.home, plan.away) == (5, "Keepers", "Unleashed")
    assert plan.rosters == {
        "Keepers": ("May", "Chus", "Vern"),
        "Unleashed": ("Wally", "Faust", "Serge", "Susan Peg"),
    }
    assert plan.left_out == {"Keepers": ("Edd",), "Unleashed": ()}
    assert plan.options["coach_tokens"] == {"Keepers": 9}
    assert plan.options["away_free_throw_bonus"] is False
    assert plan.options["onfire_start"] == {
        "Keepers": {"May": "orange", "Chus": "orange", "Vern": "orange"},
        "Unleashed": {"Faust": "light-blue", "Serge": "light-blue"},
    }
    cubes = [e["data"]["hooper"] for e in plan.carried_events if e["type"] == "injure"]
    assert cubes == ["Wally", "Wally"]
    assert plan.unmatched == ()
    rosters["Unleashed"] = ["Faust", "Serge", "Dime"]
    plan = plan_series_match(series, RULES, rosters, hot=["may", "chus", "vern"], cold=["fa", "se"])
    assert plan.unmatched == ("Unleashed:Wally",) and plan.carried_events == ()


def test_report_from_match_reads_scores_periods_and_hooper_states():
    from types import SimpleNamespace

    from companion.games.hoopers.rules.series_match import report_from_match

    def hooper(name, ejected=False, injuries=(), lv1=0, lv2=0):
        return SimpleNamespace(
            name=name, ejected=ejected, injuries=list(injuries), chips={"lv1": lv1, "lv2": lv2}
        )

    match = {
        "id": "m1",
        "players": ["Unleashed", "Keepers"],  # Unleashed at home: pairs are (U, K)
        "result": {"scores": {"Unleashed": 70, "Keepers": 72}, "periods": [[20, 18]] * 3
                   + [[10, 18]]},
    }  # fmt: skip
    teams = {
        "Keepers": [hooper("Edd", ejected=True, lv1=2), hooper("May", lv1=1, lv2=1)],
        "Unleashed": [hooper("Wally", injuries=["no-defense"])],
    }
    report = report_from_match(fresh(), match, teams)
    assert report.scores == {"Keepers": 72, "Unleashed": 70}
    assert report.periods == ((18, 20),) * 3 + ((18, 10),)
    assert report.ejected == {"Keepers": ("Edd",), "Unleashed": ()}
    assert report.injured == {"Keepers": (), "Unleashed": ("Wally",)}
    assert report.chips == {"Keepers": Chips(3, 1), "Unleashed": Chips(0, 0)}
    assert report.match_id == "m1"


def test_amend_merges_by_tribe_and_keeps_the_score():
    series = play("K").with_amended(1, RULES, gameplan={"Keepers": 2})
    series = series.with_amended(1, RULES, gameplan={"Unleashed": 1}, series_track="Unleashed")
    game = series.games[0]
    assert game.gameplan == {"Keepers": 2, "Unleashed": 1}
    assert game.series_track == "Unleashed" and game.scores == {"Keepers": 80, "Unleashed": 70}
    with pytest.raises(BadReward):
        series.with_amended(1, RULES, gameplan={"Keepers": 5})


def test_a_pending_tracked_match_blocks_a_hand_recorded_game():
    series = fresh().linked_to("m1", RULES)
    with pytest.raises(RuleViolation, match="tracked match m1"):
        series.with_game(win("Keepers"), RULES)
    done = series.with_game(win("Keepers", match_id="m1"), RULES)
    assert done.pending_match is None and done.wins["Keepers"] == 1


def test_an_archived_series_replays_to_its_result():
    from companion.games.hoopers.rules.series_report import history_record, replay_series

    series = play("KUKUKK")
    record = history_record(series, RULES)
    assert record["result"]["scores"] == {"Keepers": 4, "Unleashed": 2}
    homes = [g["home"] for g in record["result"]["games"]]
    assert homes == ["Keepers", "Keepers", "Unleashed", "Unleashed", "Keepers", "Unleashed"]
    assert replay_series(record, RULES) == record["result"]
