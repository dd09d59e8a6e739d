"""Issue 37 items 2-6: plays BG Stats and BoardGameGeek read right — game ids never 0 and
asked for once, the link saying what happened, a QR code that fits 80 columns and scans,
a BGG file coming in whole, and an XML reader safe by construction."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.store import Store
from tests.conftest import assert_user_error
from tests.history.factory import match, record


def pushed(url: str) -> dict:
    (data,) = parse_qs(urlsplit(url).query)["data"]
    return json.loads(data)


def link(cli, *args: str) -> dict:
    return pushed(cli("history", "link", *args, "--json").json["url"])


def bgg_plays(text: str) -> list[ET.Element]:
    return ET.fromstring(text.encode()).findall("play")


@pytest.fixture
def terminal(monkeypatch):
    """stdin is a terminal: the companion may ask."""
    monkeypatch.setattr("companion.cli.history.on_terminal", lambda: True)


# --- item 2: game ids that exist ----------------------------------------------------------


def test_an_unknown_game_id_is_left_out_never_0_and_the_play_still_comes_back(cli, tmp_path):
    cli("log", "otdraft", "Ana=98", "Ben=80")
    assert "bggId" not in link(cli)["game"]
    whole = json.loads(cli("history", "export", "-f", "bgsplay").stdout)
    assert "bggId" not in whole["games"][0]
    out = tmp_path / "plays.xml"
    cli("history", "export", "-f", "bgg", "-o", out)
    (play,) = bgg_plays(out.read_text())
    assert "objectid" not in play.find("item").attrib
    other = tmp_path / "other.json"
    assert cli("history", "import", out, "--json", database=other).json["added"] == 1


def test_the_id_is_asked_once_at_a_terminal_the_first_time(cli, terminal):
    cli("log", "otdraft", "Ana=98", "Ben=80")
    first = cli("history", "link", input="12x\n4242\n")
    assert "BoardGameGeek id of OT Fantasy Draft?" in first.stderr
    assert "error: a BoardGameGeek id is a whole number" in first.stderr  # asked again
    assert first.exit_code == 0
    (url,) = [line for line in first.stdout.splitlines() if line.startswith("https://")]
    assert pushed(url)["game"]["bggId"] == 4242
    assert link(cli)["game"]["bggId"] == 4242
    again = cli("history", "link")
    assert again.stderr == ""  # never asked twice
    assert cli("config", "bgg-id", "--json").json == {"bgg_ids": {"otdraft": 4242}}


def test_a_skipped_id_is_not_asked_again_and_an_export_asks_too(cli, terminal):
    cli("log", "hoopers", "Ann=70", "Bob=60")
    skipped = cli("history", "export", "-f", "bgg", input="\n")
    assert "BoardGameGeek id of Valley Hoopers" in skipped.stderr
    xml = skipped.stdout[skipped.stdout.index("<?xml") :]
    assert "objectid" not in bgg_plays(xml)[0].find("item").attrib
    assert cli("history", "export", "-f", "bgsplay").stderr == ""
    assert cli("history", "link").stderr == ""
    assert cli("config", "bgg-id", "--json").json == {"bgg_ids": {}}


def test_off_a_terminal_nothing_is_asked(cli):
    cli("log", "otdraft", "Ana=98", "Ben=80")
    shown = cli("history", "link")
    assert (shown.exit_code, shown.stderr) == (0, "")


# --- item 3: the link says what happened ---------------------------------------------------


def test_a_hoopers_roll_off_winner_started(cli, db):
    started = cli("hoopers", "match", "start", "--home", "Ann", "--home-tribe", "keepers",
                  "--away", "Bob", "--away-tribe", "unleashed", "--seed", "3")  # fmt: skip
    assert started.exit_code == 0, started.stderr
    (opening,) = Store(db).live_match("hoopers")["events"]
    rolled = opening["data"]["first"]  # the d20 roll-off's winner
    assert opening["data"]["rolls"]
    result = {"scores": {"Ann": 9, "Bob": 7}, "ranks": {"Ann": 1, "Bob": 2}, "winner": "Ann"}
    Store(db).finish_match("hoopers", result)
    players = link(cli)["players"]
    assert [p["name"] for p in players if p.get("startPlayer")] == [rolled]
    seats = json.loads(cli("history", "export", "-f", "bgsplay").stdout)["plays"][0]
    assert [s["startPlayer"] for s in seats["playerScores"]] == [
        n == rolled for n in ("Ann", "Bob")
    ]
    (play,) = bgg_plays(cli("history", "export", "-f", "bgg").stdout)
    assert [p.get("name") for p in play.iter("player") if p.get("startposition") == "1"] == [rolled]


def test_a_first_naming_a_tribe_is_the_player_who_managed_it(cli, db):
    record(db, match("h1", "hoopers", {"Ann": 70, "Bob": 60}, "2026-01-05",
                     options={"first": "Unleashed",
                              "tribes": {"Ann": "keepers", "Bob": "unleashed"}}))  # fmt: skip
    assert [p["name"] for p in link(cli, "h1")["players"] if p.get("startPlayer")] == ["Bob"]


def test_the_link_has_the_board_new_players_and_no_0_minutes(cli, db):
    record(
        db,
        match("h1", "hoopers", {"Ann": 70, "Bob": 60}, "2026-01-05",
              options={"variant": "classic", "minutes": 40}),
        match("h2", "hoopers", {"ann": 50, "Cy": 60}, "2026-01-06"),
    )  # fmt: skip
    first, second = link(cli, "h1"), link(cli, "h2")
    assert (first["board"], first["durationMin"]) == ("classic", 40)
    assert "board" not in second and "durationMin" not in second
    assert [p.get("newPlayer", False) for p in first["players"]] == [True, True]
    # ann played hoopers before (any case): only Cy is new
    assert [(p["name"], p.get("newPlayer", False)) for p in second["players"]] == [
        ("Ann", False), ("Cy", True),
    ]  # fmt: skip


# --- item 4: a QR code a phone can scan where it is drawn -----------------------------------


def decode(lines: list[str]) -> tuple[str, str]:
    """(the text, the error correction level) a camera reads off the half-block code."""
    zxingcpp = pytest.importorskip("zxingcpp")
    light = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}
    rows: list[list[int]] = []
    for line in lines:
        halves = [light[c] for c in line]
        rows += [[h[0] for h in halves], [h[1] for h in halves]]
    scale = 4
    pixels = bytearray()
    for row in rows:
        line = bytes(255 if lit else 0 for lit in row for _ in range(scale))
        pixels += line * scale
    image = memoryview(bytes(pixels)).cast("B", (len(rows) * scale, len(rows[0]) * scale))
    (found,) = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    return found.text, found.ec_level


def test_the_qr_code_fits_80_columns_and_a_reader_decodes_it(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    cli("log", "hoopers", "Ann=70", "Bob=60", "--minutes", "35", "--location", "Club")
    url, *code = cli("history", "link", "--qr").stdout.splitlines()
    assert max(len(line) for line in code) <= 80
    assert set("".join(code)) <= set("█▀▄ ")  # half blocks: two modules a line
    text, level = decode(code)
    assert text == url
    assert level == "L"


def test_a_code_wider_than_the_terminal_is_one_line_pointing_to_the_board(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    cli("log", "otdraft", "Ana=98", "Ben=80", "Cy=70", "Dee=65", "--note", "a long evening")
    shown = cli("history", "link", "--qr").stdout.splitlines()
    assert len(shown) == 2
    assert shown[1].startswith("QR code: ") and len(shown[1]) <= 80
    assert "60 here" in shown[1] and "companion watch --web" in shown[1]


def test_the_room_boards_code_is_the_same_small_code(cli):
    from companion.ui.qr import ROOM_MODULES, make, qr_svg

    cli("log", "otdraft", "Ana=98", "Ben=80", "Cy=70")
    url = cli("history", "link", "--json").json["url"]
    code = make(url)
    assert code.symbol_size(border=4)[0] <= ROOM_MODULES  # 6 px a module in 540 px
    assert f'width="{code.symbol_size(scale=4, border=4)[0]}"' in qr_svg(url)


# --- item 5: a user's BGG plays file comes in whole -----------------------------------------

USER_FILE = """<?xml version="1.0" encoding="utf-8"?>
<plays username="ana" userid="77" total="2" page="1">
  <play id="9001" date="2026-10-02" quantity="3" length="55" incomplete="0"
        nowinstats="0" location="Club">
    <item name="OT Fantasy Draft" objecttype="thing" objectid="4242">
      <subtypes><subtype value="boardgame"/></subtypes>
    </item>
    <comments>the first</comments>
    <players>
      <player username="ana" userid="77" name="Ana" startposition="2" color="" score="31"
              new="0" rating="7.5" win="1"/>
      <player username="" userid="0" name="Ben" startposition="1" color="" score="20"
              new="1" rating="0" win="0"/>
    </players>
  </play>
  <play id="9002" date="2026-10-03" quantity="1" length="0" incomplete="0"
        nowinstats="0" location="">
    <item name="OT Fantasy Draft" objecttype="thing" objectid="4242">
      <subtypes><subtype value="boardgame"/></subtypes>
    </item>
    <comments></comments>
    <players>
      <player username="ben_b" userid="78" name="Ben" startposition="" color="" score="12"
              new="0" rating="0" win="1"/>
      <player username="" userid="0" name="Cy" startposition="" color="" score="9"
              new="1" rating="0" win="0"/>
    </players>
  </play>
</plays>
"""


def test_a_play_of_quantity_3_is_three_plays_and_goes_back_as_one(cli, tmp_path):
    path = tmp_path / "plays.xml"
    path.write_text(USER_FILE)
    done = cli("history", "import", path, "--json").json
    assert (done["added"], done["refused"]) == (4, [])
    ids = sorted(m["id"] for m in cli("history", "list", "--json").json["matches"])
    assert ids == ["bgg-9001", "bgg-9001-2", "bgg-9001-3", "bgg-9002"]
    back = bgg_plays(cli("history", "export", "-f", "bgg").stdout)
    assert [(p.get("id"), p.get("quantity")) for p in back] == [("9001", "3"), ("9002", "1")]


def test_import_then_export_gives_the_same_plays(cli, tmp_path):
    path = tmp_path / "plays.xml"
    path.write_text(USER_FILE)
    cli("history", "import", path)
    given = ET.fromstring(USER_FILE.encode()).findall("play")
    back = bgg_plays(cli("history", "export", "-f", "bgg").stdout)
    for came, went in zip(given, back, strict=True):
        assert went.attrib == came.attrib
        assert went.find("item").attrib == came.find("item").attrib
        assert (went.find("comments").text or "") == (came.find("comments").text or "")
        seats = [p.attrib for p in went.iter("player")]
        assert seats == [p.attrib for p in came.iter("player")]


def test_a_play_recording_only_who_won_is_refused_in_the_files_words(cli, tmp_path):
    path = tmp_path / "plays.xml"
    path.write_text(
        '<plays><play id="5" date="2026-10-02" quantity="1">'
        '<item name="OT Fantasy Draft" objecttype="thing" objectid="1"/><players>'
        '<player name="Ana" score="" win="1"/><player name="Ben" score="" win="0"/>'
        "</players></play></plays>"
    )
    done = cli("history", "import", path)
    assert done.exit_code == 0
    assert done.stdout.splitlines()[1] == (
        'not imported: play #1 (5, OT Fantasy Draft): only who won is recorded (win="1" for '
        'Ana, score="" for everyone): OT Fantasy Draft is ranked by its scores'
    )
    assert "is not NAME=SCORE" not in done.stdout
    assert cli("history", "list", "--json").json["matches"] == []


def ranks_alone(kind):
    """`kind` whose log takes a ranking without scores (`Logged.by_rank`)."""
    log = kind.log
    fields = {name: getattr(log, name) for name in log._fields}
    taking = type(log)(**{**fields, "by_rank": True})
    return type(kind)(**{**{n: getattr(kind, n) for n in kind._fields}, "log": taking})


def test_a_play_recording_only_who_won_is_a_ranking_where_the_game_takes_one(
    cli, db, tmp_path, monkeypatch
):
    from companion.history import log

    kinds = log.loggable()
    monkeypatch.setattr(
        log, "loggable", lambda: {**kinds, "otdraft": ranks_alone(kinds["otdraft"])}
    )
    path = tmp_path / "plays.xml"
    path.write_text(
        '<plays><play id="5" date="2026-10-02" quantity="1">'
        '<item name="OT Fantasy Draft" objecttype="thing"/><players>'
        '<player name="Ana" score="" win="0"/><player name="Ben" score="" win="1"/>'
        "</players></play></plays>"
    )
    assert cli("history", "import", path, "--json").json["added"] == 1
    (kept,) = Store(db).archived()
    assert (kept["id"], kept["players"]) == ("bgg-5", ["Ana", "Ben"])
    assert kept["result"] == {"scores": {"Ana": None, "Ben": None}, "ranks": {"Ana": 2, "Ben": 1},
                              "winner": "Ben"}  # fmt: skip
    for face in (("list",), ("show", "bgg-5"), ("export", "-f", "csv")):
        assert cli("history", *face).exit_code == 0, face
    (play,) = bgg_plays(cli("history", "export", "-f", "bgg").stdout)
    assert [(p.get("name"), p.get("score"), p.get("win")) for p in play.iter("player")] == [
        ("Ana", "", "0"), ("Ben", "", "1"),
    ]  # fmt: skip


def test_history_import_dash_reads_standard_input(cli, tmp_path):
    assert cli("history", "import", "-", input=USER_FILE).exit_code == 0
    assert len(cli("history", "list", "--json").json["matches"]) == 4
    backup = cli("history", "export").stdout
    other = tmp_path / "other.json"
    done = cli("history", "import", "-", "--json", input=backup, database=other).json
    assert (done["added"], done["skipped"]) == (4, 0)
    assert_user_error(cli("history", "import", "-", input="not an export"), "standard input")


# --- item 6: the XML reader is safe by construction ----------------------------------------

PLAYS = (
    '<plays><play id="7" date="2026-10-02"><item name="OT Fantasy Draft" objecttype="thing"/>'
    '<players><player name="Ana" score="3" win="0"/><player name="{name}" score="5" win="1"/>'
    "</players></play></plays>"
)
ENTITY = '<?xml version="1.0" encoding="{enc}"?><!DOCTYPE plays [<!ENTITY e "Eve">]>'
LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">'
    + "".join(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10))
    + "]>"
)


def hostile_files() -> list:
    entity = PLAYS.replace("{name}", "&e;")

    def declared(enc: str, codec: str, bom: bytes = b"") -> bytes:
        return bom + (ENTITY.format(enc=enc) + entity).encode(codec)

    external = '<!DOCTYPE plays [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
    bogus = '<?xml version="1.0" encoding="x-bogus"?>'
    return [
        pytest.param(declared("utf-16", "utf-16-le"), id="utf16le-no-bom"),
        pytest.param(declared("utf-16", "utf-16-le", b"\xff\xfe"), id="utf16le-bom"),
        pytest.param(declared("utf-16", "utf-16-be"), id="utf16be-no-bom"),
        pytest.param(declared("utf-16", "utf-16-be", b"\xfe\xff"), id="utf16be-bom"),
        pytest.param(declared("utf-8", "utf-8"), id="utf8-entity"),
        pytest.param((LAUGHS + PLAYS.replace("{name}", "&lol9;")).encode(), id="billion-laughs"),
        pytest.param((external + PLAYS.replace("{name}", "&x;")).encode(), id="external-entity"),
        pytest.param((bogus + PLAYS.replace("{name}", "Ben")).encode(), id="unknown-encoding"),
    ]


@pytest.mark.parametrize("raw", hostile_files())
def test_a_hostile_xml_file_is_one_error_line_and_nothing_written(cli, tmp_path, raw):
    path = tmp_path / "plays.xml"
    path.write_bytes(raw)
    for result in (cli("history", "import", path), cli("history", "import", "-", input=raw)):
        assert_user_error(result)
        assert "Traceback" not in result.stderr
    assert cli("history", "list", "--json").json["matches"] == []


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-16"])
def test_a_plain_utf16_plays_file_is_read(cli, tmp_path, encoding):
    path = tmp_path / "plays.xml"
    path.write_bytes(PLAYS.replace("{name}", "Ben").encode(encoding))
    assert cli("history", "import", path, "--json").json["added"] == 1
