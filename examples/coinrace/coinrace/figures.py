"""The coin race's own figures in `history stats`: heads per race, and clean sweeps.

Declared in the spec (`stats`) as a `Figures`: `part` sums one month's races (integers,
so months add up exactly), `doc` turns the months' parts into the figures.
"""

from __future__ import annotations

from typing import Any

from companion.engine.figures import add, mean, number, sums
from companion.engine.spec import Figures


def part(matches: list[dict[str, Any]]) -> dict[str, Any]:
    """Each player's [races, heads], and the races each won before anyone else flipped heads."""
    heads: dict[str, list[int]] = {}
    sweeps: dict[str, int] = {}
    for match in matches:
        result = match["result"]
        scores, winner = result["scores"], result.get("winner")
        for player in match["players"]:
            if number(scores.get(player)) is not None:
                add(heads.setdefault(player, [0, 0]), scores[player])
        if winner in match["players"] and not any(
            scores.get(p) for p in match["players"] if p != winner
        ):
            sweeps[winner] = sweeps.get(winner, 0) + 1
    return {"heads": heads, "sweeps": sweeps}


def doc(parts: list[dict[str, Any]]) -> dict[str, Any]:
    heads = sums(parts, "heads")
    sweeps: dict[str, int] = {}
    for made in parts:
        for player, count in made["sweeps"].items():
            sweeps[player] = sweeps.get(player, 0) + count
    return {
        "avg_heads": {p: mean(*v) for p, v in sorted(heads.items())},
        "sweeps": dict(sorted(sweeps.items())),
    }


FIGURES = Figures(part=part, doc=doc, by_player=("heads", "sweeps"))
