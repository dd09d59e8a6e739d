"""The game's own tables: the TOML files beside this one, read and cached like companion.data."""

from companion.data import reader

load = reader(__file__)


def words(key: str) -> tuple[str, ...]:
    """One list of words.toml: the words a table says for a play (its shots, its counters)."""
    return tuple(load("words")[key])
