"""Issue 16: tribes in stats, exports a client can use as is, a list that reads at 80 columns."""

from __future__ import annotations

import csv
import io
import json

from companion.store import Store
from tests.conftest import assert_user_error
from tests.history.factory import match, record

# --- tribes ------------------------------------------------------------------------


def test_wins_by_tribe_of_a_tracked_match(cli, db):
    started = cli(
        "hoopers", "match", "start", "--home", "Lucy", "--home-tribe", "unleashed",
        "--away", "Karl", "--away-tribe", "keepers", "--first", "Lucy", "--json",
    )  # fmt: skip
    assert started.exit_code == 0, started.stderr
    live = Store(db).current_match("hoopers")
    assert live["options"]["tribes"] == {"Lucy": "unleashed", "Karl": "keepers"}
    Store(db).finish_match(  # (the match played out: Lucy's Unleashed won)
        "hoopers", {"scores": {"Lucy": 80, "Karl": 70}, "ranks": {"Lucy": 1, "Karl": 2},
                    "winner": "Lucy"},
    )  # fmt: skip
    out = cli("history", "stats", "--player", "Lucy").stdout
    assert "wins by tribe: Keepers 0/1, Unleashed 1/1" in out


def test_matches_kept_before_tribes_were_read_from_their_rosters(cli, db):
    from companion.games.hoopers.rules.match import tribe_roster

    rosters = {"Lucy": tribe_roster("unleashed"), "Karl": tribe_roster("keepers")}
    record(db, match("h1", "hoopers", {"Lucy": 80, "Karl": 70}, "2026-01-01",
                     options={"home": "Lucy", "away": "Karl", "rosters": rosters}))  # fmt: skip
    cli("players", "rename", "Lucy", "Lucia")  # a renamed side keeps its roster
    games = cli("history", "stats", "--json").json["games"]
    assert games[0]["by_tribe"] == {
        "Keepers": {"plays": 1, "wins": 0, "win_rate": 0.0},
        "Unleashed": {"plays": 1, "wins": 1, "win_rate": 1.0},
    }


# --- BG Stats ------------------------------------------------------------------------


def test_bgstats_names_every_game_and_gives_stable_ids(cli, db):
    record(
        db,
        match("p1", "playlist", {"Ana": 12}, "2026-01-01", options={"mode": "solo"}),
        match("p2", "playlist-solo", {"Ana": 12}, "2026-01-02", options={"mode": "solo"}),
        match("t1", "table", {"Ana": 85, "Ben": 20}, "2026-01-03"),
        match("h1", "hoopers-series-game", {"K": 70, "U": 60}, "2026-01-04"),
        match("o1", "otdraft", {"ana": 3, "Ben": 9}, "2026-01-05"),
    )
    plays = json.loads(cli("history", "export", "-f", "bgstats").stdout)
    assert [(p["sourcePlayId"], p["game"]["name"], p["game"]["sourceGameId"]) for p in plays] == [
        ("p1", "All Stars Playlist", "playlist"),
        ("p2", "All Stars Playlist", "playlist"),
        ("h1", "Valley Hoopers: The Series", "hoopers"),
        ("o1", "OT Fantasy Draft", "otdraft"),
    ]  # a roll-off (`table`) settles who starts: it is not a play
    ids = {p["name"]: p["sourcePlayerId"] for play in plays for p in play["players"]}
    assert ids["Ana"] == "player:ana"  # 'ana' and 'Ana' are one player, one id
    assert "ana" not in ids


def test_bgstats_one_play(cli, db, tmp_path):
    record(db, match("o1", "otdraft", {"Ana": 3, "Ben": 9}, "2026-01-05"),
           match("o2", "otdraft", {"Ana": 5, "Ben": 1}, "2026-01-06"))  # fmt: skip
    one = json.loads(cli("history", "export", "-f", "bgstats", "--one", "o2").stdout)
    assert isinstance(one, dict) and one["sourcePlayId"] == "o2"
    out = tmp_path / "play.json"
    said = cli("history", "export", "-f", "bgstats", "--one", "o1", "-o", out).stdout
    assert said == f"exported 1 match (bgstats) to {out}\n"
    assert json.loads(out.read_text())["sourcePlayId"] == "o1"
    assert_user_error(cli("history", "export", "--one", "o1"), "--one is for --format bgstats")
    record(db, match("sr", "hoopers-series", {"K": 4, "U": 1}, "2026-01-07"))
    assert_user_error(
        cli("history", "export", "-f", "bgstats", "--one", "sr"), "is not a finished play"
    )


def test_logged_note_goes_to_bgstats_comments(cli):
    done = cli("log", "otdraft", "Ana=3", "Ben=9", "--note", "first game", "--json").json
    play = json.loads(cli("history", "export", "-f", "bgstats", "--one", done["id"]).stdout)
    assert play["comments"] == "first game"


# --- CSV -------------------------------------------------------------------------------


def rows_of(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_dates_in_iso_8601_and_a_series_once(cli, db):
    record(
        db,
        match("g1", "hoopers", {"Keepers": 78, "Unleashed": 75}, "2026-11-30",
              options={"series": "sr1"}),
        match("sr1", "hoopers-series", {"Keepers": 1, "Unleashed": 0}, "2026-11-30"),
    )  # fmt: skip
    rows = rows_of(cli("history", "export", "-f", "csv").stdout)
    assert {r["match_id"] for r in rows} == {"g1"}
    assert rows[0]["date"] == "2026-11-30T21:00:00+00:00"
    assert {r["series"] for r in rows} == {"sr1"}


def test_csv_cells_cannot_run_as_formulas(cli, db):
    hostile = ['=HYPERLINK("http://x")', "+cmd|' /c calc'!A0", "@SUM(A1)", "-2+3", "\tTab"]
    scores = {name: -n for n, name in enumerate(hostile)}
    record(db, match("m1", "playlist", scores, "2026-01-01"))
    rows = rows_of(cli("history", "export", "-f", "csv").stdout)
    assert [r["player"] for r in rows] == ["'" + name for name in hostile]
    assert [r["score"] for r in rows] == ["0", "-1", "-2", "-3", "-4"]  # numbers stay numbers
    assert rows_of(cli("history", "export", "-f", "csv", "--json").json["csv"]) == rows


# --- the list at 80 columns -----------------------------------------------------------------


def test_history_list_reads_at_80_columns(cli, db, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    record(
        db,
        match("a1", "allstar", {"Ana": 29, "Ben": 14, "Cy": 10}, "2026-11-30"),
        match("o1", "otdraft", {"Anastasia": 98, "Benedict": 80, "Cyrille": 80, "Dee": 12,
                                "Eli": 40}, "2026-11-29"),
        match("s1", "hoopers-series", {"Keepers": 4, "Unleashed": 3}, "2026-11-28"),
        match("x1", "playlist", {"Ana": 1, "Ben": 2}, "2026-11-27", status="abandoned"),
    )  # fmt: skip
    Store(db).start_match("hoopers", ["Lucy", "Karl"], seed=1)
    lines = cli("history", "list").stdout.splitlines()
    assert len(lines) == 1 + 5  # a header and one line per match
    assert all(len(line) <= 80 for line in lines), lines
    assert lines[0].split() == ["id", "when", "game", "status", "result"]
    row = {line.split()[0]: line for line in lines[1:] if not line.startswith(" ")}
    assert row["a1"].split("  ")[0] == "a1" and "2026-11-30" in row["a1"]
    assert row["a1"].endswith("finished   Ana 29 · Ben 14 · Cy 10")
    assert row["s1"].endswith("Keepers 4 · Unleashed 3")
    # What does not fit is cut, best first kept; --json and 'show' have it all.
    assert "Anastasia 98 · Benedict 80 ·" in row["o1"] and row["o1"].endswith("…")
    assert "Lucy, Karl" in next(x for x in lines if " live " in x)
    assert "abandoned" in row["x1"]


def test_a_narrow_terminal_drops_the_status_then_cuts_the_result(cli, db, monkeypatch):
    record(db, match("a1", "allstar", {"Anastasia": 29, "Benedict": 14, "Cyrille": 10},
                     "2026-11-30"))  # fmt: skip
    monkeypatch.setenv("COLUMNS", "60")
    narrow = cli("history", "list").stdout.splitlines()
    assert all(len(line) <= 60 for line in narrow) and "status" in narrow[0]
    assert narrow[1].endswith("…")
    monkeypatch.setenv("COLUMNS", "40")
    tiny = cli("history", "list").stdout.splitlines()
    assert "status" not in tiny[0] and all(len(line) <= 40 for line in tiny)


def test_plural_slips(cli, db, tmp_path):
    record(db, match("o1", "otdraft", {"Ana": 3, "Ben": 9}, "2026-01-05"))
    out = cli("history", "stats").stdout
    assert "otdraft — 1 play, 2 players" in out and "1 plays" not in out
    assert cli("history", "players").stdout.splitlines()[0] == "Ana  1 match"
    path = tmp_path / "b.json"
    assert cli("history", "export", "-o", path).stdout == f"exported 1 match (json) to {path}\n"
    said = cli("history", "import", path, database=tmp_path / "o.json").stdout
    assert said == "imported 1 match (0 already here), 0 aliases\n"
    assert cli("players", "rename", "Ana", "Anna").stdout == "Ana is now Anna (1 match)\n"
    assert cli("history", "stats", "--game", "hoopers").stdout == "No finished matches to count.\n"
    assert_user_error(cli("first-player", "Solo"), "1 player given")
    assert_user_error(cli("hoopers", "series", "start", "--tribes", "A"), "this needs exactly 2")
