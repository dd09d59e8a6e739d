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
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from tinydb import Query, TinyDB
from tinydb.storages import MemoryStorage

from companion.engine.errors import (
    AlreadyLive,
    BadInput,
    NoLiveMatch,
    NothingToUndo,
    RuleViolation,
    StoreError,
    UnknownName,
)
from companion.store.atomic import Files, backup_path, refuse_read_only
from companion.store.clock import next_stamp
from companion.store.lock import Lock
from companion.store.machines import (
    SHARD_FILE,
    ArchiveFile,
    archive_files,
    classify,
    writable,
)
from companion.store.order import note_recorded
from companion.store.schema import JOURNAL, LIVE, MANIFEST, BadShape, check_main, stamp
from companion.store.validate import describe, match_problem, shard_name

OWNER = "_machine"  # the main file's table naming the machine that wrote it last
ID_ALPHABET = "bcdfghjkmnpqrstvwxz23456789"
ID_LENGTH = 6
LOCK_TIMEOUT_S = 30

Match = dict[str, Any]
T = TypeVar("T")


def now() -> str:
    """The wall clock (one source, companion.store.clock.wall, so tests can step it)."""
    from companion.store import clock

    return clock.wall()


def new_id() -> str:
    import secrets  # only when a name is made: hmac and hashlib cost every read

    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


class _Buffered(MemoryStorage):
    """Holds one file's tables in memory for the length of a transaction."""

    def __init__(self, data: dict[str, Any] | None) -> None:
        super().__init__()
        self.memory = data
        self.dirty = False

    def write(self, data: dict[str, Any]) -> None:
        super().write(data)
        self.dirty = True


def _docs(data: dict[str, Any] | None, table: str) -> dict[str, Any]:
    """A key/value table of the main file as a dict (documents of another shape left out)."""
    docs = (data or {}).get(table) or {}
    return {
        d["key"]: d["value"]
        for d in docs.values()
        if isinstance(d, dict) and isinstance(d.get("key"), str) and "value" in d
    }


def _one(data: dict[str, Any] | None, table: str) -> dict[str, Any] | None:
    """The single document of a bookkeeping table (`_journal`, `_shards`), if any."""
    docs = (data or {}).get(table) or {}
    return next(iter(docs.values()), None)


class Change:
    """One transaction: the main file (as TinyDB) and the archive files it touches.

    `with store.change() as txn:` — read and change documents (`txn.db`, `get_doc`,
    `put_doc`), file and unfile matches (`archive`, `unarchive`); on leaving the
    block everything is committed at once, or (on an exception) nothing is.
    """

    def __init__(self, store: Store, data: dict[str, Any] | None) -> None:
        self.store = store
        self.db = TinyDB(data, storage=_Buffered)
        self.shards: dict[str, dict[str, Any]] = {}
        self.ids: dict[str, dict[Any, str]] = {}
        self.dirty: set[str] = set()
        self.on_staged: Callable[[str], None] | None = None  # after each archive file is staged
        # Archive files already written out by `release` (name -> temp file) and how many
        # matches each holds (for the manifest).
        self.staged: dict[str, Path] = {}
        self.released: dict[str, int] = {}
        self.notes: list[dict[str, Any]] = []  # records to append (companion.store.records)
        self.drop: set[str] = set()  # archive files to remove once committed (settled copies)
        self._dead: set[tuple[str, str | None]] | None = None
        self._stamp: Any = None  # the newest record stamp (see `newest`)

    def matches(self, shard: str) -> dict[str, Any]:
        """The `matches` table of an archive file ({doc id: match}), read on first use."""
        if shard not in self.shards:
            if not SHARD_FILE.fullmatch(shard):
                raise ValueError(f"not an archive file name: {shard!r}")
            # Released earlier in this change: its staged version is the current one.
            source = self.staged.get(shard) or self.store.shard_path(shard)
            found = self.store.files.read_shard(source)
            tables = found or {}
            tables.setdefault("matches", {})
            if shard not in self.staged:
                from companion.store.shrunk import check_base

                check_base(self, shard, len(tables["matches"]), found is not None)
            self.shards[shard] = tables
            self.ids[shard] = {
                doc["id"]: key
                for key, doc in tables["matches"].items()
                if isinstance(doc, dict) and isinstance(doc.get("id"), str)
            }
        return self.shards[shard]["matches"]

    def own(self, shard: str) -> str:
        """This machine's file for a month (`YYYY-MM` -> `YYYY-MM.<machine>`)."""
        found = SHARD_FILE.fullmatch(shard)
        if found is None or found["machine"] is not None:
            return shard
        return f"{found['month']}.{self.store.machine}"

    def held(self, shard: str, match_id: str) -> Match | None:
        table = self.matches(shard)
        key = self.ids[shard].get(match_id)
        return table.get(key) if key is not None else None

    def note(self, record: dict[str, Any]) -> None:
        """Append a record (a rename, an amendment, a deletion) to this machine's records."""
        name = f"records.{self.store.machine}"
        table = self._records(name)
        seq = max((r.get("seq", 0) for r in table.values() if isinstance(r, dict)), default=0)
        at, tick = self._stamp = next_stamp(self.newest())
        record = {**record, "machine": self.store.machine, "seq": seq + 1, "at": at, "tick": tick}
        table[str(len(table) + 1)] = record
        self.notes.append(record)
        self.dirty.add(name)
        if record["type"] == "delete":
            self.dead().add((record["id"], record.get("finished")))

    def newest(self) -> Any:
        """The latest stamp of every record read and written in this change: a record
        noted now goes after it, whatever the wall clock says (companion.store.clock)."""
        if self._stamp is None:
            self._stamp = self.folded().newest
        return self._stamp

    def adopt(self, name: str, record: dict[str, Any]) -> None:
        """Keep a record read from a conflict copy of this machine's records, once."""
        table = self._records(name)
        if all(r.get("rid") != record["rid"] for r in table.values() if isinstance(r, dict)):
            table[str(len(table) + 1)] = record
            self.dirty.add(name)

    def _records(self, name: str) -> dict[str, Any]:
        from companion.store.records import RECORDS

        if name not in self.shards:
            from companion.store.atomic import load

            data = load(self.store.shard_path(name))
            table = data.get(RECORDS) if isinstance(data, dict) else None
            table = {
                str(n): r for n, r in enumerate((table or {}).values(), 1) if isinstance(r, dict)
            }
            from companion.store.shrunk import check_base

            check_base(self, name, len(table), data is not None)
            self.shards[name] = {RECORDS: table}
        return self.shards[name][RECORDS]

    def folded(self) -> Any:
        """Every machine's records as of now (companion.store.records.Folded)."""
        return View(self.store, self.main).folded()

    def dead(self) -> set[tuple[str, str | None]]:
        """The finishings that records delete (as of this transaction)."""
        if self._dead is None:
            self._dead = set(self.folded().dead)
        return self._dead

    def put(self, shard: str, match: Match) -> None:
        """Add `match` to an archive file (a bare month: this machine's file of that
        month), replacing any match there with its id."""
        shard = self.own(shard)
        key_dead = (match["id"], match.get("finished"))
        if key_dead in self.dead():
            from companion.store.records import new

            self.dead().discard(key_dead)
            self.note(new("revive", id=match["id"], finished=match.get("finished")))
        table = self.matches(shard)
        ids = self.ids[shard]
        key = ids.get(match["id"])
        if key is None:
            key = str(max((int(k) for k in table if k.isdigit()), default=0) + 1)
            ids[match["id"]] = key
        table[key] = match
        self.dirty.add(shard)

    def remove(self, shard: str, match_id: str) -> Match | None:
        """Take a match out of an archive file; returns it (None if it was not there)."""
        table = self.matches(shard)
        key = self.ids[shard].pop(match_id, None)
        if key is None:
            return None
        self.dirty.add(shard)
        return table.pop(key)

    def release(self, shard: str) -> None:
        """Write this archive file's new version out now (staged, not yet in place) and
        let go of it: a change over many files then holds one at a time (an import).
        Touched again, it is read back from the staged file."""
        if shard not in self.dirty:
            self.shards.pop(shard, None)
            self.ids.pop(shard, None)
            return
        matches = self.shards[shard]["matches"]
        old = self.staged.get(shard)
        self.store.make_archive_folder()
        self.staged[shard] = self.store.files.stage(
            self.store.shard_path(shard), self.shards[shard]
        )
        if old is not None:
            with suppress(OSError):
                old.unlink()
        # Its index now, while its matches are in hand: renamed into place at the commit,
        # the file keeps the signature the index records (if the change is dropped, the
        # index no longer matches any file and is rebuilt when next read).
        from companion.store.archive import index_staged

        index_staged(self.store, shard, self.staged[shard], matches)
        self.released[shard] = len(matches)
        if self.on_staged is not None:
            self.on_staged(shard)
        self.dirty.discard(shard)
        del self.shards[shard], self.ids[shard]

    def discard_staged(self) -> None:
        for path in self.staged.values():
            with suppress(OSError):
                path.unlink()
        self.staged.clear()

    # --- what the table layer composes into one transaction ----------------

    def archive(self, match: Match) -> Match:
        """File a complete match in its month's archive file (as `Store.archive_match`)."""
        stamped = {"updated": now(), **match}
        stamped.setdefault("finished", now())
        try:
            shard = shard_name(stamped["finished"])
        except ValueError:
            raise BadInput(f"match {match.get('id')}: 'finished' is not a date") from None
        self.put(shard, stamped)
        note_recorded(self.db, [stamped["id"]])
        return stamped

    def unused_id(self) -> str:
        """A fresh match id no match holds: live, archived by any machine (unreadable ones
        too), filed earlier in this change, or deleted (readers merge every machine's copies
        by id, and another machine's file may still hold the deleted match).

        Asked inside the change, under its lock: no other companion can file a match with
        the id between this check and the commit.
        """
        from companion.store.index import id_index

        taken = set(id_index(self.store))  # as on disk: nobody else writes while we hold it
        taken.update(m.get("id") for m in self.db.table(LIVE).all())
        for ids in self.ids.values():
            taken.update(ids)
        taken.update(match_id for match_id, _ in self.dead())
        while True:
            candidate = new_id()
            if candidate not in taken:
                return candidate

    def unarchive(self, match_id: str) -> Match | None:
        """Take an archived match out of history; None if it is not there."""
        from companion.store.archive import withdraw

        return withdraw(self, match_id)

    def get_doc(self, table: str, key: str, default: Any = None) -> Any:
        found = self.db.table(table).get(Query().key == key)
        return found["value"] if found is not None else default

    def put_doc(self, table: str, key: str, value: Any) -> None:
        self.db.table(table).upsert({"key": key, "value": value}, Query().key == key)

    @property
    def main(self) -> dict[str, Any]:
        buffered: _Buffered = self.db.storage  # type: ignore[assignment]
        return buffered.memory or {}

    @property
    def main_dirty(self) -> bool:
        buffered: _Buffered = self.db.storage  # type: ignore[assignment]
        return buffered.dirty


@dataclass
class View:
    """One read of the main file, and where each archive file is to be read from."""

    store: Store
    data: dict[str, Any]
    pending: dict[str, Path] = field(default_factory=dict)  # shard -> its staged file
    _files: list[ArchiveFile] | None = None
    _folded: Any = None

    @property
    def live(self) -> list[Match]:
        return [dict(m) for m in (self.data.get(LIVE) or {}).values() if "finishing" not in m]

    @property
    def finishing(self) -> list[Match]:
        """Matches an older companion was moving to the archive when it stopped."""
        docs = (self.data.get(LIVE) or {}).values()
        return [dict(m["finishing"]) for m in docs if "finishing" in m]

    @property
    def counts(self) -> dict[str, int]:
        doc = _one(self.data, MANIFEST)
        return dict(doc["counts"]) if doc else {}

    def files(self) -> list[ArchiveFile]:
        """Every machine's archive files (shards and records, conflict copies too), each
        read from its staged file while a committed change is being filed; warns about
        this machine's files that are missing."""
        if self._files is not None:
            return self._files
        store = self.store
        listed = {f.name: f for f in archive_files(store.archive_dir)}
        for name, staged in self.pending.items():
            if staged.exists():
                found = classify(name, staged)
                if found is not None:
                    listed[name] = found
        for name, count in sorted(self.counts.items()):
            if name not in listed and count:
                store.warn(store.missing_shard(name, count))
        self._files = sorted(listed.values(), key=lambda f: f.name)
        return self._files

    def shards(self) -> list[tuple[str, Path]]:
        """(name, file to read) of every shard of every machine, by name (so by month)."""
        return [(f.name, f.path) for f in self.files() if f.kind == "shard"]

    def folded(self) -> Any:
        """Every machine's records folded (companion.store.records.Folded), over the
        aliases and amendments a main file held before there were records."""
        if self._folded is None:
            from companion.store import records
            from companion.store.merge import LEGACY_ALIASES, LEGACY_AMENDMENTS

            found = []
            for f in self.files():
                if f.kind == "records":
                    held = records.read(f, self.store.warn)
                    found.extend(held)
                    self._check_records(f, len(held))
            self._folded = records.fold(
                records.ordered(found),
                _docs(self.data, LEGACY_ALIASES),
                _docs(self.data, LEGACY_AMENDMENTS),
            )
        return self._folded

    def _check_records(self, file: ArchiveFile, held: int) -> None:
        """Warn about this machine's records file holding fewer than it wrote."""
        store = self.store
        expected = self.counts.get(file.name)
        if file.copy or not expected or held >= expected or file.machine != store.machine:
            return
        from companion.store.shrunk import short

        if file.path.exists():
            store.warn(short(store, file.name, held, expected, True) + store._restore(file.path))


class Store:
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
        """Hold the database's lock (re-entrant within one Store)."""
        if self._lock is not None:
            yield
            return
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
                from companion.store.archive import clean_index

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

    def _check(self, main: dict[str, Any]) -> None:
        """Never write a main file that the next command would refuse to read."""
        try:
            check_main(stamp(main), self.files.own_temp)
        except BadShape as err:
            raise StoreError(f"refusing to write {self.path}: {err}") from None

    def make_archive_folder(self) -> None:
        try:
            self.archive_dir.mkdir(exist_ok=True)
        except OSError as err:
            raise StoreError(f"cannot write {self.archive_dir}: {err.strerror or err}") from None

    def _commit(self, txn: Change) -> None:
        if not txn.dirty and not txn.drop and not txn.staged:
            if txn.main_dirty:
                main = self._owned(txn.main)
                self._check(main)
                self.files.write(self.path, main)
            return
        main = self._owned(txn.main)
        staged: dict[str, Path] = dict(txn.staged)
        try:
            self._check(main)
            self.make_archive_folder()
            for name in sorted(txn.dirty):
                staged[name] = self.files.stage(self.shard_path(name), txn.shards[name])
                if txn.on_staged is not None:
                    txn.on_staged(name)
            counts = View(self, main).counts
            # The manifest lists the files this database writes (not conflict copies).
            counts.update({n: _size(txn.shards[n]) for n in txn.dirty if writable(n)})
            counts.update(txn.released)
            for name in txn.drop:
                counts.pop(name, None)
            main[MANIFEST] = {"1": {"counts": dict(sorted(counts.items()))}}
            import secrets  # only when a name is made: hmac and hashlib cost every read

            journal: dict[str, Any] = {
                "tx": secrets.token_hex(4),
                "shards": {n: p.name for n, p in staged.items()},
            }
            if txn.drop:
                journal["drop"] = sorted(txn.drop)
            main[JOURNAL] = {"1": journal}
            self.files.write(self.path, main)  # the commit
        except BaseException:
            for path in staged.values():
                with suppress(OSError):
                    path.unlink()
            raise
        self._index(txn, staged)
        try:
            self._apply(main)
        except (OSError, StoreError) as err:
            # Committed: readers already see the change; the next command completes it.
            self.warn(f"the change is recorded; the next command will finish filing it ({err})")

    def _owned(self, main: dict[str, Any]) -> dict[str, Any]:
        """The main file is this machine's own: say so in it (see `_check_owner`)."""
        return {**main, OWNER: {"1": {"key": "id", "value": self.machine}}}

    def _check_owner(self, data: dict[str, Any]) -> None:
        """Warn, once, about a main file another machine wrote: synced with the archive."""
        if self._owner_checked:
            return
        self._owner_checked = True
        from companion.store.machines import known_id

        owner, mine = _docs(data, OWNER).get("id"), known_id()
        if isinstance(owner, str) and mine is not None and owner != mine:
            self.warn(
                f"{self.path} was last written by machine {owner}, not this one ({mine}): "
                f"if it is synced between computers, share only {self.archive_dir.name}/ "
                "instead (see docs/sharing.md)"
            )

    def _index(self, txn: Change, staged: dict[str, Path]) -> None:
        """Summaries of the files about to be renamed into place (they are in hand)."""
        from companion.store.archive import index_staged

        for name, path in staged.items():
            # (one released during the change was indexed then)
            if name in txn.shards and "matches" in txn.shards[name]:
                index_staged(self, name, path, txn.shards[name]["matches"])

    def _apply(self, main: dict[str, Any]) -> dict[str, Any]:
        """Rename a committed change's files into place and clear its journal."""
        journal = _one(main, JOURNAL)
        if journal is None:
            return main
        for name, temp in sorted(journal["shards"].items()):
            self.files.install(self.archive_dir / temp, self.shard_path(name))
        for name in journal.get("drop", []):
            self.files.remove(self.shard_path(name))
        main = {k: v for k, v in main.items() if k != JOURNAL}
        self.files.write(self.path, main)
        return main

    def _recover(self) -> dict[str, Any] | None:
        """Under the lock: finish what a crash interrupted, before anything else runs."""
        data = self.files.read_main()
        if data is None:
            return None
        if JOURNAL in data:
            data = self._apply(data)
        if any("finishing" in doc for doc in (data.get(LIVE) or {}).values()):
            data = self._settle_legacy(data)
        if MANIFEST not in data and self.archive_dir.is_dir():
            data = self._build_manifest(data)
        return self._settle(data)

    def _settle(self, data: dict[str, Any]) -> dict[str, Any]:
        """Make this machine's files its own (companion.store.merge.settle), in one change."""
        from companion.store.merge import LEGACY_ALIASES, LEGACY_AMENDMENTS, settle

        files = View(self, data).files()
        legacy = LEGACY_ALIASES in data or LEGACY_AMENDMENTS in data
        if not legacy and not any(
            f.machine is None or (f.copy and f.machine == self.machine) for f in files
        ):
            return data
        txn = Change(self, data)
        if settle(txn, files, self.machine):
            self._commit(txn)
            return self.files.read_main() or {}
        return data

    def _settle_legacy(self, data: dict[str, Any]) -> dict[str, Any]:
        """File the matches an older companion left half-finished ("finishing")."""
        txn = Change(self, data)
        live = txn.db.table(LIVE)
        for doc in live.all():
            if "finishing" in doc:
                match = doc["finishing"]
                txn.put(shard_name(match.get("finished") or now()), match)
                live.remove(doc_ids=[doc.doc_id])
        self._commit(txn)
        return self.files.read_main() or {}

    def _build_manifest(self, data: dict[str, Any]) -> dict[str, Any]:
        """The manifest of a database written before there was one: count what is there."""
        from companion.store import records
        from companion.store.archive import shard_summaries

        counts = {}
        for file in View(self, data).files():
            if file.copy:
                continue
            with suppress(StoreError):
                if file.kind == "shard":
                    counts[file.name] = shard_summaries(self, file.name, file.path).total
                else:
                    counts[file.name] = len(records.read(file, self.warn))
        data = {**data, MANIFEST: {"1": {"counts": counts}}}
        self.files.write(self.path, data)
        return data

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
        journal = _one(data, JOURNAL)
        if journal is not None and self._lock is None:
            with suppress(StoreError, OSError):
                self._recover_now()
                data = self.files.read_main() or {}
                journal = _one(data, JOURNAL)
        pending = {}
        if journal is not None:
            pending = {name: self.archive_dir / temp for name, temp in journal["shards"].items()}
        return View(self, data, pending)

    def _recover_now(self) -> None:
        lock = Lock(self.path, timeout=0, waiting=None)
        lock.acquire()
        self._lock = lock
        self.files.guard = lock.check
        try:
            refuse_read_only(self.path)
            self._recover()
        finally:
            self.files.guard = None
            self._lock = None
            lock.release()

    def snapshot(self) -> TinyDB:
        """A read-only view of the main file (no lock: files are replaced whole)."""
        return TinyDB(self.view().data, storage=_Buffered)

    # --- matches ----------------------------------------------------------

    def start_match(
        self,
        game: str,
        players: list[str],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        events: list[dict[str, Any]] | None = None,
        can_wait: Callable[[Match], bool] | None = None,
    ) -> Match:
        """Create a live match; it becomes the game's current match.

        A current match for which `can_wait(match)` holds (the table's say: a game that
        belongs to something bigger, like a Series) waits beside the new one instead of
        refusing it: it stays live, is no longer current, and becomes current again when
        the new one is ended or abandoned (or at once with `resume_match`). One match of a
        game waits at a time.
        """
        from companion.engine.rng import fresh_seed

        with self.transaction() as db:
            live = db.table(LIVE)
            current = live.get(_live(game))
            waiting = live.get(_waiting(game))
            if current is not None and (
                waiting is not None or can_wait is None or not can_wait(dict(current))
            ):
                raise AlreadyLive(game, current["id"])
            if current is not None:
                live.update({WAITING: True}, doc_ids=[current.doc_id])
            match: Match = {
                "id": self._unused_id(live),
                "game": game,
                "players": list(players),
                "options": dict(options or {}),
                "seed": fresh_seed() if seed is None else seed,
                "status": "live",
                "created": self.now(),
                "updated": self.now(),
                "events": [stamp_event(e, self.now) for e in events or []],
                "result": None,
            }
            live.insert(match)
            return match

    def _unused_id(self, live: Any) -> str:
        while True:
            candidate = new_id()
            if not live.contains(Query().id == candidate):
                return candidate

    def waiting_match(self, game: str) -> Match | None:
        """The game's live match that waits while another is played (None: none waits)."""
        found = self.snapshot().table(LIVE).get(_waiting(game))
        return dict(found) if found is not None else None

    def resume_match(self, game: str, match_id: str | None = None) -> Match:
        """Make the waiting match (`match_id`: that one) current again; the current one, if
        any, waits in its place. Returns the resumed match."""
        with self.transaction() as db:
            live = db.table(LIVE)
            waiting = live.get(_waiting(game))
            if waiting is None or (match_id is not None and waiting["id"] != match_id):
                current = live.get(_live(game))
                if current is not None and match_id in (None, current["id"]):
                    return dict(current)  # already the current one
                raise RuleViolation(
                    f"no {game} match {match_id + ' ' if match_id else ''}is waiting"
                )
            current = live.get(_live(game))
            if current is not None:
                live.update({WAITING: True}, doc_ids=[current.doc_id])
            live.update(_unwait, doc_ids=[waiting.doc_id])
            return {k: v for k, v in waiting.items() if k != WAITING}

    def current_match(self, game: str) -> Match:
        match = self.snapshot().table(LIVE).get(_live(game))
        if match is None:
            raise no_live_match(game)
        return dict(match)

    def live_match(self, game: str) -> Match | None:
        found = self.snapshot().table(LIVE).get(_live(game))
        return dict(found) if found is not None else None

    def update_live(
        self, game: str, change: Callable[[Match], list[dict[str, Any]]]
    ) -> tuple[Match, list[dict[str, Any]]]:
        """Append the events `change(match)` returns to the game's live match.

        `change` runs under the lock on the freshest copy of the match; it
        validates (raising a CompanionError writes nothing) and returns the
        events to append as `{"type": ..., "data": {...}}`.
        """

        def counted(match: Match) -> tuple[list[dict[str, Any]], int]:
            events = change(match)
            return events, len(events)

        match, count = self.change_live(game, counted)
        return match, match["events"][len(match["events"]) - count :]

    def change_live(
        self, game: str, change: Callable[[Match], tuple[list[dict[str, Any]], T]]
    ) -> tuple[Match, T]:
        """Like `update_live`, for a `change` that also returns a value: (events, value).

        Returns the match with the new events appended and the value, both
        decided inside the one locked transaction.
        """
        return self.change_live_with(game, lambda match, _txn: change(match))

    def change_live_with(
        self, game: str, change: Callable[[Match, Change], tuple[list[dict[str, Any]], T]]
    ) -> tuple[Match, T]:
        """Like `change_live`, where `change` also reads and writes documents in the same
        transaction (`txn.get_doc` / `txn.put_doc`): one move, one unit of work."""
        with self.change() as txn:
            db = txn.db
            live = db.table(LIVE)
            doc = live.get(_live(game))
            if doc is None:
                raise no_live_match(game)
            match = dict(doc)
            events, value = change(match, txn)
            new_events = [stamp_event(e, self.now) for e in events]
            match["events"] = [*match["events"], *new_events]
            match["updated"] = self.now()
            live.update(
                {"events": match["events"], "updated": match["updated"]}, doc_ids=[doc.doc_id]
            )
            return match, value

    def append_event(self, game: str, event_type: str, data: dict[str, Any]) -> Match:
        match, _ = self.update_live(game, lambda m: [{"type": event_type, "data": data}])
        return match

    def undo_event(
        self, game: str, check: Callable[[Match], None] | None = None
    ) -> tuple[Match, dict[str, Any]]:
        """Drop the last event of the game's live match.

        `check(match)` runs under the lock first and may refuse (raise).
        """
        match, removed = self.undo_events(game, 1, check)
        return match, removed[-1]

    def undo_events(
        self, game: str, count: int, check: Callable[[Match], None] | None = None
    ) -> tuple[Match, list[dict[str, Any]]]:
        """Drop the last `count` events of the game's live match in one transaction."""
        with self.transaction() as db:
            live = db.table(LIVE)
            doc = live.get(_live(game))
            if doc is None:
                raise no_live_match(game)
            events = list(doc["events"])
            if len(events) < count or not events:
                raise NothingToUndo(f"nothing to undo in {game} match {doc['id']}")
            if check is not None:
                check(dict(doc))
            kept, removed = events[: len(events) - count], events[len(events) - count :]
            live.update({"events": kept, "updated": now()}, doc_ids=[doc.doc_id])
            return {**doc, "events": kept}, removed

    def finish_match(
        self,
        game: str,
        result: dict[str, Any] | Callable[[Match], dict[str, Any]],
        status: str = "finished",
        expected_events: int | None = None,
    ) -> Match:
        """Move the game's live match to the archive with its result.

        `result` may be a function of the match: it then runs under the lock on
        the freshest copy, so the result (and any refusal) can miss no move.

        `expected_events`: the number of events the result was computed from;
        if another process recorded something since, nothing is written and
        the command is refused, so a result never misses a recorded move.

        Two files change, in one transaction (see the module's docstring): the
        match is live or archived, never both and never neither.
        """
        with self.change() as txn:
            live = txn.db.table(LIVE)
            doc = live.get(_live(game))
            if doc is None:
                raise no_live_match(game)
            if expected_events is not None and len(doc["events"]) != expected_events:
                raise RuleViolation(
                    f"{game} match {doc['id']} changed while it was being ended",
                    hint="run the command again",
                )
            if callable(result):
                result = result(dict(doc))
            stamp = self.now()
            from companion.engine.played import match_stamps, minutes_played

            # Kept with the options, as a logged game's typed minutes are: history reads
            # matches without their events.
            options = {**(doc.get("options") or {})}
            options["minutes"] = minutes_played(match_stamps(doc, stamp))
            match = {
                **doc,
                "options": options,
                "status": status,
                "result": result,
                "finished": stamp,
                "updated": stamp,
            }
            txn.put(shard_name(stamp), match)
            live.remove(doc_ids=[doc.doc_id])
            waiting = live.get(_waiting(game))
            if waiting is not None:  # the match that waited for this one is current again
                live.update(_unwait, doc_ids=[waiting.doc_id])
            note_recorded(txn.db, [match["id"]])
        return match

    def abandon_match(self, game: str) -> Match:
        return self.finish_match(game, result={}, status="abandoned")

    def archive_match(self, match: Match) -> Match:
        """Store a complete match directly (manual records, imports)."""
        with self.change() as txn:
            return txn.archive(match)

    def archived(self) -> Iterator[Match]:
        """Every readable finished or abandoned match, oldest file first.

        A match that does not have a match's shape is skipped with a warning.
        """
        from companion.store.archive import _merged

        view = self.view()
        dead_ids = {match_id for match_id, _ in view.folded().dead}
        # Which file's copy of each match is the one in history (read from the summaries).
        chosen = {match["id"]: name for name, _, match in _merged(self, view)}
        for name, path in view.shards():
            try:
                tables = self.files.read_shard(path) or {}
            except StoreError as err:
                self.warn(self.unreadable_shard(name, err))
                continue
            for match in (tables.get("matches") or {}).values():
                problem = match_problem(match, shallow=True)
                if problem is None:
                    if chosen.get(match["id"]) == name:
                        yield match
                elif not (isinstance(match, dict) and _key(match.get("id")) in dead_ids):
                    self.warn(self.skipped(match, name, problem))
        yield from view.finishing

    def skipped(self, match: Any, shard: str, problem: tuple[str, str]) -> str:
        """The warning for a match that cannot be read, and how to get rid of it."""
        path = self.shard_path(shard)
        what = describe(match, str(path))
        match_id = match.get("id") if isinstance(match, dict) else None
        if what.startswith("match ") and isinstance(match_id, str) and match_id.strip():
            how = f"remove it with 'companion history delete {match_id} --yes'"
        else:
            how = f"fix it by hand in {path} or restore {backup_path(path)}"
        return f"skipped {what} in {path}: {problem[0]} {problem[1]} ({how})"

    def list_matches(self, game: str | None = None, player: str | None = None) -> list[Match]:
        """Live and archived matches, newest first."""
        live = self.view().live
        unique = {m["id"]: m for m in [*self.archived(), *live]}
        found = [
            dict(m)
            for m in unique.values()
            if (game is None or m["game"] == game)
            and (player is None or player.casefold() in {p.casefold() for p in m["players"]})
        ]
        return sorted(found, key=lambda m: m.get("created") or "", reverse=True)

    def get_match(self, typed_id: str) -> Match:
        """A live or archived match by id or unique id prefix."""
        key = typed_id.strip().lower()
        hits = [m for m in self.list_matches() if m["id"].startswith(key)] if key else []
        exact = [m for m in hits if m["id"] == key]
        if exact:
            return exact[0]
        if len(hits) == 1:
            return hits[0]
        if hits:
            raise UnknownName(
                f"match id '{typed_id}' is ambiguous: {', '.join(m['id'] for m in hits)}"
            )
        raise UnknownName(f"no match '{typed_id}'", hint="see 'companion history list'")

    # --- documents: series, catalogues, configuration ---------------------

    def get_doc(self, table: str, key: str, default: Any = None) -> Any:
        found = self.snapshot().table(table).get(Query().key == key)
        return found["value"] if found is not None else default

    def put_doc(self, table: str, key: str, value: Any) -> None:
        with self.transaction() as db:
            db.table(table).upsert({"key": key, "value": value}, Query().key == key)

    def delete_doc(self, table: str, key: str) -> bool:
        with self.transaction() as db:
            return bool(db.table(table).remove(Query().key == key))

    def all_docs(self, table: str) -> dict[str, Any]:
        return {d["key"]: d["value"] for d in self.snapshot().table(table).all()}

    def update_doc(self, table: str, key: str, change: Callable[[Any], Any]) -> Any:
        """Read-modify-write one document under the lock; `change` may raise."""
        with self.transaction() as db:
            tbl = db.table(table)
            found = tbl.get(Query().key == key)
            value = change(found["value"] if found is not None else None)
            tbl.upsert({"key": key, "value": value}, Query().key == key)
            return value


def no_live_match(game: str) -> NoLiveMatch:
    # No hint here: the commands to type are the tables layer's (tables.base.hinted).
    return NoLiveMatch(game)


def _key(value: Any) -> Any:
    """A match's id as a set key (an id of the wrong type is no id)."""
    return value if isinstance(value, str) else None


def _size(tables: dict[str, Any]) -> int:
    """How many matches (or records) an archive file holds."""
    return len(tables.get("matches") or tables.get("records") or {})


WAITING = "waiting"  # a live match set aside while another of its game is played


def _live(game: str) -> Any:
    """The query for a game's current live match (one being finished no longer counts, nor
    one that waits while another is played)."""
    return (Query().game == game) & ~Query().finishing.exists() & ~Query()[WAITING].exists()


def _waiting(game: str) -> Any:
    return (Query().game == game) & ~Query().finishing.exists() & Query()[WAITING].exists()


def _unwait(doc: dict[str, Any]) -> None:
    doc.pop(WAITING, None)


def stamp_event(event: dict[str, Any], clock: Callable[[], str] = now) -> dict[str, Any]:
    return {"type": event["type"], "data": event.get("data", {}), "at": event.get("at") or clock()}
