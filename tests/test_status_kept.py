"""Issue 30 item 13: `status` prints the status kept with the live match (companion.tables.
shown) — the same bytes as the replay of the match, which it falls back to whenever what
was kept is missing, stale or malformed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.store import Store
from companion.store.kept import pack, unpack
from companion.tables.base import Table
from companion.tables.shown import shown

HOOPERS = ("hoopers", "match")
HOOPERS_START = (
    ("--home", "Ann", "--away", "[red]Bo", "--home-tribe", "keepers"),
    ("--away-tribe", "unleashed", "--first", "Ann", "--seed", "1"),
)
# Each kind: its noun, the commands that start it, then moves (an undo among them).
PLAYS = {
    "hoopers": (
        HOOPERS,
        [(*HOOPERS, "start", *HOOPERS_START[0], *HOOPERS_START[1])],
        [
            ("score", "Ann", "2"),
            ("foul", "[red]Bo", "--hooper", "Muy"),
            ("undo",),
            ("score", "[red]Bo", "3"),
            ("coach", "Ann"),
            ("turn",),
            ("undo",),
            ("turn",),
        ],
    ),
    "allstar": (
        ("allstar", "season"),
        [("allstar", "season", "start", "--players", "Ann,[red]Bo,Cy", "--seed", "1")],
        [
            ("arenas", "Ann", "--points", "8,6,4"),
            ("team", "Ann", "1", "duc-1,duc-2,duc-3,duc-4,duc-5"),
            ("team", "[red]Bo", "1", "hor-1,hor-2,hor-3,hor-4,hor-5"),
            ("team", "Cy", "1", "tig-1,tig-2,tig-3,tig-4,tig-5"),
            ("resolve",),
            ("undo",),
            ("resolve",),
        ],
    ),
    "otdraft": (
        ("otdraft", "game"),
        [
            ("otdraft", "cards", "import", "--example"),
            ("otdraft", "game", "start", "--players", "Ann,[red]Bo", "--seed", "1"),
        ],
        [("pick", "Ann", "Jonah"), ("undo",), ("pick", "Ann", "Jonah")],
    ),
    "playlist": (
        ("playlist", "game"),
        [("playlist", "game", "start", "--players", "Ann,[red]Bo,Cy", "--first", "Ann")],
        [("turn",), ("turn",), ("undo",), ("turn",)],
    ),
    "playlist-solo": (
        ("playlist", "solo"),
        [
            ("playlist", "solo", "start", "--seed", "1", "--cards", "2")
            + ("--laid", "pop/3/love+piano+ballad/a", "--laid", "pop/3/love+drums+sad/b")
        ],
        [("score", "1", "2", "--anyway")],
    ),
}


def ok(result):
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def replayed(cli, db: Path, noun: tuple[str, ...], *extra: str):
    """`status` with nothing kept: the match read and replayed, as before issue 30."""
    before = db.read_bytes()
    data = json.loads(before)
    data.pop("_shown", None)
    db.write_text(json.dumps(data))
    try:
        return ok(cli(*noun, "status", *extra))
    finally:
        db.write_bytes(before)


def no_replay(monkeypatch) -> None:
    """A status that replays the match fails the test: it must be drawn from what was kept."""

    def refused(self, match=None):
        raise AssertionError(f"{self.game}: status replayed the match")

    monkeypatch.setattr(Table, "status", refused)


def each_step(cli, key: str):
    noun, starts, moves = PLAYS[key]
    for start in starts:
        ok(cli(*start))
    yield noun, "start"
    for move in moves:
        ok(cli(*noun, *move))
        yield noun, " ".join(move)


@pytest.mark.parametrize("key", list(PLAYS))
def test_status_drawn_from_what_was_kept_is_the_replay_byte_for_byte(key, cli, db):
    for noun, step in each_step(cli, key):
        assert shown(db, key) is not None, f"nothing kept after {step}"
        for extra in ((), ("--json",)):
            replay = replayed(cli, db, noun, *extra)
            with pytest.MonkeyPatch.context() as patch:
                no_replay(patch)
                kept = ok(cli(*noun, "status", *extra))
            assert (kept.stdout, kept.stderr) == (replay.stdout, replay.stderr), step


def test_the_kept_status_goes_with_the_match(cli, db):
    ok(cli(*HOOPERS, "start", *HOOPERS_START[0], *HOOPERS_START[1]))
    assert len(json.loads(db.read_text())["_shown"]) == 1
    ok(cli(*HOOPERS, "abandon"))
    assert json.loads(db.read_text())["_shown"] == {}
    assert shown(db, "hoopers") is None


def started(cli, db: Path) -> tuple[str, str]:
    """A hoopers match with two moves: its status and its JSON, as the replay prints them."""
    ok(cli(*HOOPERS, "start", *HOOPERS_START[0], *HOOPERS_START[1]))
    ok(cli(*HOOPERS, "score", "Ann", "2"))
    ok(cli(*HOOPERS, "score", "[red]Bo", "3"))
    return (
        replayed(cli, db, HOOPERS).stdout,
        replayed(cli, db, HOOPERS, "--json").stdout,
    )


def kept_value(data: dict) -> dict:
    (row,) = data["_shown"].values()
    value = row["value"]
    if isinstance(value.get("kept"), str):
        value["kept"] = unpack(value["kept"])
    return value


def edit(db: Path, change) -> None:
    data = json.loads(db.read_text())
    for row in (data.get("_shown") or {}).values():
        value = row.get("value")
        if isinstance(value, dict) and isinstance(value.get("kept"), str):
            value["kept"] = unpack(value["kept"])
    change(data)
    for row in (data.get("_shown") or {}).values():
        value = row.get("value")
        if isinstance(value, dict) and "kept" in value:
            value["kept"] = pack(value["kept"])
    db.write_text(json.dumps(data))


def the_match(data: dict) -> dict:
    (match,) = data["live"].values()
    return match


def test_a_stale_kept_status_is_not_shown_the_match_is_replayed(cli, db):
    ok(cli(*HOOPERS, "start", *HOOPERS_START[0], *HOOPERS_START[1]))
    ok(cli(*HOOPERS, "score", "Ann", "2"))
    older = kept_value(json.loads(db.read_text()))
    ok(cli(*HOOPERS, "score", "[red]Bo", "3"))
    text, doc = replayed(cli, db, HOOPERS).stdout, replayed(cli, db, HOOPERS, "--json").stdout
    # What was kept one move ago, put back (a restored copy, a sync engine's older file).
    edit(db, lambda data: kept_value(data).update(older))
    assert shown(db, "hoopers") is None
    assert ok(cli(*HOOPERS, "status")).stdout == text
    assert ok(cli(*HOOPERS, "status", "--json")).stdout == doc
    assert "Ann 2 – 3 [red]Bo" in text


def test_a_match_changed_behind_the_kept_status_is_replayed(cli, db):
    text, _ = started(cli, db)
    # A hand edit: the last move taken out of the match, what was kept left as it was.
    edit(db, lambda data: the_match(data)["events"].pop())
    assert shown(db, "hoopers") is None
    assert "Ann 2 – 0 [red]Bo" in ok(cli(*HOOPERS, "status")).stdout
    # A move written by a companion that keeps nothing drops what was kept.
    score = {"type": "score", "data": {"team": "[red]Bo", "points": 3}}
    Store(db).update_live("hoopers", lambda match: [score])
    assert shown(db, "hoopers") is None
    assert ok(cli(*HOOPERS, "status")).stdout == text


MALFORMED = {
    "not a dict": lambda value: value.clear() or value.update({"stamp": 5}),
    "no stamp": lambda value: value.pop("stamp"),
    "another version": lambda value: value["kept"].update({"v": 99}),
    "kept is a list": lambda value: value.update({"kept": [1, 2]}),
    "json of another match": lambda value: value["kept"]["json"].update({"id": "zzzzzz"}),
    "drawn is text": lambda value: value["kept"].update({"drawn": "Ann 9 – 9 Bo"}),
    "a call of another shape": lambda value: value["kept"]["drawn"].append(["Ann"]),
    "a table of another shape": lambda value: value["kept"]["drawn"].append(
        [[{"table": {"rows": [[1]]}}], {}]
    ),
    "an option not drawn": lambda value: value["kept"]["drawn"].append([["x"], {"file": "/x"}]),
}


@pytest.mark.parametrize("how", list(MALFORMED))
def test_a_malformed_kept_status_is_not_shown_the_match_is_replayed(how, cli, db):
    text, doc = started(cli, db)
    edit(db, lambda data: MALFORMED[how](kept_value(data)))
    assert shown(db, "hoopers") is None
    status = ok(cli(*HOOPERS, "status"))
    assert (status.stdout, status.stderr) == (text, "")
    assert ok(cli(*HOOPERS, "status", "--json")).stdout == doc
    ok(cli(*HOOPERS, "turn"))  # the next move keeps a good one again
    assert shown(db, "hoopers") is not None


def _table_call(**change):
    table = {"options": {"box": None}, "columns": [["who", {}]], "rows": [["Ann"]]}
    table["row_options"] = [{}]
    for key, value in change.items():
        table[key] = value
    return [[{"table": table}], {}]


# Issue 38 item 3: a kept value forged by hand (the stamp is the match's, as a forger can
# recompute it) holds what the console does not draw itself: dropped, the match replayed.
FORGED = {
    "a style rich does not know": [["x"], {"style": "no-such-style"}],
    "a style word among known ones": [["x"], {"style": "bold blinking"}],
    "a colour by number": [["x"], {"style": "#ff0000"}],
    "a justify rich does not know": [["x"], {"justify": "middle"}],
    "an end that drives the terminal": [["x"], {"end": "\x1b[2J\n"}],
    "a separator joining texts into a tag": [["a\\", "[bold]b"], {"sep": ""}],
    "a tag of an unknown style": [[["a ", ["no-such-style"], "b"]], {}],
    "a link tag": [[["a ", ["link=https://example.com"], "b"]], {}],
    "a closing tag with nothing open": [[["a ", ["/bold"], "b"]], {}],
    "tags closed out of order": [[[["bold"], ["red"], "b", ["/bold"], ["/red"]]], {}],
    "tags where markup is off": [[["a ", ["bold"], "b"]], {"markup": False}],
    "a tag that is not text": [[["a ", [7], "b"]], {}],
    "a table header style": _table_call(options={"box": None, "header_style": "nope"}),
    "a table box": _table_call(options={"box": "ASCII"}),
    "a column style": _table_call(columns=[["who", {"style": "nope"}]]),
    "a column option rich refuses": _table_call(columns=[["who", {"ratio": "x"}]]),
    "a row style": _table_call(row_options=[{"style": "nope"}]),
    "a header tag of an unknown style": _table_call(columns=[[[["nope"], "who"], {}]]),
    "tags in a cell of a table without markup": _table_call(rows=[[[["bold"], "Ann"]]]),
}


@pytest.mark.parametrize("how", list(FORGED))
def test_a_forged_kept_drawing_is_not_drawn_the_match_is_replayed(how, cli, db):
    text, doc = started(cli, db)
    edit(db, lambda data: kept_value(data)["kept"]["drawn"].append(FORGED[how]))
    assert shown(db, "hoopers") is None
    status = ok(cli(*HOOPERS, "status"))
    assert (status.stdout, status.stderr) == (text, "")
    assert ok(cli(*HOOPERS, "status", "--json")).stdout == doc


def test_markup_typed_into_a_kept_value_is_shown_as_text(cli, db):
    text, _ = started(cli, db)
    forged = "[bold]Mallory[/bold] wins [link=https://example.com]here[/link] \\[dim]"
    edit(db, lambda data: kept_value(data)["kept"]["drawn"].append([[forged], {}]))
    assert shown(db, "hoopers") is not None  # text is text: it is drawn, as text
    status = ok(cli(*HOOPERS, "status"))
    assert status.stdout == text + forged + "\n"
    assert status.stderr == ""


@pytest.mark.parametrize("table", ["a string", None, [1, 2], {"01": {}, "2": "row"}])
def test_a_kept_table_of_the_wrong_shape_is_ignored_and_written_again(table, cli, db):
    text, _ = started(cli, db)
    data = json.loads(db.read_text())
    data["_shown"] = table
    db.write_text(json.dumps(data))
    status = ok(cli(*HOOPERS, "status"))
    assert (status.stdout, status.stderr) == (text, "")
    assert "Ann" in ok(cli("history", "list")).stdout
    ok(cli(*HOOPERS, "turn"))
    assert list(json.loads(db.read_text())["_shown"]) == ["1"]
    assert shown(db, "hoopers") is not None


def test_a_kept_text_that_is_not_json_is_not_shown(cli, db):
    text, _ = started(cli, db)
    data = json.loads(db.read_text())
    (row,) = data["_shown"].values()
    row["value"]["kept"] = row["value"]["kept"][:-12]  # cut short
    db.write_text(json.dumps(data))
    assert shown(db, "hoopers") is None
    assert ok(cli(*HOOPERS, "status")).stdout == text


def test_a_kept_table_of_another_shape_does_not_stop_the_database(cli, db):
    text, _ = started(cli, db)
    edit(db, lambda data: data["_shown"].update({"7": {"what": "not a key and a value"}}))
    assert ok(cli(*HOOPERS, "status")).stdout == text
    ok(cli(*HOOPERS, "turn"))
    assert list(json.loads(db.read_text())["_shown"]) == ["1"]  # the odd row is gone


def test_a_file_the_store_must_read_itself_is_read_by_it(cli, db):
    """Another machine's file: the store's warning is said, as before."""
    text, _ = started(cli, db)
    edit(db, lambda data: data["_machine"]["1"].update({"value": "elsewhere"}))
    status = ok(cli(*HOOPERS, "status"))
    assert status.stdout == text
    assert "was last written by machine elsewhere" in status.stderr


def test_a_status_drawn_from_what_was_kept_loads_neither_the_game_nor_the_store(cli, db):
    text, _ = started(cli, db)
    probe = (
        "import json, sys\n"
        "from companion.cli.main import app\n"
        "app(sys.argv[1:], standalone_mode=False)\n"
        "loaded = [m for m in sys.modules if m.startswith(('companion.games.hoopers.rules',"
        " 'companion.games.hoopers.table', 'tinydb', 'companion.store.store'))]\n"
        "print(json.dumps(loaded))\n"
    )
    env = {**os.environ, "COMPANION_MACHINE": os.environ.get("COMPANION_MACHINE", "here")}
    done = subprocess.run(
        [sys.executable, "-c", probe, "--db", str(db), *HOOPERS, "status"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    printed, loaded = done.stdout.rsplit("\n", 2)[0] + "\n", done.stdout.splitlines()[-1]
    assert printed == text
    assert json.loads(loaded) == []


def test_a_renderer_that_does_more_than_print_text_and_tables_is_not_kept():
    from companion.ui.console import Table as LightTable
    from companion.ui.drawn import draw, drawing

    def wide(out, _):
        out.print("width", out.width)

    def rich_object(out, _):
        out.print(object())

    def table_of_numbers(out, _):
        table = LightTable("a", box=None)
        table.add_row(1)
        out.print(table)

    assert [drawing(f, None) for f in (wide, rich_object, table_of_numbers)] == [None] * 3

    def fine(out, _):
        table = LightTable("who", "pts", box=None)
        table.add_row("Ann", "3")
        out.print("[bold]Ann[/bold] leads", markup=True)
        out.print(table)

    calls = drawing(fine, None)
    assert json.loads(json.dumps(calls)) == calls  # as read back from the file

    from io import StringIO

    from companion.ui.console import TableConsole

    again, direct = StringIO(), StringIO()
    draw(TableConsole(again), calls)
    fine(TableConsole(direct), None)
    assert again.getvalue() == direct.getvalue() == "Ann leads\n who  pts \n Ann  3   \n"


@pytest.mark.slow
@pytest.mark.parametrize("step", range(1, 5))
def test_a_move_killed_while_written_leaves_the_kept_status_and_the_match_together(step, cli, db):
    """The kept status is written with the match, in one write of the main file: a crash
    at any durable step of a move leaves both before the move, or both after it."""
    text, _ = started(cli, db)
    env = {
        **os.environ,
        "COMPANION_DB": str(db),
        "COMPANION_MACHINE": os.environ.get("COMPANION_MACHINE", "here"),
        "COMPANION_FAILPOINT": f"write:{step}",
    }
    subprocess.run(
        [sys.executable, "-m", "companion", *HOOPERS, "score", "Ann", "1"],
        env=env,
        capture_output=True,
    )
    status = ok(cli(*HOOPERS, "status")).stdout
    assert status == replayed(cli, db, HOOPERS).stdout
    assert status == text or "Ann 3 – 3 [red]Bo" in status


def test_the_match_that_waited_is_shown_from_what_was_kept_once_it_is_current_again(cli, db):
    """A Series game waits while a friendly match is played: each is kept, and the one
    that is current is the one shown, before and after `resume`."""
    ok(cli("hoopers", "series", "start", "--players", "Ana=Keepers,Ben=Unleashed",
           "--home", "Keepers"))  # fmt: skip
    game = ok(cli("hoopers", "series", "game", "start", "--hot", "May,Vernon,Chus",
                  "--cold", "Faust,Serge", "--first", "Ana", "--seed", "3", "--json"))  # fmt: skip
    ok(cli(*HOOPERS, "score", "Ana", "2"))
    ok(cli(*HOOPERS, "start", *HOOPERS_START[0], *HOOPERS_START[1]))
    for current in ("Ann", "Ana"):
        replay = replayed(cli, db, HOOPERS)
        assert current in replay.stdout.splitlines()[0]
        assert shown(db, "hoopers") is not None
        with pytest.MonkeyPatch.context() as patch:
            no_replay(patch)
            assert ok(cli(*HOOPERS, "status")).stdout == replay.stdout
        ok(cli(*HOOPERS, "resume", "--match", game.json["match_id"]))


class Terminal:
    """A file that says it is a terminal: the console styles what it prints."""

    def __init__(self) -> None:
        from io import StringIO

        self.buffer = StringIO()
        self.write = self.buffer.write

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        pass


@pytest.mark.parametrize("styled", [False, True])
def test_a_kept_drawing_keeps_the_renderers_styles_and_its_escaped_names(styled, monkeypatch):
    """Markup kept as text and tags draws the same bytes as the renderer, on a terminal
    too: nested tags, `[/]`, names with markup and backslashes escaped by `plain()`."""
    from io import StringIO

    from companion.ui.console import Table as LightTable
    from companion.ui.console import TableConsole, plain
    from companion.ui.drawn import checked, draw, drawing

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    names = ["Ann[/b]", "[red]Bo", "Fi\\", "Cy\\\\", "\\[dim]Di"]

    def render(out, _):
        for name in names:
            out.print(f"[bold]{plain(name)}[/bold] leads [dim]by [red]3[/red][/dim]")
            out.print(f"{plain(name)} [yellow]{plain(name)}[/]", markup=True)
            out.print(f"as typed: {name}", markup=False)
        table = LightTable(box=None, header_style="bold", markup=True)
        table.add_column("who")
        table.add_column("pts", justify="right")
        for name in names:
            table.add_row(f"[bold]{plain(name)}[/bold]", "3")
        out.print(table)
        plain_table = LightTable("who", "pts", box=None)
        for name in names:
            plain_table.add_row(name, "3")
        out.print(plain_table)

    calls = drawing(render, None)
    assert calls is not None
    calls = checked(json.loads(json.dumps(calls)))  # as read back from the file
    assert calls is not None
    again, direct = (Terminal() if styled else StringIO() for _ in range(2))
    draw(TableConsole(again), calls)
    render(TableConsole(direct), None)
    printed = (again.buffer if styled else again).getvalue()
    assert printed == (direct.buffer if styled else direct).getvalue()
    assert ("\x1b[1m" in printed) == styled
