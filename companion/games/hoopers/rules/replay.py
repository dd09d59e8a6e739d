"""Re-derive a match's result from its events alone (for `history replay`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.hoopers.rules.match import fold


def replay(match: Mapping[str, Any]) -> dict[str, Any]:
    """The result the events give: scores, ranks, winner and the period scores.

    Every shot is resolved again from the inputs and dice stored in its event.
    """
    return fold(match).result()


def replay_series(series: Mapping[str, Any]) -> dict[str, Any]:
    """A finished Series, re-derived from its recorded games (see series_report)."""
    from companion.games.hoopers.rules.series_report import replay_series as from_games

    return from_games(series)
