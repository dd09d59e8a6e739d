"""Crash every multi-file operation at every durable write, and recover.

Each operation of `tests/store/ops.py` runs in a forked child with
`COMPANION_FAILPOINT` set to `before-write:N`, `write:N` (the child exits 137
there, as if killed) or `enospc:N` / `erofs:N` (that write fails), for N = 1,
2, … until the operation completes without reaching N. After each, the next
reader must see the database exactly as before the operation or exactly as
after it (after it, if the operation said it was done); no match may be held
twice; and after the next write no temp file or journal may be left.

`python tests/benchmarks/torture_failpoints.py` runs the same walk with real
processes and the real CLI as the next command, and prints the figures in
docs/reliability.md.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import traceback
from pathlib import Path

import pytest

from companion.store import Store, failpoint
from tests.store import ops

pytestmark = [
    pytest.mark.slow,  # torture: about 11 s; the whole suite runs it in CI
    pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork"),
]


def fork_run(db: Path, op: str, spec: str) -> tuple[int, str, int]:
    """Run `op` in a forked child with the failpoint `spec`; (exit status, stderr, points)."""
    err, points = db.parent / "stderr.txt", db.parent / "points.txt"
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 1
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115
            sys.stderr = open(err, "w")  # noqa: SIM115
            os.environ[failpoint.VARIABLE] = spec
            failpoint.reset()
            code = ops.run(db, op)
            points.write_text(str(failpoint.passed()))
        except BaseException:
            traceback.print_exc()
        finally:
            sys.stderr.flush()
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    passed = int(points.read_text()) if points.exists() else 0
    return os.waitstatus_to_exitcode(status), err.read_text() if err.exists() else "", passed


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("base")
    ops.build(folder)
    return folder


def fresh(base: Path, into: Path) -> Path:
    if into.exists():
        shutil.rmtree(into)
    shutil.copytree(base, into)
    return into / "db.json"


def walk(base: Path, work: Path, op: str, kind: str, *, settling: bool = False) -> int:
    """Fail `op` at every point in turn; returns how many points it has."""
    pre = ops.state(fresh(base, work))
    db = fresh(base, work)
    code, _, points = fork_run(db, op, ops.COUNT)
    assert code == 0
    post = ops.state(db)
    assert post != pre
    for n in range(1, points + 2):
        db = fresh(base, work)
        code, err, _ = fork_run(db, op, f"{kind}:{n}")
        where = f"{op} {kind}:{n}"
        assert "Traceback" not in err, (where, err)
        if code == 0:
            assert ops.state(db) == post, where  # acknowledged: all of it is there
            assert kind in ("enospc", "erofs") or n > points, where
        elif code == 2:
            assert kind in ("enospc", "erofs"), (where, err)
            lines = err.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("error: "), (where, err)
            assert ops.state(db) == pre, where  # refused: nothing changed
        else:
            assert code == failpoint.KILLED, (where, code, err)
            assert ops.state(db) in (pre, post), where  # the next reader recovers
        if not settling:  # settling holds a match twice until its copies are removed
            assert ops.duplicates(db) == [], where
        Store(db).put_doc("torture", "next", n)  # the next write
        assert ops.leftovers(db) == [], where
        assert ops.duplicates(db) == [], where
    return points


@pytest.mark.parametrize("op", ops.OPERATIONS)
def test_a_kill_after_any_write_loses_nothing(base, tmp_path, op):
    assert walk(base, tmp_path / "work", op, "write") >= 4


# Killing just before a write differs from killing just after the one before it only by
# what is done in memory in between; the torture script walks it for every operation.
@pytest.mark.parametrize("op", ["finish", "undo", "log", "import-part"])
def test_a_kill_before_any_write_loses_nothing(base, tmp_path, op):
    walk(base, tmp_path / "work", op, "before-write")


@pytest.mark.parametrize("op", ["finish", "import", "import-part", "log"])
def test_a_full_disk_at_any_write_changes_all_or_nothing(base, tmp_path, op):
    walk(base, tmp_path / "work", op, "enospc")


def test_starting_a_series_is_one_transaction(base, tmp_path_factory, tmp_path):
    # Setting the current flag and writing the new Series were two writes: killed
    # between them, `series status` found a flag naming no series ("no series yet").
    over = tmp_path_factory.mktemp("over")
    shutil.copytree(base, over, dirs_exist_ok=True)
    ops.series_over(over / "db.json")
    assert walk(over, tmp_path / "work", "series-start", "write") >= 4
    done = fresh(over, tmp_path / "done")
    assert ops.run(done, "series-start") == 0
    assert ops.state(done)["current series"] == 7


def changed(base: Path, tmp_path_factory, name: str, change) -> tuple[Path, object]:
    """A copy of the base folder, and what `change(its database)` returned."""
    folder = tmp_path_factory.mktemp(name)
    shutil.copytree(base, folder, dirs_exist_ok=True)
    return folder, change(folder / "db.json")


@pytest.fixture(scope="module")
def legacy(base, tmp_path_factory) -> Path:
    return changed(base, tmp_path_factory, "legacy", ops.make_legacy)[0]


def test_settling_an_older_database_and_conflict_copies_is_one_transaction(legacy, tmp_path):
    # Every write first settles: the old files become this machine's, the copies merge.
    assert walk(legacy, tmp_path / "work", "rename", "write", settling=True) >= 8
    db = fresh(legacy, tmp_path / "done")
    assert ops.run(db, "rename") == 0
    names = sorted(p.name for p in db.with_name("db.archive").glob("*.json"))
    # (and the Series' games, filed this month)
    assert {"2025-12.here.json", "2026-01.here.json", "records.here.json"} <= set(names)
    assert all(n.count(".") == 2 and " " not in n and "conflict" not in n for n in names), names
    seen = ops.state(db)
    assert "eee111" in {m[0] for m in seen["matches"]}
    assert seen["aliases"] == {"Cy": "Cyrus", "Ana": "Anna"}


def test_an_import_into_full_months_files_parts_beside_them(base, tmp_path):
    # What the walks above crash: the import's matches filed in further parts of the
    # months that have a file, and none of those files written again.
    db = fresh(base, tmp_path / "done")
    archive = db.with_name("db.archive")
    before = {p.name: p.stat().st_ino for p in archive.glob("20*.json")}
    assert ops.run(db, "import-part") == 0
    after = {p.name: p.stat().st_ino for p in archive.glob("20*.json")}
    assert {n: after[n] for n in before} == before
    assert {"2025-12.here.2.json", "2026-01.here.2.json"} <= set(after)


def test_a_read_only_archive_folder_changes_nothing(base, tmp_path):
    walk(base, tmp_path / "work", "abandon", "erofs")


@pytest.fixture(scope="module")
def reopened(base, tmp_path_factory) -> tuple[Path, object]:
    return changed(base, tmp_path_factory, "reopened", ops.reopened)


@pytest.mark.parametrize("back", ops.STEPS, ids=["5 s", "1 h", "a day"])
def test_a_match_ended_again_with_the_clock_behind_is_one_transaction(reopened, tmp_path, back):
    # The ending settles the conflict copy holding the first ending and files the
    # correction, stamped after it although its clock says earlier.
    folder, match_id = reopened
    op = f"{ops.BEHIND}{back}"
    assert walk(folder, tmp_path / "work", op, "write", settling=True) >= 4
    db = fresh(folder, tmp_path / "done")
    assert ops.run(db, op) == 0
    row = [m for m in ops.state(db)["matches"] if m[0] == match_id]
    result = {"scores": {"Ana": 12, "Ben": 3}, "winner": "Ana"}  # Ben's 17 corrected to 3
    assert row == [(match_id, "finished", 2, json.dumps(result))]
    assert not (db.with_name("db.archive") / ops.CONFLICT).exists()
    Store(db).put_doc("torture", "next", 1)  # and the next write keeps it
    assert [m for m in ops.state(db)["matches"] if m[0] == match_id] == row


@pytest.fixture(scope="module")
def unmarked(base, tmp_path_factory) -> Path:
    return changed(base, tmp_path_factory, "unmarked", ops.unmarked)[0]


@pytest.mark.parametrize("op", ["finish", "rename"])
def test_marking_the_folders_format_is_part_of_the_first_write(unmarked, tmp_path, op):
    # Updated from a release before the markers: the first write into the archive says the
    # format in this machine's records file, with the change, or neither is written.
    from companion.store.formats import FORMAT

    walk(unmarked, tmp_path / "work", op, "write")
    db = fresh(unmarked, tmp_path / "done")
    records = db.with_name("db.archive") / "records.here.json"
    assert "format" not in json.loads(records.read_text())["_meta"]["1"]
    assert ops.run(db, op) == 0
    assert json.loads(records.read_text())["_meta"]["1"]["format"] == FORMAT


@pytest.mark.parametrize("op", ops.OPERATIONS)
def test_no_operation_writes_into_a_folder_of_a_newer_format(base, tmp_path, op):
    db = fresh(base, tmp_path / "work")
    ops.newer(db)
    before = ops.state(db)
    files = {p.name: p.read_bytes() for p in db.parent.rglob("*.json") if ".index" not in str(p)}
    code, err, _ = fork_run(db, op, ops.COUNT)
    if code == 0:  # it wrote nothing into the archive (a Series game, say: the main file)
        assert all(v == files[k] for k, v in files.items() if "archive" in k), op
        return
    assert code == 2, (op, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "install companion 9.0 or later" in lines[0], (op, err)
    assert ops.state(db) == before, op
    after = {p.name: p.read_bytes() for p in db.parent.rglob("*.json") if ".index" not in str(p)}
    assert after == files, op
