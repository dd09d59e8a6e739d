"""A foul recorded by hand ('Foul: Cases'): the match's `foul` event.

Imported when a match's log first holds a foul (`match.apply_event`); pure.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import RuleViolation
from companion.engine.names import match_prefix
from companion.games.hoopers.data import words
from companion.games.hoopers.rules.effects import (
    Draws,
    foul_cube,
)
from companion.games.hoopers.rules.energy import (
    counter_free,
    fundamental_free,
    spend,
)
from companion.games.hoopers.rules.errors import (
    HooperUnavailable,
)
from companion.games.hoopers.rules.state import HooperState, MatchState, TeamState

# 'Foul: Cases': the actions a foul is committed on, by who commits it.
DEFENSIVE_FOULS = words("defensive_fouls")
OFFENSIVE_FOULS = words("offensive_fouls")
FOUL_ON = (*DEFENSIVE_FOULS, *OFFENSIVE_FOULS)
COUNTER_FOULS = words("counters")  # 'Counter': the three counter actions


def foul(state: MatchState, data: dict[str, Any], rng: Any, draws: Draws) -> None:
    team = state.team(data["team"])
    hooper = team.hooper(data["hooper"])
    if hooper.ejected:
        raise RuleViolation(f"{hooper.name} ({team.name}) is already ejected")
    hooper.check_in_game(team.name, "commit a foul")
    team.check_on_court(hooper, "commit a foul")
    action = data.get("action")
    if action is not None:
        action = match_prefix(action, FOUL_ON, what="foul on")
    if action in DEFENSIVE_FOULS:
        hooper.check_can_defend(team.name)
    elif action is None and "no-defense" in hooper.injuries:
        # A no-defense hooper can only foul on his own side's actions.
        raise HooperUnavailable(
            f"{hooper.name} ({team.name}) cannot defend (injury marker 'no-defense'), "
            "so cannot commit a defensive foul",
            hint="an offensive foul names its action: --on screen, rebound or charging",
        )
    before = team.team_fouls
    data.update(team=team.name, hooper=hooper.name, action=action)
    if action is None:
        del data["action"]
    _foul_card_energy(state, team, hooper, action)
    if action in ("steal", "intercept"):
        _fouled_by_hand(state, team.name, {"steal": "dribble", "intercept": "pass"}[action])
    foul_cube(state, team.name, hooper)
    if action in COUNTER_FOULS and before >= _team_foul_limit():
        state.notes.append(
            f"a counter foul after {before} team fouls: {state.other(team.name)} also shoots "
            f"2 free throws (record the counter with 'companion hoopers match counter' to "
            f"resolve them)"
        )
    elif action in ("screen", "charging") and before >= _team_foul_limit():
        # Ruling (docs/hoopers.md): the team-foul rule gives free throws "even when you
        # will commit a foul by playing a counter action"; a screen or a charging foul is
        # no counter, and its own case gives none.
        state.notes.append(
            f"no free throws for an offensive foul on a {action}, even after {before} team "
            "fouls: only a counter foul gives them ('even when you will commit a foul by "
            "playing a counter action')"
        )


def _fouled_by_hand(state: MatchState, fouler: str, kind: str) -> None:
    """A counter foul recorded by hand (guided play records one so): the opponent's last
    `kind` not answered yet is gone, and the ball is as before it (rules/ball.py)."""
    attacker = state.other(fouler)
    for played in reversed(state.fundamentals):
        if played["team"] == attacker and played["kind"] == kind and not played.get("fouled"):
            played["fouled"] = played["countered"] = True
            return


def _foul_card_energy(state: MatchState, team: TeamState, hooper: HooperState, action: Any) -> None:
    """A foul recorded on a counter or a screen is a card the hooper played (guided play
    records a counter foul so): its energy, once (a screen recorded with 'match
    fundamental' is paid already). A defence's card is paid by the shot that names the
    defender."""
    if action in COUNTER_FOULS:
        card = {"steal": "steal dribble", "intercept": "intercept pass"}
        label = card.get(action, "offensive rebound")
        spend(state, team.name, hooper, label, counter_free(hooper, action))
    elif action == "screen" and not _paid_screen(state, team.name, hooper.name):
        spend(state, team.name, hooper, "screen", fundamental_free(hooper, "screen"))


def _team_foul_limit() -> int:
    # The counters' rules (and the fouls' and free throws' they read) only for a foul whose
    # action the limit concerns: a replay of a match with fouls imports them no more.
    from companion.games.hoopers.rules.counters import TEAM_FOUL_LIMIT

    return TEAM_FOUL_LIMIT


def _paid_screen(state: MatchState, team: str, hooper: str) -> bool:
    from companion.games.hoopers.rules.energy_moves import paid_fundamental

    return paid_fundamental(state, team, hooper, "screen")
