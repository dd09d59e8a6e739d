"""`companion hoopers match …`: the Gameplay Example played as a tracked match."""

from __future__ import annotations

from tests.conftest import assert_user_error

M = ("hoopers", "match")
START = (
    *M,
    "start",
    "--home",
    "Lucy",
    "--away",
    "Karl",
    "--home-tribe",
    "unleashed",
    "--away-tribe",
    "keepers",
    "--first",
    "Lucy",
    "--seed",
    "4",
)

STATUS_KEYS = {
    "id",
    "status",
    "period",
    "turn",
    "attacking",
    "score",
    "periods",
    "milestones",
    "team_fouls",
    "hoopers",
    "coach_tokens",
    "timeouts",
    "winner",
}


def play_gameplay_example(cli):
    """Gameplay Example + Foul example + Playbooks example, as one evening."""
    assert cli(*START, "--json").exit_code == 0
    # Lucy: Muy Schillato 70 + 15 dribble against Edd Trapp's D3 30, no foul, rolled 45.
    muy = cli(
        *M,
        "shot",
        "Lucy",
        "3ps",
        "--hooper",
        "Muy",
        "--stat",
        "70",
        "--bonus",
        "15",
        "--defense",
        "30",
        "--defender",
        "Edd",
        "--face",
        "blank",
        "--roll",
        "45",
        "--json",
    )
    assert (muy.json["total_points"], muy.json["hooper"]) == (3, "Muy Schillato")
    cli(*M, "turn")
    # Karl (Foul example): Lucy's steal fouls Hector: Never Tired red cube, Hector white cube.
    cli(*M, "foul", "Lucy", "Never")
    cli(*M, "injure", "Karl", "Hec")
    chus = cli(
        *M,
        "shot",
        "Karl",
        "2ps",
        "--hooper",
        "Chus",
        "--stat",
        "55",
        "--bonus",
        "25",
        "--defense",
        "30",
        "--defender",
        "Dime",
        "--face",
        "whistle",
        "--roll",
        "10",
        "--ft-roll",
        "50",
        "--json",
    )
    assert (chus.json["target"], chus.json["total_points"]) == (30, 3)
    cli(*M, "turn")
    # Lucy (Playbooks): Serge Ceptor 60 + 25 screen + 15 dribble = 100, no roll.
    serge = cli(
        *M,
        "shot",
        "Lucy",
        "3ps",
        "--hooper",
        "Serge",
        "--stat",
        "60",
        "--bonus",
        "25",
        "--bonus",
        "15",
        "--json",
    )
    assert (serge.json["auto"], serge.json["points"]) == (True, 3)
    return cli(*M, "status", "--json").json


def test_worked_evening_status(cli):
    status = play_gameplay_example(cli)
    assert set(status) >= STATUS_KEYS
    assert status["score"] == {"Lucy": 6, "Karl": 3}
    assert (status["period"], status["turn"], status["attacking"]) == (1, 3, "Lucy")
    assert status["team_fouls"] == {"Lucy": 2, "Karl": 0}
    lucy, karl = status["hoopers"]["Lucy"], status["hoopers"]["Karl"]
    assert lucy["Never Tired"]["fouls"] == 1 and lucy["Dime N'Shons"]["fouls"] == 1
    assert karl["Hector Pröt"]["injury_cubes"] == 1 and karl["Chus Kinder"]["injury_cubes"] == 1
    assert (karl["Chus Kinder"]["points"], karl["Chus Kinder"]["onfire"]) == (3, "orange")
    assert lucy["Serge Ceptor"]["onfire"] == "orange"
    assert status["coach_tokens"] == {"Lucy": 8, "Karl": 8}
    assert status["timeouts"] == {"Lucy": 3, "Karl": 3}
    assert status["winner"] is None and status["status"] == "live"
    # The human status is a scoreboard.
    out = cli(*M, "status").stdout
    assert out.splitlines()[0] == "Lucy 6 – 3 Karl   period 1, turn 3 (pair 2)"
    assert "Serge Ceptor 🔥 orange" in out


def test_after_pair_1_both_draw_one_card(cli):
    cli(*START)
    cli(*M, "turn")
    result = cli(*M, "turn")
    assert "after pair 1: each player draws 1 card" in result.stdout


def record_turns(db, n):
    """Record `n` turns through the engine in one store write (faster than n CLI runs)."""
    from companion.games.hoopers.rules.match import play
    from companion.store import Store

    def change(match):
        log = {**match, "events": list(match["events"])}
        for _ in range(n):
            log["events"].append(play(log, "turn", {}).event)
        return log["events"][len(match["events"]) :]

    Store(db).update_live("hoopers", change)


def test_fast_match_to_the_end_and_into_history(cli, db):
    cli(
        *M,
        "start",
        "--home",
        "Ann",
        "--away",
        "Bob",
        "--home-roster",
        "Ace,Bee",
        "--away-roster",
        "Cat,Dot",
        "--variant",
        "fast",
        "--first",
        "Bob",
        "--seed",
        "1",
    )
    cli(*M, "score", "Bob", "2", "--hooper", "Cat")
    record_turns(db, 31)
    last = cli(*M, "turn", "--json")
    assert (last.json["status"], last.json["over"], last.json["winner"]) == ("live", True, "Bob")
    assert_user_error(cli(*M, "turn"), "is over")
    ended = cli(*M, "end", "--json")
    assert ended.json["result"] == {
        "scores": {"Ann": 0, "Bob": 2},
        "ranks": {"Bob": 1, "Ann": 2},
        "winner": "Bob",
        "periods": [[0, 2], [0, 0]],
    }
    listed = cli("history", "list", "--json").json["matches"]
    assert listed[0]["result"]["winner"] == "Bob" and listed[0]["game"] == "hoopers"


def test_end_before_the_final_is_refused_then_abandon(cli):
    cli(*START)
    assert_user_error(cli(*M, "end"), "is not over")
    assert cli(*M, "end", "--abandon", "--json").json["status"] == "abandoned"


def test_undo(cli):
    cli(*START)
    assert_user_error(cli(*M, "undo"), "nothing to undo")
    cli(*M, "score", "Lucy", "2")
    doc = cli(*M, "undo", "--json").json
    assert doc["score"] == {"Lucy": 0, "Karl": 0}


def test_rolled_first_attacker_and_seeded_draws_are_stored(cli):
    start = cli(
        *M,
        "start",
        "--home",
        "Ann",
        "--away",
        "Bob",
        "--home-roster",
        "Ace",
        "--away-roster",
        "Cat",
        "--seed",
        "12",
        "--json",
    ).json
    shooter = start["attacking"]
    hooper = "Ace" if shooter == "Ann" else "Cat"
    shot = cli(*M, "shot", shooter, "lup", "--hooper", hooper, "--stat", "60", "--json").json
    match = cli("history", "show", start["id"], "--json").json
    event = match["events"][-1]["data"]
    assert event["roll"] == shot["roll"] and match["seed"] == 12
    assert match["events"][0]["data"]["rolls"]


def test_match_bad_input_writes_nothing(cli, db):
    cli(*START)
    before = db.read_bytes()
    for args, fragment in [
        (("shot", "Zed", "2ps", "--hooper", "Muy", "--stat", "50"), "no team 'Zed'"),
        (("shot", "Lucy", "2ps", "--hooper", "Qq", "--stat", "50"), "choose from"),
        (("foul", "Karl", "M"), "ambiguous: Maddy Cure, Manny Gentle, May Friend"),
        (("shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "50", "--roll", "42"), "42"),
        (("shot", "Karl", "2ps", "--hooper", "Edd", "--stat", "50"), "Lucy's attacking turn"),
        (
            ("shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "50", "--defense", "20"),
            "--defender",
        ),
        (("score", "Lucy", "0"), "points 0"),
    ]:
        assert_user_error(cli(*M, *args), fragment)
    assert db.read_bytes() == before


def test_ejected_hooper_cannot_shoot(cli):
    cli(*START)
    for _ in range(4):
        cli(*M, "foul", "Lucy", "Muy")
    assert_user_error(
        cli(*M, "shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "50"),
        "Muy Schillato (Lucy) is ejected",
    )


def test_start_needs_rosters_and_refuses_a_second_live_match(cli):
    assert_user_error(cli(*M, "start", "--home", "A", "--away", "B"), "no hoopers named for A")
    cli(*START)
    assert_user_error(cli(*START), "already live")


def test_a_block_received_cools_the_hooper(cli):
    cli(*START)
    cli(*M, "blocked", "Lucy", "Muy")
    doc = cli(*M, "blocked", "Lucy", "Muy", "--json").json
    muy = doc["hoopers"]["Lucy"]["Muy Schillato"]
    assert (muy["onfire"], muy["injury_cubes"]) == ("flat", 1)


def test_teams_named_after_their_tribes_need_no_roster(cli):
    started = cli(
        "hoopers",
        "match",
        "start",
        "--home",
        "Keepers",
        "--away",
        "Unleashed",
        "--first",
        "Keepers",
    )
    assert started.exit_code == 0, started.stderr
    hoopers = cli("hoopers", "match", "status", "--json").json["hoopers"]
    assert "Edd Trapp" in hoopers["Keepers"]
    assert "Muy Schillato" in hoopers["Unleashed"]
