"""When a question about a card or a chip the companion cannot see can matter (pure).

Guided play asks about the Keepers' face-down card and the Onfire LV.1 chip only when the
match's state says the answer could change something; the CLI and any other face can ask
the same functions.
"""

from __future__ import annotations

from companion.engine.errors import CompanionError
from companion.games.hoopers.rules.onfire import LV1
from companion.games.hoopers.rules.state import MatchState, TeamState

KEEPERS = "keepers"


def _can(side: TeamState, check: str) -> bool:
    """A hooper of `side` on court who may attack (`check="attack"`) or defend."""
    for hooper in side.hoopers.values():
        if hooper.out or not side.on_court(hooper.name):
            continue
        try:
            getattr(hooper, f"check_can_{check}")(side.name)
        except CompanionError:
            continue
        return True
    return False


def face_down_can_matter(state: MatchState, attacking: str, keepers: str) -> bool:
    """The Keepers' power: "Before the beginning of your opponent's attacking turn, you may
    play a defensive action card face down" — it becomes a Block against a matching attack,
    and "If your opponent turn ends before the attack (for any reason) or the attack can't
    be defended, then put your card back into your hand". So it can matter only when the
    defending team is the Keepers, the attackers have a hooper who may shoot, and the
    Keepers a hooper who may defend."""
    if state.over or state.teams[keepers].tribe != KEEPERS:
        return False
    return _can(state.teams[attacking], "attack") and _can(state.teams[keepers], "defend")


def lv1_chip_can_matter(state: MatchState, team: str, hooper: str) -> bool:
    """'Hot zone': "When the LV.I space is reached the hooper may redeem an Onfire LV.1
    chip" — a chip is used by its hooper ("store it up over the hooper card"), so it can
    matter only for a hooper on LV.I who is still in the game, in a match not over."""
    if state.over:
        return False
    found = state.teams[team].hoopers[hooper]
    return found.onfire == LV1 and not found.ejected and not found.out
