"""The hooper cards' printed numbers, as the table gives them ('Anatomy of a Hooper Card').

The rulebook prints no card's stats, positions or defensive flags (only a few in its
examples), so the companion never invents them: the table gives each card once
(`companion hoopers card HOOPER --2ps 60 …`, or `--import FILE`), they are remembered, and
a match's shot takes the shooter's stat and the defender's defence from them when they are
not typed. Typed numbers always win.

"As for a defense action, you have to consider the Position token of the hooper who's
dribbling to select your countering hooper by looking at your hoopers' defense position
flags": a card's `guards` are the positions its flags cover; a defender whose card does
not cover the attacker's Position token is refused.

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.games.hoopers.data import words
from companion.games.hoopers.rules.errors import MissingInput

STATS = ("2ps", "3ps", "lup", "d2", "d3", "dlu", "o", "v")
POSITIONS = words("positions")


def check_card(name: str, entry: Mapping[str, Any]) -> dict[str, Any]:
    """One card's fields, checked: stats 0..100 in fives, guards among the positions."""
    card: dict[str, Any] = {}
    for key, value in entry.items():
        key = str(key).lower()
        if key in STATS:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
                raise BadInput(f"{name}'s {key.upper()} must be 0 to 100, not {value!r}")
            card[key] = value
        elif key == "guards":
            items = value.split(",") if isinstance(value, str) else list(value)
            guards = [str(p).strip().upper() for p in items if str(p).strip()]
            wrong = [p for p in guards if p not in POSITIONS]
            if wrong:
                raise BadInput(f"{name} guards {', '.join(wrong)}: not a position (PG … C)")
            card["guards"] = guards
        elif key == "stellar":
            card["stellar"] = bool(value)
        else:
            raise BadInput(
                f"{name}: '{key}' is not a card field ({', '.join(STATS)}, guards, stellar)"
            )
    return card


def check_guard(card: Mapping[str, Any] | None, defender: str, position: str | None) -> None:
    """Refuse `defender` whose card's defence flags do not cover `position`."""
    if not card or "guards" not in card or position is None:
        return
    if position not in card["guards"]:
        raise RuleViolation(
            f"{defender}'s card does not guard a {position} (defence flags: "
            f"{', '.join(card['guards']) or 'none'}): 'you have to consider the Position "
            "token ... by looking at your hoopers' defense position flags'"
        )


def refuse_stellar(card: Mapping[str, Any] | None, hooper: str, rule: str) -> None:
    """A hooper upgrade sleeved onto a card the table marked stellar is refused, quoting
    `rule` (the match's "A former stellar hooper cannot be upgraded", the setup's
    "sleeve it onto an un-stellar hooper")."""
    if (card or {}).get("stellar"):
        raise RuleViolation(f"{hooper}'s card is stellar: '{rule}'")


STELLAR_UPGRADED = "A former stellar hooper cannot be upgraded"


class MissingCard(MissingInput):
    """A number a move needs that nobody typed and the hooper's card lacks. At a terminal
    the faces ask it once and remember it (askers.py); elsewhere this one line says
    how to give it."""

    def __init__(self, message: str, hooper: str, field: str, option: str) -> None:
        super().__init__(
            f"{message}: give {option} N, or the card once: "
            f"'companion hoopers card \"{hooper}\" --{field} N'"
        )
        self.hooper, self.field, self.option = hooper, field, option
