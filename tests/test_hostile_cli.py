"""Issue 14, items 4–14, each through the CLI: every one of these failed before the fix.

(Items 1–3, the crash-safety of two-file moves, are walked write by write in
tests/store/test_failpoints.py; item 9, CSV formula injection, is tested with
the CSV export.)
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.store import Store
from tests.conftest import assert_user_error
from tests.history.factory import match, record

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
ENV.pop("COMPANION_FAILPOINT", None)
EVIL = "\x1b]0;pwned\x07\x1b[2J"
START = ("hoopers", "match", "start", "--home", "Ana", "--away", "Ben")
TRIBES = ("--home-tribe", "keepers", "--away-tribe", "unleashed", "--seed", "1")


def export_file(path: Path, *matches: dict, players: dict | None = None) -> Path:
    body = {"format": "companion-history", "version": 1, "matches": list(matches)}
    body["players"] = players or {}
    path.write_text(json.dumps(body))
    return path


def files_in(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not any(part.startswith(".index") for part in p.parts)
    }


# --- 4. path traversal through history import -------------------------------------


def test_4_import_never_writes_outside_the_archive(cli, db, tmp_path):
    outside = tmp_path / "pw"
    for finished in (str(outside), "../db", "../../pw", "2026-01/../../pw", 5, ["2026"], {}):
        good = match("abc123", "otdraft", {"Ana": 1, "Ben": 0}, "2026-01-01")
        path = export_file(tmp_path / "evil.json", {**good, "finished": finished})
        assert_user_error(cli("history", "import", path), "match #1 (abc123)")
        assert_user_error(cli("history", "import", path), "'finished' is not a date")
    assert not Path(f"{outside}.json").exists()
    assert not db.exists() and not db.with_name("companion.archive").exists()


def test_4_every_imported_field_is_checked(cli, db, tmp_path):
    good = match("abc123", "otdraft", {"Ana": 1, "Ben": 0}, "2026-01-01")
    for field, value, named in [
        ("id", "ABC123", "'id'"),
        ("id", "", "'id'"),
        ("id", "../x", "'id'"),
        ("players", [1, 2], "'players[1]'"),
        ("players", "Ana", "'players'"),
        ("result", [1, 2], "'result'"),
        ("result", {"scores": "x"}, "'result.scores'"),
        ("result", {"scores": {"Ana": "x"}}, "'result.scores'"),
        ("created", "yesterday", "'created'"),
        ("options", "x", "'options'"),
        ("events", [1], "'events[1]'"),
        ("status", "weird", "'status'"),
    ]:
        path = export_file(tmp_path / "bad.json", {**good, field: value})
        assert_user_error(cli("history", "import", path), named)
    assert not db.exists()


# --- 5. a wrong-typed match on disk does not brick history -------------------------


def _plant(store: Store, shard: str, *docs: dict) -> None:
    """Matches written straight into an archive file, as an old unchecked import left them."""
    path = store.archive_dir / f"{shard}.json"
    tables = json.loads(path.read_text())
    matches = tables["matches"]
    for doc in docs:
        matches[str(len(matches) + 1)] = doc
    path.write_text(json.dumps(tables))


def test_5_a_bad_match_is_skipped_with_a_warning_and_can_be_deleted(cli, db):
    store = record(db, match("good11", "otdraft", {"Ana": 5, "Ben": 3}, "2026-01-01"))
    base = match("bad111", "otdraft", {"Ana": 1, "Ben": 0}, "2026-01-02")
    _plant(
        store,
        "2026-01.here",
        {**base, "players": [1, 2]},
        {**base, "id": "bad222", "result": [1, 2]},
        {**base, "id": "bad333", "result": {"scores": "x"}},
        {**base, "id": "BAD444"},
    )
    commands = [
        ("history", "list"),
        ("history", "list", "--json"),
        ("history", "stats"),
        ("history", "show", "good11"),
        ("history", "players"),
        ("players", "list"),
        ("history", "export", "-f", "csv"),
        ("history", "export", "-f", "bgstats"),
        ("history", "export"),
        ("history", "chart", "--player", "Ana"),
    ]
    for command in commands:
        result = cli(*command)
        assert result.exit_code in (0, 2), (command, result.stderr)
        warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
        assert len(warnings) == 4, (command, result.stderr)
        assert "skipped match bad111" in warnings[0]
        assert "'companion history delete bad111 --yes'" in warnings[0]
    assert [m["id"] for m in cli("history", "list", "--json").json["matches"]] == ["good11"]
    for bad in ("bad111", "bad222", "bad333", "BAD444"):
        deleted = cli("history", "delete", bad, "--yes", "--json")
        assert deleted.exit_code == 0, deleted.stderr
        assert deleted.json["deleted"]["id"] == bad
    clean = cli("history", "list")
    assert clean.exit_code == 0 and clean.stderr == ""


# --- 6. a main file of the wrong shape is refused, untouched ------------------------

META = {"_meta": {"1": {"schema": 1}}}
LIVE = {
    "id": "live11",
    "game": "otdraft",
    "players": ["Ana", "Ben"],
    "options": {},
    "seed": 1,
    "status": "live",
    "created": "2026-01-01T19:00:00+00:00",
    "updated": "2026-01-01T19:00:00+00:00",
    "events": [],
    "result": None,
}


def _deep(levels: int) -> str:
    return (
        '{"_meta":{"1":{"schema":1}},"t":{"1":{"key":"k","value":'
        + "[" * levels
        + "]" * levels
        + "}}}"
    )


@pytest.mark.parametrize(
    "body",
    [
        json.dumps({**META, "live": {"1": "x"}}),
        json.dumps({**META, "live": {"1": {k: v for k, v in LIVE.items() if k != "options"}}}),
        json.dumps({**META, "live": {"1": {**LIVE, "players": [1, 2]}}}),
        json.dumps({**META, "live": {"x": LIVE}}),
        json.dumps({**META, "players": {"1": {"key": 1, "value": "x"}}}),
        json.dumps({**META, "_journal": {"1": {"tx": "1", "shards": {"2026-01": "../../etc"}}}}),
        json.dumps({"compilerOptions": {"target": "es5", "strict": True}}),
        json.dumps({"live": {"1": LIVE}}),
        _deep(5000),
    ],
    ids=[
        "doc-not-object",
        "no-options",
        "players",
        "doc-id",
        "alias-key",
        "journal",
        "tsconfig",
        "no-marker",
        "deep",
    ],  # fmt: skip
)
def test_6_a_main_file_of_the_wrong_shape_is_refused_untouched(cli, db, body):
    db.write_text(body)
    for command in [
        ("history", "list"),
        ("players", "list"),
        (*START, *TRIBES),
        ("watch", "--once"),
    ]:
        assert_user_error(cli(*command), f"{db} is not a valid companion database")
    assert db.read_text() == body


# --- 7. read-only mount, read-only file ------------------------------------------


def test_7_a_read_only_mount_is_one_line(cli, db, monkeypatch):
    real_open = os.open

    def erofs(path, flags, *args, **kwargs):
        if str(path).endswith(".lock") or flags & os.O_CREAT:
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", erofs)
    assert_user_error(cli(*START, *TRIBES), "read-only")
    assert_user_error(cli("players", "rename", "Ana", "Anna"), "read-only")
    monkeypatch.undo()
    assert not db.exists()


def test_7_a_read_only_database_file_is_refused(cli, db):
    assert cli(*START, *TRIBES).exit_code == 0
    db.chmod(0o444)
    before = db.read_bytes()
    try:
        assert_user_error(cli("hoopers", "match", "abandon"), f"{db} is read-only")
    finally:
        db.chmod(0o644)
    assert db.read_bytes() == before
    assert cli("hoopers", "match", "status").exit_code == 0  # reading it is fine


# --- 8. terminal injection ---------------------------------------------------------


def test_8_control_characters_are_refused_in_new_names(cli, db):
    assert_user_error(cli("hoopers", "match", "start", "--home", f"Ana{EVIL}", "--away", "Ben",
                          "--home-tribe", "keepers", "--away-tribe", "unleashed"),
                      "control character")  # fmt: skip
    assert_user_error(cli("first-player", "Ana", f"Ben{EVIL}"), "control character")
    assert_user_error(cli("deal", "--players", "Ana,B\x9bn"), "control character")
    record(db, match("m1", "otdraft", {"Ana": 1, "Ben": 0}, "2026-01-01"))
    assert_user_error(cli("players", "rename", "Ana", f"X{EVIL}"), "control character")
    assert "\x1b" not in cli("players", "list", "--json").stdout


def _clean(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text, text
    assert "\\x1b]0;pwned" in text


def test_8_stored_names_are_printed_escaped_and_json_stays_exact(cli, db, monkeypatch):
    evil = f"Ana{EVIL}"
    record(db, match("m1", "otdraft", {evil: 5, "Ben": 3}, "2026-01-01"))
    for command in [("history", "list"), ("history", "players"), ("players", "list"),
                    ("history", "show", "m1"), ("history", "stats")]:  # fmt: skip
        result = cli(*command)
        assert result.exit_code == 0, result.stderr
        _clean(result.stdout)
    assert cli("history", "list", "--json").json["matches"][0]["players"] == [evil, "Ben"]
    # A live match with such a name (recorded before names were checked at the door).
    monkeypatch.setattr("companion.engine.decks.check_name", lambda name, what="": name)
    started = cli("hoopers", "match", "start", "--home", evil, "--away", "Ben", *TRIBES)
    monkeypatch.undo()
    _clean(started.stdout)
    for command in [("hoopers", "match", "status"), ("watch", "--once")]:
        result = cli(*command)
        assert result.exit_code == 0, result.stderr
        _clean(result.stdout)
    assert cli("hoopers", "match", "status", "--json").json["players"][0] == evil


# --- 10. a symlinked database ------------------------------------------------------


def test_10_a_symlinked_database_is_written_where_it_really_is(cli, tmp_path):
    real = tmp_path / "real" / "companion.json"
    real.parent.mkdir()
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert cli(*START, *TRIBES, database=link).exit_code == 0
    assert cli("hoopers", "match", "abandon", database=link).exit_code == 0
    assert cli(*START, *TRIBES, database=link).exit_code == 0
    assert link.is_symlink() and link.resolve() == real
    assert real.with_name("companion.json.bak").exists()
    assert not real.with_name("companion.json.bak").is_symlink()
    assert not (tmp_path / "link.json.bak").exists()
    assert real.with_name("companion.archive").is_dir()
    listed = cli("history", "list", "--json", database=link).json["matches"]
    assert sorted(m["status"] for m in listed) == ["abandoned", "live"]


# --- 11. two databases in one folder -----------------------------------------------


def test_11_a_database_leaves_another_databases_temp_files_alone(cli, db):
    theirs = db.with_name(".companion-tmp-other.json.abcd1234")
    theirs.write_text("another database's write in progress")
    assert cli(*START, *TRIBES).exit_code == 0
    assert cli("hoopers", "match", "abandon").exit_code == 0
    assert theirs.exists()


@pytest.mark.slow  # concurrency: real processes and real waits
def test_11_two_databases_in_one_folder_write_at_once(tmp_path):
    code = (
        "import sys; from companion.store import Store; s = Store(sys.argv[1]);"
        "s.start_match('hoopers', ['A', 'B']);"
        "[s.update_live('hoopers', lambda m, n=n: [{'type': 't', 'data': {'n': n}}])"
        " for n in range(int(sys.argv[2]))]"
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", code, str(tmp_path / name), "40"], env=ENV)
        for name in ("a.json", "b.json")
    ]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    for name in ("a.json", "b.json"):
        assert len(Store(tmp_path / name).current_match("hoopers")["events"]) == 40


# --- 12. the lock ------------------------------------------------------------------

# Holds the lock until its stdin has a line or ends (the test lets go, or is gone).
HOLD = """
import sys
from companion import registry
from companion.engine.spec import Kind
from companion.store import Store
store = Store(sys.argv[1])
with store._locked():
    print("holding", flush=True)
    sys.stdin.readline()
"""

# A writer slow inside its change: the 1.5 s is the thing under test (the other writer may
# come before or after it ends; the test accepts both and checks nothing is lost).
SLOW_APPEND = """
import sys, time
from companion import registry
from companion.engine.spec import Kind
from companion.store import Store
def change(match):
    print("holding", flush=True)
    time.sleep(1.5)
    return [{"type": "slow", "data": {}}]
Store(sys.argv[1]).update_live("hoopers", change)
print("ack", flush=True)
"""


def _holder(script: str, *args: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    assert proc.stdout.readline().strip() == "holding"
    return proc


@pytest.mark.slow  # concurrency: real processes and real waits
def test_12_a_deleted_lock_file_lets_no_acknowledged_write_be_lost(cli, db):
    assert cli(*START, *TRIBES).exit_code == 0
    lock = db.with_name(db.name + ".lock")
    slow = _holder(SLOW_APPEND, str(db))
    lock.unlink()  # someone "cleans up" the lock while a writer holds it
    assert cli("hoopers", "match", "score", "Ana", "2").exit_code == 0  # acknowledged
    out, err = slow.communicate(timeout=60)
    events = [e["type"] for e in Store(db).current_match("hoopers")["events"]]
    assert "score" in events  # the acknowledged write is there
    if "ack" in out:
        assert "slow" in events
    else:
        assert "slow" not in events and "lock file" in err
    assert lock.exists()


def test_12_the_lock_file_is_kept(cli, db):
    assert cli(*START, *TRIBES).exit_code == 0
    assert db.with_name(db.name + ".lock").exists()


@pytest.mark.slow  # concurrency: real processes and real waits
def test_12_a_waiting_writer_says_whom_it_waits_for(cli, db, monkeypatch):
    assert cli(*START, *TRIBES).exit_code == 0
    holder = _holder(HOLD, str(db))
    said = Store.notice

    def notice(store: Store, message: str) -> None:
        said(store, message)
        holder.stdin.write("\n")  # told whom it waits for, the user ends that one
        holder.stdin.flush()

    monkeypatch.setattr(Store, "notice", notice)
    started = time.monotonic()
    result = cli("hoopers", "match", "score", "Ana", "2")
    assert result.exit_code == 0, result.stderr
    assert time.monotonic() - started > 1
    assert result.stderr == f"waiting for another companion (pid {holder.pid})…\n"
    holder.communicate(timeout=60)


@pytest.mark.slow  # concurrency: real processes and real waits
def test_12_a_timeout_says_what_to_do(cli, db, monkeypatch):
    assert cli(*START, *TRIBES).exit_code == 0
    monkeypatch.setattr("companion.store.store.LOCK_TIMEOUT_S", 1.5)
    holder = _holder(HOLD, str(db))
    try:
        result = cli("hoopers", "match", "score", "Ana", "2")
    finally:
        holder.communicate(timeout=60)  # its stdin ends: it lets go
    assert result.exit_code == 2
    waiting, error = result.stderr.splitlines()
    assert waiting == f"waiting for another companion (pid {holder.pid})…"
    assert error.startswith(f"error: {db} is still locked by another companion (pid {holder.pid})")
    assert f"kill {holder.pid} if it is stuck" in error


# --- 13. a missing or shrunk archive file --------------------------------------------


def test_13_a_missing_archive_file_is_reported_with_its_backup(cli, db):
    record(
        db,
        match("jan111", "otdraft", {"Ana": 1, "Ben": 0}, "2026-01-01"),
        match("jan222", "otdraft", {"Ana": 1, "Ben": 0}, "2026-01-02"),
        match("feb111", "otdraft", {"Ana": 1, "Ben": 0}, "2026-02-01"),
    )
    shard = db.with_name("companion.archive") / "2026-01.here.json"
    backup = shard.with_name("2026-01.here.json.bak")
    shard.unlink()
    result = cli("history", "list", "--json")
    assert result.exit_code == 0
    assert [m["id"] for m in result.json["matches"]] == ["feb111"]
    assert result.stderr == (
        f"warning: archive file {shard} is missing (2 matches); "
        f"restore it from {backup} (cp {backup} {shard})\n"
    )
    backup.rename(shard)  # the backup holds the file as it was before its last change
    shrunk = cli("history", "list", "--json")
    assert [m["id"] for m in shrunk.json["matches"]] == ["feb111", "jan111"]
    assert f"archive file {shard} holds 1 matches, 2 expected" in shrunk.stderr


# --- 14. a leftover staged backup ----------------------------------------------------


def test_14_no_staged_backup_is_left_after_an_interrupted_write(cli, db):
    assert cli(*START, *TRIBES).exit_code == 0
    assert cli("hoopers", "match", "score", "Ben", "2").exit_code == 0
    backup = db.with_name(db.name + ".bak")
    backup.unlink()
    os.link(db, backup)  # killed after the backup link was renamed, before the new file
    assert cli("hoopers", "match", "score", "Ana", "2").exit_code == 0
    leftovers = [p.name for p in db.parent.iterdir() if p.name.startswith(".companion-tmp")]
    assert leftovers == []


# --- 15. rich markup in names -------------------------------------------------------

# Names that look like rich markup played through every game's verbs that print (its spec's
# `moves`), `watch` and every history face, logged games too: the test kit's contract
# (companion/testing/contract.py), run for every game in tests/test_one_table_layer.py.


def test_15_notes_are_plain_text_printed_as_written():
    from io import StringIO

    from companion.games.hoopers.render import render_notes
    from companion.ui.console import TableConsole

    out = StringIO()
    notes = ["Keepers sleeves one [star] upgrade at the setup, on Ann[/b]", "[red]Bo scores"]
    render_notes(TableConsole(file=out), notes)
    assert out.getvalue() == "".join(f"  · {note}\n" for note in notes)


def test_15_a_rich_table_cell_is_data_not_markup():
    from io import StringIO

    from companion.ui.console import Table, TableConsole

    out = StringIO()
    table = Table("team", box=None)
    for name in ("Ann[/b]", "[red]Bo", "Dee\\[x]", "[bold]"):
        table.add_row(name)
    TableConsole(file=out).print(table)
    assert [line.strip() for line in out.getvalue().splitlines()] == [
        "team", "Ann[/b]", "[red]Bo", "Dee\\[x]", "[bold]"]  # fmt: skip


def test_15_the_help_keeps_the_rulebooks_star(cli):
    shown = cli("hoopers", "match", "energy", "--help")
    assert shown.exit_code == 0 and "carries the [star] upgrade" in shown.stdout
