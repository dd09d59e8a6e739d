"""Matches as event logs, kept so that recording stays fast and nothing is lost.

Layout: the database file (`--db`) holds the live matches, series and the
table's catalogues — small, so rewriting it on every event is cheap. Finished
and abandoned matches move to monthly archive files in `<name>.archive/`
beside it, so the size of the archive never slows recording. Every
read-modify-write runs under one inter-process lock (`<file>.lock`).

A change that touches more than one file (finishing, abandoning, reopening,
deleting or importing matches) is one transaction that a crash cannot leave
half done. The new archive files are first written in full under temporary
names; then one write of the main file both makes the change and records, in
its journal, which temporary file becomes which archive file (the commit);
then the files are renamed into place and the journal cleared. Before a
crash the commit, nothing the user can see has changed; after it, the next
command finishes the renames before it does anything else, and meanwhile
readers already read the renamed-to-be files. The main file also keeps a
manifest of the archive files with how many matches each holds, so a file
that goes missing or shrinks is reported rather than silently forgotten.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from companion.engine.errors import StoreError
from companion.store.atomic import Files, backup_path, refuse_read_only
from companion.store.change import Change
from companion.store.documents import Buffered, Documents, single_doc
from companion.store.ids import now
from companion.store.journal import Journal
from companion.store.layout import JOURNAL
from companion.store.live import LiveMatches
from companion.store.lock import Lock
from companion.store.machines import classify
from companion.store.matches import Matches
from companion.store.view import View

if TYPE_CHECKING:
    from tinydb import TinyDB

LOCK_TIMEOUT_S = 30


class Store(Journal, LiveMatches, Matches, Documents):
    """The companion's database at `path` (created on first write).

    The path is resolved once (symlinks followed), so a linked database is
    written where it really is and its archive and backups sit beside it.
    """

    def __init__(
        self,
        path: Path | str,
        create_folder: bool = False,
        warn: Callable[[str], None] | None = None,
        clock: Callable[[], str] | None = None,
    ) -> None:
        """`create_folder` is for the default location only: a folder the user
        named and that does not exist is a typo to report, not to create.
        `warn` receives one line per problem found while reading (default: stderr).
        `clock`: the time a match starts, each move and its end are stamped with (ISO 8601
        UTC; default: now) — a test plays a game of known minutes without waiting."""
        self.now = clock or now
        self.given = Path(path)
        self.path = Path(os.path.realpath(self.given))
        self.archive_dir = self.path.with_name(self.path.stem + ".archive")
        self.create_folder = create_folder
        self.files = Files(self.path)
        self._warn = warn
        self._warned: set[str] = set()
        self._held: list[str] | None = None  # warnings met inside the open change
        self._lock: Lock | None = None
        # One thread at a time holds the lock through this Store (a server's threads share
        # one): the file's lock is re-entrant for its holder only, never for a neighbour.
        self._threads = threading.RLock()
        self._machine: str | None = None
        self._owner_checked = False
        self.accepting: set[str] = set()  # files whose loss is being accepted (shrunk.py)

    @property
    def machine(self) -> str:
        """The id of the machine writing (companion.store.machines), asked when first needed."""
        if self._machine is None:
            from companion.store.machines import machine_id

            self._machine = machine_id()
        return self._machine

    def check_folder(self) -> None:
        folder = self.path.parent
        if folder.is_dir():
            return
        if self.create_folder:
            try:
                folder.mkdir(parents=True, exist_ok=True)
                return
            except OSError as err:
                raise StoreError(f"cannot create {folder}: {err.strerror or err}") from None
        raise StoreError(f"cannot use {self.path}: folder {folder} does not exist")

    # --- messages -----------------------------------------------------------

    def warn(self, message: str) -> None:
        """One `warning:` line per problem, however often it is met."""
        if message in self._warned:
            return
        self._warned.add(message)
        if self._held is not None:  # inside a change: said once it is known to go ahead
            self._held.append(message)
            return
        self._say(message)

    def warned(self) -> int:
        """How many distinct warnings this store met so far (a reader keeps an answer
        only when making it met none: a kept answer would not say them again)."""
        return len(self._warned)

    def _say(self, message: str) -> None:
        if self._warn is not None:
            self._warn(message)
            return
        from companion.engine.text import safe

        sys.stderr.write(f"warning: {safe(message)}\n")
        sys.stderr.flush()

    def notice(self, message: str) -> None:
        from companion.engine.text import safe

        sys.stderr.write(safe(message) + "\n")
        sys.stderr.flush()

    def missing_shard(self, name: str, count: int) -> str:
        path = self.shard_path(name)
        return f"archive file {path} is missing ({count} matches){self._restore(path)}"

    def unreadable_shard(self, name: str, err: Exception) -> str:
        path = self.shard_path(name)
        return f"skipped {path}: {err}{self._restore(path)}"

    def _restore(self, path: Path) -> str:
        backup = backup_path(path)
        if backup.exists():
            return f"; restore it from {backup} (cp {backup} {path})"
        return "; no backup of it was found"

    # --- transactions -----------------------------------------------------

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the database's lock (re-entrant within one Store, for one thread)."""
        with self._threads:
            if self._lock is not None:
                yield
                return
            with self._file_locked():
                yield

    @contextmanager
    def _file_locked(self) -> Iterator[None]:
        self.check_folder()
        lock = Lock(self.path, timeout=LOCK_TIMEOUT_S, waiting=self.notice)
        lock.acquire()
        self._lock = lock
        self.files.guard = lock.check
        try:
            refuse_read_only(self.path)
            yield
        finally:
            self.files.guard = None
            self._lock = None
            lock.release()

    @contextmanager
    def change(self) -> Iterator[Change]:
        """Lock, finish any interrupted change, yield a Change, then commit it.

        An exception inside the block writes nothing.
        """
        with self._threads, self._change_held() as txn:
            yield txn

    @contextmanager
    def _change_held(self) -> Iterator[Change]:
        if self._held is not None:  # nested: the outer change holds the warnings
            with self._change() as txn:
                yield txn
            return
        self._held = []
        try:
            with self._change() as txn:
                yield txn
        except StoreError as err:
            short_file = getattr(err, "path", None)  # a shrunk.Short refusal
            if short_file is None:
                raise
            # The refusal is the one line: it names the short file and how to restore it,
            # so a warning about that same file is not said before it.
            held, self._held = self._held, None
            for message in held:
                if str(short_file) not in message:
                    self._say(message)
            raise
        finally:
            held, self._held = self._held or [], None
            for message in held:
                self._say(message)

    @contextmanager
    def _change(self) -> Iterator[Change]:
        with self._locked():
            data = self._recover()
            self.files.cleanup(self.path.parent)
            if self.archive_dir.is_dir():
                self.files.cleanup(self.archive_dir)
                from companion.store.cache import clean_index

                clean_index(self)
            txn = Change(self, data)
            try:
                yield txn
            except BaseException:
                txn.discard_staged()
                raise
            self._commit(txn)

    @contextmanager
    def transaction(self) -> Iterator[TinyDB]:
        """Lock, read the main file, yield it, write it if changed.

        An exception inside the block writes nothing.
        """
        with self.change() as txn:
            yield txn.db

    def shard_path(self, name: str) -> Path:
        """The file of an archive file's name (a shard, records, or a conflict copy)."""
        if classify(name, Path()) is None:
            raise ValueError(f"not an archive file name: {name!r}")
        return self.archive_dir / f"{name}.json"

    # --- reading ------------------------------------------------------------

    def view(self) -> View:
        """One read of the main file (no lock: files are replaced whole).

        If a change was interrupted, this finishes it when the lock is free,
        and otherwise reads the archive as the change left it.
        """
        if not self.create_folder:
            self.check_folder()
        data = self.files.read_main() or {}
        self._check_owner(data)
        journal = single_doc(data, JOURNAL)
        if journal is not None and self._lock is None:
            with suppress(StoreError, OSError):
                self._recover_now()
                data = self.files.read_main() or {}
                journal = single_doc(data, JOURNAL)
        pending = {}
        if journal is not None:
            pending = {name: self.archive_dir / temp for name, temp in journal["shards"].items()}
        return View(self, data, pending)

    def snapshot(self) -> TinyDB:
        """A read-only view of the main file (no lock: files are replaced whole)."""
        from tinydb import TinyDB

        return TinyDB(self.view().data, storage=Buffered)
