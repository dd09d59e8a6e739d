"""Generic table helpers: roll, shuffle, deal, first-player."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import JsonOption, SeedOption, emit
from companion.engine.rng import TableRng

MAX_COUNT = 1000


def shuffle(
    items: Annotated[list[str], typer.Argument(help="The things to shuffle.")],
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Shuffle the given items into a uniformly random order."""
    rng = TableRng(seed)
    order = rng.shuffled(items)
    emit(
        {"order": order, "seed": rng.seed},
        json,
        lambda out: [out.print(f"{i}. {item}", markup=False) for i, item in enumerate(order, 1)],
    )


def deal(
    players: Annotated[str, typer.Option("--players", "-p", help="Players, comma separated.")],
    cards: Annotated[
        int | None, typer.Option("--cards", "-k", help="Cards each (default: deal the whole deck).")
    ] = None,
    deck: Annotated[
        str, typer.Option("--deck", help="A numbered range like 1-54, or names A,B,C.")
    ] = "1-54",
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Shuffle a deck and deal hands; shows each hand and what is left."""
    from companion.engine.decks import deal as deal_cards
    from companion.engine.decks import parse_deck, parse_players

    names = parse_players(players, low=2)  # a deal shares a deck between players
    rng = TableRng(seed)
    result = deal_cards(parse_deck(deck), names, cards, rng)

    def render(out):
        width = max(len(p) for p in names)
        for player, hand in result.hands.items():
            out.print(f"{player:<{width}}  {' '.join(hand)}", markup=False)
        left = len(result.rest)
        count = f"({left} card{'s' if left != 1 else ''} left)"
        cards_left = " ".join([*result.rest, count])
        out.print(f"{'rest':<{width}}  {cards_left}", markup=False)

    emit({"hands": result.hands, "rest": result.rest, "seed": rng.seed}, json, render)


def first_player(
    players: Annotated[list[str], typer.Argument(help="The players at the table.")],
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Pick who goes first, uniformly at random."""
    from companion.engine.decks import parse_players

    names = parse_players(players, low=2)
    rng = TableRng(seed)
    first = rng.choice(names)
    emit(
        {"first": first, "players": names, "seed": rng.seed},
        json,
        lambda out: out.print(f"{first} goes first.", markup=False),
    )
