"""`otdraft` guided start in-process, with a scripted prompt: what it asks and starts."""

from __future__ import annotations

import pytest

from companion.games.otdraft import guided
from companion.games.otdraft.table import DraftTable, example_catalogue
from companion.store import Store
from companion.ui.guided import prompts
from tests.games.otdraft.helpers import full_deck


@pytest.fixture
def script(monkeypatch):
    """`script([(fragment, typed), …])`: each prompt must contain its fragment."""
    said: list[str] = []
    answers: list[tuple[str, str]] = []

    def ask(question, default, parse, *, choices="", undo=True, **_):
        fragment, typed = answers.pop(0)
        assert fragment in question, (fragment, question)
        if typed == "<":
            raise prompts.Undo
        return parse(typed or default)

    def select(message, options, default, undo, *_):  # a list: typing jumps to the best
        fragment, typed = answers.pop(0)
        assert fragment in message, (fragment, message)
        if typed == "<":
            raise prompts.Undo
        return prompts.ranked(typed, options, close=False)[0] if typed else default

    monkeypatch.setattr(prompts, "ask", ask)
    monkeypatch.setattr(prompts, "_select", select)
    monkeypatch.setattr(prompts, "say", lambda text="", markup=True: said.append(text))
    monkeypatch.setattr(prompts, "console", lambda: _Quiet())

    def load(steps):
        answers[:] = steps
        return said

    yield load
    assert answers == [], f"unasked: {answers}"


class _Quiet:
    width = 100
    is_terminal = False

    def print(self, *args, **kwargs):
        pass

    def clear(self):
        pass


def test_a_full_catalogue_offers_the_companions_deck(db, script):
    table = DraftTable(Store(db))
    table.import_catalogue(full_deck())
    script([("Players", "Ana,Ben,Cy"), ("Who starts?", "c"), ("Who holds the deck?", "")])
    assert guided.start(Store(db), seed=5)
    now = table.status()
    assert (now.state.deck, now.state.first, now.players) == (True, "Cy", ("Ana", "Ben", "Cy"))


def test_a_catalogue_short_of_the_box_records_the_tables_cards_by_default(db, script):
    DraftTable(Store(db)).import_catalogue(full_deck(24))  # 8 a player: enough to record
    script([("Players", "Ana,Ben,Cy"), ("Who starts?", ""), ("Who holds the deck?", "")])
    assert guided.start(Store(db))
    state = DraftTable(Store(db)).status().state
    assert (state.deck, len(state.catalogue)) == (False, 24)


def test_a_catalogue_too_small_to_draft_from_is_not_offered(db, script):
    # Issue 32: the imported 8-card example would run out of cards in round 1 with five
    # players; the table's cards are recorded by name (the example still scores its 8).
    DraftTable(Store(db)).import_catalogue(example_catalogue())
    said = script([("Players", "A,B,C,D,E"), ("Who starts?", ""), ("Which cards?", "")])
    assert guided.start(Store(db))
    assert DraftTable(Store(db)).status().state.free
    assert any("holds 8 cards of the 54 in the box: too few to draft from" in s for s in said)


def test_without_a_catalogue_free_names_never_the_eight_card_example(db, script, monkeypatch):
    offered = []
    real_choose = prompts.choose
    monkeypatch.setattr(
        prompts, "choose", lambda q, options, *a, **k: (offered.append((q, list(options))),
                                                         real_choose(q, options, *a, **k))[1]
    )  # fmt: skip
    said = script([("Players", "Ana,Ben"), ("Who starts?", ""), ("Which cards?", "")])
    assert guided.start(Store(db))
    assert DraftTable(Store(db)).status().state.free
    assert ("Which cards?", ["names", "file"]) in offered  # the example would die in round 1
    assert any("holds 8 cards of the 54 in the box" in s for s in said), said


def test_a_catalogue_file_for_this_draft(db, script, tmp_path):
    from tests.games.otdraft.helpers import full_deck_toml

    path = tmp_path / "deck.toml"
    path.write_text(full_deck_toml())
    script([
        ("Players", "Ana,Ben"),
        ("Who starts?", ""),
        ("Which cards?", "file"),
        ("Catalogue file", str(path)),
        ("Who holds the deck?", "table"),
    ])  # fmt: skip
    assert guided.start(Store(db))
    state = DraftTable(Store(db)).status().state
    assert (state.deck, len(state.catalogue)) == (False, 54)
    assert DraftTable(Store(db)).catalogue() is None  # used for this draft, not imported


def test_undo_backs_out_without_starting(db, script):
    script([("Players", "Ana,Ben"), ("Who starts?", "<")])
    assert guided.start(Store(db)) is False
    assert DraftTable(Store(db)).live() is None
