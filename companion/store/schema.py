"""Schema version and migrations of the database files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.engine.errors import StoreError

SCHEMA_VERSION = 1
META = "_meta"

# from-version -> function returning the data at from-version + 1
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def schema_of(data: dict[str, Any]) -> int:
    meta = data.get(META) or {}
    doc = meta.get("1") if isinstance(meta, dict) else None
    version = doc.get("schema") if isinstance(doc, dict) else None
    return version if isinstance(version, int) else 1


def check_schema(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    version = schema_of(data)
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{path} was written by a newer companion (schema {version}; "
            f"this one reads up to {SCHEMA_VERSION})",
            hint="upgrade companion",
        )
    while version < SCHEMA_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
    return data


def stamp(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, META: {"1": {"schema": SCHEMA_VERSION}}}
