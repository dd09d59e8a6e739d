"""Who receives a period milestone's upgrade, and the Series' gameplan card.

'Milestones': "You can choose to sleeve the translucent card onto the hooper you prefer
by respecting all the limits involved" — "Every hooper can gain only one upgrade."
'Game Play: Additional and Different Rules' (The Series): "At the beginning of your
attacking turn you can spend one coach action token to select and take a gameplan card.
You can take only one card for a game."
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.games.hoopers.rules.energy import MILESTONE_ENERGY
from companion.games.hoopers.rules.errors import NotYourTurn
from companion.games.hoopers.rules.state import MatchState


def give_upgrade(state: MatchState, data: dict[str, Any], rng: Any, draws: Any) -> None:
    """`upgrade` event: the team's milestone upgrade of `period` (default: the first one
    not given yet) is sleeved onto `hooper`; with `card`, a hooper upgrade its team drafted
    (the Draft variant: rules/draft.py)."""
    if data.get("card") is not None:
        from companion.games.hoopers.rules.draft import sleeve_drafted

        return sleeve_drafted(state, data)
    side = state.team(data["team"])
    hooper = side.hooper(data["hooper"])
    earned = [m for m in state.milestones if m.get("earner") == side.name]
    open_ = [m for m in earned if not m.get("hooper")]
    period = data.get("period")
    if period is not None:
        chosen = next((m for m in earned if m["period"] == period), None)
        if chosen is None:
            raise RuleViolation(
                f"{side.name} did not earn the milestone of period {period}",
                hint=_earned_hint(side.name, earned),
            )
        if chosen.get("hooper"):
            raise RuleViolation(
                f"the milestone upgrade of period {period} is already on {chosen['hooper']}"
            )
    elif not open_:
        raise RuleViolation(
            f"{side.name} has no milestone upgrade to give", hint=_earned_hint(side.name, earned)
        )
    else:
        chosen = open_[0]
    holder = next((m for m in earned if m.get("hooper") == hooper.name), None)
    if holder is not None:
        raise RuleViolation(
            f"{hooper.name} ({side.name}) already has the period {holder['period']} upgrade: "
            '"Every hooper can gain only one upgrade"'
        )
    if hooper.star:
        # The Setup's [star] upgrade (or a Series' carried one) is an upgrade too.
        raise RuleViolation(
            f"{hooper.name} ({side.name}) already carries the [star] upgrade: "
            '"Every hooper can gain only one upgrade"'
        )
    hooper.check_in_game(side.name, "receive an upgrade")
    chosen["hooper"] = hooper.name
    data.update(team=side.name, hooper=hooper.name, period=chosen["period"])
    # "Update the hooper's energy track immediately": the maximum and the track rise.
    extra = MILESTONE_ENERGY.get(chosen["period"], 0)
    hooper.energy_extra += extra
    track = "update the energy track now"
    if hooper.energy is not None:
        hooper.energy += extra
        track = f"energy +{extra}: {hooper.energy} of {hooper.energy_max}"
    state.notes.append(
        f"{hooper.name} ({side.name}) receives the period {chosen['period']} upgrade: "
        f"{chosen['reward']} ({track})"
    )


def _earned_hint(team: str, earned: list[dict[str, Any]]) -> str:
    if not earned:
        return f"{team} has earned no period milestone in this match"
    return "earned: " + ", ".join(
        f"period {m['period']}" + (f" (on {m['hooper']})" if m.get("hooper") else "")
        for m in earned
    )


def take_gameplan(state: MatchState, data: dict[str, Any], rng: Any, draws: Any) -> None:
    """`gameplan` event: a coach action token for the Series' gameplan card."""
    from companion.games.hoopers.rules.match import spend_token

    side = state.team(data["team"])
    if not side.series:
        raise BadInput("gameplan cards belong to The Series: start the game with "
                       "'companion hoopers series game start'")  # fmt: skip
    if side.gameplan:
        raise RuleViolation(
            f'{side.name} already took its gameplan card: "You can take only one card for a game"'
        )
    if side.name != state.attacking or not state.turn_fresh:
        raise NotYourTurn(
            f"{side.name} takes a gameplan card only at the beginning of its attacking turn"
        )
    spend_token(state, side)
    side.gameplan = True
    data["team"] = side.name
    state.notes.append(
        f"{side.name} spends a coach action token on a gameplan card "
        f"({side.coach_tokens} left): its milestones of this game count in the Reward Phase"
    )
