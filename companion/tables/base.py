"""What a table does with a live game, the same for every game.

A `Table` sits between the faces (CLI, guided play, demo, watch, menu) and
the store. Its verbs — `start`, `record`, `undo`, `end`, `abandon`,
`status` — each run as one locked transaction in which every check is made
on the freshest copy of the match, so two companions at one table can never
record a move on a game that has just ended, or undo what was not theirs.

A game's table names its rules (the event fold of `companion.engine.events`)
and says three things about its state: the status to show, what may be
undone, and the result once the game is over. A game played without the
companion is filed by the same table (`log`), ranked as its spec's `Logged` says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from companion import history  # noqa: F401 - its caches are kept as a table files
from companion.engine.errors import (
    AlreadyLive,
    CompanionError,
    NoLiveMatch,
    NothingToUndo,
    RuleViolation,
)
from companion.engine.events import Event, Played, Rules, play, replay
from companion.engine.values import dataclass
from companion.store import Store

if TYPE_CHECKING:
    from datetime import datetime

    from companion.engine.moves import Legal, Move
    from companion.history.log import LogRequest

S = TypeVar("S")
Match = dict[str, Any]

LIVE, FINISHED, ABANDONED = "live", "finished", "abandoned"


@dataclass(frozen=True)
class Status(Generic[S]):
    """A game as the table sees it now; `to_json()` is `status --json` in every game.

    The common core — id, game, status (live/finished/abandoned), players,
    scores (player → points or Supporters, None where unknown) and next (what
    the table does next, as a sentence) — is the same in every game; `detail`
    holds the game's own keys, printed beside it. `state` is the game's typed
    state, for renderers.
    """

    id: str
    game: str
    status: str
    players: tuple[str, ...]
    scores: Mapping[str, int | None]
    next: str
    state: S = field(repr=False, compare=False)
    detail: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)
    updated: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            **self.detail,
            "id": self.id,
            "game": self.game,
            "status": self.status,
            "players": list(self.players),
            "scores": dict(self.scores),
            "next": self.next,
        }


def foretold(store: Store, status: Status[S], game: str, players: Sequence[str]) -> Status[S]:
    """`status` of a game just started, with `prediction` (what `history ratings --predict`
    says of `players` in `game`) when one of them is rated: every face's start shows it."""
    from dataclasses import replace

    from companion.history.book import start_prediction

    found = start_prediction(store, game, players)
    if found is None:
        return status
    return replace(status, detail={**status.detail, "prediction": found})


@dataclass(frozen=True)
class Recorded(Generic[S]):
    """Moves recorded in one transaction: the stored match, each step, and the status after."""

    match: Match
    played: Played[S]
    status: Status[S]

    @property
    def outcome(self) -> Any:
        return self.played.outcome

    @property
    def events(self) -> list[Event]:
        return self.played.events


@dataclass(frozen=True)
class Undone(Generic[S]):
    """What an undo took back, and the status after it."""

    events: tuple[Event, ...]  # the events taken back, oldest first
    status: Status[S]

    @property
    def removed(self) -> Event:
        return self.events[-1]

    def to_json(self) -> dict[str, Any]:
        return {**self.status.to_json(), "undone": self.removed["type"]}


@dataclass(frozen=True)
class Ended:
    """A game moved to history: finished with its result, or abandoned."""

    id: str
    game: str
    status: str
    players: tuple[str, ...]
    result: Mapping[str, Any]

    @classmethod
    def of(cls, match: Match) -> Ended:
        return cls(
            id=match["id"],
            game=match["game"],
            status=match["status"],
            players=tuple(match["players"]),
            result=match.get("result") or {},
        )

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "status": self.status, "result": dict(self.result)}


@dataclass(frozen=True)
class LoggedGame:
    """A game played without the companion, as `log` filed it; `to_json()` is `companion log`'s
    answer."""

    match: Match
    # how its location was chosen: "typed", "config" or "last" (the defaults), None for none
    location_from: str | None = None

    @property
    def id(self) -> str:
        return self.match["id"]

    def to_json(self) -> dict[str, Any]:
        from companion.history.log import payload

        answer = payload(self.match)
        if self.location_from is not None:
            answer["location_from"] = self.location_from
        return answer


F = TypeVar("F", bound="Callable[..., Any]")


def command_of(game: str) -> str:
    """`companion G NOUN`: what a game's live-match commands follow (its spec's)."""
    from companion import registry

    kind = registry.kind(game)
    return (kind.command if kind is not None else None) or f"companion {game}"


def hinted(err: CompanionError) -> CompanionError:
    """The store's refusal with the command the table should type next (the store names
    no command): start a match where none is live, end the one that is."""
    if isinstance(err, NoLiveMatch) and err.hint is None:
        from companion import registry

        kind = registry.kind(err.game)
        if kind is not None and kind.command:
            err.hint = f"start one with '{kind.command} start'"
    elif isinstance(err, AlreadyLive) and err.hint is None:
        err.hint = f"finish it with '{command_of(err.game)} end' or abandon it first"
    return err


def hints(function: F) -> F:
    """`function`, whose store refusals carry the tables layer's hints (`hinted`)."""
    import functools

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except (NoLiveMatch, AlreadyLive) as err:
            raise hinted(err) from None

    return call  # type: ignore[return-value]


class Table(Generic[S]):
    """One game's live match in one store. Subclasses fill in the game's part."""

    game: ClassVar[str]
    rules: ClassVar[Rules[Any]]
    # Event types the table itself writes at start; undo never takes them back.
    opening: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, store: Store) -> None:
        self.store = store

    # --- the game's part ----------------------------------------------------

    def status_of(self, match: Match, state: S) -> Status[S]:
        raise NotImplementedError

    def result_of(self, match: Match, state: S) -> dict[str, Any]:
        """The result to file; raises a RuleViolation while the game is not over."""
        raise NotImplementedError

    def check_undo(self, match: Match) -> None:
        """Refuse an undo the rules do not allow (the default: never the opening)."""
        events = match["events"]
        if not events or events[-1]["type"] in self.opening:
            raise NothingToUndo(f"nothing to undo in {self.game} match {match['id']}")

    # --- reading --------------------------------------------------------------

    @hints
    def live(self) -> Match | None:
        return self.store.live_match(self.game)

    @hints
    def current(self) -> Match:
        return self.store.current_match(self.game)

    def fold(self, match: Mapping[str, Any]) -> S:
        return replay(self.rules, match)

    def status(self, match: Match | None = None) -> Status[S]:
        """The live game's status (lock-free: the store replaces files whole)."""
        match = self.current() if match is None else match
        return self.status_of(match, self.fold(match))

    # --- the status kept with the match (companion.tables.shown) ---------------

    def keeper(self, made: list[Status[S]]) -> Callable[[Match], Any] | None:
        """What the store keeps beside the match it writes: the status of a plain read
        (also put in `made`, for the caller), made inside the write; None for a kind whose
        status is not kept."""
        from companion.tables.shown import keepable, kept

        if keepable(self.game) is None:
            return None

        def keep(match: Match) -> Any:
            made.append(self.status(match))
            return kept(self.game, made[-1])

        return keep

    def keeper_of_moves(self) -> Callable[[Match, Played[S]], Any] | None:
        """`keeper` for moves just played: the status from the state they left (no
        replay), as a plain read shows it."""
        from companion.tables.shown import keepable, kept

        if keepable(self.game) is None:
            return None
        return lambda match, played: kept(self.game, self.status_of(match, played.state))

    # --- changing -------------------------------------------------------------

    @hints
    def start_match(
        self,
        players: Sequence[str],
        options: Mapping[str, Any],
        seed: int | None,
        events: Iterable[Event] = (),
    ) -> Status[S]:
        from companion.history.playrecord import default_location

        # Filed where the table plays (its default location), as a logged game is.
        place, _ = default_location(self.store)
        options = {**options, "location": place} if place and "location" not in options else options
        made: list[Status[S]] = []
        match = self.store.start_match(
            self.game,
            list(players),
            dict(options),
            seed,
            list(events),
            can_wait=self.can_wait,
            keep=self.keeper(made),
        )
        status = made[-1] if made else self.status(match)
        return foretold(self.store, status, self.game, match["players"])

    def can_wait(self, match: Match) -> bool:
        """Whether live `match` may wait while another match of this game is played (the
        default: never; a table whose matches belong to something bigger says yes)."""
        return False

    def waiting(self) -> Match | None:
        """The live match that waits while the current one is played, if any."""
        return self.store.waiting_match(self.game)

    def resume(self, match_id: str | None = None) -> Status[S]:
        """Go back to the waiting match (by id or unique prefix); the current one waits."""
        if match_id is not None:
            from companion.engine.names import match_prefix

            held = [m["id"] for m in (self.waiting(), self.live()) if m is not None]
            match_id = match_prefix(match_id, held, what=f"live {self.game} match")
        try:
            resumed = self.store.resume_match(self.game, match_id)
        except RuleViolation as err:
            if err.hint is None:  # the store names no command; the table does
                err.hint = f"'{command_of(self.game)} status' shows the live one"
            raise
        return self.status(resumed)

    @hints
    def record(self, *moves: Event) -> Recorded[S]:
        """Validate and store moves together: all of them, or (on any refusal) none. A
        refusal says the rule, then what is legal now (the legal-moves query)."""

        def change(match: Match) -> tuple[list[Event], Played[S]]:
            played = play(self.rules, match, moves)
            return played.events, played

        return self._recorded(change)

    # --- what may be done now (companion.engine.moves) -------------------------

    def legal(self, player: str | None = None, match: Match | None = None) -> Legal:
        """What `player` (a name or unique prefix; None: everyone) may do now in the live
        match (or `match`): the one answer every face asks."""
        from companion.engine.moves import legal

        match = self.current() if match is None else match
        if player is not None:
            from companion.engine.names import match_prefix

            player = match_prefix(player, match["players"], what=f"player of this {self.game}")
        return legal(self.rules, match, player, self.fold(match), complete=self.events_of)

    def mover(self, kind: str, **what: Any) -> str:
        """The one player the query offers a `kind` move (with `what`) now: what a command
        need not ask. Refused with the rule's words when nobody may, and naming them when
        several may."""
        from companion.engine.errors import BadInput

        answer = self.legal()
        fits = [
            m
            for m in (*answer.moves, *(r.move for r in answer.not_legal))
            if m.kind == kind and m.who and all(m.what.get(k) == v for k, v in what.items())
        ]
        offered = list(dict.fromkeys(str(m.who) for m in fits if answer.find(m) is not None))
        if len(offered) == 1:
            return offered[0]
        if offered:
            raise BadInput(f"name the player: {', '.join(offered)} may")
        why = list(dict.fromkeys(filter(None, (answer.why_not(m) for m in fits))))
        raise self.with_legal(RuleViolation("; ".join(why) or f"no '{kind}' is legal now"))

    def command(self, move: Move) -> str:
        """The CLI command that makes `move` (a game's table says its own; this default is
        `companion G NOUN KIND --key value …`)."""
        import shlex

        words = [command_of(self.game), move.kind]
        for key, value in move.what.items():
            words += [f"--{key.replace('_', '-')}", shlex.quote(str(value))]
        return " ".join(words)

    def events_of(self, move: Move, filled: Mapping[str, Any] | None = None) -> list[Event]:
        """The events recording `move` (a table that completes a move from its catalogues
        says how); the default is the move's own event."""
        return [move.event(filled)]

    @hints
    def make(
        self,
        move: Move,
        filled: Mapping[str, Any] | None = None,
        seen: int | None = None,
        by: str | None = None,
        match_id: str | None = None,
    ) -> Recorded[S]:
        """Record `move` as a page or guided play chose it, in one transaction: refused
        (nothing written) when the match moved on since `seen` moves (for `by`: in a way
        that changes what they may do, `unchanged_for`), or, with `by`, when
        the query does not offer `move` to that player now (another's move, a forged one);
        with `match_id` (a seat's match), when the game's live match is another one."""

        def change(match: Match) -> tuple[list[Event], Played[S]]:
            state = self.fold(match)
            events = self.chosen(match, state, move, filled, seen, by, match_id)
            played = play(self.rules, match, events, state)
            return played.events, played

        return self._recorded(change)

    def chosen(
        self,
        match: Match,
        state: S,
        move: Move,
        filled: Mapping[str, Any] | None = None,
        seen: int | None = None,
        by: str | None = None,
        match_id: str | None = None,
    ) -> list[Event]:
        """The events recording `move` as `make` takes it, checked inside its transaction
        (`match`, folded to `state`): a stale answer, a move offered to another player or to
        no one refused. A table whose `record` makes more checks (a catalogue's) makes them
        on these events too."""
        from companion.engine.errors import NotYourMove, StaleMove
        from companion.engine.moves import legal
        from companion.engine.names import plural

        if match_id is not None and match["id"] != match_id:
            raise StaleMove(f"{self.game} match {match_id} is not the one being played")
        answer = None if by is None else legal(self.rules, match, by, state, self.events_of)
        moved_on = seen is not None and seen != len(match["events"])
        if moved_on and (answer is None or not self.unchanged_for(match, answer, seen)):
            raise StaleMove(
                f"the game moved on: {plural(len(match['events']), 'move')} made, "
                f"the page saw {seen}",
                hint="look again and choose from what is legal now",
            )
        chosen = move
        if by is not None:
            assert answer is not None
            offered = answer.find(move)
            if offered is None and move.who not in (None, by):
                raise NotYourMove(f"that move is {move.who}'s to make, not {by}'s")
            if offered is None:
                why = answer.why_not(move) or f"'{move.words}' is not a move {by} has now"
                raise RuleViolation(why)
            chosen = offered
        return self.events_of(chosen, filled)

    def unchanged_for(self, match: Match, answer: Legal, seen: int) -> bool:
        """Whether a page that saw `seen` moves still shows `answer.player` what they may do
        now (`answer`): no move since names them, and the query offered them then exactly
        what it offers now. Moves made at once (every manager picking from their own hand)
        then all land, while a second tap (its first made a move naming its player) or a
        race for one thing (the winner's move changed what the other is offered) is stale."""
        from companion.engine.moves import legal

        player, events = answer.player, match["events"]
        if player is None or seen > len(events):
            return False
        if any(names(event.get("data"), player) for event in events[seen:]):
            return False
        before = {**match, "events": events[:seen]}
        then = legal(self.rules, before, player, self.fold(before), self.events_of)
        return offer_of(then) == offer_of(answer)

    def _recorded(self, change: Callable[[Match], tuple[list[Event], Played[S]]]) -> Recorded[S]:
        """`change` run in the live match's one transaction; a rule's refusal ends with what
        is legal now."""
        try:
            match, played = self.store.change_live(
                self.game,
                change,
                keep=self.keeper_of_moves(),
                files=lambda match, played: self.files_itself(match, played.state),
            )
        except RuleViolation as err:
            raise self.with_legal(err) from None
        return Recorded(match, played, self.status_of(match, played.state))

    def files_itself(self, match: Match, state: S) -> dict[str, Any] | None:
        """The result to file, in the same transaction, when the moves just recorded
        complete the game by themselves (the last player's total typed on their phone);
        None, the default: the game goes on until `end`."""
        return None

    def own(self, state: S, player: str) -> dict[str, Any]:
        """What only `player` may see now (a hand, a secret pick), for that player's seat and
        nothing else: never on a shared screen. A game with secrets says; the default is
        nothing."""
        return {}

    def with_legal(self, err: RuleViolation) -> RuleViolation:
        """`err`, a rule's refusal, ending with what is legal now (once: a game whose rule
        already says it is left as it is)."""
        from companion.engine.errors import NotYourMove, StaleMove
        from companion.engine.moves import answers

        if (
            not answers(self.rules)
            or isinstance(err, NoLiveMatch | AlreadyLive | NothingToUndo | StaleMove | NotYourMove)
            or "legal now" in str(err)
        ):
            return err
        match = self.live()
        if match is None:
            return err
        answer = self.legal(match=match)
        shown = answer.public()  # a refusal is said on a shared screen: no one's hand
        mine = "".join(f", {w}'s own moves" for w in answer.hidden())
        said = shown.summary() if shown.moves or not mine else mine[2:]
        err.args = (f"{err}; legal now: {said}{mine if shown.moves else ''}",)
        return err

    @hints
    def undo(self, expected: Sequence[Event] | None = None) -> Undone[S]:
        """Drop the last event, or the last `expected` events if they are still the last ones.

        Guided play undoes a whole step with `expected`; if another terminal has
        recorded something since, nothing is dropped.
        """
        count = len(expected) if expected else 1

        def check(match: Match) -> None:
            self.check_undo(match)
            last = match["events"][len(match["events"]) - count :]
            if expected and [(e["type"], e["data"]) for e in last] != [
                (e["type"], e["data"]) for e in expected
            ]:
                raise NothingToUndo(
                    "the match changed in another terminal since this step",
                    hint=f"undo there with '{self.undo_command}'",
                )

        made: list[Status[S]] = []
        match, removed = self.store.undo_events(self.game, count, check, keep=self.keeper(made))
        return Undone(tuple(removed), made[-1] if made else self.status(match))

    @property
    def undo_command(self) -> str:
        return f"{command_of(self.game)} undo"

    @hints
    def end(self) -> Ended:
        """File the result in history; refused, writing nothing, while the game is not over."""
        done = self.store.finish_match(
            self.game, lambda match: self.result_of(match, self.fold(match))
        )
        return Ended.of(done)

    @hints
    def abandon(self) -> Ended:
        return Ended.of(self.store.abandon_match(self.game))

    def log(self, request: LogRequest, now: datetime | None = None) -> LoggedGame:
        """File a game played without the companion, finished, from its final scores.

        One transaction from the first read: the table's settings the result is checked
        against (its spec's `Logged.setup`, e.g. the catalogue's negative cards), every
        check of `request`, a fresh id and the filing. A catalogue edited or a match filed
        by another companion while this one waits for the lock is seen, never written over;
        any refusal writes nothing.
        """
        from companion import registry
        from companion.engine.errors import BadInput
        from companion.engine.spec import load
        from companion.history.log import (
            build_match,
            players_named,
            resolve_loggable,
            with_players,
        )
        from companion.tables.players import settle

        kind = registry.kind(self.game)
        logging = kind.log if kind is not None else None
        if logging is None or resolve_loggable(request.game) != self.game:
            raise BadInput(f"cannot log '{request.game}' at the {self.game} table")
        from dataclasses import replace

        from companion.history.playrecord import LAST_LOCATION, SETTINGS, default_location

        with self.store.change() as txn:
            # One person, one name: `ana` is the known Ana, a slip of a known name is
            # refused (the players known read under the lock, as everything else here).
            request = with_players(request, settle(self.store, players_named(request), request.new))
            setup = load(logging.setup)(txn) if logging.setup else None
            place, how = default_location(txn)
            if request.location is None and place is not None:
                request = replace(request, location=place)
            else:
                how = "typed" if request.location is not None else None
            match = build_match(request, now, setup)
            if how == "typed":  # the last place typed is the next game's, unless one is set
                txn.put_doc(SETTINGS, LAST_LOCATION, match["options"]["location"])
            filed = txn.archive({"id": txn.unused_id(), **match})
        return LoggedGame(filed, how)


def names(value: Any, player: str, depth: int = 0) -> bool:
    """Whether an event's data names `player` (as a value or a key, a level or two deep)."""
    if value == player:
        return True
    if depth > 2:
        return False
    if isinstance(value, Mapping):
        return any(k == player or names(v, player, depth + 1) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(names(v, player, depth + 1) for v in value)
    return False


def offer_of(answer: Legal) -> list[tuple[str, Any]]:
    """What an answer shows its player: each move's words and what it asks, in order."""
    return [(m.words, m.to_json()) for m in answer.moves]


class Logbook(Table[Any]):
    """The table of a game the companion logs but does not track (its spec names no table of
    its own): it only files logged games."""

    def __init__(self, store: Store, game: str) -> None:
        super().__init__(store)
        self.game = game  # type: ignore[misc]  # one instance per game, not a subclass
