"""Game end: every team scored with its best choice, ranked, ties to the latest turn."""

from __future__ import annotations

from typing import Any

from companion.games.otdraft.rules.best import Search, find_best
from companion.games.otdraft.rules.cards import Catalogue
from companion.games.otdraft.rules.draft import DraftState, final_teams, round_order
from companion.games.otdraft.rules.scoring import ROUNDS


def rank_players(
    scores: dict[str, int], players: list[str], first: str
) -> tuple[list[str], list[str]]:
    """Players best first, and who tied for the top.

    "In case of a tie-breaker, the player who took their turn most recently wins":
    the later a player's turn in the last round, the better.
    """
    recency = {p: i for i, p in enumerate(round_order(players, first, ROUNDS))}
    ranking = sorted(players, key=lambda p: (-scores[p], -recency[p]))
    top = scores[ranking[0]]
    tied = [p for p in ranking if scores[p] == top]
    return ranking, tied if len(tied) > 1 else []


def final_result(
    state: DraftState, catalogue: Catalogue | None = None
) -> tuple[dict[str, Any], dict[str, Search]]:
    """The stored result of a finished draft, and each team's scoring search.

    A draft of free card names is scored with `catalogue`, which the result then keeps
    (under `catalogue`) so the match replays without today's catalogue.
    """
    teams = final_teams(state, catalogue)
    searches = {p: find_best(cards) for p, cards in teams.items()}
    scores = {p: searches[p].best.total for p in state.players}
    ranking, tied = rank_players(scores, list(state.players), state.first)
    result = {
        "scores": scores,
        "ranks": {p: i for i, p in enumerate(ranking, 1)},
        "winner": ranking[0],
        "tied": tied,
        "teams": {p: [c.name for c in teams[p]] for p in state.players},
        "choices": {p: searches[p].best.choices.to_json() for p in state.players},
    }
    if state.free and catalogue is not None:
        result["catalogue"] = catalogue.to_raw()
    return result, searches
