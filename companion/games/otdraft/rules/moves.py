"""The draft's candidate moves for the legal-moves query (companion.engine.moves).

Listed here, judged by `DraftRules.apply` alone: the query keeps what it accepts and gives
the rule's words for the rest (a pick out of turn, before the secret cards, after the
round). A card the companion lays (its deck) is part of the move, so each Draftline card
is a move of its own; a card the table names (its own deck) is asked, from the catalogue's
cards nobody holds. A secret card is always asked, and only in its owner's move: the two
dealt cards are that player's to see, so no label, `what` or other move names them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from companion.engine.moves import Ask, Move
from companion.games.otdraft.rules.draft import DraftState

SAMPLE = "(the card named at the table)"  # a free name only tried, never recorded


def candidates(state: DraftState) -> Iterator[Move]:
    if state.free and state.phase == "over" and len(state.secrets) == len(state.players):
        # Recorded by name: the cards' abilities are the table's, so is the scorepad. Each
        # player types their own team's total; the last one in files the draft.
        yield from (_total(p) for p in state.players if p not in state.totals)
    if state.phase == "secrets":  # the deal's secret cards come first (no pick yet)
        for player in state.players:
            yield _secret(state, player)
        yield from _picks(state, state.order[:1])
        return
    if not state.deck:
        yield from (_secret(state, p) for p in state.players if p not in state.secrets)
    if state.is_round_over:
        yield from _leftovers(state)
        if state.free:  # the next pick opens the next round (no 'turn' to record)
            yield from _picks(state, state.players)
    else:
        yield from _picks(state, state.players)
    yield from (
        Move("reveal", p, {"player": p}, f"{p} reveals the secret card", confirm=True)
        for p in state.players
        if p in state.secrets and p not in state.revealed
    )
    yield Move("turn", None, {}, f"start round {state.round + 1}")


def _secret(state: DraftState, player: str) -> Move:
    dealt = state.candidates.get(player) if state.deck else None
    if dealt:  # the two dealt are the player's to see: no default (no command) names one
        card = Ask("card", "the secret card kept", tuple(dealt), sample=dealt[0])
    else:
        card = _ask("the secret card kept", state, player)
    label = f"{player} keeps a secret card"  # the two dealt: the player's alone
    return Move("secret", player, {"player": player}, label, (card,), private=bool(dealt))


def _picks(state: DraftState, players: Sequence[str]) -> Iterator[Move]:
    yield from _takes(state, players, "pick", "")


def _leftovers(state: DraftState) -> Iterator[Move]:
    yield from _takes(state, state.players, "leftover", "leftover ")


def _takes(state: DraftState, players: Sequence[str], kind: str, which: str) -> Iterator[Move]:
    """Each of `players` taking a card: each Draftline card a move of its own (the
    companion's deck), else the card asked."""
    for player in players:
        if state.deck:
            for card in state.draftline:
                label = f"{player} takes the {which}{card}" if which else f"{player} takes {card}"
                yield Move(kind, player, {"player": player, "card": card}, label)
        else:
            asked = _ask(f"the {which}card taken", state, player)
            yield Move(kind, player, {"player": player}, f"{player} takes a {which}card", (asked,))


def _ask(label: str, state: DraftState, player: str) -> Ask:
    """A card `player` names from the table's own deck: a catalogue card on no team (the
    others' secret cards too: leaving them out would tell which they are), tried with the
    first nobody holds; with free names any name, tried with a name no card has."""
    if state.catalogue is None:
        return Ask("card", label, sample=SAMPLE)
    teams = {c for p in state.players for c in state.team(p)} | {state.secrets.get(player)}
    named = tuple(c for c in state.catalogue.names if c not in teams)
    free = next((c for c in named if state.owner(c) is None), None)
    return Ask("card", label, named, default=free)


def _total(player: str) -> Move:
    points = Ask("points", f"{player}'s team total (the scorepad's points)", number=True, low=0,
                 sample="0")  # fmt: skip
    label = f"{player} types the team's total"
    return Move("total", player, {"player": player}, label, (points,), confirm=True)
