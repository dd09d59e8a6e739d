"""Rendering match lists and event logs."""

from __future__ import annotations

from typing import Any, TypeVar

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


T = TypeVar("T")

# --- stats ------------------------------------------------------------------


def _num(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(int(value)) if isinstance(value, float) else str(value)


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{round(value * 100)}%"


def stats_view(out: Console, doc: dict[str, Any]) -> None:
    if not doc["players"]:
        out.print("No finished matches match.")
        return
    for game in doc["games"]:
        out.print(f"[bold]{game['game']}[/bold] — {game['plays']} plays, {game['players']} players")
        table = Table(box=None, header_style="bold", pad_edge=False)
        for column in (
            "player",
            "plays",
            "wins",
            "win rate",
            "avg",
            "best",
            "streak",
            "nemesis",
            "favourite",
            "last played",
        ):
            table.add_column(
                column,
                justify="right" if column in {"plays", "wins", "avg", "best", "streak"} else "left",
            )
        for row in (r for r in doc["players"] if r["game"] == game["game"]):
            table.add_row(
                row["player"],
                str(row["plays"]),
                str(row["wins"]),
                _pct(row["win_rate"]),
                _num(row["avg_score"]),
                _num(row["best_score"]),
                str(row["streak"]),
                row["nemesis"] or "–",
                row["favourite"] or "–",
                (row["last_played"] or "")[:10],
            )
        out.print(table)
        for line in game_extra_lines(game):
            out.print(f"  {line}")
        out.print()
    if doc["head_to_head"]:
        out.print("[bold]head to head[/bold] (pairwise: you beat everyone ranked below you)")
        table = Table(box=None, header_style="bold", pad_edge=False)
        for column in ("player", "opponent", "won", "lost", "tied"):
            table.add_column(column)
        for row in doc["head_to_head"]:
            table.add_row(
                row["player"],
                row["opponent"],
                str(row["wins"]),
                str(row["losses"]),
                str(row["ties"]),
            )
        out.print(table)


def game_extra_lines(game: dict[str, Any]) -> list[str]:
    lines = []
    if "by_tribe" in game:
        tribes = ", ".join(f"{t} {r['wins']}/{r['plays']}" for t, r in game["by_tribe"].items())
        lines.append(f"wins by tribe: {tribes}")
        if game["home_away"]:
            sides = ", ".join(
                f"{s} {r['wins']}/{r['plays']} ({_pct(r['win_rate'])})"
                for s, r in game["home_away"].items()
            )
            lines.append(f"home/away: {sides}")
    if "series" in game:
        won = ", ".join(f"{p} won {r['won']} lost {r['lost']}" for p, r in game["series"].items())
        lines.append(f"series: {won}")
    if "supporters" in game:
        s = game["supporters"]
        lines.append(
            f"average Supporters: regular season {_num(s['regular_avg'])}, "
            f"Play-Offs {_num(s['playoffs_avg'])}"
        )
    if "avg_length" in game:
        lines.append(f"average playlist length: {_num(game['avg_length'])}")
        if game["solo_best_round"]:
            best = ", ".join(f"{p} round {r}" for p, r in game["solo_best_round"].items())
            lines.append(f"solo best round: {best}")
    if game["game"] == "otdraft":
        lines.append(f"average score: {_num(game.get('avg_score'))}")
    return lines


# --- charts -----------------------------------------------------------------

BAR_WIDTH = 40
# Patterns as well as colours, so sides can be told apart without colour.
FILLS = (
    ("█", "cyan"),
    ("▒", "magenta"),
    ("░", "yellow"),
    ("▓", "green"),
    ("#", "red"),
    ("=", "blue"),
)


def _bar(value: float, top: float, fill: str, colour: str) -> str:
    size = 0 if top <= 0 else round(BAR_WIDTH * max(value, 0) / top)
    return f"[{colour}]{fill * size}[/{colour}]"


def chart_view(out: Console, chart: dict[str, Any]) -> None:
    {"periods": step_chart, "rounds": step_chart, "winrate": winrate_view, "series": series_strip}[
        chart["kind"]
    ](out, chart)


def step_chart(out: Console, chart: dict[str, Any]) -> None:
    label = "period" if chart["kind"] == "periods" else "round"
    unit = "points" if chart["kind"] == "periods" else "Supporters"
    players = chart["players"]
    width = max(len(p) for p in players)
    legend = "  ".join(f"{FILLS[i % len(FILLS)][0]} {p}" for i, p in enumerate(players))
    out.print(f"[bold]{chart['game']} {chart['id']}[/bold] — {unit} by {label}   {legend}")
    top = max((v for s in chart["steps"] for v in s.values()), default=0)
    for n, step in enumerate(chart["steps"], 1):
        for i, player in enumerate(players):
            fill, colour = FILLS[i % len(FILLS)]
            head = f"{label[0].upper()}{n}" if i == 0 else ""
            out.print(
                f"{head:>3} {player:<{width}} {_bar(step[player], top, fill, colour)} "
                f"{_num(step[player])}"
            )
    totals = ", ".join(f"{p} {_num(chart['cumulative'][p][-1])}" for p in players)
    running = "  ".join(
        f"{label[0].upper()}{n} " + "–".join(_num(chart["cumulative"][p][n - 1]) for p in players)
        for n in range(1, len(chart["steps"]) + 1)
    )
    out.print(f"running: {running}")
    out.print(f"after {label[0].upper()}{len(chart['steps'])}: {totals}")


def winrate_view(out: Console, chart: dict[str, Any]) -> None:
    out.print(
        f"[bold]{chart['player']}[/bold] — win rate by month (▇ that month, │ overall so far)"
    )
    for point in chart["points"]:
        size = round(BAR_WIDTH * point["win_rate"])
        mark = round(BAR_WIDTH * point["cumulative_win_rate"])
        cells = ["▇" if i < size else " " for i in range(BAR_WIDTH)]
        cells.insert(min(mark, BAR_WIDTH), "│")
        out.print(
            f"{point['month']} {''.join(cells)} {_pct(point['win_rate']):>4} "
            f"({point['wins']}/{point['plays']}; overall {_pct(point['cumulative_win_rate'])})"
        )


def series_strip(out: Console, chart: dict[str, Any]) -> None:
    sides = chart["players"]
    wins = " – ".join(f"{p} {chart['wins'].get(p, 0)}" for p in sides)
    out.print(
        f"[bold]series {chart['id']}[/bold]: {wins}"
        + (f" — {chart['winner']} won the series" if chart.get("winner") else "")
    )
    cells = []
    for game in chart["games"]:
        score = game["score"]
        if isinstance(score, dict):
            score = "-".join(_num(score.get(p)) for p in sides)
        home = f"home {game['home']}" if game.get("home") else ""
        cells.append(f"G{game['number']} {game['winner'] or '?'} {score or ''} {home}".strip())
    for n in range(len(chart["games"]) + 1, 8):
        cells.append(f"G{n} –")
    out.print(" │ ".join(cells))


# --- players and progress ---------------------------------------------------


def players_view(out: Console, rows: list[dict[str, Any]]) -> None:
    if not rows:
        out.print("No players yet.")
        return
    table = Table(box=None, header_style="bold", pad_edge=False)
    for column in ("player", "matches", "last played", "also typed as"):
        table.add_column(column)
    for row in rows:
        table.add_row(
            row["player"],
            str(row["matches"]),
            (row["last_played"] or "")[:10],
            ", ".join(row["aliases"]),
        )
    out.print(table)


class Progress:
    """A progress bar on stderr when it is a terminal; silent otherwise."""

    def __init__(self, label: str, total: int) -> None:
        import sys

        self.bar = None
        if sys.stderr.isatty():
            from rich.console import Console as RichConsole
            from rich.progress import Progress as RichProgress

            self.bar = RichProgress(console=RichConsole(stderr=True), transient=True)
            self.task = self.bar.add_task(label, total=total)

    def __enter__(self) -> Progress:
        if self.bar is not None:
            self.bar.start()
        return self

    def step(self, item: T) -> T:
        """Count one item and pass it on (for generators)."""
        self.advance()
        return item

    def advance(self, n: int = 1) -> None:
        if self.bar is not None:
            self.bar.advance(self.task, n)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
