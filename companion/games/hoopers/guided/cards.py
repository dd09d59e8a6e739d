"""A hooper card's number asked once, when a move first needs it, and remembered.

The rulebook prints no card's stats ('Anatomy of a Hooper Card' names them only), so the
table gives them: `companion hoopers card`, or here, at a terminal, the first time a
shot, a defence or a counter needs one nobody typed. Both faces ask through
`ask_card_fact`: `companion hoopers match …` when the table refuses a move with
`MissingCard` (then records it again), guided play when it asks a stat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.hoopers.rules.stats import check_stat
from companion.ui.guided import prompts

LABELS = {"2ps": "2PS", "3ps": "3PS", "lup": "LUP", "d2": "D2", "d3": "D3", "dlu": "DLU",
          "o": "O-stat", "v": "V-stat"}  # fmt: skip


def card_question(hooper: str, label: str) -> str:
    """The one question both faces ask (guided play asked it so before the cards)."""
    return f"{hooper}'s {label}?"


def ask_card_fact(
    table: Any,
    hooper: str,
    field: str,
    number: Callable[..., int] = prompts.number,
    *,
    label: str | None = None,
    remember: bool = True,
) -> int:
    """Ask `hooper`'s card's `field` (no default: the card says it) and remember it in the
    catalogue for every match (`remember` False: an answer replayed, kept already)."""
    label = label or LABELS.get(field, field.upper())
    value = number(card_question(hooper, label), None, lambda n: check_stat(n, label))
    if remember:
        table.set_hooper_cards({hooper: {field: value}})
    return value


def record_asking(table: Any, move: dict[str, Any]) -> Any:
    """`table.record(move)`; each number the cards lack asked once and the move recorded
    again (a shot may lack the shooter's stat and the defender's defence)."""
    from companion.games.hoopers.rules.cards import MissingCard

    asked: set[tuple[str, str]] = set()
    while True:
        try:
            return table.record(move)
        except MissingCard as err:
            if (err.hooper, err.field) in asked:  # given, yet still missing: say it
                raise
            asked.add((err.hooper, err.field))
            with prompts.guarded():
                ask_card_fact(table, err.hooper, err.field)
