"""Issue 22 item 16: at home in The Series a tribe power moves the hooper on the Onfire
track — from the CLI too.

'Prepare The Series', Home: "The hoopers move on the Onfire track also when they
successfully activate their tribe's power (even if a foul is committed or stops the
action). NOTE: The Keepers facedown card needs to match the attack."
"""

from __future__ import annotations

import pytest

from tests.games.hoopers.test_series_cli import K, U, record

M = ("hoopers", "match")


@pytest.fixture
def series(cli):
    def run(*args):
        return cli("hoopers", "series", *args)

    assert run("start", "--tribes", "Keepers,Unleashed", "--home", "kee").exit_code == 0
    return run


def _onfire(cli, team, hooper):
    return cli(*M, "status", "--json").json["hoopers"][team][hooper]["onfire"]


def test_the_home_keepers_block_from_the_face_down_card_moves_the_blocker(series, cli):
    start = series("game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge",
                   "--first", "Unleashed")  # fmt: skip
    assert start.exit_code == 0, start.stderr
    block = cli(*M, "block", K, "Edd", "--attacker", "Muy", "--against", "3ps",
                "--keepers-block", "--face", "blank", "--json")  # fmt: skip
    assert block.exit_code == 0, block.stderr
    assert _onfire(cli, K, "Edd Trapp") == "orange"
    assert any("activated the tribe power at home" in n for n in block.json["match"]["notes"])


def test_the_home_unleashed_power_moves_who_won_the_ball(series, cli):
    record(series, "80-70")
    record(series, "80-70")  # game 3: the Unleashed at home
    start = series("game", "start", "--hot", "Faust,Serge,Muy", "--cold", "May,Vernon",
                   "--first", "Keepers")  # fmt: skip
    assert start.exit_code == 0, start.stderr
    won = cli(*M, "counter", U, "steal", "Dime", "--against", "Chus", "--o", "60", "--v", "60",
              "--face", "blank", "--roll", "10")  # fmt: skip
    assert won.exit_code == 0, won.stderr
    power = cli(*M, "turn", "--power", "--json")
    assert power.exit_code == 0, power.stderr
    assert _onfire(cli, U, "Dime N'Shons") == "orange"


def test_the_away_tribe_and_a_plain_match_do_not_move(series, cli):
    start = series("game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge",
                   "--first", "Keepers")  # fmt: skip
    assert start.exit_code == 0, start.stderr
    cli(*M, "counter", U, "steal", "Dime", "--against", "Chus", "--o", "60", "--v", "60",
        "--face", "blank", "--roll", "10")  # fmt: skip
    assert cli(*M, "turn", "--power").exit_code == 0
    assert _onfire(cli, U, "Dime N'Shons") == "flat"
