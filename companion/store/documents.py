"""Documents of the main file: key/value tables (series, catalogues, configuration)
and the in-memory copy of a file a transaction works on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Buffered:
    """Holds one file's tables in memory for the length of a transaction: TinyDB's storage,
    as its MemoryStorage (read and written whole), declared without importing tinydb (a
    move does not, companion.store.change)."""

    def __init__(self, data: dict[str, Any] | None) -> None:
        self.memory = data
        self.dirty = False

    def read(self) -> dict[str, Any] | None:
        return self.memory

    def write(self, data: dict[str, Any]) -> None:
        self.memory = data
        self.dirty = True

    def close(self) -> None:
        pass


def key_docs(data: dict[str, Any] | None, table: str) -> dict[str, Any]:
    """A key/value table of the main file as a dict (documents of another shape left out)."""
    docs = (data or {}).get(table) or {}
    return {
        d["key"]: d["value"]
        for d in docs.values()
        if isinstance(d, dict) and isinstance(d.get("key"), str) and "value" in d
    }


def single_doc(data: dict[str, Any] | None, table: str) -> dict[str, Any] | None:
    """The single document of a bookkeeping table (`_journal`, `_shards`), if any."""
    docs = (data or {}).get(table) or {}
    return next(iter(docs.values()), None)


class Documents:
    """The key/value documents of `Store` (one document read or written per call)."""

    def get_doc(self, table: str, key: str, default: Any = None) -> Any:
        from tinydb import Query

        found = self.snapshot().table(table).get(Query().key == key)
        return found["value"] if found is not None else default

    def put_doc(self, table: str, key: str, value: Any) -> None:
        from tinydb import Query

        with self.transaction() as db:
            db.table(table).upsert({"key": key, "value": value}, Query().key == key)

    def delete_doc(self, table: str, key: str) -> bool:
        from tinydb import Query

        with self.transaction() as db:
            return bool(db.table(table).remove(Query().key == key))

    def all_docs(self, table: str) -> dict[str, Any]:
        return {d["key"]: d["value"] for d in self.snapshot().table(table).all()}

    def update_doc(self, table: str, key: str, change: Callable[[Any], Any]) -> Any:
        """Read-modify-write one document under the lock; `change` may raise."""
        from tinydb import Query

        with self.transaction() as db:
            tbl = db.table(table)
            found = tbl.get(Query().key == key)
            value = change(found["value"] if found is not None else None)
            tbl.upsert({"key": key, "value": value}, Query().key == key)
            return value
