"""Blocks: a boosted defence or counter that negates the attempt to score ('Block')."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.engine.values import dataclass
from companion.games.hoopers.data import words
from companion.games.hoopers.rules.counters import TEAM_FOUL_FREE_THROWS, TEAM_FOUL_LIMIT
from companion.games.hoopers.rules.dice import D8, parse_d8
from companion.games.hoopers.rules.errors import BadStat, MissingInput, NotAllowedHere
from companion.games.hoopers.rules.fouls import FoulReading, read_foul_die
from companion.games.hoopers.rules.free_throws import FreeThrow, resolve_free_throws
from companion.games.hoopers.rules.shots import FREE_THROWS_IF_MISSED, SHOT_KINDS
from companion.games.hoopers.rules.stats import check_stat

if TYPE_CHECKING:
    from companion.engine.rng import TableRng

BLOCK_OUTCOMES = {"foul": "foul", "restart-f2": "restart-f2", "restart-a": "restart-a"}
# "A BLOCK is a boosted defense or counter": a shot's defence, or a steal or intercept.
BLOCKED_COUNTERS = words("fundamental_counters")
BLOCK_AGAINST = (*SHOT_KINDS, *BLOCKED_COUNTERS)


@dataclass(frozen=True)
class BlockOutcome:
    """A block resolved: its foul die, what it stopped, free throws owed."""

    reading: FoulReading
    against: str | None  # the shot or counter blocked; None: not said
    free_throws: tuple[FreeThrow, ...]
    team_fouls: int = 0  # the blocking team's fouls this period before this one

    @property
    def outcome(self) -> str:
        return BLOCK_OUTCOMES.get(self.reading.effect, "blocked")

    @property
    def counter(self) -> bool:
        return self.against in BLOCKED_COUNTERS

    @property
    def attacker_injury_cube(self) -> bool:
        """A foul by the blocker, or Linda Siempre's whistle: the attacker's white cube."""
        return self.reading.foul or self.reading.attacker_injury_cube

    @property
    def sentence(self) -> str:
        text = self.reading.outcome
        if self.reading.foul and self.counter:
            text += (
                f" A whistle on a blocked {self.against} is a counter foul: the attacking "
                "action goes on without that slot and its bonus."
            )
            if self.free_throws:
                text += (
                    f" Team foul no. {self.team_fouls + 1}: the opponent also shoots "
                    f"{len(self.free_throws)} free throws."
                )
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "face": self.reading.face,
            "reads_as": self.reading.reads_as,
            "foul": self.reading.foul,
            "by": self.reading.by,
            "outcome": self.outcome,
            "against": self.against,
            "free_throws": [ft.to_json() for ft in self.free_throws],
            "total_points": sum(1 for ft in self.free_throws if ft.made),
            "sentence": self.sentence,
            **({"team_fouls": self.team_fouls} if self.counter else {}),
            **({"linda": True} if self.reading.linda else {}),
            **({"attacker_injury_cube": True} if self.attacker_injury_cube else {}),
        }


def block_free_throws(reading: FoulReading, against: str | None, team_fouls: int) -> int:
    """How many free throws a block gives ('Block' a; 'Foul: Basic Concepts' team fouls)."""
    if not reading.foul or against is None:
        return 0
    if against in SHOT_KINDS:
        return FREE_THROWS_IF_MISSED[against]
    return TEAM_FOUL_FREE_THROWS if team_fouls >= TEAM_FOUL_LIMIT else 0


def resolve_block(
    *,
    face: str | None = None,
    against: str | None = None,
    keepers_block: bool = False,
    linda: bool = False,
    ft_stat: int | None = None,
    away: bool = False,
    ft_rolls: Sequence[int] = (),
    team_fouls: int = 0,
    rng: TableRng | None = None,
) -> BlockOutcome:
    """The foul die decides the block; a foul gives the action's free throws directly.

    Against a shot: two or three free throws. Against a counter (steal,
    intercept) the whistle is a counter foul: two free throws only from the
    blocking team's fourth foul of the period (`team_fouls` before it ≥ 3).
    """
    if against is not None and against not in BLOCK_AGAINST:
        raise NotAllowedHere(
            f"--against '{against}' is not a shot or a counter ({', '.join(BLOCK_AGAINST)})"
        )
    if keepers_block and against in BLOCKED_COUNTERS:
        raise NotAllowedHere(
            "--keepers-block: the Keepers power turns a face-down defence card into a block, "
            f"so it blocks a shot, not a {against}"
        )
    if team_fouls < 0:
        raise BadStat(f"--team-fouls {team_fouls} cannot be negative")
    check_stat(ft_stat, "--ft-stat")
    if face is None:
        if rng is None:
            raise MissingInput("a block needs the foul die (--face)")
        face = rng.roll(D8)
    reading = read_foul_die("block", parse_d8(face), keepers_block=keepers_block, linda=linda)
    count = block_free_throws(reading, against, team_fouls)
    fts: tuple[FreeThrow, ...] = ()
    if count:
        fts = resolve_free_throws(count, ft_stat, away=away, rolls=ft_rolls, rng=rng)
    elif ft_rolls:
        raise NotAllowedHere("free throw rolls given but the block gives no free throws")
    return BlockOutcome(reading, against, fts, team_fouls)
