"""What a player may do now: the legal-moves query every game answers (python-chess's
`Board.legal_moves` is the model).

A move is a typed value — its `kind` (the event type it records), `who` makes it (a
player's name, None for the table's own moves) and `what` (the event's data) — plus what
the player still fills in (`asks`: a number, one of some choices). A game's rules list
the moves that could be tried in a state (`Rules.moves(state)`, the candidates); the
query keeps those the rules' own `apply` accepts, tried on a copy, and gives the others
with the reason `apply` refused them. So the moves offered are exactly the moves a table
records, and a refusal is the rule's words wherever it is shown: the CLI, guided play,
Tab, a phone. Nothing here re-derives a rule.

Pure: no I/O. A move drawing dice draws them from the match's seed, as recording it
would (`companion.engine.events.play`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field
from typing import Any, Protocol

from companion.engine.errors import BadInput, CompanionError
from companion.engine.events import Event, Rules, replay
from companion.engine.rng import step_rng
from companion.engine.values import dataclass

# What a phone or a file may hand us for a move: small, plain values only.
MAX_TEXT = 200
MAX_FIELDS = 24


@dataclass(frozen=True)
class Ask:
    """A value of a move the player fills in: one of `choices`, or a whole number from `low`
    to `high` (either open), or any short text. `default` is what the query tries the move
    with (a legal move is legal with its default). A value with no default (a name only the
    player knows, a card chosen in secret) is tried with `sample`, never shown nor recorded:
    the player gives the value."""

    name: str
    label: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    number: bool = False
    default: Any = None
    optional: bool = False
    sample: str | None = None

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"name": self.name, "label": self.label}
        if self.choices:
            doc["choices"] = list(self.choices)
        if self.number:
            doc["type"] = "int"
            if self.low is not None:
                doc["min"] = self.low
            if self.high is not None:
                doc["max"] = self.high
        else:
            doc["type"] = "choice" if self.choices else "text"
        if self.default is not None:
            doc["default"] = self.default
        if self.optional:
            doc["optional"] = True
        return doc

    def check(self, value: Any) -> Any:
        """`value` as this ask takes it, or a BadInput naming it."""
        if value is None:
            if self.optional:
                return None
            raise BadInput(f"{self.label}: a value is needed")
        if self.number:
            if isinstance(value, bool) or not isinstance(value, int | str):
                raise BadInput(f"{self.label}: a whole number is needed")
            try:
                number = int(value)
            except ValueError:
                raise BadInput(f"{self.label}: {value!r} is not a whole number") from None
            if self.low is not None and number < self.low:
                raise BadInput(f"{self.label}: {number} is below {self.low}")
            if self.high is not None and number > self.high:
                raise BadInput(f"{self.label}: {number} is above {self.high}")
            return number
        if not isinstance(value, str):
            raise BadInput(f"{self.label}: a text is needed")
        from companion.engine.names import CONTROL

        if len(value) > MAX_TEXT or CONTROL.search(value):
            raise BadInput(f"{self.label}: not a plain short text")
        if self.choices:
            from companion.engine.names import match_prefix

            return match_prefix(value, self.choices, what=self.label)
        return value


@dataclass(frozen=True)
class Move:
    """One move: the event it records (`kind`, `what`), who makes it, and what is asked."""

    kind: str
    who: str | None = None
    what: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""
    asks: tuple[Ask, ...] = ()
    # It shows its player's own information (a card of a secret hand, in its words, values
    # or asks): only an answer asked for that player shows it (`Legal.public`).
    private: bool = False
    # It shows or ends something a table cannot take back (a secret card turned over, a
    # round resolved, the game filed): a phone asks for a second tap (`to_json`'s "confirm").
    confirm: bool = False

    def event(self, filled: Mapping[str, Any] | None = None) -> Event:
        """The event recording this move, its asks filled from `filled` (else defaults)."""
        data = dict(self.what)
        given = dict(filled or {})
        for ask in self.asks:
            value = given.get(ask.name, ask.default)
            if value is not None or not ask.optional:
                data[ask.name] = ask.check(value)
        return {"type": self.kind, "data": data}

    def samples(self) -> dict[str, Any]:
        """The values the query tries for asks with no default (their samples)."""
        return {a.name: a.sample for a in self.asks if a.default is None and a.sample is not None}

    @property
    def words(self) -> str:
        return self.label or self.kind

    def key(self) -> tuple[str, str | None, str]:
        """What makes two moves the same move (its asks aside)."""
        import json

        return (self.kind, self.who, json.dumps(dict(self.what), sort_keys=True, default=str))

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"kind": self.kind, "who": self.who, "what": dict(self.what)}
        if self.asks:
            doc["asks"] = [a.to_json() for a in self.asks]
        if self.confirm:
            doc["confirm"] = True
        return doc


@dataclass(frozen=True)
class Refused:
    """A move that is not legal now, and the rule's reason, as `apply` gives it."""

    move: Move
    why: str

    def to_json(self) -> dict[str, Any]:
        return {"label": self.move.words, "why": self.why, "move": self.move.to_json()}


@dataclass(frozen=True)
class Legal:
    """The answer to "what may `player` do now?" (every player's moves when None).

    `seen`: how many events the match held when asked — a move made on this answer
    carries it, so a stale answer is never applied.
    """

    player: str | None
    seen: int
    moves: tuple[Move, ...]
    not_legal: tuple[Refused, ...] = ()

    def find(self, move: Move) -> Move | None:
        """The offered move that `move` is (same kind, who and what), if any."""
        wanted = move.key()
        return next((m for m in self.moves if m.key() == wanted), None)

    def why_not(self, move: Move) -> str | None:
        """Why `move` is not offered: the rule's reason (None when it is offered)."""
        if self.find(move) is not None:
            return None
        wanted = move.key()
        for refused in self.not_legal:
            if refused.move.key() == wanted:
                return refused.why
        return None

    def labels(self) -> list[str]:
        return list(dict.fromkeys(m.words for m in self.moves))

    def public(self) -> Legal:
        """This answer as a shared screen may show it: every move, except that a player's
        private moves (a pick from a secret hand) show only in an answer asked for that
        player; `hidden` says whose were left out."""
        if self.player is not None:
            return self
        return Legal(
            None,
            self.seen,
            tuple(m for m in self.moves if not m.private),
            tuple(r for r in self.not_legal if not r.move.private),
        )

    def hidden(self) -> list[str]:
        """The players whose private moves `public` leaves out."""
        if self.player is not None:
            return []
        found = (m.who for m in (*self.moves, *(r.move for r in self.not_legal)) if m.private)
        return list(dict.fromkeys(w for w in found if w))

    def values(self, name: str) -> list[str]:
        """Every value `what[name]` (or `who`, for "who") takes in the legal moves, in order."""
        found = (m.who if name == "who" else m.what.get(name) for m in self.moves)
        return list(dict.fromkeys(str(v) for v in found if v is not None))

    def summary(self, most: int = 8) -> str:
        """The legal moves in words, for the end of a refusal."""
        words = self.labels()
        if not words:
            return "nothing: the game is over (end it)"
        more = f", … ({len(words) - most} more: 'companion moves')" if len(words) > most else ""
        return ", ".join(words[:most]) + more


class Mover(Protocol):
    """The rules of a game that answers the query: `Rules` and the candidates."""

    def moves(self, state: Any) -> Iterable[Move]: ...


def answers(rules: Rules[Any]) -> bool:
    """Whether `rules` answer the legal-moves query (they list their candidates)."""
    return callable(getattr(rules, "moves", None))


Complete = Callable[[Move, Mapping[str, Any]], Sequence[Event]]


def try_move(
    rules: Rules[Any],
    match: Mapping[str, Any],
    state: Any,
    move: Move,
    filled=None,
    complete: Complete | None = None,
) -> str | None:
    """Why `move` is refused in `state` (the match's log folded), None when the rules
    accept it. Tried on a copy: `state` is left as it was. `complete` makes the events a
    table records for a move (`Table.events_of`: a deal from the table's box); the values
    a player has not filled are tried with the asks' samples."""
    try:
        tried = {**move.samples(), **dict(filled or {})}
        events = [move.event(tried)] if complete is None else list(complete(move, tried))
        copied = copy.deepcopy(state)
        for number, event in enumerate(events):
            rng = step_rng(match["seed"], len(match["events"]) + number)
            copied = rules.apply(copied, event, rng).state
    except CompanionError as err:
        return err.line()
    return None


def legal(
    rules: Rules[Any],
    match: Mapping[str, Any],
    player: str | None = None,
    state: Any = None,
    complete: Complete | None = None,
) -> Legal:
    """What `player` (None: anyone) may do now in `match`: the candidates `rules.moves`
    lists for the state, split by whether `apply` accepts each (the events `complete`
    makes of it, when the table completes moves). A player's moves are their own and the
    table's (`who` None)."""
    if state is None:
        state = replay(rules, match)
    seen = len(match["events"])
    if not answers(rules):
        return Legal(player, seen, ())
    offered: list[Move] = []
    refused: list[Refused] = []
    keys: set[tuple] = set()
    for move in rules.moves(state):  # type: ignore[attr-defined]
        if player is not None and move.who not in (None, player):
            continue
        if move.key() in keys:
            continue
        keys.add(move.key())
        why = try_move(rules, match, state, move, complete=complete)
        if why is None:
            offered.append(move)
        else:
            refused.append(Refused(move, why))
    return Legal(player, seen, tuple(offered), tuple(refused))


def from_json(doc: Any, players: Sequence[str]) -> tuple[Move, dict[str, Any]]:
    """A move a page or a file sent (`Move.to_json`'s shape, asks filled in `"filled"`),
    checked as hostile input: the move and the values filled. Compared with the query's
    moves by the caller; nothing here says it is legal."""
    if not isinstance(doc, dict):
        raise BadInput("a move is a JSON object")
    kind, who, what = doc.get("kind"), doc.get("who"), doc.get("what", {})
    filled = doc.get("filled", {})
    if not isinstance(kind, str) or not kind or len(kind) > MAX_TEXT:
        raise BadInput("a move names its kind")
    if who is not None and who not in players:
        raise BadInput("a move is made by a player of the game")
    for part in (what, filled):
        if not isinstance(part, dict) or len(part) > MAX_FIELDS:
            raise BadInput("a move's values are a small JSON object")
        for name, value in part.items():
            if not isinstance(name, str) or not _plain(value):
                raise BadInput("a move's values are short texts and numbers")
    return Move(kind, who, dict(what)), dict(filled)


def _plain(value: Any, depth: int = 0) -> bool:
    if value is None or isinstance(value, bool | int | float):
        return True
    if isinstance(value, str):
        return len(value) <= MAX_TEXT
    if isinstance(value, list) and depth < 1 and len(value) <= MAX_FIELDS:
        return all(_plain(v, depth + 1) for v in value)
    if isinstance(value, dict) and depth < 1 and len(value) <= MAX_FIELDS:
        return all(isinstance(k, str) and _plain(v, depth + 1) for k, v in value.items())
    return False
