"""The tracked multiplayer game: a pure fold over the match's events, and the moves that add them.

Events (each `{"type", "data"}`):

* `start`      {"first", "how"[, "deck"]}    who starts and why; "deck": the piles in draw
               order when the companion holds the deck (companion.games.playlist.rules.deck)
* `play`       {"player", "cards"}           cards added to a playlist on its owner's turn
* `lose`       {"player", "card"}            the last card of a playlist goes away
* `claim`      {"player", "card", "joined"[, "from", "how"]}  a sung or unmasked song: joins,
               or is put away; with "from", it is that singer's last song, taken in the
               same step ("how": "sung" or "bluff")
* `assignment` {"player", "assignment", "completed"}  an assignment card held
* `turn`       {"player", "next", "completed", "action_cards", "finishing", "round_over"
               [, "drawn", "new_assignments", "action_draws", "reshuffled"]}
* `download`   {"player", "card", "refill"}  a card taken from the Download List (deck held)
* `action`     {"player", "card"}            an action card played (deck held)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.engine.errors import BadInput, RuleViolation
from companion.engine.events import Step
from companion.engine.events import replay as replay_events
from companion.engine.names import match_prefix
from companion.engine.rng import TableRng
from companion.games.playlist.rules import deck
from companion.games.playlist.rules.cards import Card, card_from_dict, rules
from companion.games.playlist.rules.chain import (
    MULTIPLAYER,
    link_failure,
    playable_cards,
)
from companion.games.playlist.rules.deck import Deck
from companion.games.playlist.rules.errors import (
    BrokenLink,
    CardAlreadyPlaced,
    ShortPlaylist,
    TurnOrder,
)
from companion.games.playlist.rules.scoring import (
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
    deck: Deck | None = None  # the cards, when the companion holds the deck
    # Players whose playlist has held 15 songs: "If you were able to collect at least 15 songs
    # to your playlist, you start with a bonus point", even if it has since lost one.
    collected: frozenset[str] = frozenset()
    # "At that moment the points are counted": the table asked for the count (`end`, a
    # phone's move once the last round is over); the game files with it.
    counted: bool = False

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
            collected=player in self.collected,
        )

    def totals(self) -> dict[str, int]:
        """Each player's running points, as if the game ended now."""
        return {p: self.score(p).total for p in self.players}

    @property
    def dealt_assignments(self) -> bool:
        """Whether the companion dealt the assignment cards: then a card is secret ("does
        not show these to the other players") until "If you have finished an assignment
        card, turn it over", and only its owner's seat (`Table.own`) lists it."""
        return self.deck is not None and self.deck.holds_assignments

    def to_json(self) -> dict[str, Any]:
        """The game's own keys of `status --json`: what every screen may show (a shared
        one too): no card still secret."""
        final = final_result(self) if self.round_over else None
        return {
            "players": list(self.order),
            "turn": {"player": self.current, "round": self.round, "number": self.turns_done + 1},
            "playlists": {p: [c.to_dict() for c in cs] for p, cs in self.playlists.items()},
            "lengths": {p: len(cs) for p, cs in self.playlists.items()},
            "scores": self.totals(),
            "assignments": {
                p: [
                    {**h.assignment.to_dict(), "completed": h.completed}
                    for h in held
                    if h.completed or not self.dealt_assignments
                ]
                for p, held in self.assignments.items()
            },
            "finishing": self.finishing,
            "round_over": self.round_over,
            "still_to_play": unplayed_turns(self) if self.finishing and not self.round_over else [],
            "winner": final.winner if final else None,
            "deck": self.deck.to_json() if self.deck else None,
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
        state = replace(state, first=data["first"])
        if not data.get("deck"):
            return state
        dealt, held = deck.deal(state.players, data["deck"])
        hands = {p: tuple(Held(a, False) for a in held[p]) for p in state.players}
        return replace(state, deck=dealt, assignments=hands)
    if kind == "play":
        cards = tuple(card_from_dict(c) for c in data["cards"])
        if state.deck:
            state = replace(state, deck=deck.played(state.deck, data["player"], cards))
        return _with_playlist(state, data["player"], state.playlists[data["player"]] + cards)
    if kind == "download":
        refill = card_from_dict(data["refill"]) if data.get("refill") else None
        taken = deck.take(held_deck(state), data["player"], card_from_dict(data["card"]), refill)
        return replace(state, deck=taken)
    if kind == "action":
        acted = deck.play_action(held_deck(state), data["player"], data["card"])
        return replace(state, deck=acted)
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
    if kind == "end":
        return replace(state, counted=True)
    if kind == "turn":
        player = data["player"]
        done = set(data["completed"])
        held = tuple(
            Held(h.assignment, h.completed or i in done)
            for i, h in enumerate(state.assignments[player])
        )
        new = tuple(Held(assignment_from_dict(a), False) for a in data.get("new_assignments", []))
        return replace(
            state,
            turns_done=state.turns_done + 1,
            assignments={**state.assignments, player: held + new},
            rewarded={**state.rewarded, player: state.rewarded[player] | set(data["action_cards"])},
            deck=deck.after_turn(state.deck, player, data) if state.deck else None,
        )
    raise RuleViolation(f"unknown playlist event type {kind!r} in the match log")


def held_deck(state: GameState) -> Deck:
    if state.deck is None:
        raise TurnOrder(
            "the table holds the cards in this game",
            hint="the companion deals only in a game started with --deck",
        )
    return state.deck


def _with_playlist(state: GameState, player: str, cards: tuple[Card, ...]) -> GameState:
    playlists = {**state.playlists, player: cards}
    # The last round, once begun, is played out even if the playlist loses a card.
    finished_on, collected = state.finished_on, state.collected
    if len(cards) >= length_goal():
        finished_on = state.turns_done if finished_on is None else finished_on
        collected = collected | {player}
    return replace(state, playlists=playlists, finished_on=finished_on, collected=collected)


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
    if state.deck is not None:
        hand = {c.key for c in state.deck.hands[player]}
        for card in cards:
            if card.key not in hand:
                raise TurnOrder(
                    f"{card.name()} is not in {player}'s hand (the companion holds the deck)",
                    hint=f"see the hand with 'companion playlist game hand {player}'",
                )
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


def download(state: GameState, card: Card) -> dict[str, Any]:
    """The player whose turn it is takes `card` from the Download List; the stockpile's top
    card refills it ("Take 1 card from the Download List; Add a new card to the Download List
    from the stockpile", twice a turn)."""
    _refuse_after_round(state)
    held = held_deck(state)
    player, most = state.current, deck.sizes()["downloads_per_turn"]
    if held.downloads >= most:
        raise TurnOrder(f"{player} has taken {most} cards from the Download List this turn")
    if card.key not in {c.key for c in held.download}:
        shown = ", ".join(c.name() for c in held.download) or "it is empty"
        raise TurnOrder(f"{card.name()} is not on the Download List ({shown})")
    refill = held.stockpile[0] if held.stockpile else None
    return {
        "type": "download",
        "data": {
            "player": player,
            "card": card.to_dict(),
            "refill": refill.to_dict() if refill else None,
        },
    }


def action(state: GameState, player: str, typed: str) -> dict[str, Any]:
    """`player` plays one of their action cards ("Action cards can be played at all times");
    what it does is the table's to record (a lost song, a claim)."""
    held = held_deck(state)
    if not held.holds_actions:
        raise TurnOrder("the table holds the action cards in this game")
    hand = held.actions[player]
    if not hand:
        raise TurnOrder(f"{player} has no action card")
    text = match_prefix(typed, list(dict.fromkeys(hand)), what=f"action card of {player}'s")
    return {"type": "action", "data": {"player": player, "card": text}}


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
    draws: deck.Draws | None = None  # what the companion dealt, when it holds the deck

    def event(self) -> dict[str, Any]:
        data = {
            "player": self.player,
            "next": self.next_player,
            "completed": list(self.completed),
            "action_cards": list(self.action_cards),
            "finishing": self.finishing,
            "round_over": self.round_over,
        }
        if self.draws is not None:
            data.update(self.draws.to_json())
        return {"type": "turn", "data": data}


def end_turn(state: GameState, rng: TableRng | None = None) -> TurnEnd:
    """End the current player's turn: assignments turned over, extra action cards, round end.

    When the companion holds the deck it also deals what the turn's end takes — the hand
    refilled to two music cards, new assignment cards, extra action cards (`rng` shuffles
    the played action cards into a new pile if the pile runs out) — and it refuses to end a
    turn before the player has taken their two cards from the Download List.
    """
    _refuse_after_round(state)
    player = state.current
    held = state.deck
    if held is not None:
        most = deck.sizes()["downloads_per_turn"]
        if held.downloads < most and held.download:
            raise TurnOrder(
                f"{player} has taken {held.downloads} of {most} cards from the Download List",
                hint="take them first: 'companion playlist game download CARD'",
            )
        refuse_kept_playable(state, player)
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
    draws = None
    if held is not None:
        draws = deck.turn_draws(held, player, len(completed), len(action_cards), rng)
    move = {"player": player, "completed": completed, "action_cards": action_cards}
    after = apply(state, {"type": "turn", "data": {**move, **(draws.to_json() if draws else {})}})
    return TurnEnd(
        player=player,
        next_player=after.current,
        completed=completed,
        action_cards=action_cards,
        finishing=after.finishing,
        round_over=after.round_over,
        draws=draws,
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

    def totals(self) -> dict[str, int]:
        return {p: s.total for p, s in self.scores.items()}

    @property
    def winner(self) -> str | None:
        # The rulebook names no tie-break for the multiplayer game, so a tie has no single
        # winner unless the table names one (break_tie).
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


def break_tie(ranks: dict[str, int], chosen: str | None) -> dict[str, int]:
    """The ranks once the table names `chosen` the winner of a tie for first: "The winner is
    the one whose playlist was worth the most points" and the rulebook names no tie-break,
    so the table decides; the others tied first come second (1, 2, 2, 4). None: the tie
    stays a shared first."""
    if chosen is None:
        return dict(ranks)
    first = [p for p, r in ranks.items() if r == 1]
    name = match_prefix(chosen, ranks, what="player")
    if len(first) < 2:
        raise BadInput(
            f"--tie-winner {name}: there is no tie for first to break ({first[0]} wins alone)"
        )
    if name not in first:
        raise BadInput(f"--tie-winner {name}: not tied for first ({', '.join(first)} are)")
    return {p: (2 if r == 1 and p != name else r) for p, r in ranks.items()}


def tie_winner_of(result: Mapping[str, Any]) -> str | None:
    """The winner the table named when first place was tied by points, as a stored result
    keeps it (its winner among several top scores); None otherwise."""
    scores, winner = result.get("scores"), result.get("winner")
    if not isinstance(scores, dict) or not isinstance(winner, str) or winner not in scores:
        return None
    top = max(scores.values())
    tied = [p for p, v in scores.items() if v == top]
    return winner if len(tied) > 1 and winner in tied else None


def final_result(state: GameState, tie_winner: str | None = None) -> FinalResult:
    """The scores and ranks; a tie for first shared, or won by the player the table names."""
    scores = {p: state.score(p) for p in state.players}
    ranks = break_tie(rank({p: s.total for p, s in scores.items()}), tie_winner)
    winners = tuple(p for p in state.players if ranks[p] == 1)
    return FinalResult(scores, ranks, winners)


# --- the event-fold protocol (companion.engine.events) -----------------------------------


def _who(state: GameState, typed: str) -> str:
    return match_prefix(typed, state.players, what="player")


def _title(card: Mapping[str, Any]) -> str:
    return card.get("title") or card["genre"]


def _record_play(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    player = _who(state, data["player"])
    if "cards" not in data:  # a move as the query offers it: hand cards by name (deck held)
        return play(state, player, _from_hand(state, player, data)), None
    cards = [card_from_dict(c) for c in data["cards"]]
    return play(state, player, cards), None


def _from_hand(state: GameState, player: str, data: Mapping[str, Any]) -> list[Card]:
    """The cards `data` names ("card", then "next") in `player`'s hand."""
    hand = held_deck(state).hands[player]
    names = [c.name() for c in hand]
    typed = [data[k] for k in ("card", "next") if data.get(k) is not None]
    if not typed:
        raise BadInput("name the song added from the hand")
    chosen = [match_prefix(str(t), names, what=f"card in {player}'s hand") for t in typed]
    if len(set(chosen)) < len(chosen):
        raise BadInput("a card of the hand is added once")
    return [hand[names.index(c)] for c in chosen]


def _record_lose(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    return lose(state, _who(state, data["player"])), None


def _record_end(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """The count asked for: "Once a player has been able to add 15 songs or more to their
    playlist, you finish the round and then the game stops. At that moment the points are
    counted"."""
    if not state.round_over:
        if state.finishing:
            waiting = ", ".join(unplayed_turns(state))
            raise TurnOrder(f"the last round is not over: {waiting} still to play")
        raise TurnOrder("no playlist has reached 15 songs yet")
    return {"type": "end", "data": {}}, None


def _record_claim(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    card = card_from_dict(data["card"]) if data.get("card") else None
    return claim(state, _who(state, data["player"]), card), None


def _record_bluff(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    return call_bluff(state, _who(state, data["player"]), bool(data.get("right", True))), None


def _record_assignment(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    held = assignment_from_dict(data["assignment"])
    player = _who(state, data["player"])
    return take_assignment(state, player, held, bool(data.get("completed"))), None


def _record_download(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    _refuse_out_of_turn(state, data)
    given = data["card"]
    if isinstance(given, str):  # a move as the query offers it: a Download List card named
        from companion.games.playlist.rules.cards import find_in_catalogue

        listed = held_deck(state).download
        named = [c for c in listed if c.inline() == given]
        return download(state, named[0] if named else find_in_catalogue(given, listed)), None
    return download(state, card_from_dict(given)), None


def _refuse_out_of_turn(state: GameState, data: Mapping[str, Any]) -> None:
    """A move only the player whose turn it is makes, named by another (a move typed with
    its player: a page's, the query's); the CLI's own moves name none."""
    if data.get("player") is None:
        return
    player = _who(state, str(data["player"]))
    if player != state.current:
        raise TurnOrder(f"it is {state.current}'s turn, not {player}'s")


def _record_action(state: GameState, data: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    return action(state, _who(state, data["player"]), data["card"]), None


MOVES = {
    "play": _record_play,
    "lose": _record_lose,
    "claim": _record_claim,
    "bluff": _record_bluff,
    "assignment": _record_assignment,
    "download": _record_download,
    "action": _record_action,
    "end": _record_end,
}


def notes_of(
    before: GameState, event: Mapping[str, Any], after: GameState | None = None
) -> tuple[str, ...]:
    """What a recorded event did, in words, for the table (hands stay secret)."""
    kind, data = event["type"], event["data"]
    after = apply(before, event) if after is None else after
    if kind == "start":
        return (f"{data['first']} starts ({data['how']}).", *_deal_notes(after))
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
    if kind == "download":
        assert after.deck is not None
        most = deck.sizes()["downloads_per_turn"]
        refill = (
            f"{_title(data['refill'])} refills it from the stockpile"
            if data.get("refill")
            else "the stockpile is empty, so it is not refilled"
        )
        return (
            f"{data['player']} takes {_title(data['card'])} from the Download List; {refill} "
            f"({after.deck.downloads} of {most}).",
        )
    if kind == "action":
        return (f"{data['player']} plays the action card “{data['card']}”.",)
    if kind == "turn":
        return _turn_notes(before, data, after)
    if kind == "end":
        return ("the points are counted: the game is filed.",)
    return ()


def _deal_notes(state: GameState) -> tuple[str, ...]:
    table = deck.sizes()
    if state.deck is None:
        return (
            f"  • deal: each player takes {table['assignment_cards']} assignment cards, "
            f"{table['music_cards']} music cards and {table['action_cards']} action cards; "
            f"lay {table['download_list']} music cards open: the Download List.",
            f"  • {state.current} takes a card from the Download List and refills it from the "
            f"stockpile, {table['downloads_per_turn']} times; then adds songs.",
        )
    held = state.deck
    parts = [f"{table['music_cards']} music cards"]
    if held.holds_assignments:
        parts.append(f"{table['assignment_cards']} assignment cards")
    if held.holds_actions:
        parts.append(f"{table['action_cards']} action cards")
    dealt = " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)
    lines = [
        f"  • the companion deals each player {dealt} (a player sees their hand with "
        "'companion playlist game hand PLAYER')."
    ]
    if not held.holds_assignments:
        lines.append(
            f"  • each player takes {table['assignment_cards']} assignment cards from the box "
            "(record them with 'game assignment')."
        )
    if not held.holds_actions:
        lines.append(f"  • each player takes {table['action_cards']} action cards from the box.")
    shown = ", ".join(c.name() for c in held.download)
    lines.append(f"  • the Download List: {shown}.")
    return tuple(lines)


MUST_PLAY = (
    "\u201cIf you are able to make a playlist, you have to do so. You are not allowed to keep "
    "any cards in your hand that you are able to play.\u201d"
)


def refuse_kept_playable(state: GameState, player: str, quote: bool = True) -> None:
    """With the deck held the companion sees the hand: a turn does not end on a playable card.

    "You are not allowed to keep any cards in your hand that you are able to play." The
    refusal names the cards (`game turn` is asked this; so is guided play's turn end).
    `quote=False`: the same refusal again in one flow (guided play's re-ask), the rule
    already quoted on the screen above.
    """
    if state.deck is None:
        return
    playlist = state.playlists[player]
    cards = playable_cards(state.deck.hands[player], playlist)
    if not cards:
        return
    names = ", ".join(c.name() for c in cards)
    them = "it" if len(cards) == 1 else "them"
    # The rule once, then what is legal now, in the message itself: guided play shows the
    # message without the CLI's hint (issue 32).
    legal = (
        f"add {them} to the playlist after {playlist[-1].name()}"
        if playlist
        else f"start a playlist with {them}"
    )
    raise TurnOrder(
        f"{player} cannot end the turn holding {names}"
        + (f": {MUST_PLAY}" if quote else "")
        + f"; legal now: {legal}",
        hint="'companion playlist game play'",
    )


def _turn_notes(before: GameState, data: Mapping[str, Any], after: GameState) -> tuple[str, ...]:
    player, held = data["player"], before.deck
    table = deck.sizes()
    lines = [f"{player}'s turn ends."]
    if held is None:
        lines.append(
            f"  • {player}: refill to 2 music cards from the stockpile "
            "(they cannot be played until your next turn)."
        )
    else:
        drawn = len(data.get("drawn", []))
        hand = len(after.deck.hands[player]) if after.deck else 0
        if drawn:
            lines.append(
                f"  • {player} draws {drawn} music card{'s' if drawn > 1 else ''} from the "
                f"stockpile (not playable until the next turn; {hand} in hand)."
            )
        elif hand < table["hand_music"]:
            lines.append(f"  • the stockpile is empty: {player} keeps {hand} music cards.")
    cards = before.assignments[player]
    new = list(data.get("new_assignments", []))
    for i in data["completed"]:
        text = cards[i].assignment.text()
        if held is None or not held.holds_assignments:
            lines.append(
                f"  • assignment {text} completed: turn it over and take a "
                "new assignment card (if any are left)."
            )
        elif new:
            new.pop(0)
            lines.append(f"  • assignment {text} completed: turned over; {player} takes a new one.")
        else:
            lines.append(f"  • assignment {text} completed: turned over; no new assignment left.")
    for genre in data["action_cards"]:
        if held is not None and held.holds_actions:
            got = "takes an extra action card" if data.get("action_draws") else "no action left"
            lines.append(f"  • three {genre} songs placed: {player} {got}.")
        else:
            lines.append(f"  • three {genre} songs placed: take an extra action card.")
    if "reshuffled" in data:
        lines.append("  • the played action cards are shuffled into a new action pile.")
    if not after.round_over:
        if held is None:
            lines.append(
                f"  • next: {after.current} takes a card from the Download List and refills it "
                f"from the stockpile, {table['downloads_per_turn']} times."
            )
        elif after.deck and after.deck.download:
            lines.append(
                f"  • next: {after.current} takes {table['downloads_per_turn']} cards from the "
                "Download List."
            )
    return tuple(lines)


class PlaylistRules:
    """The multiplayer game as an event fold: moves are checked when recorded (rng given)."""

    def moves(self, state: GameState) -> Any:
        """The moves a player could try now (companion.games.playlist.rules.moves)."""
        from companion.games.playlist.rules.moves import candidates

        return candidates(state)

    def initial(self, match: Mapping[str, Any]) -> GameState:
        players = match["players"]
        return new_state(players, players[0])

    def apply(
        self, state: GameState, event: Mapping[str, Any], rng: TableRng | None
    ) -> Step[GameState]:
        if rng is None:  # replaying a stored event
            return Step(apply(state, event), dict(event))
        kind = event["type"]
        if kind not in MOVES and kind != "turn":
            raise BadInput(f"'{kind}' is not a move of the playlist game")
        if kind == "turn":
            _refuse_out_of_turn(state, event.get("data") or {})
            ended = end_turn(state, rng)
            stored, outcome = ended.event(), ended
        else:
            stored, outcome = MOVES[kind](state, dict(event.get("data", {})))
        after = apply(state, stored)
        return Step(after, stored, outcome, notes_of(state, stored, after))


RULES = PlaylistRules()
