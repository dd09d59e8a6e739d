"""The draft when the companion holds the decks (`season start --deck`).

"Deal 6 Hockey Player cards from the common draw pile to each Manager. Each Manager looks at
their hand, selects one Hockey Player card and places it face down under their Fan Zone card.
This zone is their Bench. Each Manager then passes the remaining cards to their neighbour on
the left. Continue in this way until all the Hockey Player cards have been dealt out. Each
Manager must therefore have six Hockey Players on their Bench." Round 2 passes right, round 3
left.

The pile is shuffled once at the setup (seeded) and kept in the log, so every deal replays
exactly. Which card carries which Symbol is not printed in the rulebook: the pile holds each
Species' nine Numbers ("Hockey Player Number (from 1 to 9)"), and a Symbol is the one the
table types when it picks the card (as elsewhere, the card keeps that Symbol).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.allstar.rules.cards import Card
from companion.games.allstar.rules.errors import BadTeam, OutOfTurn
from companion.games.allstar.rules.lineup import short

NUMBERS = range(1, 10)  # "Hockey Player Number (from 1 to 9)", nine cards per Species


def hockey_pile(species: Sequence[str]) -> list[str]:
    """The Hockey Player draw pile of the chosen Species, unshuffled (Species-Number)."""
    return [f"{s}-{n}" for s in species for n in NUMBERS]


def deal(pile: Sequence[Card], start: int, managers: int, hand: int) -> list[list[Card]]:
    """`hand` cards each from `pile[start:]`, dealt one at a time round the table."""
    top = list(pile[start : start + managers * hand])
    if len(top) < managers * hand:
        raise OutOfTurn(
            f"the draw pile holds {len(top)} card(s); dealing {hand} to each of {managers} "
            f"managers needs {managers * hand}"
        )
    return [top[i::managers] for i in range(managers)]


@dataclass(frozen=True)
class Picked:
    """One manager's pick; `passed` says whether the hands moved on after it."""

    manager: str
    card: Card
    passed: bool
    round_done: bool
    bench: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "manager": self.manager,
            "card": str(self.card),
            "passed": self.passed,
            "round_done": self.round_done,
            "bench": [str(c) for c in self.bench],
        }


@dataclass
class Drafting:
    """One round's draft: each manager's hand, the picks of this pass, the round's picks."""

    seating: tuple[str, ...]
    direction: str  # left or right
    hands: dict[str, list[Card]]
    picked: dict[str, Card] = field(default_factory=dict)
    drafted: dict[str, list[Card]] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        return all(not hand for hand in self.hands.values()) and not self.picked

    def waiting_for(self) -> list[str]:
        return [m for m in self.seating if m not in self.picked and self.hands[m]]

    def hand(self, manager: str) -> list[Card]:
        return list(self.hands[manager])

    def pick(self, manager: str, card: Card) -> tuple[Card, bool]:
        """`manager` takes `card` from their hand; once all have picked, the hands pass."""
        if manager in self.picked:
            raise BadTeam(
                f"{manager} has picked {short(self.picked[manager])} from this hand; the hands "
                f"pass once {', '.join(self.waiting_for())} pick"
            )
        held = next((c for c in self.hands[manager] if c.identity == card.identity), None)
        if held is None:
            cards = " ".join(short(c) for c in self.hands[manager])
            raise BadTeam(f"card {short(card)} is not in {manager}'s hand ({cards})")
        chosen = card if card.symbol else held
        self.hands[manager] = [c for c in self.hands[manager] if c.identity != card.identity]
        self.picked[manager] = chosen
        self.drafted.setdefault(manager, []).append(chosen)
        if self.waiting_for():
            return chosen, False
        self._pass()
        return chosen, True

    def _pass(self) -> None:
        """ "passes the remaining cards to their neighbour on the left" (or right)."""
        step = 1 if self.direction == "left" else -1
        n = len(self.seating)
        self.hands = {
            self.seating[(i + step) % n]: self.hands[m] for i, m in enumerate(self.seating)
        }
        self.picked = {}
