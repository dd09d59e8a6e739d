"""Which defence card contests which attack ('Defense'), and Edd Trapp's exception.

"To contest a shot, you need to use the exact type of defense that corresponds to the
opponent's attack" — except "SF - Edd Trapp: You can play a defense lay-up to defend a 3
points shot by using him." Pure: the match's shot event and guided play both ask here.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import RuleViolation
from companion.games.hoopers.rules.shots import DEFENSE_FOR
from companion.games.hoopers.rules.skills import has_skill

EDD_TRAPP_CARD = {"3ps": "dlu"}  # the attack he may contest with another defence card


def defence_cards(kind: str, defender: Any | None = None) -> list[str]:
    """The defence cards that contest `kind`, played by `defender` (a HooperState)."""
    cards = [DEFENSE_FOR[kind]]
    if defender is not None and kind in EDD_TRAPP_CARD and has_skill(defender, "edd"):
        cards.append(EDD_TRAPP_CARD[kind])
    return cards


def check_defence_card(kind: str, card: str | None, defender: Any) -> None:
    if card is None or card == DEFENSE_FOR[kind]:
        return
    if card not in defence_cards(kind, defender):
        raise RuleViolation(
            f"a {kind.upper()} is defended with a {DEFENSE_FOR[kind].upper()}, not a "
            f"{card.upper()}",
            hint="only Edd Trapp defends a 3PS with a defence lay-up (his skill)",
        )
