"""All Stars Playlist at the table: the multiplayer game and a solo run.

`PlaylistTable` is the tracked multiplayer game and `SoloTable` a solo run;
both read their cards and settings through the table's box
(`companion.games.playlist.box.PlaylistBox`: the catalogue, the genres in
play, the solo goal, the cards the companion deals from).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.engine.errors import NothingToUndo, RuleViolation
from companion.engine.events import Event, event
from companion.engine.rng import TableRng
from companion.games.playlist.box import (  # noqa: F401 - the box is part of this table
    DOCS,
    CatalogueChange,
    Checked,
    DeckCards,
    Genres,
    Listing,
    PlaylistBox,
    Scored,
)
from companion.games.playlist.rules import game as multiplayer
from companion.games.playlist.rules import solo
from companion.games.playlist.rules.cards import Card
from companion.games.playlist.rules.chain import SOLO, check_chain
from companion.games.playlist.rules.game import FinalResult, GameState
from companion.games.playlist.rules.scoring import score_dict
from companion.games.playlist.rules.solo import Goal, SoloState
from companion.store import Store
from companion.tables.base import Ended, Match, Recorded, Status, Table, hints

GAME_COMMAND = "companion playlist game"
SOLO_COMMAND = "companion playlist solo"
DEFAULT_SOLO_CARDS = 20


# --- answers -----------------------------------------------------------------------------


if TYPE_CHECKING:
    from companion.engine.moves import Move


@dataclass(frozen=True)
class SoloScored(Scored):
    # laid-out cards that could still have joined a playlist counted anyway
    still_fits: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            **super().to_json(),
            "recorded": self.run is not None,
            "run": self.run.to_json() if self.run is not None else None,
            "still_fits": [c.to_dict() for c in self.still_fits],
        }


@dataclass(frozen=True)
class Solved:
    """The best playlist a solo deal allows."""

    best: Any  # companion.games.playlist.rules.solver.Solution
    laid_out: int

    def to_json(self) -> dict[str, Any]:
        best = self.best
        return {
            "playlist": [c.to_dict() for c in best.playlist],
            "score": best.score.total,
            "wins": best.wins,
            "goal": best.goal,
            "goal_reading": best.target.reading,
            "optimal": best.optimal,
            "nodes": best.nodes,
            "cards": self.laid_out,
            "breakdown": score_dict(best.score),
        }


@dataclass(frozen=True)
class Hand:
    """One player's cards when the companion holds the deck."""

    player: str
    music: tuple[Card, ...]
    assignments: tuple[Any, ...]  # Assignment cards not yet turned over
    actions: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "music": [c.to_dict() for c in self.music],
            "assignments": [a.to_dict() for a in self.assignments],
            "actions": list(self.actions),
        }


# --- the multiplayer game ----------------------------------------------------------------


@dataclass(frozen=True)
class Started:
    """A game or run just started, with the seed that reproduces its draws."""

    status: Status[Any]
    seed: int
    how: str | None = None  # how the first player was chosen (multiplayer)
    notes: tuple[str, ...] = ()  # the deal, in words

    def to_json(self) -> dict[str, Any]:
        body = {**self.status.to_json(), "seed": self.seed}
        if self.how is not None:
            body["how"] = self.how
            body["notes"] = list(self.notes)
        return body


@dataclass(frozen=True)
class GameEnded:
    """A finished game: the filed result and every playlist's score."""

    ended: Ended
    final: FinalResult

    def to_json(self) -> dict[str, Any]:
        return {
            **self.ended.result,
            "id": self.ended.id,
            "status": self.ended.status,
            "breakdown": {p: score_dict(s) for p, s in self.final.scores.items()},
        }


def moved(recorded: Recorded[Any]) -> dict[str, Any]:
    """The JSON of a recorded move: the status after it, the stored event, what it did."""
    notes = [n for step in recorded.played.steps for n in step.notes]
    return {**recorded.status.to_json(), "event": recorded.events[-1], "notes": notes}


def undone_json(undone: Any) -> dict[str, Any]:
    return {**undone.status.to_json(), "undone": undone.removed}


class PlaylistTable(Table[GameState]):
    game = multiplayer.GAME
    rules = multiplayer.RULES
    opening = frozenset({"start"})

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self.box = PlaylistBox(store)

    def start(
        self,
        players: Sequence[str] | str,
        first: str | None = None,
        seed: int | None = None,
        deck: bool = False,
    ) -> Started:
        """Start a game; without `first` the starting player is drawn with the seed.

        With `deck` the companion holds the cards: it shuffles the catalogue's music cards
        (and the table's assignment and action cards, when it has them) with the seed, deals
        every hand and lays out the Download List.
        """
        from companion.engine.decks import parse_players
        from companion.engine.names import match_prefix

        names = parse_players(players, low=2)
        rng = TableRng(seed)
        if first is not None:
            starter, how = match_prefix(first, names, what="player"), "chosen"
        else:
            starter, how = rng.choice(names), "random"
        opening: dict[str, Any] = {"first": starter, "how": how}
        if deck:
            opening["deck"] = self.box.shuffled_piles(len(names), rng)
        start = {"type": "start", "data": opening}
        # The starter also in the options, as every game names it: exports read options only.
        options = {"mode": "multiplayer", "first": starter}
        status = self.start_match(names, options, rng.seed, [start])
        before = multiplayer.new_state(names, names[0])
        notes = multiplayer.notes_of(before, start, status.state)
        return Started(status, rng.seed, how, notes)

    # --- moves ---------------------------------------------------------------------------

    def play(self, player: str, cards: Sequence[str] | Sequence[Card]) -> Recorded[GameState]:
        """Start a playlist (two cards or more) or add to it; every link is checked."""
        read = self.box.read(cards)
        return self.record(event("play", player=player, cards=[c.to_dict() for c in read]))

    def lose(self, player: str) -> Recorded[GameState]:
        return self.record(event("lose", player=player))

    def claim(self, player: str, card: str | Card | None = None) -> Recorded[GameState]:
        """`player` sang the singer's song: it leaves the singer's playlist and joins theirs
        if it matches their last card, else it is put away — one step."""
        read = self.box.read([card])[0].to_dict() if card is not None else None  # type: ignore[list-item]
        return self.record(event("claim", player=player, card=read))

    def bluff(self, caller: str, wrong: bool = False) -> Recorded[GameState]:
        """A bluff called out: caught, the caller claims the song; wrong, they lose theirs."""
        return self.record(event("bluff", player=caller, right=not wrong))

    def assignment(self, player: str, text: str, done: bool = False) -> Recorded[GameState]:
        held = self.box.assignment(text)
        return self.record(
            event("assignment", player=player, assignment=held.to_dict(), completed=done)
        )

    def turn(self) -> Recorded[GameState]:
        return self.record(event("turn"))

    def download(self, typed: str | Card) -> Recorded[GameState]:
        """The player whose turn it is takes a card from the Download List (number, title
        prefix, or the card typed in full)."""
        from companion.games.playlist.rules.cards import find_in_catalogue, is_inline

        if isinstance(typed, Card):
            card = typed
        elif is_inline(typed):
            card = self.box.read([typed])[0]
        else:
            from companion.games.playlist.rules.errors import UnknownCard

            held = multiplayer.held_deck(self.status().state)
            try:
                card = find_in_catalogue(typed, held.download)
            except UnknownCard:
                shown = ", ".join(c.name() for c in held.download) or "it is empty"
                raise UnknownCard(f"'{typed}' is not on the Download List ({shown})") from None
        return self.record(event("download", card=card.to_dict()))

    def action(self, player: str, card: str) -> Recorded[GameState]:
        """`player` plays an action card from their hand (typed by unique prefix)."""
        return self.record(event("action", player=player, card=card))

    def hand(self, player: str) -> Hand:
        """What `player` holds, when the companion holds the deck (secret: for them only)."""
        from companion.engine.names import match_prefix

        state = self.status().state
        who = match_prefix(player, state.players, what="player")
        if state.deck is None:
            raise RuleViolation(
                "the table holds the cards in this game: the companion knows no hand",
                hint="start a game with '--deck' to let the companion deal",
            )
        held = tuple(h.assignment for h in state.assignments[who] if not h.completed)
        return Hand(who, state.deck.hands[who], held, state.deck.actions[who])

    def own(self, state: GameState, player: str) -> dict[str, Any]:
        """With the companion's deck, the cards `player` holds ("Each player takes 2
        assignment cards, 2 music cards and 2 action cards and does not show these to the
        other players"), as `game hand PLAYER` shows them: for their seat alone."""
        if state.deck is None or player not in state.players:
            return {}
        held = [h.assignment.text() for h in state.assignments[player] if not h.completed]
        return {
            "hand": [c.name() for c in state.deck.hands[player]],
            "assignments": held,
            "actions": list(state.deck.actions[player]),
        }

    def command(self, move: Move) -> str:
        """`companion playlist game KIND …` making `move`: a song from the hand is the
        player's to name (CARD, NEXT: it is secret), a Download List card by number."""
        import shlex

        data = move.what
        words = [move.kind]
        if move.kind in ("claim", "bluff", "lose", "play", "action"):
            words.append(str(data["player"]))
        if move.kind == "bluff" and not data.get("right", True):
            words.append("--wrong")
        if move.kind == "download":
            words.append(str(data["card"]))
        words += [a.name.upper() for a in move.asks]
        return " ".join(["companion playlist game", *map(shlex.quote, words)])

    # --- the end ---------------------------------------------------------------------------

    @hints
    def end(  # type: ignore[override]
        self, now: bool = False, tie_winner: str | None = None
    ) -> GameEnded:
        """Score every playlist and file the game; refused before the last round is over.
        `tie_winner`: the player the table names the winner of a tie for first."""
        done = self.store.finish_match(
            self.game, lambda match: self._result(match, self.fold(match), now, tie_winner)
        )
        final = multiplayer.final_result(self.fold(done), tie_winner)
        return GameEnded(Ended.of(done), final)

    def result_of(self, match: Match, state: GameState) -> dict[str, Any]:
        return self._result(match, state, False)

    def _result(
        self, match: Match, state: GameState, now: bool, tie_winner: str | None = None
    ) -> dict[str, Any]:
        if not state.round_over and not now:
            if state.finishing:
                waiting = ", ".join(multiplayer.unplayed_turns(state))
                raise RuleViolation(
                    f"the last round is not over: {waiting} still to play",
                    hint="finish the round with 'turn', or end anyway with --now",
                )
            raise RuleViolation(
                "no playlist has reached 15 songs yet", hint="end anyway with --now"
            )
        return multiplayer.final_result(state, tie_winner).to_result()

    def check_undo(self, match: Match) -> None:
        if len(match["events"]) <= 1:
            raise NothingToUndo(f"nothing to undo in playlist game {match['id']}")

    def files_itself(self, match: Match, state: GameState) -> dict[str, Any] | None:
        """The count asked for as a move (a phone's `end`): the game files, as `end` would
        (a tie for first shared: a winner the table names is `end --tie-winner`'s)."""
        return self._result(match, state, False) if state.counted else None

    # --- the status --------------------------------------------------------------------------

    def status_of(self, match: Match, state: GameState) -> Status[GameState]:
        return Status(
            id=match["id"],
            game=self.game,
            status=match.get("status", "live"),
            players=state.order,
            scores=state.totals(),
            next=game_next(state),
            state=state,
            detail={"id": match["id"], **state.to_json()},
            updated=match.get("updated"),
        )


def game_next(state: GameState) -> str:
    if state.round_over:
        return f"the last round is over: score it with '{GAME_COMMAND} end'"
    if state.finishing:
        waiting = ", ".join(multiplayer.unplayed_turns(state))
        return f"{state.current} plays (the last round: {waiting} still to play)"
    return f"{state.current} plays (round {state.round})"


# --- solo play ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SoloEnded:
    ended: Ended

    def to_json(self) -> dict[str, Any]:
        return {**self.ended.result, "id": self.ended.id, "status": self.ended.status}


class SoloTable(Table[SoloState]):
    game = solo.GAME
    rules = solo.RULES

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self.box = PlaylistBox(store)

    def start(
        self,
        cards: int | None = None,
        player: str = "solo",
        seed: int | None = None,
        laid: Sequence[str] | Sequence[Card] | None = None,
    ) -> Started:
        """Lay out `cards` (20 by default) for a run (same seed, same cards: the video-call
        variant). With no card list the companion deals nothing it could not check: the
        table lays the cards out from the box and describes them (`laid`)."""
        live = self.live()
        if live is not None:
            raise RuleViolation(
                f"a solo run is already going (id {live['id']})",
                hint=f"'{SOLO_COMMAND} end' files it first",
            )
        rng = TableRng(seed)
        if laid:
            dealt = self.laid_out(laid, cards, first=True)
        else:
            dealt = self._deal(cards or DEFAULT_SOLO_CARDS, rng, f"{SOLO_COMMAND} start")
        options = {"mode": "solo", "goal": self.box.solo_goal().to_json()}
        status = self.start_match([player], options, rng.seed, [dealt.event()])
        return Started(status, rng.seed)

    def has_card_list(self) -> bool:
        """Whether the catalogue lists music cards the companion can deal and check."""
        return any(c.kind == "music" for c in self.box.cards())

    def laid_out(
        self, typed: Sequence[str] | Sequence[Card], count: int | None = None, first: bool = False
    ) -> Any:
        """The cards the table laid out, as typed (GENRE/POINTS/ICONS[/TITLE]), checked; the
        `first` round's count is the rulebook's unless the table chose one."""
        dealt = solo.laid_deal(self.box.read(typed), self.box.genres(), count)
        if first and count is None:
            solo.check_first_layout(dealt.count)
        return dealt

    def _deal(self, count: int, rng: TableRng, command: str) -> Any:
        from companion.games.playlist.rules.errors import NoCardList

        try:
            return solo.deal_solo(self.box.cards(), self.box.genres(), count, rng)
        except NoCardList as err:
            raise NoCardList(
                str(err),
                hint=f"'{command} --laid GENRE/POINTS/ICONS[/TITLE]' once for each laid-out "
                "card (bonus and negative cards taken out), or fill the catalogue once "
                "('companion playlist cards import FILE.csv')",
            ) from None

    def goal(self) -> Goal:
        """The live run's goal (fixed when it was dealt), else the table's."""
        live = self.live()
        return self.fold(live).goal if live else self.box.solo_goal()

    def read(self, typed: Sequence[str] | Sequence[Card]) -> list[Card]:
        """A playlist's cards as typed: from the catalogue, or — in a round the table laid out
        and described — from that layout, by place number or title."""
        live = self.live()
        deal = self.fold(live).last.deal if live is not None else None
        if deal is None or not deal.laid or all(isinstance(c, Card) for c in typed):
            return self.box.read(typed)
        from companion.games.playlist.rules.cards import resolve_cards

        return resolve_cards([str(t) for t in typed], deal.cards, self.box.genres())

    def score(self, typed: Sequence[str] | Sequence[Card], anyway: bool = False) -> SoloScored:
        """Score a solo playlist; with a run going, record it as this round's playlist.

        A run refuses a playlist that a laid-out card could still join, unless `anyway`.
        """
        from companion.games.playlist.rules.cards import card_from_dict
        from companion.games.playlist.rules.scoring import score_playlist

        live = self.live()
        cards = self.read(typed)
        verdict = check_chain(cards, SOLO)
        if live is None:
            return SoloScored(score_playlist(cards, solo=True), verdict, self.box.solo_goal())
        played = [c.to_dict() for c in cards]
        recorded = self.record(event("round", playlist=played, anyway=anyway))
        fits = tuple(card_from_dict(c) for c in recorded.events[-1]["data"].get("still_fits", []))
        goal = recorded.status.state.goal
        return SoloScored(recorded.outcome, verdict, goal, recorded.status, fits)

    def next_round(self, laid: Sequence[str] | Sequence[Card] | None = None) -> Recorded[SoloState]:
        """The next round with one card fewer, after a won round: dealt from the catalogue,
        or laid out by the table and described (`laid`), as it must be with no card list."""
        from companion.games.playlist.rules.errors import NoCardList

        box = [c.to_dict() for c in self.box.cards()]
        genres = self.box.genres()
        if laid:
            typed = [c.to_dict() for c in self.box.read(laid)]
            return self.record(event("next", catalogue=box, genres=genres, laid=typed))
        try:
            return self.record(event("next", catalogue=box, genres=genres))
        except NoCardList as err:
            raise NoCardList(
                str(err),
                hint=f"'{SOLO_COMMAND} next --laid GENRE/POINTS/ICONS[/TITLE]' once for each "
                "laid-out card, or fill the catalogue once ('companion playlist cards import "
                "FILE.csv')",
            ) from None

    def events_of(self, move: Move, filled: Mapping[str, Any] | None = None) -> list[Event]:
        """The next round is dealt from the table's box, as `solo next` deals it."""
        if move.kind != "next":
            return super().events_of(move, filled)
        box = [c.to_dict() for c in self.box.cards()]
        return [event("next", catalogue=box, genres=self.box.genres())]

    def command(self, move: Move) -> str:
        """`solo score PLAYLIST [--anyway]` (the cards are the player's to find), `solo next`."""
        if move.kind == "round":
            anyway = " --anyway" if move.what.get("anyway") else ""
            return f"{SOLO_COMMAND} score PLAYLIST{anyway}"
        return f"{SOLO_COMMAND} {move.kind}"

    def solve(self, typed: Sequence[str] = (), max_nodes: int | None = None) -> Solved:
        """The best playlist the laid-out cards allow (the run's deal when none are named)."""
        from companion.engine.errors import BadInput
        from companion.games.playlist.rules.solver import best_playlist

        if typed:
            cards = self.box.read(typed)
            kept = [c for c in cards if c.kind != "music"]
            if kept:  # the solver's bounds also rest on no card being negative
                raise BadInput(
                    f"{kept[0].name()} is a {kept[0].kind} card: solo play takes out the bonus "
                    "and negative cards"
                )
        else:
            live = self.live()
            dealt = self.fold(live).last.deal if live else None
            if dealt is None or not dealt.cards:
                raise BadInput(
                    "no cards to solve",
                    hint="name the laid-out cards, or deal a solo run from a filled catalogue",
                )
            cards = list(dealt.cards)
        if max_nodes is not None and max_nodes < 1:
            raise BadInput(f"--max-nodes must be at least 1 (got {max_nodes})")
        return Solved(best_playlist(cards, goal=self.goal(), max_nodes=max_nodes), len(cards))

    def end(self) -> SoloEnded:  # type: ignore[override]
        """Stop the run and file how far it got."""
        return SoloEnded(super().end())

    def result_of(self, match: Match, state: SoloState) -> dict[str, Any]:
        return solo.solo_result(state.player, state.rounds)

    def check_undo(self, match: Match) -> None:
        if len(match["events"]) <= 1:
            raise NothingToUndo(f"nothing to undo in solo run {match['id']}; 'solo end' stops it")

    def status_of(self, match: Match, state: SoloState) -> Status[SoloState]:
        best = state.best()
        return Status(
            id=match["id"],
            game=self.game,
            status=match.get("status", "live"),
            players=(state.player,),
            scores={state.player: best.total if best else None},
            next=solo_next(state),
            state=state,
            detail={"id": match["id"], **state.to_json()},
            updated=match.get("updated"),
        )


def solo_next(state: SoloState) -> str:
    from companion.games.playlist.rules.cards import rules

    last = state.last
    if not last.scored:
        return (
            f"make a playlist from the {last.deal.count} cards laid out: "
            f"'{SOLO_COMMAND} score CARD...'"
        )
    if not last.wins:
        return f"the run is over: file it with '{SOLO_COMMAND} end'"
    if last.deal.count - 1 < rules()["playlist"]["min_start"]:
        return f"every round won: file the run with '{SOLO_COMMAND} end'"
    return f"round won: deal {last.deal.count - 1} cards with '{SOLO_COMMAND} next'"


TABLES = {multiplayer.GAME: PlaylistTable, solo.GAME: SoloTable}
