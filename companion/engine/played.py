"""How long a game was played, from the times its start, its moves and its end were stamped.

A table left for more than an hour between two stamps (dinner, the next evening) was
not being played: such a pause is left out, every other gap counts. Stamps are ISO 8601
(the store writes UTC); one that does not parse is passed over.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

PAUSE = timedelta(hours=1)  # a longer gap between two stamps is a pause, not play


def _parsed(stamp: object) -> datetime | None:
    if not isinstance(stamp, str):
        return None
    try:
        found = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    return found if found.tzinfo is not None else found.replace(tzinfo=UTC)


def minutes_played(stamps: Iterable[object]) -> int:
    """Whole minutes (rounded) between consecutive stamps, pauses over an hour left out."""
    times = [t for t in map(_parsed, stamps) if t is not None]
    played = sum(
        (later - earlier for earlier, later in zip(times, times[1:], strict=False)
         if timedelta(0) <= later - earlier <= PAUSE),
        timedelta(0),
    )  # fmt: skip
    return round(played.total_seconds() / 60)


def match_stamps(match: dict, finished: str) -> list[object]:
    """A live match's stamps in order: its start, every move, and `finished`."""
    events = match.get("events") if isinstance(match.get("events"), list) else []
    return [match.get("created"), *(e.get("at") for e in events if isinstance(e, dict)), finished]
