"""`companion playlist play` driven through a real pseudo-terminal: typed answers, read screens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.guided.terminal import Terminal, json_of, run

P1, P2, P3 = (
    "pop/1/love+piano+ballad/p1",
    "pop/2/love+dancing+feel-good/p2",
    "pop/3/love+drums+synth/p3",
)
R1, R2 = "rock/1/drums+bass+sad/r1", "rock/1/drums+bass+death/r2"


def start(db: Path) -> None:
    done = run(db, "playlist", "game", "start", "--players", "Ana,Ben", "--first", "Ana")
    assert done.returncode == 0, done.stderr


def status(db: Path) -> dict:
    return json_of(db, "playlist", "game", "status")


def titles(now: dict, player: str) -> list[str]:
    return [c["title"] for c in now["playlists"][player]]


@pytest.mark.slow
def test_links_are_checked_songs_taken_and_undone(db):
    start(db)
    term = Terminal(db, "playlist", "play")
    term.answer("Ana's assignment cards (first turn)?", "3:pop=3")
    term.answer("Ana adds songs (a new playlist: at least 2 cards)?", P1)
    term.expect("start one with at least 2 cards (got 1)")  # refused: the question stays
    term.send(f"\x15{P1}, {R1}\r")
    term.expect("cannot add r1")
    assert status(db)["lengths"] == {"Ana": 0, "Ben": 0}
    term.send(f"\x15{P1}, {P2}, {P3}\r")
    term.expect("3. p3 — pop, 3 pt")
    term.expect("✓ shares love")
    term.answer("Ana's song? [sung / taken / false-call] (sung)", "ta")
    term.answer("Taken by?", "")
    term.expect("Ben takes p3: does not match: put away")
    assert titles(status(db), "Ana") == ["p1", "p2"]
    term.answer("End Ana's turn?", "<")  # back one question: the taken song comes back
    term.expect("undone: Ana loses p3; Ben takes p3")
    assert titles(status(db), "Ana") == ["p1", "p2", "p3"]
    term.answer("Ana's song?", "")
    term.answer("End Ana's turn?", "")
    term.expect("assignment 3:pop=3 completed: turn it over")
    term.expect("three pop songs placed: take an extra action card")
    term.answer("Ana's new assignment card?", "2:rock=1")
    term.answer("Ben's assignment cards (first turn)?", "")
    term.answer("Ben adds songs", f"{R1} {R2}")
    term.answer("Ben's song?", "false")
    term.answer("Who called the bluff?", "")
    term.expect("Ana loses p3")
    term.answer("End Ben's turn?", "stop")
    assert term.finish() == 0

    now = status(db)
    assert (titles(now, "Ana"), titles(now, "Ben")) == (["p1", "p2"], ["r1", "r2"])
    assert now["turn"] == {"player": "Ben", "round": 1, "number": 2}
    assert [a["completed"] for a in now["assignments"]["Ana"]] == [True, False]


@pytest.mark.slow
def test_the_last_round_is_played_out_and_scored(db):
    start(db)
    songs = ", ".join(f"pop/1/love+piano+ballad/s{n}" for n in range(1, 16))
    term = Terminal(db, "playlist", "play")
    term.answer("Ana's assignment cards (first turn)?", "")
    term.answer("Ana adds songs", songs)
    term.expect("Ana: 15 songs")
    term.answer("Ana's song?", "")
    term.answer("End Ana's turn?", "")
    term.expect("this is the last round (Ben still to play)")
    term.answer("Ben's assignment cards (first turn)?", "")
    term.answer("Ben adds songs", f"{R1}, {R2}")
    term.answer("Ben's song?", "")
    term.answer("End Ben's turn?", "")
    term.answer("Score the playlists and finish?", "")
    term.expect("Ana wins")
    assert term.finish() == 0

    assert run(db, "playlist", "game", "status").returncode == 2  # no live game any more
    listed = json.loads(run(db, "history", "list", "--game", "playlist", "--json").stdout)
    result = listed["matches"][0]["result"]
    # Ana: 15 cards + the 15-song bonus + 13 for fifteen pop songs; Ben: 2 cards.
    assert result["scores"] == {"Ana": 15 + 1 + 13, "Ben": 2}
    assert (result["winner"], result["lengths"]) == ("Ana", {"Ana": 15, "Ben": 2})


def test_ctrl_c_keeps_what_was_recorded_and_off_a_terminal_is_an_error(db):
    start(db)
    term = Terminal(db, "playlist", "play")
    term.answer("Ana's assignment cards (first turn)?", "")
    term.answer("Ana adds songs", f"{P1}, {P2}")
    term.expect("Ana's song?")
    term.interrupt()
    assert term.finish() == 130
    assert "interrupted; everything recorded so far is kept" in term.text
    assert titles(status(db), "Ana") == ["p1", "p2"]
    done = run(db, "playlist", "play")
    assert done.returncode == 2
    assert done.stderr.startswith("error: 'companion playlist play' asks questions")
    assert len(done.stderr.splitlines()) == 1


@pytest.mark.slow
def test_menu_starts_a_playlist_game_and_continues_it(db):
    term = Terminal(db)
    term.answer("What now?", "start")
    term.answer("Which game?", "playlist")
    term.answer("Players in seat order", "Ana,Ben")
    term.answer("Who starts?", "Ben")
    term.expect("Ben starts (chosen).")
    term.expect("Round 1: Ben to play.")
    term.answer("Play the first turns now?", "")
    term.answer("Ben's assignment cards (first turn)?", "")
    term.answer("Ben adds songs", f"{P1}, {P2}")
    term.answer("Ben's song?", "")
    term.answer("End Ben's turn?", "stop")
    term.expect("live: playlist match")
    term.answer("What now?", "quit")
    assert term.finish() == 0
    now = status(db)
    assert (now["players"], titles(now, "Ben")) == (["Ben", "Ana"], ["p1", "p2"])

    term = Terminal(db)
    term.answer("What now?", "continue playlist")
    term.expect("p1 → p2")  # the scoreboard
    term.answer("Play the next turns of this playlist match?", "")
    term.answer("Ben's song?", "")
    term.answer("End Ben's turn?", "")
    term.expect("Round 1: Ana to play.")
    term.answer("Ana's assignment cards (first turn)?", "")
    term.answer("Ana adds songs", f"{R1}, {R2}")
    term.answer("Ana's song?", "")
    term.answer("End Ana's turn?", "stop")
    term.answer("What now?", "quit")
    assert term.finish() == 0
    now = status(db)
    assert titles(now, "Ana") == ["r1", "r2"] and now["turn"]["player"] == "Ana"


@pytest.mark.slow
def test_play_without_a_live_game_offers_to_start_one(db):
    term = Terminal(db, "playlist", "play")
    term.expect("No live playlist game.")
    term.answer("Start one now?", "")  # default: yes
    term.answer("Players in seat order", "Ana,Ben,Cy")
    term.answer("Who starts?", "Cy")
    term.answer("Cy's assignment cards (first turn)?", "")
    term.interrupt()
    assert term.finish() == 130
    now = status(db)
    assert (now["players"], now["turn"]["player"]) == (["Cy", "Ana", "Ben"], "Cy")


@pytest.mark.slow
def test_play_without_a_live_game_can_be_declined(db):
    term = Terminal(db, "playlist", "play")
    term.answer("Start one now?", "no")
    term.expect("'companion playlist game start --help' shows how")
    assert term.finish() == 0
    assert run(db, "playlist", "game", "status").returncode == 2


LAID_OUT = [
    "pop/3/love+piano+ballad/a",
    "pop/3/love+drums+sad/b",
    "pop/3/love+bass+death/c",
    "rock/0/bass+death+movie/x",
    "country/1/guitar+wind+strings/d",
]


@pytest.mark.slow
def test_menu_deals_a_solo_run_and_refuses_a_playlist_that_could_grow(db):
    # "If you cannot add more songs to the Playlist, you can count your score."
    for card in LAID_OUT:
        assert run(db, "playlist", "cards", "add", card).returncode == 0
    term = Terminal(db)
    term.answer("What now?", "start")
    term.answer("Which game?", "playlist-solo")
    term.answer("Who plays this solo run?", "Ana")
    term.answer("How many cards to lay out?", "5")
    term.answer("A round is won with 10 points? [at-least / more-than] (at-least)", "")
    term.expect("Solo round 1: 5 cards (goal: at least 10 points).")
    term.answer("Play the first round now?", "")
    term.answer("Your playlist from the 5 cards", "a, b, c")
    term.expect("#4 x still fits after #3 c")
    term.answer("Count the playlist as it is anyway?", "")  # default: no, the question again
    term.answer("Your playlist from the 5 cards", "a, b, c, x")
    term.expect("won")
    term.answer("Round won: next round with 4 cards?", "")
    term.expect("Solo round 2: 4 cards")
    term.answer("Your playlist from the 4 cards", "stop")
    term.answer("What now?", "quit")
    assert term.finish() == 0
    now = json_of(db, "playlist", "solo", "status")
    assert now["rounds"][0] == {"cards": 5, "score": 10, "wins": True}
    assert (now["round"], now["count"], now["scores"]) == (2, 4, {"Ana": 10})


@pytest.mark.slow
def test_solo_play_deals_a_run_to_the_goal_reading_chosen(db):
    # "The goal is to make a playlist with at least 10 points." — "If you have scored more than
    # 10 points, you won that round." The reading chosen is kept as the table's setting.
    term = Terminal(db, "playlist", "solo", "play")
    term.answer("Deal one now?", "")
    term.answer("Who plays this solo run?", "Ana")
    term.answer("How many cards to lay out?", "3")
    term.answer("A round is won with 10 points?", "more")
    term.expect("The catalogue lists no cards")  # so the table lays them out and says them
    for place, card in enumerate(TEN, 1):
        term.answer(f"Laid-out card {place} of 3?", card)
    term.expect("Solo round 1: 3 cards (goal: more than 10 points).")
    term.answer("Your playlist from the 3 cards", "1, 2, 3")
    term.expect("solo goal: 10 vs more than 10 points → not won")
    term.answer("File it in history?", "")
    term.expect("No round won this run.")
    assert term.finish() == 0
    assert json_of(db, "playlist", "solo", "goal") == {"points": 10, "reading": "more-than"}


TEN = ["pop/3/love+piano+ballad/a", "pop/3/love+drums+sad/b", "pop/3/love+bass+death/c"]


@pytest.mark.slow
def test_guided_play_with_the_companion_holding_the_deck(db):
    # "Each player takes 2 assignment cards, 2 music cards and 2 action cards" — "Take 1 card
    # from the Download List; Add a new card to the Download List from the stockpile", twice.
    for n in range(1, 13):
        assert run(db, "playlist", "cards", "add", f"pop/1/love+piano+ballad/t{n}").returncode == 0
    term = Terminal(db, "playlist", "play", "--seed", "4")
    term.answer("Start one now?", "")
    term.answer("Players in seat order", "Ana,Ben")
    term.answer("Who starts?", "Ana")
    term.answer("Does the companion hold the deck", "y")
    term.expect("the companion deals each player 2 music cards")
    term.answer("Ana's assignment cards (first turn)?", "")  # the table deals those
    term.answer("Ana takes from the Download List (1 of 2)?", "")
    term.expect("refilled with")
    term.answer("Ana takes from the Download List (2 of 2)?", "")
    term.expect("Ana's hand: ")
    mine = [str(c["number"]) for c in json_of(db, "playlist", "game", "hand", "Ana")["music"]]
    term.answer("Ana adds songs", ", ".join(mine[:3]))
    term.answer("Ana's song?", "")
    # "You are not allowed to keep any cards in your hand that you are able to play."
    shown = term.expect("Ana adds songs")
    assert "\u201cIf you are able to make a playlist" in shown and "legal now" in shown
    term.send("none\r")
    # Issue 32: the same refusal again quotes the rule no second time; it says what is legal.
    again = term.expect("legal now")
    assert "Ana cannot end the turn holding" in again and "\u201c" not in again
    term.answer("Ana adds songs", "\x15" + mine[3])  # Ctrl-U: the refused "none" is kept
    term.answer("End Ana's turn?", "")
    term.expect("Ana draws 1 music card from the stockpile")
    term.answer("Ben's assignment cards (first turn)?", "")
    term.expect("Ben takes from the Download List (1 of 2)?")
    term.interrupt()
    assert term.finish() == 130
    now = status(db)
    assert (now["lengths"]["Ana"], now["deck"]["hands"]) == (4, {"Ana": 1, "Ben": 2})
    assert now["deck"]["stockpile"] == 12 - 4 - 5 - 2 - 1  # the deal, two refills, one draw
