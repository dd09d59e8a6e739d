"""The book of every match: live and archived, with canonical player names."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.history.players import Roster
    from companion.store import Store

ALIASES = "players"


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cycle collector while building many small objects that live to the end.

    Loading 100,000 match summaries otherwise spends about a third of its
    time in collections that find nothing (the documents hold no cycles).
    """
    import gc

    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def history(store: Store) -> tuple[Roster, list[dict[str, Any]]]:
    """Every match (archived ones without events) with canonical player names."""
    from companion.history.players import Roster
    from companion.store.archive import live_matches, summaries

    roster = Roster(store.all_docs(ALIASES))
    with paused_gc():
        # One copy per id, should an older companion have left two (the live one wins).
        unique = {m["id"]: m for m in [*summaries(store), *live_matches(store)]}
        return roster, [roster.match(m) for m in unique.values()]
