"""Issue 22 item 17: "SF - Edd Trapp: You can play a defense lay-up to defend a 3 points
shot by using him." """

from __future__ import annotations

from tests.conftest import assert_user_error

M = ("hoopers", "match")
START = (*M, "start", "--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed",
         "--away-tribe", "keepers", "--first", "Lucy", "--seed", "4")  # fmt: skip
SHOT = (*M, "shot", "Lucy", "3ps", "Muy", "--stat", "70", "--bonus", "15", "--defense", "40")


def test_edd_trapp_defends_a_3ps_with_his_defence_lay_up(cli):
    assert cli(*START).exit_code == 0
    # The DLU's foul die: the whistle "3" face is a foul (+0) on a defence lay-up only.
    done = cli(*SHOT, "--defender", "Edd", "--defense-card", "dlu", "--face", "whistle-3",
               "--roll", "40", "--ft-stat", "50", "--ft-roll", "5", "--json")  # fmt: skip
    assert done.exit_code == 0, done.stderr
    assert (done.json["foul"], done.json["target"], done.json["scored"]) == (True, 45, True)
    assert done.json["match"]["hoopers"]["Karl"]["Edd Trapp"]["fouls"] == 1
    text = cli(*M, "undo") and cli(*SHOT, "--defender", "Edd", "--defense-card", "dlu",
                                   "--face", "blank", "--roll", "40").stdout  # fmt: skip
    assert "3 points shot against DLU 40" in text


def test_only_edd_trapp_may(cli, db):
    assert cli(*START).exit_code == 0
    before = db.read_bytes()
    refused = cli(*SHOT, "--defender", "May", "--defense-card", "dlu", "--face", "blank")
    assert_user_error(refused, "a 3PS is defended with a D3, not a DLU")
    assert_user_error(cli(*M, "shot", "Lucy", "3ps", "Muy", "--stat", "70",
                          "--defense-card", "dlu"), "--defense")  # fmt: skip
    assert db.read_bytes() == before
