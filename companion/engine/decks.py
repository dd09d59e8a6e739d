"""Decks and deals: pure functions over an injected RNG."""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.engine.errors import BadInput
from companion.engine.names import check_name
from companion.engine.rng import TableRng

_RANGE = re.compile(r"^\s*(-?\d+)\s*-\s*(-?\d+)\s*$")


def parse_deck(text: str) -> list[str]:
    """`1-54` (a numbered deck) or `A,B,C` (named cards)."""
    match = _RANGE.match(text)
    if match:
        low, high = int(match[1]), int(match[2])
        if low > high or high - low >= 10_000:
            raise BadInput(f"deck '{text}' is not a range like 1-54")
        return [str(n) for n in range(low, high + 1)]
    cards = [c.strip() for c in text.split(",") if c.strip()]
    if not cards:
        raise BadInput("the deck is empty")
    duplicates = sorted({c for c in cards if cards.count(c) > 1})
    if duplicates:
        raise BadInput(f"the deck names {', '.join(duplicates)} more than once")
    return cards


def parse_players(names: list[str] | str, low: int = 1, high: int | None = None) -> list[str]:
    """A list of distinct player names, from `A,B,C` or separate words."""
    if isinstance(names, str):
        names = [names]
    players = [p.strip() for chunk in names for p in chunk.split(",") if p.strip()]
    if not players:
        raise BadInput("no players given", hint="e.g. --players Ana,Ben,Cy")
    seen: dict[str, str] = {}
    for name in players:
        check_name(name)
        if name.casefold() in seen:
            raise BadInput(f"player '{name}' is named twice")
        seen[name.casefold()] = name
    if len(players) < low or (high is not None and len(players) > high):
        span = f"{low} to {high}" if high is not None else f"at least {low}"
        if high == low:
            span = f"exactly {low}"
        given = f"{len(players)} player{'' if len(players) == 1 else 's'} given"
        raise BadInput(f"{given}; this needs {span}")
    return players


@dataclass(frozen=True)
class Deal:
    """Cards dealt: each player's hand and what is left."""

    hands: dict[str, list[str]]
    rest: list[str]


def deal(deck: list[str], players: list[str], cards: int | None, rng: TableRng) -> Deal:
    """Shuffle `deck` and deal `cards` to each player, one at a time round the table.

    With `cards=None` the whole deck is dealt, so hands differ by at most one.
    """
    if cards is None:
        shuffled = rng.shuffled(deck)
        hands = {p: shuffled[i :: len(players)] for i, p in enumerate(players)}
        return Deal(hands=hands, rest=[])
    if cards < 1:
        raise BadInput(f"deal at least one card each (asked for {cards})")
    needed = cards * len(players)
    if needed > len(deck):
        raise BadInput(
            f"{len(players)} players × {cards} cards = {needed}, but the deck has {len(deck)}"
        )
    shuffled = rng.shuffled(deck)
    hands = {p: shuffled[i : needed : len(players)] for i, p in enumerate(players)}
    return Deal(hands=hands, rest=shuffled[needed:])
