"""Re-derive a finished OT Fantasy Draft result from its event log alone."""

from __future__ import annotations

from typing import Any

from companion.games.otdraft.draft import state_of
from companion.games.otdraft.results import final_result


def replay(match: dict[str, Any]) -> dict[str, Any]:
    """The result `otdraft game end` stores, recomputed from `match["events"]`.

    The match carries the catalogue it was played with, so the answer does not
    depend on the catalogue imported today. Raises a CompanionError (DraftError)
    when the log stops before the draft is complete.
    """
    result, _ = final_result(state_of(match))
    return result
