from tests.conftest import assert_user_error
from tests.history.factory import match, record


def setup_three(db):
    return record(
        db,
        match("aaa111", "otdraft", {"Ana": 98, "Ben": 80}, "2026-01-10"),
        match(
            "bbb222", "playlist", {"ana": 20, "Cy": 25}, "2026-02-14", lengths={"ana": 9, "Cy": 12}
        ),
        match(
            "ccc333",
            "hoopers",
            {"Keepers": 78, "Unleashed": 75},
            "2026-03-01",
            options={"home": "Keepers", "series": "ser001"},
        ),
    )


def ids(result):
    assert result.exit_code == 0, result.stderr
    return [m["id"] for m in result.json["matches"]]


def test_list_keeps_foundation_keys_newest_first(cli, db):
    setup_three(db)
    result = cli("history", "list", "--json")
    assert ids(result) == ["ccc333", "bbb222", "aaa111"]
    assert result.json["matches"][2] == {
        "id": "aaa111",
        "game": "otdraft",
        "players": ["Ana", "Ben"],
        "status": "finished",
        "created": "2026-01-10T19:00:00+00:00",
        "finished": "2026-01-10T21:00:00+00:00",
        "result": {
            "scores": {"Ana": 98, "Ben": 80},
            "ranks": {"Ana": 1, "Ben": 2},
            "winner": "Ana",
        },
        "events": 1,
    }


def test_live_matches_are_listed(cli, db):
    store = setup_three(db)
    live = store.start_match("allstar", ["Ana", "Dee"], seed=1)
    result = cli("history", "list", "--game", "all", "--json")
    assert ids(result) == [live["id"]]
    assert result.json["matches"][0]["status"] == "live"


def test_filters(cli, db):
    setup_three(db)
    # Names match case-insensitively and by prefix: 'ana' and 'Ana' are one player.
    assert ids(cli("history", "list", "--player", "AN", "--json")) == ["bbb222", "aaa111"]
    assert ids(cli("history", "list", "-g", "otd", "--json")) == ["aaa111"]
    assert ids(cli("history", "list", "--since", "2026-02-14", "--json")) == ["ccc333", "bbb222"]
    assert ids(cli("history", "list", "--until", "2026-02-14", "--json")) == ["bbb222", "aaa111"]
    assert ids(cli("history", "list", "--series", "ser001", "--json")) == ["ccc333"]
    assert ids(cli("history", "list", "--limit", "1", "--json")) == ["ccc333"]


def test_list_human(cli, db):
    setup_three(db)
    out = cli("history", "list", "--game", "otdraft").stdout
    assert "aaa111" in out and "Ana 98 · Ben 80" in out and "finishe" in out  # issue 16


def test_bad_filters_are_refused(cli, db):
    setup_three(db)
    assert_user_error(
        cli("history", "list", "--player", "Anna", "--json"), "no player 'Anna' (did you mean Ana?)"
    )
    assert_user_error(
        cli("history", "list", "--since", "2026-03-01", "--until", "2026-02-01"),
        "--since 2026-03-01 is after --until 2026-02-01",
    )
    assert_user_error(
        cli("history", "list", "--since", "last week"), "--since 'last week' is not a date"
    )
    assert_user_error(cli("history", "list", "--limit", "0"), "--limit must be at least 1")
    assert_user_error(cli("history", "list", "--game", "chess"), "no game 'chess'")


def test_show_by_prefix_with_events_and_seed(cli, db):
    setup_three(db)
    result = cli("history", "show", "bbb", "--json")
    assert result.exit_code == 0
    assert result.json["id"] == "bbb222"
    assert result.json["seed"] == 7
    assert result.json["events"] == [
        {"type": "setup", "data": {}, "at": "2026-02-14T19:00:00+00:00"}
    ]
    assert "seed: 7" in cli("history", "show", "bbb222").stdout


def test_show_unknown_or_ambiguous(cli, db):
    setup_three(db)
    record(db, match("aaa999", "otdraft", {"Ana": 1, "Ben": 2}, "2026-01-11"))
    assert_user_error(cli("history", "show", "zzz"), "no match 'zzz'")
    assert_user_error(cli("history", "show", "aaa"), "match id 'aaa' is ambiguous: aaa111, aaa999")


def test_history_players_counts_case_insensitively(cli, db):
    setup_three(db)
    result = cli("history", "players", "--json")
    assert result.json == {
        "players": [
            {"player": "Ana", "matches": 2},
            {"player": "Ben", "matches": 1},
            {"player": "Cy", "matches": 1},
            {"player": "Keepers", "matches": 1},
            {"player": "Unleashed", "matches": 1},
        ]
    }


def test_human_list_shows_a_screenful(cli, db):
    record(
        db, *(match(f"n{n:03d}", "otdraft", {"Ana": n, "Ben": 1}, "2026-01-01") for n in range(52))
    )
    out = cli("history", "list").stdout
    assert out.splitlines()[-1] == "… and 2 older (see --limit N, or --json for all)"
    assert len(cli("history", "list", "--json").json["matches"]) == 52


def test_empty_history(cli):
    assert cli("history", "list", "--json").json == {"matches": []}
    assert cli("history", "list").stdout.splitlines() == ["No matches yet.", FIRST_STEPS]


FIRST_STEPS = (
    "Start a game with 'companion' (the menu), or file one played without it with"
    " 'companion log GAME NAME=SCORE …'."
)


def test_an_empty_database_points_to_the_menu_and_log_a_filter_does_not(cli):
    for command in (("history", "stats"), ("history", "ratings")):
        assert cli(*command).stdout.splitlines()[-1] == FIRST_STEPS, command
    cli("log", "otdraft", "Ana=3", "Ben=4")
    emptied = cli("history", "list", "--game", "hoopers").stdout
    assert emptied.splitlines() == ["No matches yet."]
    assert FIRST_STEPS not in cli("history", "stats", "--game", "hoopers").stdout
