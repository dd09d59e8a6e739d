"""All-Star Draft's values for the shell's Tab (see companion.cli.complete): cards, species,
arenas, the live season's managers. Its spec names `SOURCES`."""

from __future__ import annotations

from typing import Any

from companion.cli.complete import (
    Asked,
    Item,
    commas,
    fixed,
    legal_first,
    live_players,
    values,
)
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


# The season's commands naming a card of a move, and where the move holds it (its `what`
# key, or the choices it asks).
CARD_MOVES = {
    "allstar season pick": ("pick", "card"),
    "allstar season discard": ("discard", "card"),
    "allstar season bus": ("bus", "card"),
    "allstar season swap": ("card-swap", "out"),
}
ASKED_CARDS = {"allstar season swap": ("card-swap", "in")}


def legal_cards(asked: Asked) -> list[Item]:
    """The cards the manager typed may name now (the legal-moves query: a pick offers the
    cards of their own hand), first; then every card."""
    return _first(asked, _legal_cards(asked, CARD_MOVES.get(asked.path), from_asks=False))


def asked_cards(asked: Asked) -> list[Item]:
    """The cards a move of the manager typed asks for now (a swap's Bench card), first."""
    return _first(asked, _legal_cards(asked, ASKED_CARDS.get(asked.path), from_asks=True))


def _first(asked: Asked, found: list[str]) -> list[Item]:
    later = [item for item in allstar_cards(asked) if item[0] not in set(found)]
    return [*values(found, "legal now"), *later]


def _legal_cards(asked: Asked, where: tuple[str, str] | None, from_asks: bool) -> list[str]:
    from companion.engine.errors import CompanionError
    from companion.engine.moves import legal
    from companion.engine.names import match_prefix
    from companion.games.allstar.rules.season import RULES

    match = asked.db.live_match("allstar")
    typed = asked.given("manager")
    if not match or not typed or where is None:
        return []
    try:
        who = match_prefix(str(typed), match["players"], what="manager")
        moves = legal(RULES, match, who).moves
    except CompanionError:
        return []
    kind, name = where
    mine = [m for m in moves if m.kind == kind]
    if from_asks:
        cards = [c for m in mine for a in m.asks if a.name == name for c in a.choices]
    else:
        cards = [str(m.what[name]) for m in mine]
    return [c.casefold() for c in dict.fromkeys(cards)]


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
    "manager": legal_first("allstar", "who", live_players("allstar")),
    "into": {"allstar season swap": asked_cards, "": allstar_cards},
    "out": {"allstar season swap": legal_cards, "": allstar_cards},
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
    "card": {"allstar season": legal_cards, "": allstar_cards},
    "keep": allstar_cards,
    "give": allstar_cards,
}
