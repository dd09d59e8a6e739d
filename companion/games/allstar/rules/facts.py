"""The table's own facts: species, symbols and the strength order inside each criterion.

The rulebook prints none of these; defaults come from games/allstar/data/defaults.toml and
stay marked unconfirmed until the table sets or confirms them from its own box.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.allstar.data import load
from companion.games.allstar.rules.errors import BadConfig

KEYS = ("species", "symbols", "numbers")
_FORBIDDEN = set("-,= ")


@dataclass(frozen=True)
class TableConfig:
    """Each tuple runs from weakest to strongest."""

    species: tuple[str, ...]
    symbols: tuple[str, ...]
    numbers: tuple[int, ...]
    confirmed: frozenset[str] = field(default_factory=frozenset)

    def order(self, criterion: str) -> tuple[Any, ...]:
        return {"species": self.species, "symbol": self.symbols, "number": self.numbers}[criterion]

    def strength(self, criterion: str, value: Any) -> int:
        """1 for the weakest value of `criterion`, higher is stronger."""
        order = self.order(criterion)
        if value not in order:
            # Possible when a game's cards were typed before the table renamed a value.
            raise BadConfig(f"{criterion} '{value}' is not in the table's {criterion} order")
        return order.index(value) + 1

    def is_confirmed(self, key: str) -> bool:
        return key in self.confirmed

    def key_for(self, criterion: str) -> str:
        return {"species": "species", "symbol": "symbols", "number": "numbers"}[criterion]

    def orders(self) -> dict[str, list[Any]]:
        """The part of the configuration a result depends on (kept in match events)."""
        return {
            "species": list(self.species),
            "symbols": list(self.symbols),
            "numbers": list(self.numbers),
        }

    def to_doc(self) -> dict[str, Any]:
        return {**self.orders(), "confirmed": sorted(self.confirmed)}

    def unconfirmed(self, criteria: Iterable[str]) -> list[str]:
        """Settings a result relied on that the table has not confirmed from its box."""
        keys = dict.fromkeys(self.key_for(c) for c in criteria)
        return [k for k in keys if not self.is_confirmed(k)]


def default_config() -> TableConfig:
    data = load("defaults")
    return TableConfig(tuple(data["species"]), tuple(data["symbols"]), tuple(data["numbers"]))


def config_from_doc(doc: Mapping[str, Any] | None) -> TableConfig:
    """The stored configuration over the defaults (missing keys stay default)."""
    base = default_config()
    if not doc:
        return base
    values = {k: tuple(doc.get(k, base.order(_criterion(k)))) for k in KEYS}
    return TableConfig(
        species=values["species"],
        symbols=values["symbols"],
        numbers=tuple(int(n) for n in values["numbers"]),
        confirmed=frozenset(doc.get("confirmed", ())),
    )


def _criterion(key: str) -> str:
    return {"species": "species", "symbols": "symbol", "numbers": "number"}[key]


def with_value(config: TableConfig, key: str, values: Sequence[str]) -> TableConfig:
    """`config` with `key` set to `values` (weakest first) and marked confirmed."""
    if key not in KEYS:
        raise BadConfig(f"no setting '{key}' (choose from {', '.join(KEYS)})")
    cleaned = [v.strip() for v in values if v.strip()]
    if len(set(v.casefold() for v in cleaned)) != len(cleaned):
        raise BadConfig(f"{key}: a name is given twice in {', '.join(cleaned)}")
    if key == "numbers":
        try:
            numbers = tuple(int(v) for v in cleaned)
        except ValueError:
            raise BadConfig(f"numbers: '{','.join(cleaned)}' must be whole numbers") from None
        if sorted(numbers) != list(range(1, 10)):
            raise BadConfig(f"numbers: give each of 1 to 9 once, weakest first (got {numbers})")
        new: tuple[Any, ...] = numbers
    else:
        bad = [v for v in cleaned if _FORBIDDEN & set(v) or v.isdigit()]
        if bad:
            raise BadConfig(f"{key}: '{bad[0]}' may not contain '-', ',', '=' or spaces")
        need = 5 if key == "symbols" else 2
        if len(cleaned) < need:
            raise BadConfig(f"{key}: give at least {need} names, weakest first")
        new = tuple(cleaned)
    return TableConfig(
        **{**{k: config.order(_criterion(k)) for k in KEYS}, key: new},
        confirmed=config.confirmed | {key},
    )


def confirmed(config: TableConfig, key: str) -> TableConfig:
    """`config` with the current value of `key` confirmed as the table's own."""
    if key not in KEYS:
        raise BadConfig(f"no setting '{key}' (choose from {', '.join(KEYS)})")
    return TableConfig(config.species, config.symbols, config.numbers, config.confirmed | {key})
