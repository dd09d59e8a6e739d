"""Re-derive a tracked game's result from its events (used by `history replay`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.allstar.rules.season import fold


def replay(match: Mapping[str, Any]) -> dict[str, Any]:
    """The result `allstar season end` stores, recomputed from `match["events"]`.

    A game that is not over yet gives its standing so far, with `winner` None.
    """
    season = fold(match["events"])
    if season.phase == "over":
        return season.final_result()
    return {
        "scores": season.totals(),
        "ranks": {},
        "winner": None,
        "playoff_scores": season.playoff_scores(),
        "regular_scores": dict(season.scores),
        "rounds": [dict(r.gained) for r in season.results],
        "phase": season.phase,
    }
