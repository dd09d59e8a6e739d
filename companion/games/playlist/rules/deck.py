"""The cards, when the companion holds the deck: hands, the Download List and the stockpiles.

"Shuffle the cards. Each player takes 2 assignment cards, 2 music cards and 2
action cards … Finally, put 5 music cards open on the table … called the
Download List." Each turn "Take 1 card from the Download List; Add a new card
to the Download List from the stockpile" twice; at its end the hand is refilled
to 2 music cards, a finished assignment is replaced and a third song of a genre
earns an extra action card.

The piles are shuffled once, with the match's seed, when the game starts, and
kept in the start event in draw order; every later draw takes the top of a pile
and is written into its event too, so replaying the log deals the same cards.
Music cards come from the catalogue; assignment and action cards from the
table's lists (`companion playlist deck`) — when a list is empty, the table deals
those cards by hand and the companion only reminds it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.engine.rng import TableRng
from companion.games.playlist.rules.cards import Card, card_from_dict, rules
from companion.games.playlist.rules.scoring import Assignment, assignment_from_dict


def sizes() -> dict[str, int]:
    """The deal's numbers ("2 assignment cards, 2 music cards and 2 action cards", "5 …")."""
    return dict(rules()["deal"])


def needed(players: int) -> int:
    """Music cards a deal needs: every hand and the Download List."""
    table = sizes()
    return table["music_cards"] * players + table["download_list"]


@dataclass(frozen=True)
class Deck:
    stockpile: tuple[Card, ...]  # music cards, top first
    download: tuple[Card, ...]  # the Download List, open on the table
    hands: Mapping[str, tuple[Card, ...]]  # music cards in hand
    assignment_pile: tuple[Assignment, ...]
    action_pile: tuple[str, ...]
    actions: Mapping[str, tuple[str, ...]]  # action cards in hand
    played_actions: tuple[str, ...] = ()
    downloads: int = 0  # cards taken from the Download List this turn
    holds_assignments: bool = False  # the table gave its assignment cards
    holds_actions: bool = False  # the table gave its action cards

    def to_json(self) -> dict[str, Any]:
        """What everyone at the table sees: the Download List and how many cards are where."""
        return {
            "download_list": [c.to_dict() for c in self.download],
            "stockpile": len(self.stockpile),
            "hands": {p: len(cs) for p, cs in self.hands.items()},
            "downloads_this_turn": self.downloads,
            "assignment_pile": len(self.assignment_pile) if self.holds_assignments else None,
            "action_pile": len(self.action_pile) if self.holds_actions else None,
            "action_cards": (
                {p: len(cs) for p, cs in self.actions.items()} if self.holds_actions else None
            ),
        }


def shuffle(
    music: Sequence[Card], assignments: Sequence[Assignment], actions: Sequence[str], rng: TableRng
) -> dict[str, Any]:
    """The piles in draw order, as the start event keeps them."""
    return {
        "music": [c.to_dict() for c in rng.shuffled(music)],
        "assignments": [a.to_dict() for a in rng.shuffled(assignments)],
        "actions": list(rng.shuffled(actions)),
    }


def deal(players: Sequence[str], piles: Mapping[str, Any]) -> tuple[Deck, dict[str, list]]:
    """The setup deal from the stored piles: two of each to every player in seat order, then
    the Download List. Also returns the assignment cards each player was dealt."""
    table = sizes()
    music = [card_from_dict(c) for c in piles["music"]]
    assignments = [assignment_from_dict(a) for a in piles["assignments"]]
    actions = list(piles["actions"])
    hands: dict[str, tuple[Card, ...]] = {}
    held: dict[str, list[Assignment]] = {}
    in_hand: dict[str, tuple[str, ...]] = {}
    for player in players:
        n = table["music_cards"]
        hands[player], music = tuple(music[:n]), music[n:]
        n = table["assignment_cards"] if assignments else 0
        held[player], assignments = assignments[:n], assignments[n:]
        n = table["action_cards"] if actions else 0
        in_hand[player], actions = tuple(actions[:n]), actions[n:]
    n = table["download_list"]
    deck = Deck(
        stockpile=tuple(music[n:]),
        download=tuple(music[:n]),
        hands=hands,
        assignment_pile=tuple(assignments),
        action_pile=tuple(actions),
        actions=in_hand,
        holds_assignments=bool(piles["assignments"]),
        holds_actions=bool(piles["actions"]),
    )
    return deck, held


def without(cards: tuple[Card, ...], gone: Sequence[Card]) -> tuple[Card, ...]:
    keys = {c.key for c in gone}
    return tuple(c for c in cards if c.key not in keys)


def take(deck: Deck, player: str, card: Card, refill: Card | None) -> Deck:
    """`player` takes `card` from the Download List; `refill` (the stockpile's top) replaces it."""
    download = without(deck.download, [card]) + ((refill,) if refill else ())
    return replace(
        deck,
        download=download,
        stockpile=without(deck.stockpile, [refill]) if refill else deck.stockpile,
        hands={**deck.hands, player: deck.hands[player] + (card,)},
        downloads=deck.downloads + 1,
    )


def played(deck: Deck, player: str, cards: Sequence[Card]) -> Deck:
    return replace(deck, hands={**deck.hands, player: without(deck.hands[player], cards)})


def play_action(deck: Deck, player: str, text: str) -> Deck:
    hand = list(deck.actions[player])
    hand.remove(text)
    return replace(
        deck,
        actions={**deck.actions, player: tuple(hand)},
        played_actions=(*deck.played_actions, text),
    )


@dataclass(frozen=True)
class Draws:
    """What the companion deals at a turn's end."""

    music: tuple[Card, ...] = ()  # the hand refilled to two music cards
    assignments: tuple[Assignment, ...] = ()  # replacing finished ones
    actions: tuple[str, ...] = ()  # extra action cards
    reshuffled: tuple[str, ...] | None = None  # the played action cards, the new pile

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "drawn": [c.to_dict() for c in self.music],
            "new_assignments": [a.to_dict() for a in self.assignments],
            "action_draws": list(self.actions),
        }
        if self.reshuffled is not None:
            data["reshuffled"] = list(self.reshuffled)
        return data


def turn_draws(
    deck: Deck, player: str, finished: int, extra_actions: int, rng: TableRng | None
) -> Draws:
    """The draws at the end of `player`'s turn (before the next player's)."""
    table = sizes()
    short = max(0, table["hand_music"] - len(deck.hands[player]))
    assignments = deck.assignment_pile[:finished] if deck.holds_assignments else ()
    pile, reshuffled = deck.action_pile, None
    actions: tuple[str, ...] = ()
    if deck.holds_actions and extra_actions:
        if len(pile) < extra_actions and deck.played_actions and rng is not None:
            # "If there are no action cards left, take the action cards that have been played,
            # shuffle them and this is the new stockpile for action cards."
            reshuffled = (*pile, *rng.shuffled(deck.played_actions))
            pile = reshuffled
        actions = pile[:extra_actions]
    return Draws(deck.stockpile[:short], tuple(assignments), tuple(actions), reshuffled)


def after_turn(deck: Deck, player: str, data: Mapping[str, Any]) -> Deck:
    """The deck after a stored turn event's draws (the next turn starts with no downloads)."""
    drawn = [card_from_dict(c) for c in data.get("drawn", [])]
    new = len(data.get("new_assignments", []))
    extra = tuple(data.get("action_draws", []))
    action_pile, played = deck.action_pile, deck.played_actions
    if "reshuffled" in data:
        action_pile, played = tuple(data["reshuffled"]), ()
    return replace(
        deck,
        stockpile=without(deck.stockpile, drawn),
        hands={**deck.hands, player: deck.hands[player] + tuple(drawn)},
        assignment_pile=deck.assignment_pile[new:],
        action_pile=action_pile[len(extra) :],
        actions={**deck.actions, player: deck.actions[player] + extra},
        played_actions=played,
        downloads=0,
    )
