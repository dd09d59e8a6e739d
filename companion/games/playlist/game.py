"""The tracked multiplayer game: a pure fold over the match's events, and the moves that add them.

Events (each `{"type", "data"}`):

* `start`      {"first", "how"}              who starts and why
* `play`       {"player", "cards"}           cards added to a playlist on its owner's turn
* `lose`       {"player", "card"}            the last card of a playlist goes away
* `claim`      {"player", "card", "joined"[, "from", "how"]}  a sung or unmasked song: joins,
               or is put away; with "from", it is that singer's last song, taken in the
               same step ("how": "sung" or "bluff")
* `assignment` {"player", "assignment", "completed"}  an assignment card held
* `turn`       {"player", "next", "completed", "action_cards", "finishing", "round_over"}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.engine.errors import BadInput
from companion.engine.events import Step
from companion.engine.events import replay as replay_events
from companion.engine.names import match_prefix
from companion.engine.rng import TableRng
from companion.games.playlist.cards import Card, card_from_dict, rules
from companion.games.playlist.chain import MULTIPLAYER, link_failure
from companion.games.playlist.errors import (
    BrokenLink,
    CardAlreadyPlaced,
    ShortPlaylist,
    TurnOrder,
)
from companion.games.playlist.scoring import (
    Assignment,
    PlaylistScore,
    assignment_from_dict,
    score_playlist,
)

GAME = "playlist"


@dataclass(frozen=True)
class Held:
    assignment: Assignment
    completed: bool


@dataclass(frozen=True)
class GameState:
    players: tuple[str, ...]
    first: str
    turns_done: int
    playlists: dict[str, tuple[Card, ...]]
    assignments: dict[str, tuple[Held, ...]]
    rewarded: dict[str, frozenset[str]]  # genres that already earned an extra action card
    put_away: tuple[Card, ...]
    finished_on: int | None  # turn (0-based) on which a playlist first reached 15 songs

    @property
    def order(self) -> tuple[str, ...]:
        """Players in turn order, starting with the first player."""
        i = self.players.index(self.first)
        return self.players[i:] + self.players[:i]

    @property
    def current(self) -> str:
        return self.order[self.turns_done % len(self.players)]

    @property
    def round(self) -> int:
        return self.turns_done // len(self.players) + 1

    @property
    def finishing(self) -> bool:
        """A playlist has reached 15 songs, so this round is the last."""
        return self.finished_on is not None

    @property
    def round_over(self) -> bool:
        """The last round has ended: everyone has had the same number of turns."""
        if self.finished_on is None:
            return False
        n = len(self.players)
        return self.turns_done >= (self.finished_on // n + 1) * n

    def placed(self) -> set[str]:
        return {card.key for cards in self.playlists.values() for card in cards}

    def score(self, player: str) -> PlaylistScore:
        held = self.assignments[player]
        return score_playlist(
            self.playlists[player],
            [h.assignment for h in held if not h.completed],
            turned_over=[h.assignment for h in held if h.completed],
        )

    def totals(self) -> dict[str, int]:
        """Each player's running points, as if the game ended now."""
        return {p: self.score(p).total for p in self.players}

    def to_json(self) -> dict[str, Any]:
        """The game's own keys of `status --json`."""
        final = final_result(self) if self.round_over else None
        return {
            "players": list(self.order),
            "turn": {"player": self.current, "round": self.round, "number": self.turns_done + 1},
            "playlists": {p: [c.to_dict() for c in cs] for p, cs in self.playlists.items()},
            "lengths": {p: len(cs) for p, cs in self.playlists.items()},
            "scores": self.totals(),
            "assignments": {
                p: [{**h.assignment.to_dict(), "completed": h.completed} for h in held]
                for p, held in self.assignments.items()
            },
            "finishing": self.finishing,
            "round_over": self.round_over,
            "still_to_play": unplayed_turns(self) if self.finishing and not self.round_over else [],
            "winner": final.winner if final else None,
        }


def length_goal() -> int:
    return rules()["scoring"]["length_bonus_songs"]


def new_state(players: Sequence[str], first: str) -> GameState:
    return GameState(
        players=tuple(players),
        first=first,
        turns_done=0,
        playlists={p: () for p in players},
        assignments={p: () for p in players},
        rewarded={p: frozenset() for p in players},
        put_away=(),
        finished_on=None,
    )


def fold(match: Mapping[str, Any]) -> GameState:
    """The state of a match: its events applied in order."""
    return replay_events(RULES, match)


def apply(state: GameState, event: Mapping[str, Any]) -> GameState:
    """The state after one stored event (no checks: it was checked when recorded)."""
    kind, data = event["type"], event["data"]
    if kind == "start":
        return replace(state, first=data["first"])
    if kind == "play":
        cards = tuple(card_from_dict(c) for c in data["cards"])
        return _with_playlist(state, data["player"], state.playlists[data["player"]] + cards)
    if kind == "lose":
        return _with_playlist(state, data["player"], state.playlists[data["player"]][:-1])
    if kind == "claim":
        card = card_from_dict(data["card"])
        if data.get("from"):  # the singer's last song leaves their playlist in the same step
            state = _with_playlist(state, data["from"], state.playlists[data["from"]][:-1])
        if data["joined"]:
            return _with_playlist(state, data["player"], state.playlists[data["player"]] + (card,))
        return replace(state, put_away=state.put_away + (card,))
    if kind == "assignment":
        player = data["player"]
        held = Held(assignment_from_dict(data["assignment"]), bool(data["completed"]))
        return replace(
            state, assignments={**state.assignments, player: state.assignments[player] + (held,)}
        )
    if kind == "turn":
        player = data["player"]
        done = set(data["completed"])
        held = tuple(
            Held(h.assignment, h.completed or i in done)
            for i, h in enumerate(state.assignments[player])
        )
        return replace(
            state,
            turns_done=state.turns_done + 1,
            assignments={**state.assignments, player: held},
            rewarded={**state.rewarded, player: state.rewarded[player] | set(data["action_cards"])},
        )
    raise ValueError(f"unknown playlist event type {kind!r}")


def _with_playlist(state: GameState, player: str, cards: tuple[Card, ...]) -> GameState:
    playlists = {**state.playlists, player: cards}
    # The last round, once begun, is played out even if the playlist loses a card.
    finished_on = state.finished_on
    if finished_on is None and len(cards) >= length_goal():
        finished_on = state.turns_done
    return replace(state, playlists=playlists, finished_on=finished_on)


# --- moves: validate against the state, return the event to record -----------------------


def _refuse_after_round(state: GameState) -> None:
    if state.round_over:
        raise TurnOrder("the last round is over; score it with 'companion playlist game end'")


def _refuse_placed(state: GameState, cards: Sequence[Card]) -> None:
    placed = state.placed()
    for card in cards:
        if card.key in placed:
            owner = next(p for p, cs in state.playlists.items() if card.key in {c.key for c in cs})
            raise CardAlreadyPlaced(f"{card.name()} is already in {owner}'s playlist")


def play(state: GameState, player: str, cards: Sequence[Card]) -> dict[str, Any]:
    """Start a playlist (at least two cards) or add to it; every link is checked."""
    _refuse_after_round(state)
    if player != state.current:
        raise TurnOrder(f"it is {state.current}'s turn, not {player}'s")
    _refuse_placed(state, cards)
    current = state.playlists[player]
    minimum = rules()["playlist"]["min_start"]
    if not current and len(cards) < minimum:
        raise ShortPlaylist(
            f"{player} has no playlist yet: start one with at least {minimum} cards "
            f"(got {len(cards)})"
        )
    chain = list(current)
    for card in cards:
        if chain and not MULTIPLAYER.links(chain[-1], card):
            raise BrokenLink(
                f"cannot add {card.name()}: {link_failure(chain[-1], card, MULTIPLAYER)}"
            )
        chain.append(card)
    return {"type": "play", "data": {"player": player, "cards": [c.to_dict() for c in cards]}}


def lose(state: GameState, player: str) -> dict[str, Any]:
    """The last card of `player`'s playlist goes away (failed challenge, action card)."""
    _refuse_after_round(state)
    cards = state.playlists[player]
    if not cards:
        raise TurnOrder(f"{player} has no playlist, so no last card to lose")
    return {"type": "lose", "data": {"player": player, "card": cards[-1].to_dict()}}


def claim(
    state: GameState, player: str, card: Card | None = None, how: str = "sung"
) -> dict[str, Any]:
    """A won challenge: the song joins `player`'s playlist only if it matches their last card.

    "If someone else can sing or hum at least 2 lines … that player can add
    the song to their playlist, but only if it matches the last card. If not,
    the card is put away." The song is the last one the singer — the player
    whose turn it is — added, so it leaves the singer's playlist in the same
    step (`how` is "sung", or "bluff" for a bluff called out). A card in no
    playlist (one already taken away with `lose`) may be claimed too.

    A player without a playlist has no last card to match, and a playlist
    cannot start with one card, so the card is put away.
    """
    _refuse_after_round(state)
    singer = state.current
    sung = state.playlists[singer]
    taken = card is None or (bool(sung) and sung[-1].key == card.key)
    if taken:
        if not sung:
            raise TurnOrder(f"{singer} has no playlist, so no song to claim")
        if player == singer:
            raise TurnOrder(
                f"{player} cannot claim their own song: another player sings it or calls the bluff"
            )
        card = sung[-1]
    else:
        assert card is not None
        if card.key in state.placed():
            owner = next(p for p, cs in state.playlists.items() if card.key in {c.key for c in cs})
            raise CardAlreadyPlaced(
                f"{card.name()} is already in {owner}'s playlist; only the last song "
                f"{singer} added can be claimed"
            )
        if any(c.key == card.key for c in state.put_away):
            raise CardAlreadyPlaced(f"{card.name()} has already been put away")
    cards = state.playlists[player]
    joined = bool(cards) and MULTIPLAYER.links(cards[-1], card)
    data: dict[str, Any] = {"player": player, "card": card.to_dict(), "joined": joined}
    if taken:
        data.update({"from": singer, "how": how})
    return {"type": "claim", "data": data}


def call_bluff(state: GameState, caller: str, right: bool = True) -> dict[str, Any]:
    """A bluff called out: caught, the caller takes the song as a claim; wrong, they lose theirs.

    "If you are called out and indeed it is wrong, the person that called you
    out can take the card and add that card to their playlist, but only if it
    matches the last card of their playlist." — "If you are accused of
    bluffing, but you were actually correct, then the person calling you out
    loses their last card in their playlist."
    """
    if right:
        return claim(state, caller, None, how="bluff")
    if caller == state.current:
        raise TurnOrder(f"{caller} cannot call their own bluff")
    event = lose(state, caller)
    event["data"]["how"] = "false-call"
    return event


def take_assignment(
    state: GameState, player: str, assignment: Assignment, completed: bool = False
) -> dict[str, Any]:
    _refuse_after_round(state)
    return {
        "type": "assignment",
        "data": {"player": player, "assignment": assignment.to_dict(), "completed": completed},
    }


@dataclass(frozen=True)
class TurnEnd:
    """What ending a turn records and reminds the table of."""

    player: str
    next_player: str
    completed: tuple[int, ...]  # indexes of assignments turned over now
    action_cards: tuple[str, ...]  # genres whose third song earns an extra action card
    finishing: bool
    round_over: bool

    def event(self) -> dict[str, Any]:
        return {
            "type": "turn",
            "data": {
                "player": self.player,
                "next": self.next_player,
                "completed": list(self.completed),
                "action_cards": list(self.action_cards),
                "finishing": self.finishing,
                "round_over": self.round_over,
            },
        }


def end_turn(state: GameState) -> TurnEnd:
    """End the current player's turn: assignments turned over, extra action cards, round end."""
    _refuse_after_round(state)
    player = state.current
    counts = Counter(card.genre for card in state.playlists[player])
    completed = tuple(
        i
        for i, held in enumerate(state.assignments[player])
        if not held.completed and held.assignment.is_fulfilled(counts)
    )
    threshold = rules()["scoring"]["genre_bonus_from"]
    action_cards = tuple(
        g for g, n in sorted(counts.items()) if n >= threshold and g not in state.rewarded[player]
    )
    after = apply(
        state,
        {
            "type": "turn",
            "data": {"player": player, "completed": completed, "action_cards": action_cards},
        },
    )
    return TurnEnd(
        player=player,
        next_player=after.current,
        completed=completed,
        action_cards=action_cards,
        finishing=after.finishing,
        round_over=after.round_over,
    )


def unplayed_turns(state: GameState) -> list[str]:
    """Players still to take a turn before this round is over."""
    if state.round_over:
        return []
    return list(state.order[state.turns_done % len(state.players) :])


# --- the end -----------------------------------------------------------------------------


@dataclass(frozen=True)
class FinalResult:
    scores: dict[str, PlaylistScore]
    ranks: dict[str, int]
    winners: tuple[str, ...]

    @property
    def winner(self) -> str | None:
        # The rulebook names no tie-break for the multiplayer game, so a tie has no single winner.
        return self.winners[0] if len(self.winners) == 1 else None

    def to_result(self) -> dict[str, Any]:
        """The `result` kept with the finished match."""
        return {
            "scores": {p: s.total for p, s in self.scores.items()},
            "ranks": dict(self.ranks),
            "winner": self.winner,
            "winners": list(self.winners),
            "lengths": {p: len(s.cards) for p, s in self.scores.items()},
        }


def rank(totals: dict[str, int]) -> dict[str, int]:
    """Standard competition ranks: equal totals share a rank (1, 1, 3)."""
    return {p: 1 + sum(1 for other in totals.values() if other > t) for p, t in totals.items()}


def final_result(state: GameState) -> FinalResult:
    scores = {p: state.score(p) for p in state.players}
    ranks = rank({p: s.total for p, s in scores.items()})
    winners = tuple(p for p in state.players if ranks[p] == 1)
    return FinalResult(scores, ranks, winners)


# --- the event-fold protocol (companion.engine.events) -----------------------------------


def _who(state: GameState, typed: str) -> str:
    return match_prefix(typed, state.players, what="player")


def _title(card: Mapping[str, Any]) -> str:
    return card.get("title") or card["genre"]


def _record_play(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    cards = [card_from_dict(c) for c in data["cards"]]
    return play(state, _who(state, data["player"]), cards), None


def _record_lose(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    return lose(state, _who(state, data["player"])), None


def _record_claim(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    card = card_from_dict(data["card"]) if data.get("card") else None
    return claim(state, _who(state, data["player"]), card), None


def _record_bluff(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    return call_bluff(state, _who(state, data["player"]), bool(data.get("right", True))), None


def _record_assignment(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    held = assignment_from_dict(data["assignment"])
    player = _who(state, data["player"])
    return take_assignment(state, player, held, bool(data.get("completed"))), None


def _record_turn(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    ended = end_turn(state)
    return ended.event(), ended


MOVES = {
    "play": _record_play,
    "lose": _record_lose,
    "claim": _record_claim,
    "bluff": _record_bluff,
    "assignment": _record_assignment,
    "turn": _record_turn,
}


def notes_of(before: GameState, event: Mapping[str, Any]) -> tuple[str, ...]:
    """What a recorded event did, in words, for the table."""
    kind, data = event["type"], event["data"]
    if kind == "start":
        return (f"{data['first']} starts ({data['how']}).",)
    if kind == "claim":
        card, player = _title(data["card"]), data["player"]
        lines = []
        if data.get("from"):
            caught = "the bluff is called out: " if data.get("how") == "bluff" else ""
            lines.append(f"{caught}{card} leaves {data['from']}'s playlist.")
        if data["joined"]:
            lines.append(f"{card} joins {player}'s playlist (it matches the last card).")
        else:
            lines.append(f"{card} does not match {player}'s last card: put away.")
        return tuple(lines)
    if kind == "lose":
        card = _title(data["card"])
        why = "a wrong bluff call: " if data.get("how") == "false-call" else ""
        return (f"{why}{data['player']} loses the last card of their playlist ({card}).",)
    if kind == "turn":
        player = data["player"]
        lines = [
            f"{player}'s turn ends.",
            f"  • {player}: refill to 2 music cards from the stockpile "
            "(they cannot be played until your next turn).",
        ]
        held = before.assignments[player]
        for i in data["completed"]:
            lines.append(
                f"  • assignment {held[i].assignment.text()} completed: turn it over and take a "
                "new assignment card (if any are left)."
            )
        for genre in data["action_cards"]:
            lines.append(f"  • three {genre} songs placed: take an extra action card.")
        return tuple(lines)
    return ()


class PlaylistRules:
    """The multiplayer game as an event fold: moves are checked when recorded (rng given)."""

    def initial(self, match: Mapping[str, Any]) -> GameState:
        players = match["players"]
        return new_state(players, players[0])

    def apply(
        self, state: GameState, event: Mapping[str, Any], rng: TableRng | None
    ) -> Step[GameState]:
        if rng is None:  # replaying a stored event
            return Step(apply(state, event), dict(event))
        kind = event["type"]
        if kind not in MOVES:
            raise BadInput(f"'{kind}' is not a move of the playlist game")
        stored, outcome = MOVES[kind](state, dict(event.get("data", {})))
        return Step(apply(state, stored), stored, outcome, notes_of(state, stored))


RULES = PlaylistRules()
