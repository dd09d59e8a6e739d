"""A Playlist game turn by turn in words (`history show`): who laid which songs, who
claimed one, whose turn ended with which assignment completed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.playlist.rules.cards import card_from_dict


def match_plays(match: Mapping[str, Any]) -> list[str]:
    """One line per move; the state is folded alongside (a turn names its assignments)."""
    from companion.games.playlist.rules.game import RULES, apply

    state = RULES.initial(match)
    lines = []
    for event in match["events"]:
        line = describe(state, event["type"], event.get("data") or {})
        if line:
            lines.append(line)
        state = apply(state, event)
    return lines


def _song(data: Mapping[str, Any]) -> str:
    return card_from_dict(data).name()


def describe(state: Any, kind: str, data: Mapping[str, Any]) -> str | None:
    player = data.get("player", "")
    if kind == "start":
        return f"{data['first']} starts" + (" (the companion deals)" if data.get("deck") else "")
    if kind == "play":
        return f"{player} plays " + ", ".join(_song(c) for c in data["cards"])
    if kind == "download":
        return f"{player} downloads {_song(data['card'])}"
    if kind == "action":
        return f"{player} plays the action card {data['card']}"
    if kind == "lose":
        return f"{player} loses {_song(data['card'])} from their playlist"
    if kind == "claim":
        how = {"sung": " (sung)", "bluff": " (bluff called)"}.get(data.get("how") or "", "")
        took = f" from {data['from']}{how}" if data.get("from") else ""
        where = "joins their playlist" if data["joined"] else "is put away"
        return f"{player} claims {_song(data['card'])}{took}: it {where}"
    if kind == "assignment":
        done = " (completed)" if data.get("completed") else ""
        return f"{player} takes assignment {_assignment(data['assignment'])}{done}"
    if kind == "turn":
        held = state.assignments.get(player, ())
        done = [held[i].assignment.text() for i in data.get("completed", []) if i < len(held)]
        tail = f", completing {', '.join(done)}" if done else ""
        return f"{player}'s turn ends{tail}"
    return None


def _assignment(data: Mapping[str, Any]) -> str:
    from companion.games.playlist.rules.scoring import assignment_from_dict

    return assignment_from_dict(dict(data)).text()
