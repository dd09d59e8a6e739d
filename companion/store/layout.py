"""The main file's layout every reader agrees on: its schema version and the names of its
tables and fields.

A module of its own, importing nothing, so that a quick reader (Tab's companion.store.peek,
the status kept with a live match in companion.store.kept) names them without importing
the write path and its checks.
"""

from __future__ import annotations

from typing import Any

SCHEMA_VERSION = 1
META = "_meta"
LIVE = "live"
JOURNAL = "_journal"  # a multi-file change in progress (see Store._commit)
MANIFEST = "_shards"  # the archive files and how many matches each holds
OWNER = "_machine"  # the table naming the machine that wrote the file last
SHOWN = "_shown"  # what is kept beside a live match: {"key": match id, "value": ...}
SEATS = "_seats"  # a live match's seats: {"key": match id, "value": {player: token}}
# A finished or abandoned match's seats, until the next match of its game (store/seats.py):
# {"key": match id, "value": {"game": ..., "status": ..., "seats": {player: token}}}
CLOSED_SEATS = "_seats_closed"
WAITING = "waiting"  # a live match's field: set aside while another of its game is played
# The tables that held aliases and amendments before records (companion.store.merge settles
# them): every write asks whether the file still has them.
LEGACY_ALIASES = "players"
LEGACY_AMENDMENTS = "amendments"


def schema_of(data: dict[str, Any]) -> int:
    meta = data.get(META) or {}
    doc = meta.get("1") if isinstance(meta, dict) else None
    version = doc.get("schema") if isinstance(doc, dict) else None
    return version if isinstance(version, int) else 1
