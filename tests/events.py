"""Recording and undoing one event the way the tables layer does (`Store.change_live` /
`Store.undo_events`), for tests of the store that need a few events and no game."""

from __future__ import annotations

from typing import Any

from companion.store.store import Store


def append(store: Store, game: str, event_type: str, data: dict[str, Any]) -> dict[str, Any]:
    """Append one event to the game's live match; returns the match."""
    match, _ = store.update_live(game, lambda _match: [{"type": event_type, "data": data}])
    return match


def undo(store: Store, game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Drop the last event of the game's live match: (the match, the event dropped)."""
    match, removed = store.undo_events(game, 1)
    return match, removed[-1]
