"""`companion shuffle`, `deal` and `first-player`."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from hypothesis import given
from hypothesis import strategies as st

from companion.engine.decks import deal
from companion.engine.rng import TableRng
from tests.conftest import assert_user_error
from tests.test_dice import CHI2_CRITICAL_P001, chi_square


def test_shuffle_is_seeded(cli):
    result = cli("shuffle", "a", "b", "c", "--seed", "1")
    assert result.stdout == "1. b\n2. c\n3. a\n"
    assert cli("shuffle", "a", "b", "c", "--seed", "1", "--json").json == {
        "order": ["b", "c", "a"],
        "seed": 1,
    }


def test_shuffle_items_are_printed_literally(cli):
    assert cli("shuffle", "[red]x[/red]", "--seed", "1").stdout == "1. [red]x[/red]\n"


def test_deal_shows_hands_and_what_is_left(cli):
    result = cli("deal", "--players", "Ana,Ben,Cy", "--cards", "3", "--deck", "1-10", "--seed", "1")
    assert result.stdout == "Ana  7 8 1\nBen  9 6 5\nCy   10 4 2\nrest  3 (1 card left)\n"


def test_deal_json(cli):
    result = cli(
        "deal",
        "-p",
        "Ana,Ben",
        "-k",
        "2",
        "--deck",
        "ace,king,queen,jack,ten",
        "--seed",
        "3",
        "--json",
    )
    data = result.json
    assert set(data) == {"hands", "rest", "seed"}
    assert list(data["hands"]) == ["Ana", "Ben"]
    dealt = [c for hand in data["hands"].values() for c in hand] + data["rest"]
    assert sorted(dealt) == sorted(["ace", "king", "queen", "jack", "ten"])
    assert all(len(hand) == 2 for hand in data["hands"].values())


def test_deal_whole_deck_when_no_card_count(cli):
    data = cli("deal", "-p", "A,B,C,D", "--deck", "1-54", "--seed", "2", "--json").json
    assert sorted(len(h) for h in data["hands"].values()) == [13, 13, 14, 14]
    assert data["rest"] == []


def test_first_player(cli):
    assert cli("first-player", "Ana", "Ben", "Cy", "--seed", "1").stdout == "Ana goes first.\n"
    assert cli("first-player", "Ana", "Ben", "--seed", "1", "--json").json["first"] in {
        "Ana",
        "Ben",
    }


def test_table_helpers_write_no_database(cli, db):
    cli("deal", "-p", "A,B", "-k", "3", "--seed", "1")
    cli("roll", "d20")
    assert not db.exists()


def test_deal_more_cards_than_the_deck(cli):
    assert_user_error(
        cli("deal", "-p", "A,B", "-k", "30"), "2 players × 30 cards = 60, but the deck has 54"
    )


def test_deal_errors(cli):
    assert_user_error(cli("deal", "-p", ",", "-k", "3"), "no players given")
    assert_user_error(
        cli("deal", "--players", "Ana", "--cards", "6"), "1 player given; this needs at least 2"
    )
    assert_user_error(cli("deal", "-p", "Ana,ana", "-k", "3"), "player 'ana' is named twice")
    assert_user_error(cli("deal", "-p", "A,B", "-k", "0"), "at least one card")
    assert_user_error(cli("deal", "-p", "A,B", "--deck", "9-1"), "not a range")
    assert_user_error(cli("deal", "-p", "A,B", "--deck", "x,y,x"), "names x more than once")
    assert_user_error(cli("first-player", "Solo"), "this needs at least 2")


def test_three_item_shuffle_is_uniform_over_all_six_orders():
    rng = TableRng(99)
    counts = Counter(tuple(rng.shuffled("abc")) for _ in range(12_000))
    expected = {order: 2000 for order in permutations("abc")}
    assert set(counts) == set(expected)
    assert chi_square(counts, expected) < CHI2_CRITICAL_P001[5]


def test_first_player_is_uniform():
    rng = TableRng(5)
    counts = Counter(rng.choice(["A", "B", "C", "D"]) for _ in range(8000))
    assert chi_square(counts, {p: 2000 for p in "ABCD"}) < 16.266  # df 3, p 0.001


@given(
    deck_size=st.integers(min_value=1, max_value=120),
    players=st.integers(min_value=1, max_value=8),
    cards=st.one_of(st.none(), st.integers(min_value=1, max_value=20)),
    seed=st.integers(),
)
def test_every_card_is_dealt_exactly_once(deck_size, players, cards, seed):
    deck = [str(n) for n in range(deck_size)]
    names = [f"p{i}" for i in range(players)]
    if cards is not None and cards * players > deck_size:
        return
    result = deal(deck, names, cards, TableRng(seed))
    everything = [c for hand in result.hands.values() for c in hand] + result.rest
    assert sorted(everything) == sorted(deck)
    sizes = [len(h) for h in result.hands.values()]
    assert max(sizes) - min(sizes) <= 1
