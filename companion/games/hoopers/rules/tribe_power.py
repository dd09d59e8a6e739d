"""The Series' home rule for the tribe powers ('Prepare The Series', Home).

"The hoopers move on the Onfire track also when they successfully activate their tribe's
power (even if a foul is committed or stops the action). NOTE: The Keepers facedown card
needs to match the attack." The match applies it for the home tribe of a Series game:
the Keepers' block from a matching face-down card moves the blocker, the Unleashed power
(`match turn --power`) the hooper who won the ball back. CLI and guided play record the
same events, so both get it from here.
"""

from __future__ import annotations

from typing import Any

from companion.games.hoopers.rules.effects import onfire
from companion.games.hoopers.rules.state import MatchState


def power_onfire(
    state: MatchState, data: dict[str, Any], recording: bool, team: str, hooper: str | None,
    draws: Any,
) -> None:  # fmt: skip
    """One step forward for `hooper` of `team` when the rule applies; decided when the event
    is recorded and kept in it ("power_onfire"), so an older log replays as it was."""
    if "power_onfire" in data:
        moved = data["power_onfire"]
    elif recording and state.teams[team].onfire_on_power and hooper is not None:
        moved = data["power_onfire"] = hooper
    else:
        moved = None
    if moved is None:
        if recording and state.teams[team].onfire_on_power:
            state.notes.append(
                f"{team} (home, The Series): move the hooper who activated the tribe power "
                f"one step forward ('match onfire {team} HOOPER up')"
            )
        return
    state.notes.append(
        f"{moved} ({team}) activated the tribe power at home (The Series): one step forward "
        "on the Onfire track"
    )
    onfire(state, team, state.teams[team].hoopers[moved], "up", draws)
