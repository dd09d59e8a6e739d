"""Issue 13: every tracked game has the same verbs and the same status core, and watch draws it."""

from __future__ import annotations

import re

import pytest

from companion import registry
from tests.conftest import assert_user_error

# Every tracked kind of every game in the registry: a new game is held to the same
# verbs and status core without anyone adding it here.
TRACKED = [k for k in registry.kinds() if k.table and k.command]
NOUNS = [tuple(k.command.split()[1:]) for k in TRACKED]
CORE = {"id", "game", "status", "players", "scores", "next"}
STARTS = {k.key: list(k.example) for k in TRACKED if k.example}
MATCHES = [k for k in TRACKED if k.example and not k.own_document]


@pytest.mark.parametrize("noun", NOUNS, ids=[" ".join(n) for n in NOUNS])
def test_every_tracked_game_answers_the_same_verbs(cli, noun):
    listed = set(re.findall(r"^  (\w+) ", cli(*noun, "--help").stdout, re.M))
    assert {"start", "status", "undo", "end", "abandon"} <= listed
    for verb in ("status", "undo", "end", "abandon"):
        assert_user_error(cli(*noun, verb), "no ")
        assert_user_error(cli(*noun, verb, "--json"), "no ")  # one JSON document on stderr


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


@pytest.mark.parametrize("kind", MATCHES, ids=[k.key for k in MATCHES])
def test_abandon_files_the_game_as_abandoned(cli, kind):
    for argv in STARTS[kind.key]:
        assert cli(*argv).exit_code == 0
    noun = kind.command.split()[1:]
    done = cli(*noun, "abandon", "--json")
    assert done.exit_code == 0, done.stderr
    listed = cli("history", "list", "--json", "--game", kind.key).json["matches"]
    assert [m["status"] for m in listed] == ["abandoned"]
    assert_user_error(cli(*noun, "status"), "no live")
