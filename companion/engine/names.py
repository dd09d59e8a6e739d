"""Unique-prefix matching, used wherever a user types a name at the table."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from companion.engine.errors import UnknownName


def match_prefix(typed: str, choices: Iterable[str], what: str = "name") -> str:
    """Return the one choice that `typed` names (exact, else unique prefix).

    Case-insensitive. Raises UnknownName listing close names or the
    ambiguous candidates.
    """
    options = list(choices)
    key = typed.strip().casefold()
    exact = [c for c in options if c.casefold() == key]
    if exact:
        return exact[0]
    hits = [c for c in options if c.casefold().startswith(key)] if key else []
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise UnknownName(f"{what} '{typed}' is ambiguous: {', '.join(sorted(hits))}")
    close = difflib.get_close_matches(key, [c.casefold() for c in options], n=3, cutoff=0.5)
    names = [c for c in options if c.casefold() in close]
    hint = f"did you mean {' or '.join(names)}?" if names else f"choose from {', '.join(options)}"
    raise UnknownName(f"no {what} '{typed}' ({hint})")
