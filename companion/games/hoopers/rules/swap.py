"""Swapping Position tokens between two hoopers on court ('Substitution').

"You can change in the same way the Position token of the hoopers on the court. But in
this case, you'll change the Position tokens by placing them in the same circles on the
Onfire track as they were before when occupying the previous position on the court. The
hoopers do not recover any energy." "In the same way": one coach action token at the
beginning of the attacking turn (free when substitutions are, after a timeout or between
periods); each hooper keeps their place on the Onfire track; the Out of position marker
follows the new tokens.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput
from companion.games.hoopers.rules.errors import MissingInput, NotYourTurn
from companion.games.hoopers.rules.modifiers import take_position
from companion.games.hoopers.rules.state import MatchState


def swap_tokens(state: MatchState, data: dict[str, Any], rng: Any, draws: Any) -> None:
    side = state.team(data["team"])
    if side.court is None:
        raise MissingInput(
            f"{side.name} has no line-up: give the five on court at the start "
            "(--home-five/--away-five) to swap Position tokens"
        )
    typed = data.get("hoopers") or []
    if len(typed) != 2:
        raise BadInput("a swap names two hoopers on court")
    first, second = (side.hooper(t) for t in typed)
    if first.name == second.name:
        raise BadInput(f"{first.name} cannot swap tokens with themself")
    for hooper in (first, second):
        hooper.check_in_game(side.name, "take another Position token")
        if not side.on_court(hooper.name):
            raise BadInput(
                f"{hooper.name} ({side.name}) is on the bench: a swap is between hoopers on "
                "court (bring them in with 'match sub')"
            )
    seconds = {side.hooper(n).name for n in data.get("second") or ()}
    stray = seconds - {first.name, second.name}
    if stray:
        raise BadInput(f"--second-position {', '.join(sorted(stray))}: not one of the two")
    if not side.subs_open:
        if side.name != state.attacking or not state.turn_fresh:
            raise NotYourTurn(
                f"{side.name} can spend a coach action token on changing Position tokens only "
                "at the beginning of its attacking turn",
                hint="free after a timeout, after a substitution this turn, or between periods",
            )
        from companion.games.hoopers.rules.match import spend_token

        spend_token(state, side)
        side.subs_open = True
        state.notes.append(
            f"{side.name} spends a coach action token ({side.coach_tokens} left; more "
            "substitutions this turn are free)"
        )
    token_a, token_b = side.position_of(first.name), side.position_of(second.name)
    side.court[token_a], side.court[token_b] = second.name, first.name
    said = take_position(side, first.name, token_b, seconds)
    said += take_position(side, second.name, token_a, seconds)
    data.update(team=side.name, hoopers=[first.name, second.name])
    if seconds:
        data["second"] = sorted(seconds)
    else:
        data.pop("second", None)
    state.notes.append(
        f"{first.name} takes the {token_b} token and {second.name} the {token_a} token "
        "({side}): both keep their place on the Onfire track; no energy recovered".format(
            side=side.name
        )
        + (f" — {'; '.join(said)}" if said else "")
    )
