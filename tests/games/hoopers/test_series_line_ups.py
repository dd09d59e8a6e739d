"""Issue 22 item 14: a Series game takes line-ups.

'Before Starting the Next Game': "Choose the new seven hoopers for the next game (respect
the points 5) and 6) of the previous paragraph)"; "The ejected hoopers (four foul cube)
cannot take part in the very next game".
"""

from __future__ import annotations

import pytest

from tests.conftest import assert_user_error
from tests.games.hoopers.test_series_cli import K, U, record

SEVEN_K = "Keepers:May,Vernon,Chus,Edd,Hector,Perry,Linda"
FIVE_K = "Keepers:May,Chus,Edd,Hector,Perry"
SEVEN_U = "Unleashed:Faust,Serge,Muy,Dime,Lance,Never,Joy"
FIVE_U = "Unleashed:Serge,Muy,Dime,Lance,Never=C"


@pytest.fixture
def started(cli):
    def run(*args):
        return cli("hoopers", "series", *args)

    assert run("start", "--tribes", "Keepers,Unleashed", "--home", "kee").exit_code == 0
    return run


def test_game_start_takes_each_tribes_seven_and_five(started, cli):
    result = started("game", "start", "--hot", "May,Chus,Edd", "--cold", "Serge,Muy",
                     "--seven", SEVEN_K, "--five", FIVE_K, "--seven", SEVEN_U, "--five", FIVE_U,
                     "--seed", "3", "--json")  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert result.json["line_ups"][K] == [
        "May Friend", "Vernon Dely", "Chus Kinder", "Edd Trapp", "Hector Pröt", "Perry Hel",
        "Linda Siempre",
    ]  # fmt: skip
    match = cli("hoopers", "match", "status", "--json").json
    assert set(match["hoopers"][K]) == set(result.json["line_ups"][K])
    assert match["line_ups"][K]["bench"] == ["Vernon Dely", "Linda Siempre"]
    assert match["line_ups"][U]["court"]["C"] == "Never Tired"
    assert match["line_ups"][U]["bench"] == ["Faust Exit", "Joy Kill"]


def test_an_ejected_hooper_cannot_be_in_the_next_seven(started, db):
    record(started, "80-70", "--ejected", "Keepers:Edd Trapp")
    before = db.read_bytes()
    refused = started("game", "start", "--hot", "May,Chus,Hector", "--cold", "Serge,Muy",
                      "--seven", SEVEN_K)  # fmt: skip
    assert_user_error(refused, "Edd Trapp (Keepers) was ejected last game")
    assert db.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("--seven", "Keepers:May,Vernon,Chus"), "seven hoopers"),
        (("--five", FIVE_K), "come with its seven"),
        (("--seven", SEVEN_K, "--seven", SEVEN_K), "names Keepers twice"),
        (("--seven", SEVEN_K, "--five", "Keepers:May,Vernon,Edd,Hector,Perry"), "on the bench"),
    ],
)
def test_bad_line_ups_write_nothing(started, db, args, fragment):
    before = db.read_bytes()
    refused = started("game", "start", "--hot", "May,Chus,Edd", "--cold", "Serge,Muy", *args)
    assert_user_error(refused, fragment)
    assert db.read_bytes() == before
