"""Unique-prefix matching, used wherever a user types a name at the table."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from companion.engine.errors import BadInput, UnknownName

# Characters that drive a terminal (ESC, BEL, C1 codes such as OSC), break a line,
# reorder text (bidi overrides) or cannot be written at all (lone surrogates).
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def check_name(name: str, what: str = "player name") -> str:
    """`name` if it holds no control character; one BadInput line otherwise."""
    found = CONTROL.search(name)
    if found is not None:
        shown = "".join(repr(c)[1:-1] if CONTROL.match(c) else c for c in name)
        raise BadInput(
            f"{what} '{shown}' contains a control character ({repr(found.group())[1:-1]})",
            hint="names are plain text",
        )
    return name


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
