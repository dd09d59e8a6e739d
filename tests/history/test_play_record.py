"""Issue 31 items 1-4: the play leaves the table whole — minutes, place, start and new
players, roles and board — in BG Stats' play file, its push link, and BGG's plays XML."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from companion.store import Store
from companion.tables import table_for
from tests.conftest import assert_user_error
from tests.history.factory import match, record

LINK_KEYS = {
    "playDate", "durationMin", "location", "comments", "game", "players", "sourceName",
    "sourcePlayId",
}  # fmt: skip
# The link leaves out what holds BG Stats' default (a false flag, highestWins, noPoints), a
# rank or winner the scores give, sourceGameId and sourcePlayerId: a smaller QR code (issue
# 37 item 4).
LINK_GAME_KEYS = {"name", "bggId"}
BGG_PLAY = {"id", "date", "quantity", "length", "location", "incomplete", "nowinstats"}
BGG_PLAYER = {"name", "username", "startposition", "color", "score", "new", "win"}


class Clock:
    """The store's time source, moved on by the test: no sleeping."""

    def __init__(self, start: datetime) -> None:
        self.at = start

    def __call__(self) -> str:
        return self.at.isoformat(timespec="seconds")

    def wait(self, minutes: int) -> None:
        self.at += timedelta(minutes=minutes)


def pushed(url: str) -> dict:
    """The play a BG Stats push link carries (its `data`, URL-decoded JSON)."""
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == (
        "https", "app.bgstatsapp.com", "/createPlay.html",
    )  # fmt: skip
    (data,) = parse_qs(parts.query)["data"]
    assert unquote(parts.query.removeprefix("data=")) == data  # nothing else in the query
    return json.loads(data)


def bgg_plays(text: str) -> list[ET.Element]:
    root = ET.fromstring(text.encode())
    assert root.tag == "plays"
    return root.findall("play")


def play_tracked(db, clock: Clock) -> str:
    """A playlist game of 20 + 10 minutes, with a pause of 100 minutes between."""
    store = Store(db, clock=clock)
    table = table_for(store, "playlist")
    started = table.start(["Ana", "Ben"], first="Ben", seed=3)
    clock.wait(20)
    table.turn()
    clock.wait(100)  # dinner: more than an hour, not play
    table.turn()
    clock.wait(10)
    table.end(now=True)
    return started.status.id


def test_a_tracked_game_shows_its_minutes_in_all_three_outputs(cli, db):
    assert cli("config", "location", "Club").stdout == "location: Club\n"
    game_id = play_tracked(db, Clock(datetime(2026, 11, 24, 19, 0, tzinfo=UTC)))

    whole = json.loads(cli("history", "export", "-f", "bgsplay").stdout)
    (play,) = whole["plays"]
    assert play["durationMin"] == 30
    assert whole["locations"][0]["name"] == "Club"
    assert play["locationRefId"] == whole["locations"][0]["id"]
    assert play["board"] == "multiplayer"
    seats = {whole["players"][s["playerRefId"] - 1]["name"]: s for s in play["playerScores"]}
    assert seats["Ben"]["startPlayer"] and not seats["Ana"]["startPlayer"]
    assert seats["Ana"]["newPlayer"] and seats["Ben"]["newPlayer"]

    link = pushed(cli("history", "link", "--json").json["url"])
    assert (link["sourcePlayId"], link["durationMin"], link["location"]) == (game_id, 30, "Club")

    (bgg,) = bgg_plays(cli("history", "export", "-f", "bgg").stdout)
    assert (bgg.get("id"), bgg.get("length"), bgg.get("location")) == (game_id, "30", "Club")


def test_the_clock_counts_every_gap_of_an_hour_or_less(db):
    clock = Clock(datetime(2026, 11, 24, 19, 0, tzinfo=UTC))
    store = Store(db, clock=clock)
    table = table_for(store, "playlist")
    table.start(["Ana", "Ben"], first="Ana", seed=3)
    clock.wait(60)  # an hour exactly is still play
    table.turn()
    clock.wait(61)
    table.end(now=True)
    (filed,) = store.list_matches("playlist")
    assert filed["options"]["minutes"] == 60
    assert (filed["created"], filed["finished"]) == (
        "2026-11-24T19:00:00+00:00", "2026-11-24T21:01:00+00:00",
    )  # fmt: skip


def test_the_push_link_has_bg_stats_fields_and_utc_time(cli, db, monkeypatch):
    import time

    monkeypatch.setenv("TZ", "Europe/Madrid")
    time.tzset()
    try:
        assert cli("config", "bgg-id", "hoopers", "123").exit_code == 0
        logged = cli(
            "log", "hoopers", "Ann=70", "Bob=60", "--tribe", "Ann=keepers", "--tribe",
            "Bob=unleashed", "--when", "2026-11-24 21:05", "--minutes", "45", "--location",
            "Club", "--note", "close one", "--json",
        ).json  # fmt: skip
        url = cli("history", "link").stdout.strip()  # the last finished game
    finally:
        monkeypatch.undo()
        time.tzset()
    play = pushed(url)
    assert set(play) == LINK_KEYS
    assert set(play["game"]) == LINK_GAME_KEYS
    assert play["playDate"] == "2026-11-24 20:05:00"  # 21:05 in Madrid, in UTC
    assert (play["durationMin"], play["location"], play["comments"]) == (45, "Club", "close one")
    assert play["game"] == {
        "name": "Valley Hoopers: The Series", "bggId": 123,
    }  # fmt: skip
    assert play["players"] == [
        {"name": "Ann", "score": 70, "newPlayer": True, "role": "Keepers"},  # won: 70 > 60
        {"name": "Bob", "score": 60, "newPlayer": True, "role": "Unleashed"},
    ]
    assert (play["sourceName"], play["sourcePlayId"]) == ("Table Companion", logged["id"])


def test_link_draws_a_qr_code_when_asked_and_refuses_an_unknown_id(cli):
    cli("log", "otdraft", "Ana=3", "Ben=9")
    shown = cli("history", "link", "--qr").stdout.splitlines()
    assert shown[0].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert len(shown) > 20 and "▄" in "".join(shown[1:])  # the code, in half blocks
    assert len(cli("history", "link").stdout.splitlines()) == 1  # off a terminal: the link
    assert_user_error(cli("history", "link", "zzzzzz"), "zzzzzz")


def test_link_with_no_play_yet_is_a_user_error(cli):
    assert_user_error(cli("history", "link"), "no finished play")


def test_a_location_is_remembered_for_the_next_games(cli):
    first = cli("log", "otdraft", "Ana=3", "Ben=9", "--location", "Ana's")
    assert first.stdout.splitlines()[-1] == "at Ana's"
    second = cli("log", "otdraft", "Ana=5", "Ben=1", "--minutes", "50")
    assert second.stdout.splitlines()[-1] == (
        "50 min, at Ana's (the last one used: --location PLACE changes it)"
    )
    cli("config", "location", "Club")
    third = cli("log", "otdraft", "Ana=5", "Ben=1", "--json").json
    assert (third["location"], third["location_from"]) == ("Club", "config")
    cli("log", "otdraft", "Ana=5", "Ben=1", "--location", "Home")
    assert cli("config", "location", "--json").json == {"location": "Club", "from": "config"}
    cli("config", "location", "--clear")
    assert cli("config", "location", "--json").json == {"location": "Home", "from": "last"}
    whole = json.loads(cli("history", "export", "-f", "bgsplay").stdout)
    assert [p["name"] for p in whole["locations"]] == ["Ana's", "Club", "Home"]
    assert [p["durationMin"] for p in whole["plays"]] == [0, 50, 0, 0]


def test_bad_minutes_locations_and_ids_write_nothing(cli):
    assert_user_error(cli("log", "otdraft", "Ana=3", "Ben=9", "--minutes", "-5"), "--minutes")
    assert_user_error(cli("log", "otdraft", "Ana=3", "Ben=9", "--location", " "), "location")
    assert_user_error(cli("config", "bgg-id", "otdraft", "abc"), "BoardGameGeek id")
    assert_user_error(cli("config", "bgg-id", "nosuchgame", "5"), "nosuchgame")
    assert cli("history", "list", "--json").json["matches"] == []


def test_new_players_roles_and_boards_in_the_play_file(cli, db):
    record(
        db,
        match("h1", "hoopers", {"Ann": 70, "Bob": 60}, "2026-01-05",
              options={"tribes": {"Ann": "keepers", "Bob": "unleashed"}, "variant": "classic"}),
        match("h2", "hoopers", {"ann": 50, "Cy": 60}, "2026-01-06"),
        match("o1", "otdraft", {"Ann": 9, "Bob": 3}, "2026-01-07"),
    )  # fmt: skip
    whole = json.loads(cli("history", "export", "-f", "bgsplay").stdout)
    names = {p["id"]: p["name"] for p in whole["players"]}
    new = [
        {names[s["playerRefId"]]: s["newPlayer"] for s in p["playerScores"]} for p in whole["plays"]
    ]
    # first play of each game: a player new to hoopers is not new to otdraft's first play
    assert new == [
        {"Ann": True, "Bob": True},
        {"Ann": False, "Cy": True},
        {"Ann": True, "Bob": True},
    ]
    roles = [[s["role"] for s in p["playerScores"]] for p in whole["plays"]]
    assert roles == [["Keepers", "Unleashed"], ["", ""], ["", ""]]
    assert [p["board"] for p in whole["plays"]] == ["classic", "", ""]
    (xml_new,) = [p for p in bgg_plays(cli("history", "export", "-f", "bgg").stdout)
                  if p.get("id") == "h2"]  # fmt: skip
    assert [(p.get("name"), p.get("new")) for p in xml_new.iter("player")] == [
        ("Ann", "0"), ("Cy", "1"),
    ]  # fmt: skip


# --- BoardGameGeek ----------------------------------------------------------------------


def test_bgg_export_has_the_plays_api_shape(cli, db, tmp_path):
    cli("config", "bgg-id", "otdraft", "4242")
    cli("log", "otdraft", "Ana=98", "Ben=80", "--when", "2026-11-24 21:00", "--minutes", "35",
        "--location", "Club", "--note", "rematch <soon> & more")  # fmt: skip
    record(db, match("h1", "hoopers", {"Ann": 70, "Bob": 60}, "2026-11-25",
                     options={"first": "Bob", "tribes": {"Ann": "keepers"}}))  # fmt: skip
    out = tmp_path / "plays.xml"
    said = cli("history", "export", "-f", "bgg", "-o", out, "--json").json
    assert (said["format"], said["matches"]) == ("bgg", 2)
    plays = bgg_plays(out.read_text())
    for play in plays:
        assert set(play.attrib) == BGG_PLAY
        (item,) = play.findall("item")
        assert {"name", "objecttype"} <= set(item.attrib) <= {"name", "objecttype", "objectid"}
        assert item.get("objecttype") == "thing"
        assert play.find("comments") is not None
        for player in play.findall("players/player"):
            assert set(player.attrib) >= BGG_PLAYER
    draft, hoops = plays
    assert draft.attrib | {"id": ""} == {
        "id": "", "date": "2026-11-24", "quantity": "1", "length": "35", "location": "Club",
        "incomplete": "0", "nowinstats": "0",
    }  # fmt: skip
    assert (draft.find("item").get("name"), draft.find("item").get("objectid")) == (
        "OT Fantasy Draft", "4242",
    )  # fmt: skip
    assert draft.find("comments").text == "rematch <soon> & more"
    seats = [(p.get("name"), p.get("score"), p.get("win")) for p in draft.iter("player")]
    assert seats == [("Ana", "98", "1"), ("Ben", "80", "0")]
    assert "objectid" not in hoops.find("item").attrib  # no id set for it: never 0
    turn = [(p.get("name"), p.get("startposition"), p.get("color")) for p in hoops.iter("player")]
    assert turn == [("Ann", "2", "Keepers"), ("Bob", "1", "")]


BGG_FILE = """<?xml version="1.0" encoding="utf-8"?>
<plays username="ana" userid="77" total="3" page="1">
  <play id="9001" date="2026-10-02" quantity="1" length="55" incomplete="0" nowinstats="0"
        location="Club">
    <item name="Some Game Of Ana's" objecttype="thing" objectid="4242"/>
    <comments>the first</comments>
    <players>
      <player username="ana" userid="77" name="Ana" startposition="2" color="" score="31"
              new="0" rating="0" win="1"/>
      <player username="" userid="0" name="Ben" startposition="1" color="" score="20"
              new="1" rating="0" win="0"/>
    </players>
  </play>
  <play id="9002" date="2026-10-03" quantity="1" length="0" incomplete="0" nowinstats="0"
        location="">
    <item name="Catan" objecttype="thing" objectid="13"/>
    <players><player name="Ana" score="10" win="1"/><player name="Ben" score="8" win="0"/></players>
  </play>
  <play id="9003" date="2026-10-04" quantity="1" length="20" incomplete="0" nowinstats="0"
        location="">
    <item name="all-star draft" objecttype="thing" objectid="1"/>
    <players><player name="Ana" score="5" win="0"/><player name="Cy" score="7" win="1"/></players>
  </play>
  <play id="9004" date="2026-10-05" quantity="1" length="20" incomplete="1" nowinstats="0">
    <item name="All-Star Draft" objecttype="thing" objectid="1"/>
    <players><player name="Ana" score="2" win="0"/><player name="Cy" score="1" win="0"/></players>
  </play>
</plays>
"""


def test_bgg_import_takes_known_games_once_and_counts_the_others(cli, tmp_path):
    cli("config", "bgg-id", "otdraft", "4242")  # by id; All-Star Draft by its name
    path = tmp_path / "plays.xml"
    path.write_text(BGG_FILE)
    done = cli("history", "import", path)
    assert done.stdout == (
        "imported 2 plays from BoardGameGeek (0 already here); skipped 1 play of other games "
        "(Catan 1)\n"
        "not imported: play #4 (9004, All-Star Draft): an incomplete play has no final scores "
        "to rank\n"
    )
    again = cli("history", "import", path, "--json").json
    assert (again["added"], again["skipped"], again["other_games"]) == (0, 2, 1)
    listed = cli("history", "list", "--json").json["matches"]
    assert sorted(m["id"] for m in listed) == ["bgg-9001", "bgg-9003"]
    link = pushed(cli("history", "link", "bgg-9001", "--json").json["url"])
    assert (link["durationMin"], link["location"], link["comments"]) == (55, "Club", "the first")
    starters = [p["name"] for p in link["players"] if p.get("startPlayer")]
    assert starters == ["Ben"] and link["game"]["name"] == "OT Fantasy Draft"
    (draft,) = [p for p in bgg_plays(cli("history", "export", "-f", "bgg").stdout)
                if p.find("item").get("name") == "All-Star Draft"]  # fmt: skip
    assert draft.get("id") == "9003"  # BGG's own play id goes back out


def test_a_bgg_file_exported_and_imported_twice_gives_the_matches_once(cli, db, tmp_path):
    cli("log", "otdraft", "Ana=98", "Ben=80", "--minutes", "35")
    cli("log", "hoopers", "Ann=70", "Bob=60", "--tribe", "Ann=keepers")
    cli("log", "playlist-solo", "12", "--player", "Ana")
    out = tmp_path / "plays.xml"
    cli("history", "export", "-f", "bgg", "-o", out)
    other = tmp_path / "other.json"
    first = cli("history", "import", out, "--json", database=other).json
    second = cli("history", "import", out, "--json", database=other).json
    assert (first["added"], second["added"], second["skipped"]) == (3, 0, 3)
    here = {
        (m["game"], tuple(m["players"])) for m in cli("history", "list", "--json").json["matches"]
    }
    there = cli("history", "list", "--json", database=other).json["matches"]
    assert {(m["game"], tuple(m["players"])) for m in there} == here and len(there) == 3
    # and into the database it came from: every play is already there
    assert cli("history", "import", out, "--json").json["added"] == 0
    back = bgg_plays(cli("history", "export", "-f", "bgg", database=other).stdout)
    assert [p.get("length") for p in back] == ["35", "0", "0"]
    assert [p.get("color") for p in back[1].iter("player")] == ["Keepers", ""]


@pytest.mark.parametrize(
    "text",
    [
        '<?xml version="1.0"?><!DOCTYPE plays [<!ENTITY a "aaaa">]><plays>&a;</plays>',
        '<!doctype plays SYSTEM "file:///etc/passwd"><plays/>',
        "<plays><play id='1'",
        "<notplays/>",
    ],
)
def test_a_bgg_file_with_a_dtd_or_broken_xml_is_refused_whole(cli, tmp_path, text):
    path = tmp_path / "bad.xml"
    path.write_text(text)
    assert_user_error(cli("history", "import", path))
    assert cli("history", "list", "--json").json["matches"] == []
