"""The turn token, timeouts and coach action tokens: the match's `turn`, `timeout` and
`coach` events ('Period Structure', 'Coach Actions', 'Timeout').

Imported when a match's log first holds one (`match.apply_event`); pure.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.games.hoopers.data import load
from companion.games.hoopers.rules import hand
from companion.games.hoopers.rules.effects import (
    Draws,
)
from companion.games.hoopers.rules.energy import (
    bench_recovers,
    bench_recovery_notes,
    period_end_notes,
    period_recovers,
    timeout_recovers,
)
from companion.games.hoopers.rules.errors import (
    NotYourTurn,
    OutOfTokens,
)
from companion.games.hoopers.rules.match import score_line, spend_token
from companion.games.hoopers.rules.onfire import FLAT
from companion.games.hoopers.rules.state import MatchState


def coach(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    team = state.team(data["team"])
    data["team"] = team.name
    if data.get("renounce"):
        # 'Playbooks': "You may decide during the game to spend those tokens and, by
        # renouncing to the playbooks, discard them": one step, the playbook and its token.
        from companion.games.hoopers.rules.playbooks import renounce

        data["renounce"] = renounce(state, team, str(data["renounce"]))
        spend_token(state, team)
        state.notes.append(
            f"{team.name} renounces {data['renounce']} and spends its coach action token: "
            f"the playbook and the token are discarded ({team.coach_tokens} left)"
        )
    else:
        data.pop("renounce", None)
        spend_token(state, team)
        state.notes.append(f"{team.name} spends a coach action token ({team.coach_tokens} left)")
    if data.get("draw"):
        # 'Coach Actions': "To draw 3 cards (then discard if exceeding the 7 cards limit)".
        hand.draw(state, team, hand.COACH_DRAW, "a coach action token", say_unknown=True)
    else:
        data.pop("draw", None)


def timeout(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    team = state.team(data["team"])
    if team.name != state.attacking:
        raise NotYourTurn(f"{team.name} can call a timeout only at the start of its attacking turn")
    if team.timeouts < 1:
        raise OutOfTokens(f"{team.name} has no timeout cube left")
    other = state.teams[state.other(team.name)]
    answered = bool(data.get("opponent_token"))
    if answered and data.get("rest"):
        raise BadInput(
            f"{other.name} recovers two energies (--rest) or spends a coach action token for "
            "all the benefits of the timeout (--opponent-token): one or the other"
        )
    if answered and other.coach_tokens < 1:
        raise OutOfTokens(f"{other.name} has no coach action token left")
    spend_token(state, team)
    team.timeouts -= 1
    team.subs_open = True
    data["team"] = team.name
    if not answered:
        data.pop("opponent_token", None)
    their = (
        f"{other.name} spends a coach action token for all the benefits of the timeout: its "
        f"hoopers recover 1 energy each and may substitute ({other.coach_tokens - 1} left)"
        if answered
        else f"{other.name} recovers 2 energies on two hoopers"
    )
    state.notes.append(
        f"{team.name} timeout: its hoopers recover 1 energy each and may substitute; "
        f"{their} ({team.timeouts} timeouts, {team.coach_tokens} coach tokens left)"
    )
    if answered:
        # "He/She can spend one of his/her coach action tokens to gain all the benefits of
        # the timeout without spending any cube": the caller's benefits, substitutions too.
        spend_token(state, other)
        other.subs_open = True
        timeout_recovers(state, team.name, [], both=True)
        return
    rest = timeout_recovers(state, team.name, list(data.get("rest") or ()))
    if rest:
        data["rest"] = rest
    else:
        data.pop("rest", None)


def _opener(state: MatchState, period: int) -> str:
    """Who attacks first in `period`: the first attacker opens 1 and 4, the other 2 and 3."""
    first = state.first or state.order[0]
    if period <= state.variant.periods:
        return first if period in (1, 4) else state.other(first)
    # Overtimes are not covered by the rulebook; they keep alternating.
    return state.other(state.openers[-1])


def _owner(state: MatchState, turn: int) -> str:
    """Whose attacking turn `turn` of this period is: the opener's odd ones, the other's even."""
    opener = state.openers[-1] if state.openers else (state.first or state.order[0])
    return opener if turn % 2 == 1 else state.other(opener)


def turn(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    if data.get("again"):
        state.notes.append(
            f"{state.attacking} attacks again (offensive rebound): the turn token stays"
        )
        return
    if data.get("power"):
        _unleashed_power(state, data, rng, draws)
        return
    track = load("game")["turn_track"]
    length = track["turns_per_overtime"] if state.in_overtime else track["turns_per_period"]
    finished = state.turn
    if finished >= length:
        _end_period(state)
        return
    state.turn += 1
    state.attacking = _owner(state, state.turn)
    if finished % 2 == 0:
        pairs = track["after_overtime_pair"] if state.in_overtime else track["after_pair"]
        reminder = pairs.get(str(finished // 2))
        if reminder:
            state.notes.append(f"after pair {finished // 2}: {reminder}")
            if "bench recovers" in reminder:
                state.notes.extend(bench_recovery_notes(state))
                bench_recovers(state)
        hand.after_pair(state, finished // 2)
    state.notes.append(f"turn {state.turn}: {state.attacking} attacks")


def _unleashed_power(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    """'Unleashed: Tribe power': after winning the ball back, one more action of the same
    card by the side that won it - "do not move the turn token if you use this power"."""
    team = state.other(state.attacking or state.order[0])
    tribe = state.teams[team].tribe
    if tribe is not None and tribe != "unleashed":
        raise RuleViolation(
            f"{team} plays the {tribe.title()}: the turn token stays only for the Unleashed power"
        )
    state.attacking = team
    state.power_card = team  # the same card again: none leaves the hand (rules/hand.py)
    state.notes.append(
        f"{team} (Unleashed power): one more action of the same card now; the turn token "
        "stays. A whistle on a counter or defence against it is a flagrant foul "
        "(--flagrant-whistle)"
    )
    hooper = data.get("hooper")
    if hooper is not None:
        hooper = state.teams[team].hooper(hooper).name
        data["hooper"] = hooper
    elif state.ball_won is not None and state.ball_won[0] == team:
        hooper = state.ball_won[1]
    from companion.games.hoopers.rules.tribe_power import power_onfire  # a power turn's alone

    power_onfire(state, data, rng is not None, team, hooper, draws)
    # Decided when recorded and kept, so an older log replays as it was.
    if rng is not None and hooper is not None:
        data["power_hooper"] = hooper
    if data.get("power_hooper"):
        state.power_hooper = (team, data["power_hooper"])


def _refill_playbooks(state: MatchState) -> None:
    """'Playbooks': "At the beginning of a new period, all the four playbook slots of the
    scoreboard have to be replenished"; The Series: "up to three before starting the second
    period; up to two before starting the third period; up to one before starting the fourth"."""
    from companion.games.hoopers.rules.playbooks import refill

    up_to = None
    if any(t.series for t in state.teams.values()):
        table = load("series").get("playbook_refill", {})
        up_to = table.get(f"before_period_{state.period}", 0)
    refill(state, state.period, up_to)


def _period_name(state: MatchState, period: int) -> str:
    extra = period - state.variant.periods
    return f"overtime {extra}" if extra > 0 else f"period {period}"


def _end_period(state: MatchState) -> None:
    table = load("game")
    ended = state.period
    partial = dict(zip(state.order, state.periods[-1], strict=True))
    state.notes.append(
        f"end of {_period_name(state, ended)}: "
        + " – ".join(f"{t} {p}" for t, p in partial.items())
    )
    mode = state.milestone_modes.get(ended, "off")
    if ended in state.variant.milestone_periods and mode != "off":
        a, b = state.order
        winner = None if partial[a] == partial[b] else (a if partial[a] > partial[b] else b)
        earner = winner
        if winner is not None and mode == "lose":
            earner = state.other(winner)
        reward = table["milestones"][str(ended)]
        state.milestones.append(
            {"period": ended, "winner": winner, "earner": earner, "reward": reward}
        )
        if earner is None:
            state.notes.append(f"period {ended} tied: no milestone")
        else:
            state.notes.append(f"milestone of period {ended} to {earner}: {reward}")
    for team in state.teams.values():
        team.team_fouls = 0
    if ended == 2:
        for team in state.teams.values():
            for hooper in team.hoopers.values():
                hooper.onfire = FLAT
        state.notes.append("end of period 2: every Onfire track back to flat")
    score = state.score()
    a, b = state.order
    if ended >= state.variant.periods and score[a] != score[b]:
        state.over = True
        state.winner = a if score[a] > score[b] else b
        state.notes.append(f"final: {score_line(state)}; {state.winner} wins")
        return
    state.period += 1
    _refill_playbooks(state)
    state.turn = 1
    state.periods.append([0, 0])
    state.attacking = _opener(state, state.period)
    state.openers.append(state.attacking)
    for team in state.teams.values():
        # "You can freely do as many substitutions as you desire when a period ends."
        team.subs_open = True
    ends = table["period_end"]
    if state.in_overtime:
        # An overtime is an extra period: refill the hand first; no energy is recovered.
        tied = f"tied {score[a]}–{score[b]}"
        state.notes.append(
            f"{tied}: overtime of four pairs; before it: {ends['refill']}; {ends['overtime']}"
        )
    else:
        state.notes.append(f"before period {state.period}: {ends['refill']}; {ends[str(ended)]}")
        state.notes.extend(period_end_notes(state, ended))
        period_recovers(state, ended)
    hand.refill(state, f"before {_period_name(state, state.period)}")
    state.notes.append(f"{_period_name(state, state.period)}: {state.attacking} attacks first")
