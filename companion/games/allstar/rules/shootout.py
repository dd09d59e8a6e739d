"""Penalty Shots: single cards compared by their Gold, then Silver, then Bronze values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.allstar.rules.cards import Card
from companion.games.allstar.rules.errors import BadTeam, OutOfTurn
from companion.games.allstar.rules.facts import TableConfig
from companion.games.allstar.rules.teams import MEDALS, medal_order


@dataclass(frozen=True)
class ShotStep:
    """Why one card beat the next: the first medal criterion whose values differ."""

    ahead: str
    behind: str
    medal: str
    criterion: str
    values: tuple[object, object]


@dataclass(frozen=True)
class ShootoutOutcome:
    order: tuple[str, ...]  # strongest first
    cards: dict[str, Card]
    steps: tuple[ShotStep, ...]

    @property
    def winner(self) -> str:
        return self.order[0]

    @property
    def loser(self) -> str:
        return self.order[-1]

    @property
    def orders_relied_on(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.criterion for s in self.steps))

    def explanation(self) -> list[str]:
        return [
            f"{s.ahead} ahead of {s.behind}: {s.medal} ({s.criterion}) {s.values[0]} beats "
            f"{s.values[1] if s.values[1] is not None else 'no ' + s.criterion}"
            for s in self.steps
        ]

    def to_json(self) -> dict[str, Any]:
        """The shot as a tracked game's outcome keeps it: order, cards and each step."""
        return {
            "order": list(self.order),
            "cards": {m: str(c) for m, c in self.cards.items()},
            "steps": [
                {
                    "ahead": s.ahead,
                    "behind": s.behind,
                    "medal": s.medal,
                    "criterion": s.criterion,
                    "values": list(s.values),
                }
                for s in self.steps
            ],
        }


def card_key(card: Card, managers: int, config: TableConfig) -> tuple[int, ...]:
    # A card without a Symbol is weaker on Symbol than any card with one.
    return tuple(
        config.strength(c, card.value(c)) if card.value(c) is not None else 0
        for c in medal_order(managers)
    )


def check_distinct(cards: Mapping[str, Card]) -> None:
    """Each card is in the box once, so two managers cannot shoot the same one."""
    seen: dict[tuple[str, int], str] = {}
    for manager, card in cards.items():
        if card.identity in seen:
            raise BadTeam(f"{seen[card.identity]} and {manager} both play {card}")
        seen[card.identity] = manager


def resolve_shootout(
    cards: Mapping[str, Card], managers: int, config: TableConfig
) -> ShootoutOutcome:
    """Order the shooters; the last one loses the Penalty Shot."""
    if len(cards) < 2:
        raise BadTeam(f"a shootout needs two or more managers (got {len(cards)})")
    check_distinct(cards)
    medals = medal_order(managers)
    keys = {m: card_key(c, managers, config) for m, c in cards.items()}
    order = sorted(cards, key=lambda m: keys[m], reverse=True)
    steps = []
    for ahead, behind in zip(order, order[1:], strict=False):
        if keys[ahead] == keys[behind]:
            raise OutOfTurn(
                f"{ahead}'s {cards[ahead]} and {behind}'s {cards[behind]} are equal on every "
                "criterion; shoot again"
            )
        i = next(i for i in range(3) if keys[ahead][i] != keys[behind][i])
        crit = medals[i]
        steps.append(
            ShotStep(
                ahead,
                behind,
                MEDALS[i],
                crit,
                (cards[ahead].value(crit), cards[behind].value(crit)),
            )
        )
    return ShootoutOutcome(tuple(order), dict(cards), tuple(steps))
