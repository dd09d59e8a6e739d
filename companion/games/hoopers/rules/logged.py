"""A Valley Hoopers match played without the companion: two teams and a final score.

"If there is a tie, you will play as many overtimes as needed to declare a
winner": a final score is never a draw, so one is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.errors import BadInput, RuleViolation

TEAMS = 2


def logged_result(scores: Mapping[str, int]) -> dict[str, Any]:
    """The stored result of a logged match: scores, ranks and the winner."""
    if len(scores) != TEAMS:
        raise BadInput(f"a Valley Hoopers match has exactly {TEAMS} teams (got {len(scores)})")
    for team, points in scores.items():
        if points < 0:
            raise BadInput(f"{team} {points}: a Valley Hoopers score cannot be negative")
    (a, a_points), (b, b_points) = scores.items()
    if a_points == b_points:
        raise RuleViolation(
            f"{a} {a_points} – {b} {b_points} is a draw; overtime decides a Valley Hoopers match",
            hint="log the score after overtime",
        )
    winner, loser = (a, b) if a_points > b_points else (b, a)
    return {"scores": dict(scores), "ranks": {winner: 1, loser: 2}, "winner": winner}


def ranked(scores: Mapping[str, int], context: Mapping[str, Any]) -> dict[str, Any]:
    return logged_result(scores)


def prepare(request: Any, players: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """`companion log`'s `--tribe NAME=TRIBE` and `--home NAME` for a two-team result:
    (the match's options, nothing more for the ranking)."""
    from companion.engine.names import match_prefix
    from companion.games.hoopers.rules.tribes_of import tribe_key

    options: dict[str, Any] = {}
    if len(players) != TEAMS:
        return options, {}
    tribes: dict[str, str] = {}
    for text in request.own.get("tribes") or ():
        name, sep, tribe = text.rpartition("=")
        if not sep or not name.strip() or not tribe.strip():
            raise BadInput(f"--tribe '{text}' is not NAME=TRIBE (e.g. Ann=keepers)")
        team = match_prefix(name, players, what="team")
        if team in tribes:
            raise BadInput(f"--tribe names {team} twice")
        tribes[team] = tribe_key(tribe)
    if tribes:
        options["tribes"] = tribes
    if request.own.get("home") is not None:
        home = match_prefix(request.own["home"], players, what="team")
        options["home"] = home
        options["away"] = next(p for p in players if p != home)
    return options, {}
