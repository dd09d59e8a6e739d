"""All Stars Playlist's values for the shell's Tab (see companion.cli.complete): the
catalogue's cards, genres, action cards. Its spec names `SOURCES`."""

from __future__ import annotations

from typing import Any

from companion.cli.complete import NOTHING, Asked, Item, fixed, live_players, values
from companion.games.playlist import data

PLAYLIST_KINDS = ("music", "bonus", "negative")  # companion.games.playlist.rules.cards.KINDS
PLAYLIST_DOCS = "playlist"  # "cards", "genres", "action_cards"


def playlist_genres(asked: Asked) -> list[Item]:
    stored = asked.db.doc(PLAYLIST_DOCS, "genres")
    if isinstance(stored, list) and stored:
        return values(str(g) for g in stored)
    return [(g["name"], g.get("label")) for g in data.load("game")["genres"]["default"]]


def playlist_cards(asked: Asked) -> list[Item]:
    """Catalogue cards by title (the number, or GENRE/POINTS/ICONS, is the help)."""
    found = []
    for card in asked.db.doc(PLAYLIST_DOCS, "cards", []) or []:
        if not isinstance(card, dict):
            continue
        icons = "+".join(card.get("icons") or [])
        spelled = f"{card.get('genre')}/{card.get('points')}/{icons}"
        title = card.get("title")
        found.append((str(title) if title else spelled, f"#{card.get('number')} {spelled}"))
    return found


def playlist_actions(asked: Asked) -> list[Item]:
    """The table's action cards, by their text."""
    return values(str(text) for text in asked.db.doc(PLAYLIST_DOCS, "action_cards", []) or [])


SOURCES: dict[str, Any] = {
    "player": {"playlist game": live_players("playlist")},
    "caller": live_players("playlist"),
    "kind": {"playlist cards add": fixed(PLAYLIST_KINDS)},
    "cards": {
        "playlist solo deal": NOTHING,  # how many
        "playlist solo start": NOTHING,  # how many
        "playlist deck": NOTHING,  # the deck's own cards, typed in
        "playlist": playlist_cards,
    },
    "card": {
        "playlist cards add": NOTHING,
        "playlist game action": playlist_actions,
        "playlist": playlist_cards,
    },
    "genre": playlist_genres,
    "reading": {"playlist solo goal": fixed(("at-least", "more-than"))},
    "genres": playlist_genres,
}
