"""Issue 22 item 12: Onfire chips are spent, and a spent chip is discarded.

"After having spent a chip (LV.1 or LV.2) discard it." ('Onfire'); the Reward Phase
counts "all the chip that you did not spend during the game".
"""

from __future__ import annotations

from tests.conftest import assert_user_error
from tests.games.hoopers.test_series_cli import K, play_match_to_the_end

M = ("hoopers", "match")
START = (*M, "start", "--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed",
         "--away-tribe", "keepers", "--first", "Lucy", "--seed", "4")  # fmt: skip


def _to_lv1(cli, team, hooper):
    for _ in range(2):
        assert cli(*M, "onfire", team, hooper, "up").exit_code == 0
    taken = cli(*M, "chip", team, hooper, "--json")
    assert taken.exit_code == 0, taken.stderr
    return taken


def _to_lv2(cli, team, hooper):
    for _ in range(3):
        assert cli(*M, "onfire", team, hooper, "up").exit_code == 0


def test_a_spent_lv1_chip_is_discarded_and_remembered(cli, db):
    assert cli(*START).exit_code == 0
    _to_lv1(cli, "Karl", "Edd")
    spent = cli(*M, "spend", "Karl", "block", "Edd", "--json")
    assert spent.exit_code == 0, spent.stderr
    assert spent.json["hoopers"]["Karl"]["Edd Trapp"]["chips"] == {"lv1": 0, "lv2": 0}
    assert spent.json["chips_spent"] == [{"team": "Karl", "hooper": "Edd Trapp", "use": "block"}]
    assert any("the chip is discarded" in n for n in spent.json["notes"])
    before = db.read_bytes()
    again = cli(*M, "spend", "Karl", "block", "Edd")
    assert_user_error(again, "no Onfire LV.1 chip")
    assert db.read_bytes() == before


def test_fast_break_scores_two_and_never_give_up_is_a_coach_token(cli):
    # "Fast Break: ... You score two points. End your turn." / "Never Give Up!: Use this
    # chip as an additional coach action token."
    assert cli(*START).exit_code == 0
    _to_lv2(cli, "Lucy", "Serge")
    _to_lv2(cli, "Lucy", "Serge")
    fast = cli(*M, "spend", "Lucy", "fast", "Serge", "--json")
    assert fast.exit_code == 0, fast.stderr
    assert fast.json["score"] == {"Lucy": 2, "Karl": 0}
    assert fast.json["hoopers"]["Lucy"]["Serge Ceptor"]["points"] == 2
    token = cli(*M, "spend", "Lucy", "never", "Serge", "--json")
    assert token.json["coach_tokens"]["Lucy"] == 9
    assert token.json["hoopers"]["Lucy"]["Serge Ceptor"]["chips"]["lv2"] == 0


def test_tap_out_takes_back_the_opponents_basket(cli, db):
    # "Tap-Out: It can be spent only after a successful attack by the opponent. It
    # becomes unsuccessful."
    assert cli(*START).exit_code == 0
    _to_lv2(cli, "Karl", "Hector")
    cli(*M, "turn")
    cli(*M, "turn")  # Lucy attacks again (turn 3)
    made = cli(*M, "shot", "Lucy", "2ps", "Muy", "--stat", "60", "--roll", "10", "--json")
    assert made.json["match"]["score"] == {"Lucy": 2, "Karl": 0}
    tap = cli(*M, "spend", "Karl", "tap", "Hector", "--json")
    assert tap.exit_code == 0, tap.stderr
    assert tap.json["score"] == {"Lucy": 0, "Karl": 0}
    before = db.read_bytes()
    assert_user_error(cli(*M, "spend", "Karl", "goal", "Hector"), "no Onfire LV.2 chip")
    assert db.read_bytes() == before


def test_goal_tending_needs_an_own_missed_attack_just_before(cli, db):
    assert cli(*START).exit_code == 0
    _to_lv2(cli, "Lucy", "Muy")
    before = db.read_bytes()
    assert_user_error(cli(*M, "spend", "Lucy", "goal", "Muy"), "only right after")
    assert db.read_bytes() == before
    cli(*M, "shot", "Lucy", "3ps", "Muy", "--stat", "60", "--roll", "90")
    goal = cli(*M, "spend", "Lucy", "goal", "Muy", "--json")
    assert goal.exit_code == 0, goal.stderr
    assert goal.json["score"] == {"Lucy": 3, "Karl": 0}


def test_the_reward_phase_counts_only_the_chips_not_spent(cli, db):
    series = ("hoopers", "series")
    assert cli(*series, "start", "--tribes", "Keepers,Unleashed", "--home", "kee").exit_code == 0
    started = cli(*series, "game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge")
    assert started.exit_code == 0, started.stderr
    _to_lv1(cli, K, "Edd")
    _to_lv1(cli, K, "Hector")
    assert cli(*M, "spend", K, "remove-steal", "Edd").exit_code == 0
    play_match_to_the_end(db, [(10, 8)] * 4)
    assert cli(*M, "end").exit_code == 0
    rewards = cli(*series, "rewards", "1", "--json").json[K]
    assert rewards["kept_lv1"] == 1
    assert rewards["kept_lv2"] == 0
