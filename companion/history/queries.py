"""Pure queries over match documents."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from companion.engine.names import match_prefix

GAMES = ("hoopers", "allstar", "playlist", "otdraft")


def resolve_game(typed: str | None) -> str | None:
    return None if typed is None else match_prefix(typed, GAMES, what="game")


def player_counts(matches: Iterable[dict]) -> list[tuple[str, int]]:
    """Players by number of matches (most first), names as first written."""
    counts: Counter[str] = Counter()
    spelled: dict[str, str] = {}
    for match in matches:
        for name in match["players"]:
            spelled.setdefault(name.casefold(), name)
            counts[name.casefold()] += 1
    return sorted(((spelled[k], n) for k, n in counts.items()), key=lambda r: (-r[1], r[0]))
