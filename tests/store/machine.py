"""One machine of a shared history: runs companion commands in one process.

    COMPANION_MACHINE=a python tests/store/machine.py DB < commands.json

`commands.json` is a list of argument lists (without `--db`; `@clock` and `@end`: see
`_play`); prints a JSON list of [exit status, stdout, stderr], one per command. Used by
tests/store/test_sharing.py to play two machines (two processes with different machine
ids) on copies of one folder.
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

    if args and args[0].startswith("@"):
        return [0, json.dumps(_play(db, args[0], [a for a in args[1:] if a != "--json"])), ""]

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            app(args=["--db", db, *args], prog_name="companion")
        except SystemExit as done:
            code = int(done.code or 0)
    return [code, out.getvalue(), err.getvalue()]


def _play(db: str, verb: str, args: list[str]) -> dict[str, object]:
    """What the CLI cannot do in one command: `@clock ISO` sets this machine's wall clock
    (`@clock` alone puts the real one back); `@end NAME=SCORE …` plays an otdraft match
    to its end with those scores (a tracked match, which `history undo` reopens)."""
    from companion.store import Store, clock

    if verb == "@clock":
        global _REAL
        _REAL = _REAL or clock.wall
        clock.wall = (lambda: args[0]) if args else _REAL
        return {}
    assert verb == "@end", verb
    store = Store(db)
    scores = {name: int(score) for name, score in (a.split("=") for a in args)}
    if not any(m["game"] == "otdraft" for m in store.view().live):
        store.start_match("otdraft", list(scores), seed=3)
    order = sorted(scores, key=lambda name: -scores[name])
    ranks = {name: order.index(name) + 1 for name in scores}
    result = {"scores": scores, "ranks": ranks, "winner": order[0]}
    return {"id": Store(db).finish_match("otdraft", result)["id"]}


_REAL = None


if __name__ == "__main__":
    commands = json.load(sys.stdin)
    print(json.dumps([run(sys.argv[1], args) for args in commands]))
