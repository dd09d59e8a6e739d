"""`companion hoopers …` through the CLI: the rulebook's worked examples and the exit-2 contract."""

from __future__ import annotations

import pytest

from tests.conftest import assert_user_error

H = "hoopers"


def without_seed(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "seed"}


# --- Gameplay Example, step by step ---------------------------------------------

# Muy Schillato's 3PS 70 + dribble 15 against D3 30; the foul die blank, the d20 45.
MUY_SCHILLATO = (
    *(H, "shot", "3ps", "--stat", "70", "--bonus", "15", "--defense", "30"),
    *("--face", "blank", "--roll", "45"),
)


def test_gameplay_example_muy_schillato_json(cli):
    result = cli(*MUY_SCHILLATO, "--json")
    assert result.exit_code == 0
    assert without_seed(result.json) == {
        "kind": "3ps",
        "target": 55,
        "roll": 45,
        "auto": False,
        "scored": True,
        "points": 3,
        "face": "blank",
        "foul": False,
        "defense_bonus": 0,
        "charging": False,
        "flagrant": False,
        "free_throws": [],
        "total_points": 3,
        "onfire": "up",
        "outcome": "No foul: resolve the shot.",
        "notes": [],
    }


def test_gameplay_example_muy_schillato_shows_the_working(cli):
    result = cli(*MUY_SCHILLATO)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "3 points shot against D3 30; foul die: · blank",
        "  No foul: resolve the shot.",
        "  70 + 15 − 30 = 55 → roll ≤ 55 scores; rolled 45: scored, 3 points",
        "  Total: 3 point(s); Onfire track one step right",
    ]


def test_gameplay_example_never_tired_steal_fails(cli):
    result = cli(
        H,
        "counter",
        "steal",
        "--v",
        "55",
        "--position",
        "PF",
        "--face",
        "blank",
        "--roll",
        "80",
        "--json",
    )
    assert without_seed(result.json) == {
        "kind": "steal",
        "stat": "v",
        "target": 55,
        "roll": 80,
        "auto": False,
        "face": "blank",
        "foul": False,
        "by": None,
        "jump_ball": False,
        "success": False,
        "free_throws": 0,
        "free_throws_to": None,
        "consequence": "Counter failed: the attacker goes on and keeps the fundamental's bonus.",
    }


def test_gameplay_example_hector_lay_up_95_misses(cli):
    doc = cli(H, "shot", "lup", "--stat", "70", "--bonus", "15", "--roll", "95", "--json").json
    assert (doc["target"], doc["face"], doc["scored"], doc["onfire"]) == (85, None, False, "down")


def test_gameplay_example_edd_trapp_rebound_05_then_lay_up_80(cli):
    rebound = cli(H, "counter", "rebound", "--v", "55", "--face", "blank", "--roll", "5", "--json")
    assert (rebound.json["target"], rebound.json["success"]) == (55, True)
    lay_up = cli(H, "shot", "lup", "--stat", "65", "--bonus", "15", "--roll", "80", "--json")
    assert (lay_up.json["target"], lay_up.json["scored"], lay_up.json["points"]) == (80, True, 2)


# --- Foul -------------------------------------------------------------------------


def test_foul_example_chus_kinder_and_his_free_throw(cli):
    result = cli(
        H,
        "shot",
        "2ps",
        "--stat",
        "55",
        "--bonus",
        "25",
        "--defense",
        "30",
        "--face",
        "whistle",
        "--roll",
        "10",
        "--ft-roll",
        "50",
    )
    assert result.stdout.splitlines()[2:] == [
        "  55 + 25 − (30 + 20) = 30 → roll ≤ 30 scores; rolled 10: scored, 2 points",
        "  Defensive foul, shot made: 1 extra free throw",
        "  free throw 1: 55 + 15 = 70 → rolled 50: made: 1 point",
        "  Total: 3 point(s); Onfire track one step right",
    ]


def test_foul_example_steal_foul(cli):
    doc = cli(
        H, "counter", "steal", "--v", "55", "--position", "PF", "--face", "whistle", "--json"
    ).json
    assert (doc["foul"], doc["by"], doc["success"], doc["roll"]) == (True, "defender", False, None)


def test_foul_example_intercept_jump_ball_uses_v(cli):
    doc = cli(
        H,
        "counter",
        "intercept",
        "--o",
        "40",
        "--v",
        "60",
        "--face",
        "jump-ball",
        "--roll",
        "55",
        "--json",
    ).json
    assert (doc["jump_ball"], doc["stat"], doc["target"], doc["success"]) == (True, "v", 60, True)


def test_counter_foul_from_the_third_team_foul(cli):
    doc = cli(
        H, "counter", "intercept", "--o", "40", "--face", "whistle-2", "--team-fouls", "3", "--json"
    ).json
    assert (doc["free_throws"], doc["free_throws_to"]) == (2, "attacker")


def test_foul_d2_json(cli):
    assert without_seed(cli(H, "foul", "d2", "--face", "whistle", "--json").json) == {
        "action": "d2",
        "face": "whistle",
        "foul": True,
        "by": "defender",
        "defense_bonus": 20,
        "jump_ball": False,
        "charging": False,
        "flagrant": False,
        "outcome": "Defensive foul: the defender adds the foul bonus and gets a red cube, "
        "the shooter a white cube; shot made = 1 free throw, missed = 2.",
    }


def test_foul_dlu_charging_and_screen(cli):
    charging = cli(H, "foul", "dlu", "--face", "charging", "--json").json
    assert (charging["foul"], charging["by"], charging["charging"]) == (True, "attacker", True)
    screen = cli(H, "foul", "screen", "--face", "whistle-2", "--json").json
    assert (screen["foul"], screen["by"]) == (True, "attacker")


def test_charging_lay_up_has_no_shot(cli):
    doc = cli(
        H, "shot", "lup", "--stat", "70", "--defense", "20", "--face", "charging", "--json"
    ).json
    assert (doc["charging"], doc["target"], doc["roll"], doc["total_points"]) == (
        True,
        None,
        None,
        0,
    )


def test_a_roll_the_shot_does_not_use_is_reported_not_dropped(cli):
    charging = cli(
        H, "shot", "lup", "--stat", "70", "--defense", "20", "--face", "charging", "--roll", "50"
    )  # fmt: skip
    assert charging.exit_code == 0, charging.stderr
    lines = [line for line in charging.stdout.splitlines() if "--roll" in line]
    assert lines == ["  --roll 50 not used: charging foul by the attacker, so no shot"]
    doc = cli(
        H, "shot", "lup", "--stat", "70", "--defense", "20", "--face", "charging",
        "--roll", "50", "--json",
    ).json  # fmt: skip
    assert doc["roll"] is None
    assert doc["notes"] == ["--roll 50 not used: charging foul by the attacker, so no shot"]
    flagrant = [
        H, "shot", "3ps", "--stat", "70", "--defense", "30", "--face", "whistle",
        "--flagrant-whistle", "--ft-stat", "50", "--ft-roll", "5", "--ft-roll", "10",
        "--roll", "50",
    ]  # fmt: skip
    text = cli(*flagrant).stdout
    assert "  --roll 50 not used: flagrant foul, so no shot; two free throws (--ft-roll)\n" in text
    doc = cli(*flagrant, "--json").json
    assert doc["flagrant"] and doc["roll"] is None and doc["total_points"] == 2
    assert [n.split(":")[0] for n in doc["notes"]] == ["--roll 50 not used"]
    auto = cli(H, "shot", "lup", "--stat", "90", "--bonus", "15", "--roll", "95", "--json").json
    assert auto["auto"] and auto["notes"] == [
        "--roll 95 not used: target 105 ≥ 100 scores without a roll"
    ]
    used = cli(H, "shot", "lup", "--stat", "70", "--roll", "50", "--json").json
    assert used["roll"] == 50 and used["notes"] == []


def test_match_shot_reports_an_unused_roll(cli):
    start = [
        H, "match", "start", "--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed",
        "--away-tribe", "keepers", "--first", "Lucy",
    ]  # fmt: skip
    assert cli(*start).exit_code == 0
    result = cli(
        H, "match", "shot", "Lucy", "lup", "--hooper", "Dime", "--stat", "70",
        "--defender", "Edd", "--defense", "20", "--face", "charging", "--roll", "50", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert result.json["charging"] and result.json["notes"] == [
        "--roll 50 not used: charging foul by the attacker, so no shot"
    ]


def test_block_keepers_and_linda(cli):
    keepers = cli(H, "block", "--face", "jump-ball", "--keepers-block", "--json").json
    assert (keepers["outcome"], keepers["foul"]) == ("foul", True)
    linda = cli(H, "block", "--face", "whistle", "--linda", "--json").json
    assert (linda["outcome"], linda["reads_as"]) == ("restart-a", "jump-ball")
    foul = cli(
        H,
        "block",
        "--face",
        "whistle",
        "--against",
        "3ps",
        "--ft-stat",
        "60",
        "--ft-roll",
        "75",
        "--ft-roll",
        "80",
        "--ft-roll",
        "5",
        "--json",
    ).json
    assert [ft["made"] for ft in foul["free_throws"]] == [True, False, True]
    assert foul["total_points"] == 2


# --- Playbooks ------------------------------------------------------------------


def test_playbook_hot_zone_serge_ceptor_scores_without_rolling(cli):
    result = cli(H, "shot", "3ps", "--stat", "60", "--bonus", "25", "--bonus", "15")
    assert result.stdout.splitlines()[1] == (
        "  60 + 25 + 15 = 100 ≥ 100 → scores without a roll: 3 points"
    )
    doc = cli(H, "shot", "3ps", "--stat", "60", "--bonus", "25", "--bonus", "15", "--json").json
    assert (doc["auto"], doc["roll"], doc["points"]) == (True, None, 3)
    assert cli(H, "foul", "screen", "--face", "blank", "--json").json["foul"] is False


# --- free throws, odds, seeds -----------------------------------------------------


def test_free_throw(cli):
    doc = cli(H, "free-throw", "--stat", "55", "--roll", "70", "--json").json
    assert without_seed(doc) == {"target": 70, "roll": 70, "made": True, "points": 1}
    away = cli(H, "free-throw", "--stat", "55", "--away", "--roll", "60", "--json").json
    assert (away["target"], away["made"]) == (55, False)


def test_odds_target(cli):
    doc = cli(H, "odds", "--target", "55", "--json").json
    assert (doc["p_score"], doc["p_score_fraction"]) == (0.55, "11/20")


def test_odds_whole_shot_exact(cli):
    doc = cli(
        H,
        "odds",
        "3ps",
        "--stat",
        "70",
        "--bonus",
        "15",
        "--defense",
        "30",
        "--ft-stat",
        "60",
        "--json",
    ).json
    assert doc["p_score_fraction"] == "83/160"
    assert doc["expected_points_fraction"] == "57/32"
    assert [(r["face"], r["probability"], r["target"]) for r in doc["by_face"]] == [
        ("whistle", "1/8", 30),
        ("whistle-2", "1/8", 55),
        ("whistle-3", "1/8", 55),
        ("charging", "1/8", 55),
        ("jump-ball", "1/8", 55),
        ("blank", "3/8", 55),
    ]


def test_odds_counter(cli):
    doc = cli(H, "odds", "steal", "--o", "40", "--v", "55", "--position", "PF", "--json").json
    assert doc["p_score_fraction"] == "63/160"


def test_seed_reproduces_every_draw(cli):
    args = (
        H,
        "shot",
        "lup",
        "--stat",
        "60",
        "--defense",
        "20",
        "--ft-stat",
        "50",
        "--seed",
        "9",
        "--json",
    )
    assert cli(*args).json == cli(*args).json


# --- bad input: exit 2, one line, nothing written -----------------------------------


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("shot", "3ps", "--stat", "70", "--roll", "42"), "42 is not a face of the d20"),
        (
            ("shot", "3ps", "--stat", "70", "--defense", "9", "--face", "xyz"),
            "no foul die face 'xyz'",
        ),
        (("shot", "3ps", "--stat", "70", "--defense", "9", "--face", "wh"), "ambiguous"),
        (("shot", "3ps", "--stat", "120"), "--stat 120 is not a stat"),
        (("shot", "4ps", "--stat", "70"), "shot kind '4ps'"),
        (("free-throw", "--stat", "55", "--defense", "10"), "a free throw can't be defended"),
        (("counter", "steal", "--o", "50"), "--position"),
        (("foul", "steal", "--linda"), "--linda applies to a block"),
        (("odds",), "--target"),
    ],
)
def test_bad_input(cli, db, args, fragment):
    assert_user_error(cli(H, *args), fragment)
    assert not db.exists()


def test_demo_plays_a_seeded_stretch(cli):
    result = cli("demo", "hoopers", "--seed", "7", database=None)
    assert result.exit_code == 0
    assert "70 + 15 − 30 = 55 → roll ≤ 55 scores" in result.stdout
    assert "83/160" in result.stdout
    assert "$ companion hoopers match status" in result.stdout
    again = cli("demo", "hoopers", "--seed", "7", database=None)

    def stable(out):
        return [line for line in out.splitlines() if "demo" not in line]

    assert stable(again.stdout) == stable(result.stdout)


def test_injury_pile_default_is_labelled_and_can_be_set(cli):
    default = cli(H, "markers", "--json").json
    assert default["default"] is True and len(default["pile"]) == 8
    assert default["assumed"] == [
        "the second 'lucky' marker (the rulebook prints 7 kinds for 8 markers)"
    ]
    mine = "out,out,lucky,lucky,no-a,no-d,no-s,def"
    doc = cli(H, "markers", "--set", mine, "--json").json
    assert doc["pile"] == [
        "out",
        "out",
        "lucky",
        "lucky",
        "no-attack",
        "no-defense",
        "no-skill",
        "defense-10",
    ]
    assert doc["assumed"] == []
    start = cli(
        "hoopers",
        "match",
        "start",
        "--home",
        "A",
        "--away",
        "B",
        "--home-roster",
        "x",
        "--away-roster",
        "y",
        "--first",
        "A",
        "--json",
    )
    assert start.exit_code == 0
    match = cli("history", "show", start.json["id"], "--json").json
    assert match["options"]["injury_pile"] == doc["pile"]
    assert_user_error(cli(H, "markers", "--set", "out,lucky"), "8 markers, not 2")
    assert cli(H, "markers", "--reset", "--json").json["default"] is True
