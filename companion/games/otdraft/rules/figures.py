"""The draft's own figures in `history stats`: the average final score."""

from __future__ import annotations

from typing import Any

from companion.engine.figures import add, mean, number
from companion.engine.spec import Figures

Match = dict[str, Any]


def part(matches: list[Match]) -> dict[str, Any]:
    total = [0, 0]
    for match in matches:
        for value in match["result"]["scores"].values():
            if number(value) is not None:
                add(total, value)
    return {"scores": total}


def doc(parts: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "avg_score": mean(sum(p["scores"][0] for p in parts), sum(p["scores"][1] for p in parts))
    }


FIGURES = Figures(part=part, doc=doc)
