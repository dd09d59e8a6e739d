"""An All-Star Draft game turn by turn in words (`history show`): the arenas placed, the
teams sent, what each round's arenas gave."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def match_plays(match: Mapping[str, Any]) -> list[str]:
    """One line per event; a round's resolution says the Supporters each manager won."""
    from companion.games.allstar.rules.season import RULES

    state = RULES.initial(match)
    lines = []
    for event in match["events"]:
        step = RULES.apply(state, event, None)
        state = step.state
        line = describe(event["type"], step.event.get("data") or {}, step.outcome)
        if line:
            lines.append(line)
    return lines


def _cards(cards: Any) -> str:
    return ", ".join(str(c) for c in cards)


def describe(kind: str, data: Mapping[str, Any], outcome: Any) -> str | None:
    who = data.get("manager", "")
    if kind == "setup":
        return f"set-up: {_cards(data['managers'])} ({data.get('mode', 'standard')})"
    if kind == "arenas":
        names = ", ".join(str(a.get("name", "?")) for a in data["arenas"])
        return f"round {data.get('round', '?')}: arenas {names}"
    if kind == "pick":
        return f"{who} drafts {data['card']}"
    if kind == "discard":
        return f"{who} discards {data['card']}"
    if kind == "team":
        return f"{who} sends bus {data['bus']}: {_cards(data['cards'])}"
    if kind == "card-swap":
        return f"{who} swaps {data['out']} for {data['in']}"
    if kind == "bus":
        return f"{who} takes bus {data['bus']} with {data['card']}"
    if kind == "resolve" and hasattr(outcome, "gained"):
        gained = sorted(outcome.gained.items(), key=lambda item: -item[1])
        won = ", ".join(f"{m} +{n}" for m, n in gained)
        return f"round {outcome.round} resolved: {won} Supporters"
    if kind == "playoff-round":
        return "Play-Off round: " + "; ".join(
            f"{m} {_cards(cs)}" for m, cs in (data.get("teams") or {}).items()
        )
    if kind == "shootout":
        return "shoot-out: " + ", ".join(f"{m} {c}" for m, c in (data.get("cards") or {}).items())
    if kind == "swap":
        return f"{who} substitutes {_cards(data.get('out', ()))} with {_cards(data.get('in', ()))}"
    return None
