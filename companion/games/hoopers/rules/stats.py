"""Checking the numbers typed from the cards before any rule uses them."""

from __future__ import annotations

from companion.games.hoopers.rules.errors import BadStat

STAT_RANGE = (0, 100)
BONUS_RANGE = (-100, 100)


def check_stat(value: int | None, option: str) -> int | None:
    """A card stat (2PS, D2, O, V …): 0 to 100, in any step the upgrades allow."""
    if value is None:
        return None
    low, high = STAT_RANGE
    if not low <= value <= high:
        raise BadStat(f"{option} {value} is not a stat ({low} to {high})")
    return value


def check_bonus(value: int, option: str = "--bonus") -> int:
    low, high = BONUS_RANGE
    if not low <= value <= high:
        raise BadStat(f"{option} {value} is out of range ({low} to {high})")
    return value


def signed(value: int) -> str:
    """`+ 15` / `− 10`, for printed working."""
    return f"+ {value}" if value >= 0 else f"− {-value}"
