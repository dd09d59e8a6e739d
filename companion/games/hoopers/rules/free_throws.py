"""Free throws: 2PS + 15 (basic 2PS for a Series away side), worth one point, never defended."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.engine.values import dataclass
from companion.games.hoopers.rules.dice import D20, parse_d20
from companion.games.hoopers.rules.errors import BadStat, MissingInput
from companion.games.hoopers.rules.stats import check_stat

if TYPE_CHECKING:
    from companion.engine.rng import TableRng

FREE_THROW_BONUS = 15
AUTO_SCORE = 100  # a target this high scores without rolling (rulebook "Playbooks")
LOWEST_ROLL = 5  # the d20's lowest result: a target below it cannot be hit, nothing is rolled


def cannot_hit(target: int, roll: int | None) -> bool:
    """No d20 is rolled for a target below the die's lowest result (unless the table did)."""
    return roll is None and target < LOWEST_ROLL


@dataclass(frozen=True)
class FreeThrow:
    """One free throw: its target, the roll and whether it went in."""

    target: int | None  # None when the shooter's 2PS is not known
    roll: int | None  # None when not rolled (unknown 2PS, or target >= 100)
    made: bool | None

    @property
    def auto(self) -> bool:
        return self.target is not None and self.target >= AUTO_SCORE

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "roll": self.roll, "made": self.made}


def free_throw_target(stat_2ps: int, away: bool = False) -> int:
    return stat_2ps + (0 if away else FREE_THROW_BONUS)


def resolve_free_throw(
    stat_2ps: int | None,
    *,
    away: bool = False,
    roll: int | None = None,
    rng: TableRng | None = None,
) -> FreeThrow:
    """One free throw as in 'Foul: Basic Concepts'."""
    check_stat(stat_2ps, "--ft-stat")
    if stat_2ps is None:
        if roll is not None:
            raise MissingInput(f"free throw roll {roll} given but the shooter's 2PS is not")
        return FreeThrow(None, None, None)
    target = free_throw_target(stat_2ps, away)
    if target >= AUTO_SCORE:
        return FreeThrow(target, None, True)
    roll = d20_result(roll, rng, "free throw")
    return FreeThrow(target, roll, roll <= target)


def resolve_free_throws(
    count: int,
    stat_2ps: int | None,
    *,
    away: bool = False,
    rolls: Sequence[int] = (),
    rng: TableRng | None = None,
) -> tuple[FreeThrow, ...]:
    """`count` free throws, using the table's `rolls` first and `rng` for the rest."""
    if stat_2ps is not None:
        needed = 0 if free_throw_target(stat_2ps, away) >= AUTO_SCORE else count
        if len(rolls) > needed:
            raise BadStat(
                f"{len(rolls)} free throw rolls given ({', '.join(map(str, rolls))}) "
                f"but only {needed} free throws are rolled"
            )
    elif rolls:
        raise MissingInput("free throw rolls given without --ft-stat (the shooter's 2PS)")
    given = list(rolls)
    return tuple(
        resolve_free_throw(stat_2ps, away=away, roll=given.pop(0) if given else None, rng=rng)
        for _ in range(count)
    )


def d20_result(roll: int | None, rng: TableRng | None, what: str) -> int:
    if roll is not None:
        return parse_d20(roll)
    if rng is None:
        raise MissingInput(f"no d20 result for the {what} (give --roll or let the companion roll)")
    return rng.roll(D20)
