"""Enter on a name the table misspelt, when the completion menu shows one name, takes it."""

from __future__ import annotations

from companion.engine.names import match_prefix
from companion.testing.scripted import press_enter
from companion.ui.guided import prompts

HOOPERS = ["Linda Siempre", "Manny Gentle", "May Friend", "Edd Trapp"]


def _enter(typed: str, names=HOOPERS) -> object:
    def validate(text: str) -> bool | str:
        try:
            match_prefix(text, names, what="hooper")
        except Exception as err:  # noqa: BLE001 - the prompt's own refusal
            return str(err)
        return True

    completer = prompts._completer(names, False)
    return press_enter(prompts._line_bindings(validate, True, completer), typed)


def test_enter_takes_the_one_name_the_menu_shows():
    assert _enter("Lnda") == "Linda Siempre"


def test_enter_keeps_a_refusal_when_the_menu_shows_several():
    refused = _enter("Ma")  # Manny Gentle, May Friend: an answer is still needed
    assert isinstance(refused, prompts.Refused)
    assert refused.typed == "Ma"


def test_a_valid_answer_is_not_replaced_by_a_completion():
    assert _enter("Edd") == "Edd"  # the parse takes the prefix itself


def test_a_card_of_another_number_is_never_taken_for_the_one_typed():
    """`Eagles-3` is not in the hand: the only card the menu shows, Eagles-5, is another
    card, not a typo, so Enter keeps the refusal (a pick is never changed behind the table)."""
    refused = _enter("Eagles-3", ["Eagles-5", "Tigers-1"])
    assert isinstance(refused, prompts.Refused)
    assert refused.typed == "Eagles-3"
