"""Fuzzed user text: every parser answers 0 or 2, never a traceback, never writes on 2."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from companion.cli.main import app

RUNNER = CliRunner()
TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=24
)
FUZZ = settings(
    max_examples=int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def files_in(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def run(folder: Path, argv: list[str]) -> None:
    before = files_in(folder)
    result = RUNNER.invoke(app, ["--db", str(folder / "db.json"), *argv])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert result.exit_code in (0, 2), (argv, result.exit_code, result.stderr)
    assert "Traceback" not in result.stderr
    if result.exit_code == 2:
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
        assert files_in(folder) == before, f"{argv} wrote on exit 2"


# (name, argv builder from one fuzzed string, optional setup of the database)
CASES = {
    "dice": lambda s: ["roll", s, "--seed", "1"],
    "dice-count": lambda s: ["roll", "d20", "--count", s],
    "deal-players": lambda s: ["deal", "--players", s, "--cards", "2", "--seed", "1"],
    "deal-deck": lambda s: ["deal", "--players", "A,B", "--deck", s, "--seed", "1"],
    "history-show": lambda s: ["history", "show", s],
    "history-game": lambda s: ["history", "list", "--game", s],
}


@pytest.mark.parametrize("name", list(CASES))
def test_parser_fuzz(name, tmp_path_factory):
    build = CASES[name]

    @FUZZ
    @given(text=TEXT)
    def check(text):
        folder = tmp_path_factory.mktemp(name)
        run(folder, build(text))

    check()
