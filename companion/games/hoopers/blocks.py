"""Blocks: a boosted defence or counter that negates the attempt to score ('Block')."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.engine.dice import parse_d8
from companion.games.hoopers.errors import MissingInput, NotAllowedHere
from companion.games.hoopers.fouls import FoulReading, read_foul_die
from companion.games.hoopers.free_throws import FreeThrow, resolve_free_throws
from companion.games.hoopers.shots import FREE_THROWS_IF_MISSED, SHOT_KINDS
from companion.games.hoopers.stats import check_stat

if TYPE_CHECKING:
    from companion.engine.rng import TableRng

BLOCK_OUTCOMES = {"foul": "foul", "restart-f2": "restart-f2", "restart-a": "restart-a"}


@dataclass(frozen=True)
class BlockOutcome:
    reading: FoulReading
    against: str | None  # the shot blocked; None for a block on a counter
    free_throws: tuple[FreeThrow, ...]

    @property
    def outcome(self) -> str:
        return BLOCK_OUTCOMES.get(self.reading.effect, "blocked")

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
            "sentence": self.reading.outcome,
        }


def resolve_block(
    *,
    face: str | None = None,
    against: str | None = None,
    keepers_block: bool = False,
    linda: bool = False,
    ft_stat: int | None = None,
    away: bool = False,
    ft_rolls: Sequence[int] = (),
    rng: TableRng | None = None,
) -> BlockOutcome:
    """The foul die decides the block; a foul against a shot gives its free throws directly."""
    if against is not None and against not in SHOT_KINDS:
        raise NotAllowedHere(f"--against '{against}' is not a shot kind ({', '.join(SHOT_KINDS)})")
    check_stat(ft_stat, "--ft-stat")
    if face is None:
        if rng is None:
            raise MissingInput("a block needs the foul die (--face)")
        face = rng.d8()
    reading = read_foul_die("block", parse_d8(face), keepers_block=keepers_block, linda=linda)
    fts: tuple[FreeThrow, ...] = ()
    if reading.foul and against is not None:
        count = FREE_THROWS_IF_MISSED[against]
        fts = resolve_free_throws(count, ft_stat, away=away, rolls=ft_rolls, rng=rng)
    elif ft_rolls:
        raise NotAllowedHere("free throw rolls given but the block gives no free throws")
    return BlockOutcome(reading, against, fts)
