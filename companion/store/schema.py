"""Schema version, migrations, and the shape every database file must have.

A file is checked when it is opened, before anything reads a document from
it: the companion marker (`_meta`), then the shape of each table. A file that
fails is refused whole and left untouched — another program's JSON, a hand
edit gone wrong — with one line naming the table and field, and the backup.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.engine.errors import StoreError
from companion.store.formats import marker
from companion.store.kept import drop_unreadable
from companion.store.layout import JOURNAL, LIVE, MANIFEST, META, SCHEMA_VERSION, SHOWN, schema_of
from companion.store.machines import readable, writable
from companion.store.validate import match_problem

# from-version -> function returning the data at from-version + 1
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}

DOC_ID = re.compile(r"[1-9][0-9]{0,17}")


class BadShape(ValueError):
    """A file that is JSON but not a companion database; the message says where."""


def check_schema(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    version = schema_of(data)
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{path} was written by a newer companion (schema {version}; "
            f"this one reads up to {SCHEMA_VERSION})",
            hint="upgrade companion",
        )
    while version < SCHEMA_VERSION:
        migrate = MIGRATIONS.get(version)
        if migrate is None:  # 0, -1: a hand edit; no companion wrote it
            raise StoreError(
                f"{path} says it has schema {version}, which no companion writes",
                hint=f"set _meta.1.schema back to {SCHEMA_VERSION}, or restore the .bak copy",
            )
        data = migrate(data)
        version += 1
    return data


def stamp(data: dict[str, Any]) -> dict[str, Any]:
    """`data` marked as this companion's: its schema, and the folder format it writes
    (companion.store.formats)."""
    return {**data, META: {"1": {"schema": SCHEMA_VERSION, **marker()}}}


# --- shapes -------------------------------------------------------------------


def check_tables(data: Any) -> None:
    """A set of TinyDB tables: {table: {doc id: {document}}}."""
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        raise BadShape("not a set of TinyDB tables")
    for name, table in data.items():
        for key, doc in table.items():
            if not DOC_ID.fullmatch(key) or not isinstance(doc, dict):
                raise BadShape(f"table {name!r} is not a TinyDB table (document {key!r})")


def _check_meta(data: dict[str, Any]) -> None:
    meta = data.get(META)
    if not isinstance(meta, dict) or not isinstance(meta.get("1"), dict):
        raise BadShape("no companion marker: another program's file?")
    if type(meta["1"].get("schema")) is not int:
        raise BadShape("the companion marker has no schema version")


def check_main(data: Any, own_temp: Callable[[str], bool]) -> None:
    """The main file: live matches, key/value documents, the journal and the manifest."""
    if isinstance(data, dict):
        drop_unreadable(data, DOC_ID.fullmatch)  # what is kept beside a live match is never fatal
    check_tables(data)
    _check_meta(data)
    for name, table in data.items():
        if name in (META, SHOWN):  # what is kept beside a live match is checked when read
            continue
        for key, doc in table.items():
            where = f"{name} document {key}"
            if name == LIVE:
                finishing = doc.get("finishing")
                if finishing is not None:
                    problem = match_problem(finishing)
                    where = f"live match {key} (being finished)"
                else:
                    problem = match_problem(doc, live=True)
                    where = f"live match {key}"
                if problem:
                    raise BadShape(f"{where}: {problem[0]} {problem[1]}")
            elif name == JOURNAL:
                _check_journal(doc, own_temp, where)
            elif name == MANIFEST:
                counts = doc.get("counts")
                if not isinstance(counts, dict) or not all(
                    writable(k) and type(v) is int and v >= 0 for k, v in counts.items()
                ):
                    raise BadShape(f"{where}: not a list of archive files with counts")
            elif not isinstance(doc.get("key"), str) or "value" not in doc:
                raise BadShape(f"{where}: not a key and a value")


def _check_journal(doc: dict[str, Any], own_temp: Callable[[str], bool], where: str) -> None:
    shards = doc.get("shards")
    if (
        not isinstance(doc.get("tx"), str)
        or not isinstance(shards, dict)
        or not all(readable(k) and isinstance(v, str) and own_temp(v) for k, v in shards.items())
        or not isinstance(doc.get("drop", []), list)
        or not all(isinstance(n, str) and readable(n) for n in doc.get("drop", []))
    ):
        raise BadShape(f"{where}: not a change in progress this companion wrote")


def check_shard(data: Any) -> None:
    """An archive file: a `matches` table (each match is checked when it is read)."""
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        raise BadShape("not a set of TinyDB tables")
    extra = set(data) - {META, "matches"}
    if extra:
        raise BadShape(f"unexpected table {sorted(extra)[0]!r} in an archive file")
