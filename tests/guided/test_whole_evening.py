"""Issue 32, "Done when": a whole evening from a fresh database with no catalogue imported.

Every game is started from the bare `companion` menu; a Valley Hoopers Series is played by
people (Ana manages the Keepers, Ben the Unleashed) across two evenings (two invocations on
the same database, the clock a day apart), and two games played without the companion are
logged. History, stats and the Series then say what the table saw: every result with the
people as players, never a tribe.

What the table plays at the board is caught up outside the prompts where guided play would
take hundreds of answers: a Valley Hoopers match's points and turns (`play_out`), a draft's
picks (the CLI). All-Star Draft and Playlist are played from the menu to their end."""

from __future__ import annotations

import pytest

from companion.store import clock
from tests.games.otdraft.test_cli_free_names import status_order

EVENING_1, EVENING_2 = "2026-11-27T19:30:00+00:00", "2026-11-28T20:00:00+00:00"


def play_out(db, home: str, away: str, per_period=(10, 8)) -> None:
    """The table plays the match out at the board: each period's points, then its turns."""
    from companion.engine.events import event
    from companion.games.hoopers.table import HoopersTable
    from companion.store import Store

    table = HoopersTable(Store(db))
    for _ in range(4):
        table.record(
            event("score", team=home, points=per_period[0], hooper=None),
            event("score", team=away, points=per_period[1], hooper=None),
            *[event("turn", again=False)] * 16,
        )


@pytest.fixture
def evening(monkeypatch):
    """Set the wall clock to an evening (the store stamps every record with it)."""

    def at(when: str) -> None:
        monkeypatch.setattr(clock, "wall", lambda: when)

    return at


def series_evening_1(cli, db, scripted, evening):
    evening(EVENING_1)
    flow = scripted
    flow.answer("What now?", "start")
    flow.answer("Which game?", "series")
    flow.answer("First tribe?", "")
    flow.answer("Second tribe?", "")
    flow.answer("Who manages Keepers?", "Ana")
    flow.answer("Who manages Unleashed?", "Ben")
    flow.answer("Who is at home in game 1?", "kee")
    flow.answer("Keepers: the setup's star upgrade", "")
    flow.answer("Unleashed: the setup's star upgrade", "")
    flow.answer("Play its first game now?", "")
    left_at_the_first_turn(flow, "Keepers", "Ana")
    play_out(db, "Ana", "Ben")


def left_at_the_first_turn(flow, attacker: str, manager: str) -> None:
    """A Series game's setup answered with its defaults, left (Ctrl-C) at its first turn:
    the table plays the game out at the board."""
    flow.answer("Give the line-ups", "")
    flow.answer("first hot step?", "")
    flow.answer("first cold step?", "")
    flow.answer("Who attacks first?", attacker)
    flow.expect(f"F1: {manager}'s fundamental?")
    flow.interrupt()
    assert flow.run().exit_code == 130


def series_game_ends(scripted, game: int, winner: str):
    flow = scripted
    flow.answer("What now?", "continue series")
    flow.answer("Play the next game of this series?", "")
    flow.answer("The match is over. End it", "")
    flow.answer("Keepers: gameplan milestones", "")
    flow.answer("Unleashed: gameplan milestones", "")
    flow.answer("tribe marker", "")
    flow.answer(f"{winner}: the hooper upgrade card from the deck?", "none")
    flow.answer(f"Start game {game + 1} now?", "no")
    flow.answer("What now?", "quit")
    assert flow.run().exit_code == 0


def series_evening_2(cli, db, scripted, evening):
    """The next evening, a new invocation on the same database: game 2, then its end."""
    evening(EVENING_2)
    flow = scripted
    flow.answer("What now?", "continue series")
    flow.answer("Play the next game of this series?", "")
    left_at_the_first_turn(flow, "Unleashed", "Ben")
    play_out(db, "Ana", "Ben", per_period=(8, 9))
    series_game_ends(scripted, 2, "Unleashed")


def friendly_match(db, scripted):
    """Valley Hoopers from the bare menu: started, played out at the board, ended here."""
    flow = scripted
    flow.answer("What now?", "start")
    flow.answer("Which game?", "hoopers")
    flow.answer("Home team", "Cy")
    flow.answer("Away team?", "Dee")
    flow.answer("Cy's tribe?", "")
    flow.answer("Dee's tribe?", "")
    flow.answer("Give the line-ups", "")
    flow.answer("Period milestones", "")
    flow.answer("Who attacks first?", "Cy")
    flow.answer("Play the first attacking turn now?", "n")
    flow.answer("What now?", "quit")
    assert flow.run().exit_code == 0
    play_out(db, "Cy", "Dee")  # the table played the match out at the board
    flow.answer("What now?", "continue hoopers")
    flow.answer("Play the next attacking turn of this hoopers match?", "")
    flow.answer("The match is over. End it and file it in history?", "")
    flow.expect("Cy")
    flow.answer("What now?", "quit")
    assert flow.run().exit_code == 0


def draft_ended_with_the_scorepad(cli, scripted) -> None:
    """OT Fantasy Draft from the menu with no catalogue: the cards by name, the seven rounds
    picked at the table (recorded from the command line here, to keep the test short), then
    the menu's end takes each team's total from the scorepad."""
    flow = scripted
    flow.answer("What now?", "start")
    flow.answer("Which game?", "otdraft")
    flow.answer("Players, clockwise", "Ana,Ben")
    flow.answer("Who starts?", "Ana")
    flow.expect("No card catalogue is imported")
    flow.answer("Which cards?", "")  # names: the table's own cards
    flow.answer("Play the first picks now?", "n")
    flow.answer("What now?", "quit")
    assert flow.run().exit_code == 0
    assert cli("otdraft", "game", "secret", "Ana", "C20").exit_code == 0
    assert cli("otdraft", "game", "secret", "Ben", "C21").exit_code == 0
    number = 1
    for _ in range(7):
        for player in status_order(cli):
            assert cli("otdraft", "game", "pick", player, f"C{number:02d}").exit_code == 0
            number += 1
    flow.answer("What now?", "continue otdraft")
    flow.answer("Play the next picks", "")
    flow.answer("Score the teams and finish?", "")
    flow.answer("How are the teams scored?", "")  # type each team's total
    flow.answer("Ana's total on the scorepad?", "41")
    flow.answer("Ben's total on the scorepad?", "38")
    flow.expect("Ana wins.")
    flow.answer("What now?", "quit")
    assert flow.run().exit_code == 0


def allstar_and_playlist_played(scripted) -> None:
    """All-Star Draft and Playlist from the menu with no catalogue or card list, each to its
    end: an All-Star season of two managers (heritage), its tie asking the species order the
    table has not confirmed (a list without placeholders), and its Play-Offs; a Playlist
    that fifteen songs end (the last round is played out)."""
    flow = scripted
    flow.answer("What now?", "start")
    flow.answer("Which game?", "allstar")
    flow.answer("Managers, in seating order", "Ana,Ben")
    flow.answer("Two managers: which mode?", "")
    flow.answer("Species of the draw pile?", "car,eag,sha,tig,pan")
    flow.answer("Does the companion hold the decks", "")
    flow.answer("Play the first round now?", "")
    flow.answer("Bus 1 arena?", "Rink")
    flow.answer("Supporters for 1st", "5,2")
    flow.answer("Ana's Bus 1 team", "car-1,car-2,car-3,car-4,car-5")
    flow.answer("Ben's Bus 1 team", "eag-1,eag-2,eag-3,eag-4,eag-5")
    flow.answer("resolve round 1?", "")
    # A tie on Power rests on the species order, which the rulebook does not print: asked.
    flow.expect("depends on the species order on your Tie-Breaker card, not confirmed yet")
    flow.answer("The species, weakest first?", "")
    flow.answer("Go on to round 2?", "")
    flow.answer("Bus 1 arena?", "Dome")
    flow.answer("Supporters for 1st", "4,1")
    flow.answer("Bus 2 arena?", "Bowl")
    flow.answer("Supporters for 1st", "3,1")
    flow.answer("Ana's team of round 1", "")
    flow.answer("Ana's new team", "sha-1,sha-2,sha-3,sha-4,sha-5")
    flow.answer("Which Bus for Ana's new team?", "")
    flow.answer("Ben's team of round 1", "")
    flow.answer("Ben's new team", "tig-1,tig-2,tig-3,tig-4,tig-5")
    flow.answer("Which Bus for Ben's new team?", "")
    flow.answer("resolve round 2?", "")
    flow.answer("Go on to round 3?", "")
    flow.answer("Bus 1 arena?", "Pit")
    flow.answer("Supporters for 1st", "6,2")
    flow.answer("Bus 2 arena?", "Hall")
    flow.answer("Supporters for 1st", "5,2")
    flow.answer("Bus 3 arena?", "Yard")
    flow.answer("Supporters for 1st", "4,2")
    third = {"Ana": "pan-1,pan-2,pan-3,pan-4,pan-5", "Ben": "pan-6,pan-7,pan-8,pan-9,car-6"}
    for who, team in third.items():
        flow.answer(f"{who}'s team of round 1", "")
        flow.answer(f"{who}'s team of round 2", "")
        flow.answer(f"{who}'s new team", team)
        flow.answer(f"Which Bus for {who}'s new team?", "")
        flow.answer(f"Which Bus for {who}'s team of round 1", "")
    flow.answer("resolve round 3?", "")
    flow.answer("Go on to the Play-Offs?", "")
    flow.answer("The Play-Off Points card", "20,15")
    flow.answer("Ana's Play-Off team?", "sha-1,sha-2,sha-3,sha-4,sha-5")
    flow.answer("Ben's Play-Off team?", "tig-1,tig-2,tig-3,tig-4,eag-9")
    flow.answer("Ana: which cards leave the team", "sha-1,sha-2")
    flow.answer("Ana: which Bench cards come in", "sha-6,sha-7")
    flow.answer("Ben: which cards leave the team", "tig-1,eag-9")
    flow.answer("Ben: which Bench cards come in", "car-7,car-8")
    flow.answer("Ana: which cards leave the team", "sha-3,sha-4")
    flow.answer("Ana: which Bench cards come in", "car-1,car-2")
    flow.answer("Ben: which cards leave the team", "tig-2,tig-3")
    flow.answer("Ben: which Bench cards come in", "pan-6,pan-7")
    flow.expect("Ben is eliminated (lowest Power)")
    flow.answer("Finish the game now?", "")
    flow.expect("Ana wins")
    flow.answer("What now?", "start")
    flow.answer("Which game?", "playlist")
    flow.answer("Players in seat order", "Ana,Ben")
    flow.answer("Who starts?", "Ben")
    flow.expect("Round 1: Ben to play.")
    flow.answer("Play the first turns now?", "")
    flow.answer("Ben's assignment cards (first turn)?", "")
    flow.answer("Ben adds songs", ", ".join(f"pop/1/love+piano+ballad/s{n}" for n in range(1, 16)))
    flow.answer("Ben's song?", "")
    flow.answer("End Ben's turn?", "")
    flow.expect("this is the last round (Ana still to play)")
    flow.answer("Ana's assignment cards (first turn)?", "")
    flow.answer("Ana adds songs", "rock/1/drums+bass+sad/r1, rock/1/drums+bass+death/r2")
    flow.answer("Ana's song?", "")
    flow.answer("End Ana's turn?", "")
    flow.answer("Score the playlists and finish?", "")
    flow.expect("Ben wins")
    flow.answer("What now?", "quit")
    assert flow.run().exit_code == 0
    assert "Unknown" not in flow.text


def logged_games(cli) -> None:
    """Two games played without the companion, logged the next evening."""
    played = cli("log", "playlist", "Ana=3", "Ben=9", "Cy=5", "--when", "yesterday")
    assert played.exit_code == 0, played.stderr
    drafted = cli("log", "otdraft", "Ana=41", "Dee=38", "--order", "Dee,Ana")
    assert drafted.exit_code == 0, drafted.stderr


def assert_the_people_played(cli, expected: set[str]) -> None:
    matches = cli("history", "list", "--json").json["matches"]
    players = {p for m in matches for p in m["players"]}
    assert players == expected  # people only: no tribe is a player
    assert all(m["status"] in ("finished", "logged", "live") for m in matches)
    stats = cli("history", "stats", "--json").json
    counted = {row["player"] for row in stats["players"]}
    assert counted == expected
    assert {"Keepers", "Unleashed"}.isdisjoint(counted)
    listed = cli("history", "players", "--json").json["players"]
    assert {row["player"] for row in listed} == expected


def assert_the_series_has_both_games(cli) -> None:
    series = cli("hoopers", "series", "status", "--json").json
    assert series["managers"] == {"Keepers": "Ana", "Unleashed": "Ben"}
    games = [(g["number"], g["score"], g["winner"]) for g in series["games"][:2]]
    assert games == [
        (1, {"Keepers": 40, "Unleashed": 32}, "Keepers"),
        (2, {"Keepers": 32, "Unleashed": 36}, "Unleashed"),
    ]
    shown = cli("hoopers", "series", "status").stdout
    assert "Keepers (Ana) 1 – 1 Unleashed (Ben)" in shown
    matches = cli("history", "list", "--json").json["matches"]
    by_day = {m["id"]: (m["finished"] or "")[:10] for m in matches}
    ids = [g["match_id"] for g in series["games"][:2]]
    assert [by_day[i] for i in ids] == [EVENING_1[:10], EVENING_2[:10]]
    ana = cli("history", "stats", "--player", "Ana", "--json")
    assert ana.exit_code == 0, ana.stderr


@pytest.mark.slow
def test_a_whole_evening_from_a_fresh_database_without_a_catalogue(cli, db, scripted, evening):
    evening(EVENING_1)
    friendly_match(db, scripted)
    draft_ended_with_the_scorepad(cli, scripted)
    series_evening_1(cli, db, scripted, evening)
    series_game_ends(scripted, 1, "Keepers")
    series_evening_2(cli, db, scripted, evening)
    logged_games(cli)
    allstar_and_playlist_played(scripted)
    assert_the_people_played(cli, {"Ana", "Ben", "Cy", "Dee"})
    assert_the_series_has_both_games(cli)
    drafts = cli("history", "list", "--game", "otdraft", "--json").json["matches"]
    tracked = next(m for m in drafts if m["players"] == ["Ana", "Ben"])
    assert (tracked["result"]["scores"], tracked["result"]["winner"]) == (
        {"Ana": 41, "Ben": 38},
        "Ana",
    )

    (season,) = cli("history", "list", "--game", "allstar", "--json").json["matches"]
    assert (season["status"], season["result"]["winner"]) == ("finished", "Ana")
    playlists = cli("history", "list", "--game", "playlist", "--json").json["matches"]
    played = next(m for m in playlists if m["status"] == "finished")
    assert (sorted(played["players"]), played["result"]["winner"]) == (["Ana", "Ben"], "Ben")


def test_fast_a_series_game_by_people_and_a_log_the_next_evening(cli, db, scripted, evening):
    """The fast loop's variant: the Series' first game, then a logged game the next evening;
    the people are the players, the tribes their roles."""
    series_evening_1(cli, db, scripted, evening)
    series_game_ends(scripted, 1, "Keepers")
    evening(EVENING_2)
    assert cli("log", "playlist", "Ana=3", "Ben=9").exit_code == 0
    assert_the_people_played(cli, {"Ana", "Ben"})
    series = cli("hoopers", "series", "status", "--json").json
    assert series["games"][0]["winner"] == "Keepers"
    assert "Keepers (Ana) 1 – 0 Unleashed (Ben)" in cli("hoopers", "series", "status").stdout
