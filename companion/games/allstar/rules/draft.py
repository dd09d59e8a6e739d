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


BENCH = 6  # "Each Manager must therefore have six Hockey Players on their Bench."


@dataclass(frozen=True)
class Picked:
    """One move of the draft; `placed` is each card that went onto a Bench, and whose."""

    manager: str
    card: Card
    placed: tuple[tuple[str, Card], ...]
    passed: bool
    round_done: bool
    bench: tuple[Card, ...]
    discarded: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "manager": self.manager,
            "card": str(self.card),
            "placed": [{"manager": m, "card": str(c)} for m, c in self.placed],
            "discarded": [str(c) for c in self.discarded],
            "passed": self.passed,
            "round_done": self.round_done,
            "bench": [str(c) for c in self.bench],
        }


def _take(cards: list[Card], card: Card, where: str) -> Card:
    """`card` out of `cards` (by Species and Number); the Symbol typed is kept."""
    held = next((c for c in cards if c.identity == card.identity), None)
    if held is None:
        shown = " ".join(short(c) for c in cards) or "none"
        raise BadTeam(f"card {short(card)} is not in {where} ({shown})")
    cards.remove(held)
    return card if card.symbol else held


@dataclass
class Drafting:
    """One round's draft: each hand, the picks of this pass, the round's cards per Bench.

    `mode` is the setup's draft: standard (pass left or right), heritage (pass to the
    opponent; with seven on the Bench, discard one), duel (a pick, then of two more one
    on your Bench and one on your opponent's; discard one of seven) or open-market (three
    cards face up: the chooser takes one, the opponent one of the two left, the third is
    discarded; the chooser alternates).
    """

    seating: tuple[str, ...]
    direction: str
    hands: dict[str, list[Card]]
    mode: str = "standard"
    picked: dict[str, Card] = field(default_factory=dict)
    drafted: dict[str, list[Card]] = field(default_factory=dict)
    discarded: dict[str, Card] = field(default_factory=dict)
    # Open Market: the three cards face up, who chooses first now, who takes next.
    market: list[Card] = field(default_factory=list)
    chooser: str | None = None
    to_take: str | None = None

    @property
    def discards(self) -> bool:
        """Heritage and Duel: "Choose one card from among your seven cards and discard it"."""
        return self.mode in ("heritage", "duel")

    @property
    def drafting_over(self) -> bool:
        if self.mode == "open-market":
            return all(len(self.drafted.get(m, ())) >= BENCH for m in self.seating)
        return all(not hand for hand in self.hands.values()) and not self.picked

    @property
    def done(self) -> bool:
        over = self.drafting_over
        return over and (not self.discards or len(self.discarded) == len(self.seating))

    def waiting_for(self) -> list[str]:
        if self.mode == "open-market" and not self.drafting_over:
            return [self.to_take] if self.to_take else list(self.seating)
        if not self.drafting_over:
            return [m for m in self.seating if m not in self.picked and self.hands[m]]
        return [m for m in self.seating if self.discards and m not in self.discarded]

    def hand(self, manager: str) -> list[Card]:
        return list(self.market if self.mode == "open-market" else self.hands[manager])

    def opponent(self, manager: str) -> str:
        return next(m for m in self.seating if m != manager)

    def pick(
        self, manager: str, card: Card, keep: Card | None = None, give: Card | None = None
    ) -> tuple[list[tuple[str, Card]], bool, list[Card]]:
        """A pick: the cards placed (manager, card), whether the hands passed, any discarded."""
        if self.drafting_over:
            raise OutOfTurn(
                f"the draft of this round is over; {', '.join(self.waiting_for())} discard "
                "one card of their seven ('season discard')"
            )
        if self.mode == "open-market":
            return self._market_pick(manager, card)
        if manager in self.picked:
            raise BadTeam(
                f"{manager} has picked {short(self.picked[manager])} from this hand; the hands "
                f"pass once {', '.join(self.waiting_for())} pick"
            )
        hand = list(self.hands[manager])
        chosen = _take(hand, card, f"{manager}'s hand")
        placed = [(manager, chosen)]
        if self.mode == "duel" and len(hand) >= 2:
            # "Then they choose 2 from their hand, place one face down on their Bench and the
            # other face down on their opponent's Bench."
            if keep is None or give is None:
                raise BadTeam(
                    f"Duel: with the pick, {manager} puts one more card on their Bench and one "
                    "on their opponent's (--keep CARD --give CARD)"
                )
            placed.append((manager, _take(hand, keep, f"{manager}'s hand")))
            placed.append((self.opponent(manager), _take(hand, give, f"{manager}'s hand")))
        elif keep is not None or give is not None:
            raise BadTeam("--keep and --give are Duel's, with two cards left after the pick")
        self.hands[manager] = hand
        self.picked[manager] = chosen
        for who, c in placed:
            self.drafted.setdefault(who, []).append(c)
        if self.waiting_for():
            return placed, False, []
        self._pass()
        return placed, True, []

    def discard(self, manager: str, card: Card) -> Card:
        """Heritage and Duel: one card of the seven drafted this round goes back to the box."""
        if not self.discards:
            raise OutOfTurn(f"no discard in the {self.mode} draft")
        if not self.drafting_over:
            raise OutOfTurn(
                f"the discard comes once each Bench holds seven cards; "
                f"{', '.join(self.waiting_for())} still pick"
            )
        if manager in self.discarded:
            raise BadTeam(f"{manager} has discarded {short(self.discarded[manager])} this round")
        mine = self.drafted.setdefault(manager, [])
        gone = _take(mine, card, f"{manager}'s cards of this round")
        self.discarded[manager] = gone
        return gone

    def open_market(self, cards: Sequence[Card], chooser: str | None) -> None:
        """ "draws 3 cards from the pile and places them in the centre of the table face up"."""
        self.market = list(cards)
        self.chooser = chooser
        self.to_take = chooser

    def _market_pick(
        self, manager: str, card: Card
    ) -> tuple[list[tuple[str, Card]], bool, list[Card]]:
        if self.to_take is not None and manager != self.to_take:
            raise BadTeam(f"{self.to_take} chooses from the market now, not {manager}")
        chosen = _take(self.market, card, "the market")
        self.drafted.setdefault(manager, []).append(chosen)
        if len(self.market) == 2:
            # "The opposing Manager then chooses one card from among the two remaining".
            self.chooser = self.chooser or manager
            self.to_take = self.opponent(manager)
            return [(manager, chosen)], False, []
        discarded = list(self.market)  # "... and discards the third"
        self.market = []
        assert self.chooser is not None
        self.chooser = self.opponent(self.chooser)  # "alternating who begins the choosing"
        self.to_take = self.chooser
        return [(manager, chosen)], True, discarded

    def _pass(self) -> None:
        """ "passes the remaining cards to their neighbour on the left" (or right)."""
        step = -1 if self.direction == "right" else 1
        n = len(self.seating)
        self.hands = {
            self.seating[(i + step) % n]: self.hands[m] for i, m in enumerate(self.seating)
        }
        self.picked = {}
