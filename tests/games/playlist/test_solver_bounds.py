"""The solver's bounds against brute force: a bound is never below what is reachable."""

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.playlist.rules.cards import Card
from companion.games.playlist.rules.chain import SOLO, check_chain
from companion.games.playlist.rules.solver import _Search, best_playlist
from companion.games.playlist.rules.synthetic import synthetic_hand

N = 9


def _search_on(adj: list[int], points: list[int], genres: list[str]) -> _Search:
    """A search over made-up cards, then given the links `adj` (any graph at all)."""
    icons = ("love", "piano", "ballad")
    cards = [Card(genres[i], points[i], icons, f"c{i}") for i in range(len(adj))]
    search = _Search(cards, SOLO, None)
    search.adj = list(adj)
    return search


@st.composite
def graphs(draw, min_size=2, max_size=N):
    n = draw(st.integers(min_size, max_size))
    density = draw(st.floats(0.15, 0.9))
    bits = draw(st.lists(st.floats(0, 1), min_size=n * n, max_size=n * n))
    adj = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if bits[i * n + j] < density:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    return adj


def _paths_from(adj: list[int], tip: int, allowed: int):
    """Every simple path from `tip` through cards of `allowed`, as (cards, last card)."""
    stack = [(1 << tip, tip)]
    while stack:
        used, last = stack.pop()
        yield used, last
        free = adj[last] & allowed & ~used
        while free:
            low = free & -free
            free ^= low
            stack.append((used | low, low.bit_length() - 1))


@pytest.mark.slow
@settings(max_examples=3000, deadline=None)
@given(graphs(), st.data())
def test_covering_check_finds_a_path_through_every_card_exactly_when_one_exists(adj, data):
    n = len(adj)
    tip = data.draw(st.integers(0, n - 1))
    done = data.draw(st.integers(0, (1 << n) - 1)) & ~(1 << tip)
    search = _search_on(adj, [1] * n, ["pop"] * n)
    search.done = done
    around = search.piece(1 << tip, (1 << n) - 1)
    if around == 1 << tip:
        return
    exists = any(
        used == around and not done >> last & 1 for used, last in _paths_from(adj, tip, around)
    )
    # Small enough for the check to search to the end: it is exact here.
    found = search.covers_all(tip, around)
    assert (found is not None) == exists
    if found:
        _assert_path(adj, (tip, *found), around, done)
    links = {1 << v: adj[v] & around for v in range(n) if around >> v & 1}
    for last in range(n):
        if last != tip and around >> last & 1:
            through = any(u == around and e == last for u, e in _paths_from(adj, tip, around))
            search.cover_nodes = 0
            path = search.hamiltonian(1 << tip, 1 << last, around, links)
            assert (path is not None) == through
            if path:
                cards = tuple(v.bit_length() - 1 for v in path)
                assert cards[0] == tip and cards[-1] == last
                _assert_path(adj, cards, around, 0)


def _assert_path(adj: list[int], cards: tuple[int, ...], around: int, done: int) -> None:
    assert sum(1 << card for card in cards) == around and len(set(cards)) == len(cards)
    assert all(adj[a] >> b & 1 for a, b in zip(cards, cards[1:], strict=False))
    assert not done >> cards[-1] & 1


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(
    graphs(min_size=3),
    st.lists(st.integers(0, 3), min_size=N, max_size=N),
    st.lists(st.sampled_from(["pop", "rock"]), min_size=N, max_size=N),
    st.data(),
)
def test_upper_bound_is_never_below_the_best_continuation(adj, points, genres, data):
    n = len(adj)
    search = _search_on(adj, points[:n], genres[:n])
    start = data.draw(st.integers(0, n - 1))
    prefixes = list(_paths_from(adj, start, (1 << n) - 1))
    mask, tip = data.draw(st.sampled_from(prefixes))
    if mask == 1 << tip:
        return
    done = data.draw(st.integers(0, (1 << n) - 1)) & ~mask
    search.done = done
    # The best a continuation can reach, leaving out those that end on a finished
    # start card (they were searched from that card, read the other way round).
    reachable = max(
        search.value(used)
        for used, last in _paths_from(adj, tip, ((1 << n) - 1) & ~mask | 1 << tip)
        if used == 1 << tip or not done >> last & 1
        for used in [used | mask]
    )
    # The bound stops refining once it cannot beat the best found: a best just
    # below what is reachable makes it use every refinement it has.
    search.best = reachable - 1 - data.draw(st.integers(0, 2))
    assert search.upper(tip, mask) >= reachable


def test_hard_hand_without_a_playlist_through_every_card():
    # Seed 1685's 30 cards: a playlist through all 30 would score one point more,
    # and proving none exists took the search over ten seconds before the covering check.
    started = time.perf_counter()
    best = best_playlist(synthetic_hand(1685, 30))
    assert best.optimal
    assert (best.score.total, len(best.playlist)) == (68, 29)
    assert time.perf_counter() - started < 3


def test_crowded_hub_bound_ignores_cards_already_in_the_playlist():
    # Seed 1415's 20 cards: counting cards inside the playlist as hubs once cut
    # the bound below a real playlist, and the search "proved" 46 optimal.
    best = best_playlist(synthetic_hand(1415, 20))
    assert best.optimal
    assert best.score.total == 48
    assert check_chain(best.playlist, SOLO).valid
