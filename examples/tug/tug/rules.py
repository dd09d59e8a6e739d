"""The rules: two players pull in turn; a pull (a d6 of 4 or more) moves the rope one step
toward the puller; the rope three steps on one side wins for that side. Pure: no I/O."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.engine.events import Step
from companion.engine.events import replay as fold
from companion.engine.moves import Move
from companion.engine.rng import TableRng

STEPS_TO_WIN = 3
HOLDS = 4  # the least a d6 shows for a pull that moves the rope


@dataclass
class Tug:
    players: tuple[str, str]
    rope: int = 0  # steps toward the first player (negative: toward the second)
    pulls: dict[str, int] = field(default_factory=dict)  # pulls that moved the rope
    turns: int = 0

    @property
    def turn(self) -> str:
        return self.players[self.turns % 2]

    @property
    def winner(self) -> str | None:
        if abs(self.rope) < STEPS_TO_WIN:
            return None
        return self.players[0] if self.rope > 0 else self.players[1]


class TugRules:
    def initial(self, match: Mapping[str, Any]) -> Tug:
        first, second = match["players"]
        return Tug((first, second), pulls={first: 0, second: 0})

    def apply(self, state: Tug, move: Mapping[str, Any], rng: TableRng | None) -> Step[Tug]:
        if state.winner is not None:
            raise RuleViolation(f"{state.winner} has won the tug: end it")
        data = dict(move["data"])
        puller = state.turn
        if data.get("player", puller) != puller:
            raise RuleViolation(f"the players pull in turn: it is {puller}'s pull")
        if data.get("roll") is None:
            if rng is None:
                raise RuleViolation("a pull's roll is missing from the log")
            data["roll"] = rng.randint(1, 6)
        data["player"] = puller
        moved = data["roll"] >= HOLDS
        if moved:
            state.pulls[puller] += 1
            state.rope += 1 if puller == state.players[0] else -1
        state.turns += 1
        said = f"{puller} rolls {data['roll']}: " + ("the rope moves" if moved else "it holds")
        return Step(state, {"type": "pull", "data": data}, said)

    def moves(self, state: Tug) -> list[Move]:
        """Each player's pull (only the one whose turn it is may, until one side wins)."""
        return [Move("pull", p, {"player": p}, f"{p} pulls") for p in state.players]


RULES = TugRules()


def result(state: Tug) -> dict[str, Any]:
    winner = state.winner
    ranks = {p: 1 if p == winner else 2 for p in state.players}
    return {"scores": dict(state.pulls), "ranks": ranks, "winner": winner}


def replay(match: Mapping[str, Any]) -> dict[str, Any]:
    return result(fold(RULES, match))


def ranked(scores: Mapping[str, int], context: Mapping[str, Any]) -> dict[str, Any]:
    """A tug logged by hand: two players, each one's pulls that moved the rope; more wins."""
    if len(scores) != 2:
        raise BadInput(f"a tug of war has two players (got {len(scores)})")
    (a, pa), (b, pb) = scores.items()
    if pa == pb:
        raise RuleViolation("a tug of war ends with one side ahead: the pulls cannot be equal")
    winner = a if pa > pb else b
    return {
        "scores": dict(scores),
        "ranks": {a: 1 if winner == a else 2, b: 1 if winner == b else 2},
        "winner": winner,
    }
