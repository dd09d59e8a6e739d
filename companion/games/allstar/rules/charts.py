"""All-Star Draft's `history chart ID`: Supporters won each round and in the Play-Offs."""

from __future__ import annotations

from typing import Any

from companion.engine.figures import number, per_step, step_chart

PLAYOFFS_LABEL = "PO"


def rounds_chart(match: dict[str, Any]) -> dict[str, Any]:
    """Supporters won each round, the Play-Offs, and the running total.

    The Play-Off Supporters (`playoff_scores` in the result) are the last
    step, labelled `PO`, so the running total ends at the final score.
    """
    steps = per_step(match, "rounds", "Supporters by round")
    labels = [f"R{n}" for n in range(1, len(steps) + 1)]
    playoffs = (match.get("result") or {}).get("playoff_scores")
    if isinstance(playoffs, dict) and playoffs:
        steps.append(
            {p: v if number(v := playoffs.get(p, 0)) is not None else 0 for p in match["players"]}
        )
        labels.append(PLAYOFFS_LABEL)
    then = f", then Play-Offs ({PLAYOFFS_LABEL})" if PLAYOFFS_LABEL in labels else ""
    return step_chart(match, "rounds", steps, labels, "round", "Supporters", then)
