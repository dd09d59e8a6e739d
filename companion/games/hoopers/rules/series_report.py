"""A Series as plain data: the documents `series status`, `next` and `rewards` print.

Each document is built here once; the typed views at the end (`SeriesView`,
`NextGame`, `SeriesSummary`) carry them to renderers and `--json`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.hoopers.rules.rewards import GameRewards, reward_phase
from companion.games.hoopers.rules.series import GameSetup, Series
from companion.games.hoopers.rules.series_kit import KitLeft
from companion.games.hoopers.rules.series_rules import SeriesRules


def game_rewards(series: Series, number: int, rules: SeriesRules) -> GameRewards:
    """The Reward Phase of game `number` (1-based) of `series`."""
    from companion.games.hoopers.rules.series_errors import NoSuchGame

    if not 1 <= number <= len(series.games):
        played = len(series.games)
        span = f"games 1 to {played}" if played else "no games yet"
        raise NoSuchGame(f"game {number} has not been recorded in series {series.id} ({span})")
    return every_reward_phase(series, rules, number)[number - 1]


def every_reward_phase(
    series: Series, rules: SeriesRules, upto: int | None = None
) -> list[GameRewards]:
    """The Reward Phase of games 1 .. `upto` (default: all), each kit emptied by those before."""
    taken = dict.fromkeys(series.tribes, 0)
    kit = KitLeft.full(series.tribes, rules)
    phases = []
    for number, game in enumerate(series.games[:upto], start=1):
        home = series.home_in(number, rules)
        earned = reward_phase(number, series.tribes, home, game, rules, dict(taken), kit)
        for tribe, got in earned.tribes.items():
            taken[tribe] += got.exchange.position_upgrades
        kit = earned.kit_after
        phases.append(earned)
    return phases


def game_summary(series: Series, number: int, rules: SeriesRules) -> dict[str, Any]:
    game = series.games[number - 1]
    rewards = game_rewards(series, number, rules)
    home = series.home_in(number, rules)
    return {
        "number": number,
        "played": game.played,  # ISO 8601 UTC; None: recorded before dates were kept
        "home": home,
        "away": series.other(home),
        "score": {t: game.scores[t] for t in series.tribes},
        "periods": [list(p) for p in game.periods],
        "winner": game.winner,
        "margin": game.margin,
        "strength_marker": rewards.strength.to,
        "series_track": rewards.series_track,
        "susan_peg": series.susan_peg_in(number, rules),
        "ejected": {t: list(game.ejected.get(t, ())) for t in series.tribes},
        "injured": {t: list(game.injured.get(t, ())) for t in series.tribes},
        "match_id": game.match_id,
        "rewards": rewards.to_json(),
    }


def setup_document(series: Series, number: int, rules: SeriesRules) -> dict[str, Any]:
    """Everything the table prepares before game `number`."""
    setup = series.setup_for(number, rules)
    return {
        "series": series.id,
        "number": number,
        "home": setup.home,
        "away": setup.away,
        "home_setup": {
            "hot_zone_hoopers": rules.home_hot_zone_hoopers,
            "coach_tokens": rules.home_coach_tokens,
            "onfire_on_tribe_power": rules.home_onfire_on_tribe_power,
            "free_throw_bonus": rules.classic_free_throw_bonus,
        },
        "away_setup": {
            "cold_zone_hoopers": rules.away_cold_zone_hoopers,
            "coach_tokens": rules.classic_coach_tokens,
            "onfire_on_tribe_power": False,
            "free_throw_bonus": rules.away_free_throw_bonus,
        },
        "gameplan_pair": setup.gameplan_pair,
        "playbook_refill": [
            {"before_period": period, "up_to": cards} for period, cards in rules.playbook_refill
        ],
        "can_win_series": list(setup.can_win_series),
        "susan_peg": setup.susan_peg,
        "sits_out": {t: list(h) for t, h in setup.sits_out.items()},
        "starts_injured": {t: list(h) for t, h in setup.starts_injured.items()},
        "injury_cubes": rules.injury_cubes_next_game,
    }


def upgrades_so_far(series: Series, rules: SeriesRules) -> dict[str, dict[str, int]]:
    totals = {
        t: {"hooper_upgrades": 0, "action_upgrades": 0, "position_upgrades": 0}
        for t in series.tribes
    }
    for earned in every_reward_phase(series, rules):
        for tribe, got in earned.tribes.items():
            totals[tribe]["hooper_upgrades"] += got.hooper_upgrades
            totals[tribe]["action_upgrades"] += got.action_upgrades
            totals[tribe]["position_upgrades"] += got.exchange.position_upgrades
    return totals


def status_document(series: Series, rules: SeriesRules) -> dict[str, Any]:
    """The dashboard: seven-game strip, wins, who is home next, carry-over, Susan Peg."""
    upcoming = series.next_game(rules)
    empty: dict[str, list[str]] = {t: [] for t in series.tribes}
    setup = series.setup_for(upcoming, rules) if upcoming else None
    last = len(series.games)
    return {
        "id": series.id,
        "name": series.name,
        "tribes": list(series.tribes),
        "managers": dict(series.managers),
        "home_tribe": series.home_tribe,
        "schedule": [series.home_in(n, rules) for n in range(1, rules.games + 1)],
        "games": [game_summary(series, n, rules) for n in range(1, last + 1)],
        "wins": series.wins,
        "wins_needed": rules.wins_needed,
        "next_game": upcoming,
        "next_home": setup.home if setup else None,
        "susan_peg": setup.susan_peg if setup else series.susan_peg_in(last, rules),
        "sits_out": {t: list(h) for t, h in setup.sits_out.items()} if setup else empty,
        "starts_injured": (
            {t: list(h) for t, h in setup.starts_injured.items()} if setup else empty
        ),
        "upgrades": upgrades_so_far(series, rules),
        "sleeved": sleeved_document(series),
        "winner": series.winner(rules),
        "status": series.status,
        "playing_match": series.pending_match,
        "created": series.created,
        "seed": series.seed,
    }


def sleeved_document(series: Series) -> dict[str, dict[str, dict[str, Any]]]:
    """tribe -> hooper -> {card, energy}: the hooper upgrades each hooper carries."""
    from companion.games.hoopers.rules.series_upgrades import CARDS, sleeved

    carried = sleeved(series.games, series.stars)
    return {
        t: {h: {"card": c, "energy": CARDS[c][1]} for h, c in carried.get(t, {}).items()}
        for t in series.tribes
    }


def history_record(series: Series, rules: SeriesRules) -> dict[str, Any]:
    """The series as a finished (or abandoned) match for `companion history`."""
    winner = series.winner(rules)
    side = series.side
    wins = {side(t): n for t, n in series.wins.items()}
    ranks = {side(t): 1 if t == winner else 2 for t in series.tribes} if winner else {}
    roles = series.roles()
    return {
        "id": series.id,
        "game": "hoopers-series",
        "players": list(series.sides()),
        "options": {
            "name": series.name,
            "home_tribe": series.home_tribe,
            **({"roles": roles} if roles else {}),
        },
        "seed": series.seed,
        "status": series.status,
        "created": series.created,
        "events": [{"type": "game", "data": g.to_doc()} for g in series.games],
        "result": {
            "scores": wins,
            "ranks": ranks,
            "winner": side(winner) if winner else None,
            "games": [
                {
                    "number": s["number"],
                    "home": s["home"],
                    "winner": s["winner"],
                    "score": s["score"],
                }
                for s in (game_summary(series, n, rules) for n in range(1, len(series.games) + 1))
            ],
        },
    }


def replay_series(match: dict[str, Any], rules: SeriesRules | None = None) -> dict[str, Any]:
    """Re-derive an archived series' result from its events (one per game).

    Meant for `history replay`, which looks for `replay_series` in
    `companion.games.hoopers.rules.replay`. The games are folded with the same event
    protocol as every tracked game (`companion.engine.events.replay`).
    """
    from companion.engine.events import replay
    from companion.games.hoopers.rules.series import SeriesFold
    from companion.games.hoopers.rules.series_rules import default_series_rules

    rules = rules or default_series_rules()
    return history_record(replay(SeriesFold(rules), match), rules)["result"]


# --- typed views, for renderers and `--json` -----------------------------------


@dataclass(frozen=True)
class NextGame:
    """What the table prepares before game `setup.number`; `to_json()` is `series next --json`."""

    series: Series
    setup: GameSetup
    rules: SeriesRules

    def to_json(self) -> dict[str, Any]:
        return setup_document(self.series, self.setup.number, self.rules)


@dataclass(frozen=True)
class SeriesView:
    """A Series with the rules it is played by: the typed state of its status."""

    series: Series
    rules: SeriesRules

    def to_json(self) -> dict[str, Any]:
        return status_document(self.series, self.rules)

    def rewards(self, number: int) -> GameRewards:
        return game_rewards(self.series, number, self.rules)

    def next_game(self) -> NextGame | None:
        number = self.series.next_game(self.rules)
        if number is None:
            return None
        return NextGame(self.series, self.series.setup_for(number, self.rules), self.rules)


@dataclass(frozen=True)
class SeriesSummary:
    """One row of `series list`."""

    series: Series
    rules: SeriesRules
    current: bool

    def to_json(self) -> dict[str, Any]:
        series = self.series
        return {
            "id": series.id,
            "name": series.name,
            "tribes": list(series.tribes),
            "managers": dict(series.managers),
            "wins": series.wins,
            "games": len(series.games),
            "winner": series.winner(self.rules),
            "status": series.status,
            "created": series.created,
            "current": self.current,
        }
