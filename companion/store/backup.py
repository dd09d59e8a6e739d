"""One consistent copy of a database, and putting one back.

A database is more than one file: the main file (live matches, series,
catalogues) and every archive file in `<name>.archive/` (finished matches and
records, of every machine sharing the folder). `take` copies all of them,
under the lock and after finishing any interrupted change, into one JSON
file; `restore` checks a backup whole before anything is written and then puts
it back as one store transaction (`Store.change()`), so a crash leaves the
database as it was or as the backup has it, never a mix.

In a folder shared with other machines, restore writes this machine's files
(and the main file, which is this machine's own) and only those of another
machine's files that are missing here: another machine's file that is here is
that machine's to write, and is newer than any backup of it.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

from companion.engine.errors import BadInput, StoreError
from companion.store import atomic
from companion.store.atomic import encode, fsync_folder, load, write_failed
from companion.store.ids import now
from companion.store.layout import JOURNAL
from companion.store.machines import classify
from companion.store.records import RECORDS
from companion.store.records import problem as record_problem
from companion.store.schema import BadShape, check_main, check_schema, check_shard
from companion.store.store import Store
from companion.store.view import View

FORMAT = "companion-backup"
VERSION = 1


def take(store: Store, target: Path | None = None) -> dict[str, Any]:
    """Write a backup of the whole database to `target` (by default a new dated file in the
    database's folder, see `dated`); what it holds."""
    target = dated(store) if target is None else Path(target).expanduser()
    _check_target(store, target)
    if read_only_mount(store.path.parent):
        # A backup only reads. Nothing can write a read-only mount (nor take its lock file),
        # so one read without the lock is one consistent copy: a change a crash left half
        # done is read as it would be finished (`Store.view`).
        body = _body(store, store.view())
    else:
        with store.change() as txn:  # the lock held, interrupted changes finished first
            body = _body(store, View(store, txn.main))
    _write(target, body)
    return {"path": str(target), **counts(body)}


def read_only_mount(folder: Path) -> bool:
    """Whether `folder` is on a file system mounted read-only."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (AttributeError, OSError):  # no statvfs (Windows): as a writable one
        return False


def _body(store: Store, view: View) -> dict[str, Any]:
    """The backup of the database `view` reads."""
    main = {k: v for k, v in view.data.items() if k != JOURNAL}
    archive: dict[str, Any] = {}
    for file in view.files():
        tables = load(file.path)
        if tables is not None:
            archive[file.name] = tables
    return {
        "format": FORMAT,
        "version": VERSION,
        "taken": now(),
        "machine": store.machine,
        "database": store.path.name,
        "main": main,
        "archive": dict(sorted(archive.items())),
    }


def dated(store: Store) -> Path:
    """A new file beside the database named after this minute (local time, as the table reads
    it): `companion-backup-2026-01-05-2130.json`, or `...-2130-2.json` when that one exists,
    so a second backup in the same minute never replaces the first."""
    from datetime import datetime

    when = datetime.fromisoformat(now()).astimezone().strftime("%Y-%m-%d-%H%M")
    folder = store.path.parent
    target, n = folder / f"{FORMAT}-{when}.json", 1
    while target.exists():
        n += 1
        target = folder / f"{FORMAT}-{when}-{n}.json"
    return target


def _check_target(store: Store, target: Path) -> None:
    folder = target.parent
    if not folder.is_dir():
        raise BadInput(f"cannot write {target}: folder {folder} does not exist")
    if target.is_dir():
        raise BadInput(f"{target} is a folder: name the backup file")
    real = Path(os.path.realpath(target))
    if real == store.path or store.archive_dir in real.parents:
        raise BadInput(f"{target} is part of the database: keep the backup somewhere else")
    if target.exists() and not target.is_file():
        from companion.store.regular import NotRegular, check

        try:
            check(target)
        except NotRegular as err:
            raise BadInput(f"cannot write {target}: {err}") from None
    if target.exists():
        try:
            existing = load(target)
        except StoreError:
            existing = None
        if not (isinstance(existing, dict) and existing.get("format") == FORMAT):
            raise BadInput(f"{target} exists and is not a companion backup: not overwritten")


def _write(target: Path, body: dict[str, Any]) -> None:
    data = encode(body)
    try:
        fd, name = atomic.temp_file(target.parent, f".{target.name}.")
    except OSError as err:
        raise write_failed(target, err) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(name, target)
        fsync_folder(target.parent)
    except BaseException as err:
        with contextlib.suppress(OSError):
            os.unlink(name)
        if isinstance(err, OSError):
            raise write_failed(target, err) from None
        raise


def counts(body: dict[str, Any]) -> dict[str, int]:
    ids: set[str] = set()
    for tables in body["archive"].values():
        for match in (tables.get("matches") or {}).values():
            if isinstance(match, dict) and isinstance(match.get("id"), str):
                ids.add(match["id"])
    live = body["main"].get("live") or {}
    return {"matches": len(ids), "live": len(live), "files": len(body["archive"]) + 1}


# --- restoring ------------------------------------------------------------------


def read(source: Path) -> dict[str, Any]:
    """A backup file, checked whole; BadInput (one line) if it is not a good one."""
    source = Path(source).expanduser()
    if not source.is_file():
        raise BadInput(f"no backup file {source}")
    try:
        body = load(source)
    except StoreError:
        raise BadInput(f"{source} is not a companion backup (not JSON)") from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        if isinstance(body, dict) and body.get("format") == "companion-history":
            raise BadInput(
                f"{source} is a history export, not a backup",
                hint=f"add its matches with 'companion history import {source}'",
            )
        raise BadInput(f"{source} is not a companion backup (no backup marker)")
    version = body.get("version")
    if type(version) is not int or version < 1:
        raise BadInput(f"{source} is not a companion backup (no version)")
    if version > VERSION:
        raise BadInput(
            f"{source} was written by a newer companion (backup version {version})",
            hint="upgrade companion",
        )
    main, archive = body.get("main"), body.get("archive")
    try:
        check_main(main, lambda name: False)  # a journal in a backup is refused
        check_schema(source, main)  # type: ignore[arg-type]
        if not isinstance(archive, dict):
            raise BadShape("no archive files")
        for name, tables in archive.items():
            _check_file(name, tables)
            check_schema(source, tables)
    except BadShape as err:
        raise BadInput(f"{source} is not a valid companion backup ({err})") from None
    except StoreError as err:  # a newer schema
        raise BadInput(str(err), hint=err.hint) from None
    return body


def _check_file(name: Any, tables: Any) -> None:
    file = classify(name, Path()) if isinstance(name, str) else None
    if file is None:
        raise BadShape(f"{name!r} is not an archive file name")
    if file.kind == "shard":
        check_shard(tables)
        return
    rows = tables.get(RECORDS) if isinstance(tables, dict) else None
    if not isinstance(rows, dict) or set(tables) - {RECORDS, "_meta"}:
        raise BadShape(f"{name} is not a file of records")
    for key, record in rows.items():
        why = record_problem(record)
        if why is not None:
            raise BadShape(f"record {key} of {name} {why}")


def restore(store: Store, source: Path) -> dict[str, Any]:
    """Put a backup back in place of the database (one transaction); what it holds."""
    body = read(source)
    main = {k: v for k, v in body["main"].items() if k != JOURNAL}
    with store.change() as txn:
        mine = store.machine
        here = {f.name: f for f in View(store, txn.main).files()}
        kept: set[str] = set()
        for name, tables in body["archive"].items():
            file = classify(name, Path())
            assert file is not None
            theirs = file.machine not in (None, mine)
            if theirs and name in here:
                continue  # another machine's file: theirs to write, and newer than this
            key = RECORDS if file.kind == "records" else "matches"
            txn.shards[name] = {key: dict(tables.get(key) or {})}
            txn.dirty.add(name)
            kept.add(name)
        for name, file in here.items():
            if name not in kept and (file.machine in (None, mine)) and name not in body["archive"]:
                txn.drop.add(name)
        txn.db.storage.write(main)  # type: ignore[attr-defined]
    return {"path": str(Path(source).expanduser()), **counts(body)}
