"""The match store: TinyDB over crash-safe, locked JSON files.

See `companion.store.store.Store` for the API every game uses.
"""

from companion.store.store import Store

__all__ = ["Store"]
