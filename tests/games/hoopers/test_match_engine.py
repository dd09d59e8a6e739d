"""The tracked match as a fold: periods, turn track, fouls, injuries, Onfire, milestones."""

from __future__ import annotations

import pytest

from companion.engine.errors import CompanionError
from companion.games.hoopers.rules.errors import HooperUnavailable, MatchOver, OutOfTokens
from companion.games.hoopers.rules.match import fold, new_match, play, tribe_roster
from companion.games.hoopers.rules.replay import replay

ROSTERS = {"Lucy": tribe_roster("unleashed"), "Karl": tribe_roster("keepers")}


def start(variant="classic", milestones="win", first="Lucy", seed=1, **extra):
    _, options, events = new_match(
        "Lucy",
        "Karl",
        seed,
        rosters=ROSTERS,
        variant=variant,
        milestones=milestones,
        first=first,
        **extra,
    )
    return {"id": "m1", "seed": seed, "options": options, "events": events}


def do(match, kind, **data):
    played = play(match, kind, data)
    match["events"].append(played.event)
    return played


def turns(match, n):
    for _ in range(n):
        last = do(match, "turn")
    return last.state


def shot(match, team, hooper, kind="2ps", stat=50, roll=5, **more):
    spec = {"kind": kind, "stat": stat, **more.pop("spec", {})}
    return do(match, "shot", team=team, hooper=hooper, spec=spec, roll=roll, **more)


def test_first_attacker_opens_periods_1_and_4_the_other_2_and_3():
    match = start()
    openers = []
    for _ in range(4):
        openers.append(fold(match).attacking)
        do(match, "score", team="Lucy", points=1)
        turns(match, 16)
    assert openers == ["Lucy", "Karl", "Karl", "Lucy"]
    assert fold(match).over


def test_turn_track_reminders_and_period_energy():
    match = start()
    assert turns(match, 2).notes[0] == "after pair 1: each player draws 1 card"
    assert "draws 3 cards" in turns(match, 2).notes[0]
    turns(match, 2)
    assert "refills the hand to 7" in turns(match, 2).notes[0]
    end = turns(match, 8)
    assert "all hoopers recover 1 energy" in " ".join(end.notes)
    end2 = turns(match, 16)
    assert "one step below their maximum" in " ".join(end2.notes)


def test_period_milestones_win_lose_and_tie():
    match = start()
    do(match, "score", team="Karl", points=2)
    turns(match, 16)
    turns(match, 16)  # period 2 tied 0-0
    state = fold(match)
    assert [(m["period"], m["earner"]) for m in state.milestones] == [(1, "Karl"), (2, None)]
    lose = start(milestones="lose")
    do(lose, "score", team="Karl", points=2)
    assert turns(lose, 16).milestones[0]["earner"] == "Lucy"
    off = start(milestones="off")
    assert turns(off, 16).milestones == []


def test_tie_after_period_4_plays_overtimes_of_four_pairs():
    match = start(variant="fast")
    state = turns(match, 32)
    assert (state.period, state.in_overtime, state.over) == (3, True, False)
    assert "tied 0–0: overtime of four pairs" in " ".join(state.notes)
    # Fast Play: the first attacker opened period 1, the other period 2; overtime alternates.
    assert state.attacking == "Lucy"
    do(match, "score", team="Karl", points=1)
    state = turns(match, 8)
    assert state.over and state.winner == "Karl"
    assert replay(match) == {
        "scores": {"Lucy": 0, "Karl": 1},
        "ranks": {"Karl": 1, "Lucy": 2},
        "winner": "Karl",
        "periods": [[0, 0], [0, 0], [0, 1]],
    }
    with pytest.raises(MatchOver):
        do(match, "turn")


def test_fast_play_limits():
    match = start(variant="fast")
    state = fold(match)
    assert state.teams["Lucy"].coach_tokens == 4 and state.teams["Lucy"].timeouts == 1
    for _ in range(3):
        do(match, "foul", team="Karl", hooper="Edd")
    assert fold(match).teams["Karl"].hoopers["Edd Trapp"].ejected


def test_ejected_at_the_fourth_foul_and_cannot_shoot():
    match = start()
    for _ in range(3):
        do(match, "foul", team="Lucy", hooper="Muy")
    assert not fold(match).teams["Lucy"].hoopers["Muy Schillato"].ejected
    do(match, "foul", team="Lucy", hooper="Muy")
    with pytest.raises(HooperUnavailable, match="Muy Schillato \\(Lucy\\) is ejected"):
        shot(match, "Lucy", "Muy")


def test_team_fouls_clear_at_period_end():
    match = start()
    do(match, "foul", team="Lucy", hooper="Muy")
    assert fold(match).teams["Lucy"].team_fouls == 1
    assert turns(match, 16).teams["Lucy"].team_fouls == 0


def test_defensive_foul_gives_red_and_white_cubes():
    match = start()
    played = shot(
        match,
        "Lucy",
        "Muy",
        kind="3ps",
        stat=70,
        roll=45,
        face="whistle",
        defender="Edd",
        ft_rolls=[5],
        spec={"bonuses": [15], "defense": 30, "ft_stat": 60},
    )
    karl, lucy = played.state.teams["Karl"], played.state.teams["Lucy"]
    assert karl.hoopers["Edd Trapp"].fouls == 1 and karl.team_fouls == 1
    assert lucy.hoopers["Muy Schillato"].injury_cubes == 1


def test_injury_at_the_third_cube_draws_a_marker_kept_in_the_event():
    match = start(seed=5)
    for _ in range(2):
        do(match, "injure", team="Lucy", hooper="Muy")
    played = do(match, "injure", team="Lucy", hooper="Muy")
    marker = played.event["data"]["markers"][0]
    hooper = played.state.teams["Lucy"].hoopers["Muy Schillato"]
    assert hooper.injuries == [marker] and hooper.injury_cubes == 0
    assert len(played.state.pile) == 7
    assert fold(match).teams["Lucy"].hoopers["Muy Schillato"].injuries == [marker]


def test_injury_pile_is_drawn_without_replacement():
    match = start(variant="fast", seed=3)
    drawn = []
    for name in ROSTERS["Lucy"][:8]:
        for _ in range(2):
            played = do(match, "injure", team="Lucy", hooper=name)
        drawn += played.event["data"]["markers"]
    assert sorted(drawn) == sorted(match["options"]["injury_pile"])
    assert fold(match).pile == []


def test_onfire_hot_streak_lv1_chip_and_lv2():
    match = start()
    for _ in range(2):
        state = shot(match, "Lucy", "Muy").state
        turns(match, 2)  # Lucy attacks again after Karl's turn
    assert state.teams["Lucy"].hoopers["Muy Schillato"].onfire == "lv1"
    do(match, "chip", team="Lucy", hooper="Muy")
    muy = fold(match).teams["Lucy"].hoopers["Muy Schillato"]
    assert (muy.onfire, muy.chips["lv1"]) == ("flat", 1)
    for _ in range(3):
        state = shot(match, "Lucy", "Muy").state
        turns(match, 2)
    muy = state.teams["Lucy"].hoopers["Muy Schillato"]
    assert (muy.onfire, muy.chips["lv2"]) == ("flat", 1)


def test_onfire_cold_cube_gives_an_injury_cube():
    match = start()
    shot(match, "Lucy", "Muy", roll=100)
    turns(match, 2)
    state = shot(match, "Lucy", "Muy", roll=100).state
    muy = state.teams["Lucy"].hoopers["Muy Schillato"]
    assert (muy.onfire, muy.injury_cubes) == ("flat", 1)


def test_onfire_resets_at_the_end_of_period_2():
    match = start()
    shot(match, "Lucy", "Muy")
    turns(match, 16)
    assert fold(match).teams["Lucy"].hoopers["Muy Schillato"].onfire == "orange"
    state = turns(match, 16)
    assert state.teams["Lucy"].hoopers["Muy Schillato"].onfire == "flat"


def test_coach_tokens_and_timeouts():
    match = start(coach_tokens={"Lucy": 9}, first="Lucy")
    state = do(match, "timeout", team="Lucy").state
    assert (state.teams["Lucy"].coach_tokens, state.teams["Lucy"].timeouts) == (8, 2)
    for _ in range(8):
        do(match, "coach", team="Lucy")
    with pytest.raises(OutOfTokens, match="Lucy has no coach action token left"):
        do(match, "coach", team="Lucy")


def test_series_settings_away_free_throws_and_onfire_start():
    match = start(
        away_free_throw_bonus=False, onfire_start={"Karl": {"Edd": "light-blue"}}, first="Karl"
    )
    state = fold(match)
    assert state.teams["Karl"].hoopers["Edd Trapp"].onfire == "light-blue"
    played = shot(
        match,
        "Karl",
        "Chus",
        stat=55,
        roll=100,
        face="whistle",
        defender="Dime",
        ft_rolls=[60, 60],
        spec={"defense": 30},
    )
    assert [ft.target for ft in played.outcome.free_throws] == [55, 55]


def test_a_shot_by_the_defending_side_is_refused():
    match = start(first="Lucy")
    with pytest.raises(CompanionError, match="it is Lucy's attacking turn"):
        shot(match, "Karl", "Edd")


def test_rebound_again_keeps_the_turn_token():
    match = start(first="Lucy")
    shot(match, "Lucy", "Muy", roll=100)
    rebound = {"team": "Lucy", "kind": "rebound", "hooper": "Dime", "v": 55, "face": "blank"}
    match["events"].append(play(match, "counter", {**rebound, "roll": 5}).event)
    state = do(match, "turn", again=True).state
    assert (state.turn, state.attacking) == (1, "Lucy")


def test_a_turn_keeps_its_token_for_a_rebound_or_the_power_not_both():
    # 'turn --again' (a won rebound) and 'turn --power' (the Unleashed power) each keep the
    # turn token; a move saying both is refused by the rules, whoever made it.
    match = start(first="Lucy")
    shot(match, "Lucy", "Muy", roll=100)
    rebound = {"team": "Lucy", "kind": "rebound", "hooper": "Dime", "v": 55, "face": "blank"}
    match["events"].append(play(match, "counter", {**rebound, "roll": 5}).event)
    with pytest.raises(CompanionError, match="--again and --power: one or the other"):
        do(match, "turn", again=True, power=True)
