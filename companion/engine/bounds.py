"""What a score, a rank or a date may be when it comes in: typed, logged or imported.

Beyond these no game is being recorded, and the readers' arithmetic stays exact
(a 400-digit score would break every average). `log`, `history amend` and
`history import` hold what they take to the same bounds.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

MAX_NUMBER = 10**9
EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)
AHEAD = timedelta(days=1)  # clocks differ; a game is recorded once played
OUT_OF_RANGE = f"is out of range (at most {MAX_NUMBER:,} either way)"


def number_problem(value: Any) -> str | None:
    """What is wrong with a number coming in, if anything."""
    is_number = type(value) is int or type(value) is float
    return OUT_OF_RANGE if is_number and abs(value) > MAX_NUMBER else None


def when_problem(when: datetime, now: datetime | None = None) -> str | None:
    """What is wrong with a date coming in (before 1900, or more than a day ahead)."""
    aware = when if when.tzinfo is not None else when.replace(tzinfo=UTC)
    if aware < EARLIEST:
        return "is before 1900"
    if aware - (now or datetime.now(UTC)) > AHEAD:
        return "is in the future"
    return None


def parse_json_int(text: str) -> int:
    """An integer in JSON coming in (`json.loads(..., parse_int=...)`): one too long for
    Python to read (over 4,300 digits) is read as a number out of range, so the match is
    refused for that reason and not as "not JSON"."""
    if len(text) > 40:
        return (-1 if text.startswith("-") else 1) * (MAX_NUMBER + 1)
    return int(text)
