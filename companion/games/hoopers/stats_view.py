"""Valley Hoopers' own lines in `history stats` (its kinds' `stats_view`): wins by tribe and
home/away for matches, who won each Series."""

from __future__ import annotations

from typing import Any

from companion.ui.history import plural, shown_percent


def match_lines(row: dict[str, Any]) -> list[str]:
    if "by_tribe" not in row:
        return []
    tribes = ", ".join(f"{t} {r['wins']}/{r['plays']}" for t, r in row["by_tribe"].items())
    unknown = row.get("no_tribe") or 0
    if unknown:
        apart = f"{plural(unknown, 'side')} with no tribe logged"
        tribes = f"{tribes} ({apart})" if tribes else apart
    lines = [f"wins by tribe: {tribes}"]
    if row.get("home_away"):
        sides = ", ".join(
            f"{s} {r['wins']}/{r['plays']} ({shown_percent(r['win_rate'])})"
            for s, r in row["home_away"].items()
        )
        lines.append(f"home/away: {sides}")
    return lines


def series_lines(row: dict[str, Any]) -> list[str]:
    if "series" not in row:
        return []
    won = ", ".join(f"{p} won {r['won']} lost {r['lost']}" for p, r in row["series"].items())
    return [f"series: {won}"]
