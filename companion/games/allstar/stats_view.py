"""All-Star Draft's own words in history: the Supporters averages in `history stats`, and
the Play-Off Supporters that broke a tie for first in a result line."""

from __future__ import annotations

from typing import Any

from companion.ui.history import compact_result, shown_number


def stats_lines(row: dict[str, Any]) -> list[str]:
    if "supporters" not in row:
        return []
    s = row["supporters"]
    return [
        f"average Supporters: regular season {shown_number(s['regular_avg'])}, "
        f"Play-Offs {shown_number(s['playoffs_avg'])}"
    ]


def result_words(result: dict[str, Any]) -> str | None:
    playoff = result.get("playoff_scores")
    if not isinstance(playoff, dict) or not playoff:
        return None
    shown = compact_result({"scores": playoff, "ranks": result.get("ranks")})
    return f"(Play-Off Supporters: {shown})"
