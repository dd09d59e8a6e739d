"""docs/allstar.md's worked evening is real: its commands run in order on one database and
print what the page shows (the game's id aside). Issue 15 item 19: the worked examples drift
unless they are executed."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

PAGE = Path(__file__).resolve().parents[3] / "docs" / "allstar.md"
BLOCK = re.compile(r"```console\n(.*?)```", re.S)
GAME_ID = re.compile(r"(All-Star Draft (?:game )?)[0-9a-z]{6}\b")


def evening() -> list[tuple[str, list[str]]]:
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index("## A worked evening") :]
    section = section[: section.index("\n## ", 1)]
    steps: list[tuple[str, list[str]]] = []
    for block in BLOCK.findall(section):
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
    return steps


def same(lines: list[str]) -> list[str]:
    return [GAME_ID.sub(r"\1ID", line.rstrip()) for line in lines]


def test_the_worked_evening_runs_as_printed(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    steps = evening()
    assert len(steps) >= 10
    for command, shown in steps:
        argv = shlex.split(command)
        assert argv[0] == "companion"
        result = cli(*argv[1:])
        assert result.exit_code == 0, (command, result.stderr)
        assert same(result.stdout.splitlines()) == same(shown), command
