"""OT Fantasy Draft's values for the shell's Tab (see companion.cli.complete): the
catalogue's cards and categories, the live draft's players (those the legal-moves query
offers a move first, and the Draftline's cards they may take). Its spec names `SOURCES`."""

from __future__ import annotations

from typing import Any

from companion.cli.complete import (
    Asked,
    Item,
    commas,
    history_players,
    legal_first,
    live_players,
    pair,
    values,
)

OTDRAFT_DOCS = "otdraft"  # "catalogue"


def otdraft_catalogue(asked: Asked) -> list[dict[str, Any]]:
    """The catalogue's cards: a live draft's own (in `otdraft game`), else the imported one."""
    catalogue = None
    if asked.path.startswith("otdraft game"):
        match = asked.db.live_match("otdraft")
        catalogue = ((match or {}).get("options") or {}).get("catalogue")
    if not isinstance(catalogue, dict):
        catalogue = asked.db.doc(OTDRAFT_DOCS, "catalogue")
    cards = catalogue.get("cards") if isinstance(catalogue, dict) else None
    return [c for c in cards or [] if isinstance(c, dict) and c.get("name")]


def otdraft_cards(asked: Asked) -> list[Item]:
    return [
        (str(c["name"]), f"{c.get('category', '')} · {c.get('points', '?')} points")
        for c in otdraft_catalogue(asked)
    ]


def otdraft_categories(asked: Asked) -> list[Item]:
    found = {str(c["category"]) for c in otdraft_catalogue(asked) if c.get("category")}
    return values(sorted(found))


SOURCES: dict[str, Any] = {
    # In a live draft: who may move now, and the Draftline's cards they may take, first.
    "player": {"otdraft game": legal_first("otdraft", "who", live_players("otdraft"))},
    "name": {"otdraft cards show": otdraft_cards},
    "cards": {"otdraft": otdraft_cards},
    "card": {
        "otdraft game": legal_first("otdraft", "card", otdraft_cards),
        "otdraft": otdraft_cards,
    },
    "secret": otdraft_cards,
    "protect": pair("=", otdraft_cards, lambda asked, _: otdraft_cards(asked)),
    "silence": pair("=", otdraft_cards, lambda asked, _: otdraft_cards(asked)),
    "category": otdraft_categories,
    "order": {"log": commas(history_players)},
}
