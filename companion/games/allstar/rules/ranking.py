"""Ranking the teams in an arena: shared ranks, skipped ranks and Supporter points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.allstar.rules.arenas import Arena
from companion.games.allstar.rules.cards import Card, check_one_card_each
from companion.games.allstar.rules.errors import BadManagers, BadTeam
from companion.games.allstar.rules.facts import TableConfig
from companion.games.allstar.rules.teams import Comparison, TeamStrength, compare, team_strength


@dataclass(frozen=True)
class Placing:
    manager: str
    rank: int
    strength: TeamStrength
    points: int | None


@dataclass(frozen=True)
class Ranking:
    placings: tuple[Placing, ...]
    comparisons: tuple[Comparison, ...]  # between each neighbouring pair, top down
    arena: Arena | None

    @property
    def orders_relied_on(self) -> tuple[str, ...]:
        """Criteria whose value order separated two teams (a table fact, maybe unconfirmed)."""
        return tuple(dict.fromkeys(c.criterion for c in self.comparisons if c.criterion))

    def points(self) -> dict[str, int]:
        return {p.manager: p.points or 0 for p in self.placings}

    def to_json(self, config: TableConfig | None = None) -> dict[str, Any]:
        """The ranking; with `config`, also the table settings it relied on unconfirmed."""
        payload: dict[str, Any] = {
            "arena": self.arena.to_doc() if self.arena else None,
            "ranking": [
                {"manager": p.manager, "rank": p.rank, **p.strength.to_json(), "points": p.points}
                for p in self.placings
            ],
            "explanation": [c.text for c in self.comparisons],
        }
        if config is not None:
            payload["unconfirmed"] = config.unconfirmed(self.orders_relied_on)
        return payload


def shared_ranks(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Rank = 1 + how many are strictly stronger, so ties share and the next rank is skipped."""
    return [1 + sum(other > key for other in keys) for key in keys]


def rank_teams(
    teams: Mapping[str, Sequence[Card]],
    managers: int,
    config: TableConfig,
    arena: Arena | None = None,
    combos: frozenset[str] = frozenset(),
) -> Ranking:
    """Rank every team as in 'e. Resolving the Matches' and pay the arena's row."""
    if len(teams) < 1:
        raise BadTeam("no teams to rank")
    if len(teams) > managers:
        raise BadManagers(f"{len(teams)} teams given but only {managers} managers play")
    # The checks a tracked round makes, so `allstar rank` refuses what the season refuses.
    check_one_card_each({f"{m}'s team": cards for m, cards in teams.items()})
    if arena is not None:
        arena.check_playable(managers)
        combos = combos | arena.combos
    strengths = {m: team_strength(cards, managers, config, combos) for m, cards in teams.items()}
    order = sorted(strengths, key=lambda m: strengths[m].key, reverse=True)
    ranks = shared_ranks([strengths[m].key for m in order])
    placings = tuple(
        Placing(m, r, strengths[m], arena.points_for(r) if arena else None)
        for m, r in zip(order, ranks, strict=True)
    )
    comparisons = tuple(
        compare(strengths[a], strengths[b], a, b) for a, b in zip(order, order[1:], strict=False)
    )
    return Ranking(placings, comparisons, arena)
