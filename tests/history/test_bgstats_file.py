"""BG Stats: play dates in local time, and the whole play file it imports (issue 24 item 13)."""

from __future__ import annotations

import json
import time
import uuid

import pytest

from tests.history.factory import match, record


@pytest.fixture
def in_madrid(monkeypatch):
    """This machine's local time is Madrid's (UTC+1 in winter)."""
    monkeypatch.setenv("TZ", "Europe/Madrid")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_play_shows_the_local_hour_it_was_played(cli, in_madrid):
    # 21:00 in Madrid is 20:00 UTC: BG Stats shows the play at 21:00, as played.
    logged = cli("log", "otdraft", "Ana=98", "Ben=80", "--when", "2026-11-24 21:00", "--json")
    assert logged.json["when"] == "2026-11-24T20:00:00+00:00"
    plays = json.loads(cli("history", "export", "-f", "bgstats").stdout)
    assert plays[0]["playDate"] == "2026-11-24 21:00:00"
    whole = json.loads(cli("history", "export", "-f", "bgsplay").stdout)
    assert whole["plays"][0]["playDate"] == "2026-11-24 21:00:00"


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
    again = json.loads(cli("history", "export", "-f", "bgsplay").stdout)
    assert again == doc  # the same history, the same file: BG Stats knows a play it has


def test_bgsplay_to_a_file_and_its_count(cli, db, tmp_path):
    record(db, match("o1", "otdraft", {"Ana": 98, "Ben": 80}, "2026-01-05"))
    out = tmp_path / "history.bgsplay"
    said = cli("history", "export", "-f", "bgsplay", "-o", out, "--json").json
    assert (said["format"], said["matches"]) == ("bgsplay", 1)
    assert json.loads(out.read_text())["plays"][0]["uuid"]
