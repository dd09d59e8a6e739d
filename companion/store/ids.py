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
    """`length` characters of `alphabet` from the system's randomness, drawn as
    `secrets.choice` draws them (a SystemRandom) without importing `secrets`: its hmac and
    hashlib cost 15 M instructions, 4 % of a tracked move, for a file's temporary name."""
    from random import SystemRandom

    choice = SystemRandom().choice
    return "".join(choice(alphabet) for _ in range(length))
