"""Files that never tear, and that are never mistaken for someone else's.

Writes go to a temporary file in the same folder, are fsynced and then
`os.replace`d over the target, so a reader or a crash sees either the old
file or the new one. The previous version is kept as `<file>.bak` (a hard
link, so keeping it costs no copy). A file that is not a companion database
is refused, never overwritten.

Temporary files carry the database's name (`.companion-tmp-<db name>.XXXXXXXX`),
so two databases in one folder never touch each other's; a database removes
only its own, under its lock, and other leftovers only once they are too old
to belong to a running writer.

Every durable step (a temp file written and synced, a backup link made, a
file renamed into place) passes a failpoint (see `companion.store.failpoint`),
so tests can crash a real process at each of them.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.engine.errors import StoreError
from companion.store import failpoint
from companion.store.schema import BadShape, check_main, check_schema, check_shard, stamp

TMP_PREFIX = ".companion-tmp-"
STALE_TEMP_S = 600  # older than any writer holding the lock could be
READ_ONLY = (errno.EROFS, errno.EACCES, errno.EPERM)
_TOKEN = "abcdefghijklmnopqrstuvwxyz0123456789_"
# The temp files of older companions; compiled on first use (re's cache), as a file's own
# below: a write that finds no temp file left compiles neither (1 M instructions).
_LEGACY = re.escape(TMP_PREFIX) + r"(?:[a-z0-9_]{8}|bak-.+)"


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def invalid(path: Path, reason: str) -> StoreError:
    backup = backup_path(path)
    hint = f"the last good backup is {backup}" if backup.exists() else None
    return StoreError(f"{path} is not a valid companion database ({reason})", hint=hint)


def load(path: Path) -> Any:
    """The parsed JSON of `path`, or None when it does not exist; StoreError if unreadable."""
    from companion.store.regular import NotRegular, read

    try:
        raw = read(path)
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise invalid(path, "it is a folder") from None
    except NotRegular as err:
        raise invalid(path, str(err)) from None
    except PermissionError:
        raise StoreError(f"cannot read {path}: permission denied") from None
    except OSError as err:
        raise StoreError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        return json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        reason = "empty file" if not raw.strip() else f"not JSON: {err}"
        raise invalid(path, reason) from None
    except RecursionError:
        raise invalid(path, "not JSON: nested too deeply") from None


def encode(data: dict[str, Any]) -> bytes:
    """The bytes of a database file; text the disk cannot hold as UTF-8 is \\u-escaped."""
    try:
        return json.dumps(stamp(data), ensure_ascii=False, separators=(",", ":")).encode()
    except UnicodeEncodeError:  # a lone surrogate: keep it, escaped
        return json.dumps(stamp(data), separators=(",", ":")).encode()


def fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_failed(path: Path, err: OSError) -> StoreError:
    if err.errno in READ_ONLY or isinstance(err, PermissionError):
        return StoreError(f"cannot write {path}: folder {path.parent} is read-only")
    return StoreError(f"cannot write {path}: {err.strerror or err}")


def temp_file(folder: Path | str, prefix: str) -> tuple[int, str]:
    """A new file `prefix` + 8 characters of `_TOKEN` in `folder`, opened for writing only by
    its owner: `tempfile.mkstemp(prefix=prefix, dir=folder)`, name and flags alike.

    Written here because a tracked move imports nothing else of tempfile nor its `random`
    (together 4.6 M instructions of some 385 M; companion.engine.rng seeds on a draw) for
    the one call every write makes. Tests replace this function to make a write fail."""
    from companion.store.ids import unguessable

    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL
    flags |= getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(100):  # (as many tries as tempfile makes)
        name = os.path.join(folder, prefix + unguessable(_TOKEN, 8))
        try:
            return os.open(name, flags, 0o600), os.path.abspath(name)
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no usable temporary file name found", str(folder))


class Files:
    """The files of one database: atomic and staged writes, its temp files, their cleanup."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.prefix = f"{TMP_PREFIX}{db.name}."
        self._own = re.escape(self.prefix) + r"[a-z0-9_]{8}"
        # Set while the lock is held: raises if the lock file was taken away meanwhile.
        self.guard: Callable[[], None] | None = None

    def own_temp(self, name: str) -> bool:
        return bool(re.fullmatch(self._own, name))

    # --- reading ----------------------------------------------------------------

    def read_main(self) -> dict[str, Any] | None:
        data = load(self.db)
        if data is None:
            return None
        try:
            check_main(data, self.own_temp)
        except BadShape as err:
            raise invalid(self.db, str(err)) from None
        return check_schema(self.db, data)

    def read_shard(self, path: Path) -> dict[str, Any] | None:
        data = load(path)
        if data is None:
            return None
        try:
            check_shard(data)
        except BadShape as err:
            raise invalid(path, str(err)) from None
        return check_schema(path, data)

    # --- writing ----------------------------------------------------------------

    def stage(self, path: Path, data: dict[str, Any]) -> Path:
        """Write `data` to a new temp file beside `path`, synced; returns the temp file.

        Nothing the user sees has changed yet: `install` puts it in place.
        """
        folder = path.parent
        if not folder.is_dir():
            raise StoreError(f"cannot write {path}: folder {folder} does not exist")
        refuse_read_only(path)
        try:
            fd, name = temp_file(folder, self.prefix)
        except OSError as err:
            raise write_failed(path, err) from None
        staged = Path(name)
        try:
            with os.fdopen(fd, "wb") as handle:
                body = encode(data)
                failpoint.point(f"write {staged.name}")
                handle.write(body)
                handle.flush()
                os.fsync(handle.fileno())
            failpoint.after(f"write {staged.name}")
        except BaseException as err:
            with contextlib.suppress(OSError):
                os.unlink(staged)
            if isinstance(err, OSError):
                raise write_failed(path, err) from None
            raise
        return staged

    def install(self, staged: Path, path: Path) -> None:
        """Put a staged file in place of `path`, keeping the old one as `.bak`.

        Idempotent: a staged file that is gone was installed already.
        """
        if not staged.exists():
            return
        self.keep_backup(path)
        if self.guard is not None:
            self.guard()
        failpoint.point(f"rename {path.name}")
        os.replace(staged, path)
        fsync_folder(path.parent)
        failpoint.after(f"rename {path.name}")

    def write(self, path: Path, data: dict[str, Any]) -> None:
        """Replace `path` with `data`, atomically and durably."""
        staged = self.stage(path, data)
        try:
            self.install(staged, path)
        except BaseException as err:
            with contextlib.suppress(OSError):
                os.unlink(staged)
            if isinstance(err, OSError):
                raise write_failed(path, err) from None
            raise

    def remove(self, path: Path) -> None:
        """Delete an archive file a committed change has settled (idempotent)."""
        if not os.path.lexists(path):
            return
        if self.guard is not None:
            self.guard()
        failpoint.point(f"remove {path.name}")
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        fsync_folder(path.parent)
        failpoint.after(f"remove {path.name}")

    def keep_backup(self, path: Path) -> None:
        """Make `<path>.bak` the current `path` (a hard link, staged under a temp name)."""
        try:
            current = path.stat()
        except FileNotFoundError:
            return
        backup = backup_path(path)
        with contextlib.suppress(OSError):
            if os.path.samestat(current, backup.stat()):
                # Already the backup (a write interrupted after making it). Renaming a
                # link over another link to the same file does nothing and would leave
                # the staged link behind.
                return
        staged = self._temp_name(path.parent)
        failpoint.point(f"link {path.name}.bak")
        try:
            os.link(path, staged)
        except OSError as err:
            if err.errno in (errno.ENOSPC, *READ_ONLY):
                raise
            import shutil  # file systems without hard links

            shutil.copy2(path, staged)
        failpoint.after(f"link {path.name}.bak")
        failpoint.point(f"rename {path.name}.bak")
        try:
            os.replace(staged, backup)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(staged)
            raise
        if os.path.lexists(staged):  # the same file after all (see above)
            os.unlink(staged)
        failpoint.after(f"rename {path.name}.bak")

    def _temp_name(self, folder: Path) -> Path:
        while True:
            from companion.store.ids import unguessable

            name = folder / (self.prefix + unguessable(_TOKEN, 8))
            if not name.exists():
                return name

    # --- cleaning up ------------------------------------------------------------

    def cleanup(self, folder: Path) -> int:
        """Remove this database's temp files (call under the lock, after recovery)
        and other companions' leftovers that are too old to be in use."""
        removed = 0
        try:
            entries = list(os.scandir(folder))
        except OSError:
            return 0
        cutoff = time.time() - STALE_TEMP_S
        for entry in entries:
            name = entry.name
            if not name.startswith(TMP_PREFIX):
                continue
            with contextlib.suppress(OSError):
                legacy = re.fullmatch(_LEGACY, name) is not None
                if self.own_temp(name) or (
                    legacy and entry.stat(follow_symlinks=False).st_mtime < cutoff
                ):
                    os.unlink(entry.path)
                    removed += 1
        return removed


def refuse_read_only(path: Path) -> None:
    """A file its owner made read-only is not to be overwritten (root would, silently)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return
    if not mode & 0o222:
        raise StoreError(
            f"{path} is read-only", hint=f"make it writable (chmod u+w {path}) to record again"
        )
