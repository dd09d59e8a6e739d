"""Issue 42 item 6: a thin Valley Hoopers CLI. Its commands parse, call the table and emit;
a fact a move lacks is asked through the askers guided play uses too (askers.py), so the
CLI reaches into no guided flow."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.games.hoopers as hoopers

CLI = Path(hoopers.__file__).parent / "cli"


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_cli_imports_nothing_from_guided_play():
    for path in sorted(CLI.glob("*.py")):
        guided = sorted(n for n in _imports(path) if n.startswith("companion.games.hoopers.guided"))
        assert not guided, (
            f"{path.name} imports {guided}: ask through companion.games.hoopers.askers"
        )


def test_each_fact_a_refusal_names_has_one_asker():
    from companion.games.hoopers.askers import ASKERS
    from companion.games.hoopers.rules.cards import MissingCard
    from companion.games.hoopers.rules.errors import FreeThrowsOwed
    from companion.games.hoopers.rules.vacancy import VacantPlace

    assert set(ASKERS) == {MissingCard, FreeThrowsOwed, VacantPlace}


def test_the_commands_stay_under_1500_lines():
    # Issue 42 item 6: option checks that are rules live in rules/options.py, what a move
    # lacks is asked through askers.py, the views are render.py's: the commands parse,
    # call the table (or the rules) and emit. The count leaves out Tab's values
    # (cli/complete.py, ~320 lines): the issue counted them too, and with them cli/ is
    # still over 1,500 (issue 42 stays open on it); this keeps the commands from growing.
    commands = [p for p in CLI.glob("*.py") if p.name != "complete.py"]
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in commands)
    assert lines < 1500, f"companion/games/hoopers/cli/'s commands are {lines} lines"
