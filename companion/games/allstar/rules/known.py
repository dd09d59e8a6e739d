"""The cards a tracked game has seen: whose each is, and the Symbol it was typed with.

Two checks on a move being recorded (a stored log replays as it was kept):

- "Each Manager takes into hand all the cards drafted onto their Bench during the regular
  season (that is, 18 cards)": in the Play-Offs a manager plays no card beyond those 18.
  The companion sees only the cards typed, so the check counts: once 18 of a manager's
  cards are known, any other card is a 19th.
- A card is one Species and Number with one equipment Symbol: typed again with another
  Symbol, it disagrees with what was typed before (one of the two is a typo).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.allstar.data import load
from companion.games.allstar.rules.cards import Card, card_from_text
from companion.games.allstar.rules.errors import BadTeam
from companion.games.allstar.rules.lineup import short


def event_cards(event: Mapping[str, Any]) -> Iterator[tuple[str, Card]]:
    """Each card a season event types, with the manager it belongs to."""
    data = event.get("data", {})
    kind = event["type"]
    if kind == "team":
        for text in data["cards"]:
            yield data["manager"], card_from_text(text)
    elif kind in ("card-swap", "swap"):
        for key in ("out", "in"):
            value = data.get(key) or ()
            for text in [value] if isinstance(value, str) else value:
                yield data["manager"], card_from_text(text)
    elif kind == "bus":
        yield data["manager"], card_from_text(data["card"])
    elif kind == "pick":
        # A pick places cards on Benches; Duel's "give" goes on the opponent's, so only the
        # Symbols are remembered from it (the check on who holds which card is the Bench's).
        yield data["manager"], card_from_text(data["card"])
        if data.get("keep"):
            yield data["manager"], card_from_text(data["keep"])
    elif kind == "playoff-round":
        for manager, texts in data["teams"].items():
            for text in texts:
                yield manager, card_from_text(text)
    elif kind == "shootout":
        for manager, text in data["cards"].items():
            yield manager, card_from_text(text)


@dataclass
class KnownCards:
    """Every card seen so far: as first typed with a Symbol, and by manager."""

    symbols: dict[tuple[str, int], Card] = field(default_factory=dict)
    mine: dict[str, dict[tuple[str, int], Card]] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, Any]) -> KnownCards:
        # Keys and Cards are immutable: the dicts alone are copied.
        return KnownCards(dict(self.symbols), {m: dict(c) for m, c in self.mine.items()})

    def remember(self, event: Mapping[str, Any]) -> None:
        for manager, card in event_cards(event):
            if card.symbol:
                self.symbols.setdefault(card.identity, card)
            self.mine.setdefault(manager, {}).setdefault(card.identity, card)

    def check(self, event: Mapping[str, Any], playoffs: bool) -> None:
        """Refuse an event whose cards disagree with those seen, or exceed a hand of 18."""
        new: dict[str, dict[tuple[str, int], Card]] = {}
        for manager, card in event_cards(event):
            seen = self.symbols.get(card.identity)
            if seen is not None and card.symbol and card.symbol != seen.symbol:
                raise BadTeam(
                    f"card {card} disagrees with {seen} typed before: a card has one Symbol "
                    f"(type {seen} or {short(card)})"
                )
            if card.identity not in self.mine.get(manager, {}):
                new.setdefault(manager, {}).setdefault(card.identity, card)
        if not playoffs:
            return
        hand = load("game")["setup"]["playoff_hand"]
        for manager, cards in new.items():
            known = self.mine.get(manager, {})
            if len(known) + len(cards) > hand:
                extra = list(cards.values())[max(0, hand - len(known))]
                names = " ".join(short(c) for c in sorted(known.values()))
                untyped = hand - len(known)
                rest = f", and {untyped} not typed yet" if untyped > 0 else ""
                raise BadTeam(
                    f"card {short(extra)} would be {manager}'s {hand + 1}th card: a manager "
                    f"plays the {hand} cards drafted in the regular season ({manager}'s: "
                    f"{names}{rest})"
                )
