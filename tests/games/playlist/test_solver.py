"""The solver against an independent exhaustive search (every card set × end card)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.rng import TableRng
from companion.games.playlist.rules.cards import Card
from companion.games.playlist.rules.chain import SOLO, check_chain
from companion.games.playlist.rules.scoring import score_playlist
from companion.games.playlist.rules.solver import best_playlist
from companion.games.playlist.rules.synthetic import synthetic_box, synthetic_hand

ICONS = ["guitar", "bass", "drums", "piano", "love", "sad", "death", "ballad"]


def exhaustive_best(cards: list[Card]) -> int:
    """Best solo score over every playlist: grow all (card set, last card) pairs."""
    n = len(cards)
    links = [[SOLO.links(a, b) for b in cards] for a in cards]
    reached = {(1 << i, i) for i in range(n)}
    frontier = list(reached)
    while frontier:
        grown = []
        for used, last in frontier:
            for j in range(n):
                state = (used | 1 << j, j)
                if not used >> j & 1 and links[last][j] and state not in reached:
                    reached.add(state)
                    grown.append(state)
        frontier = grown
    best = 0
    for used in {used for used, _ in reached}:
        if used.bit_count() >= 2:
            chosen = [cards[i] for i in range(n) if used >> i & 1]
            best = max(best, score_playlist(chosen, solo=True).total)
    return best


card_strategy = st.builds(
    lambda genre, points, icons, title: Card(genre, points, tuple(sorted(icons)), str(title)),
    st.sampled_from(["pop", "rock", "country"]),
    st.integers(0, 3),
    st.sets(st.sampled_from(ICONS), min_size=3, max_size=4),
    st.integers(),
)
hands = st.lists(card_strategy, max_size=9).map(
    lambda cs: [Card(c.genre, c.points, c.icons, f"c{i}") for i, c in enumerate(cs)]
)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(hands)
def test_solve_is_never_beaten_by_exhaustive_search(cards):
    best = best_playlist(cards)
    assert best.optimal
    assert best.score.total == exhaustive_best(cards)
    if best.playlist:
        assert len(best.playlist) >= 2
        assert check_chain(best.playlist, SOLO).valid
        assert len({c.title for c in best.playlist}) == len(best.playlist)
        assert best.score.total == score_playlist(best.playlist, solo=True).total


def test_no_links_means_no_playlist():
    cards = [Card("pop", 3, ("love", "piano", "ballad")), Card("rock", 3, ("drums", "bass", "sad"))]
    best = best_playlist(cards)
    assert (best.playlist, best.score.total, best.wins, best.optimal) == ((), 0, False, True)


def test_known_best_prefers_points_over_length():
    # a–b–c chain of 0-point pop cards, or the 5-point rock pair d–e.
    cards = [
        Card("pop", 0, ("love", "piano", "ballad"), "a"),
        Card("pop", 0, ("love", "drums", "sad"), "b"),
        Card("pop", 0, ("drums", "bass", "death"), "c"),
        Card("rock", 3, ("guitar", "wind", "movie"), "d"),
        Card("rock", 2, ("guitar", "strings", "jazzy"), "e"),
    ]
    best = best_playlist(cards)
    assert {c.title for c in best.playlist} == {"d", "e"}
    assert (best.score.total, best.wins) == (5, False)


def test_goal_is_at_least_ten():
    pair = [
        Card("pop", 5, ("love", "piano", "ballad"), "a"),
        Card("pop", 5, ("love", "sad", "bass"), "b"),
    ]
    assert best_playlist(pair).wins  # exactly 10 wins ("at least 10 points")


def test_node_budget_returns_best_so_far_unproven():
    cards = synthetic_hand(1, 30)
    quick = best_playlist(cards, max_nodes=3)
    assert not quick.optimal
    assert check_chain(quick.playlist, SOLO).valid


def test_synthetic_box_shape():
    box = synthetic_box(TableRng(3))
    assert len(box) == 80
    assert {c.genre for c in box} == {"pop", "rock", "country", "rnb"}
    assert all(3 <= len(c.icons) <= 4 and 0 <= c.points <= 3 for c in box)
    assert [c.number for c in box] == list(range(1, 81))


def test_synthetic_hands_match_exhaustive_search():
    for seed in range(6):
        cards = synthetic_hand(seed, 11)
        best = best_playlist(cards)
        assert best.score.total == exhaustive_best(cards), seed
