"""A list question cannot betray the table: typing matches the start of a word only, a
guarded choice (a secret shown, a game ended) is never typed into and asks to confirm, `?`
keeps the highlight, and the line under a filtered list says what the keys do now."""

from __future__ import annotations

import pytest

from companion.testing.scripted import DOWN, ENTER, _dispatch, keys_of
from companion.ui.guided import prompts

REVEALS = ["next", "Ana reveals", "Eve reveals", "stop"]


def _picker(monkeypatch, options, default, guarded=()):
    """A Picker over a real questionary list (no terminal), and a key-press function."""
    import questionary
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import DummyInput
    from prompt_toolkit.key_binding import merge_key_bindings
    from prompt_toolkit.output import DummyOutput

    with create_app_session(input=DummyInput(), output=DummyOutput()):
        question = questionary.select(
            "?", choices=list(options), default=default, use_search_filter=True,
            use_jk_keys=False,
        )  # fmt: skip
    app = question.application
    picker = prompts.Picker(prompts.select_control(app), options, default, True, False, guarded)
    picker.app = app
    prompts._show_search_line(app, picker.ic, picker)
    app.key_bindings = merge_key_bindings([app.key_bindings, prompts._select_bindings(picker)])

    def press(keys):
        for key in keys_of(keys):
            done, result = _dispatch(app, key)
            if done:
                return result
        return None

    return picker, press


def test_typing_matches_the_start_of_a_word_only(monkeypatch):
    picker, press = _picker(monkeypatch, ["next", "Ana reveals", "Eve talks", "stop"], "next")
    press("Eve")
    assert [c.title for c in picker.ic.filtered_choices] == ["Eve talks"]
    assert press(ENTER) == "Eve talks"
    picker, press = _picker(monkeypatch, ["next", "Ana reveals", "stop"], "next")
    refused = press("eve" + ENTER)  # inside "reveals": no word starts with it
    assert isinstance(refused, prompts.Refused)


def test_a_guarded_choice_is_never_picked_by_typing(monkeypatch):
    picker, press = _picker(monkeypatch, REVEALS, "next", guarded=["Ana reveals", "Eve reveals"])
    press("Eve")
    assert picker.ic.found_in_search is False
    refused = press(ENTER)
    assert isinstance(refused, prompts.Refused)
    assert "typing never takes 'Eve reveals'" in refused.reason


def test_question_mark_shows_help_and_keeps_the_highlight(monkeypatch):
    picker, press = _picker(monkeypatch, REVEALS, "next")
    press(DOWN + DOWN)
    assert picker.pointed == "Eve reveals"
    assert press("?") is None  # nothing taken yet: the filter and the highlight stay
    assert (picker.typed, picker.pointed) == ("", "Eve reveals")
    kind, kept = press(ENTER)
    assert kind is prompts._EXPLAIN
    assert kept == "Eve reveals"


def test_the_line_under_a_filtered_list_stays_true(monkeypatch):
    from prompt_toolkit.layout.controls import FormattedTextControl

    picker, press = _picker(monkeypatch, ["next", "Ana reveals", "Eve talks", "stop"], "next")
    shown = [
        w.content.text
        for w in picker.app.layout.find_all_windows()
        if isinstance(w.content, FormattedTextControl)
        and getattr(w.content.text, "__func__", None) is prompts.Picker.search_line
    ]
    assert len(shown) == 1  # the line under the list, not the list itself
    assert picker.search_line() is None
    press("s")
    line = "".join(text for _, text in picker.search_line())
    assert line == "\n/ s  (1 of 4 · Enter takes stop · Backspace unfilters)"
    press("z")
    line = "".join(text for _, text in picker.search_line())
    assert "no choice has a word starting with it: Enter refuses" in line
    press("<")  # `<` starts afresh: the hint's "<: back" holds with a filter typed
    assert picker.typed == "<"
    assert "Enter goes back one question" in "".join(t for _, t in picker.search_line())
    assert press(ENTER) is prompts._UNDO


@pytest.mark.parametrize("confirm", [True, False])
def test_a_guarded_choice_taken_with_the_arrows_asks_to_confirm(monkeypatch, confirm):
    answers = iter(["Ana reveals", "stop"])
    monkeypatch.setattr(prompts, "_select", lambda *a, **k: next(answers))
    asked = []
    monkeypatch.setattr(prompts, "yes_no", lambda q, d=False, **k: asked.append(q) or confirm)
    sure = {"Ana reveals": "Ana shows the secret card: sure?"}
    picked = prompts.choose("Round 1 is over?", REVEALS, "next", guarded=sure)
    assert asked == ["Ana shows the secret card: sure?"]
    assert picked == ("Ana reveals" if confirm else "stop")


def test_every_question_shares_one_set_of_default_key_bindings(monkeypatch):
    """Building prompt_toolkit's ~700 default bindings was most of the cost of opening a
    question; shared, a second question still answers its keys."""
    from companion.ui.guided.toolkit import before_question

    before_question()
    first, press_first = _picker(monkeypatch, REVEALS, "next")
    second, press_second = _picker(monkeypatch, ["one", "two", "three"], "one")
    assert first.app._default_bindings is second.app._default_bindings
    assert press_second(DOWN + DOWN + ENTER) == "three"
    assert press_first(DOWN + ENTER) == "Ana reveals"
