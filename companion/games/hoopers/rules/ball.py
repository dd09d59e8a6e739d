"""Who holds the ball through an action's F1, F2 and A, in a tracked match ('Fundamental').

The match keeps the action's fundamentals (`MatchState.fundamentals`, recorded with
`match fundamental`, or implied by the steal or intercept that answered them); the ball
after them is a `Ball` (the guided turn keeps its own: turn_flow.py), folded over the ones that
stand — a fundamental whose counter was a foul is gone ("The ball is as before the fouled
fundamental"). The one check both faces ask:

- "DRIBBLE: ... The hooper who performs this action must perform another action (F2 or
  A) which involves the ball in hand";
- "PASS: ... The hooper who performs a pass can't perform the very following action (F2
  or A) if it involves the ball";
- "SCREEN: ... The hooper who performs a screen can't perform the very following action
  (F2 or A) if it involves the ball" (the SG pass, C screen example: neither attacks);
- a counter answers the fundamental it names: "STEAL DRIBBLE: It is used to contest a
  dribble", "INTERCEPT PASS: It is used to contest a pass", "A screen can't be countered
  by any card".

Every dribble standing in the action gives its +15 to the attack ("Every dribble gives a
+15 bonus"): `dribble_bonuses` (docs/hoopers.md, Rulings: a typed 15 is the dribble's).

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.engine.errors import RuleViolation
from companion.engine.values import dataclass
from companion.games.hoopers.data import words

DRIBBLE_BONUS = 15  # "Every dribble gives a +15 bonus"
ANSWERS = {"steal": "dribble", "intercept": "pass"}  # what each counter contests
SHOT_NAMES = {"2ps": "shoot", "3ps": "shoot", "lup": "shoot"}


class BallHandling(RuleViolation):
    """A hooper the ball dynamics rules do not allow for this action."""


class BallDynamicsError(RuleViolation):
    """A hooper who cannot play this action under the ball dynamics rules."""


@dataclass(frozen=True)
class Ball:
    """Who may play the next action that needs the ball.

    `holder`: only this hooper (after a dribble); otherwise anyone except
    `barred` (a passer, a screener). Free at the start of an action.
    """

    holder: str | None = None
    barred: frozenset[str] = frozenset()

    def can_play(self, kind: str, hooper: str) -> bool:
        if kind == "screen":
            # A screen is played without the ball: the hooper holding it cannot.
            return hooper != self.holder
        if self.holder is not None:
            return hooper == self.holder
        return hooper not in self.barred

    def eligible(self, kind: str, hoopers: Iterable[str]) -> list[str]:
        return [h for h in hoopers if self.can_play(kind, h)]

    def check(self, kind: str, hooper: str) -> None:
        if self.can_play(kind, hooper):
            return
        if kind == "screen":
            raise BallDynamicsError(f"{hooper} has the ball after a dribble and cannot screen")
        if self.holder is not None:
            raise BallDynamicsError(
                f"{hooper} cannot {kind}: {self.holder} dribbled and keeps the ball"
            )
        raise BallDynamicsError(
            f"{hooper} cannot {kind}: after a pass or screen {hooper} is not eligible"
        )

    def after(self, kind: str, hooper: str) -> Ball:
        """The ball after `hooper` plays the fundamental `kind` ('Fundamental')."""
        self.check(kind, hooper)
        if kind == "dribble":
            return Ball(holder=hooper)
        if kind == "pass":
            return Ball(barred=frozenset({hooper}))
        if kind == "screen":
            if self.holder is not None:
                return self
            return Ball(barred=self.barred | {hooper})
        raise RuleViolation(f"'{kind}' is not a fundamental ({', '.join(words('fundamentals'))})")


def standing(state: Any, team: str) -> list[Mapping[str, Any]]:
    """`team`'s fundamentals of this action whose card stands (a fouled counter took one)."""
    return [
        f for f in getattr(state, "fundamentals", []) if f["team"] == team and not f.get("fouled")
    ]


def ball_of(state: Any, team: str) -> Ball:
    """The ball after `team`'s standing fundamentals of this action."""
    ball = Ball()
    for played in standing(state, team):
        try:
            ball = ball.after(played["kind"], played["hooper"])
        except RuleViolation:
            ball = Ball()  # an old log recorded before this check: start the ball afresh
    return ball


def dribblers(state: Any, team: str) -> list[str]:
    """Who played each dribble standing in `team`'s action (each gives +15)."""
    return [f["hooper"] for f in standing(state, team) if f["kind"] == "dribble"]


def dribble_bonuses(state: Any, team: str, shooter: str, typed: list[int]) -> list[int]:
    """The +15s the shot of `shooter` gains from the action's recorded dribbles, beyond
    those the table typed itself: each typed 15 is taken as one dribble's bonus."""
    dribbles = sum(
        1 for f in standing(state, team) if f["kind"] == "dribble" and f["hooper"] == shooter
    )
    typed_fifteens = sum(1 for b in typed if b == DRIBBLE_BONUS)
    return [DRIBBLE_BONUS] * max(dribbles - typed_fifteens, 0)


def _on_court(side: Any) -> list[str]:
    return [
        h.name
        for h in side.hoopers.values()
        if side.on_court(h.name) and not h.ejected and not h.out
    ]


def may_play(state: Any, team: str, kind: str) -> list[str]:
    """`team`'s hoopers on court the ball allows to play `kind` (a shot kind: the attack)."""
    side = state.teams[team]
    need = "2ps" if kind in SHOT_NAMES else kind
    return ball_of(state, team).eligible(need, _on_court(side))


def _resolve(state: Any, data: Mapping[str, Any], key: str) -> tuple[Any, Any] | None:
    try:
        side = state.team(str(data.get("team", "")))
        return side, side.hooper(str(data.get(key, "")))
    except (KeyError, ValueError, RuleViolation, AttributeError):
        return None  # the move itself names the unknown team or hooper


def check_attacker(state: Any, kind: str, data: Mapping[str, Any]) -> None:
    """Refuse a fundamental or shot by a hooper the ball does not allow (one line naming
    who may play it)."""
    found = _resolve(state, data, "hooper")
    if found is None or found[0].name != getattr(state, "attacking", None):
        return
    side, hooper = found
    need = "2ps" if kind == "shot" else str(data.get("kind", ""))
    if need not in ("2ps", "dribble", "pass", "screen"):
        return
    ball = ball_of(state, side.name)
    if ball.can_play(need, hooper.name):
        return
    verb = "shoot" if kind == "shot" else need
    # One shape for every ball refusal (issue 32): who cannot, the rule's words once, then
    # who may now.
    if need == "screen":
        why = "they dribbled and keep the ball ('a screen by another hooper')"
    elif ball.holder is not None:
        why = (
            f"{ball.holder} dribbled: 'The hooper who performs this action must perform "
            "another action (F2 or A) which involves the ball in hand'"
        )
    else:
        last = _last_barring(state, side.name, hooper.name)
        why = (
            f"'The hooper who performs a {last} can't perform the very following action "
            "(F2 or A) if it involves the ball'"
        )
    allowed = ball.eligible(need, _on_court(side))
    who = ", ".join(allowed) if allowed else "no hooper of " + side.name
    raise BallHandling(f"{hooper.name} cannot {verb}: {why}; who may {verb} now: {who}")


def _last_barring(state: Any, team: str, hooper: str) -> str:
    for played in reversed(standing(state, team)):
        if played["hooper"] == hooper and played["kind"] in ("pass", "screen"):
            return str(played["kind"])
    return "pass"


def check_counter(state: Any, counter: str | None, data: Mapping[str, Any]) -> None:
    """A steal or intercept `--against` a hooper answers that hooper's fundamental of its
    own kind: refused when the recorded fundamentals say the hooper played another one
    (a screen, or a pass for a steal), or when both slots are recorded and none of them
    is a fundamental this counter contests by that hooper."""
    wanted = ANSWERS.get(counter or "")
    if wanted is None or not data.get("against"):
        return
    attacking = getattr(state, "attacking", None)
    if attacking is None:
        return
    side = state.teams[attacking]
    try:
        against = side.hooper(str(data["against"]))
    except (KeyError, ValueError, RuleViolation):
        return  # the move itself names the unknown hooper
    open_ = [f for f in state.fundamentals if f["team"] == attacking and not f.get("countered")]
    if any(f["hooper"] == against.name and f["kind"] == wanted for f in open_):
        return
    mine = [f["kind"] for f in open_ if f["hooper"] == against.name]
    slots_left = getattr(state.phase, "slots", 2) > 0
    if not mine and slots_left:
        return  # the counter says what was played: its fundamental is taken as recorded
    label = {"steal": "a steal", "intercept": "an intercept"}[counter]
    rule = {
        "dribble": "'STEAL DRIBBLE: It is used to contest a dribble'",
        "pass": "'INTERCEPT PASS: It is used to contest a pass'",
    }[wanted]
    if mine:
        played = mine[-1]
        extra = " ('A screen can't be countered by any card')" if played == "screen" else ""
        why = f"{against.name} played a {played}, not a {wanted}{extra}"
    else:
        why = f"{against.name} played no {wanted} in this action (F1 and F2 are recorded)"
    answerable = [
        f"{ANSWER_OF[f['kind']]} --against {f['hooper']!r}" for f in open_ if f["kind"] in ANSWER_OF
    ]
    more = f"; legal now: {', '.join(answerable)}" if answerable else ""
    raise BallHandling(f"{label} answers a {wanted}: {rule}; {why}{more}")


ANSWER_OF = {v: k for k, v in ANSWERS.items()}


def answered(state: Any, counter: str) -> str | None:
    """The hooper a steal or intercept recorded without `--against` answers: the one who
    played the attacking side's last fundamental not answered yet (a counter is played
    right after the fundamental it contests). A screen can't be countered, so it is
    skipped; the last dribble or pass is named whatever its kind, so a steal typed against
    a pass is refused with the rule's words (`check_counter`), not asked who it answers.
    None when no such fundamental was recorded."""
    if counter not in ANSWERS:
        return None
    attacking = getattr(state, "attacking", None)
    for played in reversed(getattr(state, "fundamentals", [])):
        if played["team"] != attacking or played.get("countered"):
            continue
        if played["kind"] in ANSWER_OF:
            return str(played["hooper"])
    return None
