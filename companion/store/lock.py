"""The inter-process lock of one database: `<file>.lock`, kept for good.

A writer holds an exclusive `flock` on the lock file for the whole of its
read-modify-write. The lock file is never deleted (deleting a lock file that
someone holds is how two writers get in at once); if someone else deletes or
replaces it anyway, the holder notices before it writes (`check`) and the
newcomer locks the file that is really on disk, so two writers never both
believe they hold it.

The holder writes its pid into the file, so a writer that has to wait can
say whom it is waiting for.
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from collections.abc import Callable
from pathlib import Path

from companion.engine.errors import StoreError
from companion.store import failpoint

TIMEOUT_S = 30.0
ANNOUNCE_AFTER_S = 1.0
POLL_S = 0.02

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def _same_file(fd: int, path: Path) -> bool:
    try:
        on_disk = os.stat(path)
    except OSError:
        return False
    held = os.fstat(fd)
    return (on_disk.st_dev, on_disk.st_ino) == (held.st_dev, held.st_ino)


def holder(path: Path) -> str | None:
    """The pid written in the lock file by whoever holds it, if any."""
    with contextlib.suppress(OSError, ValueError):
        text = path.read_text(encoding="ascii").strip()
        if text.isdigit():
            return text
    return None


class Lock:
    """An exclusive lock on `db` (through `<db>.lock`)."""

    def __init__(
        self,
        db: Path,
        timeout: float = TIMEOUT_S,
        waiting: Callable[[str], None] | None = None,
    ) -> None:
        self.db = db
        self.path = db.with_name(db.name + ".lock")
        self.timeout = timeout
        self.waiting = waiting
        self.fd: int | None = None
        self._fallback = None

    def _open(self) -> int:
        failpoint.lock_point()
        try:
            return os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except PermissionError:
            # A lock file we may not write (but may lock) in a folder we may write.
            with contextlib.suppress(OSError):
                fd = os.open(self.path, os.O_RDONLY)
                if os.access(self.db.parent, os.W_OK):
                    return fd
                os.close(fd)
            raise

    def acquire(self) -> None:
        if fcntl is None:  # pragma: no cover - Windows
            self._acquire_portable()
            return
        started = time.monotonic()
        announced = False
        while True:
            try:
                fd = self._open()
            except OSError as err:
                raise self._cannot(err) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as err:
                os.close(fd)
                if err.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    raise self._cannot(err) from None
                waited = time.monotonic() - started
                if waited >= self.timeout:
                    raise self._timed_out() from None
                if not announced and waited >= ANNOUNCE_AFTER_S and self.waiting is not None:
                    pid = holder(self.path)
                    self.waiting(
                        f"waiting for another companion (pid {pid})…"
                        if pid
                        else "waiting for another companion…"
                    )
                    announced = True
                time.sleep(POLL_S)
                continue
            if not _same_file(fd, self.path):
                # Deleted or replaced while we waited: lock the one on disk instead.
                os.close(fd)
                continue
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
                os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
            self.fd = fd
            return

    def check(self) -> None:
        """Raise if the lock file on disk is no longer the one this process holds."""
        if self.fd is not None and not _same_file(self.fd, self.path):
            raise StoreError(
                f"the lock file {self.path} was removed while this command held it; "
                "nothing more was written",
                hint="run the command again (and leave .lock files in place)",
            )

    def release(self) -> None:
        if self._fallback is not None:  # pragma: no cover - Windows
            self._fallback.release()
            self._fallback = None
            return
        if self.fd is None:
            return
        fd, self.fd = self.fd, None
        with contextlib.suppress(OSError):
            if _same_file(fd, self.path):
                os.ftruncate(fd, 0)
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)

    def _cannot(self, err: OSError) -> StoreError:
        if err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return StoreError(
                f"cannot write {self.db}: folder {self.db.parent} is read-only",
                hint="use a database in a folder you can write (--db PATH)",
            )
        return StoreError(f"cannot lock {self.db}: {err.strerror or err}")

    def _timed_out(self) -> StoreError:
        pid = holder(self.path)
        who = f"another companion (pid {pid})" if pid else "another companion"
        stop = f"kill {pid}" if pid else "stop it"
        return StoreError(
            f"{self.db} is still locked by {who} after {self.timeout:.0f} s",
            hint=f"wait for it to finish and run the command again, or {stop} if it is stuck",
        )

    def _acquire_portable(self) -> None:  # pragma: no cover - Windows
        from filelock import FileLock, Timeout

        lock = FileLock(str(self.path), timeout=self.timeout)
        try:
            lock.acquire()
        except Timeout:
            raise self._timed_out() from None
        except OSError as err:
            raise self._cannot(err) from None
        self._fallback = lock
