"""One attacking turn step by step, as 'Turn Sequence' runs it: what the rules allow next.

Pure: no I/O and no dice. The guided `hoopers play` asks the questions and
resolves the dice with the engine's own `resolve_*` functions; this module
says which steps, actions and hoopers are open, how the ball moves
('Fundamental': ball dynamics), and which match events record each outcome
(the match's existing `shot`, `foul`, `injure`, `score`, `coach`, `chip` and
`turn` events).

The steps of a turn, in order (a step is skipped when the rules close it):

    f1        a fundamental in F1 (dribble, pass, screen) or none
    counter   the opponent counters it (steal a dribble, intercept a pass) or not;
              a screen rolls the foul die for an offensive foul instead
    playbook  after a standing F1: spend a coach token to run a playbook
    f2        a second fundamental (required inside a playbook)
    counter   as above (never inside a playbook)
    attack    2PS, 3PS or lay-up, or lose the ball
    shot      defense (never inside a playbook), foul die, d20, free throws
    rebound   F3: after a missed, unfouled attack, an offensive rebound or not
    done      the turn is over (`ended` says why)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field, replace
from typing import Any

from companion.engine.errors import RuleViolation
from companion.engine.values import dataclass
from companion.games.hoopers.data import words
from companion.games.hoopers.rules.ball import Ball
from companion.games.hoopers.rules.dice import D20
from companion.games.hoopers.rules.playbook import REWARDS
from companion.games.hoopers.rules.shots import DEFENSE_FOR, SHOT_KINDS

FUNDAMENTALS = words("fundamentals")
COUNTER_FOR = {"dribble": "steal", "pass": "intercept"}
# The dribble's +15 is the rulebook's ("Every dribble gives a +15 bonus"); a pass
# or screen card prints its own bonus, +25 in every rulebook example.
DEFAULT_BONUS = {"dribble": 15, "pass": 25, "screen": 25}
REBOUND_BONUS = 15


@dataclass(frozen=True)
class Fundamental:
    slot: str  # "F1" / "F2"
    kind: str
    hooper: str
    bonus: int
    second_use: bool = False  # the second use of a card under the Unleashed power


@dataclass(frozen=True)
class Turn:
    """An attacking turn in progress."""

    team: str
    opponent: str
    step: str = "f1"
    ball: Ball = field(default_factory=Ball)
    played: tuple[Fundamental, ...] = ()  # fundamentals whose bonus stands
    pending: Fundamental | None = None  # awaiting the opponent's counter
    second_use: bool = False  # the next card is the second use under the Unleashed power
    ball_before: Ball = field(default_factory=Ball)  # before `pending`
    f1_stands: bool = False
    playbook: bool = False
    rebounder: str | None = None  # +15 if this hooper attacks next
    ended: str | None = None
    # The Keepers' tribe power: the defence card the opponent laid face down before
    # this turn ("d2", "d3", "dlu"), None for none; `face_down_known` False when the
    # flow did not see the turn begin (then the attack asks).
    face_down: str | None = None
    face_down_known: bool = False
    playbook_common: bool = False  # the playbook run is a common one (its chip, its discard)

    @property
    def bonuses(self) -> list[int]:
        return [f.bonus for f in self.played]

    @property
    def over(self) -> bool:
        return self.step == "done"


def new_turn(
    team: str, opponent: str, *, face_down: str | None = None, known: bool = False
) -> Turn:
    """A fresh attacking turn; `face_down`/`known`: the Keepers' face-down card, if asked."""
    return Turn(team=team, opponent=opponent, face_down=face_down, face_down_known=known)


def power_turn(team: str, opponent: str) -> Turn:
    """'Unleashed: Tribe power': one more action of the same card, the turn token staying.

    Its first card is the card's second use: a whistle on a counter or defence
    against it is a flagrant foul.
    """
    return Turn(team=team, opponent=opponent, second_use=True, face_down_known=True)


# --- the tribe powers ('The Tribes') ----------------------------------------------------

KEEPERS, UNLEASHED = "keepers", "unleashed"
FACE_DOWN_CHOICES = ("d2", "d3", "dlu", "none")


def keepers_card(turn: Turn, kind: str) -> str:
    """What the Keepers' face-down card does against the attack `kind`.

    "match": it becomes a block (a); "discard": reveal and discard it, defend as
    usual (b); "none": no card; "ask": the flow did not see the turn begin.
    """
    if not turn.face_down_known:
        return "ask"
    if turn.face_down is None:
        return "none"
    return "match" if turn.face_down == DEFENSE_FOR[kind] else "discard"


def after_block(turn: Turn, outcome: Any) -> Turn:
    """'Block': a foul ends the attack (free throws directly), a restart keeps the ball
    without the bonuses (from F2, or from A), and a successful block recovers the ball."""
    if outcome.outcome == "foul":
        return ball_lost(turn, "fouled on a block: free throws")
    if outcome.outcome == "restart-f2":
        return replace(new_turn(turn.team, turn.opponent, known=True), step="f2")
    if outcome.outcome == "restart-a":
        return replace(new_turn(turn.team, turn.opponent, known=True), step="attack")
    return ball_lost(turn, "blocked: the ball is recovered")


PLAYBOOK_REWARDS = REWARDS  # the reward's rule: companion/games/hoopers/rules/playbook.py


def fundamental_choices(turn: Turn) -> list[str]:
    """What the attacker may play in the current F slot; "none" skips it."""
    if turn.step not in ("f1", "f2"):
        return []
    if turn.playbook:
        return list(FUNDAMENTALS)  # a playbook needs its F2
    return [*FUNDAMENTALS, "none"]


def play_fundamental(turn: Turn, kind: str, hooper: str, bonus: int) -> Turn:
    """The attacker plays `kind` with `hooper` in the current slot (or "none")."""
    if kind not in fundamental_choices(turn):
        raise RuleViolation(f"no {kind} in step {turn.step}")
    if kind == "none":
        return replace(turn, step=_after_slot(turn))
    slot = "F1" if turn.step == "f1" else "F2"
    played = Fundamental(slot, kind, hooper, bonus, second_use=turn.second_use)
    ball = turn.ball.after(kind, hooper)
    return replace(
        turn, step="counter", pending=played, ball_before=turn.ball, ball=ball, second_use=False
    )


def counter_choices(turn: Turn) -> list[str]:
    """The opponent's answer to the pending fundamental.

    A dribble can be stolen and a pass intercepted; a screen cannot be
    countered but rolls the foul die ("screen"); nothing counters inside a playbook.
    """
    if turn.step != "counter" or turn.pending is None:
        return []
    if turn.pending.kind == "screen":
        return ["screen"]
    if turn.playbook:
        return ["none"]
    return [COUNTER_FOR[turn.pending.kind], "none"]


def fundamental_stands(turn: Turn) -> Turn:
    """No counter, a failed counter, or a clean screen: the bonus stands."""
    played = turn.pending
    if played is None:
        raise RuleViolation("no fundamental is waiting for an answer")
    return replace(
        turn,
        played=(*turn.played, played),
        pending=None,
        f1_stands=turn.f1_stands or played.slot == "F1",
        step=_after_slot(turn),
    )


def fundamental_fouled(turn: Turn) -> Turn:
    """A counter foul: the action goes on, without that slot and its bonus.

    The ball is as before the fouled fundamental (the rulebook's Foul example
    passes with another hooper after a fouled dribble).
    """
    return replace(turn, pending=None, ball=turn.ball_before, step=_after_slot(turn))


def flagrant_on_fundamental(turn: Turn) -> Turn:
    """A flagrant foul on the counter against the second use of an Unleashed card.

    "you gain two FREE THROWS and then you get a new attacking turn (F1 is no
    more available)": a new action from F2, the fundamental's bonus lost.
    """
    return replace(new_turn(turn.team, turn.opponent), step="f2")


def ball_lost(turn: Turn, why: str) -> Turn:
    """The attacking turn ends (a won counter, an offensive foul, no attack …)."""
    return replace(turn, pending=None, step="done", ended=why)


def _after_slot(turn: Turn) -> str:
    if turn.step == "f1" or (turn.pending is not None and turn.pending.slot == "F1"):
        return "playbook"
    return "attack"


def can_run_playbook(turn: Turn, coach_tokens: int) -> bool:
    """'To Activate and Resolve a Playbook': after a standing F1, with a coach token."""
    return turn.step == "playbook" and turn.f1_stands and not turn.playbook and coach_tokens > 0


def after_playbook(turn: Turn, run: bool, common: bool = False) -> Turn:
    if run:
        return replace(turn, playbook=True, playbook_common=common, step="f2")
    return replace(turn, step="f2")


def attack_choices(turn: Turn) -> list[str]:
    """An attack, or "none": 'You must play an attack card or lose the ball'."""
    if turn.step != "attack":
        return []
    return [*SHOT_KINDS, "none"] if not turn.playbook else list(SHOT_KINDS)


def attack_eligible(turn: Turn, hoopers: Iterable[str]) -> list[str]:
    return turn.ball.eligible("2ps", hoopers)


def attack_bonuses(turn: Turn, hooper: str) -> list[int]:
    """Every standing fundamental bonus, and +15 after a won rebound by the same hooper."""
    bonuses = turn.bonuses
    if turn.rebounder is not None and turn.rebounder == hooper:
        bonuses = [*bonuses, REBOUND_BONUS]
    return bonuses


def can_defend(turn: Turn) -> bool:
    """'The A attack can't be defended' inside a playbook."""
    return not turn.playbook


def after_shot(turn: Turn, outcome: Any) -> Turn:
    """Scored or charged: the turn is over; a miss that scored nothing opens the F3 rebound.

    "If the attack is not successful, then you may play an offensive rebound
    card" and "There are not rebounds if a player has scored points": a fouled
    miss whose free throws all miss scored nothing, so the rebound is open.
    """
    if outcome.charging:
        return ball_lost(turn, "charging foul")
    if outcome.flagrant:
        # "you gain two FREE THROWS and then you get a new attacking turn (F1 is no
        # more available)": a new action from F2, the turn token stays.
        return replace(new_turn(turn.team, turn.opponent), step="f2")
    if outcome.total_points or outcome.scored:
        return ball_lost(turn, "scored")
    return replace(turn, step="rebound", playbook=False, rebounder=None)


REBOUND_REWARDS = ("again", "bonus")


def after_rebound(
    turn: Turn, outcome: Any, reward: str | None = None, hooper: str | None = None
) -> Turn:
    """After the F3 offensive rebound by `hooper` (`outcome` None: none played).

    Won: a new attack from F1 ("again": draw two cards, the turn token stays)
    or straight to the attack with +15 if `hooper` attacks ("bonus").
    Anything else ends the turn.
    """
    if outcome is None:
        return ball_lost(turn, "defensive rebound")
    if outcome.foul:
        return ball_lost(turn, "offensive foul on the rebound")
    if not outcome.success:
        return ball_lost(turn, "rebound lost")
    return after_won_rebound(replace(turn, rebounder=hooper), reward)


def after_won_rebound(turn: Turn, reward: str | None) -> Turn:
    """The reward of a won rebound (by `turn.rebounder`): "again", a new attack from F1
    (draw two cards, the turn token stays), or "bonus", straight to the attack with +15
    if the rebounder attacks."""
    if reward == "again":
        return new_turn(turn.team, turn.opponent)
    if reward == "bonus":
        return replace(new_turn(turn.team, turn.opponent), step="attack", rebounder=turn.rebounder)
    raise RuleViolation(f"a won rebound gives {' or '.join(REBOUND_REWARDS)}, not {reward}")


def resume(
    phase: Any,
    team: str,
    opponent: str,
    ball: Ball | None = None,
    dribblers: Iterable[str] = (),
) -> Turn:
    """The turn where the match's phase stands (`companion.games.hoopers.rules.phase`): a new
    session, or moves recorded from the command line, pick up there.

    An action that goes on resumes at F2, with the `ball` its recorded fundamentals left
    (`companion.games.hoopers.rules.ball.ball_of`: who may play the next action) and the
    +15 of each recorded dribble standing (`dribblers`; a pass or screen's bonus is the
    card's, not recorded).
    """
    from companion.games.hoopers.rules import phase as ph

    turn = new_turn(team, opponent)
    if phase.step == ph.ENDED:
        return ball_lost(turn, phase.why or "the attacking turn is over")
    if phase.step == ph.MISSED:
        return replace(turn, step="rebound")
    if phase.step == ph.REBOUND_WON:
        return replace(turn, step="rebound-won", rebounder=phase.hooper)
    if phase.step == ph.PLAY:
        # No fundamental slot left (two countered, a counter foul, a block's new action
        # from A): the action goes on with its attack.
        step = "f2" if phase.slots > 0 else "attack"
        played = tuple(
            Fundamental(f"F{i}", "dribble", h, DEFAULT_BONUS["dribble"])
            for i, h in enumerate(dribblers, 1)
        )
        return replace(turn, step=step, face_down_known=True, ball=ball or Ball(), played=played)
    return turn


# --- events -----------------------------------------------------------------


def foul_events(
    fouler_team: str, fouler: str, fouled_team: str, fouled: str, action: str | None = None
) -> list[dict]:
    """A red cube for the fouler (and a team foul), a white cube for the fouled hooper.

    `action` (steal, intercept, screen, rebound …) lets the match check the
    fouler's injury markers against it.
    """
    foul = {"team": fouler_team, "hooper": fouler, **({"action": action} if action else {})}
    return [
        {"type": "foul", "data": foul},
        {"type": "injure", "data": {"team": fouled_team, "hooper": fouled}},
    ]


def counter_event(team: str, hooper: str, outcome: Any, against: str | None = None) -> dict:
    """The match's `counter` event with every die given (a counter with no foul): the
    match knows who has the ball ('Counter')."""
    spec = outcome.spec
    return {
        "type": "counter",
        "data": {
            "team": team,
            "kind": spec.kind,
            "hooper": hooper,
            "against": against,
            "o": spec.o,
            "v": spec.v,
            "position": spec.position,
            "face": outcome.reading.face,
            "roll": outcome.roll,
            "flagrant_whistle": spec.flagrant_whistle,
        },
    }


def free_throw_event(team: str, hooper: str, made: int) -> list[dict]:
    """Made free throws outside a shot (team-foul free throws after a counter)."""
    if made <= 0:
        return []
    return [{"type": "score", "data": {"team": team, "points": made, "hooper": hooper}}]


def turn_event(again: bool = False) -> dict:
    return {"type": "turn", "data": {"again": again}}


MATCH_APPLIES = ("away", "linda", "attack_malus", "defense_malus")


def shot_event(
    team: str,
    hooper: str,
    spec: Any,
    *,
    defender: str | None,
    face: str | None,
    roll: int | None,
    ft_rolls: Iterable[int] = (),
) -> dict:
    """The match's `shot` event with every die given, so the engine draws nothing."""
    return {
        "type": "shot",
        "data": {
            "team": team,
            "hooper": hooper,
            "defender": defender,
            # Skills (Linda Siempre, Sin Miedo) and maluses are the match's to apply.
            "spec": {k: v for k, v in spec.to_json().items() if k not in MATCH_APPLIES},
            "face": face,
            "roll": roll,
            "ft_rolls": list(ft_rolls),
        },
    }


class Probe:
    """Stand-in dice for asking the engine what a resolution needs before the table
    rolls: every d20 is a 5 (counted) and the foul die is blank."""

    def __init__(self) -> None:
        self.d20s = 0

    def roll(self, die: Any) -> Any:
        if die is D20:
            self.d20s += 1
            return 5
        return "blank"
