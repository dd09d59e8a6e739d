"""Issue 22 item 21: what the match says is what happened."""

from __future__ import annotations

from companion.games.hoopers.rules.match import play
from companion.store import Store

M = ("hoopers", "match")
START = (*M, "start", "--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed",
         "--away-tribe", "keepers", "--first", "Lucy", "--seed", "4")  # fmt: skip


def test_block_free_throws_print_their_target_and_count_their_points(cli):
    # 'Block' a) "If contesting an attack, then resolve directly two or three FREE THROWS";
    # "Its related stat is built by adding a fixed +15 to the 2PS stat".
    assert cli(*START).exit_code == 0
    for move in (("onfire", "Karl", "Edd", "up"),) * 2 + (("chip", "Karl", "Edd"),):
        assert cli(*M, *move).exit_code == 0  # "by using the specific Onfire LV.1 chip"
    args = ("block", "Karl", "Edd", "--attacker", "Muy", "--against", "2ps", "--face",
            "whistle", "--ft-stat", "60", "--ft-roll", "10", "--ft-roll", "90")  # fmt: skip
    text = cli(*M, *args)
    assert "free throw 1: 60 + 15 = 75 → rolled 10: made: 1 point" in text.stdout
    assert "None" not in text.stdout
    cli(*M, "undo")
    doc = cli(*M, *args, "--json").json
    assert doc["total_points"] == 1 == doc["match"]["score"]["Lucy"]
    assert [ft["target"] for ft in doc["free_throws"]] == [75, 75]


def test_joy_kills_failed_counter_names_the_malus(cli):
    # "Joy Kill: If her counter is not successful, then the opponent's fundamental
    # receives a -10 malus."
    five = ("--home-seven", "Muy,Serge,Dime,Never,Lance,Joy,Faust",
            "--home-five", "Serge,Muy,Dime,Lance,Never")  # fmt: skip
    assert cli(*START, *five, "--first", "Karl").exit_code == 0
    failed = cli(*M, "counter", "Lucy", "intercept", "Dime", "--against", "May", "--o", "40",
                 "--face", "blank", "--roll", "90", "--json")  # fmt: skip
    assert failed.exit_code == 0, failed.stderr
    assert not any("malus" in n for n in failed.json["match"]["notes"])
    cli(*M, "undo")
    sub = cli(*M, "counter", "Lucy", "intercept", "Joy", "--against", "May", "--o", "40",
              "--face", "blank", "--roll", "90", "--json")  # fmt: skip
    assert sub.exit_code == 2  # Joy is on the bench
    cli(*M, "turn")
    assert cli(*M, "sub", "Lucy", "--out", "Dime", "--in", "Joy").exit_code == 0
    cli(*M, "turn")
    joy = cli(*M, "counter", "Lucy", "intercept", "Joy", "--against", "May", "--o", "40",
              "--face", "blank", "--roll", "90", "--json")  # fmt: skip
    assert joy.exit_code == 0, joy.stderr
    assert "Joy Kill's counter failed: the pass receives a -10 malus" in " ".join(
        joy.json["match"]["notes"]
    )


def _play(db, steps):
    def change(match):
        log, new = list(match["events"]), []
        for kind, data in steps:
            event = play({**match, "events": log}, kind, data).event
            log.append(event)
            new.append(event)
        return new

    Store(db).update_live("hoopers", change)


def test_never_tired_extra_energy_is_reminded_at_period_end(cli, db):
    # NOTE: "Never Tired recovers two energies after the first and third period, and
    # becomes full of energy after the second one."
    assert cli(*START).exit_code == 0
    _play(db, [("turn", {"again": False})] * 15)
    end1 = cli(*M, "turn", "--json").json["notes"]
    assert "Never Tired (Lucy) recovers one extra energy (two): his skill" in end1
    _play(db, [("turn", {"again": False})] * 15)
    end2 = cli(*M, "turn", "--json").json["notes"]
    assert "Never Tired (Lucy) becomes full of energy: his skill" in end2


def test_status_names_the_first_and_second_overtime(cli, db):
    # "An overtime is an extra period that lasts just four pair of attacking turns".
    assert cli(*START).exit_code == 0
    _play(db, [("turn", {"again": False})] * 64)
    assert "overtime 1, turn 1" in cli(*M, "status").stdout
    _play(db, [("turn", {"again": False})] * 8)
    text = cli(*M, "status").stdout
    assert "overtime 2, turn 1" in text and "overtime 6" not in text
