"""The event-fold protocol every tracked game follows.

A match is an event log. A game's rules say what the state is before any
event (`initial`) and what one event does to it (`apply`); everything else —
recording a move, undo, replay, the scoreboard — is the same fold for every
game, written once here and in `companion.tables`.

`apply` receives an RNG only when a move is being recorded: anything it draws
(a marker drawn, a refilled row of cards) is written into the returned event,
so replaying the log (rng None) gives the same state on every machine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field
from typing import Any, Generic, Protocol, TypeVar

from companion.engine.rng import TableRng, step_rng
from companion.engine.values import dataclass

S = TypeVar("S")
Event = dict[str, Any]


@dataclass(frozen=True)
class Step(Generic[S]):
    """What one event did: the state after it, the event as it is stored, the outcome."""

    state: S
    event: Event
    outcome: Any = None
    notes: tuple[str, ...] = ()  # what the event did, in words, for the table


@dataclass(frozen=True)
class Played(Generic[S]):
    """Several moves recorded together: each one's step, and the state after the last."""

    steps: tuple[Step[S], ...] = field(default=())

    @property
    def state(self) -> S:
        return self.steps[-1].state

    @property
    def events(self) -> list[Event]:
        return [s.event for s in self.steps]

    @property
    def outcome(self) -> Any:
        return self.steps[-1].outcome


class Rules(Protocol[S]):
    """A game's rules as a fold. `apply` may change `state` in place and return it."""

    def initial(self, match: Mapping[str, Any]) -> S: ...

    def apply(self, state: S, event: Mapping[str, Any], rng: TableRng | None) -> Step[S]: ...


def event(kind: str, **data: Any) -> Event:
    """A move as the faces hand it to a table: `event("foul", team="Ann", player="Uli")`."""
    return {"type": kind, "data": data}


def replay(rules: Rules[S], match: Mapping[str, Any], events: Iterable[Mapping] | None = None) -> S:
    """The state after every event of `match` (or after `events`, when given)."""
    state = rules.initial(match)
    for stored in match["events"] if events is None else events:
        state = rules.apply(state, stored, None).state
    return state


def play(
    rules: Rules[S],
    match: Mapping[str, Any],
    moves: Iterable[Mapping[str, Any]],
    state: S | None = None,
) -> Played[S]:
    """Apply new moves after the match's log, drawing what they need from the match's seed.

    Each move draws from `step_rng(seed, its position in the log)`, so the same
    log replays to the same state whatever order commands ran in. `state`: the
    match's log already folded (by a caller that read it first), so it is not
    replayed twice.
    """
    if state is None:
        state = replay(rules, match)
    count = len(match["events"])
    steps: list[Step[S]] = []
    for number, move in enumerate(moves):
        rng = step_rng(match["seed"], count + number)
        step = rules.apply(state, {"type": move["type"], "data": dict(move.get("data", {}))}, rng)
        steps.append(step)
        state = step.state
    return Played(tuple(steps))
