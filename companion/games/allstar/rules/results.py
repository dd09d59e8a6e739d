"""The answers of the one-off helpers (setup, power, rank, shootout, best) and the table's
settings, each with the one JSON shape `--json` prints and the renderers draw from.

`unconfirmed` lists the table settings an answer relied on that the table has not yet
confirmed from its own box (see `TableConfig.unconfirmed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.allstar.rules.arenas import Arena
from companion.games.allstar.rules.best import BestTeam
from companion.games.allstar.rules.cards import Card
from companion.games.allstar.rules.facts import KEYS, TableConfig
from companion.games.allstar.rules.ranking import Ranking
from companion.games.allstar.rules.setup import SetupPlan
from companion.games.allstar.rules.shootout import ShootoutOutcome
from companion.games.allstar.rules.teams import TeamStrength


@dataclass(frozen=True)
class SetupResult:
    plan: SetupPlan
    seed: int
    unconfirmed: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {**self.plan.to_dict(), "seed": self.seed, "unconfirmed": list(self.unconfirmed)}


@dataclass(frozen=True)
class PowerResult:
    strength: TeamStrength
    managers: int
    rules: tuple[str, ...]
    unconfirmed: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            **self.strength.to_json(),
            "managers": self.managers,
            "rules": list(self.rules),
            "unconfirmed": list(self.unconfirmed),
        }


@dataclass(frozen=True)
class RankResult:
    ranking: Ranking
    managers: int
    config: TableConfig

    @property
    def unconfirmed(self) -> tuple[str, ...]:
        return tuple(self.config.unconfirmed(self.ranking.orders_relied_on))

    def to_json(self) -> dict[str, Any]:
        return {"managers": self.managers, **self.ranking.to_json(self.config)}


@dataclass(frozen=True)
class ShootoutResult:
    outcome: ShootoutOutcome
    managers: int
    unconfirmed: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.outcome.winner,
            "loser": self.outcome.loser,
            "order": list(self.outcome.order),
            "cards": {m: str(c) for m, c in self.outcome.cards.items()},
            "managers": self.managers,
            "explanation": self.outcome.explanation(),
            "unconfirmed": list(self.unconfirmed),
        }


@dataclass(frozen=True)
class BestResult:
    found: BestTeam
    hand: tuple[Card, ...]
    managers: int
    rules: tuple[str, ...]
    unconfirmed: tuple[str, ...]

    @property
    def bench(self) -> list[Card]:
        return [c for c in self.hand if c not in self.found.best.cards]

    def to_json(self) -> dict[str, Any]:
        team, runner = self.found.best, self.found.runner_up
        return {
            **team.to_json(),
            "team": [str(c) for c in team.cards],
            "bench": [str(c) for c in self.bench],
            "runner_up": {**runner.to_json(), "team": [str(c) for c in runner.cards]}
            if runner
            else None,
            "equally_strong": self.found.equally_strong,
            "considered": self.found.considered,
            "managers": self.managers,
            "rules": list(self.rules),
            "unconfirmed": list(self.unconfirmed),
        }


def config_criterion(key: str) -> str:
    return {"species": "species", "symbols": "symbol", "numbers": "number"}[key]


@dataclass(frozen=True)
class Settings:
    """The table's settings: each order (weakest first) and the Play-Off Points card."""

    config: TableConfig
    playoff_points: tuple[int, ...] | None

    def to_json(self) -> dict[str, Any]:
        return {
            "settings": {
                key: {
                    "value": list(self.config.order(config_criterion(key))),
                    "status": "confirmed" if self.config.is_confirmed(key) else "default",
                }
                for key in KEYS
            },
            "order": "weakest first",
            "playoff_points": list(self.playoff_points) if self.playoff_points else None,
        }

    def to_toml(self) -> str:
        lines = ["# All-Star Draft table settings, each list weakest first."]
        for key in KEYS:
            values = self.config.order(config_criterion(key))
            shown = ", ".join(str(v) if key == "numbers" else f'"{v}"' for v in values)
            lines.append(f"{key} = [{shown}]")
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class ArenaAdded:
    arena: Arena
    replaced: bool

    def to_json(self) -> dict[str, Any]:
        return {"arena": self.arena.to_doc(), "replaced": self.replaced}


@dataclass(frozen=True)
class Arenas:
    """The table's arena catalogue, by name."""

    arenas: tuple[Arena, ...]

    @classmethod
    def of(cls, arenas: Sequence[Arena]) -> Arenas:
        return cls(tuple(sorted(arenas, key=lambda a: a.name.casefold())))

    def to_json(self) -> dict[str, Any]:
        return {"arenas": [a.to_doc() for a in self.arenas]}
