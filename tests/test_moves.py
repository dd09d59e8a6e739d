"""The legal-moves query's core (companion.engine.moves, Table.make, `companion moves`): a
move is offered exactly when the rules' own `apply` accepts it, a refusal is the rule's
words, and a move from outside is hostile until it matches a move the query offers."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from companion.engine.errors import BadInput, RuleViolation, UnknownName
from companion.engine.events import Step, replay
from companion.engine.moves import Ask, Move, from_json, legal, try_move
from companion.testing import assert_user_error


@dataclass
class Count:
    players: tuple[str, ...]
    total: int = 0
    turns: int = 0
    said: list[int] = field(default_factory=list)

    @property
    def turn(self) -> str:
        return self.players[self.turns % len(self.players)]


class CountRules:
    """Players add 1 or 2 to a total in turn; whoever reaches 5 wins (a game of this test)."""

    def initial(self, match):
        return Count(tuple(match["players"]))

    def apply(self, state, event, rng):
        data = dict(event["data"])
        if state.total >= 5:
            raise RuleViolation("the count is over: end it")
        if data["player"] != state.turn:
            raise RuleViolation(f"it is {state.turn}'s turn to count")
        if data["add"] not in (1, 2) or state.total + data["add"] > 5:
            raise RuleViolation(f"a count adds 1 or 2 up to 5 (the total is {state.total})")
        state.total += data["add"]
        state.turns += 1
        state.said.append(data["add"])
        return Step(state, {"type": "count", "data": data})

    def moves(self, state):
        return [
            Move("count", p, {"player": p, "add": n}, f"{p} adds {n}")
            for p in state.players
            for n in (1, 2)
        ]


RULES = CountRules()


def match(*adds: int) -> dict:
    players = ("Ann", "Bob")
    events = [
        {"type": "count", "data": {"player": players[i % 2], "add": n}} for i, n in enumerate(adds)
    ]
    return {"id": "m1", "game": "count", "players": list(players), "seed": 3, "events": events}


def test_the_moves_offered_are_those_apply_accepts_and_the_rest_say_why():
    answer = legal(RULES, match(2, 2))
    assert [m.words for m in answer.moves] == ["Ann adds 1"]
    assert answer.seen == 2
    refused = {r.move.words: r.why for r in answer.not_legal}
    assert refused == {
        "Ann adds 2": "a count adds 1 or 2 up to 5 (the total is 4)",
        "Bob adds 1": "it is Ann's turn to count",
        "Bob adds 2": "it is Ann's turn to count",
    }
    assert answer.why_not(Move("count", "Bob", {"player": "Bob", "add": 1})) == (
        "it is Ann's turn to count"
    )
    assert answer.summary() == "Ann adds 1"


def test_a_players_moves_are_their_own_and_trying_one_changes_nothing():
    state = replay(RULES, match(1))
    answer = legal(RULES, match(1), "Bob", state)
    assert [m.who for m in answer.moves] == ["Bob", "Bob"]
    assert answer.not_legal == ()  # Ann's moves are not asked about: not hers to say
    assert (state.total, state.turns, state.said) == (1, 1, [1])
    assert try_move(RULES, match(1), state, Move("count", "Bob", {"player": "Bob", "add": 9})) == (
        "a count adds 1 or 2 up to 5 (the total is 1)"
    )
    assert (state.total, state.turns) == (1, 1)


def test_a_game_over_offers_nothing():
    answer = legal(RULES, match(2, 2, 1))
    assert answer.moves == () and answer.summary() == "nothing: the game is over (end it)"


def test_an_ask_takes_only_what_it_says():
    number = Ask("points", "points", number=True, low=0, high=120)
    assert number.check("45") == 45
    for bad, said in ((-1, "below 0"), (121, "above 120"), ("x", "not a whole number"),
                      (True, "whole number"), (None, "a value is needed")):  # fmt: skip
        with pytest.raises(BadInput, match=said):
            number.check(bad)
    side = Ask("side", "the coin", ("heads", "tails"))
    assert side.check("he") == "heads"
    with pytest.raises(UnknownName):
        side.check("edge")
    with pytest.raises(BadInput, match="plain short text"):
        Ask("name", "name").check("Ann\x1b[2J")
    move = Move("score", "Ann", {"player": "Ann"}, asks=(number,))
    assert move.event({"points": 7}) == {"type": "score", "data": {"player": "Ann", "points": 7}}


@pytest.mark.parametrize(
    "doc",
    [
        [],
        "pull",
        {"kind": ""},
        {"kind": "count", "who": "Mallory"},
        {"kind": "count", "what": "x"},
        {"kind": "count", "what": {"deep": {"deeper": {"deepest": 1}}}},
        {"kind": "count", "what": {"long": "x" * 500}},
        {"kind": "count", "what": {str(n): n for n in range(50)}},
        {"kind": "count", "filled": {"obj": object.__name__ * 100}},
    ],
)
def test_a_move_from_outside_is_refused_unless_it_is_a_plain_small_move(doc):
    with pytest.raises(BadInput):
        from_json(doc, ["Ann", "Bob"])


def test_a_plain_move_from_outside_reads_back_as_the_query_gives_it():
    offered = legal(RULES, match()).moves[0]
    move, filled = from_json(offered.to_json(), ["Ann", "Bob"])
    assert legal(RULES, match()).find(move) == offered and filled == {}


def test_moves_with_nothing_live_is_one_error_line(cli):
    assert_user_error(cli("moves"), "no live match")
    assert_user_error(cli("moves", "--json"), "no live match")


def test_a_value_only_the_player_gives_is_tried_with_its_sample_never_shown():
    """A name the player types (or a card chosen in secret) has no default: the query tries
    the move with the ask's sample, which no page, command or record ever carries."""

    class NameRules(CountRules):
        def apply(self, state, event, rng):
            if not event["data"].get("name"):
                raise RuleViolation("a name is needed")
            return Step(state, event)

        def moves(self, state):
            ask = Ask("name", "the name", sample="(typed)")
            return [Move("say", "Ann", {"player": "Ann"}, "Ann says a name", (ask,))]

    move = legal(NameRules(), match()).moves[0]  # offered: tried with the sample
    assert move.to_json()["asks"] == [{"name": "name", "label": "the name", "type": "text"}]
    with pytest.raises(BadInput, match="a value is needed"):
        move.event()
    assert move.event({"name": "Zed"})["data"] == {"player": "Ann", "name": "Zed"}
