"""A live Series game does not block a friendly match: it waits, and resumes."""

from __future__ import annotations

import pytest

from tests.conftest import assert_user_error
from tests.games.hoopers.test_series_people import play_match_to_the_end

FRIENDLY = ("hoopers", "match", "start", "--home", "Cy", "--away", "Dee", "--home-tribe",
            "keepers", "--away-tribe", "unleashed", "--first", "Cy", "--seed", "1")  # fmt: skip


@pytest.fixture
def in_play(cli):
    """A Series played by Ana and Ben, its game 1 in play as a tracked match; its id."""
    assert cli("hoopers", "series", "start", "--players", "Ana=Keepers,Ben=Unleashed",
               "--home", "Keepers").exit_code == 0  # fmt: skip
    started = cli("hoopers", "series", "game", "start", "--hot", "May,Vernon,Chus",
                  "--cold", "Faust,Serge", "--first", "Ana", "--seed", "3", "--json")  # fmt: skip
    assert started.exit_code == 0, started.stderr
    return started.json["match_id"]


def test_a_friendly_match_starts_while_the_series_game_waits(cli, in_play):
    friendly = cli(*FRIENDLY, "--json")
    assert friendly.exit_code == 0, friendly.stderr
    assert friendly.json["players"] == ["Cy", "Dee"]
    assert any(f"match {in_play} (Ana v Ben, a Series game) waits" in n
               for n in friendly.json["notes"])  # fmt: skip
    assert cli("hoopers", "match", "status", "--json").json["id"] == friendly.json["id"]
    series = cli("hoopers", "series", "status", "--json").json
    assert series["playing_match"] == in_play
    assert series["next"] == (
        f"game 1 (hoopers match {in_play}) waits while a friendly match is played: ending "
        "that one resumes it, or go back to it now with "
        f"'companion hoopers match resume --match {in_play}'"
    )
    # One match waits at a time: a third is refused, writing nothing.
    assert_user_error(cli(*FRIENDLY), f"a hoopers match is already live (id {friendly.json['id']})")


def test_ending_the_friendly_match_resumes_the_series_game(cli, db, in_play):
    friendly = cli(*FRIENDLY, "--json").json["id"]
    play_match_to_the_end(db, [(10, 8)] * 4, teams=("Cy", "Dee"))
    ended = cli("hoopers", "match", "end", "--json")
    assert ended.exit_code == 0, ended.stderr
    assert cli("history", "show", friendly, "--json").json["players"] == ["Cy", "Dee"]
    assert cli("hoopers", "match", "status", "--json").json["id"] == in_play
    series = cli("hoopers", "series", "status", "--json").json
    assert series["playing_match"] == in_play and series["games"] == []


def test_resume_goes_back_to_the_series_game_and_the_friendly_match_waits(cli, db, in_play):
    friendly = cli(*FRIENDLY, "--json").json["id"]
    resumed = cli("hoopers", "match", "resume", "--match", in_play, "--json")
    assert resumed.exit_code == 0, resumed.stderr
    assert resumed.json["id"] == in_play and resumed.json["players"] == ["Ana", "Ben"]
    play_match_to_the_end(db, [(10, 8)] * 4)
    assert cli("hoopers", "match", "end").exit_code == 0
    # The series took its game in; the friendly match is the current one again.
    assert cli("hoopers", "series", "status", "--json").json["wins"] == {
        "Keepers": 1,
        "Unleashed": 0,
    }
    assert cli("hoopers", "match", "status", "--json").json["id"] == friendly


def test_resume_refuses_what_is_not_live(cli, in_play):
    assert_user_error(
        cli("hoopers", "match", "resume", "--match", "zz"), "no live hoopers match 'zz'"
    )
    # Nothing waits: resuming the current match is that match.
    assert cli("hoopers", "match", "resume", "--json").json["id"] == in_play


def test_a_friendly_match_still_blocks_a_second_one(cli):
    assert cli(*FRIENDLY).exit_code == 0
    assert_user_error(cli(*FRIENDLY), "a hoopers match is already live")
