"""The schema version of the database files, and where a file says its own.

A module of its own so that a quick reader (companion.store.kept, the status kept with a
live match) checks a file's version without importing the write path's checks.
"""

from __future__ import annotations

from typing import Any

SCHEMA_VERSION = 1
META = "_meta"


def schema_of(data: dict[str, Any]) -> int:
    meta = data.get(META) or {}
    doc = meta.get("1") if isinstance(meta, dict) else None
    version = doc.get("schema") if isinstance(doc, dict) else None
    return version if isinstance(version, int) else 1
