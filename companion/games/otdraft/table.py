"""An OT Fantasy Draft at the table: the card catalogue and the tracked draft.

`DraftTable` owns the table's card catalogue (imported once, kept in the
store) and the live draft: start (dealing when the companion runs the deck),
every move (`secret`, `pick`, `leftover`, `reveal`, `turn`), `hand`, undo
(never the deal), end (every team scored with its best choice) and abandon.
The faces — `companion otdraft`, `otdraft play`, the demo, watch and the menu —
call only this.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.engine.errors import NothingToUndo, RuleViolation
from companion.engine.events import Event, event, play
from companion.engine.names import match_prefix
from companion.engine.rng import TableRng
from companion.games.otdraft.rules.best import Search, find_best
from companion.games.otdraft.rules.cards import Catalogue
from companion.games.otdraft.rules.catalogue import parse_catalogue_data, parse_catalogue_text
from companion.games.otdraft.rules.draft import RULES, DraftState, start_options
from companion.games.otdraft.rules.errors import TooManyChoices, UnresolvableCycle
from companion.games.otdraft.rules.results import (
    SCOREPAD,
    final_result,
    parse_totals,
    scorepad_result,
)
from companion.games.otdraft.rules.scoring import ROUNDS
from companion.tables.base import Ended, Match, Status, Table, Undone, hints

if TYPE_CHECKING:
    from companion.engine.moves import Move

GAME = "otdraft"
DOCS = "otdraft"  # the store table holding the catalogue
CATALOGUE_KEY = "catalogue"
DESCRIBED_KEY = "described"  # cards described at a draft's end, beside the imported file
COMMAND = "companion otdraft game"


# --- catalogue files ------------------------------------------------------------


def read_catalogue_file(path: Path) -> Catalogue:
    """A catalogue file, validated (one error naming the file and line if not)."""
    from companion.store import regular

    text = regular.text(path)
    return parse_catalogue_text(text, path.name)


def example_catalogue() -> Catalogue:
    """The eight cards of the rulebook's Scoring Example, shipped with the companion."""
    from importlib.resources import files

    text = (
        files("companion.games.otdraft.data").joinpath("example.toml").read_text(encoding="utf-8")
    )
    return parse_catalogue_text(text, "otdraft_example.toml")


# --- what the table answers -------------------------------------------------------


@dataclass(frozen=True)
class Scored:
    """One team scored (`otdraft score`): the best choice's search, and the secret card."""

    search: Search
    secret: str | None = None

    def to_json(self) -> dict[str, Any]:
        return self.search.to_json(self.secret)


@dataclass(frozen=True)
class Started:
    """A draft just started: its status and the seed of its deal."""

    status: Status[DraftState]
    seed: int

    def to_json(self) -> dict[str, Any]:
        return {**self.status.to_json(), "seed": self.seed}


@dataclass(frozen=True)
class DraftMove:
    """One recorded move: the event as stored and the status after it."""

    event: Event
    status: Status[DraftState]

    def to_json(self) -> dict[str, Any]:
        return {**self.status.to_json(), "event": self.event}


@dataclass(frozen=True)
class Hand:
    """What only one player may see: the dealt candidates and the kept secret card."""

    player: str
    candidates: tuple[str, ...]
    secret: str | None
    revealed: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "candidates": list(self.candidates),
            "secret": self.secret,
            "revealed": self.revealed,
        }


@dataclass(frozen=True)
class DraftUndone(Undone[DraftState]):
    """An undo; `undone` in the JSON is the whole event taken back."""

    def to_json(self) -> dict[str, Any]:
        return {**self.status.to_json(), "undone": self.removed}


@dataclass(frozen=True)
class DraftEnded(Ended):
    """A scored draft: the stored result, and each team's scoring search."""

    final: Status[DraftState] | None = None
    searches: Mapping[str, Search] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        if self.final is None:  # abandoned
            return super().to_json()
        shown = {k: v for k, v in self.result.items() if k != "catalogue"}
        teams = self.result["teams"]
        return {
            **self.final.to_json(),
            **shown,
            "details": {p: s.to_json(teams[p][-1]) for p, s in self.searches.items()},
        }


# --- the table ---------------------------------------------------------------------


class DraftTable(Table[DraftState]):
    game = GAME
    rules = RULES
    opening = frozenset({"deal"})

    # --- the catalogue --------------------------------------------------------

    def catalogue(self) -> Catalogue | None:
        """The imported catalogue, or None when the table has not imported one."""
        doc = self.store.get_doc(DOCS, CATALOGUE_KEY)
        if doc is None:
            return None
        return parse_catalogue_data(doc, doc.get("source") or "the stored catalogue")

    def require_catalogue(self) -> Catalogue:
        """The table's cards (imported and described at the table), which must exist."""
        catalogue = self.scoring_catalogue()
        if catalogue is None:
            raise RuleViolation(
                "no OT Fantasy Draft card catalogue imported",
                hint="companion otdraft cards import FILE.toml, or --example for the "
                "rulebook's scoring example (see docs/otdraft-cards.md)",
            )
        return catalogue

    def import_catalogue(self, catalogue: Catalogue) -> Catalogue:
        """Make `catalogue` the table's (replacing the old one); a live draft keeps its own."""
        self.store.put_doc(DOCS, CATALOGUE_KEY, catalogue.to_raw())
        return catalogue

    def catalogue_or_file(self, path: Path | None) -> Catalogue:
        """The catalogue file given, else the imported catalogue (which must exist)."""
        return read_catalogue_file(path) if path is not None else self.require_catalogue()

    # --- cards described at the table ------------------------------------------

    def described(self) -> list[dict[str, Any]]:
        """The cards the table described at a draft's end (raw, as in a catalogue file)."""
        doc = self.store.get_doc(DOCS, DESCRIBED_KEY)
        return list(doc["cards"]) if doc else []

    def scoring_catalogue(self) -> Catalogue | None:
        """What scores a draft recorded by card name: the imported catalogue and the cards
        described at the table (the imported file wins on a name both have). A draft still
        starts from the imported catalogue alone: the described cards are only part of the
        box, and a draft recorded by name may take any of its cards."""
        imported = self.store.get_doc(DOCS, CATALOGUE_KEY)
        extra = self.described()
        if imported is None and not extra:
            return None
        return self._merged(extra)

    def _merged(self, extra: Sequence[dict[str, Any]], stubs: Sequence[str] = ()) -> Catalogue:
        imported = self.store.get_doc(DOCS, CATALOGUE_KEY) or {}
        cards = list(imported.get("cards", []))
        known = {c["name"].casefold() for c in cards}
        for raw in extra:
            if raw["name"].casefold() not in known:
                cards.append(raw)
                known.add(raw["name"].casefold())
        # names still to be described: only so that a rule may name them
        cards += [
            {"name": n, "category": "Regular", "points": 0}
            for n in stubs
            if n.casefold() not in known
        ]
        source = imported.get("source") or "the cards described at the table"
        return parse_catalogue_data({"source": source, "cards": cards}, source)

    def check_cards(
        self, cards: Sequence[dict[str, Any]], pending: Sequence[str] = ()
    ) -> list[Any]:
        """`cards` (raw) validated with the table's catalogue; a rule may also name the
        `pending` cards, still to be described. The parsed cards; refused otherwise."""
        merged = self._merged([*self.described(), *cards], pending)
        wanted = {c["name"].casefold() for c in cards}
        return [c for c in merged.cards if c.name.casefold() in wanted]

    def describe_cards(self, cards: Sequence[dict[str, Any]]) -> list[Any]:
        """Remember cards the table described (validated as `check_cards`), so later drafts
        recorded by name score them; a card described again is replaced."""
        parsed = self.check_cards(cards)
        renamed = {c["name"].casefold() for c in cards}
        kept = [c for c in self.described() if c["name"].casefold() not in renamed]
        self.store.put_doc(DOCS, DESCRIBED_KEY, {"cards": [*kept, *(c.to_raw() for c in parsed)]})
        return parsed

    def unscored(self) -> list[str]:
        """Cards of the complete live draft that no catalogue describes (empty: `end` can
        score, or refuses for another reason — an unfinished draft, a missing secret)."""
        from companion.games.otdraft.rules.draft import missing_cards

        state = self.fold(self.current())
        complete = state.is_draft_over and len(state.secrets) == len(state.players)
        if not state.free or not complete:
            return []
        return missing_cards(state, self.scoring_catalogue())

    def score(
        self,
        cards: Sequence[str],
        *,
        secret: str | None = None,
        protect: Sequence[str] = (),
        silence: Sequence[str] = (),
        catalogue_file: Path | None = None,
    ) -> Scored:
        """Score one team at game end; choices typed `CARD=TARGET` are fixed, the rest
        the companion makes (the best, with the runner-up)."""
        from companion.games.otdraft.rules.scoring import build_team, parse_choices

        team = build_team(self.catalogue_or_file(catalogue_file), cards, secret)
        fixed = parse_choices(protect, silence, [c.name for c in team])
        return Scored(find_best(team, fixed), team[-1].name if secret is not None else None)

    # --- starting -------------------------------------------------------------

    def start(
        self,
        players: Sequence[str] | str,
        *,
        first: str | None = None,
        catalogue: Catalogue | None = None,
        catalogue_file: Path | None = None,
        deck: bool | None = None,
        seed: int | None = None,
        by_name: bool = False,
    ) -> Started:
        """Start a draft: with the companion's deck, the Draftline and secret candidates
        are dealt from `seed`. The catalogue is `catalogue`, else `catalogue_file`, else
        the imported one; with none (or `by_name`) the table's cards are recorded by name."""
        from companion.engine.decks import parse_players
        from companion.games.otdraft.rules.draft import MAX_PLAYERS, MIN_PLAYERS

        parse_players(players, low=MIN_PLAYERS, high=MAX_PLAYERS)  # 1 or 6 players: first
        if catalogue is None and not by_name:
            catalogue = (
                read_catalogue_file(catalogue_file)
                if catalogue_file is not None
                else self.catalogue()
            )
        names, starter, run_deck = start_options(players, first, catalogue, deck)
        chosen = TableRng(seed).seed
        options = {
            "first": starter,
            "deck": run_deck,
            "catalogue": None if catalogue is None else catalogue.to_raw(),
        }
        blank = {"players": names, "options": options, "seed": chosen, "events": []}
        events = play(RULES, blank, [event("deal")]).events if run_deck else []
        return Started(self.start_match(names, options, chosen, events), chosen)

    # --- moves ----------------------------------------------------------------

    def move(self, kind: str, **data: Any) -> DraftMove:
        recorded = self.record(event(kind, **data))
        return DraftMove(recorded.events[-1], recorded.status)

    def secret(self, player: str, card: str) -> DraftMove:
        return self.move("secret", player=player, card=card)

    def pick(self, player: str, card: str) -> DraftMove:
        return self.move("pick", player=player, card=card)

    def leftover(self, player: str, card: str) -> DraftMove:
        return self.move("leftover", player=player, card=card)

    def reveal(self, player: str) -> DraftMove:
        return self.move("reveal", player=player)

    def turn(self) -> DraftMove:
        return self.move("turn")

    def total(self, player: str, points: int | str) -> DraftMove | DraftEnded:
        """`player`'s team total from the scorepad; the last one in files the draft (the
        totals rank the players, as `end --total` does)."""
        recorded = self.record(event("total", player=player, points=points))
        if recorded.match.get("status") == "finished":
            return self._ended(recorded.match)
        return DraftMove(recorded.events[-1], recorded.status)

    def files_itself(self, match: Match, state: DraftState) -> dict[str, Any] | None:
        """Every player's total typed (`total`): the draft files with them."""
        if not state.players or any(p not in state.totals for p in state.players):
            return None
        catalogue = self.scoring_catalogue() if state.free else None
        return scorepad_result(state, state.totals, catalogue)[0]

    def command(self, move: Move) -> str:
        """`companion otdraft game KIND [PLAYER [CARD]]`: a card the player names is the
        move's first choice (CARD with free names: the table types it)."""
        import shlex

        asked = {a.name: a.default if a.default is not None else a.name.upper() for a in move.asks}
        data = {**move.what, **asked}
        words = [move.kind, *(str(data[k]) for k in ("player", "card", "points") if k in data)]
        return " ".join([COMMAND, *map(shlex.quote, words)])

    def check(self, kind: str, **data: Any) -> Event:
        """The event a move would store now, without storing it (raises to refuse)."""
        return play(RULES, self.current(), [event(kind, **data)]).events[-1]

    def hand(self, player: str) -> Hand:
        state = self.fold(self.current())
        name = match_prefix(player, state.players, what="player")
        return Hand(
            name,
            tuple(state.candidates.get(name, [])),
            state.secrets.get(name),
            name in state.revealed,
        )

    # --- undo and end -----------------------------------------------------------

    def check_undo(self, match: Match) -> None:
        events = match["events"]
        if events and events[-1]["type"] == "deal":
            raise NothingToUndo(
                "nothing to undo: only the deal is recorded",
                hint="'otdraft game abandon' to start again",
            )
        super().check_undo(match)

    def undo(self, expected: Sequence[Event] | None = None) -> DraftUndone:
        done = super().undo(expected)
        return DraftUndone(done.events, done.status)

    @hints
    def end(self, totals: Sequence[str] | Mapping[str, int] | None = None) -> DraftEnded:
        """Score every team with its best choice and file the result (refused, writing
        nothing, before the draft is complete or while a card is not described).

        `totals` (`NAME=POINTS` each, or a mapping) are the table's scorepad: they rank
        the players whatever the catalogue knows; where it can score the teams too, its
        scores are kept beside them."""

        def result(match: Match) -> dict[str, Any]:
            state = self.fold(match)
            if totals is None and not state.totals:
                return self.result_of(match, state)
            typed = (
                [f"{p}={v}" for p, v in totals.items()]
                if isinstance(totals, Mapping)
                else list(totals or ())
            )
            # The totals typed on the phones count; the command gives the rest.
            pad = parse_totals(typed, state.players, state.totals)
            return scorepad_result(state, pad, self.scoring_catalogue() if state.free else None)[0]

        return self._ended(self.store.finish_match(GAME, result))

    def _ended(self, done: Match) -> DraftEnded:
        """The answer for filed draft `done`: its result, and each team's search where the
        companion scored it."""
        state = self.fold(done)
        scored_with = done["result"].get("catalogue")
        catalogue = None if scored_with is None else parse_catalogue_data(scored_with, "the result")
        searches: dict[str, Search] = {}
        if done["result"].get("scored_by") != SCOREPAD or "companion_scores" in done["result"]:
            _, searches = final_result(state, catalogue)
        base = Ended.of(done)
        return DraftEnded(
            base.id,
            base.game,
            base.status,
            base.players,
            base.result,
            self.status_of(done, state),
            searches,
        )

    # --- the game's part ----------------------------------------------------------

    def result_of(self, match: Match, state: DraftState) -> dict[str, Any]:
        if state.free:
            self._refuse_unscored(state)
        result, _ = final_result(state, self.scoring_catalogue() if state.free else None)
        return result

    def _refuse_unscored(self, state: DraftState) -> None:
        """No catalogue describes some card: say both ways to finish (totals, or cards)."""
        from companion.games.otdraft.rules.draft import check_complete, missing_cards

        check_complete(state)
        missing = missing_cards(state, self.scoring_catalogue())
        if not missing:
            return
        example = " ".join(f"--total {p}=POINTS" for p in state.players)
        raise RuleViolation(
            f"cannot score yet: no card catalogue describes {', '.join(missing)}",
            hint=f"file the scorepad's totals with '{COMMAND} end {example}' (every player), "
            "or describe the cards with 'companion otdraft cards add NAME --category C "
            "--points N' or 'companion otdraft cards import FILE.toml' "
            f"(docs/otdraft-cards.md), then '{COMMAND} end' again",
        )

    def status_of(self, match: Match, state: DraftState) -> Status[DraftState]:
        where = match.get("status", "live")
        result = match.get("result") or {}
        scores = result.get("scores") if where == "finished" else None
        return Status(
            id=match["id"],
            game=GAME,
            status=where,
            players=tuple(match["players"]),
            scores=scores or running_scores(state),
            next=_next(state, where, result),
            state=state,
            detail={**state.to_json(), "events": len(match.get("events", []))},
            updated=match.get("updated"),
        )

    def own(self, state: DraftState, player: str) -> dict[str, Any]:
        """A player's secret card as the rulebook keeps it ("The selected card is kept
        secret"): the two dealt to choose from, then the one kept, until revealed (then it
        is the board's). The drafted team is on the board for all to see."""
        if player not in state.players:
            return {}
        if player in state.totals:  # theirs until every total is in and the draft is filed
            return {"secret_card": state.secrets[player], "your_total": state.totals[player]}
        if player in state.secrets:
            shown = "revealed" if player in state.revealed else "kept secret"
            return {"secret_card": state.secrets[player], "secret": shown}
        if state.deck and player in state.candidates:
            return {"secret_choices": list(state.candidates[player])}
        return {}


def running_scores(state: DraftState) -> dict[str, int | None]:
    """Each team's best score so far, from the cards the table can see (drafted,
    leftovers and a revealed secret card); None for all without a catalogue."""
    scores: dict[str, int | None] = {}
    for player in state.players:
        cards = state.visible_cards(player)
        if state.catalogue is None:
            scores[player] = None
        elif not cards:
            scores[player] = 0
        else:
            try:
                scores[player] = find_best(cards).best.total
            except (TooManyChoices, UnresolvableCycle):
                scores[player] = None
    return scores


def _next(state: DraftState, where: str, result: Mapping[str, Any]) -> str:
    if where == "finished":
        return f"the draft is over: {result.get('winner')} wins"
    if where == "abandoned":
        return "the draft was abandoned"
    phase = state.phase
    if phase == "secrets":
        waiting = ", ".join(p for p in state.players if p not in state.secrets)
        return f"{waiting} to keep one of two secret cards ('{COMMAND} hand PLAYER' shows them)"
    if phase == "draft":
        n = len(state.players)
        return f"{state.current} picks (round {state.round}, turn {state.picks + 1} of {n})"
    if phase == "leftovers":
        if state.round == ROUNDS:
            then = f"then '{COMMAND} end'"
        elif state.free:
            then = f"then the next pick starts round {state.round + 1}"
        else:
            then = f"then '{COMMAND} turn' starts round {state.round + 1}"
        return f"round {state.round} is over: leftover abilities may take a card, {then}"
    missing = [p for p in state.players if p not in state.secrets]
    waiting = [p for p in state.players if p not in state.totals]
    if state.totals and not missing:
        return (
            f"{', '.join(waiting)} to type the team's total "
            f"('{COMMAND} total PLAYER POINTS'); the draft is filed when the last is in"
        )
    if missing:
        return (
            f"record the secret card of {', '.join(missing)} "
            f"('{COMMAND} secret PLAYER CARD'), then '{COMMAND} end'"
        )
    return f"all {ROUNDS} rounds played: score the teams with '{COMMAND} end'"


TABLES = {GAME: DraftTable}
