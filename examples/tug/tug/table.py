"""The tug's table: one locked transaction per verb, over the companion's store."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.engine.errors import RuleViolation
from companion.engine.events import event
from companion.engine.names import check_name
from companion.tables.base import Match, Status, Table
from tug.rules import RULES, STEPS_TO_WIN, Tug, result


class TugTable(Table[Tug]):
    game = "tug"
    rules = RULES

    def start(self, players: Sequence[str], seed: int | None = None) -> Status[Tug]:
        names = [check_name(p) for p in players]
        if len(names) != 2 or names[0] == names[1]:
            raise RuleViolation("a tug of war takes two players, one at each end")
        return self.start_match(names, {}, seed)

    def pull(self) -> Any:
        return self.record(event("pull"))

    def command(self, move: Any) -> str:
        return "companion tug pull"  # the pull is always the player's whose turn it is

    def status_of(self, match: Match, state: Tug) -> Status[Tug]:
        winner = state.winner
        return Status(
            id=match["id"],
            game=self.game,
            status=match.get("status", "live"),
            players=state.players,
            scores=dict(state.pulls),
            next=f"{winner} won: end it" if winner else f"{state.turn} pulls",
            state=state,
            detail={"rope": state.rope, "steps_to_win": STEPS_TO_WIN, "turn": state.turn},
            updated=match.get("updated"),
        )

    def result_of(self, match: Match, state: Tug) -> dict[str, Any]:
        if state.winner is None:
            raise RuleViolation(f"the rope is not {STEPS_TO_WIN} steps to one side yet")
        return result(state)
