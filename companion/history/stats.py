"""Per-game, per-player statistics over finished matches.

Input matches have canonical player names (see `players.Roster.match`) and
may be archive summaries (no events): everything here reads `result`,
`options`, `players` and the dates only.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from companion.engine.spec import Figures
from companion.history import headtohead
from companion.history.queries import by_people, game_of, is_aggregate, when

Match = dict[str, Any]


def is_scored(match: Match) -> bool:
    result = match.get("result")
    return (
        match.get("status") == "finished"
        and bool(result)
        and isinstance(result.get("scores"), dict)
    )


def is_competitive(match: Match) -> bool:
    """Solo plays (one player, or a solo mode) have no one to beat."""
    return len(match["players"]) > 1 and (match.get("options") or {}).get("mode") != "solo"


def _number(value: Any) -> float | None:
    # `type` rather than isinstance: True is not a score.
    return value if type(value) in (int, float) else None


def _avg(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


def _rate(wins: int, plays: int) -> float | None:
    return round(wins / plays, 3) if plays else None


class _Line:
    """One player's record in one game, fed in date order."""

    def __init__(self) -> None:
        self.plays = self.wins = self.competitive = self.competitive_wins = 0
        self.scores: list[float] = []
        self.run = self.best_run = 0
        self.last = ""

    def add(self, won: bool, score: float | None, competitive: bool, day: str) -> None:
        """One more match, later than every one before it."""
        self.plays += 1
        self.wins += won
        if score is not None:
            self.scores.append(score)
        if competitive:
            self.competitive += 1
            self.competitive_wins += won
            self.run = self.run + 1 if won else 0
            if self.run > self.best_run:
                self.best_run = self.run
        self.last = day

    def row(self, player: str, game: str) -> dict[str, Any]:
        return {
            "player": player,
            "game": game,
            "plays": self.plays,
            "wins": self.wins,
            "win_rate": _rate(self.competitive_wins, self.competitive),
            "avg_score": _avg(self.scores),
            "best_score": max(self.scores) if self.scores else None,
            "streak": self.best_run,
            "current_streak": self.run,
            "last_played": self.last or None,
        }


def scored_in_order(matches: Iterable[Match]) -> list[Match]:
    return sorted((m for m in matches if is_scored(m)), key=when)


def rivalries(ordered: list[Match]) -> dict[str, dict[tuple[str, str], list[int]]]:
    """Pairwise head-to-head tables, one per game."""
    by_game: dict[str, list[Match]] = defaultdict(list)
    for match in ordered:
        if is_competitive(match) and by_people(match):
            by_game[game_of(match)].append(match)
    return {game: headtohead.pairwise(played) for game, played in by_game.items()}


def across_games(
    per_game: dict[str, dict[tuple[str, str], list[int]]],
) -> dict[tuple[str, str], list[int]]:
    """Head-to-head records of every game added up; a series result repeats its games'
    results, so the games only are counted."""
    table: dict[tuple[str, str], list[int]] = {}
    for game, pairs in per_game.items():
        if is_aggregate(game):
            continue
        for pair, record in pairs.items():
            total = table.setdefault(pair, [0, 0, 0])
            for i in range(3):
                total[i] += record[i]
    return table


def player_rows(
    ordered: list[Match], rivals: dict[str, dict[tuple[str, str], list[int]]] | None = None
) -> list[dict[str, Any]]:
    """One row per (game, player): plays, wins, win rate, scores, streaks, rivals.

    `ordered` holds scored matches, oldest first (see `scored_in_order`).
    """
    lines: dict[tuple[str, str], _Line] = defaultdict(_Line)
    for match in ordered:
        if not by_people(match):
            continue  # sides named after what they played: no player to count
        result = match["result"]
        scores = result["scores"]
        competitive, day, game = is_competitive(match), when(match), game_of(match)
        for player in match["players"]:
            won = headtohead.won(result, player)  # a shared first is a win for each
            lines[game, player].add(won, _number(scores.get(player)), competitive, day)
    rivals = rivalries(ordered) if rivals is None else rivals
    rows = []
    for (game, player), line in lines.items():
        row = line.row(player, game)
        table = rivals.get(game, {})
        row["nemesis"] = headtohead.nemesis(table, player)
        row["favourite"] = headtohead.favourite(table, player)
        rows.append(row)
    return sorted(rows, key=lambda r: (r["game"], -r["wins"], -r["plays"], r["player"].casefold()))


def rival_rows(table: dict[tuple[str, str], list[int]]) -> list[dict[str, Any]]:
    """Each player's nemesis and favourite opponent over every game counted."""
    players = sorted({a for a, _ in table}, key=str.casefold)
    return [
        {
            "player": p,
            "nemesis": headtohead.nemesis(table, p),
            "favourite": headtohead.favourite(table, p),
        }
        for p in players
    ]


def game_rows(matches: Iterable[Match]) -> list[dict[str, Any]]:
    """One row per game: plays, players and what is particular to that game.

    `matches` are oldest first.
    """
    by_game: dict[str, list[Match]] = defaultdict(list)
    for match in matches:
        if is_scored(match):
            by_game[game_of(match)].append(match)
    rows = []
    for game in sorted(by_game):
        played = by_game[game]
        row = {
            "game": game,
            "plays": len(played),
            "players": len({p for m in played for p in m["players"]}),
            "last_played": when(played[-1]) or None,
        }
        figures = figures_of(game)
        if figures is not None:
            row.update(figures.extras(played))
        rows.append(row)
    return rows


def figures_of(game: str) -> Figures | None:
    """The game's own figures for `history stats` (its spec's `stats`), None without."""
    from companion import registry
    from companion.engine.spec import load

    kind = registry.kind(game)
    return load(kind.stats) if kind is not None and kind.stats else None


def add_ratings(rows: list[dict[str, Any]], matches: Iterable[Match]) -> None:
    """Each row's conservative skill rating (μ − 3σ, see `ratings`), None if unrated."""
    from companion.history.ratings import rate

    lines = rate(matches)
    for row in rows:
        line = lines.get((row["game"], row["player"]))
        row["rating"] = round(line.ordinal, 3) if line is not None else None


def stats(
    matches: Iterable[Match], player: str | None = None, rated: Iterable[Match] | None = None
) -> dict[str, Any]:
    """The `history stats` document: games, players (with their rating), head_to_head, rivals.

    Ratings are computed over `rated` when given (for one player's stats, every
    match in range: a rating weighs the opponents' other matches too), else
    over `matches`.
    """
    ordered = scored_in_order(matches)
    per_game = rivalries(ordered)
    table = across_games(per_game)
    rows = player_rows(ordered, per_game)
    if rows:
        add_ratings(rows, ordered if rated is None else rated)
    rivals = rival_rows(table)
    if player is not None:
        key = player.casefold()
        rows = [r for r in rows if r["player"].casefold() == key]
        rivals = [r for r in rivals if r["player"].casefold() == key]
    return {
        "matches": len(ordered),
        "games": game_rows(ordered),
        "players": rows,
        "head_to_head": headtohead.rows(table, player),
        "rivals": rivals,
    }
