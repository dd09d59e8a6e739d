"""Team Power, the arena combinations, and the Gold/Silver/Bronze tie-breaker."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from companion.games.allstar.data import load
from companion.games.allstar.rules.cards import Card
from companion.games.allstar.rules.errors import BadManagers
from companion.games.allstar.rules.facts import TableConfig

CRITERIA = ("symbol", "number", "species")
MEDALS = ("gold", "silver", "bronze")
COMBOS = ("straight", "full-house", "rainbow")


def medal_order(managers: int) -> tuple[str, str, str]:
    """The Gold, Silver and Bronze criteria on the Tie-Breaker card for `managers`."""
    table = load("game")["tiebreaker"]
    if str(managers) not in table:
        raise BadManagers(f"{managers} manager(s): All-Star Draft is for 2 to 6")
    return tuple(table[str(managers)])  # type: ignore[return-value]


def tiebreaker_face(managers: int) -> str:
    medal_order(managers)
    return load("game")["tiebreaker"]["face"][str(managers)]


@dataclass(frozen=True)
class Group:
    """Cards of a team sharing one attribute value."""

    criterion: str
    value: Any
    size: int


def groups(cards: Sequence[Card]) -> list[Group]:
    found = []
    for criterion in CRITERIA:
        counts = Counter(c.value(criterion) for c in cards)
        found += [Group(criterion, v, n) for v, n in counts.items() if v is not None]
    return found


def power(cards: Sequence[Card]) -> int:
    """The most cards sharing one Symbol, Number or Species (1 to 5)."""
    return max((g.size for g in groups(cards)), default=1)


def _shares(cards: Sequence[Card]) -> list[tuple[str, Any]]:
    return [
        (crit, cards[0].value(crit))
        for crit in CRITERIA
        if cards[0].value(crit) is not None
        and all(c.value(crit) == cards[0].value(crit) for c in cards)
    ]


def is_straight(cards: Sequence[Card]) -> bool:
    numbers = sorted(c.number for c in cards)
    return len(cards) == 5 and numbers == list(range(numbers[0], numbers[0] + 5))


def is_full_house(cards: Sequence[Card]) -> bool:
    # Three share an attribute and the other two share one, not merely the same one
    # (that would be Power 5, which the icon says this beats).
    if len(cards) != 5:
        return False
    for trio in combinations(range(5), 3):
        pair = [cards[i] for i in range(5) if i not in trio]
        trio_shares = _shares([cards[i] for i in trio])
        pair_shares = _shares(pair)
        if any(p not in trio_shares for p in pair_shares) and trio_shares:
            return True
    return False


def is_rainbow(cards: Sequence[Card], symbols: Collection[str]) -> bool:
    present = {c.symbol for c in cards}
    return len(cards) == 5 and len(present) == 5 and present == set(symbols)


def combos_of(
    cards: Sequence[Card], symbols: Collection[str], wanted: Collection[str] = COMBOS
) -> tuple[str, ...]:
    """The arena combinations among `wanted` that the team holds."""
    checks = {
        "straight": lambda: is_straight(cards),
        "full-house": lambda: is_full_house(cards),
        "rainbow": lambda: is_rainbow(cards, symbols),
    }
    return tuple(name for name in COMBOS if name in wanted and checks[name]())


@dataclass(frozen=True)
class TeamStrength:
    """How a team ranks: arena combo, then Power, then the medal and value of its best group."""

    cards: tuple[Card, ...]
    power: int
    criterion: str
    value: Any
    medal: str
    combo: str | None
    key: tuple[int, int, int, int]  # higher is stronger; equal keys share a rank

    def to_json(self) -> dict[str, Any]:
        return {
            "power": self.power,
            "criterion": self.criterion,
            "value": self.value,
            "medal": self.medal,
            "combo": self.combo,
            "cards": [str(c) for c in self.cards],
        }


def team_strength(
    cards: Sequence[Card],
    managers: int,
    config: TableConfig,
    combos: Collection[str] = (),
) -> TeamStrength:
    """Power and the group that counts: where several groups have the team's Power,
    the best medal, then the strongest value, counts."""
    medals = medal_order(managers)
    found = groups(cards)
    top = max(g.size for g in found)
    best = max(
        (g for g in found if g.size == top),
        key=lambda g: (-medals.index(g.criterion), config.strength(g.criterion, g.value)),
    )
    held = combos_of(cards, config.symbols, combos) if combos else ()
    medal_index = medals.index(best.criterion)
    return TeamStrength(
        cards=tuple(cards),
        power=top,
        criterion=best.criterion,
        value=best.value,
        medal=MEDALS[medal_index],
        combo=held[0] if held else None,
        key=(1 if held else 0, top, 3 - medal_index, config.strength(best.criterion, best.value)),
    )


def value_order_decided(strength: TeamStrength) -> bool:
    """True when the value order picked which of several equal groups counts."""
    rivals = [
        g
        for g in groups(strength.cards)
        if g.size == strength.power and g.criterion == strength.criterion
    ]
    return len(rivals) > 1


@dataclass(frozen=True)
class Comparison:
    """Why one team ranks above another (or why they tie)."""

    decided_by: str  # combo, power, medal, value or tie
    text: str
    criterion: str | None = None  # whose value order decided, when decided_by == "value"


def compare(a: TeamStrength, b: TeamStrength, a_name: str, b_name: str) -> Comparison:
    """Explain the comparison of `a` (ranked at or above) with `b`."""
    if a.key[0] != b.key[0]:
        return Comparison("combo", f"{a_name} ahead of {b_name}: {a.combo} beats any Power")
    if a.power != b.power:
        return Comparison(
            "power", f"{a_name} ahead of {b_name}: Power {a.power} beats Power {b.power}"
        )
    head = f"both Power {a.power}" + (f" with {a.combo}" if a.combo else "")
    if a.criterion != b.criterion:
        return Comparison(
            "medal",
            f"{a_name} ahead of {b_name}: {head}; {a.criterion} ({a.medal}) beats "
            f"{b.criterion} ({b.medal})",
        )
    if a.value != b.value:
        return Comparison(
            "value",
            f"{a_name} ahead of {b_name}: {head} on {a.criterion} ({a.medal}); "
            f"{a.value} beats {b.value} in the {a.criterion} order",
            a.criterion,
        )
    return Comparison(
        "tie",
        f"{a_name} and {b_name} tie: {head} on {a.criterion} {a.value}; they share the rank",
    )
