"""Playlist's own figures in `history stats`: the lists' length and the best solo round."""

from __future__ import annotations

from typing import Any

from companion.engine.figures import add, mean, number, overall, sums
from companion.engine.spec import Figures

Match = dict[str, Any]


def _competitive(match: Match) -> bool:
    return len(match["players"]) > 1 and (match.get("options") or {}).get("mode") != "solo"


def part(matches: list[Match]) -> dict[str, Any]:
    lengths: dict[str, list[Any]] = {}
    solo_best: dict[str, int] = {}
    for match in matches:
        result = match["result"]
        if _competitive(match):
            for player, length in (result.get("lengths") or {}).items():
                if number(length) is not None:
                    add(lengths.setdefault(player, [0, 0]), length)
        else:
            reached = number(result.get("round", result.get("rounds")))
            for player in match["players"]:
                if reached is not None:
                    solo_best[player] = max(solo_best.get(player, 0), int(reached))
    return {"lengths": lengths, "solo_best": solo_best}


def doc(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Average length of the players' lists (multiplayer) and the best solo round reached."""
    lengths = sums(parts, "lengths")
    solo_best: dict[str, int] = {}
    for part in parts:
        for player, reached in part["solo_best"].items():
            solo_best[player] = max(solo_best.get(player, 0), reached)
    return {
        "avg_length": overall(lengths),
        "avg_length_by_player": {p: mean(*v) for p, v in sorted(lengths.items())},
        "solo_best_round": solo_best,
    }


FIGURES = Figures(part=part, doc=doc, by_player=("lengths", "solo_best"))
