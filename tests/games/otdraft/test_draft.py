import pytest

from companion.engine.errors import UnknownName
from companion.engine.rng import TableRng, step_rng
from companion.games.otdraft.rules.draft import (
    apply,
    deal_event,
    draw_ops,
    leftover_event,
    new_state,
    pick_event,
    reveal_event,
    round_order,
    secret_event,
    start_options,
    state_of,
    turn_event,
)
from companion.games.otdraft.rules.errors import DraftError, OutOfTurn
from companion.games.otdraft.rules.replay import replay
from companion.games.otdraft.rules.results import final_result, rank_players
from tests.games.otdraft.helpers import example_catalogue, full_deck

PLAYERS = ["Ana", "Ben", "Cy", "Di", "Ed"]


# --- turn order ---------------------------------------------------------------------


def test_three_player_turn_order_follows_the_last_player():
    orders = [round_order(["A", "B", "C"], "A", r) for r in range(1, 8)]
    assert orders == [
        ["A", "B", "C"],
        ["C", "A", "B"],
        ["B", "C", "A"],
        ["A", "B", "C"],
        ["C", "A", "B"],
        ["B", "C", "A"],
        ["A", "B", "C"],
    ]


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_every_round_starts_with_the_previous_rounds_last_player(count):
    players = PLAYERS[:count]
    first = players[1]
    orders = [round_order(players, first, r) for r in range(1, 8)]
    assert orders[0][0] == first
    for before, after in zip(orders, orders[1:], strict=False):
        assert after[0] == before[-1]
        assert sorted(after) == sorted(players)
        # still clockwise: each player is followed by the next one round the table
        for a, b in zip(after, after[1:], strict=False):
            assert players.index(b) == (players.index(a) + 1) % count


def test_two_players_alternate_who_starts():
    assert [round_order(["A", "B"], "A", r)[0] for r in range(1, 8)] == list("ABABABA")


# --- a whole game run by the companion ---------------------------------------------------


def play(players, catalogue=None, seed=1, leftovers=None):
    """Start a deck-run draft and play it out, always picking the first Draftline card."""
    catalogue = catalogue or full_deck()
    state = new_state(players, players[0], catalogue, deck=True)
    events = [deal_event(catalogue, players, TableRng(seed))]
    apply(state, events[0])

    def record(event):
        events.append(event)
        apply(state, event)

    for player in players:
        record(secret_event(state, player, state.candidates[player][1]))
    while not state.is_draft_over:
        if state.is_round_over:
            for player in leftovers or []:
                record(leftover_event(state, player, state.draftline[0]))
            record(turn_event(state, step_rng(seed, len(events))))
            continue
        assert len(state.draftline) == 5
        record(pick_event(state, state.current, state.draftline[0], step_rng(seed, len(events))))
    match = {
        "players": players,
        "options": {"first": players[0], "deck": True, "catalogue": catalogue.to_raw()},
        "events": events,
    }
    return state, match


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_a_full_draft_gives_everyone_seven_cards_and_loses_none(count):
    players = PLAYERS[:count]
    state, match = play(players)
    assert all(len(state.drafted[p]) == 7 for p in players)
    held = [c for p in players for c in [*state.team(p), state.secrets[p]]]
    everywhere = held + state.draftline + state.draw_pile + state.discard
    assert sorted(everywhere) == sorted(full_deck().names)
    assert state.phase == "over"
    assert state_of(match).to_json() == state.to_json()


def test_five_players_run_the_pile_out_and_reshuffle():
    state, _ = play(PLAYERS)
    assert state.reshuffles >= 1


def test_draw_reshuffles_the_discards_when_the_pile_is_empty():
    ops = draw_ops(["a"], ["x", "y", "z"], 3, TableRng(4))
    assert ops[0] == ["draw", ["a"]]
    assert ops[1][0] == "reshuffle" and sorted(ops[1][1]) == ["x", "y", "z"]
    assert ops[2] == ["draw", ops[1][1][:2]]
    assert draw_ops([], [], 2, TableRng(4)) == []


def test_last_pick_of_a_round_lays_a_fresh_draftline():
    catalogue = full_deck()
    state = new_state(["A", "B"], "A", catalogue, deck=True)
    apply(state, deal_event(catalogue, ["A", "B"], TableRng(3)))
    for p in "AB":
        apply(state, secret_event(state, p, state.candidates[p][0]))
    first_line = list(state.draftline)
    apply(state, pick_event(state, "A", first_line[0], TableRng(1)))
    assert state.draftline[:4] == first_line[1:] and len(state.draftline) == 5
    leftovers = [c for c in state.draftline if c != state.draftline[0]]
    event = pick_event(state, "B", state.draftline[0], TableRng(1))
    assert event["data"]["next_round"] is True
    assert event["data"]["ops"][0] == ["discard", leftovers]
    apply(state, event)
    assert state.round == 2 and state.current == "B" and len(state.draftline) == 5
    assert state.discard[-4:] == leftovers


def test_replay_re_derives_the_result():
    state, match = play(["Ana", "Ben", "Cy"], seed=9)
    result, searches = final_result(state)
    assert replay(match) == result
    assert result["winner"] == min(result["ranks"], key=result["ranks"].get)
    for player, search in searches.items():
        assert result["scores"][player] == search.best.total


# --- leftovers ---------------------------------------------------------------------------


def test_leftover_ability_opens_a_window_at_round_end():
    catalogue = full_deck(leftover_card=True)
    state = new_state(["A", "B"], "A", catalogue, deck=True)
    names = catalogue.names  # an unshuffled deal, so the leftover card C01 is in the line
    deal = {"draftline": names[:5], "candidates": {"A": names[5:7], "B": names[7:9]}}
    apply(state, {"type": "deal", "data": {**deal, "draw_pile": names[9:]}})
    for p in "AB":
        apply(state, secret_event(state, p, state.candidates[p][0]))
    apply(state, pick_event(state, "A", "C01", TableRng(1)))
    with pytest.raises(DraftError, match="round 1 has 1 turn"):
        leftover_event(state, "A", state.draftline[0])
    apply(state, pick_event(state, "B", state.draftline[0], TableRng(1)))
    assert state.round == 1 and state.phase == "leftovers" and state.current is None
    with pytest.raises(DraftError, match="B has no leftover ability"):
        leftover_event(state, "B", state.draftline[0])
    with pytest.raises(DraftError, match="round 1 is over"):
        pick_event(state, "A", state.draftline[0], TableRng(1))
    taken = state.draftline[0]
    apply(state, leftover_event(state, "A", taken))
    with pytest.raises(DraftError, match="A already took 1 leftover card"):
        leftover_event(state, "A", state.draftline[0])
    apply(state, turn_event(state, TableRng(2)))
    assert state.round == 2 and state.team("A") == ["C01", taken]
    assert len(state.draftline) == 5 and state.current == "B"


# --- refusals ---------------------------------------------------------------------------


def dealt(players=("A", "B", "C")):
    catalogue = full_deck()
    state = new_state(list(players), players[0], catalogue, deck=True)
    apply(state, deal_event(catalogue, list(players), TableRng(5)))
    return state


def test_picks_wait_for_the_secret_cards():
    state = dealt()
    with pytest.raises(DraftError, match="secret cards first: A, B, C"):
        pick_event(state, "A", state.draftline[0], TableRng(1))


def test_secret_must_be_one_of_the_two_candidates():
    state = dealt()
    with pytest.raises(UnknownName, match="secret candidate of A"):
        secret_event(state, "A", state.draftline[0])
    apply(state, secret_event(state, "A", state.candidates["A"][0]))
    assert state.discard == [state.candidates["A"][1]]
    with pytest.raises(DraftError, match="A already kept a secret card"):
        secret_event(state, "A", state.candidates["A"][1])


def test_out_of_turn_and_not_in_the_draftline():
    state = dealt()
    for p in "ABC":
        apply(state, secret_event(state, p, state.candidates[p][0]))
    with pytest.raises(OutOfTurn, match="it is A's turn, not B's"):
        pick_event(state, "B", state.draftline[0], TableRng(1))
    outside = state.draw_pile[0]
    with pytest.raises(DraftError, match=f"{outside} is not in the Draftline"):
        pick_event(state, "A", outside, TableRng(1))


def test_an_eighth_drafted_card_is_refused():
    state, _ = play(["A", "B"])
    with pytest.raises(DraftError, match="the draft is over: A already has 7 drafted cards"):
        pick_event(state, "A", state.draftline[0], TableRng(1))
    with pytest.raises(DraftError, match="round 7 was the last"):
        turn_event(state, TableRng(1))


def test_record_mode_refuses_a_card_someone_holds():
    catalogue = example_catalogue()
    state = new_state(["A", "B"], "A", catalogue, deck=False)
    apply(state, pick_event(state, "A", "Saul", TableRng(1)))
    with pytest.raises(DraftError, match="Saul is already A's"):
        pick_event(state, "B", "saul", TableRng(1))
    apply(state, secret_event(state, "B", "Music"))
    with pytest.raises(DraftError, match="Music is already B's"):
        pick_event(state, "B", "Music", TableRng(1))


def test_reveal_needs_a_secret_and_happens_once():
    state = new_state(["A", "B"], "A", example_catalogue(), deck=False)
    with pytest.raises(DraftError, match="A has no secret card recorded"):
        reveal_event(state, "A")
    apply(state, secret_event(state, "A", "Snake"))
    apply(state, reveal_event(state, "A"))
    assert state.to_json()["revealed"] == {"A": "Snake"}
    with pytest.raises(DraftError, match="A already revealed Snake"):
        reveal_event(state, "A")


def test_end_before_the_draft_is_complete_is_refused():
    state = dealt()
    with pytest.raises(DraftError, match="the draft is in round 1 of 7"):
        final_result(state)


@pytest.mark.parametrize("players", ["Solo", "A,B,C,D,E,F"])
def test_one_or_six_players_are_refused(players):
    from companion.engine.errors import BadInput

    with pytest.raises(BadInput, match="this needs 2 to 5"):
        start_options(players, None, full_deck(), None)


def test_deck_mode_is_automatic_with_a_full_catalogue():
    assert start_options("A,B", None, full_deck(), None) == (["A", "B"], "A", True)
    assert start_options("A,B", "b", example_catalogue(), None) == (["A", "B"], "B", False)
    with pytest.raises(
        DraftError, match="a 2-player draft dealt by the companion needs at least 16"
    ):
        start_options("A,B", None, example_catalogue(), True)


# --- tie-break -----------------------------------------------------------------------


def test_tie_goes_to_the_player_whose_turn_was_most_recent():
    # Round 7 with first player A of three: A, B, C; C moved last.
    ranking, tied = rank_players({"A": 50, "B": 60, "C": 60}, ["A", "B", "C"], "A")
    assert ranking == ["C", "B", "A"] and tied == ["C", "B"]
    ranking, tied = rank_players({"A": 50, "B": 40}, ["A", "B"], "A")
    assert ranking == ["A", "B"] and tied == []


def test_replay_of_an_unfinished_draft_reports_the_teams_so_far():
    catalogue = example_catalogue()
    state = new_state(["A", "B"], "A", catalogue, deck=False)
    events = [pick_event(state, "A", "Saul", TableRng(1))]
    apply(state, events[0])
    events.append(secret_event(state, "B", "Adam"))
    match = {
        "players": ["A", "B"],
        "options": {"first": "A", "deck": False, "catalogue": catalogue.to_raw()},
        "events": events,
    }
    assert replay(match) == {
        "complete": False,
        "round": 1,
        "scores": {"A": 8, "B": 1},
        "teams": {"A": ["Saul"], "B": ["Adam"]},
    }
