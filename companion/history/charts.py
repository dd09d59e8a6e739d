"""The numbers behind `history chart`: per-period, per-round, over time, a series strip.

Each function returns plain data (the `--json` document); `ui.history`
draws it. Per-period and per-round results are read from the stored result
(`periods` for Valley Hoopers, `rounds` for All-Star Draft) in any of the
shapes a game may keep them: a list with one `{player: points}` per period,
a list of per-period lists in player order, or `{player: [points, ...]}`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import accumulate
from typing import Any

from companion.history.errors import NoChart
from companion.history.queries import is_aggregate, when

Match = dict[str, Any]


def _per_step(match: Match, key: str, what: str) -> list[dict[str, float]]:
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
    if not steps or not all(_number(v) for step in steps for v in step.values()):
        missing = NoChart(
            f"{match['game']} match {match['id']} has no {what} recorded in its result"
        )
        missing.missing = what  # type: ignore[attr-defined]  # said by the scores chart
        raise missing
    return steps


def _number(value: Any) -> bool:
    return type(value) in (int, float)


def _step_chart(
    match: Match, kind: str, steps: list[dict[str, float]], labels: list[str]
) -> dict[str, Any]:
    return {
        "kind": kind,
        "id": match["id"],
        "game": match["game"],
        "players": match["players"],
        "labels": labels,
        "steps": steps,
        "cumulative": {p: list(accumulate(s[p] for s in steps)) for p in match["players"]},
    }


def periods_chart(match: Match) -> dict[str, Any]:
    """Valley Hoopers: points each period, and the running score."""
    steps = _per_step(match, "periods", "score by period")
    return _step_chart(match, "periods", steps, [f"P{n}" for n in range(1, len(steps) + 1)])


def scores_chart(match: Match, missing: str | None = None) -> dict[str, Any]:
    """The final scores alone: what a game logged by hand (or one keeping no periods or
    rounds) has. `missing`: what a fuller chart would have shown ("score by period")."""
    scores = (match.get("result") or {}).get("scores")
    step = {p: scores.get(p) for p in match["players"]} if isinstance(scores, dict) else {}
    if not step or not all(_number(v) for v in step.values()):
        what = f"no {missing} nor" if missing else "no"
        raise NoChart(f"{match['game']} match {match['id']} has {what} scores recorded")
    return {**_step_chart(match, "scores", [step], ["final"]), "missing": missing}


PLAYOFFS_LABEL = "PO"


def rounds_chart(match: Match) -> dict[str, Any]:
    """All-Star Draft: Supporters won each round, the Play-Offs, and the running total.

    The Play-Off Supporters (`playoff_scores` in the result) are the last
    step, labelled `PO`, so the running total ends at the final score.
    """
    steps = _per_step(match, "rounds", "Supporters by round")
    labels = [f"R{n}" for n in range(1, len(steps) + 1)]
    playoffs = (match.get("result") or {}).get("playoff_scores")
    if isinstance(playoffs, dict) and playoffs:
        steps.append({p: v if _number(v := playoffs.get(p, 0)) else 0 for p in match["players"]})
        labels.append(PLAYOFFS_LABEL)
    return _step_chart(match, "rounds", steps, labels)


def winrate_chart(matches: Iterable[Match], player: str) -> dict[str, Any]:
    """A player's win rate month by month, and cumulatively, over competitive matches."""
    key = player.casefold()
    months: dict[str, list[int]] = {}
    for match in sorted(matches, key=when):
        result = match.get("result") or {}
        names = [p.casefold() for p in match["players"]]
        if match.get("status") != "finished" or key not in names or len(names) < 2:
            continue
        if is_aggregate(match["game"]):
            continue
        month = months.setdefault(when(match)[:7], [0, 0])
        month[0] += 1
        month[1] += str(result.get("winner") or "").casefold() == key
    if not months:
        raise NoChart(f"player '{player}' has no finished competitive match to chart")
    points, plays, wins = [], 0, 0
    for month, (p, w) in sorted(months.items()):
        plays, wins = plays + p, wins + w
        points.append(
            {
                "month": month,
                "plays": p,
                "wins": w,
                "win_rate": round(w / p, 3),
                "cumulative_win_rate": round(wins / plays, 3),
            }
        )
    return {"kind": "winrate", "player": player, "points": points}


def _side_scores(score: Any, sides: list[str]) -> Any:
    """A game's score as `{side: points}`.

    Series keep a dict; a hand-written "78-75" is read in the order the
    series names its sides. Anything else is passed through unchanged.
    """
    if isinstance(score, dict):
        return {side: score.get(side) for side in sides}
    if isinstance(score, str) and len(sides) == 2:
        parts = re.fullmatch(r"\s*(\d+)\s*[-–:]\s*(\d+)\s*", score)
        if parts:
            return dict(zip(sides, (int(parts[1]), int(parts[2])), strict=True))
    return score


def series_chart(series: Match, games: Iterable[Match] = ()) -> dict[str, Any]:
    """A Valley Hoopers Series as a strip of games: home and away side, winner, score.

    The series result's `games` list is used when it has one; otherwise the
    matches that name this series, in the order they were played.
    Each game's `score` is `{side: points}` (so it cannot be misread).
    """
    sides = series["players"]
    listed = (series.get("result") or {}).get("games")
    raw = []
    if isinstance(listed, list) and listed:
        for n, game in enumerate(listed, 1):
            raw.append(
                (game.get("number", n), game.get("home"), game.get("winner"), game.get("score"))
            )
    else:
        for n, game in enumerate(sorted(games, key=when), 1):
            result = game.get("result") or {}
            home = (game.get("options") or {}).get("home")
            raw.append((n, home, result.get("winner"), result.get("scores")))
    if not raw:
        raise NoChart(f"series {series['id']} has no games recorded")
    strip = []
    for number, home, winner, score in raw:
        others = [side for side in sides if side != home]
        strip.append(
            {
                "number": number,
                "home": home,
                "away": others[0] if home in sides and len(others) == 1 else None,
                "winner": winner,
                "score": _side_scores(score, sides),
            }
        )
    wins = {side: sum(1 for g in strip if g["winner"] == side) for side in sides}
    return {
        "kind": "series",
        "id": series["id"],
        "players": sides,
        "games": strip,
        "wins": wins,
        "winner": (series.get("result") or {}).get("winner"),
    }


def series_chart_of(series: Match, matches: Iterable[Match]) -> dict[str, Any]:
    """`series_chart` with its games found among `matches` (those naming the series)."""
    from companion.history.queries import series_of

    games = [m for m in matches if m["id"] != series["id"] and series_of(m) == series["id"]]
    return series_chart(series, games)


def chart_of(match: Match, matches: Iterable[Match]) -> dict[str, Any] | None:
    """`history chart ID`: the chart the match's game draws (its spec's `chart`), if any."""
    from companion import registry
    from companion.engine.spec import load
    from companion.history.queries import game_of

    kind = registry.kind(match["game"])
    if kind is None or kind.chart is None:
        kind = registry.kind(game_of(match))
    if kind is None or kind.chart is None:
        return None
    draw = load(kind.chart)
    return draw(match, matches) if kind.aggregate else draw(match)
