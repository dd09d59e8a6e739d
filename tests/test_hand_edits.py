"""A main file edited by hand into a shape no companion writes: one error line, no traceback."""

from __future__ import annotations

import json

import pytest

from tests.conftest import assert_user_error


def edit(db, change) -> None:
    data = json.loads(db.read_text())
    change(data)
    db.write_text(json.dumps(data))


def one_error(result, fragment: str) -> None:
    assert_user_error(result, fragment)
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("schema", [0, -1])
def test_a_schema_version_no_companion_writes(cli, db, schema):
    assert cli("log", "otdraft", "Ana=3", "Ben=4").exit_code == 0
    edit(db, lambda d: d["_meta"]["1"].update(schema=schema))
    for command in (("history", "list"), ("log", "otdraft", "Ana=1", "Ben=2")):
        one_error(cli(*command), f"says it has schema {schema}, which no companion writes")


@pytest.mark.parametrize("value", [5, {"a": 1}], ids=["int", "dict"])
def test_a_players_alias_that_names_no_player(cli, db, value):
    assert cli("log", "otdraft", "Ana=3", "Ben=4").exit_code == 0
    # The main file's own alias table (as a companion before per-machine records kept it).
    edit(db, lambda d: d.update(players={"1": {"key": "Ana", "value": value}}))
    for command in (
        ("history", "list"),
        ("history", "stats"),
        ("history", "show"),
        ("players", "list"),
    ):
        one_error(cli(*command), "the players alias 'Ana' -> ")


def test_a_series_whose_games_is_a_string(cli, db):
    started = cli("hoopers", "series", "start", "--tribes", "Keepers,Unleashed", "--seed", "1")
    assert started.exit_code == 0

    def break_games(data):
        for doc in data["series"].values():
            if isinstance(doc["value"], dict):
                doc["value"]["games"] = "oops"

    edit(db, break_games)
    for verb in ("status", "list", "next", "end", "abandon"):
        one_error(cli("hoopers", "series", verb), "cannot be read")


def test_a_live_event_of_an_unknown_type(cli, db):
    solo = (
        "playlist",
        "solo",
        "start",
        "--seed",
        "1",
        "--cards",
        "2",
        "--laid",
        "pop/3/love+piano+ballad/a",
        "--laid",
        "pop/3/love+drums+sad/b",
    )
    assert cli(*solo).exit_code == 0

    def add_bogus(data):
        for match in data["live"].values():
            match["events"].append({"type": "bogus", "data": {}, "at": "2026-11-30T20:00:00+00:00"})

    edit(db, add_bogus)
    for command in (
        ("watch", "--once"),
        ("playlist", "solo", "status"),
        ("playlist", "solo", "end"),
    ):
        one_error(cli(*command), "unknown playlist-solo event type 'bogus'")
