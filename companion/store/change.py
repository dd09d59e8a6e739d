"""One transaction over the main file and the archive files it touches."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.engine.errors import BadInput
from companion.store import clock  # its wall clock replaced there by tests
from companion.store import ids as store_ids  # new_id patched there by tests
from companion.store.clock import Stamp, filed_stamp, next_stamp
from companion.store.documents import Buffered
from companion.store.ids import Match, now
from companion.store.layout import LIVE
from companion.store.machines import SHARD_FILE
from companion.store.order import note_recorded
from companion.store.validate import parse_when, shard_name
from companion.store.view import View

if TYPE_CHECKING:
    from tinydb import TinyDB

    from companion.store.store import Store

# A test of one document, as the rows below take it (also a TinyDB condition as it is).
Test = Callable[[dict[str, Any]], bool]


class Change:
    """One transaction: the main file (as TinyDB) and the archive files it touches.

    `with store.change() as txn:` — read and change documents (`txn.db`, `get_doc`,
    `put_doc`, the rows below), file and unfile matches (`archive`, `unarchive`); on
    leaving the block everything is committed at once, or (on an exception) nothing is.

    `txn.db` (TinyDB over the main file's tables) is made when first asked: a move reads
    and writes its few documents through the rows below, which change the same tables as
    TinyDB would (the same documents, ids and order: the file's bytes do not depend on
    which was used), and go through TinyDB once it is made, so that its caches never
    hold an older table. Importing tinydb and its queries cost a move about 10 M
    instructions (tests/store/test_rows.py compares both ways).
    """

    def __init__(self, store: Store, data: dict[str, Any] | None) -> None:
        self.store = store
        self._data: dict[str, Any] = {} if data is None else data
        self._db: TinyDB | None = None
        self._dirty = False  # a row written before `db` was made
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
        self._folded: Any = None
        self._now: str | None = None  # the wall clock, read when first stamping

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
        at, tick = self.stamp()
        record = {**record, "machine": self.store.machine, "seq": seq + 1, "at": at, "tick": tick}
        table[str(len(table) + 1)] = record
        self.notes.append(record)
        self.dirty.add(name)
        if record["type"] == "delete":
            self.dead().add((record["id"], record.get("finished")))

    def newest(self) -> Any:
        """The latest stamp of every record read and written in this change, and of every
        copy of a match taken out (`saw`): a record noted or a match filed now goes after
        it, whatever the wall clock says (companion.store.clock)."""
        if self._stamp is None:
            self._stamp = self.folded().newest
        return self._stamp

    def stamp(self) -> Stamp:
        """The stamp of what this change writes next (a record, a match filed). The wall
        clock is read once per change: an import's thousands of matches are stamped without
        asking it again (each one tick after the one before)."""
        if self._now is None:
            self._now = clock.wall()
        self._stamp = next_stamp(self.newest(), self._now)
        return self._stamp

    def saw(self, match: Match) -> None:
        """A copy of a match was read to be replaced: what is written next goes after it
        (a stamp that is not a date is not followed: a forged one must not drag the clock)."""
        found = filed_stamp(match)
        held = self.newest()
        if parse_when(found[0]) is not None and (held is None or found > held):
            self._stamp = found

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
        """Every machine's records as this change began (companion.store.records.Folded;
        read once: the records it notes are in `dead` and `newest`)."""
        if self._folded is None:
            self._folded = View(self.store, self.main).folded()
        return self._folded

    def dead(self) -> set[tuple[str, str | None]]:
        """The finishings that records delete (as of this transaction)."""
        if self._dead is None:
            self._dead = set(self.folded().dead)
        return self._dead

    def put(self, shard: str, match: Match, *, filing: bool = True) -> Match:
        """Add `match` to an archive file (a bare month: this machine's file of that
        month), replacing any match there with its id; the copy put there.

        `filing`: the match is filed now, and its copy carries this change's next stamp
        (companion.store.clock); without it (a copy moved between files as it is), the
        stamp it was filed with."""
        shard = self.own(shard)
        key_dead = (match["id"], match.get("finished"))
        # A copy moved as it is stays out of history if a record deleted it (a conflict
        # copy of a finishing since undone must not bring it back).
        if filing and key_dead in self.dead():
            from companion.store.records import new

            self.dead().discard(key_dead)
            self.note(new("revive", id=match["id"], finished=match.get("finished")))
        table = self.matches(shard)
        ids = self.ids[shard]
        key = ids.get(match["id"])
        if key is None:
            key = str(max((int(k) for k in table if k.isdigit()), default=0) + 1)
            ids[match["id"]] = key
        if filing:
            at, tick = self.stamp()
            match = {**match, "filed": {"at": at, "tick": tick}}
        table[key] = match
        self.dirty.add(shard)
        return match

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
        filed = self.put(shard, stamped)
        note_recorded(self.db, [stamped["id"]])
        return filed

    def unused_id(self) -> str:
        """A fresh match id no match holds: live, archived by any machine (unreadable ones
        too), filed earlier in this change, or deleted (readers merge every machine's copies
        by id, and another machine's file may still hold the deleted match).

        Asked inside the change, under its lock: no other companion can file a match with
        the id between this check and the commit.
        """
        from companion.store.index import id_index

        taken = set(id_index(self.store))  # as on disk: nobody else writes while we hold it
        taken.update(m.get("id") for _, m in self.rows(LIVE))
        for filed in self.ids.values():
            taken.update(filed)
        taken.update(match_id for match_id, _ in self.dead())
        while True:
            candidate = store_ids.new_id()
            if candidate not in taken:
                return candidate

    def unarchive(self, match_id: str) -> Match | None:
        """Take an archived match out of history; None if it is not there."""
        from companion.store.archive import withdraw

        return withdraw(self, match_id)

    def get_doc(self, table: str, key: str, default: Any = None) -> Any:
        found = self.row(table, keyed(key))
        return found[1]["value"] if found is not None else default

    def put_doc(self, table: str, key: str, value: Any) -> None:
        self.upsert_row(table, {"key": key, "value": value}, keyed(key))

    # --- rows: a table's documents, as TinyDB reads and writes them -------------

    @property
    def db(self) -> TinyDB:
        """The main file's tables as TinyDB (made on first use; see the class)."""
        if self._db is None:
            from tinydb import TinyDB

            self._db = TinyDB(self._data, storage=Buffered)
            self._db.storage.dirty = self._dirty  # type: ignore[attr-defined]
        return self._db

    def tables(self) -> set[str]:
        return self.db.tables() if self._db is not None else set(self._data)

    def row(self, table: str, test: Test) -> tuple[int, dict[str, Any]] | None:
        """The first document of `table` that passes `test`, with its id (TinyDB's `get`;
        to read, not to change: `update_row` changes it)."""
        if self._db is not None:
            found = self._db.table(table).get(test)
            return (found.doc_id, found) if found is not None else None
        for key, doc in (self._data.get(table) or {}).items():
            if test(doc):
                return int(key), doc
        return None

    def rows(self, table: str) -> list[tuple[int, dict[str, Any]]]:
        if self._db is not None:
            return [(doc.doc_id, doc) for doc in self._db.table(table).all()]
        return [(int(key), doc) for key, doc in (self._data.get(table) or {}).items()]

    def update_row(self, table: str, doc_id: int, fields: dict[str, Any]) -> None:
        """Set `fields` of document `doc_id` (TinyDB's `update(fields, doc_ids=[id])`)."""
        if self._db is not None:
            self._db.table(table).update(fields, doc_ids=[doc_id])
            return
        self._data.setdefault(table, {})[str(doc_id)].update(fields)
        self._dirty = True

    def upsert_row(self, table: str, doc: dict[str, Any], test: Test) -> None:
        """Set `doc`'s fields in every document passing `test`, or add it as a new one
        (TinyDB's `upsert`: the next id is one more than the highest)."""
        if self._db is not None:
            self._db.table(table).upsert(doc, test)
            return
        rows = self._data.setdefault(table, {})
        found = [held for held in rows.values() if test(held)]
        for held in found:
            held.update(doc)
        if not found:
            rows[str(max(map(int, rows), default=0) + 1)] = dict(doc)
        self._dirty = True

    def remove_rows(self, table: str, doc_ids: list[int]) -> None:
        if self._db is not None:
            self._db.table(table).remove(doc_ids=doc_ids)
            return
        rows = self._data.setdefault(table, {})
        for doc_id in doc_ids:
            rows.pop(str(doc_id))
        self._dirty = True

    @property
    def main(self) -> dict[str, Any]:
        if self._db is None:
            return self._data
        buffered: Buffered = self._db.storage  # type: ignore[assignment]
        return buffered.memory or {}

    @property
    def main_dirty(self) -> bool:
        if self._db is None:
            return self._dirty
        buffered: Buffered = self._db.storage  # type: ignore[assignment]
        return buffered.dirty


def keyed(key: str) -> Test:
    """The test of a key/value document's key (TinyDB's `Query().key == key`)."""
    return lambda doc: "key" in doc and doc["key"] == key
