"""`companion hoopers series`: whole series walked through separate invocations on one --db."""

from __future__ import annotations

import pytest

from tests.conftest import assert_user_error

K, U = "Keepers", "Unleashed"


@pytest.fixture
def series(cli):
    """`series("status", "--json")` runs `companion hoopers series status --json`."""

    def run(*args):
        return cli("hoopers", "series", *args)

    return run


@pytest.fixture
def started(series):
    result = series("start", "--tribes", "Keepers,Unleashed", "--home", "kee", "--json")
    assert result.exit_code == 0, result.stderr
    return series


def record(series, score, *extra):
    result = series("record", "--score", score, *extra, "--json")
    assert result.exit_code == 0, result.stderr
    return result.json


def test_start_reports_an_empty_series(started):
    doc = started("status", "--json").json
    assert doc["tribes"] == [K, U]
    assert doc["home_tribe"] == K
    assert doc["games"] == []
    assert doc["wins"] == {K: 0, U: 0}
    assert doc["next_game"] == 1 and doc["next_home"] == K
    assert doc["schedule"] == [K, K, U, U, K, U, K]
    assert (doc["susan_peg"], doc["winner"], doc["status"]) == (None, None, "live")
    assert doc["sits_out"] == {K: [], U: []}
    assert doc["starts_injured"] == {K: [], U: []}


def test_random_home_is_reproducible_with_a_seed(cli, tmp_path):
    homes = set()
    for n in range(2):
        result = cli(
            "hoopers", "series", "start", "--tribes", "A,B", "--seed", "11", "--json",
            database=tmp_path / f"db{n}.json",
        )  # fmt: skip
        homes.add(result.json["home_tribe"])
        assert result.json["seed"] == 11
    assert len(homes) == 1


def test_a_four_nil_sweep(started):
    for n, score in enumerate(["80-70", "66-60", "90-81", "75-74"], start=1):
        doc = record(started, score)
        assert doc["wins"] == {K: n, U: 0}
    assert doc["winner"] == K and doc["status"] == "finished"
    assert doc["next_game"] is None and doc["next_home"] is None
    # Keepers reached three wins before game 4: Susan Peg joined Unleashed for it.
    assert doc["susan_peg"] == U
    assert [g["home"] for g in doc["games"]] == [K, K, U, U]
    assert [g["margin"] for g in doc["games"]] == [10, 6, 9, 1]
    assert [g["strength_marker"] for g in doc["games"]] == [K, None, K, U]
    before = started("status", "--json").stdout
    assert_user_error(started("record", "--score", "70-60"), "Keepers won 4-0; no more games")
    assert_user_error(started("next"), "decided")
    assert started("status", "--json").stdout == before


def test_a_four_three_series_with_susan_peg(started):
    susan = []  # each record reports who has Susan Peg for the game after it
    for score in ["80-70", "70-80", "80-70", "80-70", "70-80", "70-80", "81-80"]:
        doc = record(started, score)
        susan.append(doc["susan_peg"])
        if len(doc["games"]) == 4:
            assert started("next", "--json").json["susan_peg"] == U
    assert [g["winner"] for g in doc["games"]] == [K, U, K, K, U, U, K]
    # Keepers led 3-1 before game 5: Susan Peg joined Unleashed and stayed until
    # game 7, which she does not play ("before Game 7"; issue 15, item 11).
    assert susan == [None, None, None, U, U, None, None]
    assert doc["wins"] == {K: 4, U: 3}
    assert doc["winner"] == K
    assert [g["home"] for g in doc["games"]] == [K, K, U, U, K, U, K]


def test_strength_marker_margins(started):
    for score in ["78-75", "75-79", "81-75", "75-82"]:
        doc = record(started, score)
    assert [(g["winner"], g["margin"], g["strength_marker"]) for g in doc["games"]] == [
        (K, 3, U),
        (U, 4, None),
        (K, 6, None),
        (U, 7, U),
    ]
    for game, keepers, unleashed in [(1, 0, 1), (2, 0, 0), (4, 0, 1)]:
        rewards = started("rewards", str(game), "--json").json
        assert (rewards[K]["strength_marker"], rewards[U]["strength_marker"]) == (
            keepers,
            unleashed,
        )


def test_rulebook_reward_example(started):
    # 3 LV.1 and 1 LV.2 left on the hoopers, period markers I and III, both
    # gameplan milestones: 7 LV.1 + 1 LV.2 -> 4 position upgrades, 1 LV.1
    # discarded, and one hooper upgrade.
    record(
        started, "66-79", "--periods", "20-18,15-22,21-17,10-22",
        "--chips", "kee:lv1=3,lv2=1", "--gameplan", "Keepers:2", "--series-track", "Unl",
    )  # fmt: skip
    rewards = started("rewards", "1", "--json").json
    assert set(rewards) == {K, U}
    keepers = rewards[K]
    assert {k: keepers[k] for k in (
        "hooper_upgrades", "action_upgrades", "chips_lv1", "chips_lv2",
        "position_upgrades", "discarded_chips",
    )} == {
        "hooper_upgrades": 1, "action_upgrades": 0, "chips_lv1": 7, "chips_lv2": 1,
        "position_upgrades": 4, "discarded_chips": 1,
    }  # fmt: skip
    assert keepers["period_markers"] == [1, 3]
    # Unleashed: winner marker; Strength marker (margin 13) and the series track card;
    # period II marker + fourth period chip = 2 LV.1 -> 1 position upgrade.
    assert rewards[U] == {
        "hooper_upgrades": 1, "action_upgrades": 2, "chips_lv1": 2, "chips_lv2": 0,
        "position_upgrades": 1, "discarded_chips": 0, "winner_marker": 1,
        "strength_marker": 1, "series_track": 1, "gameplan_milestones": 0,
        "gameplan_chips": 0, "gameplan_hooper_upgrades": 0, "period_markers": [2],
        "marker_chips": 1, "fourth_period_chips": 1, "kept_lv1": 0, "kept_lv2": 0,
        "discarded_lv2": 0, "kit_position_upgrades_left": 9,
        # The action deck's eight cards less these two, the hooper deck's ten less one,
        # the kit's five star upgrades less the one sleeved at the setup.
        "action_deck_left": 6, "hooper_deck_left": 9, "kit_hooper_upgrades_left": 4,
    }  # fmt: skip


def test_rewards_show_the_working(started):
    record(
        started, "66-79", "--periods", "20-18,15-22,21-17,10-22",
        "--chips", "K:lv1=3,lv2=1", "--gameplan", "K:2",
    )  # fmt: skip
    out = started("rewards").stdout
    assert "Strength marker: margin 13 ≥ 7: to the winner → Unleashed takes" in out
    assert "Series track: the tribe marker shows Keepers (not given" in out
    assert (
        "LV.1: 3 kept + 2 gameplan + 2 markers + 0 fourth period = 7 → 6 ÷ 2 = "
        "3 position upgrades, 1 discarded"
    ) in out
    assert "LV.2: 1 kept → 1 position upgrade" in out
    assert "takes: 1 hooper upgrade, 1 action upgrade, 4 position upgrades" in out


def test_next_game_setup_and_carry_over(started):
    record(started, "80-70")
    record(
        started, "60-70", "--ejected", "Unleashed:Wally Block",
        "--injured", "K:Edd Trapp", "--injured", "K:May Friend",
    )  # fmt: skip
    setup = started("next", "--json").json
    assert (setup["number"], setup["home"], setup["away"]) == (3, U, K)
    assert setup["home_setup"] == {
        "hot_zone_hoopers": 3, "coach_tokens": 9, "onfire_on_tribe_power": True,
        "free_throw_bonus": 15,
    }  # fmt: skip
    assert setup["away_setup"]["cold_zone_hoopers"] == 2
    assert setup["away_setup"]["free_throw_bonus"] == 0
    assert setup["gameplan_pair"] == "3/4"
    assert setup["playbook_refill"] == [
        {"before_period": 2, "up_to": 3},
        {"before_period": 3, "up_to": 2},
        {"before_period": 4, "up_to": 1},
    ]
    assert setup["sits_out"] == {K: [], U: ["Wally Block"]}
    assert setup["starts_injured"] == {K: ["Edd Trapp", "May Friend"], U: []}
    status = started("status", "--json").json
    assert status["sits_out"] == setup["sits_out"]
    assert status["starts_injured"] == setup["starts_injured"]
    text = started("next").stdout
    assert "Game 3: Unleashed at home, Keepers away." in text
    assert "free throws on the basic 2PS (2PS + 0, not + 15)" in text
    record(started, "70-60")
    assert started("next", "--json").json["sits_out"] == {K: [], U: []}


def test_bad_input_writes_nothing(started, db):
    cases = [
        (["--score", "75-75"], "75-75 is a tie"),
        (["--score", "-3-75"], "'-3-75' has a negative score"),
        (["--score", "78"], "'78' is not two whole numbers"),
        (["--score", "78-75", "--ejected", "Ravens:Joe"], "no tribe 'Ravens'"),
        (["--score", "78-75", "--series-track", "Ravens"], "no tribe 'Ravens'"),
        (["--score", "78-75", "--gameplan", "K:3"], "3 milestones"),
        (["--score", "78-75", "--chips", "U:lv1=-1"], "lv1=-1 is negative"),
        (["--score", "78-75", "--chips", "U:lv3=1"], "write lv1=N,lv2=N"),
        (["--score", "78-75", "--periods", "20-18,15-22,21-17,22-17"], "add up to 78-74"),
    ]
    before = db.read_bytes()
    for args, fragment in cases:
        assert_user_error(started("record", *args), fragment)
    assert db.read_bytes() == before


def test_short_hooper_names_resolve_and_carry_over(started, cli):
    doc = record(started, "80-70", "--ejected", "Kee:edd", "--injured", "Unleashed:muy")
    assert doc["games"][0]["ejected"] == {K: ["Edd Trapp"], U: []}
    assert doc["games"][0]["injured"] == {K: [], U: ["Muy Schillato"]}
    assert doc["sits_out"] == {K: ["Edd Trapp"], U: []}
    assert doc["starts_injured"] == {K: [], U: ["Muy Schillato"]}
    result = started("game", "start", "--hot", "may,vern,chus", "--cold", "faust,serge")
    assert result.exit_code == 0, result.stderr
    assert "Not in the rosters" not in result.stdout
    match = cli("hoopers", "match", "status", "--json").json
    assert "Edd Trapp" not in match["hoopers"][K]
    assert match["hoopers"][U]["Muy Schillato"]["injury_cubes"] == 2


def test_unknown_or_ambiguous_hoopers_are_refused(started, db):
    record(started, "80-70")
    before = db.read_bytes()
    cases = [
        (["--ejected", "Keepers:zzz"], "no Keepers hooper 'zzz'"),
        (["--injured", "Unleashed:s"], "Serge Ceptor, Sin Miedo"),
        (["--injured", "Keepers:m"], "ambiguous: Maddy Cure, Manny Gentle, May Friend"),
        (["--ejected", "Unleashed:Edd Trapp"], "no Unleashed hooper 'Edd Trapp'"),
    ]
    for extra, fragment in cases:
        assert_user_error(started("record", "--score", "80-70", *extra), fragment)
        assert_user_error(started("amend", *extra), fragment)
    assert db.read_bytes() == before


def test_amend_resolves_short_hooper_names(started):
    record(started, "80-70")
    doc = started("amend", "--injured", "U:never", "--json").json
    assert doc["games"][0]["injured"] == {K: [], U: ["Never Tired"]}


def test_hoopers_of_tribes_without_a_known_roster_are_kept_as_typed(series):
    assert series("start", "--tribes", "Ravens,Owls", "--home", "Ravens").exit_code == 0
    doc = record(series, "80-70", "--ejected", "Ravens:Joe Bloggs")
    assert doc["games"][0]["ejected"] == {"Ravens": ["Joe Bloggs"], "Owls": []}


def test_undo_drops_the_last_game_and_its_history(started, cli):
    record(started, "80-70")
    record(started, "80-70")
    assert len(cli("history", "list", "--json").json["matches"]) == 2
    doc = started("undo", "--json").json
    assert doc["wins"] == {K: 1, U: 0} and len(doc["games"]) == 1
    assert len(cli("history", "list", "--json").json["matches"]) == 1
    started("undo")
    assert_user_error(started("undo"), "no recorded game to undo")


def test_undo_reopens_a_decided_series(started, cli):
    for _ in range(4):
        record(started, "80-70")
    games = {m["game"] for m in cli("history", "list", "--json").json["matches"]}
    assert games == {"hoopers-series-game", "hoopers-series"}
    doc = started("undo", "--json").json
    assert (doc["status"], doc["winner"], doc["next_game"]) == ("live", None, 4)
    listed = cli("history", "list", "--json").json["matches"]
    assert [m["game"] for m in listed] == ["hoopers-series-game"] * 3
    doc = record(started, "70-80")
    assert doc["wins"] == {K: 3, U: 1}


def test_history_lists_the_series_and_its_games(started, cli):
    for score in ["80-70", "70-80", "80-70", "80-70", "80-70"]:
        record(started, score)
    series_id = started("status", "--json").json["id"]
    listed = cli("history", "list", "--json").json["matches"]
    summary = next(m for m in listed if m["game"] == "hoopers-series")
    assert summary["id"] == series_id
    assert summary["players"] == [K, U]
    assert summary["status"] == "finished"
    assert summary["result"]["scores"] == {K: 4, U: 1}
    assert summary["result"]["winner"] == K
    assert summary["result"]["ranks"] == {K: 1, U: 2}
    games = [m for m in listed if m["game"] == "hoopers-series-game"]
    assert len(games) == 5
    assert {
        m["id"] for m in cli("history", "list", "--game", "hoopers", "--json").json["matches"]
    } == {m["id"] for m in listed}
    assert sorted(m["result"]["scores"][K] for m in games) == [70, 80, 80, 80, 80]


def test_list_show_and_abandon(started, series, cli):
    first = started("status", "--json").json["id"]
    record(started, "80-70")
    assert_user_error(series("start", "--tribes", "A,B"), f"series {first}")
    doc = started("abandon", "--json").json
    assert doc["status"] == "abandoned"
    assert_user_error(started("record", "--score", "80-70"), "abandoned")
    assert_user_error(started("abandon"), "already abandoned")
    second = series("start", "--tribes", "Ravens,Owls", "--home", "Owls", "--json").json["id"]
    rows = series("list", "--json").json["series"]
    assert [(r["id"], r["status"], r["current"]) for r in rows] == [
        (second, "live", True),
        (first, "abandoned", False),
    ]
    assert series("show", first[:4], "--json").json["wins"] == {K: 1, U: 0}
    assert_user_error(series("show", "zzzzzz"), "no series 'zzzzzz'")
    statuses = {m["id"]: m["status"] for m in cli("history", "list", "--json").json["matches"]}
    assert statuses[first] == "abandoned"


def test_commands_without_a_series(series):
    assert_user_error(series("status"), "no series yet")
    assert_user_error(series("record", "--score", "80-70"), "no series yet")
    assert series("list", "--json").json == {"series": []}


def test_rewards_for_a_game_not_played(started):
    record(started, "80-70")
    assert_user_error(started("rewards", "2"), "game 2 has not been recorded")


def test_start_needs_exactly_two_tribes(series):
    assert_user_error(series("start", "--tribes", "A,B,C"), "3 players given")
    assert_user_error(series("start", "--tribes", "A,B", "--home", "C"), "no tribe 'C'")


# --- a series game played as a tracked hoopers match ---------------------------


def test_game_start_applies_home_and_away_rules(started, cli):
    for _ in range(3):
        record(started, "80-70")
    record(
        started, "70-80", "--ejected", "Keepers:Edd Trapp", "--injured", "Unleashed:Wally Block",
    )  # fmt: skip
    result = started(
        "game", "start", "--hot", "may,vern,chus", "--cold", "faust,serge", "--seed", "5", "--json"
    )
    assert result.exit_code == 0, result.stderr
    doc = result.json
    assert (doc["number"], doc["home"], doc["away"]) == (5, K, U)
    assert doc["susan_peg"] == U
    assert "Susan Peg" in doc["line_ups"][U]
    assert "Edd Trapp" not in doc["line_ups"][K] and doc["left_out"][K] == ["Edd Trapp"]
    match = cli("hoopers", "match", "status", "--json").json
    assert match["id"] == doc["match_id"]
    assert match["coach_tokens"] == {K: 9, U: 8}
    onfire = {t: {h: s["onfire"] for h, s in hs.items() if s["onfire"] != "flat"}
              for t, hs in match["hoopers"].items()}  # fmt: skip
    assert onfire == {
        K: {"May Friend": "orange", "Vernon Dely": "orange", "Chus Kinder": "orange"},
        U: {"Faust Exit": "light-blue", "Serge Ceptor": "light-blue"},
    }
    assert match["hoopers"][U]["Wally Block"]["injury_cubes"] == 2
    status = started("status", "--json").json
    assert status["playing_match"] == doc["match_id"]
    assert_user_error(started("record", "--score", "80-70"), f"tracked match {doc['match_id']}")
    assert_user_error(started("game", "start", "--hot", "a,b,c", "--cold", "d,e"), "already")
    assert_user_error(started("undo"), f"game 5 is being played as tracked match {doc['match_id']}")


def play_match_to_the_end(db, periods):
    """Score and end all sixteen turns of each period in one write (64 CLI calls are slow)."""
    from companion.games.hoopers.rules.match import play
    from companion.store import Store

    def change(match):
        log, new = list(match["events"]), []
        for keepers, unleashed in periods:
            steps = [
                ("score", {"team": K, "points": keepers, "hooper": None}),
                ("score", {"team": U, "points": unleashed, "hooper": None}),
            ] + [("turn", {"again": False})] * 16
            for kind, data in steps:
                event = play({**match, "events": log}, kind, data).event
                log.append(event)
                new.append(event)
        return new

    Store(db).update_live("hoopers", change)


def test_tracked_match_result_comes_back_into_the_series(started, cli, db):
    result = started("game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge")
    assert result.exit_code == 0, result.stderr
    play_match_to_the_end(db, [(10, 8)] * 4)
    assert cli("hoopers", "match", "end").exit_code == 0
    doc = started("status", "--json").json
    assert doc["playing_match"] is None
    game = doc["games"][0]
    assert (game["score"], game["winner"], game["margin"]) == ({K: 40, U: 32}, K, 8)
    assert game["periods"] == [[10, 8]] * 4
    assert game["match_id"] is not None
    rewards = started("amend", "--gameplan", "K:2", "--series-track", "Unl", "--json").json
    keepers = rewards["games"][0]["rewards"][K]
    # Markers I-III + fourth period + 2 gameplan chips = 6 LV.1 -> 3 position upgrades.
    assert (keepers["chips_lv1"], keepers["position_upgrades"], keepers["hooper_upgrades"]) == (
        6, 3, 2,
    )  # fmt: skip
    assert rewards["games"][0]["rewards"][U]["action_upgrades"] == 1


def test_abandoning_the_tracked_match_frees_the_game(started, cli):
    assert (
        started("game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge").exit_code == 0
    )
    assert cli("hoopers", "match", "end", "--abandon").exit_code == 0
    doc = record(started, "80-70")
    assert doc["playing_match"] is None and doc["wins"] == {K: 1, U: 0}


def test_game_start_bad_input_writes_nothing(started, db):
    cases = [
        (["--hot", "May,Vernon", "--cold", "Faust,Serge"], "--hot needs 3 different hoopers"),
        (["--hot", "May,Vernon,Chus", "--cold", "Faust"], "--cold needs 2 different hoopers"),
        (["--hot", "May,Vernon,Zed", "--cold", "Faust,Serge"], "no hooper of Keepers 'Zed'"),
    ]
    before = db.read_bytes()
    for args, fragment in cases:
        assert_user_error(started("game", "start", *args), fragment)
    assert db.read_bytes() == before


def test_game_start_needs_rosters_for_unknown_tribes(series):
    series("start", "--tribes", "Ravens,Owls", "--home", "Ravens")
    assert_user_error(series("game", "start", "--hot", "a,b,c", "--cold", "d,e"), "Ravens")
    result = series(
        "game", "start", "--roster", "Ravens:A,B,C,D,E,F,G", "--roster", "Owls:H,I,J,K,L,M,N",
        "--hot", "a,b,c", "--cold", "h,i", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert result.json["line_ups"]["Owls"] == list("HIJKLMN")


def test_amend_needs_something(started):
    record(started, "80-70")
    assert_user_error(started("amend"), "nothing to amend")
    assert_user_error(started("amend", "3", "--gameplan", "K:1"), "game 3 has not been recorded")


def test_demo_plays_a_seeded_series_into_the_store(cli):
    first = cli("demo", "series", "--seed", "7")
    assert first.exit_code == 0, first.stderr
    assert "Keepers won the series 4-2." in first.stdout
    series = cli("hoopers", "series", "status", "--json").json
    assert series["wins"] == {K: 4, U: 2} and series["status"] == "finished"
    games = [m["game"] for m in cli("history", "list", "--json").json["matches"]]
    assert sorted(games) == ["hoopers-series"] + ["hoopers-series-game"] * 6


# --- the table's verbs: the common status core, end, watch -------------------------


def test_status_json_has_the_common_core(started):
    record(started, "80-70")
    doc = started("status", "--json").json
    assert doc["id"] and doc["game"] == "series" and doc["status"] == "live"
    assert doc["players"] == [K, U]
    assert doc["scores"] == {K: 1, U: 0} == doc["wins"]  # games won
    assert doc["next"].startswith("game 2: Keepers at home; start it with")
    assert doc["strength_markers"] == [K]
    for verb in (("record", "--score", "70-80"), ("undo",), ("amend", "--gameplan", "K:1")):
        after = started(*verb, "--json").json
        assert {"id", "game", "status", "players", "scores", "next"} <= set(after)


def test_end_is_refused_while_undecided_and_files_a_decided_series_once(started, cli, db):
    record(started, "80-70")
    before = db.read_bytes()
    assert_user_error(started("end"), "is not decided (Keepers 1-0 Unleashed; first to 4 wins)")
    assert db.read_bytes() == before
    for _ in range(3):
        record(started, "80-70")
    ended = started("end", "--json").json
    assert ended["status"] == "finished" and ended["result"]["winner"] == K
    assert ended["result"]["scores"] == {K: 4, U: 0}
    again = started("end")
    assert again.exit_code == 0 and "is in history: Keepers won it" in again.stdout
    listed = cli("history", "list", "--json").json["matches"]
    assert [m["game"] for m in listed].count("hoopers-series") == 1
    doc = started("status", "--json").json
    assert doc["status"] == "finished" and doc["next"].startswith("Keepers won the series 4-0")


def test_end_files_a_decided_series_missing_from_history(started, cli, db):
    from companion.store import Store
    from companion.store.archive import delete_archived

    for _ in range(4):
        record(started, "80-70")
    series_id = started("status", "--json").json["id"]
    delete_archived(Store(db), series_id)  # as if the process died between the two writes
    assert started("end").exit_code == 0
    assert cli("history", "show", series_id, "--json").json["status"] == "finished"


def test_end_and_undo_refusals_write_nothing(started, db):
    before = db.read_bytes()
    assert_user_error(started("undo"), "no recorded game to undo")
    assert_user_error(started("end"), "not decided")
    assert db.read_bytes() == before
    started("abandon")
    assert_user_error(started("end"), "was abandoned")
    assert_user_error(started("abandon"), "already abandoned")


def test_abandoned_series_status_core(started):
    doc = started("abandon", "--json").json
    assert (doc["status"], doc["game"], doc["scores"]) == ("abandoned", "series", {K: 0, U: 0})
    assert "abandoned" in doc["next"]


def test_watch_shows_the_series_scoreboard(started, cli):
    record(started, "80-70")
    record(started, "75-78")
    doc = cli("watch", "--once", "--json", "--game", "series").json
    assert (doc["game"], doc["scores"], doc["players"]) == ("series", {K: 1, U: 1}, [K, U])
    assert doc == started("status", "--json").json
    text = cli("watch", "--once", "--game", "series").stdout
    assert "Keepers 1 – 1 Unleashed (games won; first to 4)" in text
    rows = {line.split()[0]: line.split()[1:] for line in text.splitlines() if line[:1].isdigit()}
    assert rows["1"][1:4] == [K, U, "80-70"]  # after the game's date
    assert rows["2"][1:4] == [K, U, "75-78"]  # Unleashed won by 3: the marker to Keepers
    assert rows["3"] == [U, K]
    assert "Strength marker: winner by 7+, loser by 3 or less" in text
    assert "Next: game 3, Unleashed at home, Keepers away." in text
    # No live match: watch without --game finds the series in progress.
    assert cli("watch", "--once", "--json").json["game"] == "series"


def test_reading_the_status_writes_nothing_even_when_a_game_ended_unseen(started, cli, db):
    from companion.games.hoopers.table import HoopersTable
    from companion.store import Store

    result = started("game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge")
    assert result.exit_code == 0, result.stderr
    play_match_to_the_end(db, [(10, 8)] * 4)
    store = Store(db)
    # Ended behind the series' back (no hook), as a crash between the two writes would.
    store.finish_match(
        "hoopers", lambda m: HoopersTable(store).result_of(m, HoopersTable(store).fold(m))
    )
    before = db.read_bytes()
    doc = started("status", "--json").json
    assert doc["scores"] == {K: 1, U: 0} and doc["playing_match"] is None
    assert cli("watch", "--once", "--json", "--game", "series").json["scores"] == {K: 1, U: 0}
    assert db.read_bytes() == before
    # The next changing command writes it in.
    doc = started("amend", "--gameplan", "K:1", "--json").json
    assert doc["games"][0]["rewards"][K]["gameplan_milestones"] == 1


def test_match_end_feeds_the_series_at_once(started, cli, db):
    import json

    result = started("game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge")
    assert result.exit_code == 0, result.stderr
    play_match_to_the_end(db, [(10, 8)] * 4)
    assert cli("hoopers", "match", "end").exit_code == 0
    stored = {d["key"]: d["value"] for d in json.loads(db.read_text())["series"].values()}
    series = stored[stored["current"]]
    assert series["pending_match"] is None and len(series["games"]) == 1
    assert series["games"][0]["rewarded"] is False
    doc = started("status", "--json").json
    assert doc["next"].startswith("record the reward phase of game 1")
    doc = started("amend", "--series-track", "Unl", "--json").json
    assert doc["next"].startswith("game 2: Keepers at home")


def test_abandoning_the_series_leaves_its_game_in_play_a_plain_match(started, cli):
    result = started("game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge")
    assert result.exit_code == 0, result.stderr
    assert started("abandon", "--json").json["playing_match"] is None
    assert cli("hoopers", "match", "abandon").exit_code == 0


# --- issue 15: the rules, second pass --------------------------------------------------


def test_series_games_hand_out_no_period_milestones(started, cli, db):
    # "Follow the setup explained at page 11 but do not consider the steps 9) 10)":
    # no milestone markers nor their upgrade cards; the Series' own period markers
    # become Onfire chips in the Reward Phase instead.
    from companion.games.hoopers.rules.match import play
    from companion.store import Store

    result = started("game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge")
    assert result.exit_code == 0, result.stderr

    def to_the_last_turn_of_period_1(match):
        log, new = list(match["events"]), []
        steps = [("score", {"team": K, "points": 10, "hooper": None})]
        steps += [("turn", {"again": False})] * 15
        for kind, data in steps:
            event = play({**match, "events": log}, kind, data).event
            log.append(event)
            new.append(event)
        return new

    Store(db).update_live("hoopers", to_the_last_turn_of_period_1)
    turn = cli("hoopers", "match", "turn")
    assert "end of period 1: Keepers 10 – Unleashed 0" in turn.stdout
    assert "milestone" not in turn.stdout and "upgrade" not in turn.stdout
    assert cli("hoopers", "match", "status", "--json").json["milestones"] == []


def test_chips_beyond_what_the_box_holds_are_refused(started, db):
    # Components: "H) 14 Onfire LV.1 chips", "I) 8 Onfire LV.2 chips" — one supply
    # for both tribes: "If a type of Onfire Chip (Lv.1 or Lv.2) runs out, it becomes
    # no longer available. Do not create new stacks."
    record(started, "80-70")
    before = db.read_bytes()
    cases = [
        (["--chips", "Keepers:lv1=30"], "30 Onfire LV.1 chips kept, but the box has only 14"),
        (["--chips", "K:lv1=10", "--chips", "U:lv1=5"], "Keepers lv1=10 + Unleashed lv1=5"),
        (["--chips", "U:lv2=9"], "9 Onfire LV.2 chips kept, but the box has only 8"),
    ]
    for extra, fragment in cases:
        assert_user_error(started("record", "--score", "80-70", *extra), fragment)
        assert_user_error(started("amend", *extra), fragment)
    assert db.read_bytes() == before
    assert record(started, "80-70", "--chips", "K:lv1=10", "--chips", "U:lv1=4")


def test_the_kit_supplies_ten_position_upgrades_for_the_whole_series(started):
    # "M) 1 Player upgrade kit: d) 10 Position upgrades"; in the Reward Phase
    # "Discard every chips that can't be exchanged."
    record(
        started, "80-40", "--periods", "20-10,20-10,20-10,20-10",
        "--chips", "K:lv1=8,lv2=1", "--gameplan", "K:2",
    )  # fmt: skip
    first = started("rewards", "1", "--json").json[K]
    # 8 kept + 2 gameplan + 3 markers + 1 fourth period = 14 LV.1 -> 7, LV.2 -> 1.
    assert (first["position_upgrades"], first["kit_position_upgrades_left"]) == (8, 2)
    record(started, "80-70", "--chips", "K:lv1=6,lv2=2")
    second = started("rewards", "2", "--json").json[K]
    # Worth 3 + 2 = 5 position upgrades, but only 2 are left in the kit: the LV.2
    # chips take them and the six LV.1 chips are discarded.
    assert (second["position_upgrades"], second["discarded_chips"]) == (2, 6)
    assert (second["discarded_lv2"], second["kit_position_upgrades_left"]) == (0, 0)
    text = started("rewards", "2").stdout
    assert (
        "kit: 2 of its 10 position upgrades left, so 3 position upgrades the chips were "
        "worth cannot be taken"
    ) in text
    doc = record(started, "80-70", "--chips", "K:lv2=1")
    assert doc["games"][2]["rewards"][K]["position_upgrades"] == 0
    assert doc["games"][2]["rewards"][K]["discarded_lv2"] == 1
    assert doc["upgrades"][K]["position_upgrades"] == 10


def test_susan_peg_is_not_deployable_in_game_7(started, cli):
    # "If a player is going to begin a game that worths for the victory of the
    # series before Game 7, the opponent will gain the favors of Susan Peg".
    for score in ["80-70", "80-70", "80-70", "70-80", "70-80"]:
        record(started, score)
    assert started("next", "--json").json["susan_peg"] == U  # game 6, Keepers lead 3-2
    doc = record(started, "70-80", "--injured", "Unleashed:Susan")  # she played game 6
    assert doc["games"][5]["injured"][U] == ["Susan Peg"]
    setup = started("next", "--json").json
    assert (setup["number"], setup["susan_peg"], setup["can_win_series"]) == (7, None, [K, U])
    assert "Susan Peg: nobody fields her in game 7 (only before it)." in started("next").stdout
    assert_user_error(started("record", "--score", "80-70", "--ejected", "U:Susan"), "Susan")
    started_game = started("game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge")
    assert started_game.exit_code == 0, started_game.stderr
    match = cli("hoopers", "match", "status", "--json").json
    assert "Susan Peg" not in match["hoopers"][U]


def test_susan_peg_rebound_goes_straight_to_an_undefended_lay_up(cli):
    # "If Susan Peg does not commit a foul during an Offensive Rebound attempt, then
    # she rolls the d20 die directly performing a Lay-up by using her V stat. It
    # can't be defended."
    def rebound(*args):
        return cli("hoopers", "counter", "rebound", "--susan-peg", "--v", "60", *args, "--json")

    made = rebound("--face", "blank", "--roll", "40").json
    assert (made["stat"], made["target"], made["roll"]) == ("v", 60, 40)
    assert (made["scored"], made["points"], made["susan_peg"]) == (True, 2, True)
    # A jump ball is no foul: still the lay-up, still with V (not O).
    jump = rebound("--face", "jump-ball", "--roll", "65").json
    assert (jump["jump_ball"], jump["target"], jump["scored"], jump["points"]) == (
        True, 60, False, 0,
    )  # fmt: skip
    fouled = rebound("--face", "whistle", "--team-fouls", "3").json
    assert (fouled["foul"], fouled["target"], fouled["points"], fouled["free_throws"]) == (
        True, None, 0, 2,
    )  # fmt: skip
    text = cli("hoopers", "counter", "rebound", "--susan-peg", "--v", "60", "--face", "blank",
               "--roll", "40").stdout  # fmt: skip
    assert "a lay-up with V 60, undefended → roll ≤ 60 scores; rolled 40: scores" in text
    assert_user_error(cli("hoopers", "counter", "steal", "--susan-peg", "--v", "60"), "rebound")


def test_match_end_of_a_series_game_shows_its_reward_phase(started, cli, db):
    # Issue 15, item 15: after `match end` of a Series game, its Reward Phase
    # ("At the end of the game you will gain different kind of upgrades as
    # reward for the milestones achieved").
    result = started("game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge")
    assert result.exit_code == 0, result.stderr
    play_match_to_the_end(db, [(10, 8)] * 4)
    ended = cli("hoopers", "match", "end")
    assert ended.exit_code == 0, ended.stderr
    out = ended.stdout
    assert "Kept in history." in out
    assert "game 1 recorded." in out
    assert "Game 1 reward phase: Keepers 40-32 Unleashed, Keepers by 8." in out
    assert "Strength marker: margin 8 ≥ 7: to the winner → Keepers takes" in out
    assert "period markers: I, II, III → 3 chips" in out
    assert "Next: record the reward phase of game 1" in out


def test_match_end_json_of_a_series_game_carries_its_rewards(started, cli, db):
    result = started("game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge")
    assert result.exit_code == 0, result.stderr
    play_match_to_the_end(db, [(10, 8)] * 4)
    doc = cli("hoopers", "match", "end", "--json").json
    assert doc["status"] == "finished"
    series = doc["series"]
    assert (series["game_number"], series["scores"]) == (1, {K: 1, U: 0})
    assert series["rewards"][K]["position_upgrades"] == 2  # markers I-III + fourth period
    assert series["next"].startswith("record the reward phase of game 1")


def test_a_game_typed_in_by_hand_never_takes_an_id_history_holds(started, cli, monkeypatch):
    # The id is picked inside the transaction that files the game (issue 21): one a logged
    # match already holds is passed over, not written over.
    ids = ["bbbbbb", "bbbbbb", "cccccc"]
    monkeypatch.setattr("companion.store.ids.new_id", lambda: ids.pop(0))
    assert cli("log", "hoopers", "Ann=80", "Bob=70", "--json").json["id"] == "bbbbbb"
    record(started, "78-75")
    listed = {m["id"]: m["players"] for m in cli("history", "list", "--json").json["matches"]}
    assert listed["bbbbbb"] == ["Ann", "Bob"]
    assert listed["cccccc"] == [K, U]


def test_a_match_end_lists_the_winner_first(cli, db):
    started = cli("hoopers", "match", "start", "--home", K, "--away", U, "--seed", "1")
    assert started.exit_code == 0, started.stderr
    play_match_to_the_end(db, [(8, 10)] * 4)
    ended = cli("hoopers", "match", "end")
    assert ended.exit_code == 0, ended.stderr
    assert f"finished: {U} 40 – {K} 32; {U} wins." in ended.stdout


def test_a_series_end_names_the_tribe_that_won_it_first(started):
    for _ in range(4):
        record(started, "70-80")
    ended = started("end")
    assert ended.exit_code == 0, ended.stderr
    assert f"({U} 4 – {K} 0) is in history: {U} won it." in ended.stdout


def test_a_series_games_status_says_which_game_it_is_and_the_series_score(started, cli):
    # Issue 41 item 4: the room's board says which game of the Series it is, and its score.
    record(started, "78-75", "--periods", "20-18,15-22,21-17,22-18")
    result = started("game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge")
    assert result.exit_code == 0, result.stderr
    status = cli("hoopers", "match", "status", "--json").json
    assert status["series_game"] == {"number": 2, "score": {K: 1, U: 0}}


def test_game_start_without_its_steps_says_what_they_are(started, db):
    """Issue 43 item 6: not a bare "Missing option '--hot'": what --hot and --cold name for
    this game, and the guided way that asks them."""
    for missing in ((), ("--hot", "Edd,May,Vernon"), ("--cold", "Dime,Never")):
        before = db.read_bytes()
        result = started("game", "start", *missing)
        assert_user_error(
            result,
            "game 1 needs its first steps: --hot names the 3 hoopers of Keepers (home) on the "
            "first hot step, --cold the 2 of Unleashed (away) on the first cold step",
        )
        assert "'companion hoopers series play'" in result.stderr
        assert "Missing option" not in result.stderr
        assert db.read_bytes() == before


FRIDAY = "2026-12-04T21:30:00+00:00"  # a Friday evening


def test_a_series_game_has_its_date(started, cli, db, monkeypatch, utc):
    """Issue 43 item 11: `record --when` and `game start --when` (as `companion log --when`
    takes it) date a game played on another evening; `status` and its JSON show each
    game's date, and history files a game typed in by hand on its day."""
    from companion.store import clock

    monkeypatch.setattr(clock, "wall", lambda: FRIDAY)
    doc = record(started, "78-70", "--when", "2 days ago 20:15")
    assert doc["games"][0]["played"] == "2026-12-02T20:15:00+00:00"
    doc = record(started, "70-78")  # tonight
    assert doc["games"][1]["played"] == FRIDAY
    game = started("game", "start", "--hot", "Faust,Serge,Dime", "--cold", "May,Vernon",
                   "--when", "yesterday", "--json")  # fmt: skip
    assert game.exit_code == 0, game.stderr
    play_match_to_the_end(db, [(10, 8)] * 4)
    assert cli("hoopers", "match", "end").exit_code == 0
    doc = started("status", "--json").json
    assert [g["played"][:10] for g in doc["games"]] == ["2026-12-02", "2026-12-04", "2026-12-03"]
    shown = started("status").stdout.splitlines()
    assert shown[2].split() == ["game", "date", "home", "away", "score", "winner", "margin",
                                "strength"]  # fmt: skip
    assert shown[3].split()[:5] == ["1", "2026-12-02", K, U, "78-70"]
    assert shown[5].split()[:3] == ["3", "2026-12-03", U]
    listed = cli("history", "list", "--json").json
    first = next(m for m in listed["matches"] if m["id"] == doc["games"][0]["match_id"])
    assert first["created"].startswith("2026-12-02")
    assert_user_error(started("record", "--score", "70-60", "--when", "someday"), "--when")
    assert_user_error(started("record", "--score", "70-60", "--when", "2026-12-25"), "future")


def test_the_series_strip_fits_80_columns(cli, monkeypatch):
    """Issue 43 item 10: at 80 columns no column of the strip is cut (`Keepers-Unleash…`)."""
    monkeypatch.setenv("COLUMNS", "80")

    def series(*args):
        return cli("hoopers", "series", *args)

    assert series("start", "--players", "Ana=Keepers,Ben=Unleashed", "--home", "kee").exit_code == 0
    for score in ("70-78", "78-70", "70-78", "79-75"):  # Unleashed's name in every column
        assert series("record", "--score", score).exit_code == 0
    shown = series("status").stdout
    assert "…" not in shown
    strip = shown.splitlines()[1:10]  # the title, the header and the seven games
    assert strip[1].startswith("game") and max(len(line.rstrip()) for line in strip) <= 80
    row = next(line for line in shown.splitlines() if line.startswith("3 "))
    assert row.split()[2:] == [U, K, "70-78", U, "+8", U]
