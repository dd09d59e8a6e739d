"""The best solo playlist from a set of laid-out cards, proven optimal by branch and bound.

A playlist is a simple path in the graph whose vertices are the cards and
whose edges join cards that may lie side by side. Its score depends only on
which cards it holds, and never drops when a card is added (points are never
negative, genre bonuses only grow), so the cards still reachable from the
playlist's open end give a sound upper bound on anything it can become. The
search grows playlists from one end (every path is some card's path read
from one end) and prunes a branch when its bound cannot beat the best found:

* Only one connected piece of the unused cards can be entered from the open
  end, and within it only one chain of blocks (biconnected pieces): a path
  leaves a block through a cut card it can never cross back over.
* A card with one link can only come last, so at most one counts; of several
  two-link cards on the same two neighbours, all but one must come last or
  stay out; a hub card has two playlist links, so two-link cards hanging on
  it beyond that stay out — one exception allowed for the last card.
* When leaving out any two cards already costs too much, the playlist must
  hold every card it can reach, or all but one of the few it can spare: a
  Hamiltonian path from the open end. A small search that forces and rules
  out links (a card needs two) looks for one: when there is none the branch
  goes, and one it finds becomes the best playlist. This settles hands where
  a playlist through (nearly) every card would score a point or two more.
* The same set of cards ending on the same card has the same future, so each
  (set, end) state is expanded once; a playlist that would end on a start
  card already searched was found from that card, read the other way round.

Before the proof, a fast rotation–extension heuristic finds long playlists,
which often meet the bound at once. Children are tried best bound first, then
fewest onward links (Warnsdorff's rule).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from companion.games.playlist.rules.cards import Card, rules
from companion.games.playlist.rules.chain import SOLO, LinkRule, extend_ends
from companion.games.playlist.rules.scoring import PlaylistScore, score_playlist
from companion.games.playlist.rules.solo import Goal, default_goal

MEMO_LIMIT = 4_000_000  # states remembered; beyond this the search stays exact, only slower
HEURISTIC_STARTS = 4  # playlists grown quickly before the exact search, from the least-linked cards
HEURISTIC_STEPS = 20  # rotation steps per card laid out
COVER_NODES = 500  # choices one check for a playlist through every card may try
SPARE_LIMIT = 6  # cards a playlist through all others may leave out, checked one by one


@dataclass(frozen=True)
class Solution:
    """The best playlist found. `optimal` is True when the search finished (a proof)."""

    playlist: tuple[Card, ...]
    score: PlaylistScore
    target: Goal
    optimal: bool
    nodes: int

    @property
    def goal(self) -> int:
        return self.target.points

    @property
    def wins(self) -> bool:
        return self.target.wins(self.score.total)


def _bits(mask: int) -> Iterator[int]:
    """Each set bit of `mask`, as a mask of its own, lowest first."""
    while mask:
        low = mask & -mask
        mask ^= low
        yield low


class _Cover:
    """Links forced and ruled out on the way to a path from `first` to `last` through `around`.

    Cards are bits. Every card needs two links of the path, `first` and
    `last` one. A card with only that many links left must use them all
    (forced); once it has them, its other links go. Forced links make
    segments; a link joining a segment's two ends would close a cycle, and
    one joining the segments of `first` and `last` would end the path early
    unless every card is in, so such links go too. The links left must
    still join every card.
    """

    __slots__ = ("first", "last", "total", "around", "allowed", "forced", "other", "size")
    __slots__ += ("dirty", "complete")

    def __init__(self, first: int, last: int, around: int, links: dict[int, int]) -> None:
        self.first, self.last, self.around = first, last, around
        self.total = around.bit_count()
        self.allowed = dict(links)
        self.forced = dict.fromkeys(links, 0)
        self.other = {low: low for low in links}  # each segment end's other end
        self.size = dict.fromkeys(links, 1)
        self.dirty = around
        self.complete = False
        self.drop(first, last)

    def copy(self) -> _Cover:
        twin = object.__new__(_Cover)
        twin.first, twin.last = self.first, self.last
        twin.around, twin.total = self.around, self.total
        twin.allowed, twin.forced = dict(self.allowed), dict(self.forced)
        twin.other, twin.size = dict(self.other), dict(self.size)
        twin.dirty, twin.complete = self.dirty, self.complete
        return twin

    def need(self, card: int) -> int:
        return 1 if card == self.first or card == self.last else 2

    def drop(self, a: int, b: int) -> None:
        if self.allowed[a] & b and not self.forced[a] & b:
            self.allowed[a] &= ~b
            self.allowed[b] &= ~a
            self.dirty |= a | b

    def join(self, v: int, w: int) -> bool:
        """Force the link v–w; False if that contradicts what is known."""
        forced, other, size = self.forced, self.other, self.size
        if forced[v] & w:
            return True
        if not self.allowed[v] & w:
            return False
        first, last = self.first, self.last
        if forced[v].bit_count() >= (1 if v in (first, last) else 2):
            return False  # v already has all its links
        if forced[w].bit_count() >= (1 if w in (first, last) else 2):
            return False
        x, y = other[v], other[w]  # v and w end segments (they have a link to spare)
        if x == w:
            return False  # would close a cycle
        forced[v] |= w
        forced[w] |= v
        self.dirty |= v | w
        merged = size[x] + size[y]
        other[x], other[y] = y, x
        size[x] = size[y] = merged
        if (x == first and y == last) or (x == last and y == first):
            self.complete = merged == self.total
            return self.complete
        self.drop(x, y)
        if other[first] != last and size[first] + size[last] < self.total:
            self.drop(other[first], other[last])
        return True

    def settle(self) -> bool:
        """Force and rule out links until nothing changes; False on a contradiction."""
        allowed, forced, first, last = self.allowed, self.forced, self.first, self.last
        while self.dirty and not self.complete:
            v = self.dirty & -self.dirty
            self.dirty ^= v
            need = 1 if v in (first, last) else 2
            a, f = allowed[v], forced[v]
            count = a.bit_count()
            if count < need:
                return False
            if a == f:
                continue
            if count == need:
                for w in _bits(a & ~f):
                    if not self.join(v, w):
                        return False
            elif f.bit_count() == need:
                gone = a & ~f
                allowed[v] = f
                self.dirty |= gone
                for w in _bits(gone):
                    allowed[w] &= ~v
        if self.complete:
            return True
        reached = frontier = self.first
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            new = allowed[low] & ~reached
            reached |= new
            frontier |= new
        return reached == self.around

    def path(self) -> tuple[int, ...]:
        """The forced links from `first` to `last`, once complete."""
        cards, before, card = [self.first], 0, self.first
        while card != self.last:
            card, before = self.forced[card] & ~before, card
            cards.append(card)
        return tuple(cards)

    def tightest(self) -> int:
        """The card still short of links with the fewest links to choose from (0 if none)."""
        best, fewest = 0, 99
        for v, a in self.allowed.items():
            f = self.forced[v]
            if f.bit_count() < self.need(v):
                choices = (a & ~f).bit_count()
                if choices < fewest:
                    best, fewest = v, choices
        return best


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
        self.done = 0  # start cards whose every playlist has been searched
        self.covered: dict[tuple[int, int, int], tuple[int, ...] | None] = {}
        self.cover_nodes = 0

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

    def upper(self, tip: int, mask: int) -> int:
        """An upper bound on any playlist continuing from `tip` (cards `mask` used).

        Stops refining once the bound cannot beat the best found. The last and
        strongest refinement: a simple path leaves each block (biconnected
        piece) of the unused cards through a cut card it can never cross back
        over, so its cards lie in one chain of blocks hanging from `tip`.
        """
        allowed = ~mask & ((1 << self.n) - 1)
        tip_bit = 1 << tip
        around = self.piece(tip_bit, allowed) | tip_bit
        if around & self.done:
            allowed &= ~self.dead_ends(around, tip_bit)
            around = self.piece(tip_bit, allowed) | tip_bit
        top = self.value(mask | around)
        if top <= self.best or around == tip_bit:
            return top
        one_link, two_links = self.few_links(around, tip_bit)
        top = min(top, self.ends_bound(mask, around, tip_bit, one_link))
        if top <= self.best:
            return top
        top = min(top, self.hub_bound(mask, around, tip, one_link, two_links))
        if top <= self.best:
            return top
        hanging: dict[int, list[int]] = {}
        for head, block in self.blocks(tip, around):
            hanging.setdefault(head, []).append(block)
        chain = 0
        todo = [(block, mask, tip) for block in hanging.get(tip, [])]
        while todo:
            block, used, head = todo.pop()
            used |= block
            chain = max(chain, self.value(used))
            inner = block & ~(1 << head)
            while inner:
                low = inner & -inner
                inner ^= low
                for child in hanging.get(low.bit_length() - 1, ()):
                    todo.append((child, used, low.bit_length() - 1))
        top = min(top, chain)
        if top <= self.best:
            return top
        if self.covering_fails(tip, mask, around):
            return self.best
        return top

    def covering_fails(self, tip: int, mask: int, around: int) -> bool:
        """True if no playlist beating the best found continues from `tip` (cards `mask` used).

        Checked when such a playlist would need every card of `around` but at
        most one: leaving out any two costs too much. Then it is a Hamiltonian
        path from `tip` through `around`, or through `around` but one of the
        few cards it can spare, and `covers_all` looks for each.
        """
        chosen = mask | around
        full = self.value(chosen)
        tip_bit = 1 << tip
        songs = [(chosen & m).bit_count() for m in self.genre_masks]
        spare = []  # cards that can be left out alone, still beating the best
        for low in _bits(around & ~tip_bit):
            card = low.bit_length() - 1
            loss = self.points[card] + (songs[self.genre_of[card]] >= self.bonus_from)
            if full - loss > self.best:
                spare.append(low)
                if len(spare) > SPARE_LIMIT:
                    return False
        for i, a in enumerate(spare):
            for b in spare[i + 1 :]:
                if self.value(chosen & ~a & ~b) > self.best:
                    return False
        found = self.covers_all(tip, around)
        if found is not None:
            self.offer(tip, mask, found)
            return False
        for low in spare:
            rest = around & ~low
            if self.piece(tip_bit, rest) != rest:
                continue  # without this card the rest falls apart: no path holds it all
            if rest == tip_bit:
                return False
            found = self.covers_all(tip, rest)
            if found is not None:
                self.offer(tip, mask, found)
                return False
        return True

    def offer(self, tip: int, mask: int, after: tuple[int, ...]) -> None:
        """Keep the playlist so far, then `tip`, then `after`, if it is the best yet."""
        if not after or mask != sum(1 << card for card in {*self.path, tip}):
            return  # no playlist, or not called while growing this one
        cards = mask | sum(1 << card for card in after)
        score = self.value(cards)
        if score > self.best:
            self.best, self.best_path = score, [*self.path, tip, *after]

    def covers_all(self, tip: int, around: int) -> tuple[int, ...] | None:
        """None only if no playlist from `tip` can hold every card of `around`.

        Else the cards after `tip` of one that does, or () if the search gave up.

        Such a playlist is a Hamiltonian path from `tip`; it ends on some card
        that is not a finished start card (those playlists were searched from
        there), and on the one card with a single link if there is one. A
        made-up card linked to each of those closes it, so one `hamiltonian`
        search covers every last card. Answers are remembered by (cards, open
        end, finished start cards among them).
        """
        key = (around, tip, around & self.done)
        if key in self.covered:
            return self.covered[key]
        tip_bit = 1 << tip
        ends = around & ~tip_bit & ~self.done
        links = {low: self.adj[low.bit_length() - 1] & around for low in _bits(around)}
        # A card with one link can only come last.
        single = [v for v, linked in links.items() if v != tip_bit and linked.bit_count() == 1]
        if single:
            ends &= single[0] if len(single) == 1 else 0
        # The path runs on from its last card to a made-up card linked to every possible last card.
        after = 1 << self.n
        links[after] = ends
        for v in _bits(ends):
            links[v] |= after
        self.cover_nodes = 0
        path = self.hamiltonian(tip_bit, after, around | after, links) if ends else None
        result = None if path is None else tuple(v.bit_length() - 1 for v in path[1:-1])
        if len(self.covered) < MEMO_LIMIT:
            self.covered[key] = result
        return result

    def hamiltonian(
        self, first: int, last: int, around: int, links: dict[int, int]
    ) -> tuple[int, ...] | None:
        """None only if no path from card `first` to card `last` (bits) holds all of `around`.

        Else such a path (bits, `first` to `last`), or () if the search gave up.
        A depth-first search over which links to use, each choice followed by
        forcing and ruling out links (see `_Cover`); it gives up past
        COVER_NODES choices.
        """
        if around.bit_count() <= 2:
            return (first, last) if links[first] & last else None
        stack = [_Cover(first, last, around, links)]
        while stack:
            cover = stack.pop()
            self.cover_nodes += 1
            if self.cover_nodes > COVER_NODES:
                return ()
            if not cover.settle():
                continue
            if cover.complete:
                return cover.path()
            pick = cover.tightest()
            if not pick:
                return ()  # unreachable: every card with its links is a complete path
            # Either the card uses its first link still open, or that link goes.
            free = cover.allowed[pick] & ~cover.forced[pick]
            link = free & -free
            without = cover.copy()
            without.drop(pick, link)
            stack.append(without)
            if cover.join(pick, link):
                stack.append(cover)
        return None

    def few_links(self, around: int, tip_bit: int) -> tuple[int, int]:
        """The cards of `around` (but the open end) with one link there, and with two."""
        adj = self.adj
        one_link = two_links = 0
        todo = around & ~tip_bit
        while todo:
            low = todo & -todo
            todo ^= low
            links = (adj[low.bit_length() - 1] & around).bit_count()
            if links == 1:
                one_link |= low
            elif links == 2:
                two_links |= low
        return one_link, two_links

    def ends_bound(self, mask: int, around: int, tip_bit: int, ends: int) -> int:
        """A quick bound: of the cards with one link, at most one can be used (as the last)."""
        core = mask | (around & ~tip_bit & ~ends)
        top = self.value(core)
        while ends:
            low = ends & -ends
            ends ^= low
            top = max(top, self.value(core | low))
        return top

    def hub_bound(self, mask: int, around: int, tip: int, one_link: int, two_links: int) -> int:
        """A bound from crowded hubs.

        A card with at most two links (other than the open end) that lies
        inside the playlist uses its link to each neighbour, and a hub card has
        only two playlist links (the open end only one onward). So when more
        such cards hang on one hub than it has links, the excess stays out.
        The one exception is the last card: a two-link card may end the
        playlist using just its other link, but then every one-link card
        (which could only be last) stays out instead.
        """
        adj = self.adj
        if not two_links and one_link.bit_count() <= 1:
            return self.value(mask | around)
        # Two-link cards on the same two neighbours ("twins"): two of them inside
        # the playlist would close a cycle, so all but one stay out or end it.
        pairs: dict[int, int] = {}
        todo = two_links
        while todo:
            low = todo & -todo
            todo ^= low
            pair = adj[low.bit_length() - 1] & around
            pairs[pair] = pairs.get(pair, 0) | low
        twins = [(group.bit_count() - 1, group) for group in pairs.values() if group & (group - 1)]
        ends = [(one_link.bit_count() - 1, one_link)] if one_link & (one_link - 1) else []
        # Only the open end and the unused cards can be hubs: the cards inside the
        # playlist already have both their links.
        ends_with_one = self._crowded(
            mask | around, one_link | two_links, around, tip, [*ends, *twins], forgive=False
        )
        ends_with_two = self._crowded(
            mask | (around & ~one_link), two_links, around & ~one_link, tip, twins, forgive=True
        )
        return max(ends_with_one, ends_with_two)

    def _crowded(
        self,
        chosen: int,
        small: int,
        hubs: int,
        tip: int,
        groups: list[tuple[int, int]],
        forgive: bool,
    ) -> int:
        """value(chosen) less the cheapest cards that crowding keeps out.

        `groups` are (how many must stay out, of which cards) known already;
        `hubs` (cards not in `small` that can still take links) add theirs
        where their cards are not yet in a group. With `forgive`, the last
        card is one of `small` and spares one card.
        """
        adj = self.adj
        overloads = list(groups)
        claimed = 0
        for _, group in groups:
            claimed |= group
        hubs &= ~small
        while hubs:
            low = hubs & -hubs
            hubs ^= low
            hub = low.bit_length() - 1
            hanging = adj[hub] & small
            excess = hanging.bit_count() - (1 if hub == tip else 2)
            if excess > 0 and not hanging & claimed:
                claimed |= hanging
                overloads.append((excess, hanging))
        total = self.value(chosen)
        required = sum(excess for excess, _ in overloads) - forgive
        if required <= 0:
            return total
        songs = [(chosen & m).bit_count() for m in self.genre_masks]
        # A card kept out loses its points, and a genre bonus point while its genre
        # still has three songs after every required card is out.
        keeps_bonus = [n - required >= self.bonus_from - 1 for n in songs]
        loss = dearest = 0
        for excess, hanging in overloads:
            costs = []
            while hanging:
                low = hanging & -hanging
                hanging ^= low
                card = low.bit_length() - 1
                costs.append(self.points[card] + keeps_bonus[self.genre_of[card]])
            costs.sort()
            loss += sum(costs[:excess])
            dearest = max(dearest, costs[excess - 1])
        return total - (loss - dearest if forgive else loss)

    def dead_ends(self, around: int, tip_bit: int) -> int:
        """Finished start cards that could only end a playlist here, so cannot help it.

        Every playlist ending on a finished start card was already searched
        from that card, read the other way round.
        """
        dropped = 0
        changed = True
        while changed:
            changed = False
            todo = around & self.done & ~tip_bit & ~dropped
            while todo:
                low = todo & -todo
                todo ^= low
                if (self.adj[low.bit_length() - 1] & around & ~dropped).bit_count() <= 1:
                    dropped |= low
                    changed = True
        return dropped

    def blocks(self, root: int, around: int) -> list[tuple[int, int]]:
        """Blocks of the cards `around`, each with the card it hangs from (Tarjan, from `root`)."""
        adj = self.adj
        disc = [-1] * self.n
        low = [0] * self.n
        disc[root] = 0
        count = 1
        stack = [root]
        vertices = [root]
        pending = [adj[root] & around]
        found: list[tuple[int, int]] = []
        while vertices:
            v = vertices[-1]
            nbrs = pending[-1]
            if nbrs:
                bit = nbrs & -nbrs
                pending[-1] = nbrs ^ bit
                w = bit.bit_length() - 1
                if disc[w] < 0:
                    disc[w] = low[w] = count
                    count += 1
                    stack.append(w)
                    vertices.append(w)
                    pending.append(adj[w] & around)
                elif disc[w] < low[v]:
                    low[v] = disc[w]
                continue
            vertices.pop()
            pending.pop()
            if not vertices:
                break
            u = vertices[-1]
            if low[v] < low[u]:
                low[u] = low[v]
            if low[v] >= disc[u]:
                block = 1 << u
                while True:
                    x = stack.pop()
                    block |= 1 << x
                    if x == v:
                        break
                found.append((u, block))
        return found

    def grow(self, tip: int, mask: int, score: int) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Budget
        if score > self.best and len(self.path) >= 2:
            self.best = score
            self.best_path = list(self.path)
        free = self.adj[tip] & ~mask
        children = []
        while free:
            low = free & -free
            free ^= low
            card = low.bit_length() - 1
            grown = mask | low
            state = grown * self.n + card
            if state in self.seen:
                continue
            if len(self.seen) < MEMO_LIMIT:
                self.seen.add(state)
            bound = self.upper(card, grown)
            if bound <= self.best:
                continue
            gain = self.gain(card, mask)
            onward = (self.adj[card] & ~grown).bit_count()
            children.append((-bound, onward, -gain, card))
        children.sort()
        for neg_bound, _, neg_gain, card in children:
            if -neg_bound <= self.best:
                continue
            self.path.append(card)
            self.grow(card, mask | (1 << card), score - neg_gain)
            self.path.pop()

    def rotate_and_extend(self, start: int, steps: int) -> None:
        """Grow a long playlist fast (Pósa's rotation–extension) and keep it as the best so far.

        Extend the playlist at either end while a card links; else slip one
        or two unused cards between neighbours that link to them; else
        reverse the tail after a card that links to the end, which gives a
        new end to extend from. Long playlists found early let the exact
        search prune almost everything (its bound is often met exactly).
        """
        path = [start]
        mask = 1 << start
        score = self.gain(start, 0)
        for step in range(steps):
            end = path[-1]
            if not self.adj[end] & ~mask and self.adj[path[0]] & ~mask:
                path.reverse()
                continue
            added = self.extension(path, mask) or self.insertion(path, mask)
            if added:
                for card in added:
                    score += self.gain(card, mask)
                    mask |= 1 << card
                if score > self.best:
                    self.best, self.best_path = score, list(path)
                continue
            pivots = [i for i in range(len(path) - 2) if self.adj[end] >> path[i] & 1]
            if not pivots:
                return
            # A fixed multiplicative hash picks the pivot: varied, yet the same on every run.
            i = pivots[(step * 2654435761 >> 7) % len(pivots)]
            path[i + 1 :] = reversed(path[i + 1 :])

    def extension(self, path: list[int], mask: int) -> tuple[int, ...]:
        """Add the unused card after the end with most gain, then fewest onward links."""
        free = self.adj[path[-1]] & ~mask
        options = []
        while free:
            low = free & -free
            free ^= low
            card = low.bit_length() - 1
            options.append((-self.gain(card, mask), (self.adj[card] & ~mask).bit_count(), card))
        if not options:
            return ()
        path.append(min(options)[2])
        return (path[-1],)

    def insertion(self, path: list[int], mask: int) -> tuple[int, ...]:
        """Slip an unused card, else two linked ones, between neighbours that link to them."""
        adj = self.adj
        for i in range(len(path) - 1):
            both = adj[path[i]] & adj[path[i + 1]] & ~mask
            if both:
                card = (both & -both).bit_length() - 1
                path.insert(i + 1, card)
                return (card,)
        for i in range(len(path) - 1):
            firsts = adj[path[i]] & ~mask
            while firsts:
                low = firsts & -firsts
                firsts ^= low
                first = low.bit_length() - 1
                seconds = adj[first] & adj[path[i + 1]] & ~mask & ~low
                if seconds:
                    second = (seconds & -seconds).bit_length() - 1
                    path[i + 1 : i + 1] = [first, second]
                    return (first, second)
        return ()

    def run(self) -> bool:
        """Search every start; False if the node budget ran out first."""
        starts = sorted(range(self.n), key=lambda i: (self.adj[i].bit_count(), -self.points[i]))
        for start in starts[:HEURISTIC_STARTS]:
            self.rotate_and_extend(start, HEURISTIC_STEPS * self.n)
        try:
            for start in starts:
                self.path = [start]
                self.grow(start, 1 << start, self.gain(start, 0))
                self.done |= 1 << start
        except _Budget:
            return False
        return True


def best_playlist(
    cards: Sequence[Card],
    rule: LinkRule = SOLO,
    goal: Goal | int | None = None,
    max_nodes: int | None = None,
) -> Solution:
    """The highest-scoring playlist (solo scoring) that `cards` can make under `rule`.

    With no two cards able to link, the answer is the empty playlist. With
    `max_nodes`, the best playlist found so far is returned with
    `optimal=False` if the proof did not finish.
    """
    search = _Search(cards, rule, max_nodes)
    finished = search.run()
    # A card added never lowers the score, so the best playlist grown until nothing more fits
    # is still the best, and it is one the solo rules let the player count.
    playlist = tuple(extend_ends([cards[i] for i in search.best_path], cards, rule))
    return Solution(
        playlist=playlist,
        score=score_playlist(playlist, solo=True),
        target=Goal(goal) if isinstance(goal, int) else goal or default_goal(),
        optimal=finished,
        nodes=search.nodes,
    )
