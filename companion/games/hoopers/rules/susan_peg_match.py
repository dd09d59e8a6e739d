"""Susan Peg's offensive rebound in a tracked match (The Series).

"If Susan Peg does not commit a foul during an Offensive Rebound attempt, then she rolls
the d20 die directly performing a Lay-up by using her V stat. It can't be defended."
The same resolution as `companion hoopers counter rebound --susan-peg`
(`companion.games.hoopers.rules.susan_peg`); here the match also keeps her points, her Onfire
track (a lay-up made or missed moves it like any lay-up) and the fouls.
"""

from __future__ import annotations

from typing import Any

from companion.games.hoopers.rules.effects import foul_cube, injury_cube, onfire, rebound_fouled
from companion.games.hoopers.rules.errors import MissingInput
from companion.games.hoopers.rules.state import HooperState, MatchState, TeamState
from companion.games.hoopers.rules.susan_peg import SUSAN_PEG, resolve_susan_peg_rebound


def is_susan_peg_rebound(
    kind: str, hooper: HooperState, data: dict[str, Any], recording: bool
) -> bool:
    """Decided when recorded and kept in the event ("susan_peg"), so a rebound recorded
    before the match applied her skill replays as it was."""
    if "susan_peg" in data:
        return bool(data["susan_peg"])
    from companion.games.hoopers.rules.skills import NO_SKILL

    found = (
        recording
        and kind == "rebound"
        and hooper.name.casefold() == SUSAN_PEG.casefold()
        and NO_SKILL not in hooper.injuries
    )
    if found:
        data["susan_peg"] = True
    return found


def susan_peg_rebound(
    state: MatchState,
    data: dict[str, Any],
    rng: Any,
    draws: Any,
    side: TeamState,
    other: TeamState,
    susan: HooperState,
    free_throws: Any,
) -> Any:
    """Her rebound: the foul die; no foul, her undefended lay-up against V."""
    if data.get("v") is None:
        raise MissingInput("Susan Peg's lay-up uses her V stat: give --v")
    outcome = resolve_susan_peg_rebound(
        data["v"],
        face=data.get("face"),
        roll=data.get("roll"),
        team_fouls=side.team_fouls,
        rng=rng,
    )
    data.update(
        team=side.name, kind="rebound", hooper=susan.name, against=None,
        face=outcome.reading.face, roll=outcome.roll,
    )  # fmt: skip
    state.notes.append(
        "Susan Peg's skill: with no foul her rebound is a lay-up with her V, undefended"
    )
    if outcome.foul:
        fouled = rebound_fouled(other, data)
        foul_cube(state, side.name, susan)
        injury_cube(state, other.name, fouled, draws)
        free_throws(state, data, rng, outcome, other.name, fouled)
        state.notes.append("offensive foul: the attacking turn ends ('match turn')")
        return outcome
    data.pop("fouled", None)
    if data.get("ft_rolls"):
        raise MissingInput("free throw rolls given but her rebound gives no free throws")
    if outcome.scored:
        susan.points += outcome.points
        susan.made["lup"] += 1
        state.add_points(side.name, outcome.points)
        state.notes.append(f"{susan.name} ({side.name}) scores {outcome.points} with the lay-up")
    else:
        state.notes.append(f"{susan.name}'s lay-up misses: the defence takes the ball")
    onfire(state, side.name, susan, "up" if outcome.scored else "down", draws)
    state.last_shot = {
        "team": side.name, "hooper": susan.name, "kind": "lup", "scored": outcome.scored
    }  # fmt: skip
    state.notes.append("the attacking turn ends ('match turn')")
    return outcome
