"""Which cards may lie next to each other in a playlist."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.playlist.rules.cards import Card, rules


@dataclass(frozen=True)
class LinkRule:
    """How many icons two neighbouring cards must share, by whether their genres match.

    The multiplayer game and solo play differ only here, so each is one value
    of this type rather than a flag threaded through the rules.
    """

    name: str
    same_genre: int
    other_genre: int

    def needed(self, a: Card, b: Card) -> int:
        return self.same_genre if a.genre == b.genre else self.other_genre

    def links(self, a: Card, b: Card) -> bool:
        return len(a.icon_set & b.icon_set) >= self.needed(a, b)

    def describe(self) -> str:
        if self.same_genre == self.other_genre:
            return f"neighbours share at least {self.same_genre} icon"
        return (
            f"same genre: at least {self.same_genre} shared icon; "
            f"different genres: at least {self.other_genre}"
        )


def _rule(name: str) -> LinkRule:
    table = rules()["links"][name]
    return LinkRule(name, table["same_genre"], table["other_genre"])


MULTIPLAYER = _rule("multiplayer")
SOLO = _rule("solo")


@dataclass(frozen=True)
class ChainCheck:
    """The verdict on a playlist: `broken_at` is the index of the first card that does not link."""

    valid: bool
    broken_at: int | None
    reason: str | None
    shared: tuple[tuple[str, ...], ...]  # icons shared by each neighbouring pair, in order


def check_chain(cards: Sequence[Card], rule: LinkRule = MULTIPLAYER) -> ChainCheck:
    """Check that every card links to the card before it."""
    shared: list[tuple[str, ...]] = []
    for i in range(1, len(cards)):
        before, card = cards[i - 1], cards[i]
        common = tuple(icon for icon in before.icons if icon in card.icon_set)
        shared.append(common)
        if len(common) < rule.needed(before, card):
            return ChainCheck(False, i, link_failure(before, card, rule), tuple(shared))
    return ChainCheck(True, None, None, tuple(shared))


def link_failure(before: Card, card: Card, rule: LinkRule) -> str:
    """Why `card` cannot follow `before`, with both cards' icons."""
    needed = rule.needed(before, card)
    common = [icon for icon in before.icons if icon in card.icon_set]
    genres = "same genre needs" if before.genre == card.genre else "different genres need"
    return (
        f"{card.name()} [{', '.join(card.icons)}] shares {len(common)} icon"
        f"{'' if len(common) == 1 else 's'}"
        f"{' (' + ', '.join(common) + ')' if common else ''} with {before.name()} "
        f"[{', '.join(before.icons)}]; {genres} {needed}"
    )


@dataclass(frozen=True)
class Fit:
    """A card that could still join a playlist: `first` True before its first card, else after
    its last."""

    card: Card
    first: bool
    neighbour: Card


def still_fitting(playlist: Sequence[Card], cards: Sequence[Card], rule: LinkRule) -> list[Fit]:
    """The cards of `cards` outside `playlist` that could join it at either end (solo play grows
    "with the last or the first card in the Playlist")."""
    if not playlist:
        return []
    inside = {c.key for c in playlist}
    fits = []
    for card in cards:
        if card.key in inside:
            continue
        if rule.links(playlist[-1], card):
            fits.append(Fit(card, False, playlist[-1]))
        elif rule.links(card, playlist[0]):
            fits.append(Fit(card, True, playlist[0]))
    return fits


def extend_ends(playlist: Sequence[Card], cards: Sequence[Card], rule: LinkRule) -> list[Card]:
    """`playlist` grown at either end until no card of `cards` fits any more."""
    grown = list(playlist)
    while fits := still_fitting(grown, cards, rule):
        fit = fits[0]
        grown = [fit.card, *grown] if fit.first else [*grown, fit.card]
    return grown


def playable_cards(hand: Sequence[Card], playlist: Sequence[Card]) -> list[Card]:
    """The cards of `hand` its player is able to play now (multiplayer links), hand order.

    With a playlist: each card that links to its last card. Without one: each card that
    could start a playlist with another card of the hand.
    """
    if playlist:
        return [c for c in hand if MULTIPLAYER.links(playlist[-1], c)]
    return [
        a
        for i, a in enumerate(hand)
        if any(MULTIPLAYER.links(a, b) for j, b in enumerate(hand) if j != i)
    ]
