"""The numbers behind `history chart`: per-period, per-round, over time, a series strip.

Each function returns plain data (the `--json` document); `ui.history`
draws it. Per-period and per-round results are read from the stored result
(`periods` for Valley Hoopers, `rounds` for All-Star Draft) in any of the
shapes a game may keep them: a list with one `{player: points}` per period,
a list of per-period lists in player order, or `{player: [points, ...]}`.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import accumulate
from typing import Any

from companion.history.errors import NoChart
from companion.history.queries import SERIES_GAME, when

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
    if not steps:
        raise NoChart(f"{match['game']} match {match['id']} has no {what} recorded in its result")
    return steps


def _step_chart(match: Match, kind: str, key: str, what: str) -> dict[str, Any]:
    steps = _per_step(match, key, what)
    return {
        "kind": kind,
        "id": match["id"],
        "game": match["game"],
        "players": match["players"],
        "steps": steps,
        "cumulative": {p: list(accumulate(s[p] for s in steps)) for p in match["players"]},
    }


def periods_chart(match: Match) -> dict[str, Any]:
    """Valley Hoopers: points each period, and the running score."""
    return _step_chart(match, "periods", "periods", "score by period")


def rounds_chart(match: Match) -> dict[str, Any]:
    """All-Star Draft: Supporters won each round, and the running total."""
    return _step_chart(match, "rounds", "rounds", "Supporters by round")


def winrate_chart(matches: Iterable[Match], player: str) -> dict[str, Any]:
    """A player's win rate month by month, and cumulatively, over competitive matches."""
    key = player.casefold()
    months: dict[str, list[int]] = {}
    for match in sorted(matches, key=when):
        result = match.get("result") or {}
        names = [p.casefold() for p in match["players"]]
        if match.get("status") != "finished" or key not in names or len(names) < 2:
            continue
        if match["game"] == SERIES_GAME:
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


def series_chart(series: Match, games: Iterable[Match] = ()) -> dict[str, Any]:
    """A Valley Hoopers Series as a strip of games: home side, winner, score.

    The series result's `games` list is used when it has one; otherwise the
    hoopers matches that name this series, in the order they were played.
    """
    sides = series["players"]
    listed = (series.get("result") or {}).get("games")
    strip = []
    if isinstance(listed, list) and listed:
        for n, game in enumerate(listed, 1):
            strip.append(
                {
                    "number": game.get("number", n),
                    "home": game.get("home"),
                    "winner": game.get("winner"),
                    "score": game.get("score"),
                }
            )
    else:
        for n, game in enumerate(sorted(games, key=when), 1):
            result = game.get("result") or {}
            strip.append(
                {
                    "number": n,
                    "home": (game.get("options") or {}).get("home"),
                    "winner": result.get("winner"),
                    "score": result.get("scores"),
                }
            )
    if not strip:
        raise NoChart(f"series {series['id']} has no games recorded")
    wins = {side: sum(1 for g in strip if g["winner"] == side) for side in sides}
    return {
        "kind": "series",
        "id": series["id"],
        "players": sides,
        "games": strip,
        "wins": wins,
        "winner": (series.get("result") or {}).get("winner"),
    }
