"""All Stars Playlist's values for the shell's Tab (see companion.cli.complete): the
catalogue's cards, genres, action cards; in a live game the players the legal-moves query
offers a move and the Download List's cards first. Its spec names `SOURCES`."""

from __future__ import annotations

from typing import Any

from companion.cli.complete import (
    NOTHING,
    Asked,
    Item,
    fixed,
    legal_first,
    live_players,
    values,
)
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


def playlist_downloads(asked: Asked) -> list[Item]:
    """`game download <Tab>`: the Download List's cards the query offers now (by number), then
    the catalogue's."""
    match = asked.db.live_match("playlist")
    found: list[Item] = []
    if match:
        from companion.engine.moves import legal
        from companion.engine.spec import load
        from companion.tables import table_target

        target = table_target(str(match.get("game", "playlist")))
        moves = legal(load(target).rules, match).moves if target else ()
        # by number without '#', which a shell reads as a comment; 'download' takes both
        found = [
            (str(m.what["card"]).removeprefix("#"), "legal now")
            for m in moves
            if m.kind == "download"
        ]
    taken = {value for value, _ in found}
    return [*found, *(item for item in playlist_cards(asked) if item[0] not in taken)]


def playlist_actions(asked: Asked) -> list[Item]:
    """The table's action cards, by their text."""
    return values(str(text) for text in asked.db.doc(PLAYLIST_DOCS, "action_cards", []) or [])


SOURCES: dict[str, Any] = {
    "player": {"playlist game": legal_first("playlist", "who", live_players("playlist"))},
    "caller": legal_first("playlist", "who", live_players("playlist")),
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
        "playlist game download": playlist_downloads,
        "playlist": playlist_cards,
    },
    "genre": playlist_genres,
    "reading": {"playlist solo goal": fixed(("at-least", "more-than"))},
    "genres": playlist_genres,
}
