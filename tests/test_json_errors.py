"""Under `--json` a failure is one JSON document on stderr, and still exit 2 (issue 24)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import assert_user_error

FAILURES = [
    # (command, what the error says)
    (("deal", "--players", "Ana", "--cards", "6"), "1 player given; this needs at least 2"),
    (("deal",), "Missing option '--players'"),
    (("roll", "d0"), "d0"),
    (("history", "show", "nope"), "no match 'nope'"),
    (("hoopers", "match", "status"), "no"),
    (("hoopers", "play"), "interactive"),
    (("nosuch",), "No such command 'nosuch'"),
    (("log", "hoopers", "Ann=80"), ""),
]


@pytest.mark.parametrize(
    "args,said", FAILURES, ids=lambda a: " ".join(a) if isinstance(a, tuple) else None
)
def test_a_json_failure_is_one_json_document_on_stderr(cli, args, said):
    done = cli(*args, "--json")
    assert done.exit_code == 2, (done.stdout, done.stderr)
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    doc = json.loads(lines[0])
    assert doc["exit"] == 2
    assert set(doc) <= {"error", "exit", "hint"}
    assert said.lower() in doc["error"].lower()
    assert not doc["error"].startswith("error:")


def test_the_hint_is_its_own_key(cli):
    doc = json.loads(cli("history", "show", "nope", "--json").stderr)
    assert doc == {"error": "no match 'nope'", "exit": 2, "hint": "see 'companion history list'"}


def test_without_json_the_error_line_stays(cli):
    assert_user_error(cli("deal", "--players", "Ana", "--cards", "6"), "needs at least 2")
    assert_user_error(cli("history", "show", "nope"), "no match 'nope' (hint: see 'companion")


def test_json_after_a_double_dash_is_not_the_option(cli):
    done = cli("shuffle", "--seed", "1", "--", "--json")
    assert done.exit_code == 0
    assert "--json" in done.stdout
