"""Final scores and per-player values as typed (`Ana=29`): parsed and checked, nothing else.

`companion log`, `history amend` and each game's logging rules (`games/<game>/logged.py`)
read their NAME=VALUE entries here, so every game refuses the same typos the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.engine.errors import BadInput
from companion.engine.names import MAX_NAME, match_prefix


def check_name(name: str, what: str = "name", limit: int | None = MAX_NAME) -> str:
    """`name` stripped, if the rule every name coming in keeps allows it (`limit`: its
    length; None for free text such as a note)."""
    from companion.engine.names import name_problem, shown

    cleaned = name.strip()
    if not cleaned:
        raise BadInput(f"a {what} is empty")
    why = name_problem(cleaned, limit)
    if why is not None:  # the one rule every way in keeps (companion.engine.names)
        cut = cleaned if len(cleaned) <= 60 else cleaned[:60] + "…"
        raise BadInput(f"the {what} '{shown(cut)}' {why}")
    return cleaned


def parse_number(text: str, what: str) -> int:
    from companion.engine.bounds import OUT_OF_RANGE, number_problem

    typed = text.strip()
    digits = typed.lstrip("+-").replace("_", "")
    if digits.isdigit() and digits.isascii() and len(digits) > 18:
        # Python refuses to read an int of more than 4,300 digits: it is a whole number,
        # just far out of range, and should say so.
        raise BadInput(f"{what} {OUT_OF_RANGE}")
    try:
        number = int(typed)
    except ValueError:
        shown = typed if len(typed) <= 60 else typed[:60] + "…"
        raise BadInput(f"{what} '{shown}' is not a whole number") from None
    why = number_problem(number)
    if why:
        raise BadInput(f"{what} {why}")
    return number


def parse_pair(text: str, what: str = "NAME=SCORE") -> tuple[str, int]:
    """`Ana=29` -> ("Ana", 29)."""
    name, sep, value = text.rpartition("=")
    if not sep or not name.strip() or not value.strip():
        raise BadInput(f"'{text}' is not {what} (e.g. Ana=29)")
    score = parse_number(value, f"the score of {name.strip()}" if what == "NAME=SCORE" else what)
    return check_name(name, "player's name"), score


def parse_scores(entries: Iterable[str]) -> dict[str, int]:
    """Every `NAME=SCORE`, in the order given; a name given twice (any case) is refused."""
    scores: dict[str, int] = {}
    seen: dict[str, str] = {}
    for text in entries:
        name, score = parse_pair(text)
        if name.casefold() in seen:
            raise BadInput(f"player '{name}' is named twice")
        seen[name.casefold()] = name
        scores[name] = score
    if not scores:
        raise BadInput("no scores given", hint="e.g. companion log GAME Ana=98 Ben=80")
    return scores


def parse_per_player(
    entries: Iterable[str], players: Sequence[str], option: str, what: str
) -> dict[str, int]:
    """`--bonus Ana=6`: each NAME a player of this game (or a unique prefix)."""
    found: dict[str, int] = {}
    for text in entries:
        name, value = parse_pair(text, f"{option} NAME={what}")
        player = match_prefix(name, players, what="player")
        if player in found:
            raise BadInput(f"{option} names {player} twice")
        found[player] = value
    return found
