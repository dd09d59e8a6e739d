"""One person, one name: a known player in another case is that player, and a new name one
slip from a known player's is refused off a terminal until `--new` confirms it."""

from __future__ import annotations

import pytest

from companion.engine.names import is_slip, settle_names
from tests.conftest import assert_user_error


@pytest.mark.parametrize(
    ("typed", "known"),
    [("Bne", "Ben"), ("eBn", "Ben"), ("Anja", "Anna"), ("Lnda", "Linda"), ("Lindaa", "Linda")],
)
def test_a_slip_is_two_letters_swapped_or_one_off_in_a_long_name(typed, known):
    assert is_slip(typed, known)


@pytest.mark.parametrize(
    ("typed", "known"),
    [("Ann", "Ana"), ("Ana", "Anna"), ("Bob", "Rob"), ("Ben", "Ben"), ("Anna", "Anne Marie")],
)
def test_short_names_one_letter_apart_are_two_people(typed, known):
    assert not is_slip(typed, known)


def test_two_names_at_one_table_are_two_people():
    assert settle_names(["Anna", "Anja"], ["Anna"]) == ["Anna", "Anja"]


def _players(cli):
    return [row["player"] for row in cli("players", "list", "--json").json["players"]]


def test_log_stores_a_known_player_as_known_whatever_the_case(cli):
    cli("log", "playlist", "Ana=3", "Ben=9")
    result = cli("log", "playlist", "ana=5", "BEN=2", "--json")
    assert result.exit_code == 0, result.stderr
    assert result.json["scores"] == {"Ana": 5, "Ben": 2}
    assert result.json["winner"] == "Ana"
    assert sorted(_players(cli)) == ["Ana", "Ben"]


def test_log_refuses_a_slip_of_a_known_name_and_writes_nothing(cli):
    cli("log", "playlist", "Ana=3", "Ben=9")
    result = cli("log", "playlist", "Bne=3", "Ana=5")
    assert_user_error(result, "'Bne' is not a known player (did you mean Ben?)")
    assert "add --new Bne" in result.stderr
    assert len(cli("history", "list", "--json").json) == 1


def test_log_takes_a_new_player_confirmed_with_new(cli):
    cli("log", "playlist", "Anna=3", "Ben=9")
    result = cli("log", "playlist", "Anja=3", "Ben=5", "--new", "Anja", "--json")
    assert result.exit_code == 0, result.stderr
    assert sorted(_players(cli)) == ["Anja", "Anna", "Ben"]


def test_new_must_name_someone_in_the_game(cli):
    assert_user_error(cli("log", "playlist", "Ana=3", "Ben=9", "--new", "Zed"), "--new Zed")


def test_a_solo_round_folds_its_player_too(cli):
    cli("log", "playlist", "Linda=3", "Ben=9")
    result = cli("log", "playlist-solo", "12", "--player", "linda", "--json")
    assert result.exit_code == 0, result.stderr
    assert list(result.json["scores"]) == ["Linda"]
    assert_user_error(cli("log", "playlist-solo", "12", "--player", "Lnda"), "did you mean Linda?")


def test_a_start_folds_case_and_refuses_a_slip(cli):
    cli("log", "otdraft", "Ana=30", "Ben=20")
    refused = cli("otdraft", "game", "start", "--players", "ana,Bne")
    assert_user_error(refused, "did you mean Ben?")
    assert cli("otdraft", "game", "status", "--json").exit_code == 2  # nothing started
    started = cli("otdraft", "game", "start", "--players", "ana,Bne", "--new", "Bne", "--json")
    assert started.exit_code == 0, started.stderr
    assert started.json["turn_order"] == ["Ana", "Bne"]


@pytest.mark.parametrize(
    "start",
    [
        ("playlist", "game", "start", "--players", "ana,Bne"),
        ("allstar", "season", "start", "--players", "ana,Bne,Cy"),
        ("hoopers", "match", "start", "--home", "ana", "--away", "Bne",
         "--home-tribe", "keepers", "--away-tribe", "unleashed"),
        ("hoopers", "series", "start", "--players", "ana=Keepers,Bne=Unleashed",
         "--home", "kee"),
    ],
)  # fmt: skip
def test_every_tracked_game_start_takes_new(cli, start):
    cli("log", "playlist", "Ana=3", "Ben=9")
    assert_user_error(cli(*start), "did you mean Ben?")
    started = cli(*start, "--new", "Bne", "--json")
    assert started.exit_code == 0, started.stderr
    assert {"Ana", "Bne"} <= set(started.json["players"])  # "ana" stored as the known Ana


def test_a_misspelt_hooper_gets_did_you_mean(cli):
    start = ("hoopers", "match", "start", "--home", "Ana", "--away", "Ben",
             "--home-tribe", "keepers", "--away-tribe", "unleashed", "--first", "Ana")  # fmt: skip
    assert cli(*start).exit_code == 0
    refused = cli("hoopers", "match", "shot", "Ana", "2ps", "--hooper", "Mnany", "--stat", "50")
    assert_user_error(refused, "no hooper of Ana 'Mnany' (did you mean Manny Gentle?)")
