"""`--when` and the menu's "When was it played?" take a day as a table says it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from companion.engine.errors import BadInput
from companion.history.log import parse_when
from tests.conftest import assert_user_error

# Wednesday 2 December 2026, 21:30 UTC; the tests read local time in UTC
WEDNESDAY = datetime(2026, 12, 2, 21, 30, tzinfo=UTC)


pytestmark = pytest.mark.usefixtures("utc")  # tests/conftest.py


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("today", "2026-12-02T12:00:00+00:00"),
        ("yesterday", "2026-12-01T12:00:00+00:00"),
        ("Yesterday 20:15", "2026-12-01T20:15:00+00:00"),
        ("friday", "2026-11-27T12:00:00+00:00"),  # the last Friday
        ("fri", "2026-11-27T12:00:00+00:00"),
        ("last friday", "2026-11-27T12:00:00+00:00"),  # issue 43 item 10
        ("Last Fri 20:15", "2026-11-27T20:15:00+00:00"),
        ("tuesday", "2026-12-01T12:00:00+00:00"),
        ("wednesday", "2026-11-25T12:00:00+00:00"),  # never today: a week ago
        ("3 days ago", "2026-11-29T12:00:00+00:00"),
        ("a week ago", "2026-11-25T12:00:00+00:00"),
        ("2026-11-30", "2026-11-30T12:00:00+00:00"),
    ],
)
def test_a_day_said_as_the_table_says_it(said, day):
    assert parse_when(said, WEDNESDAY) == day


def test_today_before_noon_is_now():
    morning = datetime(2026, 12, 2, 9, 5, tzinfo=UTC)
    assert parse_when("today", morning) == "2026-12-02T09:05:00+00:00"


def test_a_said_day_with_a_time_out_of_range_is_refused():
    with pytest.raises(BadInput, match="25:00 is not a time of day"):
        parse_when("friday 25:00", WEDNESDAY)


def test_log_when_friday_is_the_last_friday_of_the_stores_clock(cli, monkeypatch):
    from companion.store import clock

    monkeypatch.setattr(clock, "wall", lambda: WEDNESDAY.isoformat())
    result = cli("log", "otdraft", "Ana=3", "Ben=4", "--when", "friday", "--json")
    assert result.json["when"] == "2026-11-27T12:00:00+00:00"
    assert_user_error(
        cli("log", "otdraft", "Ana=3", "Ben=4", "--when", "frday"),
        "--when 'frday' is not a date like 2026-11-30 or 2026-11-30 20:15,"
        " nor today, yesterday, a weekday (the last one) or N days ago",
    )
