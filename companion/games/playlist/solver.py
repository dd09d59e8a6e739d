"""The best solo playlist from a set of laid-out cards, proven optimal by branch and bound.

A playlist is a simple path in the graph whose vertices are the cards and
whose edges join cards that may lie side by side. Its score depends only on
which cards it holds, and never drops when a card is added (points are never
negative, genre bonuses only grow), so the cards still reachable from the
playlist's open end give a sound upper bound on anything it can become. The
search grows playlists from one end (every path is some card's path read
from one end) and prunes a branch when its bound cannot beat the best found:

* Only one connected piece of the unused cards can be entered from the open
  end, so the bound is the best single piece, not their union.
* A card with one link inside that piece can only be the playlist's last
  card, so at most one such dead end counts towards the bound.
* The same set of cards ending on the same card has the same future, so each
  (set, end) state is expanded once.

Children are tried best gain first, then fewest onward links (Warnsdorff's
rule), so strong playlists turn up early and prune the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.playlist.cards import Card, rules
from companion.games.playlist.chain import SOLO, LinkRule
from companion.games.playlist.scoring import PlaylistScore, score_playlist

MEMO_LIMIT = 4_000_000  # states remembered; beyond this the search stays exact, only slower


@dataclass(frozen=True)
class Solution:
    """The best playlist found. `optimal` is True when the search finished (a proof)."""

    playlist: tuple[Card, ...]
    score: PlaylistScore
    goal: int
    optimal: bool
    nodes: int

    @property
    def wins(self) -> bool:
        return self.score.total >= self.goal


class _Budget(Exception):
    """The caller's node budget ran out before the proof finished."""


class _Search:
    def __init__(self, cards: Sequence[Card], rule: LinkRule, max_nodes: int | None) -> None:
        n = len(cards)
        self.n = n
        self.adj = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                if rule.links(cards[i], cards[j]):
                    self.adj[i] |= 1 << j
                    self.adj[j] |= 1 << i
        self.points = [card.points for card in cards]
        genres = sorted({card.genre for card in cards})
        self.genre_of = [genres.index(card.genre) for card in cards]
        self.genre_masks = [0] * len(genres)
        for i, g in enumerate(self.genre_of):
            self.genre_masks[g] |= 1 << i
        by_points: dict[int, int] = {}
        for i, p in enumerate(self.points):
            by_points[p] = by_points.get(p, 0) | (1 << i)
        self.point_masks = [(p, m) for p, m in by_points.items() if p]
        self.bonus_from = rules()["scoring"]["genre_bonus_from"]
        self.max_nodes = max_nodes
        self.nodes = 0
        self.best = -1
        self.best_path: list[int] = []
        self.seen: set[int] = set()
        self.path: list[int] = []

    def value(self, mask: int) -> int:
        total = 0
        for p, m in self.point_masks:
            total += p * (mask & m).bit_count()
        for m in self.genre_masks:
            songs = (mask & m).bit_count()
            if songs >= self.bonus_from:
                total += songs - self.bonus_from + 1
        return total

    def gain(self, card: int, mask: int) -> int:
        songs = (mask & self.genre_masks[self.genre_of[card]]).bit_count() + 1
        return self.points[card] + (1 if songs >= self.bonus_from else 0)

    def piece(self, start: int, allowed: int) -> int:
        """Every card in `allowed` reachable from the cards in `start`."""
        reached = frontier = start
        adj = self.adj
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            new = adj[low.bit_length() - 1] & allowed & ~reached
            reached |= new
            frontier |= new
        return reached

    def bound(self, tip: int, mask: int) -> int:
        """The most any playlist continuing from `tip` (cards `mask` used) can score."""
        allowed = ~mask & ((1 << self.n) - 1)
        todo = self.adj[tip] & allowed
        tip_bit = 1 << tip
        best = 0
        while todo:
            piece = self.piece(todo & -todo, allowed)
            todo &= ~piece
            around = piece | tip_bit
            ends = 0
            rest = piece
            while rest:
                low = rest & -rest
                rest ^= low
                if (self.adj[low.bit_length() - 1] & around).bit_count() <= 1:
                    ends |= low
            core = mask | (piece & ~ends)
            top = self.value(core)
            while ends:
                low = ends & -ends
                ends ^= low
                top = max(top, self.value(core | low))
            best = max(best, top)
        return best

    def grow(self, tip: int, mask: int, score: int) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Budget
        if score > self.best and len(self.path) >= 2:
            self.best = score
            self.best_path = list(self.path)
        free = self.adj[tip] & ~mask
        if not free:
            return
        state = mask * self.n + tip
        if state in self.seen:
            return
        if len(self.seen) < MEMO_LIMIT:
            self.seen.add(state)
        if self.bound(tip, mask) <= self.best:
            return
        children = []
        while free:
            low = free & -free
            free ^= low
            card = low.bit_length() - 1
            onward = (self.adj[card] & ~mask & ~low).bit_count()
            children.append((-self.gain(card, mask), onward, card))
        children.sort()
        for neg_gain, _, card in children:
            self.path.append(card)
            self.grow(card, mask | (1 << card), score - neg_gain)
            self.path.pop()

    def run(self) -> bool:
        """Search every start; False if the node budget ran out first."""
        starts = sorted(range(self.n), key=lambda i: (-self.points[i], self.adj[i].bit_count()))
        try:
            for start in starts:
                self.path = [start]
                self.grow(start, 1 << start, self.gain(start, 0))
        except _Budget:
            return False
        return True


def best_playlist(
    cards: Sequence[Card],
    rule: LinkRule = SOLO,
    goal: int | None = None,
    max_nodes: int | None = None,
) -> Solution:
    """The highest-scoring playlist (solo scoring) that `cards` can make under `rule`.

    With no two cards able to link, the answer is the empty playlist. With
    `max_nodes`, the best playlist found so far is returned with
    `optimal=False` if the proof did not finish.
    """
    search = _Search(cards, rule, max_nodes)
    finished = search.run()
    playlist = tuple(cards[i] for i in search.best_path)
    return Solution(
        playlist=playlist,
        score=score_playlist(playlist, solo=True),
        goal=rules()["solo"]["goal"] if goal is None else goal,
        optimal=finished,
        nodes=search.nodes,
    )
