"""Game end: every team scored with its best choice — or the table's scorepad totals —
ranked, ties to the latest turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine.errors import BadInput
from companion.engine.names import match_prefix
from companion.games.otdraft.rules.best import Search, find_best
from companion.games.otdraft.rules.cards import Catalogue
from companion.games.otdraft.rules.draft import (
    DraftState,
    final_names,
    final_teams,
    missing_cards,
    round_order,
)
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


# --- the scorepad ------------------------------------------------------------------

SCOREPAD = "scorepad"  # the result's `scored_by` when the table's totals were filed


def check_total(player: str, typed: str) -> int:
    """One team's total as the scorepad shows it: a whole number, 0 or more."""
    text = typed.strip()
    try:
        value = int(text)
    except ValueError:
        raise BadInput(f"{player}'s total '{text}' is not a whole number of points") from None
    if value < 0:
        raise BadInput(f"{player}'s total is {value}: a team scores 0 points or more")
    return value


def parse_totals(
    typed: Sequence[str], players: Sequence[str], given: Mapping[str, int] | None = None
) -> dict[str, int]:
    """`NAME=POINTS` for every player, each once (a unique prefix of the name will do);
    the totals `given` already (typed on the players' phones) count, unless typed again."""
    totals: dict[str, int] = {}
    for text in typed:
        name, sep, points = text.partition("=")
        if not sep or not name.strip():
            raise BadInput(f"'{text}' is not NAME=POINTS (e.g. {players[0]}=41)")
        player = match_prefix(name, players, what="player")
        if player in totals:
            raise BadInput(f"{player}'s total is given twice")
        totals[player] = check_total(player, points)
    missing = [p for p in players if p not in totals and p not in (given or {})]
    if missing:
        raise BadInput(f"no total for {', '.join(missing)}: every player's total is needed")
    return {**(given or {}), **totals}


def scorepad_result(
    state: DraftState, totals: Mapping[str, int], catalogue: Catalogue | None = None
) -> tuple[dict[str, Any], dict[str, Search]]:
    """The result filed from the table's scorepad: its totals rank the players, with the
    rulebook's tie-breaker (`rank_players`). When the catalogue can score every team
    too, its scores and choices are kept beside (`companion_scores`): the table's word
    wins, the difference stays visible."""
    names = final_names(state)  # refuses an unfinished draft or a missing secret card
    scores = {p: totals[p] for p in state.players}
    usable = state.catalogue if state.catalogue is not None else catalogue
    scored, searches = (
        final_result(state, catalogue) if not missing_cards(state, usable) else ({}, {})
    )
    ranking, tied = rank_players(scores, list(state.players), state.first)
    result: dict[str, Any] = {
        "scores": scores,
        "ranks": {p: i for i, p in enumerate(ranking, 1)},
        "winner": ranking[0],
        "tied": tied,
        "teams": scored.get("teams", names),
        "choices": scored.get("choices", {}),
        "scored_by": SCOREPAD,
    }
    if scored:
        result["companion_scores"] = scored["scores"]
    if "catalogue" in scored:
        result["catalogue"] = scored["catalogue"]
    return result, searches
