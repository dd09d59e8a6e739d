"""Solo play: dealing the laid-out cards and a run of rounds with one card fewer each time.

Events of a `playlist-solo` match:

* `deal`  {"count", "source", "cards", "numbers"}  the cards laid out for a round: dealt
          from the catalogue ("catalogue"), or laid out by the table and described as
          typed ("table"); "box" (card numbers nobody could check) is only in old runs
* `round` {"playlist", "score", "wins"[, "still_fits"]}  the playlist the player made that
          round ("still_fits": laid-out cards that could still have joined, when counted anyway)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.engine.events import Step
from companion.engine.events import replay as replay_events
from companion.engine.rng import TableRng
from companion.games.playlist.rules.cards import Card, card_from_dict, find_in_catalogue, rules
from companion.games.playlist.rules.chain import SOLO, check_chain, still_fitting
from companion.games.playlist.rules.errors import BrokenLink, NoCardList, ShortPlaylist, StillFits
from companion.games.playlist.rules.scoring import PlaylistScore, score_playlist

GAME = "playlist-solo"


READINGS = ("at-least", "more-than")


@dataclass(frozen=True)
class Goal:
    """What wins a solo round.

    The rulebook says it twice, differently: "The goal is to make a playlist
    with at least 10 points" and "If you have scored more than 10 points, you
    won that round". `more_than` False is the goal statement's reading (the
    default), True the round end's. A table setting; a run keeps the goal it
    started with.
    """

    points: int
    more_than: bool = False

    def wins(self, total: int) -> bool:
        return total > self.points if self.more_than else total >= self.points

    @property
    def reading(self) -> str:
        return READINGS[self.more_than]

    def text(self) -> str:
        return f"{'more than' if self.more_than else 'at least'} {self.points} points"

    def to_json(self) -> dict[str, Any]:
        return {"points": self.points, "reading": self.reading}


def default_goal() -> Goal:
    """The installed data file's goal (companion/games/playlist/data/game.toml, `[solo]`)."""
    table = rules()["solo"]
    return Goal(int(table["goal"]), table.get("reading", READINGS[0]) == READINGS[1])


def goal_from(data: Mapping[str, Any] | None) -> Goal:
    """A goal as stored (a table setting, a run's options); the default when absent."""
    if not data:
        return default_goal()
    return Goal(int(data["points"]), data.get("reading") == READINGS[1])


def make_goal(base: Goal, points: int | None = None, reading: str | None = None) -> Goal:
    """`base` with the points and/or reading the table typed, checked."""
    from companion.engine.names import match_prefix

    if points is not None and points < 0:
        raise BadInput(f"a goal of {points} points: give 0 or more")
    more_than = base.more_than
    if reading is not None:
        more_than = match_prefix(reading, READINGS, what="reading") == READINGS[1]
    return Goal(base.points if points is None else points, more_than)


@dataclass(frozen=True)
class SoloDeal:
    count: int
    cards: tuple[Card, ...]  # from the catalogue, or as the table described them
    numbers: tuple[int, ...]  # card numbers of the box: runs dealt before issue 32 only
    laid: bool = False  # the table laid the cards out and typed them

    @property
    def source(self) -> str:
        if self.laid:
            return "table"
        return "catalogue" if self.cards else "box"

    def event(self) -> dict[str, Any]:
        return {
            "type": "deal",
            "data": {
                "count": self.count,
                "source": self.source,
                "cards": [c.to_dict() for c in self.cards],
                "numbers": list(self.numbers),
            },
        }


def deal_solo(
    catalogue: Sequence[Card], genres: Sequence[str], count: int, rng: TableRng
) -> SoloDeal:
    """`count` random music cards of the genres in play ("take out the bonus and negative cards").

    With no music card in the catalogue nothing is dealt: cards the companion does not know
    it could not check (`laid_deal` takes the cards the table lays out, as described).
    """
    low = rules()["playlist"]["min_start"]
    if not any(c.kind == "music" for c in catalogue):
        raise NoCardList(
            f"the catalogue lists no music cards, so the companion cannot deal {count} cards "
            "it could check: lay them out from the shuffled box and describe each one"
        )
    eligible = [c for c in catalogue if c.kind == "music" and c.genre in genres]
    if not low <= count <= len(eligible):
        raise BadInput(
            f"--cards {count}: the catalogue has {len(eligible)} music cards of the genres in play "
            f"({', '.join(genres)}); deal {low} to {len(eligible)}"
        )
    chosen = rng.sample(eligible, count)
    return SoloDeal(count, tuple(sorted(chosen, key=lambda c: c.number or 0)), ())


@dataclass(frozen=True)
class SoloRound:
    deal: SoloDeal
    playlist: tuple[Card, ...] | None = None
    total: int | None = None
    won: bool = False  # decided when the round was recorded, against the run's goal

    @property
    def scored(self) -> bool:
        return self.total is not None

    @property
    def wins(self) -> bool:
        return self.scored and self.won


@dataclass(frozen=True)
class SoloState:
    """A solo run: who plays it and each round so far (the last one is being played)."""

    player: str
    rounds: tuple[SoloRound, ...] = ()
    goal: Goal = field(default_factory=default_goal)

    @property
    def last(self) -> SoloRound:
        return self.rounds[-1]

    def best(self) -> SoloRound | None:
        """The highest-scoring round (fewer cards breaking a tie), or None before any score."""
        scored = [r for r in self.rounds if r.scored]
        return max(scored, key=lambda r: (r.total, -r.deal.count), default=None)

    def to_json(self) -> dict[str, Any]:
        """The run's own keys of `solo status --json`."""
        last = self.last
        return {
            "player": self.player,
            "round": len(self.rounds),
            "count": last.deal.count,
            "source": last.deal.source,
            "cards": [c.to_dict() for c in last.deal.cards],
            "numbers": list(last.deal.numbers),
            "goal": self.goal.points,
            "goal_reading": self.goal.reading,
            "rounds": [
                {"cards": r.deal.count, "score": r.total, "wins": r.wins} for r in self.rounds
            ],
        }


def fold_rounds(match: Mapping[str, Any]) -> list[SoloRound]:
    return list(replay_events(RULES, match).rounds)


def _fold(state: SoloState, event: Mapping[str, Any]) -> SoloState:
    data = event["data"]
    if event["type"] == "deal":
        cards = tuple(card_from_dict(c) for c in data["cards"])
        laid = data.get("source") == "table"
        dealt = SoloRound(SoloDeal(data["count"], cards, tuple(data["numbers"]), laid))
        return replace(state, rounds=(*state.rounds, dealt))
    if event["type"] == "round":
        playlist = tuple(card_from_dict(c) for c in data["playlist"])
        scored = SoloRound(state.last.deal, playlist, data["score"], bool(data["wins"]))
        return replace(state, rounds=(*state.rounds[:-1], scored))
    raise RuleViolation(f"unknown playlist-solo event type {event['type']!r} in the match log")


def laid_card(typed: Card, laid: Sequence[Card]) -> Card:
    """The laid-out card that `typed` names: by number or title, or spelled out in full as
    GENRE/POINTS/ICONS[/TITLE] when exactly one laid-out card reads so."""
    for card in laid:
        if card.key == typed.key:
            return card
    if typed.number is None:
        same = [
            c
            for c in laid
            if (c.genre, c.points, c.icon_set) == (typed.genre, typed.points, typed.icon_set)
            and (not typed.title or c.title.casefold().startswith(typed.title.casefold()))
        ]
        if len(same) == 1:
            return same[0]
        if same:
            names = ", ".join(c.name() for c in same)
            raise RuleViolation(f"{typed.name()} reads like {len(same)} laid-out cards: {names}")
    raise RuleViolation(f"{typed.name()} is not one of the {len(laid)} cards laid out")


def score_round(
    rounds: Sequence[SoloRound],
    playlist: Sequence[Card],
    anyway: bool = False,
    goal: Goal | None = None,
) -> tuple[PlaylistScore, dict]:
    """Validate a round's playlist against the solo rule and the laid-out cards.

    "If you cannot add more songs to the Playlist, you can count your score":
    a playlist that a laid-out card could still join at either end is refused,
    naming the card, unless the player counts it `anyway`.
    """
    minimum = rules()["playlist"]["min_start"]
    if len(playlist) < minimum:
        raise ShortPlaylist(f"a playlist has at least {minimum} cards (got {len(playlist)})")
    deal = rounds[-1].deal
    if deal.cards:
        playlist = [laid_card(card, deal.cards) for card in playlist]
    verdict = check_chain(playlist, SOLO)
    if not verdict.valid:
        raise BrokenLink(
            f"not recorded: card {verdict.broken_at + 1} breaks the playlist: {verdict.reason}"
        )
    fits = still_fitting(playlist, deal.cards, SOLO)
    if fits and not anyway:
        fit = fits[0]
        where = "before" if fit.first else "after"
        more = f" (and {len(fits) - 1} more)" if len(fits) > 1 else ""
        raise StillFits(
            f"not recorded: {fit.card.name()} still fits {where} {fit.neighbour.name()}{more}; "
            "a playlist is counted when no more songs can be added",
            hint="add it, or count the playlist as it is with --anyway",
        )
    score = score_playlist(playlist, solo=True)
    data: dict[str, Any] = {
        "playlist": [c.to_dict() for c in playlist],
        "score": score.total,
        "wins": (goal or default_goal()).wins(score.total),
    }
    if fits:
        data["still_fits"] = [f.card.to_dict() for f in fits]
    return score, {"type": "round", "data": data}


def next_deal(
    rounds: Sequence[SoloRound],
    catalogue: Sequence[Card],
    genres: Sequence[str],
    rng: TableRng,
    goal: Goal | None = None,
    laid: Sequence[Card] | None = None,
) -> SoloDeal:
    """The next round: one card fewer, once this round is won; dealt from the catalogue,
    or `laid` out by the table (described as typed)."""
    last = rounds[-1]
    if not last.scored:
        raise RuleViolation(
            f"the round with {last.deal.count} cards has no playlist yet",
            hint="record it with 'companion playlist solo score CARD...'",
        )
    if not last.wins:
        raise RuleViolation(
            f"the round with {last.deal.count} cards scored {last.total} "
            f"(goal: {(goal or default_goal()).text()}): "
            "the run is over",
            hint="'companion playlist solo end' records how far you got",
        )
    count = last.deal.count - 1
    if count < rules()["playlist"]["min_start"]:
        raise RuleViolation(f"no round with {count} cards: a playlist needs two")
    if laid is not None:
        return laid_deal(laid, genres, count)
    return deal_solo(catalogue, genres, count, rng)


def check_first_layout(count: int) -> None:
    """Round 1 lays out the rulebook's 20 cards ("take 20 cards randomly"; "in the next
    round, take one card less"); a run started from fewer says so with `--cards`."""
    first = int(rules()["solo"]["cards"])
    if count != first:
        raise BadInput(
            f'{count} cards described: the first round lays out {first} ("take {first} cards '
            f'randomly"; "in the next round, take one card less")',
            hint=f"'--cards {count}' starts a run from {count} cards",
        )


def laid_deal(cards: Sequence[Card], genres: Sequence[str], count: int | None = None) -> SoloDeal:
    """The cards the table laid out from the shuffled box, as it described them: music cards
    of the genres in play ("take out the bonus and negative cards"), each once, `count`
    of them when the round's size is set."""
    low, box = rules()["playlist"]["min_start"], rules()["box"]["music_cards"]
    if count is not None and len(cards) != count:
        raise BadInput(f"{len(cards)} cards described; this round lays out {count}")
    if not low <= len(cards) <= box:
        raise BadInput(f"{len(cards)} cards described: a solo round lays out {low} to {box}")
    for card in cards:
        if card.kind != "music":
            raise BadInput(
                f"{card.name()} is a {card.kind} card: solo play takes out the bonus and "
                "negative cards"
            )
        if card.genre not in genres:
            raise BadInput(f"{card.name()}: {card.genre} is not a genre in play")
    keys = [c.key for c in cards]
    twice = next((c for c in cards if keys.count(c.key) > 1), None)
    if twice is not None:
        raise BadInput(f"{twice.name()} is described twice; each laid-out card once")
    # numbered by their place in the layout, so a playlist names them by number or title
    placed = tuple(replace(c, number=i) for i, c in enumerate(cards, 1))
    return SoloDeal(len(cards), placed, (), laid=True)


def solo_result(player: str, rounds: Sequence[SoloRound]) -> dict[str, Any]:
    """The `result` kept with a finished solo run."""
    won = [r for r in rounds if r.wins]
    best = SoloState(player, tuple(rounds)).best()
    return {
        "scores": {player: best.total if best else 0},
        "ranks": {player: 1},
        "winner": player if won else None,
        "lengths": {player: len(best.playlist) if best and best.playlist else 0},
        "rounds": [{"cards": r.deal.count, "score": r.total, "wins": r.wins} for r in rounds],
        "fewest_cards_won": min((r.deal.count for r in won), default=None),
    }


def _playlist_of(state: SoloState, given: Any) -> list[Card]:
    """A round's playlist as recorded (cards), or as a player types it in a move (laid-out
    cards by number or title, in order, separated by spaces or commas)."""
    if not isinstance(given, str):
        return [card_from_dict(c) for c in given or []]
    laid = state.last.deal.cards
    words = [w for w in (given.split(",") if "," in given else given.split()) if w.strip()]
    return [find_in_catalogue(w, laid) for w in words]


# --- the event-fold protocol (companion.engine.events) -----------------------------------


class SoloRules:
    """A solo run as an event fold.

    Moves, as the table hands them: `round` {"playlist"} (the round's playlist,
    checked and scored) and `next` {"catalogue", "genres"} (the next round's
    deal, drawn with the step's RNG and stored as a `deal` event).
    """

    def initial(self, match: Mapping[str, Any]) -> SoloState:
        return SoloState(match["players"][0], goal=goal_from(match.get("options", {}).get("goal")))

    def apply(
        self, state: SoloState, event: Mapping[str, Any], rng: TableRng | None
    ) -> Step[SoloState]:
        if rng is None:  # replaying a stored event
            return Step(_fold(state, event), dict(event))
        kind, data = event["type"], event.get("data", {})
        if kind == "round":
            playlist = _playlist_of(state, data.get("playlist"))
            anyway = bool(data.get("anyway"))
            score, stored = score_round(state.rounds, playlist, anyway, state.goal)
            return Step(_fold(state, stored), stored, score)
        if kind == "next":
            box = [card_from_dict(c) for c in data.get("catalogue", [])]
            laid = data.get("laid")
            typed = None if laid is None else [card_from_dict(c) for c in laid]
            dealt = next_deal(state.rounds, box, data.get("genres", []), rng, state.goal, typed)
            stored = dealt.event()
            return Step(_fold(state, stored), stored, dealt)
        raise BadInput(f"'{kind}' is not a move of a solo run")

    def moves(self, state: SoloState) -> Any:
        """The moves of the run now (companion.games.playlist.rules.moves)."""
        from companion.games.playlist.rules.moves import solo_candidates

        return solo_candidates(state)


RULES = SoloRules()
