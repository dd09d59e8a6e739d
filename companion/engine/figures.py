"""What every game's own history figures and charts are made of: pure, values in and out.

A game declares its `history stats` figures as a `companion.engine.spec.Figures` (its
kind's `stats`) and its `history chart ID` as a function (its kind's `chart`); both live
in the game's package and are built from these pieces, over match documents as stored.
"""

from __future__ import annotations

from itertools import accumulate
from typing import Any

from companion.engine.errors import RuleViolation

Match = dict[str, Any]
Part = dict[str, Any]


class NoChart(RuleViolation):
    """A match that holds nothing the asked-for chart can draw."""


def number(value: Any) -> Any:
    """The value when it is a number, else None (`type`, not isinstance: True is no score)."""
    return value if type(value) in (int, float) else None


def add(total: list[Any], value: Any) -> None:
    """One more value into total = [count, sum]."""
    total[0] += 1
    total[1] += value


def sums(parts: list[Part], key: str) -> dict[str, list[Any]]:
    """The parts' `key` dicts of [count, sum] added up, keys in the order first met."""
    out: dict[str, list[Any]] = {}
    for part in parts:
        for name, (count, value) in part[key].items():
            held = out.setdefault(name, [0, 0])
            held[0] += count
            held[1] += value
    return out


def mean(count: int, value: Any) -> float | None:
    return round(value / count, 2) if count else None


def overall(held: dict[str, list[Any]]) -> float | None:
    """The mean over every key's [count, sum]."""
    return mean(sum(c for c, _ in held.values()), sum(v for _, v in held.values()))


def rate(wins: int, plays: int) -> float | None:
    return round(wins / plays, 3) if plays else None


def tally(counts: dict[str, list[int]]) -> dict[str, dict[str, Any]]:
    """{key: [plays, wins]} as sorted rows of plays, wins and win rate."""
    return {
        key: {"plays": plays, "wins": wins, "win_rate": rate(wins, plays)}
        for key, (plays, wins) in sorted(counts.items())
    }


# --- charts ---------------------------------------------------------------------------------


def per_step(match: Match, key: str, what: str) -> list[dict[str, float]]:
    """The result's `key` as one `{player: points}` per step (a period, a round).

    Read in any shape a game keeps it: a list of `{player: points}`, a list of lists in
    player order, or `{player: [points, ...]}`. NoChart (naming `what`) when it is missing.
    """
    players = match["players"]
    raw = (match.get("result") or {}).get(key)
    steps: list[dict[str, float]] = []
    if isinstance(raw, dict) and all(isinstance(v, list) for v in raw.values()) and raw:
        length = max(len(v) for v in raw.values())
        steps = [
            {p: (raw.get(p) or [])[i] if i < len(raw.get(p) or []) else 0 for p in players}
            for i in range(length)
        ]
    elif isinstance(raw, list) and raw:
        for step in raw:
            if isinstance(step, dict):
                steps.append({p: step.get(p, 0) for p in players})
            elif isinstance(step, list | tuple) and len(step) == len(players):
                steps.append(dict(zip(players, step, strict=True)))
            else:
                steps = []
                break
    if not steps or not all(number(v) is not None for step in steps for v in step.values()):
        missing = NoChart(
            f"{match['game']} match {match['id']} has no {what} recorded in its result"
        )
        missing.missing = what  # type: ignore[attr-defined]  # said by the scores chart
        raise missing
    return steps


def step_chart(
    match: Match,
    kind: str,
    steps: list[dict[str, float]],
    labels: list[str],
    step: str = "step",
    unit: str = "points",
    then: str = "",
) -> dict[str, Any]:
    """A chart of points per step and the running total (the `--json` document): `step`
    names a step ("period"), `unit` what is counted ("points"), `then` what the title adds
    (", then Play-Offs (PO)"). Any game's chart of this shape is drawn by the core."""
    return {
        "kind": kind,
        "step": step,
        "unit": unit,
        "then": then,
        "id": match["id"],
        "game": match["game"],
        "players": match["players"],
        "labels": labels,
        "steps": steps,
        "cumulative": {p: list(accumulate(s[p] for s in steps)) for p in match["players"]},
    }
