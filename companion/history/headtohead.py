"""Head-to-head, counted pairwise.

At a table of n players each player beats everyone ranked below them, so a
four-player game gives six pairwise results; equal ranks are a tie between
those two. This makes a third place against a fourth count for something,
which "who won the table" alone would throw away.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Any

Record = list[int]  # wins, losses, ties


def ranks_of(result: dict[str, Any]) -> dict[str, float]:
    """Ranks from the result, else from the scores (highest first, ties share)."""
    ranks = result.get("ranks")
    if isinstance(ranks, dict) and ranks:
        return ranks
    scores = {p: s for p, s in (result.get("scores") or {}).items() if _number(s)}
    return {p: 1 + sum(1 for s in scores.values() if s > score) for p, score in scores.items()}


def won(result: dict[str, Any], player: str) -> bool:
    """Whether `player` won: the winner, or one of several sharing first place.

    A shared first (a tie the game's rules leave shared) is a win
    for each; one player ranked first without being the winner (a solo round short of its
    goal) did not win.
    """
    return player in winners(result)


def winners(result: dict[str, Any]) -> tuple[Any, ...]:
    """Every player who won (see `won`): asked once for a match, not once for each player."""
    winner = result.get("winner")
    if winner is not None:
        return (winner,)
    ranks = result.get("ranks") if isinstance(result.get("ranks"), dict) else {}
    first = tuple(p for p, r in ranks.items() if r == 1)
    return first if len(first) > 1 else ()


def _number(value: Any) -> bool:
    # `type`, not isinstance: True is not a score; a missing score ranks no one.
    return type(value) in (int, float)


def pairwise(matches: Iterable[dict[str, Any]]) -> dict[tuple[str, str], Record]:
    """(player, opponent) -> [wins, losses, ties], both orientations."""
    # Each pair counted once, as (a, b) with a first, and turned round at the end (a big
    # import sums every month's head-to-head again: companion.history.warmup). Both
    # orientations are listed together where the pair was first met, as ever.
    half: dict[tuple[str, str], Record] = {}
    get = half.get
    for match in matches:
        result = match.get("result")
        if match.get("status") != "finished" or not result:
            continue
        ranks = ranks_of(result)
        for a, b in combinations(sorted(ranks), 2):
            ab = get((a, b))
            if ab is None:
                ab = half[a, b] = [0, 0, 0]
            first, second = ranks[a], ranks[b]
            if first < second:
                ab[0] += 1
            elif first > second:
                ab[1] += 1
            else:
                ab[2] += 1
    table: dict[tuple[str, str], Record] = {}
    for (a, b), (won, lost, tied) in half.items():
        table[a, b] = [won, lost, tied]
        table[b, a] = [lost, won, tied]
    return table


def rows(table: dict[tuple[str, str], Record], player: str | None = None) -> list[dict[str, Any]]:
    key = player.casefold() if player is not None else None
    return [
        {"player": a, "opponent": b, "wins": r[0], "losses": r[1], "ties": r[2]}
        for (a, b), r in sorted(
            table.items(), key=lambda kv: (kv[0][0].casefold(), kv[0][1].casefold())
        )
        if key is None or a.casefold() == key
    ]


def nemesis(table: dict[tuple[str, str], Record], player: str) -> str | None:
    """The opponent who beat `player` most often (fewest wins against them breaks ties)."""
    beaten_by = [(r[1], -r[0], b) for (a, b), r in table.items() if a == player and r[1] > 0]
    return min(beaten_by, key=lambda t: (-t[0], -t[1], t[2].casefold()))[2] if beaten_by else None


def favourite(table: dict[tuple[str, str], Record], player: str) -> str | None:
    """The opponent `player` beat most often (fewest losses to them breaks ties)."""
    beat = [(r[0], r[1], b) for (a, b), r in table.items() if a == player and r[0] > 0]
    return min(beat, key=lambda t: (-t[0], t[1], t[2].casefold()))[2] if beat else None
