"""Issue 13: every tracked game has the same verbs and the same status core, and watch draws it."""

from __future__ import annotations

import re

import pytest

from tests.conftest import assert_user_error

NOUNS = [
    ("hoopers", "match"),
    ("hoopers", "series"),
    ("allstar", "season"),
    ("playlist", "game"),
    ("playlist", "solo"),
    ("otdraft", "game"),
]
CORE = {"id", "game", "status", "players", "scores", "next"}
STARTS = {
    "hoopers": [("hoopers", "match", "start", "--home", "Ann", "--away", "Bob", "--home-tribe",
                 "keepers", "--away-tribe", "unleashed", "--first", "Ann", "--seed", "1")],
    "allstar": [("allstar", "season", "start", "--players", "Ann,Bob,Cy", "--seed", "1")],
    "playlist": [("playlist", "game", "start", "--players", "Ann,Bob", "--first", "Ann")],
    "otdraft": [("otdraft", "cards", "import", "--example"),
                ("otdraft", "game", "start", "--players", "Ann,Bob", "--seed", "1")],
    "series": [("hoopers", "series", "start", "--tribes", "Keepers,Unleashed", "--home",
                "Keepers", "--seed", "1")],
}  # fmt: skip


@pytest.mark.parametrize(("game", "noun"), NOUNS, ids=[" ".join(n) for n in NOUNS])
def test_every_tracked_game_answers_the_same_verbs(cli, game, noun):
    listed = set(re.findall(r"^  (\w+) ", cli(game, noun, "--help").stdout, re.M))
    assert {"start", "status", "undo", "end", "abandon"} <= listed
    for verb in ("status", "undo", "end", "abandon"):
        result = cli(game, noun, verb, "--json")
        assert result.exit_code == 2 and result.stderr.startswith("error: "), (verb, result)


@pytest.mark.parametrize("game", list(STARTS))
def test_status_has_the_common_core_and_watch_prints_it(cli, game):
    for argv in STARTS[game]:
        assert cli(*argv).exit_code == 0
    watched = cli("watch", "--once", "--json", "--game", game)
    assert watched.exit_code == 0, watched.stderr
    status = watched.json
    assert set(status) >= CORE
    assert status["game"] == game and status["status"] == "live"
    assert set(status["scores"]) == set(status["players"]) and status["players"]
    assert isinstance(status["next"], str) and status["next"]
    frame = cli("watch", "--once", "--game", game)
    assert frame.exit_code == 0 and f"next: {status['next'][:20]}" in frame.stdout


@pytest.mark.parametrize("game", ["hoopers", "allstar", "playlist", "otdraft"])
def test_abandon_files_the_game_as_abandoned(cli, game):
    for argv in STARTS[game]:
        assert cli(*argv).exit_code == 0
    noun = {"hoopers": "match", "allstar": "season", "playlist": "game", "otdraft": "game"}[game]
    done = cli(game, noun, "abandon", "--json")
    assert done.exit_code == 0, done.stderr
    listed = cli("history", "list", "--json", "--game", game).json["matches"]
    assert [m["status"] for m in listed] == ["abandoned"]
    assert_user_error(cli(game, noun, "status"), "no live")
