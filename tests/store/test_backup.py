"""`companion backup PATH` and `companion restore PATH`: the whole database, one file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import assert_user_error


def files(db: Path) -> dict[str, bytes]:
    """Every file of the database (the summaries cache and the lock aside)."""
    found = {db.name: db.read_bytes()} if db.exists() else {}
    archive = db.with_name(db.stem + ".archive")
    if archive.is_dir():
        found.update({p.name: p.read_bytes() for p in archive.glob("*.json")})
    return found


def listed(cli) -> list[tuple[str, dict]]:
    found = cli("history", "list", "--json").json["matches"]
    return [(m["id"], (m.get("result") or {}).get("scores")) for m in found]


@pytest.fixture
def played(cli, db):
    cli("log", "otdraft", "Ana=5", "Ben=3", "--when", "2026-01-05")
    cli("log", "otdraft", "Cy=7", "Ana=1", "--when", "2026-02-05")
    cli("players", "rename", "Ana", "Anna")
    cli("hoopers", "match", "start", "--home", "Keepers", "--away", "Unleashed", "--seed", "1")
    return listed(cli)


def test_a_backup_holds_the_main_file_and_every_archive_file(cli, db, tmp_path, played):
    target = tmp_path / "backup.json"
    done = cli("backup", str(target))
    assert done.exit_code == 0, done.stderr
    assert done.stdout == f"backed up to {target}: 2 finished matches, 1 live, 4 files\n"
    body = json.loads(target.read_text())
    assert body["format"] == "companion-backup"
    assert sorted(body["archive"]) == ["2026-01.here", "2026-02.here", "records.here"]
    assert [m["game"] for m in body["main"]["live"].values()] == ["hoopers"]


@pytest.fixture
def at_2130(monkeypatch):
    """The wall clock stopped at 21:30 on 5 January, read in UTC."""
    import time

    from companion.store import clock

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.setattr(clock, "wall", lambda: "2026-01-05T21:30:12+00:00")
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_backup_with_no_path_is_a_new_dated_file_beside_the_database(cli, db, at_2130):
    cli("log", "otdraft", "Ana=5", "Ben=3", "--when", "2026-01-05")
    first = cli("backup")
    assert first.exit_code == 0, first.stderr
    named = db.parent / "companion-backup-2026-01-05-2130.json"
    assert first.stdout == f"backed up to {named}: 1 finished match, 0 live, 3 files\n"
    assert json.loads(named.read_text())["format"] == "companion-backup"
    # a second one in the same minute never replaces the first
    again = cli("backup", "--json")
    other = db.parent / "companion-backup-2026-01-05-2130-2.json"
    assert again.json["backup"]["path"] == str(other)
    assert other.is_file() and named.is_file()


def test_a_backup_counts_a_series_in_progress(cli, db, tmp_path):
    started = cli(
        "hoopers", "series", "start", "--players", "Ann=Keepers,Bob=Unleashed",
        "--home", "Keepers", "--seed", "1",
    )  # fmt: skip
    assert started.exit_code == 0, started.stderr
    target = tmp_path / "backup.json"
    done = cli("backup", str(target))
    assert done.stdout == (
        f"backed up to {target}: 0 finished matches, 0 live,"
        " a Valley Hoopers Series (best of 7) in progress, 1 file\n"
    )
    assert cli("backup", str(target), "--json").json["backup"]["in_progress"] == ["series"]
    back = cli("restore", str(target), "--yes", "--json")
    assert back.json["restored"]["in_progress"] == ["series"]


def test_restore_brings_back_exactly_what_was_backed_up(cli, db, tmp_path, played):
    target = tmp_path / "backup.json"
    cli("backup", str(target))
    before = files(db)
    cli("log", "otdraft", "Dee=2", "Eli=4", "--when", "2026-03-05")
    first = played[-1][0]
    assert cli("history", "delete", first, "--yes").exit_code == 0
    cli("players", "rename", "Anna", "Annie")
    cli("hoopers", "match", "abandon")
    done = cli("restore", str(target), "--yes", "--json")
    assert done.exit_code == 0, done.stderr
    assert done.json == {
        "restored": {"path": str(target), "matches": 2, "live": 1, "files": 4, "in_progress": []}
    }
    assert listed(cli) == played
    assert cli("hoopers", "match", "status", "--json").exit_code == 0
    after = files(db)
    assert sorted(after) == sorted(before)  # the March file is gone again
    for name in before:
        if name != db.name:
            assert (
                json.loads(after[name])["matches" if name[0] == "2" else "records"]
                == (json.loads(before[name])["matches" if name[0] == "2" else "records"])
            )


def test_a_copy_of_the_main_file_alone_is_not_a_backup(cli, db, tmp_path, played):
    # What the docs used to imply: "one database file". Its history is in the archive.
    alone = tmp_path / "alone" / "companion.json"
    alone.parent.mkdir()
    alone.write_bytes(db.read_bytes())
    result = cli("history", "list", "--json", database=alone)
    assert [m["status"] for m in result.json["matches"]] == ["live"]
    assert "is missing" in result.stderr


JOURNAL = {"tx": "x", "shards": {"2026-01.here": "../x"}}


def bad_backups(tmp_path: Path, good: dict) -> dict[str, tuple[object, str]]:
    return {
        "garbage": (b"not json at all", "is not a companion backup (not JSON)"),
        "tsconfig": ({"compilerOptions": {}}, "is not a companion backup (no backup marker)"),
        "export": (
            {"format": "companion-history", "version": 1, "matches": []},
            "is a history export, not a backup",
        ),
        "newer": ({**good, "version": 99}, "written by a newer companion"),
        "traversal": (
            {**good, "archive": {"../../evil": {"matches": {}}}},
            "'../../evil' is not an archive file name",
        ),
        "journal": (
            {**good, "main": {**good["main"], "_journal": {"1": JOURNAL}}},
            "not a change in progress",
        ),
        "shard": (
            {**good, "archive": {"2026-01.here": {"matches": [1, 2]}}},
            "not a set of TinyDB tables",
        ),
        "record": (
            {**good, "archive": {"records.here": {"records": {"1": {"type": "nuke"}}}}},
            "record 1 of records.here has no known type",
        ),
    }


def test_a_bad_or_foreign_backup_is_refused_with_one_line_and_nothing_changes(
    cli, db, tmp_path, played
):
    target = tmp_path / "backup.json"
    cli("backup", str(target))
    good = json.loads(target.read_text())
    cli("log", "otdraft", "Dee=2", "Eli=4", "--when", "2026-03-05")
    before = files(db)
    for name, (body, said) in bad_backups(tmp_path, good).items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(body if isinstance(body, bytes) else json.dumps(body).encode())
        assert_user_error(cli("restore", str(path), "--yes"), said)
        assert files(db) == before, name
    assert_user_error(cli("restore", str(tmp_path / "nope.json"), "--yes"), "no backup file")
    assert_user_error(cli("restore", str(target)), "needs --yes when not on a terminal")
    assert files(db) == before


def test_backup_never_overwrites_what_is_not_a_backup(cli, db, tmp_path, played):
    precious = tmp_path / "notes.json"
    precious.write_text('{"mine": true}')
    assert_user_error(cli("backup", str(precious)), "exists and is not a companion backup")
    assert precious.read_text() == '{"mine": true}'
    inside = db.with_name(db.stem + ".archive") / "copy.json"
    assert_user_error(cli("backup", str(inside)), "part of the database")
    assert_user_error(cli("backup", str(tmp_path / "no" / "b.json")), "does not exist")
    again = tmp_path / "b.json"
    assert cli("backup", str(again)).exit_code == 0
    assert cli("backup", str(again)).exit_code == 0  # a backup may be replaced by a newer one


def test_restore_leaves_another_machines_files_to_that_machine(cli, db, tmp_path, played):
    target = tmp_path / "backup.json"
    cli("backup", str(target))
    archive = db.with_name(db.stem + ".archive")
    theirs = archive / "2026-01.other.json"
    newer = {"matches": {}, "_meta": {"1": {"schema": 1}}}
    theirs.write_text(json.dumps(newer))
    body = json.loads(target.read_text())
    body["archive"]["2026-01.other"] = {"matches": {"1": {"stale": True}}}
    body["archive"]["2026-02.other"] = {"matches": {}}
    target.write_text(json.dumps(body))
    assert cli("restore", str(target), "--yes").exit_code == 0
    assert json.loads(theirs.read_text()) == newer  # here already: theirs, and newer
    assert (archive / "2026-02.other.json").exists()  # missing here: brought back


def read_only_mount_runs(folder: Path, *command: str) -> subprocess.CompletedProcess:
    """`command` run with `folder` mounted read-only (a bind mount in a namespace of its own,
    as an unprivileged user may make); skips where the system allows none."""
    import shutil

    if shutil.which("unshare") is None:
        pytest.skip("needs unshare(1)")
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("this system allows no user namespaces")
    script = 'mount --bind "$1" "$1" && mount -o remount,ro,bind "$1" "$1" && shift && exec "$@"'
    env = {**os.environ, "COMPANION_MACHINE": os.environ.get("COMPANION_MACHINE", "here")}
    return subprocess.run(
        ["unshare", "-rm", "sh", "-c", script, "sh", str(folder), *command],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_a_backup_of_a_database_on_a_read_only_mount_is_taken(cli, tmp_path):
    """Issue 38 item 5: it refused ("folder … is read-only"): it took the write lock."""
    folder = tmp_path / "mounted"
    folder.mkdir()
    db = folder / "companion.json"
    cli("log", "otdraft", "Ana=5", "Ben=3", "--when", "2026-01-05", database=db)
    cli("hoopers", "match", "start", "--home", "Keepers", "--away", "Unleashed", database=db)
    before = files(db)
    mounted = read_only_mount_runs(folder, "touch", str(folder / "written"))
    assert mounted.returncode != 0 and "Read-only file system" in mounted.stderr
    target = tmp_path / "backup.json"
    done = read_only_mount_runs(
        folder, sys.executable, "-m", "companion", "--db", str(db), "backup", str(target)
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert (
        done.stdout == f"backed up to {target}: 1 finished match, 1 live, 3 files\n"
    )  # the main file, the month, its records
    assert files(db) == before
    again = tmp_path / "again.json"
    assert cli("backup", str(again), database=db).exit_code == 0  # as under the lock
    taken = [json.loads(p.read_text()) for p in (target, again)]
    same = [{k: v for k, v in t.items() if k != "taken"} for t in taken]
    assert same[0] == same[1]
