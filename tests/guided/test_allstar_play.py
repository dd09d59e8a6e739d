"""`companion allstar play` driven through a real pseudo-terminal: typed answers, read screens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.games.allstar.test_season import bus_team, stored_regular_season
from tests.guided.terminal import Terminal, json_of, run


def start_two(db: Path) -> None:
    species = ("--species", "duc,hor,bea,tig,car")
    done = run(
        db, "allstar", "season", "start", "--players", "Ana,Ben", "--mode", "heritage", *species
    )
    assert done.returncode == 0, done.stderr
    # This table's box confirms the default orders (an unconfirmed one is asked in play).
    for key in ("species", "symbols", "numbers"):
        assert run(db, "allstar", "config", "confirm", key).returncode == 0


def status(db: Path) -> dict:
    return json_of(db, "allstar", "season", "status")


@pytest.mark.slow  # a real pty, seconds: the full suite runs it
def test_a_round_is_entered_checked_and_resolved(db):
    start_two(db)
    term = Terminal(db, "allstar", "play")
    term.expect("round 1, arenas")
    term.answer("Bus 1 arena?", "Rink")
    term.expect("Rink is new to this table")
    term.answer("Supporters for 1st, 2nd, … place in Rink?", "5,2")
    term.answer("Ana's Bus 1 team (Rink)?", "duc-1 duc-2 duc-3 duc-4 duc-5")
    term.expect("Power 5")
    # A card already on Ana's team cannot be submitted for Ben: the reason shows, it asks again.
    term.answer("Ben's Bus 1 team (Rink)?", "duc-1,bea-2,bea-3,bea-4,bea-5")
    term.expect("card Ducks-1 is already in Ana's Bus 1 team")
    assert status(db)["missing_teams"] == ["Ben Bus 1"]
    term.send("\x15bea-1,bea-2,bea-3,bea-4,bea-5\r")  # Ctrl-U clears the line
    term.answer("All teams are in: resolve round 1?", "")
    term.expect("Ana ahead of Ben")
    term.answer("Go on to round 2?", "st")
    assert term.finish() == 0

    now = status(db)
    assert (now["round"], now["phase"], now["scores"]) == (2, "arenas", {"Ana": 5, "Ben": 2})
    arenas = json.loads(run(db, "allstar", "arena", "list", "--json").stdout)["arenas"]
    assert arenas == [{"name": "Rink", "points": [5, 2], "rules": []}]


@pytest.mark.slow
def test_undo_goes_back_a_question_then_takes_back_an_event(db):
    start_two(db)
    run(db, "allstar", "season", "arenas", "Rink", "--points", "5,2")
    term = Terminal(db, "allstar", "play")
    term.answer("Ana's Bus 1 team (Rink)?", bus_team("Ana", 1))
    term.answer("Ben's Bus 1 team (Rink)?", bus_team("Ben", 1))
    term.answer("resolve round 1?", "")
    term.answer("Go on to round 2?", "")
    term.answer("Bus 1 arena?", "Dome")
    term.answer("Supporters for 1st, 2nd, … place in Dome?", "")  # default: the last row, 5,2
    term.answer("Bus 2 arena?", "<")  # typed undo: back one question
    term.expect("back one question")
    term.answer("Bus 1 arena?", "Bowl")
    term.answer("Supporters for 1st, 2nd, … place in Bowl?", "4,1")
    term.answer("Bus 2 arena?", "Dome")
    term.answer("Supporters for 1st, 2nd, … place in Dome?", "")  # default now 4,1
    # Round 2: Ana's round-1 team stays in play; the first question is whether to swap a card.
    term.expect("Ana's team of round 1 (Ducks-1 Ducks-2 Ducks-3 Ducks-4 Ducks-5, Power 5)")
    assert [a["name"] for a in status(db)["arenas"]] == ["Bowl", "Dome"]
    term.send("\x1a")  # Ctrl-Z at a step's first question: take back the last event
    term.expect("undone: arenas (Bowl, Dome)")
    term.expect("Bus 1 arena?")
    now = status(db)
    assert (now["round"], now["phase"], now["arenas"]) == (2, "arenas", [])
    term.interrupt()
    assert term.finish() == 130
    assert "interrupted; everything recorded so far is kept" in term.text
    assert status(db)["scores"] == {"Ana": 5, "Ben": 2}


@pytest.mark.slow
def test_the_play_offs_to_the_finished_game(db):
    stored_regular_season(db)
    before = status(db)["scores"]
    term = Terminal(db, "allstar", "play")
    term.expect("Play-Offs")
    term.answer("The Play-Off Points card", "20,15,13,11")
    for manager in ("Ana", "Ben", "Cy"):
        term.answer(f"{manager}'s Play-Off team?", bus_team(manager, 1))
    term.answer("Damien's Play-Off team?", "eag-1,eag-2,rab-3,rab-4,car-5")
    term.expect("Damien is eliminated (lowest Power): 4th place, +11 Supporters")
    for manager in ("Ana", "Ben", "Cy"):
        term.answer(f"{manager} substitutes how many cards", "3")
    term.answer("Ana's Play-Off team?", bus_team("Ana", 1))
    term.answer("Ben's Play-Off team?", bus_team("Ben", 1))
    term.answer("Cy's Play-Off team?", "sha-1,sha-2,pan-3,pan-4,car-6")
    term.expect("Cy is eliminated")
    term.answer("Ana substitutes how many cards from the Bench (10 in hand)? [2 / 3 / 4] (2)", "")
    term.answer("Ben substitutes how many cards", "")
    term.answer("Ana's Play-Off team?", bus_team("Ana", 1))
    term.answer("Ben's Play-Off team?", bus_team("Ben", 1))
    term.expect("Lowest Power tied: Ana and Ben")
    term.answer("Ana's Penalty Shot card?", "duc-9-stick")
    term.answer("Ben's Penalty Shot card?", "tig-8-goal")
    # The shot rests on the Symbol order, which the rulebook does not print: asked once.
    term.expect("depends on the symbols order on your Tie-Breaker card")
    term.answer("The symbols, weakest first?", "")
    term.expect("Ana wins the Penalty Shot")
    term.answer("Finish the game now?", "")
    term.expect("wins")
    assert term.finish() == 0

    assert run(db, "allstar", "season", "status").returncode == 2  # no live game any more
    listed = json.loads(run(db, "history", "list", "--game", "allstar", "--json").stdout)
    result = listed["matches"][0]["result"]
    assert result["playoff_scores"] == {"Ana": 20, "Ben": 15, "Cy": 13, "Damien": 11}
    assert result["scores"] == {m: before[m] + result["playoff_scores"][m] for m in before}


def test_off_a_terminal_it_is_one_error_line_and_without_a_game_it_offers_one(db):
    start_two(db)
    done = run(db, "allstar", "play")
    assert done.returncode == 2
    assert done.stderr.startswith("error: 'companion allstar play' asks questions")
    assert len(done.stderr.splitlines()) == 1
    run(db, "allstar", "season", "abandon")
    # No live game: like 'hoopers play', it offers to start one; declining leaves quietly.
    term = Terminal(db, "allstar", "play")
    term.expect("No live allstar game.")
    term.answer("Start one now?", "no")
    term.expect("'companion allstar season start --help' shows how")
    assert term.finish() == 0
    assert run(db, "allstar", "season", "status").returncode == 2


@pytest.mark.slow
def test_round_two_keeps_the_round_one_team_asks_a_swap_the_new_team_and_the_buses(db):
    """ "The Teams stay in play"; "each Manager may swap a single Hockey Player card of a
    previously played team with a card from their Bench"; then the Buses."""
    start_two(db)
    run(db, "allstar", "season", "arenas", "Rink", "--points", "5,2")
    run(db, "allstar", "season", "team", "Ana", "1", bus_team("Ana", 1))
    run(db, "allstar", "season", "team", "Ben", "1", bus_team("Ben", 1))
    run(db, "allstar", "season", "resolve")
    run(db, "allstar", "season", "arenas", "Dome", "Bowl", "--points", "5,2", "--points", "4,1")
    term = Terminal(db, "allstar", "play")
    term.expect("Teams in play:")
    term.answer(
        "Ana's team of round 1 (Ducks-1 Ducks-2 Ducks-3 Ducks-4 Ducks-5, Power 5)", "duc-5 duc-9"
    )
    term.answer("Ana's new team?", "hor-1 hor-2 hor-3 hor-4 hor-5")
    term.answer("Which Bus for Ana's new team? (Bus 1 Dome · Bus 2 Bowl)", "<")  # back one
    term.expect("back one question")
    term.answer("Ana's new team?", "hor-1 hor-2 hor-3 hor-4 hor-6")
    term.answer("Which Bus for Ana's new team?", "2")
    term.expect("Ana Bus 1: Ducks-1 Ducks-2 Ducks-3 Ducks-4 Ducks-9 (Power 5; team of round 1")
    term.answer("Ben's team of round 1", "")  # keep
    # A card of Ana's teams cannot join Ben's new team: the reason shows, it asks again.
    term.answer("Ben's new team?", "duc-5 tig-2 tig-3 tig-4 tig-5")
    term.expect("card Ducks-5 is Ana's")
    term.send("\x15tig-1 tig-2 tig-3 tig-4 tig-5\r")
    term.answer("Which Bus for Ben's new team?", "")  # Bus 1
    term.answer("All teams are in: resolve round 2?", "stop")
    assert term.finish() == 0
    now = status(db)
    assert [(t["bus"], t["team"], t["swap"]) for t in now["lineups"]["Ana"]] == [
        (1, "round 1", {"out": "Ducks-5", "in": "Ducks-9"}),
        (2, "new", None),
    ]
    assert [(t["bus"], t["team"]) for t in now["lineups"]["Ben"]] == [(1, "new"), (2, "round 1")]
    # Undo takes back Ben's whole step (his new team and its Bus) at once.
    term = Terminal(db, "allstar", "play")
    term.answer("All teams are in: resolve round 2?", "<")
    term.expect("undone: team (Ben Bus 1)")
    term.expect("Ben's team of round 1")
    term.interrupt()
    assert term.finish() == 130
    assert status(db)["missing_teams"] == ["Ben new team"]


@pytest.mark.slow
def test_named_substitutions_give_the_next_play_off_team(db):
    """ "Each Manager first chooses 2, 3 or 4 Hockey Player cards from their Bench ... Each
    Manager then chooses the same number of cards from their Team and discards them"."""
    stored_regular_season(db, version=2)
    term = Terminal(db, "allstar", "play")
    term.answer("The Play-Off Points card", "20,15,13,11")
    for manager in ("Ana", "Ben", "Cy"):
        term.answer(f"{manager}'s Play-Off team?", bus_team(manager, 1))
    term.answer("Damien's Play-Off team?", "eag-1,eag-2,rab-3,rab-4,hor-6")
    term.expect("Damien is eliminated (lowest Power)")
    term.answer("Ana: which cards leave the team (back in the box)?", "duc-1 duc-2")
    term.answer("Ana: which Bench cards come in for them?", "hor-1")  # one for two
    term.expect("substitute as many cards in as out (2 out, 1 in)")
    term.send("\x15duc-6 duc-7\r")
    term.expect("Ana's next team: Ducks-3 Ducks-4 Ducks-5 Ducks-6 Ducks-7 (Power 5")
    term.answer("Ben: which cards leave the team (back in the box)?", "bea-1 bea-2")
    term.answer("Ben: which Bench cards come in for them?", "bea-6 bea-7")
    term.answer("Cy: which cards leave the team (back in the box)?", "sha-1 sha-2")
    term.answer("Cy: which Bench cards come in for them?", "pan-1 pan-2")
    # Every team follows from its substitution: no team is asked.
    term.expect("Cy's team follows from the substitution: Sharks-3 Sharks-4 Sharks-5 Pandas-1")
    term.expect("Cy is eliminated (lowest Power): 3rd place, +13 Supporters")
    term.answer("Ana: which cards leave the team (back in the box)?", "duc-3 duc-4")
    term.answer("Ana: which Bench cards come in for them?", "duc-8 duc-9")
    term.answer("Ben: which cards leave the team (back in the box)?", "bea-3 bea-4")
    term.answer("Ben: which Bench cards come in for them?", "tig-1 tig-2")
    term.expect("Ben is eliminated (lowest Power): 2nd place, +15 Supporters")
    term.expect("Ana wins the Play-Offs")
    term.answer("Finish the game now?", "")
    assert term.finish() == 0
    listed = json.loads(run(db, "history", "list", "--game", "allstar", "--json").stdout)
    assert listed["matches"][0]["result"]["playoff_scores"] == {
        "Ana": 20,
        "Ben": 15,
        "Cy": 13,
        "Damien": 11,
    }
