"""Issue 37 item 8: a command's start loads no pydantic (typer 0.29 imports it whenever a
command runs: 100 ms more CPU for every command; docs/development.md#the-typer-pin-measured)."""

from __future__ import annotations

import subprocess
import sys

RUN = """
import sys
sys.argv = ["companion", *sys.argv[1:]]
from companion.cli.main import main
try:
    main()
except SystemExit:
    pass
heavy = sorted(m for m in ("pydantic", "rich", "tinydb", "questionary") if m in sys.modules)
print("loaded:", heavy, file=sys.stderr)
"""


def loaded(*argv: str, tmp_path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", RUN, *argv],
        capture_output=True, text=True, check=False,
        env={"COMPANION_DB": str(tmp_path / "db.json"), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    return done.stderr.strip().splitlines()[-1]


def test_a_command_starts_without_pydantic(tmp_path):
    assert loaded("roll", "d20", tmp_path=tmp_path) == "loaded: []"
    assert "pydantic" not in loaded("hoopers", "shot", "2ps", "--stat", "60", "--roll", "30",
                                    tmp_path=tmp_path)  # fmt: skip
