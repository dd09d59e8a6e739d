"""The strongest five of a bench or hand (six to eighteen cards)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import combinations

from companion.games.allstar.cards import TEAM_SIZE, Card
from companion.games.allstar.errors import BadTeam
from companion.games.allstar.table import TableConfig
from companion.games.allstar.teams import TeamStrength, team_strength

MIN_CARDS, MAX_CARDS = 6, 18


@dataclass(frozen=True)
class BestTeam:
    best: TeamStrength
    runner_up: TeamStrength | None  # the strongest team that ranks strictly below
    equally_strong: int  # how many five-card choices match the best
    considered: int


def best_team(
    cards: Sequence[Card],
    managers: int,
    config: TableConfig,
    combos: Collection[str] = (),
) -> BestTeam:
    """Try every five of the cards (8,568 at most); the first-listed choice wins a tie."""
    if not MIN_CARDS <= len(cards) <= MAX_CARDS:
        raise BadTeam(f"give {MIN_CARDS} to {MAX_CARDS} cards to choose from (got {len(cards)})")
    teams = [team_strength(five, managers, config, combos) for five in combinations(cards, TEAM_SIZE)]
    top = max(t.key for t in teams)
    best = next(t for t in teams if t.key == top)
    below = [t for t in teams if t.key < top]
    runner_key = max((t.key for t in below), default=None)
    runner = next((t for t in below if t.key == runner_key), None)
    return BestTeam(best, runner, sum(t.key == top for t in teams), len(teams))
