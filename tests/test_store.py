"""The match store: event logs, crash safety, locking, schema, bad files."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.engine.errors import NothingToUndo, RuleViolation, StoreError
from companion.store import Store
from companion.store.atomic import TMP_PREFIX
from companion.store.layout import SCHEMA_VERSION
from tests.conftest import assert_user_error
from tests.events import append, undo

WRITER = Path(__file__).with_name("store_writer.py")
ROOT = Path(__file__).resolve().parents[1]


def writer_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def test_match_lifecycle(tmp_path):
    store = Store(tmp_path / "db.json")
    match = store.start_match("hoopers", ["Keepers", "Cobras"], {"variant": "classic"}, seed=5)
    assert len(match["id"]) == 6
    append(store, "hoopers", "score", {"team": "Keepers", "points": 2})
    append(store, "hoopers", "score", {"team": "Cobras", "points": 3})
    _, removed = undo(store, "hoopers")
    assert removed["data"] == {"team": "Cobras", "points": 3}
    finished = store.finish_match(
        "hoopers", {"scores": {"Keepers": 2, "Cobras": 0}, "winner": "Keepers"}
    )
    assert finished["status"] == "finished"
    assert store.live_match("hoopers") is None
    again = store.get_match(match["id"][:4])
    assert again["events"][0]["data"] == {"team": "Keepers", "points": 2}
    assert again["result"]["winner"] == "Keepers"
    assert again["seed"] == 5


def test_one_live_match_per_game(tmp_path):
    store = Store(tmp_path / "db.json")
    first = store.start_match("allstar", ["A", "B", "C"])
    with pytest.raises(RuleViolation, match=first["id"]):
        store.start_match("allstar", ["D", "E", "F"])
    store.start_match("playlist", ["A", "B"])  # other games are independent


def test_undo_with_nothing_to_undo(tmp_path):
    store = Store(tmp_path / "db.json")
    store.start_match("otdraft", ["A", "B"])
    with pytest.raises(NothingToUndo):
        undo(store, "otdraft")


def test_failed_change_writes_nothing(tmp_path):
    path = tmp_path / "db.json"
    store = Store(path)
    store.start_match("hoopers", ["A", "B"])
    before = path.read_bytes()

    def refuse(match):
        raise RuleViolation("no")

    with pytest.raises(RuleViolation):
        store.update_live("hoopers", refuse)
    assert path.read_bytes() == before


def test_nothing_is_created_until_the_first_write(tmp_path):
    store = Store(tmp_path / "db.json")
    assert store.list_matches() == []
    assert not (tmp_path / "db.json").exists()


def test_finished_matches_leave_the_live_file(tmp_path):
    path = tmp_path / "db.json"
    store = Store(path)
    for n in range(5):
        store.start_match("hoopers", ["A", "B"])
        append(store, "hoopers", "score", {"n": n})
        store.finish_match("hoopers", {"winner": "A"})
    assert "score" not in path.read_text()  # the live file holds no archived events
    assert len(store.list_matches()) == 5


def test_corrupt_file_is_reported_and_never_overwritten(tmp_path):
    path = tmp_path / "db.json"
    path.write_text("this is not json")
    store = Store(path)
    with pytest.raises(StoreError, match=r"is not a valid companion database \(not JSON"):
        store.start_match("hoopers", ["A", "B"])
    assert path.read_text() == "this is not json"


def test_corrupt_file_names_the_backup(tmp_path):
    path = tmp_path / "db.json"
    store = Store(path)
    store.start_match("hoopers", ["A", "B"])
    append(store, "hoopers", "x", {})
    path.write_text('{"truncat')
    with pytest.raises(StoreError) as err:
        store.list_matches()
    assert str(tmp_path / "db.json.bak") in err.value.line()
    json.loads((tmp_path / "db.json.bak").read_text())  # the backup is good


def test_other_programs_json_is_refused(tmp_path):
    path = tmp_path / "db.json"
    path.write_text("[1, 2, 3]")
    with pytest.raises(StoreError, match="not a set of TinyDB tables"):
        Store(path).list_matches()


def test_newer_schema_is_refused(tmp_path):
    path = tmp_path / "db.json"
    path.write_text(json.dumps({"_meta": {"1": {"schema": SCHEMA_VERSION + 1}}}))
    with pytest.raises(StoreError, match="written by a newer companion"):
        Store(path).start_match("hoopers", ["A", "B"])
    assert json.loads(path.read_text())["_meta"]["1"]["schema"] == SCHEMA_VERSION + 1


def test_stale_temp_files_are_cleaned_on_the_next_write(tmp_path):
    # The database's own temp files carry its name (another database's are left alone).
    leftover = tmp_path / f"{TMP_PREFIX}db.json.abc12345"
    leftover.write_text("half a write")
    Store(tmp_path / "db.json").start_match("hoopers", ["A", "B"])
    assert not leftover.exists()


def test_unwritable_folder_is_a_clear_error(tmp_path, monkeypatch):
    path = tmp_path / "db.json"
    store = Store(path)
    store.start_match("hoopers", ["A", "B"])
    before = path.read_bytes()

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("companion.store.atomic.temp_file", denied)
    with pytest.raises(StoreError, match="is read-only"):
        append(store, "hoopers", "x", {})
    assert path.read_bytes() == before


def test_disk_full_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "db.json"
    store = Store(path)
    store.start_match("hoopers", ["A", "B"])
    before = path.read_bytes()

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(StoreError, match="No space left on device"):
        append(store, "hoopers", "x", {})
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert not list(tmp_path.glob(f"{TMP_PREFIX}*"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores folder permissions")
def test_read_only_folder_for_real(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(StoreError, match="read-only"):
            Store(folder / "db.json").start_match("hoopers", ["A", "B"])
    finally:
        folder.chmod(0o700)


def test_cli_reports_a_missing_folder(cli, tmp_path):
    result = cli("demo", database=tmp_path / "missing" / "db.json")
    assert_user_error(result, "folder")
    assert not (tmp_path / "missing").exists()


def test_cli_reports_a_corrupt_file(cli, db):
    db.write_text("garbage")
    assert_user_error(cli("history", "list"), f"{db} is not a valid companion database")
    assert db.read_text() == "garbage"


def test_cli_reports_a_newer_schema(cli, db):
    db.write_text(json.dumps({"_meta": {"1": {"schema": 99}}}))
    assert_user_error(cli("history", "list"), "written by a newer companion (schema 99")


@pytest.mark.slow
def test_two_writers_lose_nothing(tmp_path):
    path = tmp_path / "db.json"
    store = Store(path)
    store.start_match("hoopers", ["A", "B"])
    store.start_match("allstar", ["A", "B", "C"])
    procs = [
        subprocess.Popen(
            [sys.executable, str(WRITER), str(path), game, "500"],
            stdout=subprocess.DEVNULL,
            env=writer_env(),
        )
        for game in ("hoopers", "allstar")
    ]
    assert [p.wait(timeout=240) for p in procs] == [0, 0]
    for game in ("hoopers", "allstar"):
        events = store.current_match(game)["events"]
        assert [e["data"]["n"] for e in events] == list(range(500))


@pytest.mark.slow
def test_killed_writers_never_tear_the_file(tmp_path):
    """Kill -9 a writer many times; every acknowledged event survives."""
    path = tmp_path / "db.json"
    store = Store(path)
    store.start_match("hoopers", ["A", "B"])
    # Ballast makes each write long, so most kills land inside one.
    store.put_doc("ballast", "rows", [{"row": n, "text": "x" * 40} for n in range(40_000)])
    acknowledged = 0
    torn_writes = 0
    for trial in range(25):
        proc = subprocess.Popen(
            [sys.executable, str(WRITER), str(path), "hoopers", "1000"],
            stdout=subprocess.PIPE,
            text=True,
            env=writer_env(),
        )
        # Time one append cycle, then kill at a point spread across the next.
        first = proc.stdout.readline()
        started = time.perf_counter()
        second = proc.stdout.readline()
        cycle = time.perf_counter() - started
        time.sleep(cycle * (trial % 10) / 10)
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        acks = (first + second + out).count("ack ")
        torn_writes += bool(list(tmp_path.glob(f"{TMP_PREFIX}*")))
        events = Store(path).current_match("hoopers")["events"]  # always loadable
        assert len(events) >= acknowledged + acks
        acknowledged = len(events)
    assert acknowledged > 0
    assert torn_writes > 0  # some kills did interrupt a write
    append(Store(path), "hoopers", "after", {})
    assert not list(tmp_path.glob(f"{TMP_PREFIX}*"))  # and their leftovers are cleaned


def test_a_finish_interrupted_between_files_is_completed(tmp_path, monkeypatch):
    path = tmp_path / "db.json"
    store = Store(path)
    match = store.start_match("hoopers", ["A", "B"])
    append(store, "hoopers", "score", {"points": 2})
    from companion.store.atomic import Files

    real_install = Files.install

    def crash_on_archive(self, staged, target):
        # The main file has recorded the change; the archive file is not in place yet.
        if target != self.db:
            raise KeyboardInterrupt("killed while writing the archive")
        return real_install(self, staged, target)

    monkeypatch.setattr(Files, "install", crash_on_archive)
    with pytest.raises(KeyboardInterrupt):
        store.finish_match("hoopers", {"winner": "A"})
    monkeypatch.undo()
    # Not live any more, listed once, as finished — even before anything settles it.
    assert store.live_match("hoopers") is None
    listed = store.list_matches()
    assert [(m["id"], m["status"]) for m in listed] == [(match["id"], "finished")]
    # The next write completes the move; the archive holds it exactly once.
    store.start_match("hoopers", ["C", "D"])
    archived = [m["id"] for m in store.archived()]
    assert archived == [match["id"]]
    assert "finishing" not in path.read_text()


def test_finishing_from_a_stale_view_is_refused(tmp_path):
    store = Store(tmp_path / "db.json")
    store.start_match("otdraft", ["A", "B"])
    seen = store.current_match("otdraft")
    append(store, "otdraft", "pick", {"player": "B", "card": "Moses"})  # another terminal
    with pytest.raises(RuleViolation, match="changed while it was being ended"):
        store.finish_match("otdraft", {"winner": "A"}, expected_events=len(seen["events"]))
    assert store.live_match("otdraft") is not None
    store.finish_match("otdraft", {"winner": "B"}, expected_events=1)
    assert store.live_match("otdraft") is None


def test_hints_name_the_real_commands(cli):
    result = cli("hoopers", "match", "status")
    assert_user_error(result, "hint: start one with 'companion hoopers match start'")
    assert (
        cli("otdraft", "game", "status")
        .stderr.strip()
        .endswith("(hint: start one with 'companion otdraft game start')")
    )


def test_starting_a_second_live_match_names_the_end_command(cli):
    """The store refuses without naming a command; the tables layer adds the hint."""
    start = ("allstar", "season", "start", "--players", "A,B,C", "--seed", "1")
    assert cli(*start).exit_code == 0
    refused = cli(*start)
    assert_user_error(refused, "a allstar match is already live")
    assert "hint: finish it with 'companion allstar season end' or abandon it first" in (
        refused.stderr
    )


def test_the_store_names_no_command(tmp_path):
    store = Store(tmp_path / "db.json")
    store.start_match("allstar", ["A", "B", "C"])
    with pytest.raises(RuleViolation) as again:
        store.start_match("allstar", ["A", "B", "C"])
    with pytest.raises(RuleViolation) as none:
        store.current_match("otdraft")
    assert (again.value.hint, none.value.hint) == (None, None)
    assert none.value.line() == "no live otdraft match"


def test_a_writes_temporary_file_is_named_and_opened_as_mkstemp_makes_one(tmp_path, monkeypatch):
    # The store's own temp_file (a move does not import tempfile): the name the cleanup of
    # leftovers knows (prefix and 8 of tempfile's characters), a new file only its owner
    # reads, never one that is already there.
    import stat

    from companion.store import atomic, ids

    files = atomic.Files(tmp_path / "db.json")
    fd, name = atomic.temp_file(tmp_path, files.prefix)
    os.close(fd)
    assert files.own_temp(Path(name).name) and Path(name).parent == tmp_path
    assert stat.S_IMODE(os.stat(name).st_mode) == 0o600
    drawn = iter(["taken___", "taken___", "free____"])
    monkeypatch.setattr(ids, "unguessable", lambda alphabet, length: next(drawn))
    (tmp_path / f"{files.prefix}taken___").write_text("someone's")
    fd, name = atomic.temp_file(tmp_path, files.prefix)
    os.close(fd)
    assert Path(name).name == f"{files.prefix}free____"
    assert (tmp_path / f"{files.prefix}taken___").read_text() == "someone's"


def test_an_unguessable_name_takes_every_character_alike(monkeypatch):
    # Straight from os.urandom (no `random`, no `secrets`): a byte that would favour the
    # alphabet's first characters (222 and above, for tempfile's 37) is drawn again.
    from companion.store import ids
    from companion.store.atomic import _TOKEN

    chunks = iter([bytes([221, 222, 255, 0]), bytes([36, 37, 73, 254])])
    monkeypatch.setattr(os, "urandom", lambda n: next(chunks)[:n])
    assert ids.unguessable(_TOKEN, 4) == "_a_a"  # 221 % 37 = 36, 0; then 36, 37 % 37 = 0
    chunks = iter([bytes(range(256))])
    assert ids.unguessable(_TOKEN, 40) == (_TOKEN * 2)[:40]
