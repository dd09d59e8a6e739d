"""Numbers and dates coming in from a file are bounded as typed ones are."""

from __future__ import annotations

import json

import pytest

from tests.conftest import assert_user_error
from tests.history.factory import match


def export_of(tmp_path, *matches: dict, amendments: dict | None = None):
    path = tmp_path / "in.json"
    body = {"format": "companion-history", "version": 1, "players": {}, "matches": list(matches)}
    if amendments is not None:
        body["amendments"] = amendments
    path.write_text(json.dumps(body))
    return path


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("scores", 10**400, "'result.scores' has a value for 'Ana' that is out of range"),
        ("ranks", 10**400, "'result.ranks' has a value for 'Ana' that is out of range"),
        ("scores", -(10**12), "'result.scores' has a value for 'Ana' that is out of range"),
        ("scores", 1e300, "'result.scores' has a value for 'Ana' that is out of range"),
    ],
    ids=["400-digit score", "400-digit rank", "minus a trillion", "1e300"],
)
def test_a_huge_score_or_rank_is_refused_and_nothing_written(
    cli, db, tmp_path, field, value, message
):
    doc = match("big1", "otdraft", {"Ana": 90, "Ben": 80}, "2026-01-10")
    doc["result"][field]["Ana"] = value
    result = cli("history", "import", export_of(tmp_path, doc))
    assert_user_error(result, message)
    assert result.stderr.count("\n") == 1
    assert not db.exists()
    assert cli("history", "stats", "--json").exit_code == 0


@pytest.mark.parametrize(
    ("day", "message"),
    [("0001-01-01", "'finished' is before 1900"), ("9999-12-31", "'finished' is in the future")],
)
def test_a_date_out_of_range_is_refused(cli, db, tmp_path, day, message):
    doc = match("far1", "otdraft", {"Ana": 90, "Ben": 80}, "2026-01-10")
    doc["finished"] = f"{day}T21:00:00+00:00"
    result = cli("history", "import", export_of(tmp_path, doc))
    assert_user_error(result, message)
    assert not db.exists()


def test_an_amendment_with_a_huge_score_is_refused(cli, db, tmp_path):
    doc = match("am1", "otdraft", {"Ana": 90, "Ben": 80}, "2026-01-10")
    entry = {"at": "2026-01-11T10:00:00+00:00", "scores": {"Ana": 10**400, "Ben": 80}}
    amendments = {"am1": {"finished": doc["finished"], "entries": [entry]}}
    result = cli("history", "import", export_of(tmp_path, doc, amendments=amendments))
    assert_user_error(result, "'scores' has a value for 'Ana' that is out of range")
    assert not db.exists()


def test_the_bounds_are_those_of_log_when(cli, db, tmp_path):
    assert_user_error(
        cli("log", "otdraft", "Ana=1", "Ben=2", "--when", "0001-01-01"), "before 1900"
    )
    assert_user_error(cli("log", "otdraft", "Ana=1", "Ben=2", "--when", "9999-12-31"), "future")
    assert_user_error(cli("log", "otdraft", "Ana=1", f"Ben={10**400}"), "out of range")
    inside = match("ok1", "otdraft", {"Ana": 10**9, "Ben": -(10**9)}, "1900-01-01")
    assert cli("history", "import", export_of(tmp_path, inside)).exit_code == 0
