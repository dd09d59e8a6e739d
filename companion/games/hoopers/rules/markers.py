"""The injury marker pile: kinds from the rulebook, the pile's make-up editable."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from companion.engine.names import match_prefix
from companion.games.hoopers.data import load
from companion.games.hoopers.rules.errors import BadStat

PILE_SIZE = 8  # rulebook "Components" G: 8 injury markers

# Markers that stop a hooper from shooting.
NO_ATTACK = {"out", "no-attack"}


@cache
def marker_texts() -> dict[str, str]:
    return {m["key"]: m["text"] for m in load("injuries")["markers"]}


def default_pile() -> list[str]:
    return list(load("injuries")["default_pile"]["keys"])


def default_assumptions() -> list[str]:
    return list(load("injuries")["default_pile"]["assumed"])


def parse_pile(names: Sequence[str]) -> list[str]:
    """A pile of eight markers, each a kind (by unique prefix)."""
    pile = [match_prefix(n, marker_texts(), what="injury marker") for n in names]
    if len(pile) != PILE_SIZE:
        raise BadStat(f"an injury pile has {PILE_SIZE} markers, not {len(pile)}")
    return pile
