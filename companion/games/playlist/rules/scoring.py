"""Scoring a playlist: card points, the 15-song bonus, genre bonuses and assignments."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.playlist.rules.cards import Card, parse_genre, rules
from companion.games.playlist.rules.errors import BadAssignment

_ASSIGNMENT = re.compile(r"^\s*(\d+)\s*:\s*(.+)$")


@dataclass(frozen=True)
class Assignment:
    """An assignment card: points, and how many songs of each genre it asks for."""

    points: int
    required: tuple[tuple[str, int], ...]

    def is_fulfilled(self, counts: Counter[str]) -> bool:
        # The card asks for a number of songs per genre; more than asked still fulfils it.
        return all(counts[genre] >= n for genre, n in self.required)

    def text(self) -> str:
        return f"{self.points}:" + ",".join(f"{g}={n}" for g, n in self.required)

    def to_dict(self) -> dict:
        return {"points": self.points, "required": dict(self.required), "text": self.text()}


def assignment_from_dict(data: dict) -> Assignment:
    return Assignment(int(data["points"]), tuple((g, int(n)) for g, n in data["required"].items()))


def parse_assignment(text: str, genres: Sequence[str]) -> Assignment:
    """`POINTS:GENRE=N,GENRE=N`, genres by unique prefix among the genres in play."""
    match = _ASSIGNMENT.match(text)
    if not match:
        raise BadAssignment(
            f"assignment '{text}' is not POINTS:GENRE=N,GENRE=N (e.g. 3:pop=2,rock=1)"
        )
    required: dict[str, int] = {}
    for part in match[2].split(","):
        genre_text, _, count = part.partition("=")
        if not count.strip().isdigit() or int(count) < 1:
            raise BadAssignment(f"assignment '{text}': '{part.strip()}' is not GENRE=N with N ≥ 1")
        genre = parse_genre(genre_text, genres)
        if genre in required:
            raise BadAssignment(f"assignment '{text}' names genre '{genre}' twice")
        required[genre] = int(count)
    return Assignment(int(match[1]), tuple(required.items()))


@dataclass(frozen=True)
class AssignmentResult:
    assignment: Assignment
    fulfilled: bool
    turned_over: bool  # completed at the end of an earlier turn, so it counts regardless
    points: int


@dataclass(frozen=True)
class GenreBonus:
    genre: str
    songs: int
    points: int


@dataclass(frozen=True)
class PlaylistScore:
    cards: tuple[Card, ...]
    card_points: int
    length_bonus: int
    genre_bonus: tuple[GenreBonus, ...]
    assignments: tuple[AssignmentResult, ...]
    solo: bool

    @property
    def genre_points(self) -> int:
        return sum(b.points for b in self.genre_bonus)

    @property
    def assignment_points(self) -> int:
        return sum(a.points for a in self.assignments)

    @property
    def total(self) -> int:
        return self.card_points + self.length_bonus + self.genre_points + self.assignment_points


def genre_bonus(songs: int) -> int:
    """3 songs of one genre ⇒ 1, 4 ⇒ 2, 5 ⇒ 3, … ("Etc.")."""
    start = rules()["scoring"]["genre_bonus_from"]
    return max(0, songs - start + 1)


def score_playlist(
    cards: Sequence[Card],
    assignments: Sequence[Assignment] = (),
    *,
    solo: bool = False,
    turned_over: Sequence[Assignment] = (),
    collected: bool = False,
) -> PlaylistScore:
    """Score a playlist as in "Winner" (multiplayer) or "Solo Play" (`solo=True`).

    `turned_over` are assignments already completed and turned over during the
    game; they count even if the playlist has since lost a card. `collected`: the playlist
    has held 15 songs during the game, so the 15-song bonus counts even if it lost one since.
    """
    table = rules()["scoring"]
    counts = Counter(card.genre for card in cards)
    length = 0
    if not solo and (collected or len(cards) >= table["length_bonus_songs"]):
        length = table["length_bonus_points"]
    bonuses = tuple(GenreBonus(genre, n, genre_bonus(n)) for genre, n in sorted(counts.items()))
    results = [AssignmentResult(a, True, True, a.points) for a in turned_over] + [
        AssignmentResult(a, ok, False, a.points if ok else 0)
        for a in assignments
        for ok in [a.is_fulfilled(counts)]
    ]
    return PlaylistScore(
        cards=tuple(cards),
        card_points=sum(card.points for card in cards),
        length_bonus=length,
        genre_bonus=bonuses,
        assignments=tuple(results),
        solo=solo,
    )


def score_dict(score: PlaylistScore) -> dict:
    """The JSON shape of a score (keys named in the issue)."""
    return {
        "cards": [card.to_dict() for card in score.cards],
        "card_points": score.card_points,
        "length_bonus": score.length_bonus,
        "genre_bonus": {b.genre: b.points for b in score.genre_bonus},
        "genre_songs": {b.genre: b.songs for b in score.genre_bonus},
        "assignments": [
            {
                **r.assignment.to_dict(),
                "fulfilled": r.fulfilled,
                "turned_over": r.turned_over,
                "awarded": r.points,
            }
            for r in score.assignments
        ],
        "total": score.total,
        "solo": score.solo,
    }
