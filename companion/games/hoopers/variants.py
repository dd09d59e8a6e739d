"""Classic Play and Fast Play as values, read from data/hoopers.toml ('Variants')."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.data import load
from companion.engine.names import match_prefix

MILESTONE_MODES = ("win", "lose", "off")


@dataclass(frozen=True)
class Variant:
    name: str
    label: str
    periods: int
    coach_tokens: int
    timeouts: int
    ejected_at: int
    injured_at: int
    milestone_periods: tuple[int, ...]


@cache
def variants() -> dict[str, Variant]:
    table = load("hoopers")["variants"]
    return {
        name: Variant(
            name=name,
            label=row["label"],
            periods=row["periods"],
            coach_tokens=row["coach_tokens"],
            timeouts=row["timeouts"],
            ejected_at=row["ejected_at"],
            injured_at=row["injured_at"],
            milestone_periods=tuple(row["milestone_periods"]),
        )
        for name, row in table.items()
    }


def parse_variant(text: str) -> Variant:
    return variants()[match_prefix(text, variants(), what="variant")]


def parse_milestones(text: str) -> str:
    return match_prefix(text, MILESTONE_MODES, what="milestone mode")
