"""The table's box of All Stars Playlist cards: the music card catalogue and the settings.

The box's 80 music cards are not printed in the rulebook, so the table fills a
catalogue; it also keeps the genres in play, the solo goal, and the assignment
and action cards the companion deals with `game start --deck`. The answers that
need only the box (check, score) are here too, so those commands load no game.
`companion.games.playlist.table` holds the tracked game and the solo run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.engine.errors import RuleViolation
from companion.games.playlist.rules.cards import Card
from companion.games.playlist.rules.chain import (
    MULTIPLAYER,
    SOLO,
    ChainCheck,
    LinkRule,
    check_chain,
)
from companion.games.playlist.rules.scoring import PlaylistScore, score_dict
from companion.store import Store

if TYPE_CHECKING:
    from companion.engine.rng import TableRng
    from companion.games.playlist.rules.solo import Goal, SoloState
    from companion.store.change import Change
    from companion.tables.base import Status

DOCS = "playlist"  # the store table holding the catalogue and the settings


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
        from companion.games.playlist.rules.cards import default_genres

        return list(self.store.get_doc(DOCS, "genres", default_genres()))

    def cards(self) -> list[Card]:
        return _cards(self.store)

    def read(self, typed: Sequence[str] | Sequence[Card]) -> list[Card]:
        """Cards as typed: catalogue number, title prefix, or GENRE/POINTS/ICONS[/TITLE]
        (cards already read are taken as they are)."""
        from companion.games.playlist.rules.cards import resolve_cards

        if all(isinstance(c, Card) for c in typed):
            return list(typed)  # type: ignore[arg-type]
        return resolve_cards([str(c) for c in typed], self.cards(), self.genres())

    def solo_goal(self) -> Goal:
        """What wins a solo round at this table (the data file's goal until it is set)."""
        return _solo_goal(self.store)

    def set_solo_goal(
        self, points: int | None = None, reading: str | None = None, reset: bool = False
    ) -> Goal:
        """Change the points and/or the reading ("at-least" or "more-than"); runs already
        dealt keep the goal they started with."""
        if reset:
            self.store.delete_doc(DOCS, "solo_goal")
            return self.solo_goal()
        from companion.games.playlist.rules.solo import make_goal

        goal = make_goal(self.solo_goal(), points, reading)
        self.store.put_doc(DOCS, "solo_goal", goal.to_json())
        return goal

    def music_in_play(self) -> list[Card]:
        """The catalogue's cards of the genres in play: the multiplayer deck's music cards."""
        genres = set(self.genres())
        return [c for c in self.cards() if c.genre in genres]

    def deck_cards(self) -> DeckCards:
        from companion.games.playlist.rules.scoring import assignment_from_dict

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
        from companion.games.playlist.rules import deck

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
        from companion.games.playlist.rules.scoring import parse_assignment

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
        from companion.games.playlist.rules.scoring import score_playlist

        cards = self.read(typed)
        need_start(cards)
        held = [self.assignment(a) for a in assignments]
        score = score_playlist(cards, held, solo=solo_rule)
        verdict = check_chain(cards, SOLO if solo_rule else MULTIPLAYER)
        return Scored(score, verdict, self.solo_goal() if solo_rule else None)

    def listing(self, genre: str | None = None) -> Listing:
        from companion.games.playlist.rules.cards import parse_genre

        cards = self.cards()
        if genre is not None:
            wanted = parse_genre(genre, self.genres())
            cards = [c for c in cards if c.genre == wanted]
        return Listing(tuple(cards), tuple(self.genres()))

    # --- changes -------------------------------------------------------------------------

    def add(self, typed: str, artist: str = "", kind: str = "music") -> CatalogueChange:
        """Add a card; it gets the next number (numbers are never reused)."""
        from companion.games.playlist.rules.cards import make_card, parse_inline

        genres = self.genres()
        card = parse_inline(typed, genres, kind)
        made = make_card(card.genre, card.points, card.icons, genres, card.title, artist, kind)

        def change(stored: list | None) -> list:
            rows = list(stored or [])
            number = max((r["number"] for r in rows), default=0) + 1
            return [*rows, {**made.to_dict(), "number": number}]

        rows = self.store.update_doc(DOCS, "cards", change)
        return CatalogueChange(len(rows), added=rows[-1])

    def import_csv(self, text: str, replace: bool = False) -> CatalogueChange:
        """Cards from CSV text; every line is checked before anything is stored."""
        from companion.games.playlist.rules.cards import parse_csv

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
        from companion.games.playlist.rules.cards import find_in_catalogue

        gone = find_in_catalogue(typed, self.cards())

        def change(stored: list | None) -> list:
            return [r for r in stored or [] if r["number"] != gone.number]

        rows = self.store.update_doc(DOCS, "cards", change)
        return CatalogueChange(len(rows), removed=gone)

    def set_genres(self, typed: str) -> Genres:
        from companion.games.playlist.rules.cards import parse_genre_list

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
    from companion.games.playlist.rules.cards import rules
    from companion.games.playlist.rules.errors import ShortPlaylist

    minimum = rules()["playlist"]["min_start"]
    if len(cards) < minimum:
        raise ShortPlaylist(f"a playlist has at least {minimum} cards (got {len(cards)})")


# --- what a log is checked against: read inside the log's own transaction (`Table.log`) ---


def _cards(docs: Store | Change) -> list[Card]:
    from companion.games.playlist.rules.cards import card_from_dict

    return [card_from_dict(d) for d in docs.get_doc(DOCS, "cards", [])]


def _solo_goal(docs: Store | Change) -> Goal:
    from companion.games.playlist.rules.solo import goal_from

    return goal_from(docs.get_doc(DOCS, "solo_goal"))


def log_context(txn: Change) -> dict[str, Any]:
    """What logging a game needs from this table: the points of its negative cards (only
    they take a playlist below 0)."""
    return {"negatives": [c.points for c in _cards(txn) if c.kind == "negative"]}


def solo_log_context(txn: Change) -> dict[str, Any]:
    """What logging a solo round needs from this table: the goal it is played to now."""
    return {"goal": _solo_goal(txn)}
