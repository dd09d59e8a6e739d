"""Running one step of a guided flow: undo on request, refusals said, the flow goes on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from companion.engine.errors import CompanionError
from companion.ui.guided import prompts

T = TypeVar("T")


def attempt(step: Callable[[], T], undo: Callable[[], Any]) -> T | None:
    """`step()`'s value, or None when the user undid or the rules refused the answer.

    A refusal has written nothing (the engines validate before recording), so the
    flow just asks again; an undo takes back the last recorded step.
    """
    try:
        return step()
    except prompts.Undo:
        try:
            undo()
        except CompanionError as err:
            prompts.say(f"  cannot undo: {err.line()}")
    except CompanionError as err:
        prompts.say(f"  error: {err.line()}")
    return None


def players_seen(store: Any) -> list[str]:
    """Every player name in the history (for completion); [] when it cannot be read."""
    from companion.history.book import history
    from companion.history.players import known_players

    try:
        roster, matches = history(store)
        return known_players(matches, roster)
    except (CompanionError, OSError, ValueError):
        return []
