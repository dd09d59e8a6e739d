"""A tracked match as a pure fold over its events ('Overview', 'Period Structure', 'Foul').

`new_match()` builds what the store needs to start one, `play()` validates and
applies one new event (drawing with `step_rng(seed, event count)` and keeping
the draws in the event), and `fold()` rebuilds the state from the log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.data import load
from companion.engine.decks import parse_players
from companion.engine.errors import BadInput, RuleViolation
from companion.engine.events import Step, replay
from companion.engine.events import play as play_moves
from companion.engine.names import match_prefix
from companion.engine.rng import TableRng, step_rng
from companion.games.hoopers.errors import BadStat, MatchOver, NotYourTurn, OutOfTokens
from companion.games.hoopers.markers import default_pile, marker_texts, parse_pile
from companion.games.hoopers.onfire import FLAT, LV1, move, parse_space
from companion.games.hoopers.shots import ShotOutcome, ShotSpec, resolve_shot
from companion.games.hoopers.state import HooperState, MatchState, TeamState
from companion.games.hoopers.variants import parse_milestones, parse_variant, variants

GAME = "hoopers"
MAX_MANUAL_POINTS = 10


def tribes() -> dict[str, dict[str, Any]]:
    return load("hoopers")["tribes"]


def tribe_roster(name: str) -> list[str]:
    key = match_prefix(name, tribes(), what="tribe")
    return list(tribes()[key]["hoopers"])


# --- starting -------------------------------------------------------------


def match_options(
    home: str,
    away: str,
    *,
    rosters: Mapping[str, Sequence[str]],
    variant: str = "classic",
    milestones: str = "win",
    first: str = "roll",
    coach_tokens: Mapping[str, int] | None = None,
    away_free_throw_bonus: bool = True,
    onfire_start: Mapping[str, Mapping[str, str]] | None = None,
    injury_pile: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Validated options for a new match; `first` is a team, or "roll" (the d20 each).

    The Series passes `coach_tokens={home: 9}`, `away_free_throw_bonus=False`
    and the home/away Onfire starts.
    """
    teams = parse_players([home, away], low=2, high=2)
    chosen = parse_variant(variant)
    out_rosters: dict[str, list[str]] = {}
    for team in teams:
        if team not in rosters or not rosters[team]:
            raise BadInput(
                f"no hoopers named for {team}",
                hint="give a tribe (keepers, unleashed) or a roster like 'A,B,C'",
            )
        out_rosters[team] = parse_players(list(rosters[team]))
    first_choice = "roll" if first.strip().lower() == "roll" else match_prefix(first, teams, "team")
    tokens = {t: chosen.coach_tokens for t in teams}
    for team, count in (coach_tokens or {}).items():
        if team not in tokens or count < 0:
            raise BadStat(f"coach tokens {count} for '{team}' are not valid")
        tokens[team] = count
    starts: dict[str, dict[str, str]] = {}
    for team, spaces in (onfire_start or {}).items():
        if team not in teams:
            raise BadInput(f"Onfire start for unknown team '{team}'")
        starts[team] = {
            match_prefix(h, out_rosters[team], what=f"hooper of {team}"): parse_space(s)
            for h, s in spaces.items()
        }
    return {
        "home": teams[0],
        "away": teams[1],
        "variant": chosen.name,
        "milestones": parse_milestones(milestones),
        "first": first_choice,
        "rosters": out_rosters,
        "coach_tokens": tokens,
        "timeouts": {t: chosen.timeouts for t in teams},
        "away_free_throw_bonus": bool(away_free_throw_bonus),
        "onfire_start": starts,
        "injury_pile": parse_pile(injury_pile) if injury_pile is not None else default_pile(),
    }


def opening_event(options: Mapping[str, Any], rng: TableRng) -> dict[str, Any]:
    """Who attacks first: chosen, or each side rolls the d20 and ties re-roll."""
    home, away = options["home"], options["away"]
    if options["first"] != "roll":
        return {"type": "opening", "data": {"first": options["first"], "rolls": []}}
    rolls = []
    while True:
        pair = [rng.d20(), rng.d20()]
        rolls.append(pair)
        if pair[0] != pair[1]:
            break
    first = home if rolls[-1][0] > rolls[-1][1] else away
    return {"type": "opening", "data": {"first": first, "rolls": rolls}}


def new_match(
    home: str, away: str, seed: int, **options: Any
) -> tuple[list[str], dict[str, Any], list[dict[str, Any]]]:
    """Players, options and opening events for `store.start_match(GAME, ...)`."""
    opts = match_options(home, away, **options)
    return [opts["home"], opts["away"]], opts, [opening_event(opts, step_rng(seed, 0))]


# --- folding ----------------------------------------------------------------


def initial_state(match: Mapping[str, Any]) -> MatchState:
    opts = match["options"]
    chosen = variants()[opts["variant"]]
    teams = {}
    for team in (opts["home"], opts["away"]):
        starts = opts.get("onfire_start", {}).get(team, {})
        teams[team] = TeamState(
            name=team,
            hoopers={h: HooperState(h, onfire=starts.get(h, FLAT)) for h in opts["rosters"][team]},
            coach_tokens=opts["coach_tokens"][team],
            timeouts=opts["timeouts"][team],
            free_throw_bonus=team == opts["home"] or opts.get("away_free_throw_bonus", True),
        )
    return MatchState(
        id=match.get("id", ""),
        variant=chosen,
        milestone_mode=opts["milestones"],
        teams=teams,
        pile=list(opts["injury_pile"]),
    )


class MatchRules:
    """A Valley Hoopers match as an event fold (see `companion.engine.events`)."""

    def initial(self, match: Mapping[str, Any]) -> MatchState:
        return initial_state(match)

    def apply(
        self, state: MatchState, event: Mapping[str, Any], rng: TableRng | None
    ) -> Step[MatchState]:
        state.notes = []
        data = dict(event["data"])
        outcome = apply_event(state, event["type"], data, rng)
        return Step(state, {"type": event["type"], "data": data}, outcome, tuple(state.notes))


RULES = MatchRules()


def fold(match: Mapping[str, Any]) -> MatchState:
    """The state after every event in the log (drawn values come from the events)."""
    return replay(RULES, match)


@dataclass(frozen=True)
class Played:
    event: dict[str, Any]  # to append to the log
    state: MatchState  # after the event
    outcome: ShotOutcome | None  # for a shot


def play(match: Mapping[str, Any], event_type: str, data: Mapping[str, Any]) -> Played:
    """Validate and apply one new event; returns the event to store and the new state.

    Anything random is drawn with `step_rng(seed, number of events so far)`
    and written into the event, so the log replays exactly.
    """
    step = play_moves(RULES, match, [{"type": event_type, "data": data}]).steps[0]
    return Played(step.event, step.state, step.outcome)


class _Draws:
    """Injury markers: taken from the event when replaying, drawn when playing."""

    def __init__(self, data: dict[str, Any], rng: TableRng | None) -> None:
        self.given = list(data.get("markers", []))
        self.rng = rng
        self.drawn: list[str | None] = []

    def marker(self, pile: list[str]) -> str | None:
        if self.given:
            marker = self.given.pop(0)
        elif not pile:
            marker = None
        elif self.rng is None:
            raise RuleViolation("an injury marker draw is missing from the match log")
        else:
            marker = self.rng.choice(pile)
        if marker is not None:
            pile.remove(marker)
        self.drawn.append(marker)
        return marker


def apply_event(
    state: MatchState, kind: str, data: dict[str, Any], rng: TableRng | None
) -> ShotOutcome | None:
    """Apply one event to `state`, filling drawn values into `data`."""
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise RuleViolation(f"unknown hoopers event '{kind}'")
    if kind not in ("opening",) and state.over and kind not in ("coach",):
        raise MatchOver(
            f"match {state.id} is over ({_score_line(state)})",
            hint="record it with 'companion hoopers match end'",
        )
    draws = _Draws(data, rng)
    outcome = handler(state, data, rng, draws)
    if draws.drawn:
        data["markers"] = draws.drawn
    return outcome


def _score_line(state: MatchState) -> str:
    score = state.score()
    return " – ".join(f"{t} {score[t]}" for t in state.order)


def _opening(state: MatchState, data: dict[str, Any], rng: Any, draws: _Draws) -> None:
    state.first = data["first"]
    state.attacking = data["first"]
    state.openers = [data["first"]]
    for home_roll, away_roll in data["rolls"]:
        state.notes.append(f"first attacker: d20 {home_roll} against {away_roll}")
    state.notes.append(f"{data['first']} attacks first")


def _injury_cube(state: MatchState, team: str, hooper: HooperState, draws: _Draws) -> None:
    hooper.injury_cubes += 1
    state.notes.append(f"{hooper.name} ({team}) takes an injury cube ({hooper.injury_cubes})")
    if hooper.injury_cubes >= state.variant.injured_at:
        hooper.injury_cubes = 0
        marker = draws.marker(state.pile)
        if marker is None:
            state.notes.append(f"{hooper.name} is injured, but the injury pile is empty")
            return
        hooper.injuries.append(marker)
        state.notes.append(f"{hooper.name} is injured: {marker_texts()[marker]}")


def _foul_cube(state: MatchState, team: str, hooper: HooperState) -> None:
    hooper.fouls += 1
    state.teams[team].team_fouls += 1
    state.notes.append(
        f"{hooper.name} ({team}) commits a foul ({hooper.fouls}); "
        f"{team} team fouls this period: {state.teams[team].team_fouls}"
    )
    if hooper.fouls >= state.variant.ejected_at:
        hooper.ejected = True
        state.notes.append(f"{hooper.name} is ejected: send a benchwarmer in")


def _onfire(
    state: MatchState, team: str, hooper: HooperState, direction: str, draws: _Draws
) -> None:
    step = move(hooper.onfire, direction)
    hooper.onfire = step.space
    if step.fell_back:
        state.notes.append(f"{hooper.name} missed going for LV.II: back to flat")
    if step.chip:
        hooper.chips[step.chip] += 1
        state.notes.append(f"{hooper.name} reaches LV.II: takes an Onfire LV.2 chip, back to flat")
    if step.at_lv1:
        state.notes.append(
            f"{hooper.name} reaches LV.I: take the LV.1 chip ('match chip') or go for LV.II"
        )
    if step.injury_cube:
        state.notes.append(f"{hooper.name} reaches the cold cube: back to flat")
        _injury_cube(state, team, hooper, draws)


def _shot(state: MatchState, data: dict[str, Any], rng: Any, draws: _Draws) -> ShotOutcome:
    team = state.team(data["team"]).name
    if team != state.attacking:
        raise NotYourTurn(f"{team} cannot shoot: it is {state.attacking}'s attacking turn")
    side = state.teams[team]
    shooter = side.hooper(data["hooper"])
    shooter.check_can_attack(team)
    spec = ShotSpec.from_json({**data["spec"], "away": not side.free_throw_bonus})
    defender = None
    opponent = state.other(team)
    if spec.defense is not None:
        if not data.get("defender"):
            raise BadInput("a defended shot in a match needs --defender (who takes the foul)")
        defender = state.teams[opponent].hooper(data["defender"])
        defender.check_can_defend(opponent)
    outcome = resolve_shot(
        spec,
        face=data.get("face"),
        roll=data.get("roll"),
        ft_rolls=data.get("ft_rolls", ()),
        rng=rng,
    )
    data.update(
        team=team,
        hooper=shooter.name,
        defender=defender.name if defender else None,
        face=outcome.face,
        roll=outcome.roll,
        ft_rolls=[ft.roll for ft in outcome.free_throws if ft.roll is not None],
    )
    shooter.points += outcome.total_points
    state.add_points(team, outcome.total_points)
    if outcome.total_points:
        state.notes.append(f"{shooter.name} ({team}) scores {outcome.total_points}")
    elif outcome.shot_taken:
        state.notes.append(f"{shooter.name} ({team}) misses")
    if outcome.foul and defender is not None:
        if outcome.charging:
            _foul_cube(state, team, shooter)
            _injury_cube(state, opponent, defender, draws)
        else:
            _foul_cube(state, opponent, defender)
            _injury_cube(state, team, shooter, draws)
    if outcome.onfire:
        _onfire(state, team, shooter, outcome.onfire, draws)
    return outcome


def _score(state: MatchState, data: dict[str, Any], rng: Any, draws: _Draws) -> None:
    team = state.team(data["team"])
    points = data["points"]
    if not 1 <= points <= MAX_MANUAL_POINTS:
        raise BadStat(f"points {points} out of range (1 to {MAX_MANUAL_POINTS})")
    data["team"] = team.name
    if data.get("hooper"):
        hooper = team.hooper(data["hooper"])
        hooper.points += points
        data["hooper"] = hooper.name
    state.add_points(team.name, points)
    state.notes.append(f"{team.name} + {points}")


def _foul(state: MatchState, data: dict[str, Any], rng: Any, draws: _Draws) -> None:
    team = state.team(data["team"])
    hooper = team.hooper(data["hooper"])
    if hooper.ejected:
        raise RuleViolation(f"{hooper.name} ({team.name}) is already ejected")
    data.update(team=team.name, hooper=hooper.name)
    _foul_cube(state, team.name, hooper)


def _injure(state: MatchState, data: dict[str, Any], rng: Any, draws: _Draws) -> None:
    team = state.team(data["team"])
    hooper = team.hooper(data["hooper"])
    if hooper.out:
        raise RuleViolation(f"{hooper.name} ({team.name}) is already out of the game")
    data.update(team=team.name, hooper=hooper.name)
    _injury_cube(state, team.name, hooper, draws)


def _chip(state: MatchState, data: dict[str, Any], rng: Any, draws: _Draws) -> None:
    team = state.team(data["team"])
    hooper = team.hooper(data["hooper"])
    if hooper.onfire != LV1:
        raise RuleViolation(f"{hooper.name} ({team.name}) is not on LV.I (on {hooper.onfire})")
    data.update(team=team.name, hooper=hooper.name)
    hooper.chips["lv1"] += 1
    hooper.onfire = FLAT
    state.notes.append(f"{hooper.name} takes an Onfire LV.1 chip: back to flat")


def _blocked(state: MatchState, data: dict[str, Any], rng: Any, draws: _Draws) -> None:
    team = state.team(data["team"])
    hooper = team.hooper(data["hooper"])
    data.update(team=team.name, hooper=hooper.name)
    state.notes.append(f"{hooper.name} ({team.name}) is blocked: Onfire one step left")
    _onfire(state, team.name, hooper, "down", draws)


def _spend_token(state: MatchState, team: TeamState) -> None:
    if team.coach_tokens < 1:
        raise OutOfTokens(f"{team.name} has no coach action token left")
    team.coach_tokens -= 1


def _coach(state: MatchState, data: dict[str, Any], rng: Any, draws: _Draws) -> None:
    team = state.team(data["team"])
    _spend_token(state, team)
    data["team"] = team.name
    state.notes.append(f"{team.name} spends a coach action token ({team.coach_tokens} left)")


def _timeout(state: MatchState, data: dict[str, Any], rng: Any, draws: _Draws) -> None:
    team = state.team(data["team"])
    if team.name != state.attacking:
        raise NotYourTurn(f"{team.name} can call a timeout only at the start of its attacking turn")
    if team.timeouts < 1:
        raise OutOfTokens(f"{team.name} has no timeout cube left")
    _spend_token(state, team)
    team.timeouts -= 1
    data["team"] = team.name
    state.notes.append(
        f"{team.name} timeout: its hoopers recover 1 energy each and may substitute; "
        f"{state.other(team.name)} recovers 2 energies on two hoopers "
        f"({team.timeouts} timeouts, {team.coach_tokens} coach tokens left)"
    )


def _opener(state: MatchState, period: int) -> str:
    """Who attacks first in `period`: the first attacker opens 1 and 4, the other 2 and 3."""
    first = state.first or state.order[0]
    if period <= state.variant.periods:
        return first if period in (1, 4) else state.other(first)
    # Overtimes are not covered by the rulebook; they keep alternating.
    return state.other(state.openers[-1])


def _turn(state: MatchState, data: dict[str, Any], rng: Any, draws: _Draws) -> None:
    if data.get("again"):
        state.notes.append(
            f"{state.attacking} attacks again (offensive rebound): the turn token stays"
        )
        return
    track = load("hoopers")["turn_track"]
    length = track["turns_per_overtime"] if state.in_overtime else track["turns_per_period"]
    finished = state.turn
    if finished >= length:
        _end_period(state)
        return
    state.turn += 1
    state.attacking = state.other(state.attacking or state.order[0])
    if finished % 2 == 0:
        reminder = track["after_pair"].get(str(finished // 2))
        if reminder:
            state.notes.append(f"after pair {finished // 2}: {reminder}")
    state.notes.append(f"turn {state.turn}: {state.attacking} attacks")


def _end_period(state: MatchState) -> None:
    table = load("hoopers")
    ended = state.period
    partial = dict(zip(state.order, state.periods[-1], strict=True))
    state.notes.append(
        f"end of period {ended}: " + " – ".join(f"{t} {p}" for t, p in partial.items())
    )
    if ended in state.variant.milestone_periods and state.milestone_mode != "off":
        a, b = state.order
        winner = None if partial[a] == partial[b] else (a if partial[a] > partial[b] else b)
        earner = winner
        if winner is not None and state.milestone_mode == "lose":
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
        state.notes.append(f"final: {_score_line(state)}; {state.winner} wins")
        return
    state.period += 1
    state.turn = 1
    state.periods.append([0, 0])
    state.attacking = _opener(state, state.period)
    state.openers.append(state.attacking)
    ends = table["period_end"]
    if state.in_overtime:
        tied = f"tied {score[a]}–{score[b]}"
        state.notes.append(f"{tied}: overtime of four pairs; {ends['overtime']}")
    else:
        state.notes.append(f"before period {state.period}: {ends['refill']}; {ends[str(ended)]}")
    state.notes.append(f"period {state.period}: {state.attacking} attacks first")


_HANDLERS = {
    "opening": _opening,
    "shot": _shot,
    "score": _score,
    "foul": _foul,
    "injure": _injure,
    "chip": _chip,
    "blocked": _blocked,
    "coach": _coach,
    "timeout": _timeout,
    "turn": _turn,
}
