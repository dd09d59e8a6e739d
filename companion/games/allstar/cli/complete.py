"""All-Star Draft's values for the shell's Tab (see companion.cli.complete): cards, species,
arenas, the live season's managers. Its spec names `SOURCES`."""

from __future__ import annotations

from typing import Any

from companion.cli.complete import Asked, Item, commas, fixed, live_players, values
from companion.games.allstar import data

ARENA_RULES = ("unusual", "no-two-managers", "straight", "full-house", "rainbow")
ALLSTAR_KEYS = ("species", "symbols", "numbers")  # companion.games.allstar.rules.facts.KEYS
ALLSTAR_DOCS = "allstar"  # "config", "arenas"
# Stored by older versions' defaults; never offered (companion.games.allstar.rules.facts).
PLACEHOLDERS = frozenset({"Unknown1", "Unknown2"})


def allstar_modes(asked: Asked) -> list[Item]:
    return values(data.load("game")["modes"], "two-manager mode")


def allstar_species(asked: Asked) -> list[str]:
    config = asked.db.doc(ALLSTAR_DOCS, "config")
    species = config.get("species") if isinstance(config, dict) else None
    named = [str(s) for s in species or data.load("defaults")["species"]]
    return [s for s in named if s not in PLACEHOLDERS]


def allstar_cards(asked: Asked) -> list[Item]:
    """SPECIES-NUMBER for every species; with a second '-' typed, the symbols too."""
    config = asked.db.doc(ALLSTAR_DOCS, "config")
    defaults = data.load("defaults")
    numbers = (config or {}).get("numbers") or defaults["numbers"]
    base = [f"{s.casefold()}-{n}" for s in allstar_species(asked) for n in numbers]
    if asked.incomplete.count("-") < 2:
        return values(base)
    symbols = (config or {}).get("symbols") or defaults["symbols"]
    card = asked.incomplete.rsplit("-", 1)[0]
    return values(f"{card}-{str(s).casefold()}" for s in symbols)


def species(asked: Asked) -> list[Item]:
    return values(allstar_species(asked), "species")


def arenas(asked: Asked) -> list[Item]:
    found = asked.db.doc(ALLSTAR_DOCS, "arenas", {}) or {}
    return [(str(name), _arena_help(row)) for name, row in found.items()]


def _arena_help(row: Any) -> str | None:
    points = row.get("points") if isinstance(row, dict) else row
    return ",".join(map(str, points)) if isinstance(points, list) else None


SOURCES: dict[str, Any] = {
    "player": {"allstar season": live_players("allstar")},
    "manager": live_players("allstar"),
    "into": allstar_cards,
    "out": allstar_cards,
    "mode": allstar_modes,
    "rule": fixed(ARENA_RULES),
    "arena": arenas,
    "names": {"allstar season arenas": arenas},
    "name": {"allstar arena remove": arenas},
    "key": {
        "allstar config set": fixed((*ALLSTAR_KEYS, "playoff-points")),
        "allstar config": fixed(ALLSTAR_KEYS),
    },
    "species": commas(species),
    "cards": allstar_cards,
    "card": allstar_cards,
    "keep": allstar_cards,
    "give": allstar_cards,
}
