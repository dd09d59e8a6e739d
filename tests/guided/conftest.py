"""The `scripted` fixture: guided flows run in-process, answered by a script (see scripted.py)."""

from __future__ import annotations

import pytest

from tests.guided.scripted import Scripted


def _pretend_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `companion.ui.terminal.on_terminal()` say a person is at a terminal.

    CLI modules bind the function itself (`from companion.ui.terminal import on_terminal`),
    some only when first imported, so replacing the module attribute would miss them, or
    leak into later tests through a module first imported mid-test. Swapping the function's
    code reaches every binding, and monkeypatch puts the code back afterwards.
    """
    from companion.ui import terminal

    monkeypatch.setattr(terminal.on_terminal, "__code__", (lambda: True).__code__)


@pytest.fixture
def scripted(cli, monkeypatch: pytest.MonkeyPatch) -> Scripted:
    """A `Scripted` session: queue answers and expectations, then `run("hoopers", "play")`."""
    import questionary
    from rich.console import Console

    from companion.ui.guided import prompts

    script = Scripted(cli)
    monkeypatch.setattr(questionary, "text", script.text_prompt)
    monkeypatch.setattr(questionary, "autocomplete", script.autocomplete_prompt)
    monkeypatch.setattr(questionary, "select", script.select_prompt)
    screen = Console(
        file=script.screen,
        width=120,
        color_system=None,
        force_terminal=False,
        highlight=False,
        soft_wrap=True,
    )
    monkeypatch.setattr(prompts, "_console", screen)
    _pretend_a_terminal(monkeypatch)
    return script


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
