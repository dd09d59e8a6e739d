"""The candidate moves of a Playlist game and of a solo run, for the legal-moves query
(companion.engine.moves): listed here, judged by the rules' own `apply` alone.

In a game every player may try to end the turn, sing the singer's song (a claim), call
the bluff (caught, or wrong), or lose their last song; `apply` keeps what the rulebook
allows ("If someone else can sing or hum at least 2 lines … that player can add the song to
their playlist"). When the companion holds the deck, the player whose turn it is takes a
card from the open Download List (one move per card) and adds songs from the hand: a hand
is secret ("does not show these to the other players"), so its cards are only choices
asked in its owner's move, never in a label, a command or another player's move.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.moves import Ask, Move
from companion.games.playlist.rules.cards import Card
from companion.games.playlist.rules.chain import MULTIPLAYER, SOLO, playable_cards, still_fitting
from companion.games.playlist.rules.game import GameState
from companion.games.playlist.rules.solo import SoloState


def candidates(state: GameState) -> Iterator[Move]:
    singer = state.current
    if state.round_over:  # "At that moment the points are counted": any phone may ask
        yield Move("end", None, {}, "count the points and file the game", confirm=True)
    if state.deck is not None:
        for card in state.deck.download:  # by number (a page sends plain values back)
            named = f"#{card.number}" if card.number is not None else card.inline()
            label = f"{singer} downloads {card.name()}"
            yield Move("download", singer, {"player": singer, "card": named}, label)
        yield from (m for p in state.players if (m := _play(state, p)) is not None)
    for player in state.players:
        yield Move("claim", player, {"player": player}, f"{player} sings {singer}'s song")
    for player in state.players:
        yield Move(
            "bluff", player, {"player": player, "right": True}, f"{player} catches {singer}'s bluff"
        )
        wrong = f"{player} calls {singer}'s bluff wrongly"
        yield Move("bluff", player, {"player": player, "right": False}, wrong)
    for player in state.players:
        yield Move("lose", player, {"player": player}, f"{player} loses the last song")
    for player in state.players:
        yield Move("turn", player, {"player": player}, f"{player} ends the turn")


def _play(state: GameState, player: str) -> Move | None:
    """`player` adds a song from the hand (starts a playlist with two): the cards asked,
    tried with the first that links. None when no card of the hand can be played: a
    refusal would name a card of the hand."""
    assert state.deck is not None
    hand, playlist = state.deck.hands[player], state.playlists[player]
    can = playable_cards(hand, playlist)
    if not can:
        return None
    names, first = tuple(c.name() for c in hand), can[0]
    asks = [Ask("card", "the song added", names, sample=first.name())]
    if not playlist:  # "Start a playlist by placing a minimum of 2 cards"
        then = next(b for b in hand if b is not first and MULTIPLAYER.links(first, b))
        asks.append(Ask("next", "the song after it", names, sample=then.name()))
    label = f"{player} adds a song"  # its choices are the hand: its owner's alone
    return Move("play", player, {"player": player}, label, tuple(asks), private=True)


def solo_candidates(state: SoloState) -> Iterator[Move]:
    """A solo run: the round's playlist, counted ("If you cannot add more songs to the
    Playlist, you can count your score") or counted as it is, then the next round's deal.
    The playlist is the player's to find: it is asked, tried with one the companion grew
    until no laid-out card fits either end (never shown: that would play the round)."""
    player = state.player
    if not state.last.scored:
        asked = _laid_playlist(state)
        yield Move("round", player, {"player": player}, "count the round's playlist", (asked,))
        anyway = {"player": player, "anyway": True}
        yield Move("round", player, anyway, "count the playlist as it is", (asked,))
    yield Move("next", player, {"player": player}, "deal the next round")


def _laid_playlist(state: SoloState) -> Ask:
    cards = state.last.deal.cards
    grown = _grown(cards)
    sample = " ".join(f"#{c.number}" for c in grown) if grown else None
    return Ask("playlist", "the playlist's cards in order (numbers or titles)", sample=sample)


def _grown(cards: tuple[Card, ...]) -> list[Card]:
    """A playlist of the laid-out `cards` no card can join: the first linking pair, grown
    at either end while a card fits (empty when no two cards link)."""
    pair = next(([a, b] for a in cards for b in cards if a is not b and SOLO.links(a, b)), None)
    if pair is None:
        return []
    grown = pair
    while fits := still_fitting(grown, cards, SOLO):
        grown = [fits[0].card, *grown] if fits[0].first else [*grown, fits[0].card]
    return grown
