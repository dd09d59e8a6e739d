"""The README's tour is true: every non-interactive command in it runs on a fresh database."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
INTERACTIVE = {"play", "watch"}


def tour() -> list[list[str]]:
    text = README.read_text()
    block = text.split("## A short tour", 1)[1].split("```console", 1)[1].split("```", 1)[0]
    commands = []
    for line in block.splitlines():
        if not line.startswith("$ companion"):
            continue
        argv = shlex.split(re.sub(r"\s+#.*$", "", line[2:]))[1:]
        if argv and not INTERACTIVE & set(argv):
            commands.append(argv)
    return commands


def test_the_tour_has_commands():
    assert len(tour()) >= 10


def test_every_tour_command_runs_in_order(cli):
    for argv in tour():
        result = cli(*argv)
        assert result.exit_code == 0, (argv, result.stderr)


def test_readme_shows_the_two_newcomer_commands():
    text = README.read_text()
    assert "pip install . && companion demo" in text
    assert "pip install '.[test]' && pytest" in text
