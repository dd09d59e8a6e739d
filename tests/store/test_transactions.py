"""Multi-file changes as one transaction: staged, committed by one write, renamed into place."""

from __future__ import annotations

import errno
import json
import os

import pytest

from companion.engine.errors import StoreError
from companion.store import Store, atomic
from companion.store.archive import archive_many, summaries, take_back
from companion.store.atomic import TMP_PREFIX, Files
from tests.events import append
from tests.store.ops import BASE, IMPORTED, build


def _journal(db) -> dict | None:
    return json.loads(db.read_text()).get("_journal")


def test_a_finish_is_one_commit_then_renames(tmp_path, monkeypatch):
    db = build(tmp_path)
    real_install = Files.install
    seen = []

    def install(self, staged, target):
        seen.append((target.name, _journal(db) is not None))
        return real_install(self, staged, target)

    monkeypatch.setattr(Files, "install", install)
    Store(db).finish_match("table", {"winner": "Ben"})
    # The archive file is renamed into place only once the main file has committed.
    assert [(name, committed) for name, committed in seen if name != "db.json"] == [
        (seen[1][0], True)
    ]
    assert seen[1][0].endswith(".json") and seen[1][0][:4].isdigit()
    assert _journal(db) is None


def test_readers_see_a_committed_change_before_it_is_filed(tmp_path, monkeypatch):
    db = build(tmp_path)
    live = Store(db).live_match("table")

    real_install = Files.install

    def crash(self, staged, target):
        if target != db:
            raise KeyboardInterrupt("killed after the commit")
        return real_install(self, staged, target)

    monkeypatch.setattr(Files, "install", crash)
    with pytest.raises(KeyboardInterrupt):
        Store(db).finish_match("table", {"winner": "Ben"})
    monkeypatch.undo()
    assert _journal(db) is not None
    # A reader that cannot take the lock reads the staged file in place of the archive file.
    holder = Store(db)
    with holder._locked():
        listed = {m["id"]: m["status"] for m in Store(db).list_matches()}
        assert listed[live["id"]] == "finished"
        assert _journal(db) is not None
    # The next reader that can take the lock files it.
    assert {m["id"] for m in summaries(Store(db))} >= {live["id"]}
    assert _journal(db) is None
    assert not list(db.with_name("db.archive").glob(f"{TMP_PREFIX}*"))


def test_a_failed_import_writes_nothing(tmp_path, monkeypatch):
    db = build(tmp_path)
    before = {p.name: p.read_bytes() for p in db.with_name("db.archive").glob("*.json")}
    main = db.read_bytes()
    real_stage = Files.stage
    staged = []

    def stage(self, path, data):
        if len(staged) == 2:
            raise StoreError(f"cannot write {path}: No space left on device")
        staged.append(path.name)
        return real_stage(self, path, data)

    monkeypatch.setattr(Files, "stage", stage)
    with pytest.raises(StoreError, match="No space left"):
        archive_many(Store(db), IMPORTED)
    monkeypatch.undo()
    assert staged == ["2025-12.here.json", "2026-01.here.json"]
    assert db.read_bytes() == main
    after = {p.name: p.read_bytes() for p in db.with_name("db.archive").glob("*.json")}
    assert after == before
    assert not list(db.with_name("db.archive").glob(f"{TMP_PREFIX}*"))
    assert archive_many(Store(db), IMPORTED) == (5, 1)  # and it lands whole when it can


def test_a_read_only_archive_folder_leaves_the_match_live(tmp_path, monkeypatch):
    db = build(tmp_path)
    archive = db.with_name("db.archive")
    real_temp_file = atomic.temp_file

    def read_only(folder, prefix):
        if os.path.samefile(folder, archive):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_temp_file(folder, prefix)

    monkeypatch.setattr(atomic, "temp_file", read_only)
    store = Store(db)
    with pytest.raises(StoreError, match="read-only"):
        store.abandon_match("table")
    monkeypatch.undo()
    assert store.live_match("table") is not None
    assert [m["status"] for m in store.list_matches() if m["game"] == "table"] == ["live"]
    store.abandon_match("table")  # writable again: it works
    assert store.live_match("table") is None


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores folder permissions")
def test_a_read_only_archive_folder_for_real(tmp_path):
    db = build(tmp_path)
    archive = db.with_name("db.archive")
    archive.chmod(0o500)
    try:
        with pytest.raises(StoreError, match="read-only"):
            Store(db).finish_match("table", {"winner": "Ben"})
    finally:
        archive.chmod(0o700)
    assert Store(db).live_match("table") is not None


def test_undo_then_finish_again_keeps_one_copy_with_the_new_result(tmp_path):
    db = tmp_path / "db.json"
    store = Store(db)
    store.start_match("otdraft", ["Ana", "Ben"], seed=1)
    first = store.finish_match("otdraft", {"scores": {"Ana": 1, "Ben": 0}, "winner": "Ana"})
    reopened = take_back(store, lambda db, found: ("reopen", found[-1]))
    assert reopened["id"] == first["id"]
    append(store, "otdraft", "fix", {})
    store.finish_match("otdraft", {"scores": {"Ana": 1, "Ben": 2}, "winner": "Ben"})
    (only,) = [m for m in store.archived() if m["id"] == first["id"]]
    assert only["result"]["winner"] == "Ben" and only["events"][-1]["type"] == "fix"


def test_a_match_left_half_finished_by_an_older_companion_is_filed(tmp_path):
    db = tmp_path / "db.json"
    store = Store(db)
    match = store.start_match("otdraft", ["Ana", "Ben"], seed=1)
    data = json.loads(db.read_text())
    doc = data["live"]["1"]
    doc["finishing"] = {**doc, "status": "finished", "finished": "2026-01-05T20:00:00+00:00"}
    db.write_text(json.dumps(data))
    assert [m["status"] for m in Store(db).list_matches()] == ["finished"]
    Store(db).put_doc("t", "k", 1)
    assert "finishing" not in db.read_text()
    assert [m["id"] for m in Store(db).archived()] == [match["id"]]


def test_the_manifest_counts_every_archive_file(tmp_path):
    db = build(tmp_path)
    counts = json.loads(db.read_text())["_shards"]["1"]["counts"]
    # The Series' games, filed now, and the records (one rename).
    series_month = min(set(counts) - {"2025-12.here", "2026-01.here", "records.here"})
    assert counts == {
        "2025-12.here": 2, "2026-01.here": 2, series_month: 2, "records.here": 1
    }  # fmt: skip
    # A database from before the manifest gets one on its next write.
    data = json.loads(db.read_text())
    del data["_shards"]
    db.write_text(json.dumps(data))
    Store(db).put_doc("t", "k", 1)
    assert json.loads(db.read_text())["_shards"]["1"]["counts"] == counts


def test_warnings_are_one_line_each_once(tmp_path):
    db = build(tmp_path)
    (db.with_name("db.archive") / "2025-12.here.json").unlink()
    said: list[str] = []
    store = Store(db, warn=said.append)
    store.list_matches()
    list(summaries(store))
    assert len(said) == 1 and "2025-12.here.json is missing (2 matches)" in said[0]


def test_temp_files_are_per_database_and_old_foreign_ones_go(tmp_path):
    db = tmp_path / "db.json"
    ours = tmp_path / f"{TMP_PREFIX}db.json.abcd1234"
    theirs = tmp_path / f"{TMP_PREFIX}other.json.abcd1234"
    legacy_new = tmp_path / f"{TMP_PREFIX}k3j4h5g6"
    legacy_old = tmp_path / f"{TMP_PREFIX}z9y8x7w6"
    for path in (ours, theirs, legacy_new, legacy_old):
        path.write_text("x")
    os.utime(legacy_old, (0, 0))
    os.utime(theirs, (0, 0))
    Store(db).start_match("otdraft", ["Ana", "Ben"])
    assert not ours.exists() and not legacy_old.exists()
    assert theirs.exists() and legacy_new.exists()


def test_the_lock_file_stays_and_names_no_one_when_free(tmp_path):
    db = tmp_path / "db.json"
    Store(db).start_match("otdraft", ["Ana", "Ben"])
    lock = tmp_path / "db.json.lock"
    assert lock.exists() and lock.read_text() == ""


def test_a_lock_file_replaced_meanwhile_stops_the_write(tmp_path):
    db = tmp_path / "db.json"
    store = Store(db)
    store.start_match("otdraft", ["Ana", "Ben"])
    before = db.read_bytes()

    def change(match):
        lock = tmp_path / "db.json.lock"
        lock.unlink()
        lock.write_text("")  # someone else's lock now
        return [{"type": "x", "data": {}}]

    with pytest.raises(StoreError, match="lock file .* was removed"):
        store.update_live("otdraft", change)
    assert db.read_bytes() == before


def test_unknown_shard_names_are_never_used(tmp_path):
    store = Store(tmp_path / "db.json")
    with pytest.raises(ValueError):
        store.shard_path("../db")
    assert [m["id"] for m in BASE] == ["aaa111", "aaa222", "bbb111", "bbb222"]


def test_a_document_and_the_archive_change_together(tmp_path, monkeypatch):
    """What the table layer composes (a series decided: its document and its history record)."""
    db = build(tmp_path)
    real_install = Files.install

    def crash(self, staged, target):
        if target != db:
            raise KeyboardInterrupt("killed after the commit")
        return real_install(self, staged, target)

    monkeypatch.setattr(Files, "install", crash)
    with pytest.raises(KeyboardInterrupt), Store(db).change() as txn:
        txn.put_doc("series", "s1", {"status": "finished"})
        txn.archive({**BASE[0], "id": "ser111", "finished": "2026-04-01T20:00:00+00:00"})
        assert txn.unarchive("bbb111")["id"] == "bbb111"
        assert txn.unarchive("nothing") is None
    monkeypatch.undo()
    store = Store(db)
    assert store.get_doc("series", "s1") == {"status": "finished"}
    ids = {m["id"] for m in store.archived()}
    assert "ser111" in ids and "bbb111" not in ids
    with pytest.raises(RuntimeError), store.change() as txn:
        txn.put_doc("series", "s1", {"status": "live"})
        txn.unarchive("ser111")
        raise RuntimeError("refused")
    assert store.get_doc("series", "s1") == {"status": "finished"}
    assert "ser111" in {m["id"] for m in store.archived()}


def test_threads_sharing_one_store_take_the_lock_in_turn(tmp_path):
    # The room's server answers phones on threads over one Store: two moves at once are
    # two transactions one after the other, never one thread inside the other's.
    import threading

    store = Store(tmp_path / "db.json")
    store.put_doc("counts", "n", 0)
    start, failures = threading.Barrier(4), []

    def add() -> None:
        start.wait()
        try:
            for _ in range(15):
                with store.transaction() as db:
                    from tinydb import Query

                    rows = db.table("counts")
                    row = rows.get(Query().key == "n")
                    rows.update({"value": row["value"] + 1}, doc_ids=[row.doc_id])
        except Exception as err:  # noqa: BLE001 - any failure is the test's
            failures.append(err)

    threads = [threading.Thread(target=add) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert Store(tmp_path / "db.json").get_doc("counts", "n") == 60
