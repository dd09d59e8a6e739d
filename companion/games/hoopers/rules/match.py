"""A tracked match as a pure fold over its events ('Overview', 'Period Structure', 'Foul').

`new_match()` builds what the store needs to start one, `play()` validates and
applies one new event (drawing with `step_rng(seed, event count)` and keeping
the draws in the event), and `fold()` rebuilds the state from the log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.engine.events import Step, replay
from companion.engine.events import play as play_moves
from companion.engine.names import match_prefix
from companion.engine.rng import TableRng, step_rng
from companion.engine.values import dataclass
from companion.games.hoopers.data import load, words
from companion.games.hoopers.rules import hand, phase
from companion.games.hoopers.rules.counters import POSITIONS, TEAM_FOUL_LIMIT, parse_position
from companion.games.hoopers.rules.defence import check_defence_card
from companion.games.hoopers.rules.dice import D20
from companion.games.hoopers.rules.effects import (
    REBOUND_NOTE,
    Draws,
    foul_cube,
    hector_defends,
    injury_cube,
    is_hector,
    onfire,
    owe_free_throws,
    skills_of,
)
from companion.games.hoopers.rules.energy import (
    SHOT_CARDS,
    attack_free,
    bench_recovers,
    bench_recovery_notes,
    counter_free,
    defence_free,
    fundamental_free,
    period_end_notes,
    period_recovers,
    power_free,
    set_card,
    spend,
    timeout_recovers,
)
from companion.games.hoopers.rules.energy_moves import (
    paid_fundamental,
    play_fundamental,
    set_energy,
)
from companion.games.hoopers.rules.errors import (
    BadStat,
    HooperUnavailable,
    MatchOver,
    NotYourTurn,
    OutOfTokens,
)
from companion.games.hoopers.rules.helpers import maddy_gift, perry_help
from companion.games.hoopers.rules.markers import default_pile, parse_pile
from companion.games.hoopers.rules.modifiers import decide_shot_maluses, second_positions
from companion.games.hoopers.rules.onfire import FLAT, LV1, parse_space
from companion.games.hoopers.rules.playbook import reward_playbook
from companion.games.hoopers.rules.plays import note_play
from companion.games.hoopers.rules.series_upgrades import carry_upgrade
from companion.games.hoopers.rules.shots import DEFENSE_FOR, ShotOutcome, ShotSpec, resolve_shot
from companion.games.hoopers.rules.skills import first_position, has_skill
from companion.games.hoopers.rules.state import HooperState, MatchState, TeamState
from companion.games.hoopers.rules.tribe_power import power_onfire
from companion.games.hoopers.rules.tribes_of import tribes
from companion.games.hoopers.rules.vacancy import check_places_filled, owed_refusal
from companion.games.hoopers.rules.variants import (
    milestone_modes,
    parse_milestones,
    parse_variant,
    variants,
)

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
            second_positions=second_positions(court),
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
                carry_upgrade(teams[team].hoopers[name], card_)
        for name, card in energy.items():
            # The Setup: "Set the energy tokens ... according to the energy shown on the card".
            if name in teams[team].hoopers:
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
    handler = _HANDLERS.get(kind)
    if handler is None:
        # The other moves' module (and the rules only they use) is imported when a log holds
        # one: replaying a match of shots and scores, as `status` does, costs less.
        from companion.games.hoopers.rules.moves import MOVES

        handler = MOVES.get(kind)
    if handler is None:
        raise RuleViolation(f"unknown hoopers event '{kind}'")
    if kind not in ("opening",) and state.over and kind not in ("coach",):
        raise MatchOver(
            f"match {state.id} is over ({_score_line(state)})",
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


def _score_line(state: MatchState) -> str:
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
                f"({first_position(hooper)}): taken as the card's second position, as the "
                "Setup requires (no Out of position marker)"
            )


def _shot(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> ShotOutcome:
    team = state.team(data["team"]).name
    if team != state.attacking:
        raise NotYourTurn(f"{team} cannot shoot: it is {state.attacking}'s attacking turn")
    side = state.teams[team]
    shooter = side.hooper(data["hooper"])
    shooter.check_can_attack(team)
    side.check_on_court(shooter, "shoot")
    opponent = state.other(team)
    defender = _shot_defender(state, data, opponent)
    paid = _spend_for_shot(state, data, team, shooter, defender)
    if rng is not None:
        # Decided when recorded and kept in the stored bonuses, so a replay counts it once.
        _add_dribble_bonus(state, data, team, shooter.name)
    skills, deciding = skills_of(data, rng)
    if deciding and defender is not None:
        if has_skill(defender, "linda"):
            skills.append("linda")
        if has_skill(shooter, "sin-miedo"):
            skills.append("sin-miedo")
    spec = _shot_spec(state, data, rng, team, shooter, defender, skills)
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
    gift = _score_shot(state, data, team, shooter, spec, outcome)
    if defender is not None:
        _shot_contact(state, team, shooter, defender, outcome, draws)
    if outcome.onfire:
        onfire(state, team, shooter, outcome.onfire, draws)
    if deciding and defender is not None and is_hector(defender):
        stopped = outcome.charging or (outcome.shot_taken and not outcome.scored)
        if stopped and (outcome.charging or not outcome.foul):
            skills.append("hector")
    if "hector" in skills and defender is not None:
        hector_defends(state, opponent, defender, draws)
    if skills or deciding:
        data["skills"] = skills
    _after_shot(state, team, shooter, defender, spec, outcome, gift, paid)
    return outcome


def _shot_defender(state: MatchState, data: dict[str, Any], opponent: str) -> HooperState | None:
    """The hooper who defends the shot (None: an undefended shot), checked able to."""
    if data["spec"].get("defense") is None:
        return None
    if not data.get("defender"):
        raise BadInput("a defended shot in a match needs --defender (who takes the foul)")
    defender = state.teams[opponent].hooper(data["defender"])
    defender.check_can_defend(opponent)
    state.teams[opponent].check_on_court(defender, "defend")
    check_defence_card(data["spec"]["kind"], data["spec"].get("defense_card"), defender)
    return defender


def _spend_for_shot(
    state: MatchState,
    data: dict[str, Any],
    team: str,
    shooter: HooperState,
    defender: HooperState | None,
) -> Any:
    """The energy the shot's cards cost; returns what the shooter paid."""
    # "FOR EVERY ACTION CARD THAT HAS BEEN PLAYED, THE ASSIGNED HOOPER HAS SPENT ONE ENERGY."
    kind = str(data["spec"].get("kind", ""))
    free = power_free(state, team, shooter.name) or attack_free(state, team, shooter)
    paid = spend(state, team, shooter, SHOT_CARDS.get(kind, kind), free)
    if defender is not None:
        card = str(data["spec"].get("defense_card") or DEFENSE_FOR.get(kind, "")).upper()
        spend(state, state.other(team), defender, f"{card} defence", defence_free(defender, kind))
    return paid


def _shot_spec(
    state: MatchState,
    data: dict[str, Any],
    rng: Any,
    team: str,
    shooter: HooperState,
    defender: HooperState | None,
    skills: list[str],
) -> ShotSpec:
    """The shot as resolved: the typed spec with Perry's help, the skills and the maluses."""
    side, opponent = state.teams[team], state.other(team)
    spec_doc = {k: v for k, v in data["spec"].items() if k not in ("away", "linda")}
    helped = perry_help(state, state.teams[opponent], defender, data.get("perry"))
    if helped:
        spec_doc["defense"] = int(spec_doc["defense"]) + helped
    else:
        data.pop("perry", None)
    maluses = decide_shot_maluses(
        state, data, rng is not None, team, shooter.name, defender.name if defender else None
    )
    state.notes.extend(maluses.notes(shooter.name, defender.name if defender else None))
    return ShotSpec.from_json(
        {
            **spec_doc,
            "away": not side.free_throw_bonus,
            "linda": "linda" in skills,
            "no_foul_bonus": bool(spec_doc.get("no_foul_bonus")) or "sin-miedo" in skills,
            "attack_malus": sum(m.value for m in maluses.attack),
            "defense_malus": sum(m.value for m in maluses.defence),
        }
    )


def _score_shot(
    state: MatchState,
    data: dict[str, Any],
    team: str,
    shooter: HooperState,
    spec: ShotSpec,
    outcome: ShotOutcome,
) -> Any:
    """Count the shot's points; returns Maddy's gift, if she gives one."""
    shooter.points += outcome.total_points
    if outcome.scored:
        shooter.made[spec.kind] += 1
    shooter.made["ft"] += sum(1 for ft in outcome.free_throws if ft.made)
    state.add_points(team, outcome.total_points)
    if outcome.total_points:
        state.notes.append(f"{shooter.name} ({team}) scores {outcome.total_points}")
    elif outcome.shot_taken:
        state.notes.append(f"{shooter.name} ({team}) misses")
    gift = maddy_gift(state, state.teams[team], shooter, outcome.scored, data.get("gift"))
    if gift:
        data["gift"] = gift
    else:
        data.pop("gift", None)
    return gift


def _shot_contact(
    state: MatchState,
    team: str,
    shooter: HooperState,
    defender: HooperState,
    outcome: ShotOutcome,
    draws: Draws,
) -> None:
    """The cubes a defended shot hands out: the foul's, and the whistle's white cube."""
    opponent = state.other(team)
    if outcome.foul:
        if outcome.charging:
            foul_cube(state, team, shooter)
            injury_cube(state, opponent, defender, draws)
        else:
            foul_cube(state, opponent, defender)
            injury_cube(state, team, shooter, draws)
    if outcome.attacker_injury_cube:
        state.notes.append(
            f"{defender.name} does not commit a foul on the whistle "
            f"(+{outcome.defense_bonus} to her defence); {shooter.name} takes the white cube"
        )
        injury_cube(state, team, shooter, draws)


def _after_shot(
    state: MatchState,
    team: str,
    shooter: HooperState,
    defender: HooperState | None,
    spec: ShotSpec,
    outcome: ShotOutcome,
    gift: Any,
    paid: Any,
) -> None:
    """Where the ball goes, what the shot leaves for later rules, and free throws owed."""
    owed = sum(1 for ft in outcome.free_throws if ft.made is None)
    missed = outcome.shot_taken and not outcome.scored
    if defender is not None and missed and not outcome.foul:
        state.ball_won = (state.other(team), defender.name)
    if outcome.shot_taken:
        state.last_shot = {
            "team": team, "hooper": shooter.name, "kind": spec.kind, "scored": outcome.scored,
            **({"gifted": True} if gift else {}),
        }  # fmt: skip
    # The action's cards and what each spent, for a playbook's reward (games/hoopers/playbook.py).
    state.last_action = {
        "team": team,
        "fundamentals": [f for f in state.fundamentals if f["team"] == team],
        "attacker": shooter.name,
        "attack_paid": paid,
        "scored": outcome.scored,
    }
    if owed:
        why = "flagrant foul" if outcome.flagrant else "defensive foul"
        owe_free_throws(state, team, shooter.name, owed, why, rebound=missed)
    elif missed and not outcome.total_points:
        state.notes.append(REBOUND_NOTE)


def _add_dribble_bonus(state: MatchState, data: dict[str, Any], team: str, shooter: str) -> None:
    """ "Every dribble gives a +15 bonus": the action's recorded dribbles by the shooter add
    theirs, unless the table typed it (a typed 15 is a dribble's: docs/hoopers.md, Rulings)."""
    from companion.games.hoopers.rules.ball import dribble_bonuses

    typed = list(data["spec"].get("bonuses") or [])
    extra = dribble_bonuses(state, team, shooter, typed)
    if extra:
        data["spec"] = {**data["spec"], "bonuses": [*typed, *extra]}
        state.notes.append(f"{shooter}'s recorded dribble: +15 ('Every dribble gives a +15 bonus')")


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


# 'Foul: Cases': the actions a foul is committed on, by who commits it.
DEFENSIVE_FOULS = words("defensive_fouls")
OFFENSIVE_FOULS = words("offensive_fouls")
FOUL_ON = (*DEFENSIVE_FOULS, *OFFENSIVE_FOULS)
COUNTER_FOULS = words("counters")  # 'Counter': the three counter actions


def _foul(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    team = state.team(data["team"])
    hooper = team.hooper(data["hooper"])
    if hooper.ejected:
        raise RuleViolation(f"{hooper.name} ({team.name}) is already ejected")
    hooper.check_in_game(team.name, "commit a foul")
    team.check_on_court(hooper, "commit a foul")
    action = data.get("action")
    if action is not None:
        action = match_prefix(action, FOUL_ON, what="foul on")
    if action in DEFENSIVE_FOULS:
        hooper.check_can_defend(team.name)
    elif action is None and "no-defense" in hooper.injuries:
        # A no-defense hooper can only foul on his own side's actions.
        raise HooperUnavailable(
            f"{hooper.name} ({team.name}) cannot defend (injury marker 'no-defense'), "
            "so cannot commit a defensive foul",
            hint="an offensive foul names its action: --on screen, rebound or charging",
        )
    before = team.team_fouls
    data.update(team=team.name, hooper=hooper.name, action=action)
    if action is None:
        del data["action"]
    _foul_card_energy(state, team, hooper, action)
    if action in ("steal", "intercept"):
        _fouled_by_hand(state, team.name, {"steal": "dribble", "intercept": "pass"}[action])
    foul_cube(state, team.name, hooper)
    if action in COUNTER_FOULS and before >= TEAM_FOUL_LIMIT:
        state.notes.append(
            f"a counter foul after {before} team fouls: {state.other(team.name)} also shoots "
            f"2 free throws (record the counter with 'companion hoopers match counter' to "
            f"resolve them)"
        )
    elif action in ("screen", "charging") and before >= TEAM_FOUL_LIMIT:
        # Ruling (docs/hoopers.md): the team-foul rule gives free throws "even when you
        # will commit a foul by playing a counter action"; a screen or a charging foul is
        # no counter, and its own case gives none.
        state.notes.append(
            f"no free throws for an offensive foul on a {action}, even after {before} team "
            "fouls: only a counter foul gives them ('even when you will commit a foul by "
            "playing a counter action')"
        )


def _fouled_by_hand(state: MatchState, fouler: str, kind: str) -> None:
    """A counter foul recorded by hand (guided play records one so): the opponent's last
    `kind` not answered yet is gone, and the ball is as before it (rules/ball.py)."""
    attacker = state.other(fouler)
    for played in reversed(state.fundamentals):
        if played["team"] == attacker and played["kind"] == kind and not played.get("fouled"):
            played["fouled"] = played["countered"] = True
            return


def _foul_card_energy(state: MatchState, team: TeamState, hooper: HooperState, action: Any) -> None:
    """A foul recorded on a counter or a screen is a card the hooper played (guided play
    records a counter foul so): its energy, once (a screen recorded with 'match
    fundamental' is paid already). A defence's card is paid by the shot that names the
    defender."""
    if action in COUNTER_FOULS:
        card = {"steal": "steal dribble", "intercept": "intercept pass"}
        label = card.get(action, "offensive rebound")
        spend(state, team.name, hooper, label, counter_free(hooper, action))
    elif action == "screen" and not paid_fundamental(state, team.name, hooper.name, "screen"):
        spend(state, team.name, hooper, "screen", fundamental_free(hooper, "screen"))


def _injure(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    team = state.team(data["team"])
    hooper = team.hooper(data["hooper"])
    if hooper.out:
        raise RuleViolation(f"{hooper.name} ({team.name}) is already out of the game")
    data.update(team=team.name, hooper=hooper.name)
    injury_cube(state, team.name, hooper, draws)
    if data.get("carried"):  # a Series game starts with it: not received in this game
        hooper.cubes_received -= 1


def _chip(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    team = state.team(data["team"])
    hooper = team.hooper(data["hooper"])
    hooper.check_in_game(team.name, "take an Onfire chip")
    data.update(team=team.name, hooper=hooper.name)
    if data.get("playbook"):
        # 'To Activate and Resolve a Playbook': "Redeem the chip and place it face
        # down on the hooper card" - the Onfire track does not move.
        _playbook_chip(state, team.name, check=rng is not None)
        hooper.chips["lv1"] += 1
        state.notes.append(
            f"{hooper.name} redeems the playbook's Onfire LV.1 chip; "
            "put a new chip on the playbook card"
        )
        return
    data.pop("playbook", None)
    if hooper.onfire != LV1:
        raise RuleViolation(f"{hooper.name} ({team.name}) is not on LV.I (on {hooper.onfire})")
    hooper.chips["lv1"] += 1
    hooper.onfire = FLAT
    state.notes.append(f"{hooper.name} takes an Onfire LV.1 chip: back to flat")


def _playbook_chip(state: MatchState, team: str, check: bool) -> None:
    """A playbook's chip is redeemed once, after that playbook's basket, in its turn: "If
    you score the basket ... Additionally, if any chip has been placed over the card:
    Redeem the chip and place it face down on the hooper card". `check`: when recorded
    (a log recorded before this rule replays as it was)."""
    scored = state.playbook_chip
    if not check:
        if scored is not None:
            scored["redeemed"] = True
        return
    if scored is None or scored["team"] != team:
        raise RuleViolation(
            f"{team} has no playbook that scored in this turn: 'If you score the basket ... "
            "Additionally, if any chip has been placed over the card: Redeem the chip'; "
            "legal now: the chip of a hooper on LV.I (without --playbook)"
        )
    if scored.get("redeemed"):
        raise RuleViolation(
            f"{scored['name']}'s chip is redeemed already; 'Put a new chip on the playbook "
            "card': it is redeemed after the playbook's next basket"
        )
    scored["redeemed"] = True


def _blocked(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    team = state.team(data["team"])
    hooper = team.hooper(data["hooper"])
    data.update(team=team.name, hooper=hooper.name)
    state.notes.append(f"{hooper.name} ({team.name}) is blocked: Onfire one step left")
    onfire(state, team.name, hooper, "down", draws)


def spend_token(state: MatchState, team: TeamState) -> None:
    from companion.games.hoopers.rules.playbooks import check_spend

    if team.coach_tokens < 1:
        raise OutOfTokens(f"{team.name} has no coach action token left")
    check_spend(team)
    team.coach_tokens -= 1
    team.tokens_spent += 1


def _coach(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
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


def _timeout(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
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


def _turn(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
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
        state.notes.append(f"final: {_score_line(state)}; {state.winner} wins")
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


_HANDLERS = {
    "opening": _opening,
    "shot": _shot,
    "score": _score,
    "foul": _foul,
    "injure": _injure,
    "chip": _chip,
    "blocked": _blocked,
    "coach": _coach,
    "hand": hand.tell_hand,
    "timeout": _timeout,
    "turn": _turn,
    "fundamental": play_fundamental,
    "energy": set_energy,
    "playbook": reward_playbook,
}
