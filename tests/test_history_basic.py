"""`companion history list|show|players` over the store (foundation contract)."""

from __future__ import annotations

from companion.store import Store
from tests.conftest import assert_user_error
from tests.events import append


def record(db, game, players, scores):
    store = Store(db)
    match = store.start_match(game, players, seed=11)
    append(store, game, "score", {"scores": scores})
    winner = max(scores, key=scores.get)
    store.finish_match(game, {"scores": scores, "winner": winner})
    return match["id"]


def test_list_filters_by_game_and_player(cli, db):
    hoopers = record(db, "hoopers", ["Ana", "Ben"], {"Ana": 78, "Ben": 75})
    record(db, "playlist", ["Ana", "Cy", "Dee"], {"Ana": 20, "Cy": 25, "Dee": 12})
    everything = cli("history", "list", "--json").json["matches"]
    assert len(everything) == 2
    only = cli("history", "list", "--game", "hoop", "--json").json["matches"]
    assert [m["id"] for m in only] == [hoopers]
    assert only[0]["result"] == {"scores": {"Ana": 78, "Ben": 75}, "winner": "Ana"}
    cys = cli("history", "list", "--player", "cy", "--json").json["matches"]
    assert [m["game"] for m in cys] == ["playlist"]


def test_show_gives_the_event_log_and_seed(cli, db):
    match_id = record(db, "hoopers", ["Ana", "Ben"], {"Ana": 78, "Ben": 75})
    shown = cli("history", "show", match_id[:4], "--json").json
    assert shown["seed"] == 11
    assert [e["type"] for e in shown["events"]] == ["score"]
    human = cli("history", "show", match_id).stdout
    assert f"hoopers match {match_id}" in human
    assert "seed: 11" in human


def test_show_unknown_id(cli, db):
    record(db, "hoopers", ["Ana", "Ben"], {"Ana": 1, "Ben": 0})
    assert_user_error(cli("history", "show", "zzzz"), "no match 'zzzz'")


def test_players_counts_matches(cli, db):
    record(db, "hoopers", ["Ana", "Ben"], {"Ana": 1, "Ben": 0})
    record(db, "otdraft", ["ana", "Cy"], {"ana": 1, "Cy": 0})
    rows = cli("history", "players", "--json").json["players"]
    assert rows[0] == {"player": "Ana", "matches": 2}


def test_unknown_game_filter(cli):
    assert_user_error(cli("history", "list", "--game", "chess"), "no game 'chess'")


def test_demo_records_into_a_given_database(cli, db):
    result = cli("demo", "table")
    assert result.exit_code == 0
    assert "Ben goes first." in result.stdout
    matches = cli("history", "list", "--json").json["matches"]
    assert [m["game"] for m in matches] == ["table"]


def test_demo_without_db_leaves_nothing_behind(cli, monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DB", "")
    result = cli("demo", "table", database=None)
    assert result.exit_code == 0
    assert "throwaway" in result.stdout


def test_demo_narration_matches_what_happens(cli, db):
    out = cli("demo", "table").stdout
    assert "only answer" in out  # roll, deal and first-player record nothing
    rolled = cli("history", "list", "--json").json["matches"][0]
    shown = cli("history", "show", rolled["id"], "--json").json
    winner = shown["result"]["winner"]
    assert f"'{winner}' rolled highest" in out
