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


# Earlier defaults ended in these two placeholders; a table's stored settings may still
# hold them (`config confirm` stored the whole list). They name no Species of the box.
PLACEHOLDERS = frozenset({"Unknown1", "Unknown2"})
SPECIES_IN_BOX = 12  # Components: "108 Hockey Player cards (9 cards for each of 12 Species)"


def without_placeholders(config: TableConfig) -> TableConfig:
    """The table's settings with only the Species it (or the defaults) really names."""
    if not PLACEHOLDERS & set(config.species):
        return config
    named = tuple(s for s in config.species if s not in PLACEHOLDERS)
    return TableConfig(named, config.symbols, config.numbers, config.confirmed)


def with_species_named(config: TableConfig, names: Sequence[str]) -> TableConfig:
    """`config` with Species the table just named added (strongest end, order unconfirmed).

    Where the new names go in the Tie-Breaker order is not what was asked, so the species
    order stays (or becomes) unconfirmed until the table confirms or sets it.
    """
    added = with_value(config, "species", [*config.species, *names])
    if len(added.species) > SPECIES_IN_BOX:
        raise BadConfig(
            f"species: the box holds {SPECIES_IN_BOX} Species; "
            f"{len(added.species)} would be named ({', '.join(added.species)})"
        )
    return TableConfig(added.species, added.symbols, added.numbers, config.confirmed - {"species"})


def missing_species_line(config: TableConfig, needed: int, managers: int) -> str:
    """The one-line refusal of a setup that needs Species the table has not named."""
    named = ", ".join(config.species)
    extra = ",".join(f"NAME{i}" for i in range(1, needed - len(config.species) + 1))
    return (
        f"{managers} managers draw {needed} Species but this table names "
        f"{len(config.species)} ({named}); name the other {needed - len(config.species)} "
        f"with 'companion allstar config set species {','.join(config.species)},{extra}' "
        "(every Species of your box, weakest first)"
    )


def parse_species_names(text: str, count: int, named: Sequence[str]) -> list[str]:
    """`count` new Species names typed at a terminal (comma separated), beside `named`."""
    names = [w.strip() for w in text.split(",") if w.strip()]
    if len(names) != count:
        raise BadConfig(f"give {count} Species name(s), comma separated; got {len(names)}")
    base = default_config()
    with_species_named(TableConfig(tuple(named), base.symbols, base.numbers), names)  # checks
    return names


def parse_order(key: str, text: str, current: Sequence[Any]) -> list[str]:
    """The table's answer to "the order of `key`, weakest first": the same values reordered.

    Empty keeps `current` as it is. Names match case-insensitively and come back as known.
    """
    known = {str(v).casefold(): str(v) for v in current}
    words = [w.strip() for w in (text.strip() or ",".join(map(str, current))).split(",")]
    words = [w for w in words if w]
    order = [known.get(w.casefold()) for w in words]
    if None in order or len(set(order)) != len(known) or len(order) != len(known):
        raise BadConfig(
            f"{key}: give each of {', '.join(known.values())} once, weakest first "
            "(to rename them, 'companion allstar config set')"
        )
    return [o for o in order if o is not None]


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
