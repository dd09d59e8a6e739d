"""Committing a change over several files, and recovering one a crash interrupted."""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path
from typing import Any

from companion.engine.errors import StoreError
from companion.store.atomic import refuse_read_only
from companion.store.change import Change
from companion.store.documents import key_docs, single_doc
from companion.store.ids import now
from companion.store.layout import (
    JOURNAL,
    LEGACY_ALIASES,
    LEGACY_AMENDMENTS,
    LIVE,
    MANIFEST,
    OWNER,
)
from companion.store.lock import Lock
from companion.store.machines import writable
from companion.store.schema import BadShape, check_main, stamp
from companion.store.validate import shard_name
from companion.store.view import View


class Journal:
    """How `Store` commits a change over several files, and finishes one a crash
    interrupted (the journal in the main file; see companion.store.store)."""

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
        staged: dict[str, Path] = dict(txn.staged)
        try:
            self._mark_format(txn)
            main = self._owned(txn.main)
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
            journal: dict[str, Any] = {
                "tx": os.urandom(4).hex(),  # secrets.token_hex, without hmac and hashlib
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

    def _mark_format(self, txn: Change) -> None:
        """A change that writes into the archive folder: refused if the folder holds a
        newer format than this companion's; else this machine's records file says the
        format it writes, if it does not yet (companion.store.formats)."""
        from companion.store.formats import FORMAT, newer_refusal
        from companion.store.machines import own_records

        formats = txn.folded().formats
        refusal = newer_refusal(self.archive_dir, formats)
        if refusal is not None:
            raise refusal
        own = own_records(self.machine)
        if formats.of(self.machine) < FORMAT and own not in txn.dirty:
            txn._records(own)  # written again, with the marker every file now carries
            txn.dirty.add(own)

    def _owned(self, main: dict[str, Any]) -> dict[str, Any]:
        """The main file is this machine's own: say so in it (see `_check_owner`)."""
        return {**main, OWNER: {"1": {"key": "id", "value": self.machine}}}

    def _check_owner(self, data: dict[str, Any]) -> None:
        """Warn, once, about a main file another machine wrote: synced with the archive."""
        if self._owner_checked:
            return
        self._owner_checked = True
        from companion.store.machines import known_id

        owner, mine = key_docs(data, OWNER).get("id"), known_id()
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
        journal = single_doc(main, JOURNAL)
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
        files = View(self, data).files()
        legacy = LEGACY_ALIASES in data or LEGACY_AMENDMENTS in data
        if not legacy and not any(
            f.machine is None or (f.copy and f.machine == self.machine) for f in files
        ):
            return data
        from companion.store.merge import settle

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


def _size(tables: dict[str, Any]) -> int:
    """How many matches (or records) an archive file holds."""
    return len(tables.get("matches") or tables.get("records") or {})
