"""What a layer above the store keeps beside a live match: a cache, stamped with the match.

The tables layer keeps each live match's status beside it (companion.tables.shown), in the
`_shown` table of the main file, written in the same transaction as the match it was made
from: the start, each move, each undo (companion.store.live). Each kept value carries the
stamp of that match (`stamp`): its number of events, its last change, its last event's
time and a digest of the whole document. A reader takes a kept value only while the stamp
is the one of the match as it is now (`kept`), and reads the match itself otherwise: a
match changed by anything else (an older companion, a hand edit, a restored copy) has
another stamp, so a kept value can be stale or malformed but never taken for the match.

Kept free of tinydb and the write path: `status` reads through here with the file read as
plain JSON (companion.store.peek).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

# zlib and binascii are imported where used: every move writes through this module, and
# every command pays for what it imports.
from companion.store.layout import JOURNAL, OWNER, SCHEMA_VERSION, SHOWN, WAITING, schema_of


def stamp(match: dict[str, Any], native: bool = False) -> dict[str, Any]:
    """The stamp of `match`: what changes whenever anything in it does. `native`: the match
    is as read from the file (plain JSON types) and needs no round trip first."""
    doc = {k: v for k, v in match.items() if k != WAITING}
    if not native:  # as it will be read back: tuples are lists, keys are strings
        doc = json.loads(json.dumps(doc))
    events = doc.get("events")
    events = events if isinstance(events, list) else []
    last = events[-1] if events and isinstance(events[-1], dict) else {}
    body = json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()
    import zlib

    return {
        "events": len(events),
        "updated": doc.get("updated"),
        "last": last.get("at"),
        "digest": zlib.crc32(body),
    }


def entry(match: dict[str, Any], value: Any) -> dict[str, Any]:
    """The `_shown` document keeping `value` beside `match`."""
    return {"key": match["id"], "value": {"stamp": stamp(match), "kept": pack(value)}}


def pack(value: Any) -> str:
    """`value` as the kept text: its JSON, compressed, in base64. Every command that reads
    the main file parses it whole; a short string with no escapes costs it next to nothing,
    where the status as JSON objects (or as JSON text, escaped) would cost each read about
    as much as the status took to make."""
    import binascii
    import zlib

    body = zlib.compress(json.dumps(value, separators=(",", ":")).encode())
    return binascii.b2a_base64(body, newline=False).decode("ascii")


def unpack(text: str) -> Any:
    """The value `pack` kept in `text` (ValueError if it is not one)."""
    import binascii
    import zlib

    try:
        return json.loads(zlib.decompress(binascii.a2b_base64(text)))
    except zlib.error as err:
        raise ValueError(str(err)) from None


def kept(data: dict[str, Any], game: str) -> tuple[dict[str, Any], Any] | None:
    """The current live match of `game` in the main file `data` (read as plain JSON) and
    the value kept beside it — None unless the value was made from that match as it is now
    and the file is one every reader may take as it is (no change half done, this
    machine's file; the store reads it otherwise, and says what it finds)."""
    if not usable(data):
        return None
    live = _rows(data.get("live"))
    found = [m for m in live if m.get("game") == game and "finishing" not in m]
    found = [m for m in found if WAITING not in m]
    if len(found) != 1 or not isinstance(found[0].get("id"), str):
        return None
    match = found[0]
    rows = [r for r in _rows(data.get(SHOWN)) if r.get("key") == match["id"]]
    value = rows[0].get("value") if len(rows) == 1 else None
    if not isinstance(value, dict) or not isinstance(value.get("kept"), str):
        return None
    try:
        if value.get("stamp") != stamp(match, native=True):
            return None
        return match, unpack(value["kept"])
    except (TypeError, ValueError, RecursionError):
        return None


def usable(data: Any) -> bool:
    """Whether the main file `data`, read as plain JSON, is one every reader may take as it
    is: this schema, no change half done, this machine's file (the store reads it
    otherwise, and says what it finds)."""
    if not isinstance(data, dict) or schema_of(data) != SCHEMA_VERSION or data.get(JOURNAL):
        return False
    return _own(data.get(OWNER))


def drop_unreadable(data: dict[str, Any], is_doc_id: Callable[[str], Any]) -> None:
    """Drop from the main file `data`, as read, what of the kept table no reader could take:
    the table itself when it is not one (a string, null, a list), rows that are not
    documents. It is a cache: the file is read without it, and the next move writes it
    again, where a malformed one would otherwise stop every command on the database."""
    if SHOWN not in data:
        return
    table = data[SHOWN]
    if not isinstance(table, dict):
        del data[SHOWN]
        return
    for key in [k for k, row in table.items() if not (is_doc_id(k) and isinstance(row, dict))]:
        del table[key]


def _rows(table: Any) -> list[dict[str, Any]]:
    if not isinstance(table, dict):
        return []
    return [row for row in table.values() if isinstance(row, dict)]


def _own(table: Any) -> bool:
    """Whether the file was last written here (or says by nobody): a file another machine
    wrote is read by the store, which warns about it."""
    rows = [r for r in _rows(table) if r.get("key") == "id"]
    owner = rows[0].get("value") if rows else None
    if not isinstance(owner, str):
        return True
    from companion.store.machines import known_id

    mine = known_id()
    return mine is None or owner == mine
