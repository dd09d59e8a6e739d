"""All-Star Draft's own figures in `history stats`: Supporters in the season and Play-Offs."""

from __future__ import annotations

from typing import Any

from companion.engine.figures import add, mean, number, overall, sums
from companion.engine.spec import Figures

Match = dict[str, Any]


def part(matches: list[Match]) -> dict[str, Any]:
    """Each manager's [count, sum] of Supporters won in the regular season and the Play-Offs.

    `playoff_scores` are the Supporters won in the Play-Offs and `regular_scores` those of
    the regular season (else `scores` minus the Play-Offs: `scores` are the final totals).
    """
    regular: dict[str, list[Any]] = {}
    playoffs: dict[str, list[Any]] = {}
    for match in matches:
        # (each of the result's tables looked up once a match, not once a manager: a big
        # import sums every month's matches again, companion.history.warmup)
        result = match["result"]
        scores = result["scores"]
        played_off = result.get("playoff_scores") or {}
        season = result.get("regular_scores") or {}
        for player in match["players"]:
            total = number(scores.get(player))
            won = number(played_off.get(player))
            if total is None or won is None:
                continue
            before = number(season.get(player))
            add(regular.setdefault(player, [0, 0]), total - won if before is None else before)
            add(playoffs.setdefault(player, [0, 0]), won)
    return {"regular": regular, "playoffs": playoffs}


def doc(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Average Supporters won in the regular season and in the Play-Offs, per manager."""
    regular, playoffs = sums(parts, "regular"), sums(parts, "playoffs")
    return {
        "supporters": {
            "regular_avg": overall(regular),
            "playoffs_avg": overall(playoffs),
            "by_player": {
                p: {"regular_avg": mean(*regular[p]), "playoffs_avg": mean(*playoffs[p])}
                for p in sorted(regular, key=str.casefold)
            },
        }
    }


FIGURES = Figures(part=part, doc=doc, by_player=("regular", "playoffs"))
