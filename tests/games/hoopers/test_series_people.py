"""A Series is played by people: `series start --players Ana=Keepers,Ben=Unleashed`.

Every game of it (a tracked match it starts, a game typed in by hand) is filed with the
people as players and the tribe each manages as their role; history counts the people.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import assert_user_error

K, U = "Keepers", "Unleashed"
ROLES = {"Ana": K, "Ben": U}
PERIODS = "20-18,15-22,21-17,22-18"


@pytest.fixture
def series(cli):
    def run(*args):
        return cli("hoopers", "series", *args)

    return run


@pytest.fixture
def managed(series):
    result = series("start", "--players", "Ana=keep,Ben=Unl", "--home", "kee", "--json")
    assert result.exit_code == 0, result.stderr
    return series


def test_start_with_players_names_who_manages_each_tribe(managed):
    doc = managed("status", "--json").json
    core = {k: doc[k] for k in ("game", "status", "players", "scores")}
    assert core == {
        "game": "series",
        "status": "live",
        "players": ["Ana", "Ben"],
        "scores": {"Ana": 0, "Ben": 0},
    }
    assert doc["id"] and doc["next"].startswith("game 1: Keepers at home")
    assert doc["tribes"] == [K, U] and doc["managers"] == {K: "Ana", U: "Ben"}
    assert doc["wins"] == {K: 0, U: 0}
    shown = managed("status").stdout
    assert "Keepers (Ana) v Unleashed (Ben)" in shown
    assert "Keepers (Ana) 0 – 0 Unleashed (Ben)" in shown


@pytest.mark.parametrize(
    ("players", "fragment"),
    [
        (["Ana=Keepers"], "--players names 1 person: a Series is two people"),
        (["Ana=Keepers,Ben=Keepers"], "Keepers is managed by Ana; one person per tribe"),
        (["Ana=Keepers,ana=Unleashed"], "player 'ana' is named twice"),
        (["Keepers=Keepers,Ben=Unleashed"], "'Keepers' is a tribe of this series, not a person"),
        (["Ana"], "--players 'Ana' is not PERSON=TRIBE"),
        (["Ana=Keepers,B\x07n=Unleashed"], "contains a control character"),
    ],
)
def test_bad_players_are_refused_and_nothing_is_written(series, players, fragment):
    args = [a for p in players for a in ("--players", p)]
    assert_user_error(series("start", *args), fragment)
    assert_user_error(series("status"), "no series yet")


def test_players_match_the_given_tribes_by_prefix(series):
    result = series("start", "--tribes", "Ravens,Owls", "--players", "Ana=ow,Ben=rav", "--json")
    assert result.exit_code == 0, result.stderr
    assert result.json["tribes"] == ["Ravens", "Owls"]
    assert result.json["managers"] == {"Ravens": "Ben", "Owls": "Ana"}
    assert result.json["players"] == ["Ben", "Ana"]


def test_a_start_with_neither_players_nor_tribes_says_how(series):
    assert_user_error(series("start"), "name who manages each tribe")


def test_a_game_recorded_by_hand_is_filed_with_the_people(managed, cli):
    managed("record", "--score", "78-75", "--periods", PERIODS)
    (game,) = cli("history", "list", "--json").json["matches"]
    assert game["players"] == ["Ana", "Ben"]
    assert game["result"]["scores"] == {"Ana": 78, "Ben": 75}
    assert game["result"]["winner"] == "Ana"
    shown = cli("history", "show", game["id"], "--json").json
    assert shown["options"]["roles"] == ROLES
    assert (shown["options"]["home"], shown["options"]["away"]) == ("Ana", "Ben")


def play_match_to_the_end(db, periods, teams=("Ana", "Ben")):
    """Score and end all sixteen turns of each period in one write."""
    from companion.games.hoopers.rules.match import play
    from companion.store import Store

    def change(match):
        log, new = list(match["events"]), []
        for first, second in periods:
            steps = [
                ("score", {"team": teams[0], "points": first, "hooper": None}),
                ("score", {"team": teams[1], "points": second, "hooper": None}),
            ] + [("turn", {"again": False})] * 16
            for kind, data in steps:
                event = play({**match, "events": log}, kind, data).event
                log.append(event)
                new.append(event)
        return new

    Store(db).update_live("hoopers", change)


def test_a_tracked_game_is_played_and_filed_by_the_people(managed, cli, db):
    started = managed("game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge",
                      "--first", "Unl", "--seed", "3", "--json")  # fmt: skip
    assert started.exit_code == 0, started.stderr
    assert started.json["sides"] == {K: "Ana", U: "Ben"}
    live = cli("hoopers", "match", "status", "--json").json
    assert live["players"] == ["Ana", "Ben"]
    assert live["attacking"] == "Ben"  # --first names the tribe; its manager's team starts
    play_match_to_the_end(db, [(10, 8)] * 4)
    assert cli("hoopers", "match", "end").exit_code == 0
    doc = managed("status", "--json").json
    game = doc["games"][0]
    assert (game["score"], game["winner"]) == ({K: 40, U: 32}, K)
    assert doc["scores"] == {"Ana": 1, "Ben": 0} and doc["wins"] == {K: 1, U: 0}
    filed = cli("history", "show", started.json["match_id"], "--json").json
    assert filed["players"] == ["Ana", "Ben"] and filed["options"]["roles"] == ROLES
    assert filed["result"]["winner"] == "Ana"
    # The game's own record still replays to its stored result.
    assert cli("history", "replay", started.json["match_id"]).exit_code == 0


def sweep(series):
    for score in ("80-70", "81-70", "82-70", "83-70"):
        result = series("record", "--score", score, "--json")
        assert result.exit_code == 0, result.stderr


def test_history_counts_the_people_and_keeps_the_tribes_record_apart(managed, cli):
    sweep(managed)
    stats = cli("history", "stats", "--json").json
    rows = {(r["game"], r["player"]): r for r in stats["players"]}
    assert (rows["hoopers", "Ana"]["plays"], rows["hoopers", "Ana"]["wins"]) == (4, 4)
    assert (rows["hoopers", "Ben"]["plays"], rows["hoopers", "Ben"]["wins"]) == (4, 0)
    assert (rows["hoopers-series", "Ana"]["wins"], rows["hoopers-series", "Ben"]["wins"]) == (1, 0)
    assert not {p for _, p in rows} & {K, U}
    games = {g["game"]: g for g in stats["games"]}
    assert games["hoopers"]["by_tribe"][K] == {"plays": 4, "wins": 4, "win_rate": 1.0}
    assert games["hoopers-series"]["series"] == {K: {"won": 1, "lost": 0}, U: {"won": 0, "lost": 1}}
    pairs = {(r["player"], r["opponent"]): r for r in stats["head_to_head"]}
    assert (pairs["Ana", "Ben"]["wins"], pairs["Ana", "Ben"]["losses"]) == (4, 0)
    rated = {r["player"]: r for r in cli("history", "ratings", "--json").json["ratings"]}
    assert set(rated) == {"Ana", "Ben"} and rated["Ana"]["rating"] > rated["Ben"]["rating"]
    assert rated["Ana"]["plays"] == 4
    ended = cli("history", "list", "--game", "hoopers-series", "--json").json["matches"]
    assert ended[0]["players"] == ["Ana", "Ben"] and ended[0]["result"]["winner"] == "Ana"
    assert cli("history", "replay", ended[0]["id"]).exit_code == 0


def test_bg_stats_export_writes_each_tribe_as_the_players_role(managed, cli):
    managed("record", "--score", "78-75")
    plays = json.loads(cli("history", "export", "-f", "bgstats").stdout)
    assert [(p["name"], p["role"]) for p in plays[0]["players"]] == [("Ana", K), ("Ben", U)]
    whole = json.loads(cli("history", "export", "-f", "bgsplay").stdout)
    assert [p["name"] for p in whole["players"]] == ["Ana", "Ben"]
    assert [s["role"] for s in whole["plays"][0]["playerScores"]] == [K, U]


def test_the_old_way_still_works_and_counts_no_tribe_as_a_person(series, cli):
    result = series("start", "--tribes", "Keepers,Unleashed", "--home", "kee", "--json")
    assert result.exit_code == 0, result.stderr
    assert result.json["players"] == [K, U] and result.json["managers"] == {}
    sweep(series)
    doc = series("status", "--json").json
    assert doc["winner"] == K and doc["scores"] == {K: 4, U: 0}
    listed = cli("history", "list", "--json").json["matches"]
    assert len(listed) == 5  # the four games and the series
    stats = cli("history", "stats", "--json").json
    assert stats["players"] == [] and stats["head_to_head"] == []
    games = {g["game"]: g for g in stats["games"]}
    assert games["hoopers"]["by_tribe"][K]["wins"] == 4
    assert cli("history", "ratings", "--json").json["ratings"] == []
    assert json.loads(cli("history", "export", "-f", "bgstats").stdout) == []


def test_a_stored_old_shape_series_keeps_its_data(cli, db):
    """A Series document written before people were named (no `managers`) reads as before."""
    from companion.store import Store

    old = {
        "id": "old001",
        "name": "Autumn",
        "tribes": [K, U],
        "home_tribe": K,
        "seed": 7,
        "status": "live",
        "created": "2026-10-01T20:00:00+00:00",
        "games": [{"scores": {K: 80, U: 70}, "periods": [], "match_id": "g00001"}],
        "pending_match": None,
        "updated": "2026-10-01T22:00:00+00:00",
    }
    store = Store(db)
    store.put_doc("series", "old001", old)
    store.put_doc("series", "current", "old001")
    doc = cli("hoopers", "series", "status", "--json").json
    assert (doc["id"], doc["name"], doc["players"], doc["scores"]) == (
        "old001", "Autumn", [K, U], {K: 1, U: 0},
    )  # fmt: skip
    assert doc["managers"] == {} and doc["games"][0]["winner"] == K
    result = cli("hoopers", "series", "record", "--score", "70-75", "--json")
    assert result.exit_code == 0, result.stderr
    assert result.json["wins"] == {K: 1, U: 1}
    kept = Store(db).get_doc("series", "old001")
    assert kept["games"][0]["scores"] == {K: 80, U: 70} and kept["name"] == "Autumn"


def test_the_table_starts_a_series_with_each_manager_as_history_knows_them(cli, db):
    # The people a start types are looked up by the Series table, as every start's are:
    # `ana` is the known Ana, a slip of a known name is refused unless `new` names it.
    from companion.engine.errors import CompanionError
    from companion.games.hoopers.series_table import SeriesTable
    from companion.store.store import Store

    assert cli("log", "playlist", "Ana=3", "Ben=9").exit_code == 0
    table = SeriesTable(Store(db))
    with pytest.raises(CompanionError, match="did you mean Ben"):
        table.start_typed(None, ["ana=Keepers,Bne=Unleashed"], home="kee")
    started = table.start_typed(None, ["ana=Keepers", "Bne=Unleashed"], ["Bne"], home="kee")
    assert started.to_json()["managers"] == {K: "Ana", U: "Bne"}
