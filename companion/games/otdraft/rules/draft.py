"""The draft: seven rounds, turn order, the Draftline, the piles and the secret cards.

A match is an event log, folded by `RULES` (the protocol of `companion.engine.events`):
`initial(match)` is the state before any event, `apply(state, event, rng)` one event.
Recording a move (rng given), `apply` validates it through the `*_event` function of its
kind, which returns the event to store with every card the companion drew written into
it, so a log replays exactly without the RNG (rng None).

Two modes: with `deck` the companion deals and lays the cards itself; without it, it
records what the table does (cards may then come from anywhere in the catalogue). With
no catalogue at all (`catalogue is None`) it records free card names, still one of each
per game; they are looked up in a catalogue only when the teams are scored.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine.decks import parse_players
from companion.engine.events import Step, replay
from companion.engine.names import match_prefix
from companion.engine.rng import TableRng
from companion.games.otdraft.rules.cards import Card, Catalogue, Leftover
from companion.games.otdraft.rules.catalogue import parse_catalogue_data
from companion.games.otdraft.rules.errors import DraftError, OutOfTurn
from companion.games.otdraft.rules.scoring import ROUNDS, TEAM_SIZE

MIN_PLAYERS, MAX_PLAYERS = 2, 5
DRAFTLINE_SIZE = 5
DECK_SIZE = 54  # "Components: 54 card deck"
SECRET_CANDIDATES = 2

Event = dict[str, Any]
Ops = list[list[Any]]  # ["discard", cards] | ["reshuffle", new pile] | ["draw", cards]


def round_order(players: Sequence[str], first: str, round_no: int) -> list[str]:
    """Clockwise from the round's starter; each round starts with last round's last player."""
    n = len(players)
    start = (players.index(first) + (round_no - 1) * (n - 1)) % n
    return [players[(start + i) % n] for i in range(n)]


def smallest_deck(players: int) -> int:
    """Cards needed to deal: two secret candidates each and a full Draftline."""
    return SECRET_CANDIDATES * players + DRAFTLINE_SIZE


def cards_needed(players: int) -> int:
    """The fewest cards a draft run by the companion's deck can be played out with.

    At game end every player holds seven drafted cards and a secret card, all
    different, so the deck needs at least that many; the deal (a Draftline and two
    candidates each) comes out of them, and the discards return through reshuffles.
    Leftover abilities may take more, as from the printed deck.
    """
    return max(TEAM_SIZE * players, smallest_deck(players))


@dataclass
class DraftState:
    """The draft after some events; build it with `fold`, change it only through events."""

    players: tuple[str, ...]
    first: str
    catalogue: Catalogue | None  # None: no catalogue, cards are free names
    deck: bool
    round: int = 1
    picks: int = 0  # turns taken in the current round
    draftline: list[str] = field(default_factory=list)
    draw_pile: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    candidates: dict[str, list[str]] = field(default_factory=dict)
    secrets: dict[str, str] = field(default_factory=dict)
    revealed: set[str] = field(default_factory=set)
    drafted: dict[str, list[str]] = field(default_factory=dict)
    leftovers: dict[str, list[str]] = field(default_factory=dict)
    taken_this_round: dict[str, int] = field(default_factory=dict)
    reshuffles: int = 0
    # Each team's total from the scorepad, typed by its player once the draft is complete
    # ("proceed to score their hand"); the draft is filed when the last is in.
    totals: dict[str, int] = field(default_factory=dict)

    @property
    def order(self) -> list[str]:
        return round_order(self.players, self.first, self.round)

    @property
    def is_round_over(self) -> bool:
        return self.picks == len(self.players)

    @property
    def is_draft_over(self) -> bool:
        return self.round == ROUNDS and self.is_round_over

    @property
    def current(self) -> str | None:
        return None if self.is_round_over else self.order[self.picks]

    @property
    def free(self) -> bool:
        """Recording free card names: no catalogue, abilities unknown until scoring."""
        return self.catalogue is None

    def team(self, player: str) -> list[str]:
        return [*self.drafted[player], *self.leftovers[player]]

    def visible_cards(self, player: str) -> list[Card]:
        """Cards whose abilities the player can use mid-draft: team and revealed secret."""
        if self.catalogue is None:
            return []
        names = self.team(player)
        if player in self.revealed:
            names.append(self.secrets[player])
        return [self.catalogue[n] for n in names]

    def leftover_allowance(self, player: str) -> int:
        return sum(r.count for c in self.visible_cards(player) for r in c.rules_of(Leftover))

    def secret_leftover(self, player: str) -> bool:
        """An unrevealed secret card with the leftover ability: it may be revealed "anytime",
        so the round's end waits for it before the discard."""
        if self.catalogue is None or player in self.revealed or player not in self.secrets:
            return False
        secret = self.secrets[player]
        return secret in self.catalogue and bool(self.catalogue[secret].rules_of(Leftover))

    def owner(self, card: str) -> str | None:
        """Who holds `card` (on a team or as a kept secret), if anyone; free names
        compare case-insensitively."""
        key = card.casefold()
        for player in self.players:
            held = [*self.team(player), *([self.secrets[player]] if player in self.secrets else [])]
            if any(name.casefold() == key for name in held):
                return player
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "rounds": ROUNDS,
            "turn_order": self.order,
            "current": self.current,
            "phase": self.phase,
            "deck": self.deck,
            "free_names": self.free,
            "draftline": list(self.draftline) if self.deck else None,
            "draw_pile": len(self.draw_pile) if self.deck else None,
            "discard": list(self.discard) if self.deck else None,
            "teams": {p: self.team(p) for p in self.players},
            "leftovers": {p: list(self.leftovers[p]) for p in self.players},
            "secret_held": {p: p in self.secrets for p in self.players},
            "revealed": {p: self.secrets[p] for p in self.players if p in self.revealed},
            "reshuffles": self.reshuffles,
            # Who has typed their total (the numbers are the table's once all are in).
            "totals_typed": [p for p in self.players if p in self.totals],
        }

    @property
    def phase(self) -> str:
        if self.deck and len(self.secrets) < len(self.players):
            return "secrets"
        if self.is_draft_over:
            return "leftovers" if self._window_open() else "over"
        if self.is_round_over:
            return "leftovers"
        return "draft"

    def _window_open(self) -> bool:
        return any(
            self.leftover_allowance(p) > self.taken_this_round[p] or self.secret_leftover(p)
            for p in self.players
        )


# --- folding -------------------------------------------------------------------


def new_state(
    players: Sequence[str], first: str, catalogue: Catalogue | None, deck: bool
) -> DraftState:
    return DraftState(
        players=tuple(players),
        first=first,
        catalogue=catalogue,
        deck=deck,
        drafted={p: [] for p in players},
        leftovers={p: [] for p in players},
        taken_this_round={p: 0 for p in players},
    )


class DraftRules:
    """The draft as an event fold: the moves `deal`, `secret`, `pick`, `leftover`,
    `reveal`, `turn` and `total` (data: the typed `player`, and `card` or `points` where
    the move has them)."""

    def initial(self, match: Mapping[str, Any]) -> DraftState:
        """Before any event; the options hold the catalogue the match was started with."""
        options = match.get("options") or {}
        raw = options.get("catalogue")
        catalogue = None if raw is None else parse_catalogue_data(raw, "the match's catalogue")
        players = list(match["players"])
        first = options.get("first") or players[0]
        return new_state(players, first, catalogue, bool(options.get("deck", False)))

    def apply(
        self, state: DraftState, event: Mapping[str, Any], rng: TableRng | None
    ) -> Step[DraftState]:
        """One event, changing `state` in place. With `rng` it is a new move, validated
        and completed (the cards drawn) first; without, a stored event replayed."""
        stored = dict(event) if rng is None else move_event(state, event, rng)
        _fold(state, stored)
        return Step(state, stored, stored)

    def moves(self, state: DraftState) -> Iterator[Any]:
        """The moves a player could try now (the legal-moves query keeps those `apply`
        accepts): companion.games.otdraft.rules.moves."""
        from companion.games.otdraft.rules.moves import candidates

        return candidates(state)


RULES = DraftRules()


def move_event(state: DraftState, move: Mapping[str, Any], rng: TableRng) -> Event:
    """The event a move stores, validated against `state` (raises to refuse)."""
    kind, data = move["type"], dict(move.get("data") or {})
    if kind == "deal":
        if not state.deck or state.catalogue is None:
            raise DraftError("only a draft run with the companion's deck is dealt")
        if state.draftline or state.candidates:
            raise DraftError("the cards are dealt already")
        return deal_event(state.catalogue, state.players, rng)
    if kind == "turn":
        return turn_event(state, rng)
    if kind == "reveal":
        return reveal_event(state, str(data.get("player", "")))
    if kind == "total":
        return total_event(state, str(data.get("player", "")), data.get("points"))
    player, card = str(data.get("player", "")), str(data.get("card", ""))
    if kind == "secret":
        return secret_event(state, player, card)
    if kind == "pick":
        return pick_event(state, player, card, rng)
    if kind == "leftover":
        return leftover_event(state, player, card)
    raise DraftError(f"unknown draft move '{kind}'")


def state_of(match: Mapping[str, Any]) -> DraftState:
    """The state of a stored match: `replay(RULES, match)`."""
    return replay(RULES, match)


def _apply_ops(state: DraftState, ops: Ops) -> None:
    for op, cards in ops:
        if op == "discard":
            for card in cards:
                state.draftline.remove(card)
            state.discard.extend(cards)
        elif op == "reshuffle":
            state.draw_pile = list(cards)
            state.discard = []
            state.reshuffles += 1
        elif op == "draw":
            if state.draw_pile[: len(cards)] != list(cards):
                raise DraftError(f"the log draws {', '.join(cards)}, which is not the pile's top")
            del state.draw_pile[: len(cards)]
            state.draftline.extend(cards)


def _next_round(state: DraftState) -> None:
    state.round += 1
    state.picks = 0
    state.taken_this_round = {p: 0 for p in state.players}


def apply(state: DraftState, event: Mapping[str, Any]) -> None:
    """Change `state` by one stored event (already validated when it was recorded)."""
    _fold(state, event)


def _fold(state: DraftState, event: Mapping[str, Any]) -> None:
    kind, data = event["type"], event.get("data", {})
    if kind == "deal":
        state.draftline = list(data["draftline"])
        state.draw_pile = list(data["draw_pile"])
        state.candidates = {p: list(c) for p, c in data["candidates"].items()}
    elif kind == "secret":
        state.secrets[data["player"]] = data["card"]
        state.discard.extend(data.get("discarded", []))
    elif kind == "reveal":
        state.revealed.add(data["player"])
    elif kind == "pick":
        if data.get("opens_round"):  # free names: a pick after a round's end starts the next
            _next_round(state)
        if state.deck:
            state.draftline.remove(data["card"])
        state.drafted[data["player"]].append(data["card"])
        state.picks += 1
        _apply_ops(state, data.get("ops", []))
        if data.get("next_round"):
            _next_round(state)
    elif kind == "leftover":
        if state.deck:
            state.draftline.remove(data["card"])
        state.leftovers[data["player"]].append(data["card"])
        state.taken_this_round[data["player"]] += 1
    elif kind == "turn":
        _apply_ops(state, data.get("ops", []))
        _next_round(state)
    elif kind == "total":
        state.totals[data["player"]] = data["points"]
    else:
        raise DraftError(f"unknown event type '{kind}' in the match log")


# --- moves ---------------------------------------------------------------------


def start_options(
    players_text: Sequence[str] | str,
    first: str | None,
    catalogue: Catalogue | None,
    deck: bool | None,
) -> tuple[list[str], str, bool]:
    """Players, first player and mode for a new draft, validated (players first)."""
    players = parse_players(players_text, low=MIN_PLAYERS, high=MAX_PLAYERS)
    starter = players[0] if first is None else match_prefix(first, players, what="player")
    if catalogue is None:
        if deck:
            raise DraftError(
                "--deck needs a card catalogue to deal from "
                "(companion otdraft cards import FILE.toml, or --catalogue FILE.toml)"
            )
        return players, starter, False
    if deck is None:
        deck = len(catalogue) >= DECK_SIZE
    if deck and len(catalogue) < cards_needed(len(players)):
        raise DraftError(
            f"the catalogue has {len(catalogue)} cards; a {len(players)}-player draft dealt "
            f"by the companion needs at least {cards_needed(len(players))} "
            f"({ROUNDS} drafted cards and a secret card per player)",
            hint="describe the whole 54-card deck in the full catalogue format — a TOML file "
            "with one [[cards]] table per card: name, category, points, traits, rules "
            "(docs/otdraft-cards.md) — or start with --no-deck to record the table's cards",
        )
    return players, starter, deck


def deal_event(catalogue: Catalogue, players: Sequence[str], rng: TableRng) -> Event:
    """Setup: shuffle, lay the Draftline, give each player two secret candidates."""
    shuffled = rng.shuffled(catalogue.names)
    draftline = shuffled[:DRAFTLINE_SIZE]
    rest = shuffled[DRAFTLINE_SIZE:]
    n = len(players)
    candidates = {p: rest[i : SECRET_CANDIDATES * n : n] for i, p in enumerate(players)}
    return {
        "type": "deal",
        "data": {
            "draftline": draftline,
            "candidates": candidates,
            "draw_pile": rest[SECRET_CANDIDATES * n :],
        },
    }


def _player(state: DraftState, typed: str) -> str:
    return match_prefix(typed, state.players, what="player")


def _free_card(state: DraftState, typed: str) -> str:
    """A card nobody holds (the table's own deck: the record mode): a catalogue card,
    or with no catalogue any card name."""
    if state.catalogue is None:
        name = " ".join(typed.split())
        if not name:
            raise DraftError("a card name is needed")
    else:
        name = state.catalogue.find(typed).name
    owner = state.owner(name)
    if owner is not None:
        raise DraftError(f"{name} is already {owner}'s (a card can be on one team once)")
    return name


def _draftline_card(state: DraftState, typed: str) -> str:
    assert state.catalogue is not None  # the deck mode always has a catalogue
    card = state.catalogue.find(typed)
    if card.name not in state.draftline:
        shown = ", ".join(state.draftline) or "empty"
        raise DraftError(f"{card.name} is not in the Draftline ({shown})")
    return card.name


def _take_card(state: DraftState, typed: str) -> str:
    return _draftline_card(state, typed) if state.deck else _free_card(state, typed)


def draw_ops(pile: Sequence[str], discard: Sequence[str], count: int, rng: TableRng) -> Ops:
    """Draw `count` cards, shuffling the discards into a new pile whenever it runs out."""
    pile, discard = list(pile), list(discard)
    ops: Ops = []
    while count > 0:
        if not pile:
            if not discard:
                break
            pile = rng.shuffled(discard)
            discard = []
            ops.append(["reshuffle", list(pile)])
        taken = pile[:count]
        pile = pile[len(taken) :]
        count -= len(taken)
        ops.append(["draw", taken])
    return ops


def _new_draftline_ops(state: DraftState, leftover: list[str], rng: TableRng) -> Ops:
    """Discard the round's leftover cards and lay five new ones."""
    ops: Ops = [["discard", leftover]] if leftover else []
    return ops + draw_ops(state.draw_pile, [*state.discard, *leftover], DRAFTLINE_SIZE, rng)


def pick_event(state: DraftState, typed_player: str, typed_card: str, rng: TableRng) -> Event:
    """A turn: take a card from the Draftline, then refill it (or end the round)."""
    player = _player(state, typed_player)
    if state.is_draft_over:
        raise DraftError(
            f"the draft is over: {player} already has {ROUNDS} drafted cards "
            "(use 'otdraft game end')"
        )
    if state.deck and len(state.secrets) < len(state.players):
        waiting = ", ".join(p for p in state.players if p not in state.secrets)
        raise DraftError(f"secret cards first: {waiting} still to keep one of two")
    opens_round = state.is_round_over and state.free
    if state.is_round_over and not opens_round:
        raise DraftError(
            f"round {state.round} is over: take leftover cards with 'leftover', "
            f"then 'turn' to start round {state.round + 1}"
        )
    if opens_round:  # free names: the next round's first pick closes the leftover window
        round_no, picks = state.round + 1, 0
        current = round_order(state.players, state.first, round_no)[0]
    else:
        round_no, picks, current = state.round, state.picks, state.current
    if player != current:
        raise OutOfTurn(
            f"it is {current}'s turn, not {player}'s "
            f"(round {round_no}, turn {picks + 1} of {len(state.players)})"
        )
    card = _take_card(state, typed_card)
    data: dict[str, Any] = {"player": player, "card": card, "round": round_no}
    if opens_round:
        data["opens_round"] = True
    last_of_round = picks + 1 == len(state.players)
    if not last_of_round:
        if state.deck:
            rest = [c for c in state.draftline if c != card]
            need = DRAFTLINE_SIZE - len(rest)
            data["ops"] = draw_ops(state.draw_pile, state.discard, need, rng)
        return {"type": "pick", "data": data}
    if state.catalogue is None:  # abilities unknown: the round stays open for leftovers
        return {"type": "pick", "data": data}
    # The card just drafted may itself carry the leftover ability.
    gained = sum(r.count for r in state.catalogue[card].rules_of(Leftover))
    can_take = gained > 0 or any(
        state.leftover_allowance(p) or state.secret_leftover(p) for p in state.players
    )
    if state.round < ROUNDS and not can_take:
        data["next_round"] = True
        if state.deck:
            rest = [c for c in state.draftline if c != card]
            data["ops"] = _new_draftline_ops(state, rest, rng)
    return {"type": "pick", "data": data}


def turn_event(state: DraftState, rng: TableRng) -> Event:
    """Close a round's leftover window: discard the Draftline and lay five new cards."""
    if state.is_draft_over:
        raise DraftError(f"round {ROUNDS} was the last; score with 'otdraft game end'")
    if not state.is_round_over:
        raise DraftError(
            f"round {state.round} is still going: it is {state.current}'s turn "
            f"({len(state.players) - state.picks} turn(s) to go)"
        )
    data: dict[str, Any] = {"round": state.round + 1}
    if state.deck:
        data["ops"] = _new_draftline_ops(state, list(state.draftline), rng)
    return {"type": "turn", "data": data}


def leftover_event(state: DraftState, typed_player: str, typed_card: str) -> Event:
    """A leftover ability: take a Draftline card at the round's end, before the discard."""
    player = _player(state, typed_player)
    if not state.is_round_over:
        raise DraftError(
            f"leftover cards are taken at the end of the round; round {state.round} "
            f"has {len(state.players) - state.picks} turn(s) to go"
        )
    if not state.free:  # free names: the abilities are unknown, the table's word goes
        allowance = state.leftover_allowance(player)
        if allowance == 0:
            raise DraftError(
                f"{player} has no leftover ability on the team or a revealed secret card"
            )
        if state.taken_this_round[player] >= allowance:
            raise DraftError(f"{player} already took {allowance} leftover card(s) this round")
    card = _take_card(state, typed_card)
    return {"type": "leftover", "data": {"player": player, "card": card, "round": state.round}}


def secret_event(state: DraftState, typed_player: str, typed_card: str) -> Event:
    """Keep one of the two secret candidates (the other is discarded)."""
    player = _player(state, typed_player)
    if player in state.secrets:
        raise DraftError(f"{player} already kept a secret card (undo to change it)")
    if state.deck:
        options = state.candidates[player]
        card = match_prefix(typed_card, options, what=f"secret candidate of {player}")
        return {
            "type": "secret",
            "data": {
                "player": player,
                "card": card,
                "discarded": [c for c in options if c != card],
            },
        }
    card = _free_card(state, typed_card)
    return {"type": "secret", "data": {"player": player, "card": card}}


def reveal_event(state: DraftState, typed_player: str) -> Event:
    """Show a secret card early, to use its ability mid-draft."""
    player = _player(state, typed_player)
    if player not in state.secrets:
        raise DraftError(f"{player} has no secret card recorded yet")
    if player in state.revealed:
        raise DraftError(f"{player} already revealed {state.secrets[player]}")
    return {"type": "reveal", "data": {"player": player, "card": state.secrets[player]}}


def total_event(state: DraftState, typed_player: str, points: Any) -> Event:
    """A player's team total from the scorepad, once the draft is complete ("After the end
    of the 7th round, players add their secret card to their Drafted Team and proceed to
    score their hand"): each player's once."""
    from companion.games.otdraft.rules.results import check_total

    player = _player(state, typed_player)
    check_complete(state)
    if player in state.totals:
        raise DraftError(
            f"{player}'s total is in already ({state.totals[player]}): undo to change it"
        )
    if isinstance(points, bool) or not isinstance(points, int | str):
        raise DraftError(f"{player}'s total is a whole number of points")
    value = check_total(player, str(points))
    return {"type": "total", "data": {"player": player, "points": value}}


def missing_cards(state: DraftState, catalogue: Catalogue | None) -> list[str]:
    """Held cards (teams and secrets) that `catalogue` does not describe."""
    known = {} if catalogue is None else {n.casefold(): n for n in catalogue.names}
    held = [n for p in state.players for n in state.team(p)]
    held += [state.secrets[p] for p in state.players if p in state.secrets]
    return [n for n in held if n.casefold() not in known]


def check_complete(state: DraftState) -> None:
    """Refuse to end a draft before round 7 is played and every secret card is kept."""
    if not state.is_draft_over:
        raise DraftError(
            f"the draft is in round {state.round} of {ROUNDS} "
            f"({len(state.players) - state.picks} turn(s) left this round); finish it first"
        )
    missing = [p for p in state.players if p not in state.secrets]
    if missing:
        raise DraftError(
            f"no secret card recorded for {', '.join(missing)} (otdraft game secret PLAYER CARD)"
        )


def final_names(state: DraftState) -> dict[str, list[str]]:
    """Each complete team by the names the table recorded: drafted, leftovers, secret."""
    check_complete(state)
    return {p: [*state.team(p), state.secrets[p]] for p in state.players}


def final_teams(state: DraftState, catalogue: Catalogue | None = None) -> dict[str, list[Card]]:
    """Each team at game end (drafted, leftovers and secret), once the draft is complete.

    A draft of free card names is scored with `catalogue` (matched case-insensitively);
    every card must be in it.
    """
    check_complete(state)
    catalogue = state.catalogue if state.catalogue is not None else catalogue
    missing = missing_cards(state, catalogue)
    if missing:
        where = (
            "no card catalogue is imported to describe"
            if catalogue is None
            else "the catalogue does not describe"
        )
        raise DraftError(
            f"cannot score yet: {where} {', '.join(missing)} — describe "
            f"{'them' if len(missing) > 1 else 'it'} in a catalogue file "
            "(docs/otdraft-cards.md), 'companion otdraft cards import FILE.toml', "
            "then 'otdraft game end' again"
        )
    assert catalogue is not None
    known = {n.casefold(): n for n in catalogue.names}
    return {
        p: [catalogue[known[n.casefold()]] for n in [*state.team(p), state.secrets[p]]]
        for p in state.players
    }
