"""Rulebook tables as TOML, read with tomllib and cached.

Parsing TOML (and importing tomllib) is a noticeable part of a command's
start-up, so each parsed table is also kept in `__pycache__` beside the
files, as Python keeps compiled modules, and used while the TOML file's
size and modification time are unchanged — editing a table takes effect at
once. Where that folder cannot be written the TOML is simply parsed each time.
"""

from __future__ import annotations

import marshal
import os
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
CACHE = HERE / "__pycache__"


@cache
def load(name: str) -> dict[str, Any]:
    """Load `companion/data/<name>.toml`."""
    source = HERE / f"{name}.toml"
    stamp = source.stat()
    key = (stamp.st_size, stamp.st_mtime_ns)
    cached = CACHE / f"{name}.toml.marshal"
    try:
        found_key, table = marshal.loads(cached.read_bytes())
        if tuple(found_key) == key:
            return table
    except (OSError, ValueError, EOFError, TypeError):
        pass
    import tomllib

    table = tomllib.loads(source.read_text(encoding="utf-8"))
    _keep(cached, key, table)
    return table


def _keep(cached: Path, key: tuple[int, int], table: dict[str, Any]) -> None:
    try:
        body = marshal.dumps((key, table))
    except ValueError:  # a TOML date or time: not worth caching
        return
    try:
        CACHE.mkdir(exist_ok=True)
        staged = cached.with_name(f"{cached.name}.{os.getpid()}")
        staged.write_bytes(body)
        os.replace(staged, cached)
    except OSError:
        pass
