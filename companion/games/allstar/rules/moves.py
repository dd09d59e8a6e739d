"""The moves a tracked season could take now: the candidates of the legal-moves query
(`companion.engine.moves`). `Season.apply` alone says which are legal, and why not.

Each manager's moves are theirs (`who` = the manager) and name only their own cards: a pick
names a card of the hand that manager holds now (Open Market: the three face up), a discard
one of their seven, a team five cards of their own Bench, a swap a card of their team in
play. The table's own moves (`who` None): the round's arenas, resolving a round, revealing a
Play-Off round that follows from named substitutions.

What the companion cannot know is not listed: without its deck (`season start --deck`) the
hands and Benches are the table's, so a new team is typed (`season team`); the arenas are
listed from the companion's Arena deck, else from the table's catalogue (`Season.catalogue`,
which the table lends the state); a shootout's cards are played from hands it does not see.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from companion.engine.moves import Ask, Move
from companion.games.allstar.rules.cards import Card
from companion.games.allstar.rules.lineup import short

if TYPE_CHECKING:
    from companion.games.allstar.rules.season import Season

MOST_ARENA_CHOICES = 12  # rounds 2-3 from a catalogue: the first sets of arenas, in its order


def candidates(season: Season) -> Iterator[Move]:
    phase = season.phase
    if phase == "arenas":
        yield from _arenas(season)
    elif phase == "draft":
        yield from _draft(season)
    elif phase == "teams":
        yield from _teams(season)
        yield Move("resolve", None, {}, f"resolve round {season.round}", confirm=True)
    elif phase == "playoffs":
        yield from _playoffs(season)


def _arenas(season: Season) -> Iterator[Move]:
    r = season.round
    if season.deck and season.arena_deck:
        yield Move("arenas", None, {"drawn": True}, f"draw round {r}'s arenas from the deck")
        return
    played = {a.name.casefold() for row in season.arenas.values() for a in row}
    free = [a.name for a in season.catalogue if a.name.casefold() not in played]
    free = [name for name in free if _playable(season, name)]
    for names in list(combinations(free, r))[:MOST_ARENA_CHOICES]:
        label = f"place {', '.join(names)}" + (" (Bus 1 first)" if r > 1 else "")
        yield Move("arenas", None, {"arenas": list(names)}, label)


def _playable(season: Season, name: str) -> bool:
    """Whether the table may play the catalogue's arena `name` with its managers."""
    from companion.games.allstar.rules.errors import BadArena

    arena = next(a for a in season.catalogue if a.name == name)
    try:
        arena.check_playable(season.n)
    except BadArena:
        return False
    return True


def _draft(season: Season) -> Iterator[Move]:
    drafting = season.drafting
    assert drafting is not None
    if drafting.drafting_over:  # Heritage and Duel: one of the seven back in the box
        for m in season.managers:
            for card in drafting.drafted.get(m, ()):
                what = {"manager": m, "card": str(card)}
                yield Move("discard", m, what, f"{m} discards {card}", private=True)
        return
    for m in season.managers:
        hand = drafting.hand(m)
        for card in hand:
            rest = tuple(str(c) for c in hand if c.identity != card.identity)
            asks: tuple[Ask, ...] = ()
            if drafting.mode == "duel" and len(rest) >= 2:
                # "Then they choose 2 from their hand, place one face down on their Bench
                # and the other face down on their opponent's Bench."
                asks = (
                    Ask("keep", "the card onto your own Bench", rest, default=rest[0]),
                    Ask("give", "the card onto your opponent's Bench", rest, default=rest[1]),
                )
            what = {"manager": m, "card": str(card)}
            secret = drafting.mode != "open-market"  # the market's three are face up
            yield Move("pick", m, what, f"{m} picks {card}", asks, private=secret)


def _teams(season: Season) -> Iterator[Move]:
    if not season.carries:
        return
    for m in season.managers:
        mine = season.in_play[m]
        buses = tuple(range(1, season.round + 1))
        if season.deck and mine.new is None:
            yield from _new_teams(season, m, buses)
        for index in range(mine.new_index):
            team = mine.team(index)
            for bus in (b for b in buses if b != mine.bus_of(index)):  # not where it is
                what = {"manager": m, "bus": bus, "card": str(team[0])}
                yield Move("bus", m, what, f"{m}'s round-{index + 1} team on Bus {bus}")
            if season.deck:
                yield from _swaps(season, m, index)


def _free(season: Season, manager: str) -> list[Card]:
    """The cards of `manager`'s Bench in none of their teams in play now."""
    mine = season.in_play[manager]
    return [c for c in season.bench[manager] if mine.holding(c.identity) is None]


def _new_teams(season: Season, manager: str, buses: tuple[int, ...]) -> Iterator[Move]:
    """'c. Building the Teams': five cards of the Bench; the Bus is the manager's to say."""
    mine = season.in_play[manager]
    free = _free(season, manager)
    open_buses = [b for b in buses if b not in mine.placed]
    bus = Ask("bus", "the Bus it travels on", number=True, low=1, high=season.round,
              default=(open_buses or [buses[-1]])[-1])  # fmt: skip
    for team in combinations(free, 5):
        cards = [str(c) for c in team]
        label = f"{manager}'s new team {' '.join(short(c) for c in team)}"
        what = {"manager": manager, "cards": cards}
        yield Move("team", manager, what, label, (bus,), private=True)  # a Bench is secret


def _swaps(season: Season, manager: str, index: int) -> Iterator[Move]:
    """'c. Building the Teams': "swap a single Hockey Player card of a previously played
    team with a card from their Bench"."""
    free = tuple(str(c) for c in _free(season, manager))
    if not free:
        return
    into = Ask("in", "the Bench card coming in", free, default=free[0])
    for card in season.in_play[manager].team(index):
        what = {"manager": manager, "out": str(card)}
        yield Move("card-swap", manager, what, f"{manager} swaps {card} out", (into,), private=True)


def _playoffs(season: Season) -> Iterator[Move]:
    from companion.games.allstar.data import load

    playoffs = season.playoffs
    assert playoffs is not None
    if playoffs.stage == "team" and playoffs.row and not playoffs.teams_needed():
        what = {"teams": {}, "points": list(playoffs.row)}
        yield Move(
            "playoff-round", None, what, f"reveal Play-Off round {playoffs.round + 1}", confirm=True
        )
    if playoffs.stage == "swap":
        low, high = load("game")["playoffs"]["swap"]
        for m in season.managers:
            for count in range(low, high + 1):
                what = {"manager": m, "count": count}
                yield Move("swap", m, what, f"{m} substitutes {count} cards")
