"""One machine of a shared history: runs companion commands in one process.

    COMPANION_MACHINE=a python tests/store/machine.py DB < commands.json

`commands.json` is a list of argument lists (without `--db`); prints a JSON list
of [exit status, stdout, stderr], one per command. Used by tests/store/test_sharing.py
to play two machines (two processes with different machine ids) on copies of one folder.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def run(db: str, args: list[str]) -> list[object]:
    from companion.cli.main import app

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            app(args=["--db", db, *args], prog_name="companion")
        except SystemExit as done:
            code = int(done.code or 0)
    return [code, out.getvalue(), err.getvalue()]


if __name__ == "__main__":
    commands = json.load(sys.stdin)
    print(json.dumps([run(sys.argv[1], args) for args in commands]))
