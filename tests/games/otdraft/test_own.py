"""Issue 41 item 2: an OT Fantasy Draft seat shows its player's secret card as the rulebook
keeps it ("Give each player two secret cards from the deck. Each player keeps one card and
discards the other. The selected card is kept secret."), and no one else's."""

from __future__ import annotations

import json

from companion.games.otdraft.table import DraftTable
from companion.store import Store
from tests.games.otdraft.helpers import full_deck_toml

PLAYERS = ("Ana", "Ben", "Cy")


def test_the_two_dealt_then_the_one_kept_then_revealed(cli, db, tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(full_deck_toml())
    started = cli("otdraft", "game", "start", "-p", ",".join(PLAYERS), "--catalogue", str(deck),
                  "--deck", "--seed", "4")  # fmt: skip
    assert started.exit_code == 0, started.stderr
    table = DraftTable(Store(db))
    state = table.status().state
    dealt = {p: table.own(state, p)["secret_choices"] for p in PLAYERS}
    assert all(len(c) == 2 for c in dealt.values())
    assert not set(dealt["Ana"]) & set(dealt["Ben"])
    kept = dealt["Ana"][1]
    assert cli("otdraft", "game", "secret", "Ana", kept).exit_code == 0
    state = table.status().state
    assert table.own(state, "Ana") == {"secret_card": kept, "secret": "kept secret"}
    assert table.own(state, "Ben") == {"secret_choices": dealt["Ben"]}
    # The board: no secret kept and none still to choose from (the discarded one is on
    # the discard pile, for all to see).
    board = json.dumps(table.status().to_json())
    for card in [kept, *dealt["Ben"], *dealt["Cy"]]:
        assert f'"{card}"' not in board, card
