"""The injury markers an event draws: read back from the event when a log is folded again,
drawn from the pile with the table's RNG when a move is recorded (rules/effects.py)."""

from __future__ import annotations

from typing import Any

from companion.engine.errors import RuleViolation
from companion.engine.rng import TableRng


class Draws:
    """Injury markers: taken from the event when replaying, drawn when playing."""

    def __init__(self, data: dict[str, Any], rng: TableRng | None) -> None:
        self.given = list(data.get("markers", []))
        self.rng = rng
        self.drawn: list[str | None] = []

    def marker(self, pile: list[str]) -> str | None:
        if self.given:
            marker = self.given.pop(0)
        elif not pile:
            marker = None
        elif self.rng is None:
            raise RuleViolation("an injury marker draw is missing from the match log")
        else:
            marker = self.rng.choice(pile)
        if marker is not None:
            pile.remove(marker)
        self.drawn.append(marker)
        return marker
