"""An OT Fantasy Draft turn by turn in words (`history show`): round by round, who picked
which card. A secret card is named only once its player reveals it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def match_plays(match: Mapping[str, Any]) -> list[str]:
    from companion.games.otdraft.rules.draft import RULES, apply

    state = RULES.initial(match)
    lines = []
    for event in match["events"]:
        kind, data = event["type"], event.get("data") or {}
        line = describe(state, kind, data)
        if line:
            lines.append(line)
        apply(state, event)
    return lines


def describe(state: Any, kind: str, data: Mapping[str, Any]) -> str | None:
    player, card = data.get("player", ""), data.get("card", "")
    if kind == "deal":
        return "the draftline is dealt: " + ", ".join(data["draftline"])
    if kind == "secret":
        return f"{player} keeps a secret card"
    if kind == "reveal":
        return f"{player} reveals their secret card: {state.secrets.get(player, '?')}"
    if kind == "pick":
        round_ = state.round + 1 if data.get("opens_round") else state.round
        return f"round {round_}: {player} drafts {card}"
    if kind == "leftover":
        return f"round {state.round}: {player} takes the leftover {card}"
    if kind == "turn":
        return f"round {state.round} ends"
    return None
