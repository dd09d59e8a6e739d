"""An All-Star Draft game played without the companion: each manager's final Supporters.

"In case of a tie, it is the Manager who won the most Supporters during the
Play-Offs who wins the game" ('4. End of the Game'): a tie for first needs them;
still tied is a shared first. A tie below first shares the rank.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.errors import BadInput
from companion.games.allstar.rules.ranking import shared_ranks

MANAGERS = (2, 6)


def logged_result(
    scores: Mapping[str, int], playoff: Mapping[str, int] | None = None
) -> dict[str, Any]:
    """Ranks by Supporters, ties broken by the Play-Off Supporters given for the tied managers.

    `scores` are the final totals (Play-Offs included); `playoff` the Supporters
    each manager won in the Play-Offs, needed only to break a tie.
    """
    low, high = MANAGERS
    if not low <= len(scores) <= high:
        raise BadInput(f"All-Star Draft is played by {low} to {high} managers (got {len(scores)})")
    won = dict(playoff or {})
    for name, value in [*scores.items(), *won.items()]:
        if value < 0:
            raise BadInput(f"{name} {value}: Supporters cannot be negative")
    for name, value in won.items():
        if value > scores[name]:
            raise BadInput(
                f"{name} won {value} Supporters in the Play-Offs but has {scores[name]} in all"
            )
    for total in set(scores.values()):
        tied = [m for m in scores if scores[m] == total]
        given = [m for m in tied if m in won]
        if len(tied) > 1 and given and len(given) < len(tied):
            missing = ", ".join(m for m in tied if m not in won)
            raise BadInput(
                f"{' and '.join(tied)} are tied on {total} Supporters: "
                f"give the Play-Off Supporters of {missing} too"
            )
    best = max(scores.values())
    first = [m for m in scores if scores[m] == best]
    if len(first) > 1 and not any(m in won for m in first):
        given = " ".join(f"--playoff {m}=N" for m in first)
        raise BadInput(
            f"{' and '.join(first)} are tied for first on {best} Supporters: the most "
            f"Supporters won in the Play-Offs wins; give them with {given}"
        )
    managers = list(scores)
    keys = [(scores[m], won.get(m, 0)) for m in managers]
    ranks = dict(zip(managers, shared_ranks(keys), strict=True))
    top = [m for m in managers if ranks[m] == 1]
    result: dict[str, Any] = {
        "scores": dict(scores),
        "ranks": ranks,
        "winner": top[0] if len(top) == 1 else None,
    }
    if won:
        result["playoff_scores"] = won
    return result


def ranked(scores: Mapping[str, int], context: Mapping[str, Any]) -> dict[str, Any]:
    return logged_result(scores, context.get("playoff"))


def prepare(request: Any, players: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """`companion log`'s `--playoff NAME=POINTS`: the Play-Off Supporters that break a tie."""
    from companion.engine.entries import parse_per_player

    typed = request.own.get("playoff")
    if not typed:
        return {}, {}
    return {}, {"playoff": parse_per_player(typed, players, "--playoff", "POINTS")}


def amend_context(match: Mapping[str, Any]) -> dict[str, Any]:
    """What ranking an amended result needs again: the Play-Off Supporters, when recorded."""
    result = match.get("result") or {}
    if isinstance(result.get("playoff_scores"), dict):
        return {"playoff": result["playoff_scores"]}
    return {}
