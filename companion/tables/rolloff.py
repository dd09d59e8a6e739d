"""A roll-off: everyone rolls the d20 and the highest roll wins (who starts, who picks).

The demo records one to show that every result is kept; any table can use it to
settle a question. The d20 is the die `companion roll d20` rolls (a game's own die of
that name, else an ordinary one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine.errors import RuleViolation
from companion.engine.events import Step, event
from companion.engine.names import match_prefix
from companion.engine.rng import TableRng
from companion.tables.base import Match, Status, Table

GAME = "table"


@dataclass
class RollOff:
    players: tuple[str, ...]
    rolls: dict[str, int] = field(default_factory=dict)

    @property
    def is_over(self) -> bool:
        return len(self.rolls) == len(self.players)


class RollOffRules:
    def initial(self, match: Mapping[str, Any]) -> RollOff:
        return RollOff(tuple(match["players"]))

    def apply(self, state: RollOff, move: Mapping[str, Any], rng: TableRng | None) -> Step[RollOff]:
        data = dict(move["data"])
        player = match_prefix(data["player"], state.players, what="player")
        if player in state.rolls:
            raise RuleViolation(f"{player} has rolled already")
        if data.get("d20") is None:
            if rng is None:
                raise RuleViolation("a roll is missing from the log")
            from companion.engine.dice import named_die

            data["d20"] = named_die("d20").roll(rng)
        data["player"] = player
        state.rolls[player] = int(data["d20"])
        return Step(state, {"type": "roll", "data": data}, data["d20"])


class RollOffTable(Table[RollOff]):
    game = GAME
    rules = RollOffRules()

    def start(self, players: Sequence[str], seed: int | None = None) -> Status[RollOff]:
        return self.start_match(players, {}, seed)

    def roll(self, player: str, d20: int | None = None) -> Any:
        return self.record(event("roll", player=player, d20=d20))

    def status_of(self, match: Match, state: RollOff) -> Status[RollOff]:
        waiting = [p for p in state.players if p not in state.rolls]
        return Status(
            id=match["id"],
            game=GAME,
            status=match.get("status", "live"),
            players=state.players,
            scores={p: state.rolls.get(p) for p in state.players},
            next=f"{waiting[0]} rolls the d20" if waiting else "everyone has rolled: end it",
            state=state,
            updated=match.get("updated"),
        )

    def result_of(self, match: Match, state: RollOff) -> dict[str, Any]:
        if not state.is_over:
            raise RuleViolation("not everyone has rolled yet")
        winner = max(state.rolls, key=state.rolls.__getitem__)
        return {"scores": dict(state.rolls), "winner": winner}


TABLES = {GAME: RollOffTable}
