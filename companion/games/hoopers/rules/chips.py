"""Spending Onfire chips ('Chips and Markers'): "After having spent a chip (LV.1 or LV.2)
discard it."

A chip redeemed onto a hooper stays there until it is spent; the Series' Reward Phase
counts only the chips "that you did not spend during the game". What a chip does to
the score the match applies (Fast Break, Coast to Coast, Tap-Out, Goal Tending, Never
Give Up!); the rest (a boost, a block, removing a counter card, an energy drink) the
table plays with the move it goes with, and the match keeps which chip was used for
what (the gameplans count "Spend at least 1 Onfire chip to perform a block").
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import RuleViolation
from companion.engine.names import match_prefix
from companion.games.hoopers.rules.errors import MissingInput
from companion.games.hoopers.rules.shots import POINTS
from companion.games.hoopers.rules.skills import has_skill
from companion.games.hoopers.rules.state import MatchState

# What each chip is used for, by level, with what the table does with it.
LV1_USES = {
    "boost": "+10 or cannot be countered or defended (both if the hooper is stellar)",
    "remove-intercept": "removes the opponent's intercept card before it is resolved",
    "remove-steal": "removes the opponent's steal card before it is resolved",
    "block": "the defence or counter becomes a block ('match block')",
}
LV2_USES = {
    "fast-break": "two points, end of the turn",
    "coast-to-coast": "two points, end of the turn",
    "tap-out": "the opponent's successful attack becomes unsuccessful",
    "goal-tending": "your own unsuccessful attack becomes successful",
    "never-give-up": "an additional coach action token",
    "energy-drink": "the hooper recovers all their energy",
    "no-way-block": "a block for any defence or counter ('match block')",
    "buzzer-beater": "one extra attacking turn in slot A",
}
USES = {**dict.fromkeys(LV1_USES, "lv1"), **dict.fromkeys(LV2_USES, "lv2")}
BLOCK_USES = ("block", "no-way-block")  # the chips that make a block ('match block')
TWO_POINTS = 2  # "You score two points."


def spend_chip(state: MatchState, data: dict[str, Any], rng: Any, draws: Any) -> None:
    """`spend` event: the hooper's chip is used for `use` and discarded."""
    side = state.team(data["team"])
    hooper = side.hooper(data["hooper"])
    hooper.check_in_game(side.name, "spend an Onfire chip")
    if not data.get("use"):
        raise MissingInput(f"what is the chip spent on? {', '.join(USES)}")
    use = match_prefix(data["use"], USES, what="chip use")
    level = USES[use]
    name = "LV.1" if level == "lv1" else "LV.2"
    if hooper.chips.get(level, 0) < 1:
        raise RuleViolation(
            f"{hooper.name} ({side.name}) has no Onfire {name} chip to spend on {use}",
            hint=f"{hooper.name}'s chips: LV.1 {hooper.chips.get('lv1', 0)}, "
            f"LV.2 {hooper.chips.get('lv2', 0)}",
        )
    data.update(team=side.name, hooper=hooper.name, use=use)
    effect = _EFFECTS.get(use)
    if effect is not None:
        effect(state, side.name, hooper, data)
    what = (LV1_USES | LV2_USES)[use]
    if level == "lv1" and has_skill(hooper, "muy") and hooper.name not in state.chip_back:
        # Muy Schillato: "After having used a LV.1 Onfire chip, he gets back that chip
        # to use it again without applying the stellar extra bonus."
        state.chip_back.add(hooper.name)
        state.notes.append(
            f"{hooper.name} spends an Onfire LV.1 chip on {use} ({what}) and gets it back: "
            "its next use has no stellar extra bonus"
        )
    else:
        if level == "lv1":
            state.chip_back.discard(hooper.name)
        hooper.chips[level] -= 1
        state.notes.append(
            f"{hooper.name} ({side.name}) spends an Onfire {name} chip on {use} ({what}); "
            "the chip is discarded"
        )
    state.chips_spent.append({"team": side.name, "hooper": hooper.name, "use": use})
    if use in BLOCK_USES:
        state.block_ready = hooper.name


def _two_points(state: MatchState, team: str, hooper: Any, data: dict[str, Any]) -> None:
    hooper.points += TWO_POINTS
    state.add_points(team, TWO_POINTS)
    state.notes.append(f"{team} scores {TWO_POINTS} ({hooper.name}); end the turn ('match turn')")


def _last_shot(state: MatchState, team: str, scored: bool, use: str) -> dict[str, Any]:
    shot = state.last_shot
    whose = "the opponent's" if team != (shot or {}).get("team") else "your own"
    if shot is None or shot["scored"] != scored:
        wanted = "successful attack by the opponent" if scored else "own unsuccessful attack"
        raise RuleViolation(
            f"{use} can be spent only right after a {wanted}",
            hint=f"the last move is not {whose} {'made' if scored else 'missed'} shot",
        )
    return shot


def _tap_out(state: MatchState, team: str, hooper: Any, data: dict[str, Any]) -> None:
    """Tap-Out: "It can be spent only after a successful attack by the opponent. It becomes
    unsuccessful." The shot's own points go; its free throws stay (they are their own shots)."""
    shot = _last_shot(state, team, True, "Tap-Out")
    if shot["team"] == team:
        raise RuleViolation("Tap-Out is spent on the opponent's successful attack, not your own")
    points = POINTS[shot["kind"]]
    state.teams[shot["team"]].hoopers[shot["hooper"]].points -= points
    state.teams[shot["team"]].hoopers[shot["hooper"]].made[shot["kind"]] -= 1
    state.add_points(shot["team"], -points)
    state.last_shot = None
    state.notes.append(f"{shot['hooper']}'s {shot['kind'].upper()} is taken back: −{points}")


def _goal_tending(state: MatchState, team: str, hooper: Any, data: dict[str, Any]) -> None:
    """Goal Tending: "It can be spent only after an own unsuccessful attack, it becomes
    successful." """
    shot = _last_shot(state, team, False, "Goal Tending")
    if shot["team"] != team:
        raise RuleViolation("Goal Tending is spent on your own unsuccessful attack")
    points = POINTS[shot["kind"]]
    state.teams[team].hoopers[shot["hooper"]].points += points
    state.teams[team].hoopers[shot["hooper"]].made[shot["kind"]] += 1
    state.add_points(team, points)
    state.last_shot = None
    state.notes.append(f"{shot['hooper']}'s {shot['kind'].upper()} counts: +{points}")


def _coast_to_coast(state: MatchState, team: str, hooper: Any, data: dict[str, Any]) -> None:
    """Coast to Coast: "It can be spent only after a successful attack by the opponent. You
    score two points. End your turn." (the same moment as Tap-Out)."""
    shot = _last_shot(state, team, True, "Coast to Coast")
    if shot["team"] == team:
        raise RuleViolation(
            "Coast to Coast is spent on the opponent's successful attack, not your own"
        )
    _two_points(state, team, hooper, data)


def _never_give_up(state: MatchState, team: str, hooper: Any, data: dict[str, Any]) -> None:
    side = state.teams[team]
    side.coach_tokens += 1
    state.notes.append(f"{team} gains a coach action token ({side.coach_tokens})")


def _energy_drink(state: MatchState, team: str, hooper: Any, data: dict[str, Any]) -> None:
    """Energy Drink: "This hooper recovers immediately all his/her energy." """
    if hooper.energy_max is None:
        state.notes.append(f"{hooper.name} recovers all their energy (the card's energy is "
                           "not known: the table sets the track)")  # fmt: skip
        return
    hooper.energy = hooper.energy_max
    state.notes.append(f"{hooper.name} ({team}) recovers all their energy: {hooper.energy}")


_EFFECTS = {
    "energy-drink": _energy_drink,
    "fast-break": _two_points,
    "coast-to-coast": _coast_to_coast,
    "tap-out": _tap_out,
    "goal-tending": _goal_tending,
    "never-give-up": _never_give_up,
}
