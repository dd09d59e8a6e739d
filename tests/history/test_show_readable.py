"""Issue 17: `history show` without an id shows the newest match, and its event log reads as
lines, one per event (`--json` keeps the events exactly as stored)."""

from __future__ import annotations

from tests.conftest import assert_user_error
from tests.history.factory import match, record

SPECIES = ["Bears", "Ducks", "Horses", "Caribou", "Pandas", "Tigers", "Sharks", "Eagles"]
CONFIG = {"species": SPECIES, "symbols": ["goal", "puck"], "numbers": [1, 2, 3], "confirmed": []}


def at(day: str) -> str:
    return f"{day}T19:30:00+00:00"


ALLSTAR_EVENTS = [
    {
        "type": "setup",
        "data": {"managers": ["Ana", "Ben"], "mode": "standard", "arena_reminder": None},
        "at": at("2026-03-01"),
    },
    {
        "type": "arenas",
        "data": {"round": 1, "arenas": [{"name": "Arena 1.1", "points": [13, 10, 7]}]},
        "at": at("2026-03-01"),
    },
    {
        "type": "team",
        "data": {"round": 1, "manager": "Ana", "bus": 1, "cards": ["Ducks-4-stick", "Bears-1"]},
        "at": at("2026-03-01"),
    },
    {"type": "resolve", "data": {"config": CONFIG}, "at": at("2026-03-01")},
    {"type": "turn", "data": {"again": False, "next_round": True}, "at": at("2026-03-01")},
]


def setup(db):
    return record(
        db,
        match("old111", "otdraft", {"Ana": 98, "Ben": 80}, "2026-01-10"),
        match(
            "new222",
            "allstar",
            {"Ana": 30, "Ben": 20},
            "2026-03-01",
            options={"mode": "standard", "order": ["Ben", "Ana"]},
            events=ALLSTAR_EVENTS,
        ),
        match("mid333", "playlist", {"Ana": 20, "Cy": 25}, "2026-02-14"),
    )


def test_show_without_an_id_is_the_newest_match(cli, db):
    setup(db)
    newest = cli("history", "show", "--json")
    assert newest.exit_code == 0, newest.stderr
    assert newest.json == cli("history", "show", "new222", "--json").json
    assert newest.json["events"] == ALLSTAR_EVENTS  # --json: exactly as stored
    text = cli("history", "show").stdout
    assert text.startswith("allstar match new222 — finished")
    assert text == cli("history", "show", "new2").stdout


def test_show_without_an_id_follows_history_list(cli, db):
    store = setup(db)
    live = store.start_match("hoopers", ["Lucy", "Karl"], seed=1)
    assert cli("history", "list", "--json").json["matches"][0]["id"] == live["id"]
    assert cli("history", "show", "--json").json["id"] == live["id"]


def test_show_without_an_id_and_no_history(cli, db):
    assert_user_error(cli("history", "show"), "no match in history yet")
    assert not db.exists()


def test_the_event_log_reads_as_lines(cli, db):
    setup(db)
    lines = cli("history", "show", "new222").stdout.splitlines()
    assert "options: mode standard, order [Ben, Ana]" in lines
    log = [line for line in lines if line[:3].strip().isdigit()]
    assert log == [
        "  1. setup: managers [Ana, Ben], mode standard",
        "  2. arenas: round 1, arenas [Arena 1.1]",
        "  3. team: round 1, manager Ana, bus 1, cards [Ducks-4-stick, Bears-1]",
        "  4. resolve: config (species [Bears, Ducks, Horses, Caribou, Pandas, Tigers, … 8 in all]"
        ", symbols [goal, puck], numbers [1, 2, 3])",
        "  5. turn: next round",
    ]
    # No Python reprs: no quotes around names, no `key=`, no {…}.
    text = "\n".join(log)
    assert not any(mark in text for mark in ("'", "=", "{", "None", "False"))


def test_an_event_without_data_is_its_type(cli, db):
    record(
        db,
        match(
            "bare01",
            "hoopers",
            {"Lucy": 1, "Karl": 0},
            "2026-01-01",
            events=[{"type": "turn", "data": {}, "at": at("2026-01-01")}],
        ),
    )
    assert "  1. turn\n" in cli("history", "show").stdout
