"""The rules: players flip in turn; the first to three heads wins. Pure: no I/O."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.engine.events import Step
from companion.engine.events import replay as fold
from companion.engine.moves import Ask, Move
from companion.engine.rng import TableRng

HEADS_TO_WIN = 3


@dataclass
class Race:
    players: tuple[str, ...]
    heads: dict[str, int] = field(default_factory=dict)
    flips: int = 0

    @property
    def turn(self) -> str:
        return self.players[self.flips % len(self.players)]

    @property
    def winner(self) -> str | None:
        return next((p for p, n in self.heads.items() if n >= HEADS_TO_WIN), None)


class RaceRules:
    def initial(self, match: Mapping[str, Any]) -> Race:
        players = tuple(match["players"])
        return Race(players, dict.fromkeys(players, 0))

    def apply(self, state: Race, move: Mapping[str, Any], rng: TableRng | None) -> Step[Race]:
        if state.winner is not None:
            raise RuleViolation(f"{state.winner} has won the race: end it")
        data = dict(move["data"])
        if data.get("player", state.turn) != state.turn:
            raise RuleViolation(f"the players flip in turn: it is {state.turn}'s flip")
        if data.get("side") not in (None, "heads", "tails"):
            raise BadInput(f"a coin shows heads or tails, not {data['side']!r}")
        if data.get("side") is None:
            if rng is None:
                raise RuleViolation("a flip is missing from the log")
            data["side"] = rng.choice(["heads", "tails"])
        data["player"] = state.turn
        state.heads[state.turn] += data["side"] == "heads"
        state.flips += 1
        return Step(state, {"type": "flip", "data": data}, data["side"])

    def moves(self, state: Race) -> list[Move]:
        """Each player's flip (the one whose turn it is may), the coin the table's own when
        the table flips a real one."""
        side = Ask("side", "the coin (when you flip a real one)", ("heads", "tails"), optional=True)
        return [Move("flip", p, {"player": p}, f"{p} flips", (side,)) for p in state.players]


RULES = RaceRules()


def result(state: Race) -> dict[str, Any]:
    winner = state.winner
    ranks = {p: 1 if p == winner else 2 for p in state.players}
    return {"scores": dict(state.heads), "ranks": ranks, "winner": winner}


def replay(match: Mapping[str, Any]) -> dict[str, Any]:
    return result(fold(RULES, match))


def ranked(scores: Mapping[str, int], context: Mapping[str, Any]) -> dict[str, Any]:
    """A race logged by hand: exactly one player reached three heads."""
    if len(scores) < 2:
        raise BadInput(f"a coin race has two players or more (got {len(scores)})")
    won = [p for p, n in scores.items() if n >= HEADS_TO_WIN]
    if len(won) != 1:
        raise RuleViolation(f"exactly one player reaches {HEADS_TO_WIN} heads in a coin race")
    ranks = {p: 1 if p == won[0] else 2 for p in scores}
    return {"scores": dict(scores), "ranks": ranks, "winner": won[0]}
