"""Re-derive an OT Fantasy Draft result from its event log alone."""

from __future__ import annotations

from typing import Any

from companion.games.otdraft.rules.best import find_best
from companion.games.otdraft.rules.catalogue import parse_catalogue_data
from companion.games.otdraft.rules.draft import state_of
from companion.games.otdraft.rules.results import SCOREPAD, final_result, scorepad_result


def replay(match: dict[str, Any]) -> dict[str, Any]:
    """The result `otdraft game end` stores, recomputed from `match["events"]`.

    The match carries the catalogue it was played with, so the answer does not depend
    on the catalogue imported today; a result filed from the scorepad keeps its totals.
    A draft that stopped early (live or abandoned)
    gives `complete: False` and each team's score as it stands, secret card included
    when one is kept.
    """
    state = state_of(match)
    complete = state.is_draft_over and len(state.secrets) == len(state.players)
    filed = match.get("result") or {}
    scored_with = filed.get("catalogue")
    catalogue = state.catalogue
    if catalogue is None and scored_with is not None:  # free names, scored at `end`
        catalogue = parse_catalogue_data(scored_with, "the result's catalogue")
    if complete and filed.get("scored_by") == SCOREPAD:  # the table's totals, kept with it
        # Typed as moves (each player's `total`): the log holds them; else the result does.
        typed = len(state.totals) == len(state.players)
        result, _ = scorepad_result(state, state.totals if typed else filed["scores"], catalogue)
        return result
    if complete and catalogue is not None:
        result, _ = final_result(state, catalogue)
        return result
    teams = {
        p: [*state.team(p), *([state.secrets[p]] if p in state.secrets else [])]
        for p in state.players
    }
    if state.catalogue is None:  # free names never scored: the teams only
        return {"complete": False, "round": state.round, "scores": None, "teams": teams}
    scores = {
        p: find_best([state.catalogue[n] for n in names]).best.total if names else 0
        for p, names in teams.items()
    }
    return {"complete": False, "round": state.round, "scores": scores, "teams": teams}
