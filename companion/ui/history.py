"""Rendering match lists and event logs."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table


def match_table(matches: list[dict[str, Any]]) -> Table | str:
    if not matches:
        return "No matches yet."
    table = Table(box=None, header_style="bold")
    for column in ("id", "game", "players", "status", "when", "result"):
        table.add_column(column)
    for m in matches:
        table.add_row(
            m["id"],
            m["game"],
            ", ".join(m["players"]),
            m["status"],
            (m.get("finished") or m.get("created") or "")[:16].replace("T", " "),
            result_line(m.get("result")),
        )
    return table


def result_line(result: dict[str, Any] | None) -> str:
    if not result:
        return ""
    if "scores" in result:
        scores = ", ".join(f"{p} {s}" for p, s in result["scores"].items())
        winner = result.get("winner")
        return f"{scores}" + (f" — {winner} won" if winner else "")
    return ", ".join(f"{k}: {v}" for k, v in result.items())


def match_detail(out: Console, match: dict[str, Any]) -> None:
    out.print(f"[bold]{match['game']} match {match['id']}[/bold] — {match['status']}")
    out.print(f"players: {', '.join(match['players'])}")
    out.print(f"seed: {match['seed']}   started: {match.get('created', '')}")
    if match.get("options"):
        out.print("options: " + ", ".join(f"{k}={v}" for k, v in match["options"].items()))
    for n, event in enumerate(match.get("events", []), 1):
        data = ", ".join(f"{k}={v}" for k, v in event.get("data", {}).items())
        out.print(f"{n:>3}. {event['type']} {data}")
    if match.get("result"):
        out.print(f"result: {result_line(match['result'])}")
