"""Unique-prefix matching, used wherever a user types a name at the table."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import Any

from companion.engine.errors import BadInput, UnknownName

# Characters that drive a terminal (ESC, BEL, C1 codes such as OSC), break a line,
# reorder text (bidi overrides) or cannot be written at all (lone surrogates).
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


# One limit for every way a name comes in (typed at `start`, `log`, `rename`, or read by
# `history import`), so that whatever the companion stores an export of imports back.
MAX_NAME = 200


def name_problem(name: Any, limit: int | None = MAX_NAME) -> str | None:
    """What is wrong with a name coming in, if anything: empty, too long, or holding a
    character that drives a terminal or that no one can see (U+200B and the like: a name
    that looks like another would be another player)."""
    if not isinstance(name, str):
        return "is not a string"
    if not name.strip():
        return "is empty"
    if limit is not None and len(name) > limit:
        return f"is longer than {limit} characters"
    found = CONTROL.search(name)
    if found is not None:
        return f"contains a control character ({repr(found.group())[1:-1]})"
    hidden = next((c for c in name if not c.isprintable() and c != " "), None)
    if hidden is not None:
        return f"contains an invisible character (U+{ord(hidden):04X})"
    return None


def shown(name: str) -> str:
    """A name as an error shows it: what cannot be seen or would drive a terminal escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in name)


def check_name(name: str, what: str = "player name", limit: int | None = MAX_NAME) -> str:
    """`name` if `name_problem` finds nothing; one BadInput line otherwise."""
    why = name_problem(name, limit)
    if why is not None and why != "is empty":
        cut = name if len(name) <= 60 else name[:60] + "…"
        raise BadInput(f"{what} '{shown(cut)}' {why}", hint="names are plain text")
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
