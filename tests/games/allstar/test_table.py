"""The All-Star table: the common verbs and status, watch, and the menu in a real terminal."""

from __future__ import annotations

import pytest

from companion.games.allstar.table import AllStarTable
from companion.store import Store
from tests.conftest import assert_user_error
from tests.games.allstar.test_season import bus_team, start, stored_regular_season

CORE = ("id", "game", "status", "players", "scores", "next")


def test_status_json_has_the_common_core_beside_the_game_keys(cli):
    started = start(cli, ["Ana", "Ben", "Cy"]).json
    status = cli("allstar", "season", "status", "--json").json
    for doc in (started, status):
        assert {k: doc[k] for k in ("game", "status", "players")} == {
            "game": "allstar",
            "status": "live",
            "players": ["Ana", "Ben", "Cy"],
        }
        assert doc["scores"] == {"Ana": 0, "Ben": 0, "Cy": 0}
        assert doc["next"] == "round 1: place 1 arena, Bus 1 at the top"
        assert doc["id"] == started["id"]
        assert (doc["round"], doc["phase"]) == (1, "arenas")
        assert doc["tickets"] == {"Ana": 1, "Ben": 1, "Cy": 1}
    cli("allstar", "season", "arenas", "Rink", "--points", "13,10,7")
    after = cli("allstar", "season", "team", "Ana", "1", bus_team("Ana", 1), "--json").json
    assert set(CORE) <= set(after) and "outcome" in after
    assert after["next"] == "round 1: still to come: Ben Bus 1, Cy Bus 1"


def test_playoff_status_scores_include_the_playoff_supporters(cli, db):
    stored_regular_season(db)
    before = cli("allstar", "season", "status", "--json").json
    teams = [f"{m}={bus_team(m, 1)}" for m in ("Ana", "Ben", "Cy")]
    out = cli(
        "allstar",
        "season",
        "playoff",
        "round",
        *teams,
        "Damien=eag-1,eag-2,rab-3,rab-4,car-5",
        "--points",
        "20,15,13,11",
        "--json",
    ).json
    assert out["scores"]["Damien"] == before["scores"]["Damien"] + 11
    assert out["next"] == "substitutions (2 to 4 cards) for Ana, Ben, Cy"


def test_abandon_files_the_game_as_abandoned(cli):
    started = start(cli, ["Ana", "Ben", "Cy"]).json
    done = cli("allstar", "season", "abandon", "--json").json
    assert (done["id"], done["status"]) == (started["id"], "abandoned")
    listed = cli("history", "list", "--game", "allstar", "--json").json["matches"]
    assert [(m["id"], m["status"]) for m in listed] == [(started["id"], "abandoned")]
    assert_user_error(cli("allstar", "season", "status"), "no live allstar match")


def test_end_is_refused_while_the_game_is_not_over(cli, db):
    start(cli, ["Ana", "Ben", "Cy"])
    before = db.read_bytes()
    assert_user_error(cli("allstar", "season", "end"), "the game is not over yet (phase: arenas)")
    assert db.read_bytes() == before


class OtherTerminalUndoesFirst(Store):
    """A store where another terminal takes back the last event just before each undo."""

    def undo_events(self, game, count, check=None, keep=None):
        Store.undo_events(self, game, 1)
        return Store.undo_events(self, game, count, check, keep=keep)


def test_what_may_be_undone_is_decided_on_the_freshest_log(cli, db):
    start(cli, ["Ana", "Ben", "Cy"])
    cli("allstar", "season", "arenas", "Rink", "--points", "13,10,7")
    table = AllStarTable(OtherTerminalUndoesFirst(db))
    # The other terminal took back the arenas: only the setup is left, and it stays.
    with pytest.raises(Exception, match="nothing to undo since the setup"):
        table.undo()
    assert [e["type"] for e in Store(db).current_match("allstar")["events"]] == ["setup"]


def test_a_guided_undo_of_a_step_changed_elsewhere_takes_nothing_back(cli, db):
    start(cli, ["Ana", "Ben", "Cy"])
    cli("allstar", "season", "arenas", "Rink", "--points", "13,10,7")
    table = AllStarTable(Store(db))
    stale = [dict(e) for e in table.current()["events"][-1:]]
    cli("allstar", "season", "team", "Ana", "1", bus_team("Ana", 1))
    with pytest.raises(Exception, match="changed in another terminal"):
        table.undo(expected=stale)
    assert len(table.current()["events"]) == 3


def test_watch_once_json_is_the_season_status_with_each_managers_supporters(cli):
    start(cli, ["Ana", "Ben"], "--mode", "heritage")
    cli("allstar", "season", "arenas", "Rink", "--points", "5,2")
    cli("allstar", "season", "team", "Ana", "1", bus_team("Ana", 1))
    cli("allstar", "season", "team", "Ben", "1", bus_team("Ben", 1))
    cli("allstar", "season", "resolve")
    watched = cli("watch", "--once", "--json", "--game", "allstar")
    assert watched.exit_code == 0, watched.stderr
    assert watched.json == cli("allstar", "season", "status", "--json").json
    assert watched.json["scores"] == {"Ana": 5, "Ben": 2}


def test_watch_once_draws_the_fan_zone_round_tickets_and_eliminations(cli, db):
    start(cli, ["Ana", "Ben", "Cy"])
    frame = cli("watch", "--once", "--game", "allstar").stdout
    assert "round 1, arenas" in frame
    assert "Fan Zone:" in frame and "Ana" in frame and "Cy" in frame
    assert "Play-Off tickets: Ana 1, Ben 1, Cy 1" in frame
    assert "next: round 1: place 1 arena" in frame
    cli("allstar", "season", "abandon")
    stored_regular_season(db)
    teams = [f"{m}={bus_team(m, 1)}" for m in ("Ana", "Ben", "Cy")]
    cli(
        "allstar",
        "season",
        "playoff",
        "round",
        *teams,
        "Damien=eag-1,eag-2,rab-3,rab-4,car-5",
        "--points",
        "20,15,13,11",
    )
    frame = cli("watch", "--once").stdout
    assert "Play-Offs, playoffs" in frame
    assert "out: Damien (lowest Power) — 4th, +11" in frame
    assert "Play-Offs: in Ana, Ben, Cy; tickets Ana 0, Ben 0, Cy 0" in frame


@pytest.mark.slow
def test_menu_starts_an_allstar_game_and_continues_it(db):
    from tests.guided.terminal import Terminal, json_of

    term = Terminal(db)
    term.answer("What now?", "start")
    term.answer("Which game?", "all")
    term.answer("Managers, in seating order", "Ana,Ben")
    term.answer("Two managers: which mode?", "duel")
    term.answer("The 5 Species of the draw pile?", "duc,hor,bea,tig,xyz")
    term.expect("no species 'xyz'")
    term.send("\x15duc,hor,bea,tig,car\r")
    term.answer("Does the companion hold the decks", "")
    term.expect("started.")
    term.expect("Draft: duel")
    term.answer("Play the first round now?", "n")
    term.expect("live: allstar match")
    term.answer("What now?", "")  # continue the live game
    term.expect("round 1, arenas")
    term.answer("Play the next round of this allstar match?", "")
    term.answer("Bus 1 arena?", "Rink")
    term.answer("Supporters for 1st, 2nd, … place in Rink?", "5,2")
    term.answer("Ana's Bus 1 team (Rink)?", bus_team("Ana", 1))
    term.interrupt()
    assert term.finish() == 130
    now = json_of(db, "allstar", "season", "status")
    assert (now["players"], now["mode"], now["phase"]) == (["Ana", "Ben"], "duel", "teams")
    assert now["missing_teams"] == ["Ben Bus 1"]
