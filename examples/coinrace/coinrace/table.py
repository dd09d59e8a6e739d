"""The coin race's table: one locked transaction per verb, over the companion's store."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from coinrace.rules import HEADS_TO_WIN, RULES, Race, result
from companion.engine.errors import RuleViolation
from companion.engine.events import event
from companion.engine.names import check_name
from companion.tables.base import Match, Status, Table


class CoinRaceTable(Table[Race]):
    game = "coinrace"
    rules = RULES

    def start(self, players: Sequence[str], seed: int | None = None) -> Status[Race]:
        names = [check_name(p) for p in players]
        if len(names) < 2:
            raise RuleViolation("a coin race needs two players or more")
        return self.start_match(names, {}, seed)

    def flip(self) -> Any:
        return self.record(event("flip"))

    def command(self, move: Any) -> str:
        return "companion coinrace flip"  # always the flip of the player whose turn it is

    def status_of(self, match: Match, state: Race) -> Status[Race]:
        winner = state.winner
        return Status(
            id=match["id"],
            game=self.game,
            status=match.get("status", "live"),
            players=state.players,
            scores=dict(state.heads),
            next=f"{winner} won: end it" if winner else f"{state.turn} flips",
            state=state,
            detail={"heads_to_win": HEADS_TO_WIN},
            updated=match.get("updated"),
        )

    def result_of(self, match: Match, state: Race) -> dict[str, Any]:
        if state.winner is None:
            raise RuleViolation(f"nobody has {HEADS_TO_WIN} heads yet")
        return result(state)
