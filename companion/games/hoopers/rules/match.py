"""A tracked match as a pure fold over its events ('Overview', 'Period Structure', 'Foul').

`new_match()` builds what the store needs to start one, `play()` validates and
applies one new event (drawing with `step_rng(seed, event count)` and keeping
the draws in the event), and `fold()` rebuilds the state from the log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any

from companion.engine.errors import BadInput, RuleViolation
from companion.engine.events import Step, replay
from companion.engine.events import play as play_moves
from companion.engine.names import match_prefix
from companion.engine.rng import TableRng, step_rng
from companion.engine.values import dataclass
from companion.games.hoopers.data import load
from companion.games.hoopers.rules import phase
from companion.games.hoopers.rules.draws import Draws
from companion.games.hoopers.rules.errors import BadStat, MatchOver, OutOfTokens
from companion.games.hoopers.rules.markers import default_pile, parse_pile
from companion.games.hoopers.rules.onfire import FLAT, parse_space
from companion.games.hoopers.rules.plays import note_play
from companion.games.hoopers.rules.state import HooperState, MatchState, TeamState
from companion.games.hoopers.rules.tribes_of import tribes
from companion.games.hoopers.rules.vacancy import check_places_filled, owed_refusal
from companion.games.hoopers.rules.variants import (
    milestone_modes,
    parse_milestones,
    parse_variant,
    variants,
)

if TYPE_CHECKING:
    from companion.games.hoopers.rules.shots import ShotOutcome

GAME = "hoopers"
MAX_MANUAL_POINTS = 10
TEAM_SIZE = 7  # "Select seven out of ten hoopers"
COURT_SIZE = 5


def tribe_roster(name: str) -> list[str]:
    key = match_prefix(name, tribes(), what="tribe")
    return list(tribes()[key]["hoopers"])


# --- starting -------------------------------------------------------------


def tribe_of(team: str, tribe: str | None) -> str | None:
    """The tribe key a team plays: given, or the tribe the team is named after."""
    if tribe:
        return match_prefix(tribe, tribes(), what="tribe")
    key = team.strip().casefold()
    return key if key in tribes() else None


def line_up(
    team: str, roster: list[str], seven: Sequence[str] | None, five: Sequence[str] | None
) -> tuple[list[str], dict[str, str] | None]:
    """The team's hoopers and, with `five`, who stands on which Position token.

    Setup: "Select seven out of ten hoopers"; "Place your starting five hoopers
    ... the first or the second position of the hooper must match the Position
    token"; "Place the remaining hoopers on the two bench spaces".
    """
    hoopers = roster
    if seven:
        hoopers = [match_prefix(n, roster, what=f"hooper of {team}") for n in seven]
        doubled = sorted({h for h in hoopers if hoopers.count(h) > 1})
        if doubled:
            raise BadInput(f"{team}'s seven names {', '.join(doubled)} twice")
        if len(hoopers) != TEAM_SIZE:
            raise BadInput(
                f"{team}'s team is seven hoopers ('Select seven out of ten hoopers'), "
                f"not {len(hoopers)}"
            )
    if not five:
        return hoopers, None
    from companion.games.hoopers.rules.counters import POSITIONS, parse_position
    from companion.games.hoopers.rules.skills import first_position

    if len(hoopers) != TEAM_SIZE:
        raise BadInput(
            f"a line-up is seven hoopers, five on court and two on the bench: "
            f"{team} has {len(hoopers)}",
            hint="choose the seven too (--home-seven / --away-seven)",
        )
    placed: dict[str, list[str]] = {}
    for typed in five:
        name_text, _, pos_text = typed.partition("=")
        name = match_prefix(name_text.strip(), hoopers, what=f"hooper of {team}")
        if any(name in names for names in placed.values()):
            raise BadInput(f"{team}'s five names {name} twice")
        position = parse_position(pos_text) if pos_text.strip() else first_position(name)
        if position is None:
            raise BadInput(f"{name}'s position is not on a known card: give it as '{name}=SF'")
        placed.setdefault(position, []).append(name)
    # Every token two hoopers want, said at once: the table mends the line-up in one go.
    clashes = [(p, names) for p, names in placed.items() if len(names) > 1]
    if clashes:
        said = "; ".join(f"{' and '.join(n)} both stand on the {p} token" for p, n in clashes)
        free = [p for p in POSITIONS if p not in placed]
        last = clashes[0][1][-1]
        raise BadInput(
            f"{team}'s five: {said}" + (f" (free: {', '.join(free)})" if free else ""),
            hint=f"give the other one's token, like '{last}={free[0] if free else 'PF'}' "
            "(the card's second position, or out of position)",
        )
    court = {p: names[0] for p, names in placed.items()}
    if len(court) != COURT_SIZE:
        raise BadInput(f"{team}'s five on court are five hoopers, not {len(court)}")
    return hoopers, {p: court[p] for p in POSITIONS}


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
    sevens: Mapping[str, Sequence[str]] | None = None,
    fives: Mapping[str, Sequence[str]] | None = None,
    team_tribes: Mapping[str, str | None] | None = None,
    draft: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Validated options for a new match; `first` is a team, or "roll" (the d20 each).

    The Series passes `coach_tokens={home: 9}`, `away_free_throw_bonus=False`
    and the home/away Onfire starts. `sevens` and `fives` are the line-ups the
    table gives (the five as "Name" or "Name=POS"); `team_tribes` the tribe each
    team plays, for its tribe power.
    """
    from companion.engine.decks import parse_players  # a start's alone: a replay needs none

    teams = parse_players([home, away], low=2, high=2)
    chosen = parse_variant(variant)
    out_rosters: dict[str, list[str]] = {}
    line_ups: dict[str, dict[str, str]] = {}
    for team in teams:
        if draft is not None:  # checked by rules/draft.py: `draft_start`
            out_rosters[team] = []
            continue
        if team not in rosters or not rosters[team]:
            raise BadInput(
                f"no hoopers named for {team}",
                hint="give a tribe (keepers, unleashed) or a roster like 'A,B,C'",
            )
        hoopers, court = line_up(
            team,
            parse_players(list(rosters[team])),
            (sevens or {}).get(team),
            (fives or {}).get(team),
        )
        out_rosters[team] = hoopers
        if court is not None:
            line_ups[team] = court
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
    options = {
        "home": teams[0],
        "away": teams[1],
        "variant": chosen.name,
        "milestones": parse_milestones(milestones, chosen),
        "first": first_choice,
        "rosters": out_rosters,
        "coach_tokens": tokens,
        "timeouts": {t: chosen.timeouts for t in teams},
        "away_free_throw_bonus": bool(away_free_throw_bonus),
        "onfire_start": starts,
        "injury_pile": parse_pile(injury_pile) if injury_pile is not None else default_pile(),
    }
    if line_ups:
        options["line_ups"] = line_ups
    known_tribes = {t: tribe for t, tribe in (team_tribes or {}).items() if tribe and t in teams}
    if known_tribes:
        options["tribes"] = known_tribes
    return options


def opening_event(options: Mapping[str, Any], rng: TableRng) -> dict[str, Any]:
    """Who attacks first: chosen, or each side rolls the d20 and ties re-roll."""
    from companion.games.hoopers.rules.dice import D20

    home, away = options["home"], options["away"]
    if options["first"] != "roll":
        return {"type": "opening", "data": {"first": options["first"], "rolls": []}}
    rolls = []
    while True:
        pair = [rng.roll(D20), rng.roll(D20)]
        rolls.append(pair)
        if pair[0] != pair[1]:
            break
    first = home if rolls[-1][0] > rolls[-1][1] else away
    return {"type": "opening", "data": {"first": first, "rolls": rolls}}


def new_match(
    home: str, away: str, seed: int, **options: Any
) -> tuple[list[str], dict[str, Any], list[dict[str, Any]]]:
    """Players, options and opening events for `store.start_match(GAME, ...)`."""
    if options.get("draft") is not None:
        from companion.games.hoopers.rules.draft import draft_start

        options = draft_start(options)
    opts = match_options(home, away, **options)
    if options.get("draft") is not None:
        from companion.games.hoopers.rules.draft import draft_options

        # The draft's own draws (who chooses first, the two decks) are kept in the options.
        teams = [opts["home"], opts["away"]]
        opts["draft"] = draft_options(teams, rng=step_rng(seed, -1), **options["draft"])
    opening = opening_event(opts, step_rng(seed, 0))
    if opts["first"] == "roll":  # who won the roll-off: read by every export of the play
        opts["started"] = opening["data"]["first"]
    return [opts["home"], opts["away"]], opts, [opening]


# --- folding ----------------------------------------------------------------


def initial_state(match: Mapping[str, Any]) -> MatchState:
    opts = match["options"]
    chosen = variants()[opts["variant"]]
    teams = {}
    for team in (opts["home"], opts["away"]):
        starts = opts.get("onfire_start", {}).get(team, {})
        court = opts.get("line_ups", {}).get(team)
        energy = opts.get("energy", {}).get(team, {})
        upgrades = opts.get("upgrades", {})
        teams[team] = TeamState(
            name=team,
            hoopers={h: HooperState(h, onfire=starts.get(h, FLAT)) for h in opts["rosters"][team]},
            coach_tokens=opts["coach_tokens"][team],
            timeouts=opts["timeouts"][team],
            free_throw_bonus=team == opts["home"] or opts.get("away_free_throw_bonus", True),
            tribe=opts.get("tribes", {}).get(team),
            court=dict(court) if court is not None else None,
            starters=list(court.values()) if court is not None else None,
            second_positions=_second_positions(court),
            onfire_on_power=bool(opts.get("series")) and team == opts["home"],
            series=bool(opts.get("series")),
        )
        tribe = opts.get("tribes", {}).get(team)
        personal = tribes().get(tribe, {}).get("playbook") if tribe else None
        if personal:
            # "At the beginning of the game, you already have one active personal playbook."
            teams[team].playbooks.append({"name": personal, "common": False})
        for name, card_ in upgrades.get(team, {}).items():
            # A Series' hooper upgrades won in earlier games stay sleeved on the hooper.
            if name in teams[team].hoopers:
                from companion.games.hoopers.rules.series_upgrades import carry_upgrade

                carry_upgrade(teams[team].hoopers[name], card_)
        for name, card in energy.items():
            # The Setup: "Set the energy tokens ... according to the energy shown on the card".
            if name in teams[team].hoopers:
                from companion.games.hoopers.rules.energy import set_card

                set_card(teams[team].hoopers[name], card)
    setting = opts["milestones"]
    pair = None
    if opts.get("game_number"):
        pairs = load("series").get("gameplan", {}).get("pairs", [])
        number = int(opts["game_number"])
        pair = pairs[number - 1] if 0 < number <= len(pairs) else None
    draft = None
    if opts.get("draft"):
        from companion.games.hoopers.rules.draft import DraftState

        draft = DraftState.from_options(opts["draft"], [opts["home"], opts["away"]])
    return MatchState(
        draft=draft,
        gameplan_pair=pair,
        id=match.get("id", ""),
        variant=chosen,
        milestone_mode=setting if isinstance(setting, str) else ",".join(setting),
        milestone_modes=milestone_modes(setting, chosen),
        teams=teams,
        pile=list(opts["injury_pile"]),
    )


def _second_positions(court: dict[str, str] | None) -> dict[str, str]:
    if court is None:  # no line-up given: nobody stands on a token yet
        return {}
    from companion.games.hoopers.rules.modifiers import second_positions

    return second_positions(court)


class MatchRules:
    """A Valley Hoopers match as an event fold (see `companion.engine.events`)."""

    def initial(self, match: Mapping[str, Any]) -> MatchState:
        return initial_state(match)

    def apply(
        self, state: MatchState, event: Mapping[str, Any], rng: TableRng | None
    ) -> Step[MatchState]:
        state.notes = []
        data = dict(event["data"])
        if event["type"] == "shot" and "stat" in data:
            # A move made from the legal-moves query asks the stat apart from the shot's
            # spec (rules/legal.py): the log keeps it in the spec, as the CLI records it.
            data["spec"] = {**(data.get("spec") or {}), "stat": data.pop("stat")}
        if event["type"] == "counter" and not data.get("against") and rng is not None:
            _infer_against(state, data)
        outcome = apply_event(state, event["type"], data, rng)
        note_play(state, event["type"], data, outcome)
        _note_stats(state, event["type"], data)
        return Step(state, {"type": event["type"], "data": data}, outcome, tuple(state.notes))

    def moves(self, state: MatchState) -> list[Any]:
        """The moves a player might try now (the legal-moves query's candidates)."""
        from companion.games.hoopers.rules.legal import candidates

        return candidates(state)


def _infer_against(state: MatchState, data: dict[str, Any]) -> None:
    """A steal or intercept recorded right after the dribble or pass it answers needs no
    `--against` (rules/ball.py: `answered`); an old log always named it."""
    from companion.games.hoopers.rules.ball import answered
    from companion.games.hoopers.rules.phase import _counter_kind

    team = phase._team_name(state, data)
    if team is None or team == state.attacking:
        return  # the move itself names what is wrong
    hooper = answered(state, _counter_kind(data) or "")
    if hooper is not None:
        data["against"] = hooper


def _note_stats(state: MatchState, kind: str, data: Mapping[str, Any]) -> None:
    """Keep the card numbers a move used (the query's defaults, rules/legal.py)."""
    team, hooper = data.get("team"), data.get("hooper")
    if not team or not hooper:
        return
    if kind == "shot":
        spec = data.get("spec") or {}
        if spec.get("stat") is not None:
            state.stats[(team, hooper, spec["kind"])] = spec["stat"]
    elif kind == "counter":
        for stat in ("o", "v"):
            if data.get(stat) is not None:
                state.stats[(team, hooper, stat)] = data[stat]
    elif kind == "free-throw" and data.get("stat") is not None:
        state.stats[(team, hooper, "2ps")] = data["stat"]


RULES = MatchRules()


def fold(match: Mapping[str, Any]) -> MatchState:
    """The state after every event in the log (drawn values come from the events)."""
    return replay(RULES, match)


@dataclass(frozen=True)
class Played:
    """One event played: the event to store, the state after it, a shot's outcome."""

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


# Events after which the side that won the ball back may still use the Unleashed power.
_KEEP_BALL_WON = frozenset({"turn", "onfire", "chip", "energy", "track", "hand"})
# Events after which a chip may still change the shot just resolved (Tap-Out, Goal Tending).
_KEEP_LAST_SHOT = frozenset(
    {"shot", "free-throw", "spend", "energy", "playbook", "gift", "track", "hand"}
)
# Events after which the action's fundamentals are gone: its attack was played, a block
# restarted it ("All the cards played before are discarded"), or the turn token moved.
_END_ACTION = frozenset({"shot", "block", "turn"})


def apply_event(state: MatchState, kind: str, data: dict[str, Any], rng: TableRng | None) -> Any:
    """Apply one event to `state`, filling drawn values into `data`."""
    drafting = state.draft is not None and (kind == "pick" or not state.draft.done)
    if drafting and kind != "opening":
        from companion.games.hoopers.rules.draft import apply_draft

        return apply_draft(state, kind, data)  # 'Variants: Draft', before any play
    handler = handler_of(kind)
    if handler is None:
        raise RuleViolation(f"unknown hoopers event '{kind}'")
    if kind not in ("opening",) and state.over and kind not in ("coach",):
        raise MatchOver(
            f"match {state.id} is over ({score_line(state)})",
            hint="record it with 'companion hoopers match end'",
        )
    if state.owed and kind != "free-throw":
        raise owed_refusal(state)
    if rng is not None:
        # Checked when a move is recorded, never when a stored log is folded again: a
        # match recorded before these rules replays as it was.
        check_places_filled(state, kind)
        phase.check(state, kind, data)
    if kind not in phase.KEEP_START:
        for team in state.teams.values():
            team.subs_open = False
    if kind not in _KEEP_BALL_WON:
        state.ball_won = None
    if kind == "turn":
        state.power_hooper = None
        state.power_card = None
    draws = Draws(data, rng)
    outcome = handler(state, data, rng, draws)
    if kind not in _KEEP_LAST_SHOT:
        state.last_shot = None
    if kind == "turn":
        state.last_action = None  # a playbook's reward belongs to the turn that scored
        state.playbook_chip = None  # and so does its chip
        state.ball_won = None
        state.block_ready = None  # a chip spent on a block that never came is gone
    if kind in _END_ACTION:
        state.fundamentals = []
        if state.playbook_run is not None:
            from companion.games.hoopers.rules.playbooks import end_run

            end_run(state, scored=kind == "shot" and bool(outcome and outcome.scored))
    if draws.drawn:
        data["markers"] = draws.drawn
    state.phase = phase.advance(state.phase, kind, data, outcome, state)
    return outcome


def score_line(state: MatchState) -> str:
    score = state.score()
    return " – ".join(f"{t} {score[t]}" for t in state.order)


def _opening(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    state.first = data["first"]
    state.attacking = data["first"]
    state.openers = [data["first"]]
    for home_roll, away_roll in data["rolls"]:
        state.notes.append(f"first attacker: d20 {home_roll} against {away_roll}")
    state.notes.append(f"{data['first']} attacks first")
    for team in state.teams.values():
        for hooper, token in team.second_positions.items():
            state.notes.append(
                f"{hooper} ({team.name}) stands on {token}, not the card's first position "
                f"({_first_position(hooper)}): taken as the card's second position, as the "
                "Setup requires (no Out of position marker)"
            )


def _first_position(hooper: str) -> str | None:
    from companion.games.hoopers.rules.skills import first_position  # a line-up's alone

    return first_position(hooper)


def _score(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
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


def spend_token(state: MatchState, team: TeamState) -> None:
    from companion.games.hoopers.rules.playbooks import check_spend

    if team.coach_tokens < 1:
        raise OutOfTokens(f"{team.name} has no coach action token left")
    check_spend(team)
    team.coach_tokens -= 1
    team.tokens_spent += 1


_OWN = {"opening": _opening, "score": _score}


# Each event kind's handler lives with its own rules and is imported when a log first holds
# that kind ("module:function"; any other kind is the other moves', rules/moves.py): a
# score on a match of scores loads no shot's, foul's or turn's rules.
_HANDLERS = {
    "shot": "shot_move:shot",
    "foul": "foul_move:foul",
    "injure": "track_moves:injure",
    "chip": "track_moves:chip",
    "blocked": "track_moves:blocked",
    "coach": "turn_moves:coach",
    "hand": "hand:tell_hand",
    "timeout": "turn_moves:timeout",
    "turn": "turn_moves:turn",
    "fundamental": "energy_moves:play_fundamental",
    "energy": "energy_moves:set_energy",
    "playbook": "playbook:reward_playbook",
}


def handler_of(kind: str) -> Any:
    """The function that applies an event of `kind` (None: no such kind)."""
    if kind in _OWN:
        return _OWN[kind]
    where = _HANDLERS.get(kind)
    if where is None:
        from companion.games.hoopers.rules.moves import MOVES

        return MOVES.get(kind)
    module, _, name = where.partition(":")
    return getattr(import_module(f"{__package__}.{module}"), name)
