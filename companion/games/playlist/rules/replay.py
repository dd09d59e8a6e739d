"""Re-derive a finished match's result from its events (for `history replay`)."""

from __future__ import annotations

from typing import Any

from companion.games.playlist.rules import game, solo


def replay(match: dict[str, Any]) -> dict[str, Any]:
    """The result the match's events give: the same dict `end` stored."""
    if match["game"] == solo.GAME:
        return solo.solo_result(match["players"][0], solo.fold_rounds(match))
    chosen = game.tie_winner_of(match.get("result") or {})  # a tie the table decided
    return game.final_result(game.fold(match), chosen).to_result()
