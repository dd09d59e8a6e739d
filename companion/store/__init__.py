"""The match store: TinyDB over crash-safe, locked JSON files.

See `companion.store.store.Store` for the API every game uses.

`Store` is imported on first use, not with the package: the shell's Tab reads the
database through `companion.store.peek`, and importing this package must not
bring in tinydb, the lock or anything else of the write path (a Tab runs the
whole program on every key press; tests/benchmarks/startup.py measures it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.store.store import Store

__all__ = ["Store"]


def __getattr__(name: str) -> Any:
    if name == "Store":
        from companion.store.store import Store

        return Store
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
