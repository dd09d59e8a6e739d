"""All Stars Playlist at the table: the multiplayer game, a solo run, the catalogue and settings.

`PlaylistBox` holds what the table keeps between games — the music card
catalogue and the genres in play — and answers the questions that need it
(check, score). `PlaylistTable` is the tracked multiplayer game and
`SoloTable` a solo run; both read their cards through the box.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine.errors import NothingToUndo, RuleViolation
from companion.engine.events import event
from companion.engine.rng import TableRng
from companion.games.playlist import game as multiplayer
from companion.games.playlist import solo
from companion.games.playlist.cards import Card
from companion.games.playlist.chain import MULTIPLAYER, SOLO, ChainCheck, LinkRule, check_chain
from companion.games.playlist.game import FinalResult, GameState
from companion.games.playlist.scoring import PlaylistScore, score_dict
from companion.games.playlist.solo import Goal, SoloState
from companion.store import Store
from companion.tables.base import Ended, Match, Recorded, Status, Table

DOCS = "playlist"  # the store table holding the catalogue and the settings
GAME_COMMAND = "companion playlist game"
SOLO_COMMAND = "companion playlist solo"


# --- answers -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Checked:
    """A playlist checked against a link rule."""

    cards: tuple[Card, ...]
    verdict: ChainCheck
    rule: LinkRule

    def to_json(self) -> dict[str, Any]:
        return {
            "valid": self.verdict.valid,
            "broken_at": self.verdict.broken_at,
            "reason": self.verdict.reason,
            "rule": self.rule.name,
            "cards": [c.to_dict() for c in self.cards],
            "shared": [list(s) for s in self.verdict.shared],
        }


@dataclass(frozen=True)
class Scored:
    """A playlist scored; in solo play with the goal, and whether a run recorded it."""

    score: PlaylistScore
    verdict: ChainCheck
    goal: Goal | None = None  # solo play: the goal it is measured against
    run: Status[SoloState] | None = None  # the solo run that recorded it

    @property
    def wins(self) -> bool:
        return self.goal is not None and self.goal.wins(self.score.total)

    def to_json(self) -> dict[str, Any]:
        body = {**score_dict(self.score), "valid": self.verdict.valid}
        body["broken_at"] = self.verdict.broken_at
        if self.goal is not None:
            body["wins"] = self.wins
            body["goal"] = self.goal.points
            body["goal_reading"] = self.goal.reading
        return body


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

    best: Any  # companion.games.playlist.solver.Solution
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
class CatalogueChange:
    """A change to the catalogue: what was added, imported or removed, and the count after."""

    count: int
    added: Mapping[str, Any] | None = None
    imported: int | None = None
    removed: Card | None = None

    def to_json(self) -> dict[str, Any]:
        if self.added is not None:
            return {"card": dict(self.added), "count": self.count}
        if self.removed is not None:
            return {"removed": self.removed.to_dict(), "count": self.count}
        return {"imported": self.imported, "count": self.count}


@dataclass(frozen=True)
class Listing:
    cards: tuple[Card, ...]
    genres: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"cards": [c.to_dict() for c in self.cards], "genres": list(self.genres)}


@dataclass(frozen=True)
class Genres:
    """The genres in play; `out_of_play` counts catalogue cards of other genres (when set)."""

    genres: tuple[str, ...]
    out_of_play: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"genres": list(self.genres), "cards_out_of_play": self.out_of_play}


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


@dataclass(frozen=True)
class DeckCards:
    """The cards the companion deals from with `game start --deck`."""

    music: int  # catalogue cards of the genres in play
    assignments: tuple[Any, ...]  # the table's assignment cards (Assignment)
    actions: tuple[str, ...]  # the table's action cards

    def to_json(self) -> dict[str, Any]:
        return {
            "music": self.music,
            "assignments": [a.to_dict() for a in self.assignments],
            "actions": list(self.actions),
        }


# --- the catalogue and the settings ------------------------------------------------------


class PlaylistBox:
    """The table's music card catalogue and settings (the box's cards are not in the rulebook)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def genres(self) -> list[str]:
        from companion.games.playlist.cards import default_genres

        return list(self.store.get_doc(DOCS, "genres", default_genres()))

    def cards(self) -> list[Card]:
        from companion.games.playlist.cards import card_from_dict

        return [card_from_dict(d) for d in self.store.get_doc(DOCS, "cards", [])]

    def is_empty(self) -> bool:
        return not self.store.get_doc(DOCS, "cards")

    def read(self, typed: Sequence[str] | Sequence[Card]) -> list[Card]:
        """Cards as typed: catalogue number, title prefix, or GENRE/POINTS/ICONS[/TITLE]
        (cards already read are taken as they are)."""
        from companion.games.playlist.cards import resolve_cards

        if all(isinstance(c, Card) for c in typed):
            return list(typed)  # type: ignore[arg-type]
        return resolve_cards([str(c) for c in typed], self.cards(), self.genres())

    def solo_goal(self) -> Goal:
        """What wins a solo round at this table (the data file's goal until it is set)."""
        return solo.goal_from(self.store.get_doc(DOCS, "solo_goal"))

    def set_solo_goal(
        self, points: int | None = None, reading: str | None = None, reset: bool = False
    ) -> Goal:
        """Change the points and/or the reading ("at-least" or "more-than"); runs already
        dealt keep the goal they started with."""
        if reset:
            self.store.delete_doc(DOCS, "solo_goal")
            return self.solo_goal()
        goal = solo.make_goal(self.solo_goal(), points, reading)
        self.store.put_doc(DOCS, "solo_goal", goal.to_json())
        return goal

    def music_in_play(self) -> list[Card]:
        """The catalogue's cards of the genres in play: the multiplayer deck's music cards."""
        genres = set(self.genres())
        return [c for c in self.cards() if c.genre in genres]

    def deck_cards(self) -> DeckCards:
        from companion.games.playlist.scoring import assignment_from_dict

        assignments = self.store.get_doc(DOCS, "assignment_cards", [])
        return DeckCards(
            len(self.music_in_play()),
            tuple(assignment_from_dict(a) for a in assignments),
            tuple(self.store.get_doc(DOCS, "action_cards", [])),
        )

    def set_assignment_cards(self, texts: Sequence[str]) -> DeckCards:
        """The box's assignment cards, for the companion to deal (none: the table deals them)."""
        cards = [self.assignment(t).to_dict() for t in texts]
        self.store.put_doc(DOCS, "assignment_cards", cards)
        return self.deck_cards()

    def set_action_cards(self, texts: Sequence[str]) -> DeckCards:
        """The box's action cards, each its English text (none: the table deals them)."""
        from companion.engine.errors import BadInput

        cards = [" ".join(t.split()) for t in texts]
        if any(not c for c in cards):
            raise BadInput("an action card needs its text")
        self.store.put_doc(DOCS, "action_cards", cards)
        return self.deck_cards()

    def shuffled_piles(self, players: int, rng: TableRng) -> dict[str, Any]:
        """The piles for a game where the companion holds the deck, in draw order."""
        from companion.games.playlist import deck

        music = self.music_in_play()
        if len(music) < deck.needed(players):
            raise RuleViolation(
                f"the companion cannot hold the deck: the catalogue has {len(music)} music cards "
                f"of the genres in play, and {players} players and the Download List need "
                f"{deck.needed(players)}",
                hint="fill it with 'companion playlist cards import', or play with your cards",
            )
        held = self.deck_cards()
        return deck.shuffle(music, held.assignments, held.actions, rng)

    def assignment(self, text: str) -> Any:
        from companion.games.playlist.scoring import parse_assignment

        return parse_assignment(text, self.genres())

    # --- answers (nothing is written) --------------------------------------------------

    def check(self, typed: Sequence[str], solo_rule: bool = False) -> Checked:
        cards = self.read(typed)
        need_start(cards)
        rule = SOLO if solo_rule else MULTIPLAYER
        return Checked(tuple(cards), check_chain(cards, rule), rule)

    def score(
        self, typed: Sequence[str], assignments: Sequence[str] = (), solo_rule: bool = False
    ) -> Scored:
        from companion.games.playlist.scoring import score_playlist

        cards = self.read(typed)
        need_start(cards)
        held = [self.assignment(a) for a in assignments]
        score = score_playlist(cards, held, solo=solo_rule)
        verdict = check_chain(cards, SOLO if solo_rule else MULTIPLAYER)
        return Scored(score, verdict, self.solo_goal() if solo_rule else None)

    def listing(self, genre: str | None = None) -> Listing:
        from companion.games.playlist.cards import parse_genre

        cards = self.cards()
        if genre is not None:
            wanted = parse_genre(genre, self.genres())
            cards = [c for c in cards if c.genre == wanted]
        return Listing(tuple(cards), tuple(self.genres()))

    # --- changes -------------------------------------------------------------------------

    def add(self, typed: str, artist: str = "", kind: str = "music") -> CatalogueChange:
        """Add a card; it gets the next number (numbers are never reused)."""
        from companion.games.playlist.cards import make_card, parse_inline

        genres = self.genres()
        card = parse_inline(typed, genres)
        made = make_card(card.genre, card.points, card.icons, genres, card.title, artist, kind)

        def change(stored: list | None) -> list:
            rows = list(stored or [])
            number = max((r["number"] for r in rows), default=0) + 1
            return [*rows, {**made.to_dict(), "number": number}]

        rows = self.store.update_doc(DOCS, "cards", change)
        return CatalogueChange(len(rows), added=rows[-1])

    def import_csv(self, text: str, replace: bool = False) -> CatalogueChange:
        """Cards from CSV text; every line is checked before anything is stored."""
        from companion.games.playlist.cards import parse_csv

        genres = self.genres()
        parse_csv(text, genres)  # refuse a bad file before the lock is taken
        before: list[int] = []

        def change(stored: list | None) -> list:
            rows = [] if replace else list(stored or [])
            before.append(len(rows))
            first = max((r["number"] for r in rows), default=0) + 1
            return rows + [c.to_dict() for c in parse_csv(text, genres, first_number=first)]

        rows = self.store.update_doc(DOCS, "cards", change)
        return CatalogueChange(len(rows), imported=len(rows) - before[-1])

    def remove(self, typed: str) -> CatalogueChange:
        from companion.games.playlist.cards import find_in_catalogue

        gone = find_in_catalogue(typed, self.cards())

        def change(stored: list | None) -> list:
            return [r for r in stored or [] if r["number"] != gone.number]

        rows = self.store.update_doc(DOCS, "cards", change)
        return CatalogueChange(len(rows), removed=gone)

    def set_genres(self, typed: str) -> Genres:
        from companion.games.playlist.cards import parse_genre_list

        names = parse_genre_list(typed)
        self.store.put_doc(DOCS, "genres", names)
        out = [c for c in self.cards() if c.genre not in names]
        return Genres(tuple(names), len(out))

    def show_genres(self) -> Genres:
        return Genres(tuple(self.genres()))

    def put_synthetic(self, cards: Sequence[Card]) -> bool:
        """Fill an empty catalogue (the demo's synthetic box); False if one is there already."""
        if self.store.get_doc(DOCS, "cards") is not None:
            return False
        self.store.put_doc(DOCS, "cards", [c.to_dict() for c in cards])
        return True


def need_start(cards: Sequence[Card]) -> None:
    from companion.games.playlist.cards import rules
    from companion.games.playlist.errors import ShortPlaylist

    minimum = rules()["playlist"]["min_start"]
    if len(cards) < minimum:
        raise ShortPlaylist(f"a playlist has at least {minimum} cards (got {len(cards)})")


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
        status = self.start_match(names, {"mode": "multiplayer"}, rng.seed, [start])
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
        from companion.games.playlist.cards import find_in_catalogue, is_inline

        if isinstance(typed, Card):
            card = typed
        elif is_inline(typed):
            card = self.box.read([typed])[0]
        else:
            from companion.games.playlist.errors import UnknownCard

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

    # --- the end ---------------------------------------------------------------------------

    def end(self, now: bool = False) -> GameEnded:  # type: ignore[override]
        """Score every playlist and file the game; refused before the last round is over."""
        done = self.store.finish_match(
            self.game, lambda match: self._result(match, self.fold(match), now)
        )
        return GameEnded(Ended.of(done), multiplayer.final_result(self.fold(done)))

    def result_of(self, match: Match, state: GameState) -> dict[str, Any]:
        return self._result(match, state, False)

    def _result(self, match: Match, state: GameState, now: bool) -> dict[str, Any]:
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
        return multiplayer.final_result(state).to_result()

    def check_undo(self, match: Match) -> None:
        if len(match["events"]) <= 1:
            raise NothingToUndo(f"nothing to undo in playlist game {match['id']}")

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

    def start(self, cards: int = 20, player: str = "solo", seed: int | None = None) -> Started:
        """Lay out `cards` for a run (same seed, same cards: the video-call variant)."""
        live = self.live()
        if live is not None:
            raise RuleViolation(
                f"a solo run is already going (id {live['id']})",
                hint=f"'{SOLO_COMMAND} end' files it first",
            )
        rng = TableRng(seed)
        dealt = solo.deal_solo(self.box.cards(), self.box.genres(), cards, rng)
        options = {"mode": "solo", "goal": self.box.solo_goal().to_json()}
        status = self.start_match([player], options, rng.seed, [dealt.event()])
        return Started(status, rng.seed)

    def goal(self) -> Goal:
        """The live run's goal (fixed when it was dealt), else the table's."""
        live = self.live()
        return self.fold(live).goal if live else self.box.solo_goal()

    def score(self, typed: Sequence[str] | Sequence[Card], anyway: bool = False) -> SoloScored:
        """Score a solo playlist; with a run going, record it as this round's playlist.

        A run refuses a playlist that a laid-out card could still join, unless `anyway`.
        """
        from companion.games.playlist.cards import card_from_dict
        from companion.games.playlist.scoring import score_playlist

        cards = self.box.read(typed)
        verdict = check_chain(cards, SOLO)
        if self.live() is None:
            return SoloScored(score_playlist(cards, solo=True), verdict, self.box.solo_goal())
        played = [c.to_dict() for c in cards]
        recorded = self.record(event("round", playlist=played, anyway=anyway))
        fits = tuple(card_from_dict(c) for c in recorded.events[-1]["data"].get("still_fits", []))
        goal = recorded.status.state.goal
        return SoloScored(recorded.outcome, verdict, goal, recorded.status, fits)

    def next_round(self) -> Recorded[SoloState]:
        """The next round with one card fewer, after a won round."""
        box = [c.to_dict() for c in self.box.cards()]
        return self.record(event("next", catalogue=box, genres=self.box.genres()))

    def solve(self, typed: Sequence[str] = (), max_nodes: int | None = None) -> Solved:
        """The best playlist the laid-out cards allow (the run's deal when none are named)."""
        from companion.engine.errors import BadInput
        from companion.games.playlist.solver import best_playlist

        if typed:
            cards = self.box.read(typed)
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
    from companion.games.playlist.cards import rules

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
