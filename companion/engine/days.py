"""Days as a table says them: `yesterday`, `today`, `friday` or `last friday` (the last
one), `3 days ago`.

Pure: the day they name is counted back from `today`, which the caller reads from its clock
(so tests stop it). A weekday is the last one before today, never today itself: on a Friday
evening "friday" is a week ago, since a game played today is logged as `today`.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
SAID = "today, yesterday, a weekday (the last one) or N days ago"
_AGO = re.compile(r"^(?P<n>\d{1,4}|a|an|one)\s+(?P<unit>days?|weeks?)\s+ago$")
_TIME = re.compile(r"^(?P<day>.*?)\s+(?P<hour>\d{1,2}):(?P<minute>\d{2})$")


def relative_day(text: str, today: date) -> date | None:
    """The day `text` names counted back from `today`, or None if it names none this way."""
    said = " ".join(text.casefold().split())
    if said == "today":
        return today
    if said == "yesterday":
        return today - timedelta(days=1)
    day = said.removeprefix("last ")  # "last friday" is the Friday "friday" names
    for number, name in enumerate(WEEKDAYS):
        if day in (name, name[:3]):
            back = (today.weekday() - number) % 7 or 7
            return today - timedelta(days=back)
    ago = _AGO.match(said)
    if ago is None:
        return None
    n = 1 if ago["n"] in ("a", "an", "one") else int(ago["n"])
    return today - timedelta(days=n * (7 if ago["unit"].startswith("week") else 1))


def split_time(text: str) -> tuple[str, tuple[int, int] | None]:
    """`friday 20:15` -> ("friday", (20, 15)); a text without a time stays whole."""
    found = _TIME.match(text.strip())
    if found is None:
        return text.strip(), None
    return found["day"], (int(found["hour"]), int(found["minute"]))
