"""What the store gives a new match: an id, and the time it is stamped with.

`new_id` is looked up on this module when called (`ids.new_id()`), so a test that
needs known ids patches it in one place.
"""

from __future__ import annotations

from typing import Any

ID_ALPHABET = "bcdfghjkmnpqrstvwxz23456789"
ID_LENGTH = 6

Match = dict[str, Any]


def now() -> str:
    """The wall clock (one source, companion.store.clock.wall, so tests can step it)."""
    from companion.store import clock

    return clock.wall()


def new_id() -> str:
    import secrets  # only when a name is made: hmac and hashlib cost every read

    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))
