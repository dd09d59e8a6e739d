"""Deck building's checks ('When Upgrading... Your Deck'), as far as the table tells the
companion which cards it holds.

"Take your action card deck and the following upgrade: a) All the four action upgrade
cards of your tribe ... b) All your six counter action cards ... c) Four out of ten
position upgrades of your choice from your player upgrade kit ... Choose the fourteen
action cards you want to improve and sleeve the selected translucent cards onto it.
Be careful! - If an upgrade is strictly connected to an action, you must sleeve it onto a
card that performs the same action (see paragraph "anatomy action upgrade card"). For
example: "From the Elbow" upgrades just a Two Point Shot action. - Every card can gain
only one upgrade."

The rulebook prints no action card and, of the action upgrades' "Former action needed",
only From the Elbow's: the table says each sleeved card's actions and, for the others,
the action an upgrade needs (`needs`). A check that lacks what it needs is named as not
made, never passed silently. The components bound the rest: "L) 6 Counter action cards:
a) 2 Steal dribble, b) 2 Intercept pass, c) 2 Offensive rebound", "d) 10 Position
upgrades (2 PG; 2 SG; 2 SF; 2 PF; 2 C)", one copy of each action upgrade.

Pure: no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.games.hoopers.data import load

ONE_UPGRADE = "Every card can gain only one upgrade"
SAME_ACTION = (
    "If an upgrade is strictly connected to an action, you must sleeve it onto a card that "
    "performs the same action"
)
FOUR_POSITIONS = "Four out of ten position upgrades of your choice"
POSITION_LIMIT = 4  # the classic play's; a Series' tribe has what its kit gave it
# The card's actions ('Anatomy': "Attack, Fundamental, Defense and Counter").
ACTIONS = ("dribble", "pass", "screen", "2ps", "3ps", "lup", "d2", "d3", "dlu")
COUNTERS = {"steal": 2, "intercept": 2, "rebound": 2}  # "L) 6 Counter action cards"
POSITIONS = {"pg": 2, "sg": 2, "sf": 2, "pf": 2, "c": 2}  # "d) 10 Position upgrades"
PRINTED_NEEDS = {"from the elbow": "2ps"}  # "'From the Elbow' upgrades just a Two Point Shot"


def action_upgrades() -> dict[str, str]:
    """Every tribe's four action upgrade cards ('The Tribes'), by key: name as printed."""
    names: dict[str, str] = {}
    for tribe in load("game")["tribes"].values():
        for name in tribe.get("action_upgrades", ()):
            names[name.casefold()] = name
    return names


@dataclass
class DeckReport:
    """What the deck holds, the checks made and the ones the companion could not make."""

    cards: int
    counters: int = 0
    positions: int = 0
    actions: int = 0
    position_limit: int = POSITION_LIMIT
    checked: list[str] = field(default_factory=list)
    not_checked: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "upgrades": {
                "counter": self.counters,
                "action": self.actions,
                "position": self.positions,
            },
            "position_limit": self.position_limit,
            "checked": list(self.checked),
            "not_checked": list(self.not_checked),
        }


def check_deck(
    cards: Mapping[str, Any],
    needs: Mapping[str, str] | None = None,
    position_limit: int = POSITION_LIMIT,
) -> DeckReport:
    """Check the sleeved `cards` ({label: {"actions": [...], "upgrade": NAME or [NAMES]}});
    a broken rule is refused (`RuleViolation`, quoting it), the rest reported."""
    known_actions = action_upgrades()
    need_of = {
        **PRINTED_NEEDS,
        **{str(k).casefold(): _action(v, k) for k, v in (needs or {}).items()},
    }
    report = DeckReport(cards=len(cards), position_limit=position_limit)
    kinds: Counter[str] = Counter()
    for label, entry in cards.items():
        if not isinstance(entry, Mapping):
            raise BadInput(f"card {label}: a table of actions and upgrade, not {entry!r}")
        upgrades = entry.get("upgrade", entry.get("upgrades", []))
        upgrades = [upgrades] if isinstance(upgrades, str) else list(upgrades)
        if len(upgrades) > 1:
            raise RuleViolation(
                f"card {label} carries {len(upgrades)} upgrades ({', '.join(map(str, upgrades))}): "
                f"'{ONE_UPGRADE}'"
            )
        typed_actions = entry.get("actions")
        actions = None if typed_actions is None else [_action(a, label) for a in typed_actions]
        for upgrade in upgrades:
            kind, name = _upgrade(str(upgrade), known_actions, label)
            kinds[name] += 1
            if kind == "counter":
                report.counters += 1
            elif kind == "position":
                report.positions += 1
            else:
                report.actions += 1
                _check_action(report, label, name, need_of.get(name.casefold()), actions)
    for name, count in kinds.items():
        copies = COUNTERS.get(name) or POSITIONS.get(name.casefold()) or 1
        if count > copies:
            raise RuleViolation(
                f"{count} cards carry {name}: the box has {copies} "
                "('L) 6 Counter action cards: a) 2 Steal dribble, b) 2 Intercept pass, c) 2 "
                "Offensive rebound', 'd) 10 Position upgrades (2 PG; 2 SG; 2 SF; 2 PF; 2 C)')"
            )
    if report.positions > position_limit:
        raise RuleViolation(
            f"{report.positions} position upgrades sleeved, {position_limit} allowed: "
            f"'{FOUR_POSITIONS}'"
        )
    report.checked.insert(0, f"one upgrade per card ('{ONE_UPGRADE}')")
    report.checked.append(f"position upgrades: {report.positions} of {position_limit}")
    return report


def _check_action(
    report: DeckReport, label: str, name: str, need: str | None, actions: list[str] | None
) -> None:
    if need is None:
        report.not_checked.append(
            f"{name} on card {label}: its former action is not known (the rulebook prints "
            f'only From the Elbow\'s; give it: needs."{name}" = "ACTION")'
        )
        return
    if actions is None:
        report.not_checked.append(
            f"{name} on card {label}: the card's actions are not known (give its actions)"
        )
        return
    if need not in actions:
        raise RuleViolation(
            f"{name} needs a {need.upper()} card; card {label} performs "
            f"{', '.join(a.upper() for a in actions) or 'nothing given'}: '{SAME_ACTION}'"
        )
    report.checked.append(f"{name} on card {label}, a {need.upper()} card ('{SAME_ACTION}')")


def _upgrade(text: str, known_actions: Mapping[str, str], label: str) -> tuple[str, str]:
    key = text.strip().casefold()
    if key in COUNTERS:
        return "counter", key
    if key in POSITIONS:
        return "position", text.strip().upper()
    if key in known_actions:
        return "action", known_actions[key]
    raise BadInput(
        f"card {label}: '{text}' is no upgrade (a counter: steal, intercept, rebound; a "
        f"position: PG … C; an action upgrade: {', '.join(sorted(known_actions.values()))})"
    )


def _action(text: Any, where: Any) -> str:
    key = str(text).strip().casefold()
    if key not in ACTIONS:
        raise BadInput(f"{where}: '{text}' is not an action ({', '.join(ACTIONS)})")
    return key
