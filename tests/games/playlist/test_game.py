"""The tracked game's rules, straight on the engine (events in, state out)."""

import pytest

from companion.games.playlist.rules.cards import default_genres, parse_inline
from companion.games.playlist.rules.errors import (
    BrokenLink,
    CardAlreadyPlaced,
    ShortPlaylist,
    TurnOrder,
)
from companion.games.playlist.rules.game import (
    apply,
    claim,
    end_turn,
    final_result,
    fold,
    lose,
    new_state,
    play,
    take_assignment,
    unplayed_turns,
)
from companion.games.playlist.rules.replay import replay
from companion.games.playlist.rules.scoring import parse_assignment

GENRES = default_genres()


def card(n, genre="pop", icons="love+piano+ballad", points=1):
    return parse_inline(f"{genre}/{points}/{icons}/{genre}{n}", GENRES)


class Table:
    """A game driven through the engine's moves, keeping the event log."""

    def __init__(self, players, first):
        self.events = [{"type": "start", "data": {"first": first, "how": "chosen"}}]
        self.players = players

    @property
    def state(self):
        return fold({"players": self.players, "events": self.events})

    def do(self, event):
        self.events.append(event)
        return self.state

    def play(self, player, *cards):
        return self.do(play(self.state, player, list(cards)))

    def turn(self):
        ended = end_turn(self.state)
        self.do(ended.event())
        return ended


def fill(table, player, count, start=0, genre="pop"):
    table.play(player, *[card(start + i, genre) for i in range(count)])


@pytest.mark.parametrize("players", [["Ana", "Ben", "Cy"], ["Ana", "Ben", "Cy", "Dee"]])
@pytest.mark.parametrize("who_reaches", [0, 1, -1])
def test_last_round_is_played_out_so_everyone_has_equal_turns(players, who_reaches):
    table = Table(players, "Ben")  # seat order Ana, Ben, Cy(, Dee); Ben starts
    order = table.state.order
    assert order[0] == "Ben" and set(order) == set(players)
    for i, player in enumerate(order):  # round 1: everyone starts a 14-song playlist
        fill(table, player, 14, start=100 * i)
        table.turn()
    assert table.state.round == 2 and not table.state.finishing
    reacher = order[who_reaches]
    for player in order:
        if player == reacher:
            table.play(player, card(99, icons="love+drums+sad"))
            assert table.state.finishing and not table.state.round_over
            assert unplayed_turns(table.state) == list(order[order.index(player) :])
        ended = table.turn()
        if player != order[-1]:
            assert not ended.round_over
    assert ended.round_over and table.state.round_over
    assert table.state.turns_done == 2 * len(players)  # every player: exactly two turns
    with pytest.raises(TurnOrder, match="the last round is over"):
        table.play(order[0], card(98))
    with pytest.raises(TurnOrder, match="the last round is over"):
        end_turn(table.state)
    final = final_result(table.state)
    # 15 pop songs: 15 + 1 (15 songs) + 13 (genre); 14: 14 + 12
    assert final.scores[reacher].total == 29
    assert {p: s.total for p, s in final.scores.items() if p != reacher} == {
        p: 26 for p in players if p != reacher
    }
    assert final.winner == reacher and final.ranks[reacher] == 1
    assert replay({"game": "playlist", "players": players, "events": table.events}) == (
        final.to_result()
    )


def test_round_not_finishing_before_fifteen():
    table = Table(["Ana", "Ben"], "Ana")
    fill(table, "Ana", 14)
    table.turn()
    table.turn()
    assert not table.state.finishing and table.state.current == "Ana"


def test_losing_a_card_after_fifteen_does_not_cancel_the_last_round():
    table = Table(["Ana", "Ben"], "Ana")
    fill(table, "Ana", 15)
    table.do(lose(table.state, "Ana"))
    assert len(table.state.playlists["Ana"]) == 14 and table.state.finishing


def test_play_rules():
    table = Table(["Ana", "Ben"], "Ana")
    with pytest.raises(TurnOrder, match="it is Ana's turn, not Ben's"):
        play(table.state, "Ben", [card(1), card(2)])
    with pytest.raises(ShortPlaylist, match="start one with at least 2 cards \\(got 1\\)"):
        play(table.state, "Ana", [card(1)])
    table.play("Ana", card(1), card(2))
    table.play("Ana", card(3))  # adding one card to a started playlist is fine
    with pytest.raises(BrokenLink, match="cannot add rock4: .*shares 0 icons"):
        play(table.state, "Ana", [card(4, "rock", "drums+bass+sad")])
    with pytest.raises(CardAlreadyPlaced, match="already in Ana's playlist"):
        play(table.state, "Ana", [card(2)])


def test_claims_join_only_when_matching_the_last_card():
    table = Table(["Ana", "Ben"], "Ana")
    table.play("Ana", card(1), card(2))
    matching = claim(table.state, "Ana", card(3, "rock", "love+drums+sad"))
    assert matching["data"]["joined"] is True
    table.do(matching)
    assert len(table.state.playlists["Ana"]) == 3
    stray = claim(table.state, "Ana", card(4, "rock", "guitar+bass+wind"))
    assert stray["data"]["joined"] is False
    table.do(stray)
    assert len(table.state.playlists["Ana"]) == 3 and len(table.state.put_away) == 1
    # No playlist, no last card to match: the card is put away.
    assert claim(table.state, "Ben", card(5))["data"]["joined"] is False
    with pytest.raises(CardAlreadyPlaced, match="already been put away"):
        claim(table.state, "Ben", card(4, "rock", "guitar+bass+wind"))


def test_lose_needs_a_playlist():
    table = Table(["Ana", "Ben"], "Ana")
    with pytest.raises(TurnOrder, match="Ben has no playlist"):
        lose(table.state, "Ben")


def test_turn_end_turns_over_assignments_and_rewards_three_of_a_genre_once():
    table = Table(["Ana", "Ben"], "Ana")
    table.do(take_assignment(table.state, "Ana", parse_assignment("3:pop=3", GENRES)))
    table.do(take_assignment(table.state, "Ana", parse_assignment("2:rock=1", GENRES)))
    fill(table, "Ana", 3)
    ended = table.turn()
    assert (ended.completed, ended.action_cards, ended.next_player) == ((0,), ("pop",), "Ben")
    table.turn()
    table.play("Ana", card(9))
    ended = table.turn()
    assert (ended.completed, ended.action_cards) == ((), ())  # pop already rewarded
    # Turned over: still counts after the playlist shrinks below the assignment.
    table.do(lose(table.state, "Ana"))
    table.do(lose(table.state, "Ana"))
    score = table.state.score("Ana")
    assert [(r.turned_over, r.points) for r in score.assignments] == [(True, 3), (False, 0)]


def test_tie_for_first_has_no_single_winner():
    state = new_state(["Ana", "Ben", "Cy"], "Ana")
    state = apply(state, play(state, "Ana", [card(1), card(2)]))
    state = apply(state, end_turn(state).event())
    state = apply(state, play(state, "Ben", [card(3), card(4)]))
    final = final_result(state)
    assert final.ranks == {"Ana": 1, "Ben": 1, "Cy": 3}
    assert (final.winner, final.winners) == (None, ("Ana", "Ben"))
    assert final.to_result()["lengths"] == {"Ana": 2, "Ben": 2, "Cy": 0}
