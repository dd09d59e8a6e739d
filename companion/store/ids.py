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
    return unguessable(ID_ALPHABET, ID_LENGTH)


def unguessable(alphabet: str, length: int) -> str:
    """`length` characters of `alphabet` from the system's randomness, each equally likely
    (as `secrets.choice` draws them), read straight from `os.urandom`: `secrets` imports
    hmac and hashlib (15 M instructions, 4 % of a tracked move) and `random` 4.6 M more,
    for a file's temporary name."""
    import os

    size = len(alphabet)
    if not 0 < size <= 256:
        raise ValueError("an alphabet of 1 to 256 characters")
    fair = 256 - 256 % size  # a byte at or above this would favour the first characters
    drawn: list[str] = []
    while len(drawn) < length:
        drawn += [alphabet[b % size] for b in os.urandom(length) if b < fair]
    return "".join(drawn[:length])
