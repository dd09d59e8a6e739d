"""Final scores and per-player values as typed (`Ana=29`): parsed and checked, nothing else.

`companion log`, `history amend` and each game's logging rules (`games/<game>/logged.py`)
read their NAME=VALUE entries here, so every game refuses the same typos the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.engine.errors import BadInput
from companion.engine.names import match_prefix


def check_name(name: str, what: str = "name") -> str:
    cleaned = name.strip()
    if not cleaned:
        raise BadInput(f"a {what} is empty")
    if not all(c.isprintable() for c in cleaned):
        raise BadInput(f"the {what} {cleaned!r} holds control characters")
    return cleaned


def parse_number(text: str, what: str) -> int:
    from companion.engine.bounds import number_problem

    try:
        number = int(text.strip())
    except ValueError:
        raise BadInput(f"{what} '{text.strip()}' is not a whole number") from None
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
