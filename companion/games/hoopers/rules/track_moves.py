"""Injury cubes, Onfire chips and blocks recorded by hand: the match's `injure`, `chip`
and `blocked` events ('Foul', 'Onfire').

Imported when a match's log first holds one (`match.apply_event`); pure.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import RuleViolation
from companion.games.hoopers.rules.effects import (
    Draws,
    injury_cube,
    onfire,
)
from companion.games.hoopers.rules.onfire import FLAT, LV1
from companion.games.hoopers.rules.state import MatchState


def injure(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    team = state.team(data["team"])
    hooper = team.hooper(data["hooper"])
    if hooper.out:
        raise RuleViolation(f"{hooper.name} ({team.name}) is already out of the game")
    data.update(team=team.name, hooper=hooper.name)
    injury_cube(state, team.name, hooper, draws)
    if data.get("carried"):  # a Series game starts with it: not received in this game
        hooper.cubes_received -= 1


def chip(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    team = state.team(data["team"])
    hooper = team.hooper(data["hooper"])
    hooper.check_in_game(team.name, "take an Onfire chip")
    data.update(team=team.name, hooper=hooper.name)
    if data.get("playbook"):
        # 'To Activate and Resolve a Playbook': "Redeem the chip and place it face
        # down on the hooper card" - the Onfire track does not move.
        _playbook_chip(state, team.name, check=rng is not None)
        hooper.chips["lv1"] += 1
        state.notes.append(
            f"{hooper.name} redeems the playbook's Onfire LV.1 chip; "
            "put a new chip on the playbook card"
        )
        return
    data.pop("playbook", None)
    if hooper.onfire != LV1:
        raise RuleViolation(f"{hooper.name} ({team.name}) is not on LV.I (on {hooper.onfire})")
    hooper.chips["lv1"] += 1
    hooper.onfire = FLAT
    state.notes.append(f"{hooper.name} takes an Onfire LV.1 chip: back to flat")


def _playbook_chip(state: MatchState, team: str, check: bool) -> None:
    """A playbook's chip is redeemed once, after that playbook's basket, in its turn: "If
    you score the basket ... Additionally, if any chip has been placed over the card:
    Redeem the chip and place it face down on the hooper card". `check`: when recorded
    (a log recorded before this rule replays as it was)."""
    scored = state.playbook_chip
    if not check:
        if scored is not None:
            scored["redeemed"] = True
        return
    if scored is None or scored["team"] != team:
        raise RuleViolation(
            f"{team} has no playbook that scored in this turn: 'If you score the basket ... "
            "Additionally, if any chip has been placed over the card: Redeem the chip'; "
            "legal now: the chip of a hooper on LV.I (without --playbook)"
        )
    if scored.get("redeemed"):
        raise RuleViolation(
            f"{scored['name']}'s chip is redeemed already; 'Put a new chip on the playbook "
            "card': it is redeemed after the playbook's next basket"
        )
    scored["redeemed"] = True


def blocked(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    team = state.team(data["team"])
    hooper = team.hooper(data["hooper"])
    data.update(team=team.name, hooper=hooper.name)
    state.notes.append(f"{hooper.name} ({team.name}) is blocked: Onfire one step left")
    onfire(state, team.name, hooper, "down", draws)
