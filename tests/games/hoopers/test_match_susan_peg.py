"""Issue 22 item 11: Susan Peg's rebound in a tracked match is her undefended lay-up.

"If Susan Peg does not commit a foul during an Offensive Rebound attempt, then she rolls
the d20 die directly performing a Lay-up by using her V stat. It can't be defended."
"""

from __future__ import annotations

from tests.conftest import assert_user_error

M = ("hoopers", "match")
START = (*M, "start", "--home", "Lucy", "--away", "Karl", "--home-roster",
         "Susan Peg,Muy Schillato,Serge Ceptor", "--away-tribe", "keepers", "--first", "Lucy",
         "--seed", "4")  # fmt: skip


def _miss(cli):
    miss = cli(*M, "shot", "Lucy", "2ps", "Muy", "--stat", "50", "--roll", "90")
    assert miss.exit_code == 0, miss.stderr


def test_her_rebound_is_a_lay_up_with_her_v(cli):
    assert cli(*START).exit_code == 0
    _miss(cli)
    rebound = cli(*M, "counter", "Lucy", "rebound", "Susan", "--v", "60", "--face", "blank",
                  "--roll", "40", "--json")  # fmt: skip
    assert rebound.exit_code == 0, rebound.stderr
    assert (rebound.json["susan_peg"], rebound.json["scored"], rebound.json["points"]) == (
        True, True, 2,
    )  # fmt: skip
    match = rebound.json["match"]
    assert match["score"] == {"Lucy": 2, "Karl": 0}
    assert match["hoopers"]["Lucy"]["Susan Peg"]["points"] == 2
    assert match["hoopers"]["Lucy"]["Susan Peg"]["onfire"] == "orange"
    text = cli(*M, "status").stdout
    assert "Lucy 2 – 0 Karl" in text


def test_her_missed_lay_up_scores_nothing_and_her_foul_is_an_offensive_foul(cli, db):
    assert cli(*START).exit_code == 0
    _miss(cli)
    missed = cli(*M, "counter", "Lucy", "rebound", "Susan", "--v", "60", "--face", "blank",
                 "--roll", "80", "--json")  # fmt: skip
    assert (missed.json["scored"], missed.json["match"]["score"]["Lucy"]) == (False, 0)
    cli(*M, "undo")
    before = db.read_bytes()
    assert_user_error(
        cli(*M, "counter", "Lucy", "rebound", "Susan", "--face", "blank", "--roll", "40"),
        "her V stat",
    )
    assert db.read_bytes() == before
    fouled = cli(*M, "counter", "Lucy", "rebound", "Susan", "--v", "60", "--face", "whistle",
                 "--fouled", "Edd", "--json")  # fmt: skip
    assert fouled.exit_code == 0, fouled.stderr
    assert fouled.json["match"]["hoopers"]["Lucy"]["Susan Peg"]["fouls"] == 1
    assert fouled.json["match"]["score"]["Lucy"] == 0
