"""Valley Hoopers' `history chart ID`: points by period, and a Series as a strip of games."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from companion.engine.figures import NoChart, per_step, step_chart

Match = dict[str, Any]


def periods_chart(match: Match) -> dict[str, Any]:
    """Points each period, and the running score."""
    steps = per_step(match, "periods", "score by period")
    labels = [f"P{n}" for n in range(1, len(steps) + 1)]
    return step_chart(match, "periods", steps, labels, "period", "points")


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


def _played(match: Match) -> str:
    return match.get("finished") or match.get("created") or ""


def series_chart(series: Match, games: Iterable[Match] = ()) -> dict[str, Any]:
    """A Series as a strip of games: home and away side, winner, score.

    The series result's `games` list is used when it has one; otherwise `games`
    (the matches that name this series), in the order they were played.
    Each game's `score` is `{side: points}` (so it cannot be misread).
    """
    sides = series["players"]
    # A Series managed by people names its games' sides by tribe: each tribe is its manager
    roles = (series.get("options") or {}).get("roles") or {}
    manager = {tribe: person for person, tribe in roles.items() if person in sides}

    def side(name: Any) -> Any:
        return manager.get(name, name) if isinstance(name, str) else name

    listed = (series.get("result") or {}).get("games")
    raw = []
    if isinstance(listed, list) and listed:
        for n, game in enumerate(listed, 1):
            score = game.get("score")
            if isinstance(score, dict):
                score = {side(k): v for k, v in score.items()}
            raw.append(
                (game.get("number", n), side(game.get("home")), side(game.get("winner")), score)
            )
    else:
        for n, game in enumerate(sorted(games, key=_played), 1):
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
