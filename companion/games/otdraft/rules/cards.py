"""Cards, selectors and the rule kinds of the catalogue's small rules language."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.engine.names import match_prefix

CATEGORIES = ("Leader", "Location", "Prophet", "Regular", "Thing")
TRAITS = ("Animal", "Food", "Man", "Woman")


@dataclass(frozen=True)
class Selector:
    """`"David"` (a name), `"category:Leader"` or `"trait:Woman"`."""

    kind: str  # "name" | "category" | "trait"
    value: str

    def matches(self, card: Card) -> bool:
        if self.kind == "name":
            return card.name == self.value
        if self.kind == "category":
            return card.category == self.value
        return self.value in card.traits

    def __str__(self) -> str:
        return self.value if self.kind == "name" else f"{self.kind}:{self.value}"


def matches_any(selectors: Iterable[Selector], card: Card) -> bool:
    return any(s.matches(card) for s in selectors)


def _names(selectors: Iterable[Selector]) -> list[str]:
    return [str(s) for s in selectors]


@dataclass(frozen=True)
class Destroy:
    """At game end, destroys the matching cards on its own team (never itself)."""

    targets: tuple[Selector, ...]

    def to_raw(self) -> dict[str, Any]:
        return {"destroy": _names(self.targets)}

    def text(self) -> str:
        return f"destroys {', '.join(_names(self.targets))}"


@dataclass(frozen=True)
class Protect:
    """Protects matching cards from destruction by cards matching `sources`.

    Without `choose` it protects every matching card (no choice to make); with
    `choose = N` the player picks which N of them it protects.
    """

    targets: tuple[Selector, ...]
    sources: tuple[Selector, ...] | None = None  # None: from any card
    choose: int | None = None  # None: every matching card, no choice

    def covers(self, target: Card, destroyer: Card) -> bool:
        if not matches_any(self.targets, target):
            return False
        return self.sources is None or matches_any(self.sources, destroyer)

    def to_raw(self) -> dict[str, Any]:
        raw: dict[str, Any] = {"protect": _names(self.targets)}
        if self.sources is not None:
            raw["from"] = _names(self.sources)
        if self.choose is not None:
            raw["choose"] = self.choose
        return raw

    def text(self) -> str:
        what = ", ".join(_names(self.targets))
        if self.choose is not None:
            what = f"{self.choose} of {what}"
        source = f" from {', '.join(_names(self.sources))}" if self.sources is not None else ""
        return f"protects {what}{source}"


@dataclass(frozen=True)
class Silence:
    """The chosen matching card(s) act as if they had no rules."""

    targets: tuple[Selector, ...]
    choose: int = 1

    def to_raw(self) -> dict[str, Any]:
        return {"silence": _names(self.targets), "choose": self.choose}

    def text(self) -> str:
        return f"silences {self.choose} of {', '.join(_names(self.targets))}"


@dataclass(frozen=True)
class Each:
    """+points for every matching card on the team."""

    target: Selector
    points: int

    def to_raw(self) -> dict[str, Any]:
        return {"each": str(self.target), "points": self.points}

    def text(self) -> str:
        return f"{self.points:+d} for every {self.target}"


@dataclass(frozen=True)
class All:
    """+points when every listed selector matches a card on the team."""

    targets: tuple[Selector, ...]
    points: int

    def to_raw(self) -> dict[str, Any]:
        return {"all": _names(self.targets), "points": self.points}

    def text(self) -> str:
        return f"{self.points:+d} with all of {', '.join(_names(self.targets))}"


@dataclass(frozen=True)
class PerDestroyed:
    """+points for every card this card destroys."""

    points: int

    def to_raw(self) -> dict[str, Any]:
        return {"per_destroyed": self.points}

    def text(self) -> str:
        return f"{self.points:+d} for every card it destroys"


@dataclass(frozen=True)
class UniquePoints:
    """+points for every distinct starting-points value from low to high on the team."""

    low: int
    high: int
    points: int

    def to_raw(self) -> dict[str, Any]:
        return {"unique_points": [self.low, self.high], "points": self.points}

    def text(self) -> str:
        return f"{self.points:+d} for every distinct starting value {self.low}-{self.high}"


@dataclass(frozen=True)
class Double:
    """The matching cards' totals are doubled."""

    targets: tuple[Selector, ...]

    def to_raw(self) -> dict[str, Any]:
        return {"double": _names(self.targets)}

    def text(self) -> str:
        return f"doubles {', '.join(_names(self.targets))}"


@dataclass(frozen=True)
class Leftover:
    """During the draft, may take `count` leftover Draftline cards at each round's end."""

    count: int

    def to_raw(self) -> dict[str, Any]:
        return {"leftover": self.count}

    def text(self) -> str:
        return f"may take {self.count} leftover card{'s' if self.count != 1 else ''} each round"


Rule = Destroy | Protect | Silence | Each | All | PerDestroyed | UniquePoints | Double | Leftover


@dataclass(frozen=True)
class Card:
    name: str
    category: str
    points: int
    traits: tuple[str, ...] = ()
    rules: tuple[Rule, ...] = ()
    line: int | None = field(default=None, compare=False)

    def rules_of(self, kind: type) -> list[Any]:
        return [r for r in self.rules if isinstance(r, kind)]

    def to_raw(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "category": self.category,
            "points": self.points,
            "traits": list(self.traits),
            "rules": [r.to_raw() for r in self.rules],
        }

    def to_json(self) -> dict[str, Any]:
        """`cards show --json`: the catalogue entry and each rule in words."""
        return {**self.to_raw(), "rules_text": [r.text() for r in self.rules]}


@dataclass(frozen=True)
class Catalogue:
    """The table's description of the deck; names are unique."""

    cards: tuple[Card, ...]
    source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {c.name: c for c in self.cards})

    def __deepcopy__(self, memo: dict[int, Any]) -> Catalogue:
        # Frozen all the way down: a copied draft (the legal-moves query tries every
        # candidate on one) shares it rather than copying 54 cards per try.
        return self

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.cards]

    def __getitem__(self, name: str) -> Card:
        return self._by_name[name]  # type: ignore[attr-defined]

    def __contains__(self, name: object) -> bool:
        return name in self._by_name  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return len(self.cards)

    def find(self, typed: str) -> Card:
        """The card `typed` names, by exact name or unique prefix."""
        return self[match_prefix(typed, self.names, what="card")]

    def to_raw(self) -> dict[str, Any]:
        return {"source": self.source, "cards": [c.to_raw() for c in self.cards]}

    def counts(self) -> dict[str, int]:
        """How many cards of each category."""
        return {c: sum(1 for card in self.cards if card.category == c) for c in CATEGORIES}

    def summary_json(self) -> dict[str, Any]:
        return {"source": self.source, "cards": len(self), "categories": self.counts()}
