"""A TinyDB storage that never tears a file.

Writes go to a temporary file in the same folder, are fsynced and then
`os.replace`d over the database, so a reader or a crash sees either the old
file or the new one. The previous version is kept as `<file>.bak` (a hard
link, so keeping it costs no copy). A file that is not a companion database
is refused, never overwritten.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from companion.engine.errors import StoreError
from companion.store.schema import check_schema, stamp

TMP_PREFIX = ".companion-tmp-"


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def invalid(path: Path, reason: str) -> StoreError:
    backup = backup_path(path)
    hint = f"the last good backup is {backup}" if backup.exists() else None
    return StoreError(f"{path} is not a valid companion database ({reason})", hint=hint)


def read_json(path: Path) -> dict[str, Any] | None:
    """The database's tables, or None when the file does not exist yet."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise invalid(path, "it is a folder") from None
    except PermissionError:
        raise StoreError(f"cannot read {path}: permission denied") from None
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        reason = "empty file" if not raw.strip() else f"not JSON: {err}"
        raise invalid(path, reason) from None
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        raise invalid(path, "not a set of TinyDB tables")
    return check_schema(path, data)


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Replace `path` with `data`, atomically and durably."""
    folder = path.parent
    if not folder.is_dir():
        raise StoreError(f"cannot write {path}: folder {folder} does not exist")
    try:
        fd, tmp = tempfile.mkstemp(prefix=TMP_PREFIX, dir=folder)
    except PermissionError:
        raise StoreError(f"cannot write {path}: folder {folder} is read-only") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(stamp(data), ensure_ascii=False, separators=(",", ":")))
            handle.flush()
            os.fsync(handle.fileno())
        keep_backup(path)
        os.replace(tmp, path)
    except BaseException as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(err, OSError):
            raise StoreError(f"cannot write {path}: {err.strerror or err}") from None
        raise
    fsync_folder(folder)


def keep_backup(path: Path) -> None:
    if not path.exists():
        return
    backup = backup_path(path)
    staged = path.with_name(f"{TMP_PREFIX}bak-{path.name}")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(staged)
    try:
        os.link(path, staged)
    except OSError:  # file systems without hard links
        import shutil

        shutil.copy2(path, staged)
    os.replace(staged, backup)


def fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_stale_temps(folder: Path) -> int:
    """Delete temp files left by an interrupted write. Call under the lock."""
    removed = 0
    if not folder.is_dir():
        return 0
    for leftover in folder.glob(f"{TMP_PREFIX}*"):
        with contextlib.suppress(OSError):
            leftover.unlink()
            removed += 1
    return removed


class AtomicJSONStorage(Storage):
    """TinyDB storage: atomic replace on write, schema check on read."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    def read(self) -> dict[str, Any] | None:
        return read_json(self.path)

    def write(self, data: dict[str, Any]) -> None:
        write_json(self.path, data)

    def close(self) -> None:
        pass
