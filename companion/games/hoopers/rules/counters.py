"""Counter actions: steal dribble, intercept pass, offensive rebound ('Counter')."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engine.names import match_prefix
from companion.engine.values import dataclass
from companion.games.hoopers.data import words
from companion.games.hoopers.rules.dice import D8, parse_d8
from companion.games.hoopers.rules.errors import BadStat, MissingInput, MissingStat, NotAllowedHere
from companion.games.hoopers.rules.fouls import FoulReading, read_foul_die
from companion.games.hoopers.rules.free_throws import AUTO_SCORE, cannot_hit, d20_result
from companion.games.hoopers.rules.stats import check_stat

if TYPE_CHECKING:
    from companion.engine.rng import TableRng

COUNTER_KINDS = words("counters")
POSITIONS = words("positions")
# 'Foul: Basic Concepts': from the third team foul of a period, a counter foul
# also gives the opponent two free throws.
TEAM_FOUL_LIMIT = 3
TEAM_FOUL_FREE_THROWS = 2
# A flagrant foul on the second use of an Unleashed card: "the Unleashed gets 2 FREE THROWS".
FLAGRANT_FREE_THROWS = 2


def parse_counter(text: str) -> str:
    return match_prefix(text, COUNTER_KINDS, what="counter")


def parse_position(text: str) -> str:
    return match_prefix(text, POSITIONS, what="position")


@dataclass(frozen=True)
class CounterSpec:
    """A counter (steal, intercept, rebound) as the table gave it."""

    kind: str
    o: int | None = None
    v: int | None = None
    position: str | None = None  # the attacker's Position token (steal needs it)
    team_fouls: int = 0  # the countering team's fouls this period before this one
    no_foul_die: bool = False  # Manny Gentle
    flagrant_whistle: bool = False  # against the second use of an Unleashed card

    def __post_init__(self) -> None:
        if self.kind not in COUNTER_KINDS:
            raise NotAllowedHere(f"'{self.kind}' is not a counter ({', '.join(COUNTER_KINDS)})")
        if self.flagrant_whistle and self.kind == "rebound":
            raise NotAllowedHere(
                "--flagrant-whistle does not apply to a rebound: the offensive rebound is the "
                "attacker's own counter, not one against the Unleashed card"
            )
        check_stat(self.o, "--o")
        check_stat(self.v, "--v")
        if self.team_fouls < 0:
            raise BadStat(f"--team-fouls {self.team_fouls} cannot be negative")
        if self.kind == "steal" and self.position is None:
            raise MissingInput("a steal needs the dribbler's --position (PG, SG, SF, PF or C)")

    def required_stat(self) -> str:
        """Which of O and V the counter uses before any jump ball."""
        if self.kind == "intercept":
            return "o"
        if self.kind == "rebound":
            return "v"
        if self.position in ("PG", "SG"):
            return "o"
        if self.position in ("PF", "C"):
            return "v"
        # An SF is stolen from with the worse of the two stats.
        if self.o is None or self.v is None:
            raise MissingStat(
                "a steal against an SF needs both --o and --v (the worse is used)",
                "o" if self.o is None else "v",
            )
        return "o" if self.o <= self.v else "v"

    def value(self, stat: str) -> int:
        value = self.o if stat == "o" else self.v
        if value is None:
            raise MissingStat(f"this {self.kind} uses the {stat.upper()} stat: give --{stat}", stat)
        return value

    @property
    def action_label(self) -> str:
        return {"steal": "steal dribble", "intercept": "intercept pass", "rebound": "rebound"}[
            self.kind
        ]


@dataclass(frozen=True)
class CounterOutcome:
    """A counter resolved: its foul die, the stat used, the roll."""

    spec: CounterSpec
    reading: FoulReading
    stat: str | None  # "o" / "v"; None when a foul stops the counter before the d20
    target: int | None
    roll: int | None
    success: bool

    @property
    def foul(self) -> bool:
        return self.reading.foul

    @property
    def jump_ball(self) -> bool:
        return self.reading.jump_ball

    @property
    def flagrant(self) -> bool:
        return self.reading.flagrant

    @property
    def free_throws(self) -> int:
        # A flagrant foul's two free throws and the team-foul rule's two are the
        # same two: the team-foul rule gives a counter foul free throws it would
        # otherwise not have; a flagrant foul already has them.
        if self.flagrant:
            return FLAGRANT_FREE_THROWS
        if self.foul and self.spec.team_fouls >= TEAM_FOUL_LIMIT:
            return TEAM_FOUL_FREE_THROWS
        return 0

    @property
    def free_throws_to(self) -> str | None:
        """Who shoots them: the side opposing the counter."""
        if not self.free_throws:
            return None
        return "defender" if self.spec.kind == "rebound" else "attacker"

    @property
    def consequence(self) -> str:
        if self.foul:
            text = self.reading.outcome
            if self.flagrant:
                return text
            if self.free_throws:
                fouls = self.spec.team_fouls + 1
                text += f" Team foul no. {fouls}: the opponent also shoots 2 free throws."
            return text
        if self.success:
            if self.spec.kind == "rebound":
                return (
                    "Rebound won: draw two cards and attack again without moving the turn "
                    "token, or +15 if the same hooper attacks next."
                )
            return "Ball won: your attacking turn starts now; move the turn token."
        if self.spec.kind == "rebound":
            return "Rebound lost: the defence takes the ball; the attacking turn ends."
        return "Counter failed: the attacker goes on and keeps the fundamental's bonus."

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.spec.kind,
            "stat": self.stat,
            "target": self.target,
            "roll": self.roll,
            "auto": self.target is not None and self.target >= AUTO_SCORE,
            "face": self.reading.face,
            "foul": self.foul,
            "by": self.reading.by,
            "jump_ball": self.jump_ball,
            "success": self.success,
            "free_throws": self.free_throws,
            "free_throws_to": self.free_throws_to,
            "consequence": self.consequence,
            **({"flagrant": True} if self.flagrant else {}),
        }


def resolve_counter(
    spec: CounterSpec,
    *,
    face: str | None = None,
    roll: int | None = None,
    rng: TableRng | None = None,
) -> CounterOutcome:
    """Foul die first (unless Manny Gentle), then the d20 against O or V."""
    if spec.no_foul_die:
        if face is not None:
            raise NotAllowedHere(f"foul die face '{face}' given but the die is not rolled")
    elif face is None:
        if rng is None:
            raise MissingInput("the counter needs the foul die (--face)")
        face = rng.roll(D8)
    reading = read_foul_die(
        spec.kind,
        None if spec.no_foul_die else parse_d8(face),
        flagrant_whistle=spec.flagrant_whistle,
    )
    if reading.foul:
        return CounterOutcome(spec, reading, None, None, None, False)
    stat = spec.required_stat()
    if reading.jump_ball:
        stat = "v" if stat == "o" else "o"
    target = spec.value(stat)
    if target >= AUTO_SCORE:
        return CounterOutcome(spec, reading, stat, target, None, True)
    if cannot_hit(target, roll):
        return CounterOutcome(spec, reading, stat, target, None, False)
    rolled = d20_result(roll, rng, spec.kind)
    return CounterOutcome(spec, reading, stat, target, rolled, rolled <= target)
