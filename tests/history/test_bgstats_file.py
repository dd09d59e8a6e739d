"""BG Stats: play dates in UTC, and the whole play file it imports (issue 24 item 13)."""

from __future__ import annotations

import json
import time
import uuid
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.conftest import local_time
from tests.history.factory import match, record


@pytest.fixture
def in_madrid(monkeypatch):
    """This machine's local time is Madrid's (UTC+1 in winter)."""
    yield from local_time(monkeypatch, "Europe/Madrid")


def test_a_play_goes_out_at_the_utc_moment_it_was_played(cli, in_madrid):
    # Issue 37 item 1: BG Stats' playDate is UTC: 21:00 in Madrid is 20:00 UTC, and the
    # phone (in Madrid) shows 21:00. Local time here would show 22:00 there.
    logged = cli("log", "otdraft", "Ana=98", "Ben=80", "--when", "2026-11-24 21:00", "--json")
    assert logged.json["when"] == "2026-11-24T20:00:00+00:00"
    plays = json.loads(cli("history", "export", "-f", "bgstats").stdout)
    assert plays[0]["playDate"] == "2026-11-24 20:00:00"
    whole = json.loads(cli("history", "export", "-f", "bgsplay").stdout)
    assert whole["plays"][0]["playDate"] == "2026-11-24 20:00:00"


@pytest.mark.parametrize("zone", ["Europe/Madrid", "America/Los_Angeles"])
def test_a_play_near_midnight_keeps_its_utc_moment_in_any_time_zone(cli, db, monkeypatch, zone):
    """A late game (23:50 UTC) goes out as 23:50 on its UTC day in every BG Stats output,
    whatever this machine's zone: local time would move it to the next day in Madrid
    (00:50) and to 15:50 in Los Angeles."""
    late = match("o1", "otdraft", {"Ana": 98, "Ben": 80}, "2026-11-24")
    late["finished"] = late["updated"] = "2026-11-24T23:50:00+00:00"
    record(db, late)
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        plays = json.loads(cli("history", "export", "-f", "bgstats").stdout)
        whole = json.loads(cli("history", "export", "-f", "bgsplay").stdout)
        url = cli("history", "link", "o1", "--json").json["url"]
    finally:
        monkeypatch.undo()
        time.tzset()
    link = json.loads(parse_qs(urlsplit(url).query)["data"][0])
    assert plays[0]["playDate"] == whole["plays"][0]["playDate"] == link["playDate"]
    assert link["playDate"] == "2026-11-24 23:50:00"


def test_the_whole_play_file_links_games_players_and_plays(cli, db):
    record(
        db,
        match("o1", "otdraft", {"Ana": 98, "Ben": 80}, "2026-01-05", options={"first": "Ben"}),
        match("o2", "otdraft", {"ana": 70, "Cy": 90}, "2026-01-06"),
        match("p1", "playlist-solo", {"Ana": 12}, "2026-01-07", options={"mode": "solo"}),
    )
    doc = json.loads(cli("history", "export", "-f", "bgsplay").stdout)
    assert set(doc) == {"about", "players", "locations", "games", "plays"}
    assert doc["locations"] == []
    players = {p["id"]: p for p in doc["players"]}
    games = {g["id"]: g for g in doc["games"]}
    assert sorted(p["name"] for p in players.values()) == ["Ana", "Ben", "Cy"]  # ana is Ana
    assert sorted(g["name"] for g in games.values()) == ["All Stars Playlist", "OT Fantasy Draft"]
    assert len(doc["plays"]) == 3
    first = doc["plays"][0]
    assert games[first["gameRefId"]]["name"] == "OT Fantasy Draft"
    seats = [(players[s["playerRefId"]]["name"], s["score"], s["winner"], s["startPlayer"])
             for s in first["playerScores"]]  # fmt: skip
    assert seats == [("Ana", "98", True, False), ("Ben", "80", False, True)]
    uuids = [p["uuid"] for p in (*doc["plays"], *doc["players"], *doc["games"])]
    assert len(set(uuids)) == len(uuids) and all(uuid.UUID(u) for u in uuids)
    assert all(u == u.upper() for u in uuids)  # as BG Stats writes its own (issue 37)
    again = json.loads(cli("history", "export", "-f", "bgsplay").stdout)
    assert again == doc  # the same history, the same file: BG Stats knows a play it has


def test_bgsplay_to_a_file_and_its_count(cli, db, tmp_path):
    record(db, match("o1", "otdraft", {"Ana": 98, "Ben": 80}, "2026-01-05"))
    out = tmp_path / "history.bgsplay"
    said = cli("history", "export", "-f", "bgsplay", "-o", out, "--json").json
    assert (said["format"], said["matches"]) == ("bgsplay", 1)
    assert json.loads(out.read_text())["plays"][0]["uuid"]
