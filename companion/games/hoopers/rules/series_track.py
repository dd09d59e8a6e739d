"""The Series track mini board during a game ('The Series', 'Series track').

"Move the Tribe marker on the series mini track one step towards your board every time
that the condition displayed is satisfied. Before moving the marker from the central
zone, if it does not show your tribe, flip it and remain there. If you should move the
marker outside the track (follow the arrows) place it on the action upgrade card. This
milestone will no longer be triggered." The marker starts "in the middle of the track
on the side of the Home Tribe".

The table says when the condition marker's condition is satisfied (`match track TEAM`);
the rulebook prints no number of steps on the mini board, so the table also says when a
step takes the marker outside the track (`--off`). The marker shows the tribe whose side
it stands on (it is flipped only in the central zone), and the Reward Phase's card goes
to the tribe it shows at the end ("even if the marker is still in the middle").

Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import RuleViolation
from companion.games.hoopers.rules.state import MatchState


def track_of(state: MatchState) -> dict[str, Any] | None:
    """The marker of a Series game (None: not a Series game): shows, steps, off, moves."""
    if state.series_track is None:
        state.series_track = state.marker()
    return state.series_track


def move_marker(state: MatchState, data: dict[str, Any], rng: Any, draws: Any) -> None:
    """`track` event: `team` satisfied the condition displayed (`off`: the step leaves
    the track)."""
    track = track_of(state)
    if track is None:
        raise RuleViolation(
            "the Series track mini board is The Series' ('match track' is for a Series game)"
        )
    team = state.team(data["team"]).name
    data["team"] = team
    off = bool(data.get("off"))
    if track["off"]:
        raise RuleViolation(
            f"the tribe marker is on the action upgrade card already ({track['shows']}): "
            "'This milestone will no longer be triggered'"
        )
    outward = track["shows"] == team
    if off and not (outward and track["steps"] >= 0):
        raise RuleViolation(
            "--off is a step towards your board that leaves the track; this one goes back "
            "towards the middle"
        )
    if track["steps"] == 0 and not outward:
        track["shows"] = team
        did = f"the marker is flipped to show {team} and remains in the central zone"
    elif not outward:
        track["steps"] -= 1
        did = f"the marker moves one step towards {team}'s board"
    elif off:
        track["off"] = True
        did = f"the marker leaves the track towards {team}: on the action upgrade card"
    else:
        track["steps"] += 1
        did = f"the marker moves one step towards {team}'s board"
    track["moves"].append({"team": team, "period": state.period, "turn": state.turn,
                           "did": did})  # fmt: skip
    state.notes.append(f"Series track ({team}): {did}; it shows {track['shows']}"
                       f"{f', {track_steps(track)}' if not track['off'] else ''}")  # fmt: skip


def track_steps(track: dict[str, Any]) -> str:
    steps = track["steps"]
    if steps == 0:
        return "in the central zone"
    return f"{steps} step{'s' if steps != 1 else ''} towards {track['shows']}'s board"
