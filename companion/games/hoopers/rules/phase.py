"""Where the attacking turn stands, and what the Turn Sequence allows next ('Turn Sequence').

The one place that decides which recorded move is legal inside an attacking turn:
the match's fold keeps a `Phase` (advanced by every event, `advance`), the table
refuses a move the phase does not allow (`check`, when a move is recorded — never
when an old log is folded again, so a match recorded before these checks still
replays), and guided play asks the same phase where a turn picks up
(`companion.games.hoopers.rules.turn_flow.resume`) and whether the Unleashed power is
open (`power_open`); whether a timeout may be called is the query's answer. What is legal
now, said at the end of a refusal, is the legal-moves query's answer (rules/legal.py),
which tries each candidate move with these same checks.

The steps:

    start        the beginning of the attacking turn: coach actions (timeout,
                 substitutions for a token), then the action
    play         the action goes on (fundamentals are not recorded; counters,
                 a shot or a block are)
    missed       the attack failed and scored nothing: an offensive rebound (F3),
                 or the turn ends
    rebound-won  a won offensive rebound: attack again (`turn --again`) or shoot
    free-throws  free throws owed; what follows them is `then`
    ended        the attacking turn is over: only the turn token moves

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.engine.values import dataclass

START, PLAY, MISSED, REBOUND_WON, FREE_THROWS, ENDED = (
    "start",
    "play",
    "missed",
    "rebound-won",
    "free-throws",
    "ended",
)
# After owed free throws: the turn ends, goes on, or (a fouled miss) a rebound is open
# when none goes in ("There are not rebounds if a player has scored points").
THEN_ENDED, THEN_PLAY, THEN_MISSED = "ended", "play", "missed-if-none-made"

# Moves a table may record at any moment of a turn: bookkeeping, "At ANY TIME" coach
# actions, chips, Onfire steps, injury cubes, points by hand (chips like Fast Break).
# Position swaps, gameplans, upgrades and chips spent check their own moment.
ANY_TIME = frozenset(
    {"opening", "coach", "chip", "onfire", "injure", "score", "blocked", "sub", "swap"}
    | {"gameplan", "upgrade", "spend", "energy", "playbook", "gift", "track", "hand"}
)
# The turn's beginning lasts while only these are recorded (coach actions, bookkeeping).
KEEP_START = frozenset(
    {"opening", "sub", "swap", "timeout", "coach", "onfire", "chip", "gameplan", "upgrade"}
    | {"energy", "track", "hand"}
)
# Onfire LV.2 chips that decide the attack ('Chips and Markers').
CHIPS_ENDING = {
    "fast-break": "Fast Break: 'You score two points. End your turn.'",
    "coast-to-coast": "Coast to Coast: 'You score two points. End your turn.'",
    "goal-tending": "Goal Tending: the attack 'becomes successful'",
}
OFFENSIVE_FOULS_ENDING = {
    "screen": "offensive foul on the screen: 'The attacking turn ends'",
    "rebound": "offensive foul on the rebound: 'The attacking turn ends'",
    "charging": "charging foul: 'The attacking turn ends immediately'",
}
SHOTS = ("2ps", "3ps", "lup")


@dataclass(frozen=True)
class Phase:
    """Where the attacking turn stands (the steps above) and why."""

    step: str = START
    why: str = ""  # what brought the turn here, in the rulebook's words
    power: bool = False  # the Unleashed power is open (a won counter, a failed defended attempt)
    then: str = THEN_PLAY  # after owed free throws
    hooper: str | None = None  # who won the offensive rebound (+15 if they attack next)
    # Fundamentals the action may still hold, so still counter: "You may play a fundamental
    # card in F1 space ... a second fundamental card in F2 space ... You must play an
    # attack card". Fundamentals are not recorded; a steal or intercept (each counters
    # one), a counter foul ("the slot ... is no more available") and a block's new action
    # (from F2: one; from A: none) are.
    slots: int = 2
    # Fundamentals recorded with 'match fundamental' and not countered yet: a steal or
    # intercept answers one of them (its slot is taken already).
    open: int = 0

    @property
    def counterable(self) -> bool:
        """A fundamental is left for a steal or intercept to answer."""
        return self.slots > 0 or self.open > 0

    def countered(self) -> Phase:
        """The phase after a steal or intercept answered one fundamental."""
        if self.open > 0:
            return replace(self, open=self.open - 1)
        return replace(self, slots=max(self.slots - 1, 0))

    @property
    def fresh(self) -> bool:
        """'At THE BEGINNING of your attacking turn': nothing played yet."""
        return self.step == START


def _refuse(what: str, phase: Phase, state: Any) -> RuleViolation:
    """The rule's words alone: what is legal instead is the legal-moves query's to say
    (the table and guided play end a refusal with it: rules/legal.py, `refusal`)."""
    return RuleViolation(f"{what} is not legal now ({phase.why or 'the attack goes on'})")


def _counter_kind(data: Mapping[str, Any]) -> str | None:
    from companion.engine.names import match_prefix
    from companion.games.hoopers.rules.counters import COUNTER_KINDS

    try:
        return match_prefix(str(data.get("kind", "")), COUNTER_KINDS, what="counter")
    except RuleViolation:
        return None
    except ValueError:
        return None


def check(state: Any, kind: str, data: Mapping[str, Any]) -> None:
    """Refuse a move the Turn Sequence does not allow now (raises RuleViolation)."""
    from companion.games.hoopers.rules.playbooks import check_undefended

    check_undefended(state, kind, data)
    if kind in ANY_TIME or kind == "free-throw":
        return
    checker = _CHECKS.get(kind)
    if checker is not None:
        checker(state, data, state.phase)


def _check_timeout(state: Any, data: Mapping[str, Any], phase: Phase) -> None:
    caller = _team_name(state, data)
    if caller is not None and caller != getattr(state, "attacking", caller):
        raise _refuse(
            # One quote (issue 32): the opponent's benefits and 'match coach' are
            # said in the table's words, not quoted a second time.
            f"a timeout by {caller} ('At THE BEGINNING of your attacking turn': "
            f"{caller} defends and may use 'match coach' for the timeout's benefits)",
            phase,
            state,
        )
    if phase.step != START:
        raise _refuse(
            "a timeout ('At THE BEGINNING of your attacking turn')",
            replace(phase, why=phase.why or "the attack has begun"),
            state,
        )


def _check_turn(state: Any, data: Mapping[str, Any], phase: Phase) -> None:
    if data.get("again") and data.get("power"):  # the token stays for one reason or the other
        raise BadInput("--again and --power: one or the other")
    if data.get("again") and phase.step != REBOUND_WON:
        raise _refuse(
            "'turn --again' (only after a won offensive rebound: 'play another "
            "attacking turn without moving the turn token')",
            phase,
            state,
        )
    defending = state.other(state.attacking) if getattr(state, "attacking", None) else None
    if data.get("power") and not _unleashed(state, defending):
        tribe = str(state.teams[defending].tribe).title()
        raise _refuse(
            f"'turn --power' ({defending} plays the {tribe}: the turn token stays only "
            "for the Unleashed power)",
            phase,
            state,
        )
    if data.get("power") and not phase.power:
        raise _refuse(
            "'turn --power' (the Unleashed power needs 'a counter action has successfully "
            "been played' or 'defense card has been played and the opponent attempt to "
            "score fails')",
            phase,
            state,
        )


def _check_counter(state: Any, data: Mapping[str, Any], phase: Phase) -> None:
    from companion.games.hoopers.rules import ball

    counter = _counter_kind(data)
    if counter == "rebound":
        if phase.step != MISSED:
            raise _refuse(
                "an offensive rebound (after a failed attack that scored nothing: "
                "'There are not rebounds if a player has scored points')",
                phase,
                state,
            )
        return
    if phase.step not in (START, PLAY) or not phase.counterable:
        raise _refuse(f"a counter ({counter or data.get('kind')})", _spent(phase), state)
    ball.check_counter(state, counter, data)


def _check_foul(state: Any, data: Mapping[str, Any], phase: Phase) -> None:
    action = _foul_action(data)
    _check_fouler(state, str(data.get("team", "")), action, phase)
    if action in COUNTERED and not phase.counterable:
        raise _refuse(f"a counter foul ({action})", _spent(phase), state)
    if action == "rebound" and phase.step != MISSED:
        raise _refuse("an offensive foul on a rebound", phase, state)
    if action in ("screen", "charging") and phase.step not in (START, PLAY, REBOUND_WON):
        raise _refuse(f"an offensive foul on a {action}", phase, state)


def _check_fundamental(state: Any, data: Mapping[str, Any], phase: Phase) -> None:
    from companion.games.hoopers.rules import ball

    if phase.step not in (START, PLAY, REBOUND_WON):
        raise _refuse(f"a fundamental ({data.get('kind')})", phase, state)
    if phase.slots < 1:
        raise _refuse(
            f"a fundamental ({data.get('kind')}; 'F1' and 'F2' are taken)",
            _spent(phase),
            state,
        )
    ball.check_attacker(state, "fundamental", data)


def _check_block(state: Any, data: Mapping[str, Any], phase: Phase) -> None:
    if _blocked_kind(data) in COUNTERED and not phase.counterable:
        raise _refuse(f"a block on a {_blocked_kind(data)}", _spent(phase), state)
    if phase.step not in (START, PLAY, REBOUND_WON):
        raise _refuse("a block", phase, state)


def _check_shot(state: Any, data: Mapping[str, Any], phase: Phase) -> None:
    from companion.games.hoopers.rules import ball

    if phase.step == MISSED and _susan_peg(state, data):
        return  # her skill: "she rolls the d20 die directly performing a Lay-up"
    if phase.step not in (START, PLAY, REBOUND_WON):
        raise _refuse("a shot", phase, state)
    ball.check_attacker(state, "shot", data)


# What each kind of move must wait for in the Turn Sequence (other moves wait for nothing).
_CHECKS: dict[str, Callable[[Any, Mapping[str, Any], Phase], None]] = {
    "timeout": _check_timeout,
    "turn": _check_turn,
    "counter": _check_counter,
    "foul": _check_foul,
    "fundamental": _check_fundamental,
    "block": _check_block,
    "shot": _check_shot,
}


def _team_name(state: Any, data: Mapping[str, Any]) -> str | None:
    try:
        return state.team(str(data.get("team", ""))).name
    except (KeyError, ValueError, RuleViolation, AttributeError):
        return None  # the move itself names the unknown team


def _foul_action(data: Mapping[str, Any]) -> str | None:
    from companion.engine.names import match_prefix
    from companion.games.hoopers.rules.foul_move import FOUL_ON

    if not data.get("action"):
        return None
    try:
        return match_prefix(str(data["action"]), FOUL_ON, what="foul on")
    except (RuleViolation, ValueError):
        return None  # the move itself names what is wrong


def _blocked_kind(data: Mapping[str, Any]) -> str | None:
    from companion.engine.names import match_prefix
    from companion.games.hoopers.rules.blocks import BLOCK_AGAINST

    try:
        return match_prefix(str(data.get("against", "")), BLOCK_AGAINST, what="blocked action")
    except (RuleViolation, ValueError):
        return None  # the move itself names what is wrong


def _spent(phase: Phase) -> Phase:
    """The phase named in a refusal when no fundamental is left to counter."""
    if phase.counterable or phase.why:
        return phase
    return replace(phase, why="no fundamental slot is left in this action")


# Which side commits a foul on which action ('Foul: Cases'): "an offensive foul when
# performing a screen", "... when performing an offensive rebound", "a charging foul by
# the attacker"; "a defensive foul when countering", "a foul by contesting a 2 points
# shot" (D3, DLU, a block alike).
OFFENSIVE_ACTIONS = ("screen", "rebound", "charging")
COUNTERED = ("steal", "intercept")


def _check_fouler(state: Any, typed: str, action: Any, phase: Phase) -> None:
    attacking = getattr(state, "attacking", None)
    if not action or attacking is None or not typed:
        return
    try:
        team = state.team(typed).name
    except (KeyError, ValueError, RuleViolation):
        return  # the move itself names the unknown team
    defending = state.other(attacking)
    offensive = action in OFFENSIVE_ACTIONS
    if offensive and team != attacking:
        why = f"{team} defends: an offensive foul on a {action} is {attacking}'s"
    elif not offensive and team == attacking:
        why = f"{team} attacks: a defensive foul on a {action} is {defending}'s"
    else:
        return
    raise _refuse(f"a red cube for {team} on a {action}", replace(phase, why=why), state)


def _unleashed(state: Any, team: str | None) -> bool:
    """The side may use the Unleashed power (a team without a tribe is the table's call)."""
    if team is None:
        return True
    try:
        tribe = state.teams[team].tribe
    except (AttributeError, KeyError):
        return True
    return tribe is None or tribe == "unleashed"


def _susan_peg(state: Any, data: Mapping[str, Any]) -> bool:
    """Susan Peg's offensive rebound, recorded as her undefended lay-up ('The Series')."""
    from companion.games.hoopers.rules.susan_peg import SUSAN_PEG

    if data.get("defender") or (data.get("spec") or {}).get("defense") is not None:
        return False
    try:
        return state.team(data["team"]).hooper(data["hooper"]).name == SUSAN_PEG
    except (KeyError, ValueError):
        return False


def advance(phase: Phase, kind: str, data: Mapping[str, Any], outcome: Any, state: Any) -> Phase:
    """The phase after an event (never raises: old logs fold whatever they hold)."""
    if kind == "turn":
        if data.get("power"):
            # "one additional action of the same card": one fundamental at most.
            return Phase(PLAY, why="the Unleashed power: one more action of the same card", slots=1)
        return Phase(START)
    if kind == "timeout" or kind in KEEP_START:
        return phase
    if kind == "free-throw":
        if phase.step != FREE_THROWS:
            return phase
        made = outcome.get("made", 0) if isinstance(outcome, Mapping) else 0
        if phase.then == THEN_MISSED and not made:
            return Phase(MISSED, why="the free throws missed: no points scored")
        if phase.then in (THEN_MISSED, THEN_ENDED):
            return Phase(ENDED, why=phase.why or "the free throws are shot")
        why = "the attack goes on after the free throws"
        return Phase(PLAY, why=why, slots=phase.slots, open=phase.open)
    owed = getattr(state, "owed", None) is not None
    if kind == "shot":
        if phase.step == MISSED:  # Susan Peg's rebound lay-up: the turn ends either way
            return Phase(ENDED, why="Susan Peg's rebound lay-up")
        return _after_shot(outcome, owed, defended=bool(data.get("defender")))
    if kind == "counter":
        return _after_counter(phase, data, outcome, owed)
    if kind == "fundamental":  # F1 or F2 is taken; a counter may answer it
        slots, still = max(phase.slots - 1, 0), phase.open + 1
        return Phase(PLAY, why="the action goes on", slots=slots, open=still)
    if kind == "block":
        return _after_block(phase, data, outcome, owed)
    if kind == "spend":
        use = str(data.get("use"))
        if use in CHIPS_ENDING:
            return Phase(ENDED, why=CHIPS_ENDING[use])
        if use == "tap-out":  # "It becomes unsuccessful": no points, so a rebound may follow
            return Phase(MISSED, why="Tap-Out: the attack 'becomes unsuccessful'")
        return phase
    if kind == "foul":
        ending = OFFENSIVE_FOULS_ENDING.get(str(data.get("action")))
        if ending:
            return Phase(ENDED, why=ending)
        if not data.get("action"):
            return phase  # a red cube by hand: bookkeeping
        if data.get("action") in COUNTERED:  # a counter foul by hand: its slot is gone
            return replace(phase.countered(), step=PLAY if phase.step == START else phase.step)
    if kind in ANY_TIME:
        return phase  # bookkeeping does not begin the action
    if phase.step == START:
        return replace(phase, step=PLAY)
    return phase


def _owed(then: str, why: str, slots: int = 2, still: int = 0) -> Phase:
    return Phase(FREE_THROWS, why=why, then=then, slots=slots, open=still)


def _after_shot(outcome: Any, owed: bool, *, defended: bool) -> Phase:
    if outcome is None:
        return Phase(PLAY)
    if outcome.charging:
        return Phase(ENDED, why=OFFENSIVE_FOULS_ENDING["charging"])
    if outcome.flagrant:
        why = "flagrant foul: two free throws, then a new action from F2"
        return _owed(THEN_PLAY, why, slots=1) if owed else Phase(PLAY, why=why, slots=1)
    if outcome.scored or outcome.total_points:
        why = "points scored: 'If you score ... The attacking turn passes to your opponent'"
        return _owed(THEN_ENDED, why) if owed else Phase(ENDED, why=why)
    if owed:
        return _owed(THEN_MISSED, "a fouled miss: its free throws first")
    if outcome.foul:
        return Phase(MISSED, why="a fouled miss whose free throws all missed")
    # 'Unleashed': "b) defense card has been played and the opponent attempt to score fails"
    return Phase(MISSED, why="the attack failed", power=defended)


def _after_counter(phase: Phase, data: Mapping[str, Any], outcome: Any, owed: bool) -> Phase:
    if outcome is None:
        return phase
    if data.get("kind") == "rebound":
        if outcome.foul:
            why = OFFENSIVE_FOULS_ENDING["rebound"]
            return _owed(THEN_ENDED, why) if owed else Phase(ENDED, why=why)
        if outcome.success:
            return Phase(REBOUND_WON, why="the offensive rebound is won", hooper=data.get("hooper"))
        return Phase(ENDED, why="the offensive rebound is lost")
    left = phase.countered()  # the countered fundamental took its slot
    slots, still = left.slots, left.open
    if outcome.foul:
        why = "a counter foul: the attack goes on without that slot"
        if owed:
            return _owed(THEN_PLAY, why, slots, still)
        return Phase(PLAY, why=why, slots=slots, open=still)
    if outcome.success:
        # "IF YOUR STEAL DRIBBLE OR YOUR INTERCEPT PASS HAS BEEN SUCCESSFUL, THEN YOUR
        # ATTACKING TURN STARTS IMMEDIATELY" (and 'Unleashed' a: the power is open).
        return Phase(ENDED, why="the ball is won with a counter", power=True)
    return Phase(PLAY, why="the counter failed: the attack goes on", slots=slots, open=still)


def _after_block(phase: Phase, data: Mapping[str, Any], outcome: Any, owed: bool) -> Phase:
    if outcome is None:
        return phase
    result = outcome.outcome
    if result == "blocked":
        # A block is a boosted defence or counter that negates the attempt: the
        # Unleashed power's (a) or (b).
        return Phase(ENDED, why="blocked: the ball is recovered", power=True)
    if result == "restart-f2":  # "starts a new action from F2 slot (F1 is no more available)"
        return Phase(PLAY, why="a new action from F2 after the block", slots=1)
    if result == "restart-a":  # "the attacker could play just an attack action card"
        return Phase(PLAY, why="a new action from A after the block: an attack only", slots=0)
    on_shot = data.get("against") in SHOTS
    why = "fouled on a block: free throws, no attempt to score"
    left = phase
    if not on_shot:
        why = "a block foul on a counter: the attack goes on"
        left = phase.countered()
    then = THEN_ENDED if on_shot else THEN_PLAY
    if owed:
        return _owed(then, why, left.slots, left.open)
    return Phase(ENDED if on_shot else PLAY, why=why, slots=left.slots, open=left.open)


def timeout_answer_open(state: Any, caller: str) -> bool:
    """The opponent of a timeout's caller may spend a coach action token "to gain all the
    benefits of the timeout without spending any cube"."""
    return state.teams[state.other(caller)].coach_tokens > 0


def power_open(state: Any) -> bool:
    """The Unleashed power may be used now (by the side that won the ball back, when it
    plays the Unleashed)."""
    defending = state.other(state.attacking) if state.attacking else None
    return (
        bool(state.phase.power)
        and state.phase.step in (ENDED, MISSED)
        and _unleashed(state, defending)
    )


def energy_warning(state: Any, team: str, hooper: str, card: str) -> str | None:
    """A hooper of `team` about to play `card` with no energy left: the warning, else None
    (the rule is `companion.games.hoopers.rules.energy.energy_warning`; the fold notes it when the
    move is recorded, guided play says it as the hooper is picked)."""
    from companion.games.hoopers.rules.energy import energy_warning as warning

    side = state.teams[team]
    return warning(state, team, side.hoopers[hooper], card)


def check_block(state: Any, team: Any, blocker: Any, keepers_block: bool) -> str | None:
    """'Block': "played by using the specific Onfire LV.1 chip", or the Keepers' tribe power.

    Returns the chip the block spends now ('block' for an LV.1, 'no-way-block' for an
    LV.2), or None: the Keepers' power, or a chip spent on this block just before with
    'match spend' ("After having spent a chip (LV.1 or LV.2) discard it": one chip, one
    block)."""
    if keepers_block:
        if team.tribe is not None and team.tribe != "keepers":
            raise RuleViolation(
                f"--keepers-block is the Keepers' tribe power: {team.name} plays the "
                f"{team.tribe.title()}",
                hint="legal now: a defence or counter, or a block with an Onfire LV.1 chip "
                "(without --keepers-block)",
            )
        return None
    if getattr(state, "block_ready", None) == blocker.name:
        return None
    if blocker.chips.get("lv1", 0) >= 1:
        return "block"
    if blocker.chips.get("lv2", 0) >= 1:
        return "no-way-block"
    raise RuleViolation(
        f"{blocker.name} ({team.name}) has no Onfire LV.1 chip: 'A BLOCK ... can be played "
        "by using the specific Onfire LV.1 chip'",
        hint="legal now: a defence ('match shot … --defense') or counter without a block"
        + (", or --keepers-block (the Keepers' power)" if team.tribe in (None, "keepers") else ""),
    )
