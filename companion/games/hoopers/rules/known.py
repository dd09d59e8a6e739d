"""The stats the table typed earlier in a match, read off its log (every move's defaults:
the table's `record`, guided play's prompts, the legal-moves query)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def known_stats(match: Mapping[str, Any]) -> dict[tuple[str, str, str], int]:
    """Stats typed earlier in this match, by (team, hooper, stat), for prompt defaults.

    Stats are "2ps", "3ps", "lup" (a shot's own stat and the free throws'
    2PS), "d2", "d3", "dlu" (a defender's) and "o", "v" (a counter's).
    """
    known: dict[tuple[str, str, str], int] = {}
    for event in match.get("events", []):
        data = event["data"]
        if event["type"] == "counter":
            for stat in ("o", "v"):
                if data.get(stat) is not None and data.get("team") and data.get("hooper"):
                    known[(data["team"], data["hooper"], stat)] = data[stat]
            continue
        if event["type"] != "shot" or data["spec"].get("stat") is None:
            continue
        spec, team = data["spec"], data["team"]
        known[(team, data["hooper"], spec["kind"])] = spec["stat"]
        if spec.get("ft_stat") is not None:
            known[(team, data["hooper"], "2ps")] = spec["ft_stat"]
        if data.get("defender") and spec.get("defense") is not None:
            other = next((t for t in match.get("players", []) if t != team), None)
            if other is not None:
                card = spec.get("defense_card") or _defence_card(spec["kind"])
                known[(other, data["defender"], card)] = spec["defense"]
    return known


def _defence_card(kind: str) -> str:
    from companion.games.hoopers.rules.shots import DEFENSE_FOR  # a defended shot's alone

    return DEFENSE_FOR[kind]
