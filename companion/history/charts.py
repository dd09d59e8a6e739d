"""The numbers behind `history chart`: a match's chart (its game's, else its final
scores) and a player's win rate over time.

Each function returns plain data (the `--json` document); `ui.history` draws it. A
game's own chart (its kind's `chart`, in the game's package) is built from
companion.engine.figures.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.engine.figures import NoChart, step_chart
from companion.history.queries import is_aggregate, when

Match = dict[str, Any]


def _number(value: Any) -> bool:
    return type(value) in (int, float)


def scores_chart(match: Match, missing: str | None = None) -> dict[str, Any]:
    """The final scores alone: what a game logged by hand (or one keeping no periods or
    rounds) has. `missing`: what a fuller chart would have shown ("score by period")."""
    scores = (match.get("result") or {}).get("scores")
    step = {p: scores.get(p) for p in match["players"]} if isinstance(scores, dict) else {}
    if not step or not all(_number(v) for v in step.values()):
        what = f"no {missing} nor" if missing else "no"
        raise NoChart(f"{match['game']} match {match['id']} has {what} scores recorded")
    return {**step_chart(match, "scores", [step], ["final"]), "missing": missing}


def winrate_months(matches: Iterable[Match], player: str) -> dict[str, list[int]]:
    """{month: [plays, wins]} of `player` over the finished competitive matches they sat in."""
    from companion.history.headtohead import won

    key = player.casefold()
    months: dict[str, list[int]] = {}
    for match in matches:
        result = match.get("result") or {}
        names = [p.casefold() for p in match["players"]]
        if match.get("status") != "finished" or key not in names or len(names) < 2:
            continue
        if is_aggregate(match["game"]):
            continue
        month = months.setdefault(when(match)[:7], [0, 0])
        month[0] += 1
        seated = match["players"][names.index(key)]
        month[1] += won(result, seated)  # a shared first is a win, as `history stats` counts
    return months


def winrate_chart(matches: Iterable[Match], player: str) -> dict[str, Any]:
    """A player's win rate month by month, and cumulatively, over competitive matches."""
    return winrate_of(winrate_months(matches, player), player)


def winrate_of(months: dict[str, list[int]], player: str) -> dict[str, Any]:
    """The chart of `winrate_months`' counts."""
    months = {m: counts for m, counts in months.items() if counts[0]}
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


def _chart_kind(match: Match) -> Any:
    from companion import registry
    from companion.history.queries import game_of

    kind = registry.kind(match["game"])
    if kind is None or kind.chart is None:
        kind = registry.kind(game_of(match))
    return kind if kind is not None and kind.chart is not None else None


def needs_games(match: Match) -> bool:
    """Whether the match's chart is drawn from other matches too (a series' games)."""
    kind = _chart_kind(match)
    return kind is not None and bool(kind.aggregate)


def chart_of(match: Match, matches: Iterable[Match]) -> dict[str, Any] | None:
    """`history chart ID`: the chart the match's game draws (its spec's `chart`), if any."""
    from companion import registry
    from companion.history.queries import series_of

    kind = _chart_kind(match)
    if kind is None:
        return None
    draw = registry.hook(kind, "chart")  # a plug-in's mistake: one warning, the final scores
    if not kind.aggregate:
        return draw(match)
    # Its games: the other matches that name it.
    games = [m for m in matches if m["id"] != match["id"] and series_of(m) == match["id"]]
    return draw(match, games)
