"""An OT Fantasy Draft played without the companion: each player's final points.

"In case of a tie-breaker, the player who took their turn most recently
wins": with the order of round 7 (the last round), the later a player went,
the better. Without it, players with the same points share the rank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine.errors import BadInput
from companion.games.otdraft.rules.draft import round_order
from companion.games.otdraft.rules.scoring import ROUNDS

PLAYERS = (2, 5)


def last_round_order(players: Sequence[str], first: str) -> list[str]:
    """The turn order of round 7 of a draft whose first round `first` started."""
    return round_order(players, first, ROUNDS)


def logged_result(scores: Mapping[str, int], order: Sequence[str] | None = None) -> dict[str, Any]:
    """Ranks by points; `order` (round 7's turn order, every player once) breaks ties."""
    low, high = PLAYERS
    if not low <= len(scores) <= high:
        raise BadInput(f"OT Fantasy Draft is played by {low} to {high} players (got {len(scores)})")
    players = list(scores)
    if order is not None and sorted(order) != sorted(players):
        raise BadInput(
            f"the round-7 order must name every player once: {', '.join(players)} "
            f"(got {', '.join(order) or 'nobody'})"
        )
    recency = dict.fromkeys(players, 0)
    if order is not None:
        recency = {p: i for i, p in enumerate(order)}
    keys = {p: (scores[p], recency[p]) for p in players}
    ranks = {p: 1 + sum(1 for k in keys.values() if k > keys[p]) for p in players}
    top = [p for p in players if ranks[p] == 1]
    return {
        "scores": dict(scores),
        "ranks": ranks,
        "winner": top[0] if len(top) == 1 else None,
    }


def ranked(scores: Mapping[str, int], context: Mapping[str, Any]) -> dict[str, Any]:
    return logged_result(scores, context.get("order"))


def prepare(request: Any, players: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """`companion log`'s `--order A,B,C`: round 7's turn order, kept with the match."""
    from companion.engine.names import match_prefix

    given = request.own.get("order")
    if given is None:
        return {}, {}
    typed = [t for t in (p.strip() for p in given.split(",")) if t]
    order = [match_prefix(t, players, what="player") for t in typed]
    return {"order": order}, {"order": order}


def amend_context(match: Mapping[str, Any]) -> dict[str, Any]:
    """Round 7's order again: as logged, else from who started the tracked draft."""
    options = match.get("options") or {}
    if isinstance(options.get("order"), list):
        return {"order": options["order"]}
    if options.get("first") in match["players"]:
        return {"order": last_round_order(match["players"], options["first"])}
    return {}
