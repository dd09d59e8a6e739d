"""Finished matches for history tests, built straight into a Store (no game modules)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.store import Store


def ranks_for(scores: dict[str, float]) -> dict[str, int]:
    return {p: 1 + sum(1 for s in scores.values() if s > v) for p, v in scores.items()}


def match(
    match_id: str,
    game: str,
    scores: dict[str, float],
    day: str,
    *,
    winner: str | None = "auto",
    ranks: dict[str, int] | None = None,
    options: dict[str, Any] | None = None,
    events: list[dict[str, Any]] | None = None,
    status: str = "finished",
    **extras: Any,
) -> dict[str, Any]:
    """A finished match document as the games archive it; `day` is YYYY-MM-DD."""
    ranks = ranks or ranks_for(scores)
    if winner == "auto":
        top = [p for p, r in ranks.items() if r == 1]
        winner = top[0] if len(top) == 1 else None
    return {
        "id": match_id,
        "game": game,
        "players": list(scores),
        "options": options or {},
        "seed": 7,
        "status": status,
        "created": f"{day}T19:00:00+00:00",
        "updated": f"{day}T21:00:00+00:00",
        "finished": f"{day}T21:00:00+00:00",
        "events": events
        if events is not None
        else [{"type": "setup", "data": {}, "at": f"{day}T19:00:00+00:00"}],
        "result": {"scores": scores, "ranks": ranks, "winner": winner, **extras}
        if status == "finished"
        else {},
    }


def record(db: Path, *matches: dict[str, Any]) -> Store:
    store = Store(db)
    for m in matches:
        store.archive_match(m)
    return store
