"""Issue 17, 'Pipes, typos and the --json promise': options that play no part are refused,
naming the ones that do; every match command takes the hooper the same two ways."""

from __future__ import annotations

import pytest

from tests.conftest import assert_user_error

H = "hoopers"
M = (H, "match")
START = (
    *M,
    *("start", "--home", "Lucy", "--away", "Karl"),
    *("--home-tribe", "unleashed", "--away-tribe", "keepers", "--first", "Lucy", "--seed", "4"),
)


def ok(result):
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


# --- options that do not apply -------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "refused", "takes"),
    [
        # The issue's own example: --target went unread.
        (("odds", "2ps", "--stat", "50", "--target", "30"), "--target", "--stat, --bonus"),
        (("odds", "--target", "30", "--stat", "50"), "--stat", "it takes --target"),
        (("odds", "steal", "--o", "50", "--position", "PG", "--stat", "40"), "--stat", "--o, --v"),
        (("odds", "2ps", "--stat", "50", "--o", "30"), "--o", "--stat"),
        (("odds", "2ps", "--stat", "50", "--flagrant-whistle"), "--flagrant-whistle", "--defense"),
        (("odds", "3ps", "--stat", "50", "--ft-stat", "30"), "--ft-stat", "--defense"),
        (("odds", "2ps", "--stat", "50", "--away"), "--away", "--defense"),
        (("odds", "rebound", "--v", "50", "--position", "PG"), "--position", "--o, --v"),
        (
            ("odds", "intercept", "--o", "50", "--v", "40", "--team-fouls", "3"),
            "--team-fouls",
            "--o, --v",
        ),
        (
            ("odds", "steal", "--o", "5", "--position", "PG", "--no-foul-die", "--face", "blank"),
            "--face",
            "--no-foul-die",
        ),
        (("shot", "2ps", "--stat", "50", "--no-foul-bonus"), "--no-foul-bonus", "--defense"),
        (("shot", "2ps", "--stat", "50", "--ft-stat", "40"), "--ft-stat", "--defense"),
        (("counter", "rebound", "--v", "50", "--position", "PG"), "--position", "--team-fouls"),
        (("counter", "intercept", "--o", "50", "--position", "PG"), "--position", "--o"),
        (
            (
                "counter",
                "steal",
                "--o",
                "50",
                "--position",
                "PG",
                "--no-foul-die",
                "--team-fouls",
                "3",
            ),
            "--team-fouls",
            "--no-foul-die",
        ),
        (("counter", "rebound", "--v", "50", "--susan-peg", "--o", "40"), "--o", "--v"),
        (("block", "--face", "whistle", "--ft-stat", "40"), "--ft-stat", "--against"),
        (("block", "--face", "whistle", "--away"), "--away", "--against"),
        (
            ("block", "--face", "whistle", "--against", "2ps", "--team-fouls", "3"),
            "--team-fouls",
            "--ft-stat",
        ),
    ],
)
def test_an_option_that_plays_no_part_is_refused_naming_those_that_do(
    cli, db, args, refused, takes
):
    result = cli(H, *args)
    assert_user_error(result, f"{refused} does not apply")
    assert takes in result.stderr
    assert not db.exists()


@pytest.mark.parametrize(
    "args",
    [
        ("odds", "--target", "30"),
        ("odds", "2ps", "--stat", "50", "--defense", "20", "--ft-stat", "40", "--away"),
        ("odds", "steal", "--o", "50", "--v", "40", "--position", "SF", "--face", "blank"),
        ("shot", "2ps", "--stat", "50", "--defense", "20", "--no-foul-bonus", "--seed", "1"),
        ("counter", "intercept", "--o", "50", "--team-fouls", "3", "--seed", "1"),
        ("block", "--face", "whistle", "--against", "steal", "--team-fouls", "3", "--seed", "2"),
        # An explicit default is no extra option.
        ("odds", "rebound", "--v", "50", "--o", "40", "--team-fouls", "0"),
    ],
)
def test_options_that_apply_still_work(cli, args):
    ok(cli(H, *args))


def test_match_moves_refuse_what_they_do_not_use(cli):
    ok(cli(*START))
    assert_user_error(
        cli(*M, "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "70", "--defender", "Edd"),
        # Issue 29: a --defender alone takes the defence from the card, when it is known.
        "Edd Trapp's D3 is not known: give --defense N",
    )
    ok(cli(*M, "turn"))
    assert_user_error(
        cli(*M, "counter", "Karl", "rebound", "--hooper", "Edd", "--v", "50", "--against", "Muy"),
        "--against does not apply to a rebound",
    )
    assert_user_error(
        cli(*M, "counter", "Karl", "intercept", "--hooper", "Edd", "--o", "50", "--position", "PG"),
        "--position does not apply to an intercept",
    )
    assert cli(*M, "status", "--json").json["score"] == {"Lucy": 0, "Karl": 0}


# --- the hooper: --hooper H or an argument, in every match command ------------------------

# (command words before the hooper, after it): each is run once with the hooper as an
# argument where it stands, once with --hooper; the recorded matches must be the same.
MOVES = [
    (("shot", "Lucy", "3ps"), ("--stat", "70", "--roll", "45")),
    (("score", "Lucy", "2"), ()),
    (("onfire", "Lucy"), ("up",)),
    (("chip", "Lucy"), ()),
    (("blocked", "Lucy"), ()),
    (("foul", "Lucy"), ()),
    (("injure", "Karl"), ()),
    (("turn",), ()),  # Muy scored: the turn passes to Karl, then back to Lucy
    (("turn",), ()),
    (("counter", "Karl", "steal"), ("--against", "Muy", "--o", "50", "--v", "50", "--roll", "100")),
    (
        ("block", "Karl"),
        ("--attacker", "Muy", "--against", "3ps", "--face", "blank", "--keepers-block"),
    ),
]
WHO = {"Lucy": "Muy", "Karl": "Edd"}
WHO_ELSE = {"foul": "Never", "injure": "Hec", "block": "May"}


def events(cli, database) -> list[tuple[str, dict]]:
    shown = ok(cli("history", "show", "--json", database=database)).json
    return [(e["type"], e["data"]) for e in shown["events"]]


def test_every_match_command_takes_the_hooper_both_ways(cli, tmp_path):
    as_argument, as_option = tmp_path / "argument.json", tmp_path / "option.json"
    for database in (as_argument, as_option):
        ok(cli(*START, database=database))
    for before, after in MOVES:
        if before == ("turn",):
            for database in (as_argument, as_option):
                ok(cli(*M, "turn", database=database))
            continue
        who = WHO_ELSE.get(before[0], WHO[before[1]])
        ok(cli(*M, *before, who, *after, database=as_argument))
        ok(cli(*M, *before, *after, "--hooper", who, database=as_option))
    recorded = events(cli, as_argument)
    assert recorded == events(cli, as_option)
    named = [data["hooper"] for kind, data in recorded if kind not in ("opening", "turn")]
    assert named == ["Muy Schillato"] * 5 + ["Never Tired", "Hector Pröt"] + [
        "Edd Trapp",
        "May Friend",
    ]


def test_the_hooper_twice_must_agree_and_once_is_needed(cli, db):
    ok(cli(*START))
    ok(cli(*M, "foul", "Lucy", "Never", "--hooper", "never"))
    assert_user_error(
        cli(*M, "foul", "Lucy", "Never", "--hooper", "Muy"),
        "two hoopers, 'Never' and --hooper 'Muy'",
    )
    assert_user_error(cli(*M, "foul", "Lucy"), "hoopers match foul TEAM --hooper NAME")
    assert_user_error(cli(*M, "shot", "Lucy", "2ps", "--stat", "50"), "--hooper NAME")
    assert_user_error(cli(*M, "onfire", "Lucy", "Muy"), "up|down --hooper NAME")
    assert_user_error(cli(*M, "onfire", "Lucy", "Muy", "up", "--hooper", "Serge"), "two hoopers")
    # A score credits a hooper only when one is named, either way.
    ok(cli(*M, "score", "Lucy", "1"))
    assert cli(*M, "status", "--json").json["score"]["Lucy"] == 1


def test_a_tracked_counters_data_is_read_from_its_options_by_the_rules():
    # rules/options.py turns what 'match counter' was given into the event's data: --stat
    # is the stat the counter reads (a rebound's V), and an option the counter does not
    # use is refused before the dice typed are read.
    from companion.engine.errors import BadInput
    from companion.games.hoopers.rules.options import Given, match_counter_data

    names = ("hooper", "against", "o", "v", "position", "face", "roll", "flagrant_whistle")
    flags = {n: "--" + n.replace("_", "-") for n in (*names, "fouled", "ft_stat", "ft_roll")}
    values = {**dict.fromkeys(flags), "team": "Karl", "kind": "reb", "stat": 50, "roll": 10}
    typed = Given(flags, frozenset({"face", "roll"}), {**values, "face": "blank"})
    assert match_counter_data(typed, "May") == {
        "team": "Karl", "kind": "reb", "hooper": "May", "against": None, "o": None, "v": 50,
        "position": None, "face": "blank", "roll": 10, "flagrant_whistle": None,
        "fouled": None, "ft_stat": None, "ft_rolls": [],
    }  # fmt: skip
    wrong = Given(flags, frozenset({"against", "face"}), {**values, "against": "Muy", "face": "?"})
    with pytest.raises(BadInput, match="--against does not apply to a rebound"):
        match_counter_data(wrong, "May")
