"""The seeded examples in the docs are real: each is run and its output compared."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
# Pages whose console examples are self-contained (no database state between them).
PAGES = ["dice.md"]
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def examples(page: str):
    text = (DOCS / page).read_text()
    for block in BLOCK.findall(text):
        command, output = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command:
                    yield command, output
                command, output = line[2:], []
            else:
                output.append(line)
        if command:
            yield command, output


CASES = [(page, cmd, out) for page in PAGES for cmd, out in examples(page) if "--seed" in cmd]


@pytest.mark.parametrize(("page", "command", "expected"), CASES, ids=[c[1] for c in CASES])
def test_doc_example(cli, page, command, expected):
    argv = shlex.split(command)
    assert argv[0] == "companion"
    result = cli(*argv[1:])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == expected
