"""The order of records: a hybrid logical clock over each machine's wall clock.

Records (renames, merges, amendments, deletions) are folded in the order of their
stamps, so a stamp must never put a change before one its writer had already seen.
A wall clock cannot promise that: stepped back (NTP, a dead battery, a user) it
stamps a second amendment before the first, and a machine whose clock is years
ahead stamps every one of its records after anything the others will write for
years. So a record's stamp is its `at` (a time) and its `tick` (a counter): a
machine writes its wall clock's time with tick 0 when that is later than every
record it has read (its own included), and otherwise the newest stamp it has read
plus one tick. A change made after another was read is therefore ordered after it,
whatever either clock says; changes made without seeing each other are ordered by
their stamps, then machine id, then sequence number (every machine folds the same
order). docs/reliability.md says what is promised.

A match's copies are ordered by the same clock: each copy filed in the archive carries
the stamp of its filing (`filed`: its `at` and `tick`), taken after every copy of that
match its writer had read, so a match undone, corrected and ended again with the clock
stepped back is newer than the copy it replaced, in every file and every conflict copy.

No tinydb here: the shell's Tab reader (companion.store.peek) orders records too.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

Stamp = tuple[str, int]


def wall() -> str:
    """This machine's clock (tests replace it to step the clock back or forward)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def stamp_of(record: dict[str, Any]) -> Stamp:
    """A record's stamp (a record written before ticks has tick 0)."""
    tick = record.get("tick")
    return record["at"], tick if type(tick) is int and tick >= 0 else 0


def order_key(record: dict[str, Any]) -> tuple[str, int, str, int, str]:
    """The one order every machine folds records in."""
    at, tick = stamp_of(record)
    return at, tick, record["machine"], record["seq"], record["rid"]


def next_stamp(newest: Stamp | None, now: str | None = None) -> Stamp:
    """The stamp of a record written after reading records up to `newest`."""
    now = wall() if now is None else now
    if newest is None or now > newest[0]:
        return now, 0
    return newest[0], newest[1] + 1


def filed_stamp(match: dict[str, Any]) -> Stamp:
    """A match copy's stamp: that of its filing, or for a copy filed before matches had
    one (or with a `filed` of another shape), its `updated` at tick 0."""
    filed = match.get("filed")
    if isinstance(filed, dict):
        at, tick = filed.get("at"), filed.get("tick")
        if isinstance(at, str) and type(tick) is int and tick >= 0:
            return at, tick
    updated = match.get("updated")
    return updated if isinstance(updated, str) else "", 0


def unfiled(match: dict[str, Any]) -> dict[str, Any]:
    """A match as it leaves the store (`history show`, an export): the stamp of a copy's
    filing is the store's own, and an import files the match again with a stamp of its own."""
    return {k: v for k, v in match.items() if k != "filed"} if "filed" in match else match
