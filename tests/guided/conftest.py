"""What the guided flows' tests share beyond the kit's `scripted` fixture (companion.testing)."""

from __future__ import annotations

import pytest

# The energy the guided flows' hoopers carry on their cards: a number for the tests, not
# the cards' (the rulebook prints none). Known, guided play does not ask for it.
TEST_CARD_ENERGY = 9


@pytest.fixture(autouse=True)
def cards_have_energy(request: pytest.FixtureRequest) -> None:
    """Every card's energy is known to the table, as it is once an evening has given them,
    so the flows are not asked for it; a test that needs them unknown asks for the
    `unknown_card_energy` fixture."""
    if "unknown_card_energy" in request.fixturenames or "db" not in request.fixturenames:
        return
    from companion.games.hoopers.data import load
    from companion.games.hoopers.table import CARD_ENERGY
    from companion.store.store import Store

    db = request.getfixturevalue("db")
    from companion.games.hoopers.rules.susan_peg import SUSAN_PEG

    cards = dict.fromkeys([*load("game")["positions"], SUSAN_PEG], TEST_CARD_ENERGY)
    Store(db).put_doc("hoopers", CARD_ENERGY, {"cards": cards})


@pytest.fixture
def unknown_card_energy() -> None:
    """No card's energy is known: guided play asks for each hooper's the first time."""
