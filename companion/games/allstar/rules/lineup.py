"""The teams a manager has in play in one regular-season round.

"The Teams stay in play": a manager's team of round 1 plays again in rounds 2 and 3, and the
team of round 2 in round 3, each with at most one card swapped per round ("each Manager may
swap a single Hockey Player card of a previously played team with a card from their
Bench"), beside one new team built from the Bench. Each team then takes a Bus.

A team is numbered by the round it was built in: team 1 is the round-1 team. A team with no
Bus named takes the first free Bus, the oldest team first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.allstar.rules.cards import Card
from companion.games.allstar.rules.errors import BadTeam


def cards_line(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def short(card: Card) -> str:
    return f"{card.species}-{card.number}"


@dataclass
class InPlay:
    """One manager's teams this round: the earlier ones (kept in play), the new one, the Buses."""

    manager: str
    round: int
    kept: list[tuple[Card, ...]]  # the earlier teams as they ended last round, oldest first
    swaps: dict[int, tuple[Card, Card]] = field(default_factory=dict)  # team -> (out, in)
    new: tuple[Card, ...] | None = None
    placed: dict[int, int] = field(default_factory=dict)  # Bus -> team (explicitly named)

    @property
    def new_index(self) -> int:
        return len(self.kept)

    def team(self, index: int) -> tuple[Card, ...]:
        """Team `index` as it plays this round (the new team once given)."""
        if index == self.new_index:
            return self.new or ()
        cards = self.kept[index]
        if index in self.swaps:
            out, into = self.swaps[index]
            cards = tuple(into if c.identity == out.identity else c for c in cards)
        return cards

    def name(self, index: int) -> str:
        which = "new team" if index == self.new_index else f"round-{index + 1} team"
        return f"{self.manager}'s {which}"

    def buses(self) -> dict[int, int]:
        """Bus -> team: the Buses named, then the earlier teams take the free ones, oldest first.

        The new team always comes with its Bus; until it does, the last free Bus waits for it.
        """
        chosen = dict(self.placed)
        free = [b for b in range(1, self.round + 1) if b not in chosen]
        waiting = [i for i in range(self.new_index) if i not in chosen.values()]
        for bus, index in zip(free, waiting, strict=False):
            chosen[bus] = index
        return dict(sorted(chosen.items()))

    def bus_of(self, index: int) -> int | None:
        return next((b for b, i in self.buses().items() if i == index), None)

    def lineup(self) -> dict[int, tuple[Card, ...]]:
        """Bus -> cards, for the teams that have one."""
        return {bus: self.team(i) for bus, i in self.buses().items() if self.team(i)}

    def holding(self, identity: tuple[str, int]) -> int | None:
        """The team (this round) holding a card, if any."""
        for index in range(self.new_index + 1):
            if any(c.identity == identity for c in self.team(index)):
                return index
        return None

    # --- what the table types -----------------------------------------------

    def classify(self, cards: Sequence[Card]) -> tuple[int, tuple[Card, Card] | None]:
        """Which team typed `cards` are: (team, the one-card swap they show, or None).

        An earlier team typed again, unchanged or with one card swapped, is that team; cards
        of none of the teams in play are the new team; anything else is refused.
        """
        ids = {c.identity for c in cards}
        for index in range(self.new_index):
            now = {c.identity for c in self.team(index)}
            if ids == now:
                return index, None
            before = self.kept[index]
            shared = ids & {c.identity for c in before}
            if len(shared) == len(before) - 1 and index not in self.swaps:
                out = next(c for c in before if c.identity not in ids)
                into = next(c for c in cards if c.identity not in shared)
                return index, (out, into)
        if self.new is not None and ids == {c.identity for c in self.new}:
            return self.new_index, None
        for index in range(self.new_index):
            now_cards = self.team(index)
            shared = ids & {c.identity for c in now_cards}
            if shared:
                raise BadTeam(self._differs(index, now_cards, cards))
        return self.new_index, None

    def _differs(self, index: int, now: Sequence[Card], typed: Sequence[Card]) -> str:
        ids = {c.identity for c in typed}
        gone = [short(c) for c in now if c.identity not in ids]
        added = [short(c) for c in typed if c.identity not in {x.identity for x in now}]
        swapped = (
            f" (its swap this round is already {short(self.swaps[index][0])} → "
            f"{short(self.swaps[index][1])})"
            if index in self.swaps
            else ""
        )
        return (
            f"{self.name(index)} ({cards_line(now)}) is in play{swapped}: typed again it may "
            f"differ by one swapped card, but this differs by {len(gone)} (out: "
            f"{', '.join(gone)}; in: {', '.join(added)}); a new team shares no card with the "
            "teams in play"
        )

    def check_place(self, bus: int, index: int) -> None:
        """Refuse a Bus already named for another team, or a team already sent elsewhere."""
        if bus in self.placed and self.placed[bus] != index:
            raise BadTeam(f"{self.manager} has already used Bus {bus} this round")
        for other_bus, other in self.placed.items():
            if other == index and other_bus != bus:
                raise BadTeam(f"{self.name(index)} already travels on Bus {other_bus}")

    def to_json(self) -> list[dict[str, Any]]:
        """The teams by Bus: which team (new, or "round N"), its cards and this round's swap."""
        teams = []
        for bus, index in self.buses().items():
            cards = self.team(index)
            if not cards:
                continue
            swap = self.swaps.get(index)
            teams.append(
                {
                    "team": "new" if index == self.new_index else f"round {index + 1}",
                    "bus": bus,
                    "cards": [str(c) for c in cards],
                    "swap": {"out": str(swap[0]), "in": str(swap[1])} if swap else None,
                }
            )
        return teams
