"""Issue 15: the deck check refuses a catalogue too small for the table.

Rulebook: "A game of OT Fantasy Draft lasts for seven rounds", each turn a player takes
"a card from the Draftline"; "Give each player two secret cards from the deck. Each
player keeps one"; "After the end of the 7th round, players add their secret card to
their Drafted Team". So every player ends with 7 + 1 different cards: a 3-player draft
needs 24. "If at any time the Draw Pile is empty, shuffle the Discard Pile and use it as
the new Draw Pile", so those are enough.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.rng import TableRng, step_rng
from companion.games.otdraft.rules.draft import (
    apply,
    cards_needed,
    deal_event,
    new_state,
    pick_event,
    secret_event,
    start_options,
    turn_event,
)
from companion.games.otdraft.rules.errors import DraftError
from tests.conftest import assert_user_error
from tests.games.otdraft.helpers import full_deck, full_deck_toml

PLAYERS = ["Ana", "Ben", "Cy", "Di", "Ed"]


@pytest.mark.parametrize(("players", "needed"), [(2, 16), (3, 24), (4, 32), (5, 40)])
def test_cards_needed_is_seven_drafted_and_a_secret_card_each(players, needed):
    assert cards_needed(players) == needed


def test_a_3_player_draft_with_23_cards_is_refused_naming_24_and_the_format(cli, tmp_path):
    small = tmp_path / "small.toml"
    small.write_text(full_deck_toml(23))
    result = cli(
        "otdraft", "game", "start", "-p", "Ana,Ben,Cy", "--catalogue", str(small), "--deck"
    )
    assert_user_error(
        result,
        "the catalogue has 23 cards; a 3-player draft dealt by the companion needs at least "
        "24 (7 drafted cards and a secret card per player)",
    )
    line = result.stderr
    assert "full catalogue format" in line and "[[cards]]" in line
    assert "name, category, points, traits, rules" in line
    assert "docs/otdraft-cards.md" in line and "--no-deck" in line
    assert_user_error(cli("otdraft", "game", "status"), "no live otdraft match")


def test_the_eleven_card_bound_of_the_deal_alone_is_gone(cli, tmp_path):
    """Today's check asked for 11 cards (the deal) where the draft needs 24."""
    eleven = tmp_path / "eleven.toml"
    eleven.write_text(full_deck_toml(11))
    assert_user_error(
        cli("otdraft", "game", "start", "-p", "A,B,C", "--catalogue", str(eleven), "--deck"),
        "needs at least 24",
    )


def test_24_cards_deal_a_3_player_draft(cli, tmp_path):
    exact = tmp_path / "exact.toml"
    exact.write_text(full_deck_toml(24))
    started = cli(
        "otdraft", "game", "start", "-p", "Ana,Ben,Cy", "--catalogue", str(exact), "--deck",
        "--json",
    )  # fmt: skip
    assert started.exit_code == 0, started.stderr
    assert started.json["deck"] is True and len(started.json["draftline"]) == 5


def test_without_deck_a_small_catalogue_records_the_tables_cards():
    players, _, deck = start_options("A,B,C", None, full_deck(23), None)
    assert (players, deck) == (["A", "B", "C"], False)
    with pytest.raises(DraftError, match="needs at least 24"):
        start_options("A,B,C", None, full_deck(23), True)


@settings(max_examples=20, deadline=None)
@given(count=st.integers(2, 5), seed=st.integers(0, 10_000), spare=st.integers(0, 2))
def test_a_deck_of_exactly_the_cards_needed_plays_every_round(count, seed, spare):
    """With `cards_needed` cards (or a few more) every turn finds a card in the Draftline
    and every player ends with seven drafted cards: the reshuffles bring the discards back."""
    players = PLAYERS[:count]
    catalogue = full_deck(cards_needed(count) + spare)
    start_options(players, None, catalogue, True)  # accepted
    state = new_state(players, players[0], catalogue, deck=True)
    apply(state, deal_event(catalogue, players, TableRng(seed)))
    for player in players:
        apply(state, secret_event(state, player, state.candidates[player][0]))
    step = 0
    while not state.is_draft_over:
        step += 1
        if state.is_round_over:
            apply(state, turn_event(state, step_rng(seed, step)))
            continue
        assert state.draftline, f"round {state.round}: nothing left to draft"
        apply(state, pick_event(state, state.current, state.draftline[0], step_rng(seed, step)))
    assert all(len(state.drafted[p]) == 7 for p in players)
    held = [c for p in players for c in [*state.team(p), state.secrets[p]]]
    assert len(set(held)) == len(held) == 8 * count
