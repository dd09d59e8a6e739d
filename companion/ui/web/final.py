"""The room keeps the result: the board of the game filed last, until the next one starts.

When nothing is live, the room's board shows the play finished last as its own board
drew it at the end (scores, winner), with how it was decided and its BG Stats QR code;
never a command to type. The filed match never changes, so its board is made once.
"""

from __future__ import annotations

from typing import Any

_MADE: dict[tuple[str, str, Any], dict[str, Any] | None] = {}


def final_board(store: Any, match: dict[str, Any]) -> dict[str, Any] | None:
    """The final board of filed `match` (a summary from history), None when it has none."""
    key = (str(store.path), match["id"], match.get("updated"))
    if key not in _MADE:
        if len(_MADE) > 16:
            _MADE.clear()
        _MADE[key] = _made(store, match)
    return _MADE[key]


def _made(store: Any, summary: dict[str, Any]) -> dict[str, Any] | None:
    from companion.engine.errors import CompanionError
    from companion.history.book import load
    from companion.tables import table_target

    result = summary.get("result") or {}
    doc: dict[str, Any] = {
        "id": summary["id"],
        "game": summary["game"],
        "players": list(summary.get("players") or []),
        "scores": dict(result.get("scores") or {}),
    }
    try:
        full = load(store, summary["id"])
        if full.get("events") and table_target(full["game"]) is not None:
            from companion.tables import table_for

            doc = table_for(store, full["game"]).status(full).to_json()
    except (CompanionError, LookupError, TypeError, ValueError):
        pass  # a board from the result alone: the scores are what the room waits for
    doc.update(status="finished", result=result, decided=decided(doc["players"], result))
    return doc


def decided(players: list[str], result: dict[str, Any]) -> str:
    """How the result was decided, in one sentence for the room."""
    scores = result.get("scores") or {}
    ranks = result.get("ranks") or {}
    winner = result.get("winner")
    firsts = [p for p in players if ranks.get(p) == 1]
    if winner is None and len(firsts) > 1:
        return f"A tie: {' and '.join(firsts)} share first place"
    if winner is None:
        return "The game is filed"
    best = scores.get(winner)
    level = [p for p in players if p != winner and scores.get(p) == best and best is not None]
    if level:
        return f"{winner} wins on the tie-break (level with {', '.join(level)} at {best})"
    runner = max(
        (scores[p] for p in players if p != winner and isinstance(scores.get(p), int)), default=None
    )
    if isinstance(best, int) and runner is not None:
        return f"{winner} wins, {best} to {runner}"
    return f"{winner} wins"
