"""Renames, amendments and deletions as records, so they travel between machines.

A change to history that is not a new match — players renamed or merged, a
result amended, a match deleted or reopened — is a record appended to the
writing machine's own `records.<machine>.json`. Nothing is ever learnt from a
file or a row being absent: a deleted match is a `delete` record naming its id
and the finishing it ends (`finished`), so a stale copy of a shard that still
holds it cannot bring it back.

Every machine folds every machine's records in one fixed order — the stamp (a
hybrid logical clock, companion.store.clock: never before a record its writer had
read), then the machine id, then that machine's sequence number — so all machines
see the same aliases, amendments and deletions.

Records:
    {"type": "aliases", "set": {spelling: name}, "unset": [spelling]}
    {"type": "amend", "id": ID, "finished": WHEN, "entry": {...}}   one amendment
    {"type": "delete", "id": ID, "finished": WHEN}   that finishing is gone (deleted, reopened)
    {"type": "revive", "id": ID, "finished": WHEN}   filed again after a delete
each with "machine", "seq", the stamp "at" and "tick", and a random "rid" (copies are
merged by it).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import field
from typing import Any

from companion.engine.errors import StoreError
from companion.engine.values import dataclass
from companion.store.atomic import load
from companion.store.clock import Stamp, order_key, stamp_of
from companion.store.formats import Formats, declared
from companion.store.machines import ArchiveFile
from companion.store.validate import parse_when

RECORDS = "records"
TYPES = ("aliases", "amend", "delete", "revive")

Record = dict[str, Any]


def problem(record: Any) -> str | None:
    """What is wrong with a record read from a file, if anything."""
    if not isinstance(record, dict):
        return "is not an object"
    if record.get("type") not in TYPES:
        return "has no known type"
    if type(record.get("seq")) is not int or not isinstance(record.get("machine"), str):
        return "has no machine and sequence number"
    if not isinstance(record.get("rid"), str) or parse_when(record.get("at")) is None:
        return "has no id or date"
    tick = record.get("tick", 0)
    if type(tick) is not int or tick < 0:
        return "has a 'tick' that is not a count"
    kind = record["type"]
    if kind == "aliases":
        changes, unset = record.get("set"), record.get("unset")
        if not isinstance(changes, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in changes.items()
        ):
            return "sets aliases that are not names"
        if not isinstance(unset, list) or not all(isinstance(k, str) for k in unset):
            return "unsets aliases that are not names"
        return None
    # Any id a match on disk can have (a broken one is deleted by its exact id too).
    if not isinstance(record.get("id"), str) or not 0 < len(record["id"]) <= 200:
        return "names no match id"
    finished = record.get("finished")
    if finished is not None and not isinstance(finished, str):
        return "has a 'finished' that is not a date"
    if kind == "amend" and not isinstance(record.get("entry"), dict):
        return "has no amendment"
    return None


def read(file: ArchiveFile, warn: Any, formats: Formats | None = None) -> list[Record]:
    """The good records of one file; a bad file or record is one warning, not a failure.
    `formats` learns the format the file says it holds (companion.store.formats)."""
    try:
        data = load(file.path)
    except StoreError as err:
        warn(f"skipped {file.path}: {err}")
        return []
    if formats is not None and data is not None:
        formats.note(file.machine, declared(data))
    table = data.get(RECORDS) if isinstance(data, dict) else None
    if data is not None and not isinstance(table, dict):
        warn(f"skipped {file.path}: not a file of records")
        return []
    good = []
    for key, record in (table or {}).items():
        why = problem(record)
        if why is None:
            good.append(record)
        else:
            warn(f"skipped record {key} of {file.path}: it {why}")
    return good


def ordered(records: Iterable[Record]) -> list[Record]:
    """Every record once (copies share a rid), in the one order every machine folds them."""
    unique = {r["rid"]: r for r in records}
    return sorted(unique.values(), key=order_key)


@dataclass
class Folded:
    """What the records say, folded in order."""

    aliases: dict[str, str] = field(default_factory=dict)
    amendments: dict[str, Any] = field(default_factory=dict)
    dead: set[tuple[str, str | None]] = field(default_factory=set)  # (id, finished)
    newest: Stamp | None = None  # the latest stamp read (the next record goes after it)
    formats: Formats = field(default_factory=Formats)  # what the files say they hold

    def alive(self, match: dict[str, Any]) -> bool:
        finished = match.get("finished")
        return (match.get("id"), finished if isinstance(finished, str) else None) not in self.dead


def fold(
    records: Iterable[Record],
    aliases: dict[str, str] | None = None,
    amendments: dict[str, Any] | None = None,
) -> Folded:
    """Fold records over a starting alias map and amendments (a main file's, from
    before records)."""
    out = Folded(dict(aliases or {}), dict(amendments or {}))
    for record in records:
        stamp = stamp_of(record)
        if out.newest is None or stamp > out.newest:
            out.newest = stamp
        kind = record["type"]
        if kind == "aliases":
            for key in record["unset"]:
                _drop_spelling(out.aliases, key)
            for key, value in record["set"].items():
                _drop_spelling(out.aliases, key)
                out.aliases[key] = value
            continue
        key = (record["id"], record.get("finished"))
        if kind == "amend":
            held = out.amendments.get(record["id"])
            if not isinstance(held, dict) or held.get("finished") != record.get("finished"):
                held = {"finished": record.get("finished"), "entries": []}
            entries = held.get("entries") if isinstance(held.get("entries"), list) else []
            out.amendments[record["id"]] = {**held, "entries": [*entries, record["entry"]]}
        elif kind == "delete":
            out.dead.add(key)
            held = out.amendments.get(record["id"])
            if isinstance(held, dict) and held.get("finished") == record.get("finished"):
                del out.amendments[record["id"]]
        else:  # revive
            out.dead.discard(key)
    return out


def _drop_spelling(aliases: dict[str, str], key: str) -> None:
    # One key per case-insensitive spelling (companion.history.players keeps them so).
    for held in [k for k in aliases if k.casefold() == key.casefold()]:
        del aliases[held]


def new(kind: str, **fields: Any) -> Record:
    """A record, before the store gives it its machine, number and time."""
    # secrets.token_hex(6), without importing hmac and hashlib
    return {"type": kind, **fields, "rid": os.urandom(6).hex()}


def alias_changes(before: dict[str, str], after: dict[str, str]) -> Record | None:
    """The record that turns one alias map into another (None if they are the same)."""
    changed = {k: v for k, v in after.items() if before.get(k) != v}
    gone = [k for k in before if k not in after]
    if not changed and not gone:
        return None
    return new("aliases", set=changed, unset=gone)


# --- writing, each in one store transaction ---------------------------------------


def change_aliases(store: Any, change: Any, also: Any = None) -> dict[str, str]:
    """Replace the alias map with `change(current)` (under the lock, on every machine's
    records); the difference is appended as one record. `also(txn, updated)` writes what
    goes with it in the same transaction (the live matches renamed). Returns the new map."""
    with store.change() as txn:
        current = txn.folded().aliases
        updated = change(dict(current))
        record = alias_changes(current, updated)
        if record is not None:
            txn.note(record)
            if also is not None:
                also(txn, updated)
        return updated


def add_amendment(store: Any, match_id: str, finished: Any, entry: dict[str, Any]) -> int:
    """Append one amendment to a match's finishing; how many that finishing now has."""
    with store.change() as txn:
        held = txn.folded().amendments.get(match_id)
        count = 0
        if isinstance(held, dict) and held.get("finished") == finished:
            count = len(held.get("entries") or [])
        txn.note(new("amend", id=match_id, finished=finished, entry=entry))
        return count + 1


def import_side(txn: Any, aliases: dict[str, str], amendments: dict[str, Any]) -> list[str]:
    """An import's aliases and amendments, where this history has none of its own (local
    ones win); the spellings added."""
    folded = txn.folded()
    here = {k.casefold() for k in folded.aliases}
    added = [k for k in aliases if k.casefold() not in here]
    if added:
        txn.note(new("aliases", set={k: aliases[k] for k in added}, unset=[]))
    for match_id, held in amendments.items():
        if match_id in folded.amendments or not isinstance(held, dict):
            continue
        entries = held.get("entries")
        for entry in entries if isinstance(entries, list) else []:
            if isinstance(entry, dict):
                txn.note(new("amend", id=match_id, finished=held.get("finished"), entry=entry))
    return added
