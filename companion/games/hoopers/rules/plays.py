"""The last few plays of a match, in words a room reads ("Muy Schillato 3PS — missed").

The fold notes each shot, free throw, score, foul, counter and block as it applies it
(`MatchRules.apply`), so a status has them without folding the log again; turn changes
and bookkeeping are not plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.games.hoopers.rules.state import MatchState

RECENT = 5


def note_play(state: MatchState, kind: str, data: Mapping[str, Any], outcome: Any) -> None:
    """Add what this event did to `state.plays` (the last RECENT kept), if it is a play."""
    text = describe(kind, data, outcome)
    if text:
        state.plays.append({"team": str(data.get("team", "")), "text": text})
        del state.plays[:-RECENT]


def describe(kind: str, data: Mapping[str, Any], outcome: Any) -> str | None:
    """One play as a short line; None for what is not a play (a turn, a timeout…)."""
    if kind == "shot":
        return f"{data['hooper']} {str(data['spec']['kind']).upper()} — {_shot(data, outcome)}"
    if kind == "free-throw" and isinstance(outcome, Mapping):
        return f"{outcome['hooper']} free throws — {outcome['made']} of {outcome['count']} made"
    if kind == "score":
        return f"{data.get('hooper') or data['team']} + {_points(data['points'])}"
    if kind == "foul":
        return f"{data['hooper']} — foul"
    if kind == "counter":
        verdict = "foul" if outcome.foul else ("won" if outcome.success else "failed")
        return f"{data['hooper']} {data['kind']} — {verdict}"
    if kind == "block":
        verdict = "foul" if outcome.reading.foul else "blocked"
        return f"{data['hooper']} blocks {data['attacker']} — {verdict}"
    return None


def _shot(data: Mapping[str, Any], outcome: Any) -> str:
    if outcome.charging:
        return "charging foul"
    if not outcome.shot_taken:
        return "flagrant foul"
    verdict = _points(outcome.total_points) if outcome.total_points else "missed"
    if outcome.foul and data.get("defender"):
        verdict += f", fouled by {data['defender']}"
    return verdict


def _points(points: int) -> str:
    return f"{points} point" + ("" if points == 1 else "s")


def match_plays(match: Mapping[str, Any]) -> list[str]:
    """Every play of the match in order, `Team: play` (`history show`); the fold's own words."""
    from companion.games.hoopers.rules.match import RULES

    state = RULES.initial(match)
    lines = []
    for stored in match["events"]:
        step = RULES.apply(state, stored, None)
        state = step.state
        text = describe(stored["type"], step.event["data"], step.outcome)
        if text:
            team = step.event["data"].get("team")
            lines.append(f"{team}: {text}" if team else text)
    return lines
