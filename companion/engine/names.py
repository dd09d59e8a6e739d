"""Unique-prefix matching, used wherever a user types a name at the table."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.engine.errors import BadInput, UnknownName

# Characters that drive a terminal (ESC, BEL, C1 codes such as OSC), break a line,
# reorder text (bidi overrides) or cannot be written at all (lone surrogates).
# Compiled on first use (`CONTROL`, or re's cache): compiling it costs 4.5 M instructions,
# a sixth of what some commands add to start-up, and most never check a name.
_CONTROL = "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"


def __getattr__(name: str) -> Any:
    """`CONTROL`, the compiled pattern, made when first imported."""
    if name != "CONTROL":
        raise AttributeError(name)
    compiled = globals()["CONTROL"] = re.compile(_CONTROL)
    return compiled


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
    found = re.search(_CONTROL, name)
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
    said = typed.strip()  # one of a list as typed after its comma: quoted without the space
    if hits:
        raise UnknownName(f"{what} '{said}' is ambiguous: {', '.join(sorted(hits))}")
    close = difflib.get_close_matches(key, [c.casefold() for c in options], n=3, cutoff=0.5)
    # A slip of the name or of one of its words (`Mnany` for Manny Gentle, `Lnda` for Linda
    # Siempre) is as close as a spelling can be, though difflib scores it against the whole;
    # a short word one letter off (`mai` for May Friend) is offered too: it is only a hint.
    slips = [c for c in options if any(is_slip(key, w) for w in (c, *c.split()))]
    near = [c for c in options if any(_near_word(key, w) for w in c.casefold().split())]
    found = [*slips, *(c for c in options if c.casefold() in close), *near]
    names = list(dict.fromkeys(found))[:3]
    hint = f"did you mean {' or '.join(names)}?" if names else f"choose from {', '.join(options)}"
    raise UnknownName(f"no {what} '{said}' ({hint})")


def _near_word(key: str, word: str) -> bool:
    """`key` is `word` with one letter changed (both of three letters or more)."""
    if len(key) != len(word) or len(key) < 3:
        return False
    return sum(a != b for a, b in zip(key, word, strict=True)) == 1


# --- one person, one name -------------------------------------------------------------

# Below this many letters one letter off is another name (Ann and Ana are two people);
# two letters swapped is a slip at any length (Bne for Ben).
TYPO_LENGTH = 4


class LooksLikeTypo(BadInput):
    """A new player's name (`name`) one slip away from known players' (`near`)."""

    def __init__(self, message: str, hint: str | None, name: str, near: Sequence[str]) -> None:
        super().__init__(message, hint)
        self.name = name
        self.near = tuple(near)


def is_slip(typed: str, known: str) -> bool:
    """True when `typed` is `known` with two neighbouring letters swapped, or (both names of
    TYPO_LENGTH letters or more) one letter substituted, inserted or deleted.
    Case-insensitive; the same name is no slip."""
    a, b = typed.casefold(), known.casefold()
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 2 and diff[1] == diff[0] + 1:
            i, j = diff
            if a[i] == b[j] and a[j] == b[i]:
                return True
        return len(diff) == 1 and min(len(a), len(b)) >= TYPO_LENGTH
    if abs(len(a) - len(b)) != 1 or min(len(a), len(b)) < TYPO_LENGTH:
        return False
    short, long = (a, b) if len(a) < len(b) else (b, a)
    cut = next((i for i in range(len(short)) if short[i] != long[i]), len(short))
    return short[cut:] == long[cut + 1 :]


def settle_names(typed: Sequence[str], known: Iterable[str], new: Iterable[str] = ()) -> list[str]:
    """Each of `typed` as history knows the person: a known player in any case is that
    player (`ana` -> `Ana`); a new name one slip from a known player (`is_slip`) is refused
    with LooksLikeTypo unless it is in `new` (confirmed a new person). A known name also
    at this table is no slip's target: two names at one table are two people."""
    people = {k.casefold(): k for k in known}
    confirmed = {n.strip().casefold(): n.strip() for n in new}
    settled = [people.get(n.strip().casefold(), n.strip()) for n in typed]
    here = {n.casefold() for n in settled}
    unknown = [n for k, n in confirmed.items() if k not in here]
    if unknown:
        raise BadInput(
            f"--new {unknown[0]} names nobody in this game",
            hint="--new confirms a new player named here",
        )
    for name in settled:
        if name.casefold() in people or name.casefold() in confirmed:
            continue
        near = [k for k in people.values() if k.casefold() not in here and is_slip(name, k)]
        if near:
            near.sort(key=str.casefold)
            raise LooksLikeTypo(
                f"'{name}' is not a known player (did you mean {' or '.join(near)}?)",
                hint=f"someone new: add --new {name}",
                name=name,
                near=near,
            )
    return settled


def renamed(value: Any, names: Mapping[str, str]) -> Any:
    """`value` (plain JSON data) with each string that is exactly one of `names` (old -> new),
    as a value or as a key, spelled anew: a player renamed in a live game's events."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {
            (names.get(k, k) if isinstance(k, str) else k): renamed(v, names)
            for k, v in value.items()
        }
    return value


def a_or_an(words: str) -> str:
    """`words` with their article, by the sound of the first letter: 'an intercept pass',
    'a steal', 'an undefended lay-up' (names and numbers are not vetted: 'a 2PS')."""
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


def possessive(name: str) -> str:
    """`name`'s, or `name`' when it ends in s: "Dime N'Shons' O", "Keepers' turn"."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def plural(count: int, noun: str) -> str:
    """`1 match`, `2 matches`, `1 move`, `3 moves`, `1 alias`, `2 aliases`."""
    if count == 1:
        return f"{count} {noun}"
    ending = "es" if noun.endswith(("s", "sh", "ch", "x", "z")) else "s"
    return f"{count} {noun}{ending}"
