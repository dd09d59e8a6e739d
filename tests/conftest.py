"""Shared fixtures: run the CLI in-process against a throwaway database."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import pytest
import typer
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

from companion.cli.common import wants_json
from companion.cli.main import app
from companion.cli.typer_compat import reuse_built_command

# Every test writes as one machine with a known id (archive files are named by it:
# `2026-01.here.json`), and never makes the user's own machine id file.
os.environ["COMPANION_MACHINE"] = "here"

# Property tests check what is true, not how fast: on a shared or loaded machine (CI, two
# cores) Hypothesis's 200 ms deadline and too-slow check failed tests that were right.
settings.register_profile("table", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("table")

# Typer rebuilds the whole command tree on every invoke (about 0.3 s here);
# build it once for the session. Commands keep no state between invocations.
reuse_built_command(app, typer.main.get_command(app))


@dataclass
class Result:
    exit_code: int
    stdout: str
    stderr: str
    json_asked: bool = False  # --json was typed: an error is a JSON document

    @property
    def json(self):
        return json.loads(self.stdout)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "companion.json"


@pytest.fixture
def cli(db: Path, monkeypatch: pytest.MonkeyPatch):
    """`cli("roll", "d20", "--json")` → Result; uses a fresh database per test."""
    monkeypatch.delenv("COMPANION_DB", raising=False)
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None, database: Path | None = db) -> Result:
        argv = (["--db", str(database)] if database is not None else []) + [str(a) for a in args]
        out = runner.invoke(app, argv, input=input, catch_exceptions=False)
        return Result(out.exit_code, out.stdout, out.stderr, wants_json(argv))

    return invoke


def assert_user_error(result: Result, fragment: str = "") -> None:
    """Exit 2, one `error:` line on stderr mentioning `fragment` (under --json, one JSON
    document `{"error": …, "exit": 2}`), nothing on stdout."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    if result.json_asked:
        assert len(lines) == 1, result.stderr
        doc = json.loads(lines[0])
        assert doc["exit"] == 2, doc
        lines = [f"error: {doc['error']}" + (f" (hint: {doc['hint']})" if "hint" in doc else "")]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert fragment.lower() in lines[0].lower(), lines[0]
    assert result.stdout == ""
