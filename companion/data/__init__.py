"""Rulebook tables as TOML, read with tomllib and cached: the shared ones here, and a
reader of the same kind for each game's own `data/` folder (`reader(__file__)`).

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
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

HERE = Path(__file__).parent


def reader(module_file: str) -> Callable[[str], dict[str, Any]]:
    """`load(name)` of the TOML files in the folder of `module_file` (a package's `__init__`)."""
    folder = Path(module_file).parent

    @cache
    def load(name: str) -> dict[str, Any]:
        return _read(folder, name)

    return load


@cache
def load(name: str) -> dict[str, Any]:
    """Load `companion/data/<name>.toml` (the tables every game shares)."""
    return _read(HERE, name)


def _read(folder: Path, name: str) -> dict[str, Any]:
    source = folder / f"{name}.toml"
    stamp = source.stat()
    key = (stamp.st_size, stamp.st_mtime_ns)
    cached = folder / "__pycache__" / f"{name}.toml.marshal"
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
        cached.parent.mkdir(exist_ok=True)
        staged = cached.with_name(f"{cached.name}.{os.getpid()}")
        staged.write_bytes(body)
        os.replace(staged, cached)
    except OSError:
        pass
