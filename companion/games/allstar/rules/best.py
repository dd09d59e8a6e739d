"""The strongest five of a bench or hand (six to eighteen cards)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from companion.games.allstar.rules.cards import TEAM_SIZE, Card
from companion.games.allstar.rules.errors import BadTeam
from companion.games.allstar.rules.facts import TableConfig
from companion.games.allstar.rules.teams import (
    CRITERIA,
    TeamStrength,
    compare,
    medal_order,
    team_strength,
    value_order_decided,
)

MIN_CARDS, MAX_CARDS = 6, 18

Key = tuple[int, int, int, int]


@dataclass(frozen=True)
class BestTeam:
    best: TeamStrength
    runner_up: TeamStrength | None  # the strongest team that ranks strictly below
    equally_strong: int  # how many five-card choices match the best
    considered: int


def best_team(
    cards: Sequence[Card],
    managers: int,
    config: TableConfig,
    combos: Collection[str] = (),
) -> BestTeam:
    """Try every five of the cards (8,568 at most); the first-listed choice wins a tie."""
    if not MIN_CARDS <= len(cards) <= MAX_CARDS:
        raise BadTeam(f"give {MIN_CARDS} to {MAX_CARDS} cards to choose from (got {len(cards)})")
    key = team_key(cards, managers, config, combos)
    keyed = [(key(five), five) for five in combinations(range(len(cards)), TEAM_SIZE)]
    top = max(k for k, _ in keyed)
    below = [(k, five) for k, five in keyed if k < top]
    runner_key = max((k for k, _ in below), default=None)

    def strength(five: tuple[int, ...]) -> TeamStrength:
        return team_strength([cards[i] for i in five], managers, config, combos)

    return BestTeam(
        best=strength(next(five for k, five in keyed if k == top)),
        runner_up=strength(next(five for k, five in below if k == runner_key)) if below else None,
        equally_strong=sum(k == top for k, _ in keyed),
        considered=len(keyed),
    )


def team_key(
    cards: Sequence[Card], managers: int, config: TableConfig, combos: Collection[str]
) -> Callable[[tuple[int, ...]], Key]:
    """`team_strength(...).key` for five indices into `cards`, with the lookups done once.

    The search calls this thousands of times, so attribute values become small integers.
    """
    medals = medal_order(managers)
    ids: dict[tuple[str, Any], int] = {}
    score: list[tuple[int, int]] = []  # (medal score, value strength) per attribute value
    owned: list[tuple[int, ...]] = []
    for card in cards:
        mine = []
        for criterion in CRITERIA:
            value = card.value(criterion)
            if value is None:
                continue
            if (criterion, value) not in ids:
                ids[criterion, value] = len(score)
                score.append((3 - medals.index(criterion), config.strength(criterion, value)))
            mine.append(ids[criterion, value])
        owned.append(tuple(mine))
    shared = [frozenset(m) for m in owned]
    numbers = [c.number for c in cards]
    symbols = [c.symbol for c in cards]
    every_symbol = set(config.symbols)

    def has_combo(five: tuple[int, ...], most: int) -> bool:
        if "straight" in combos:
            run = sorted(numbers[i] for i in five)
            if run == list(range(run[0], run[0] + 5)):
                return True
        if "rainbow" in combos and {symbols[i] for i in five} == every_symbol:
            return True
        if "full-house" in combos and most >= 3:  # no trio, no full house
            for trio in combinations(five, 3):
                pair = [i for i in five if i not in trio]
                trio_shares = shared[trio[0]] & shared[trio[1]] & shared[trio[2]]
                if trio_shares and (shared[pair[0]] & shared[pair[1]]) - trio_shares:
                    return True
        return False

    def key(five: tuple[int, ...]) -> Key:
        counts: dict[int, int] = {}
        for i in five:
            for attr in owned[i]:
                counts[attr] = counts.get(attr, 0) + 1
        best = max(counts, key=lambda a: (counts[a], score[a]))
        combo = 1 if combos and has_combo(five, counts[best]) else 0
        return (combo, counts[best], *score[best])

    return key


def orders_deciding(team: TeamStrength, runner: TeamStrength | None) -> list[str]:
    """Criteria whose value order decided the best team or its margin over the runner-up."""
    used = [team.criterion] if value_order_decided(team) else []
    if runner is not None:
        decided = compare(team, runner, "best", "runner-up")
        used += [decided.criterion] if decided.criterion else []
    return used
