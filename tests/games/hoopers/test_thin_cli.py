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


def test_the_cli_stays_under_1500_lines():
    # Issue 42 item 6: option checks that are rules live in rules/options.py (and the
    # rules), what a move lacks is asked through askers.py, the views are render.py's, the
    # catalogues' and starts' typed values the tables': the commands parse, call the table
    # (or the rules) and emit; the moves made of their options alone are declared by their
    # shape over one body (cli/match.py: _declare). Tab's values (cli/complete.py) count
    # too, as the issue counted them: the word lists are the data tables' and the shapes
    # (a move's legal values, a group's members, a player's pieces) the core Tab kit's.
    # 1,336 lines of commands and 150 of Tab's values when this bound was set.
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in CLI.glob("*.py"))
    assert lines < 1500, f"companion/games/hoopers/cli/ is {lines} lines"
    commands = [p for p in CLI.glob("*.py") if p.name != "complete.py"]
    assert sum(len(p.read_text(encoding="utf-8").splitlines()) for p in commands) <= 1336


def test_a_move_declared_by_its_shape_is_built_when_used():
    # Reading a shape's parameters costs: importing the match's commands builds none of the
    # moves declared by their shape, and a move builds its own command alone.
    import subprocess
    import sys

    script = (
        "import companion.games.hoopers.cli.match as m\n"
        "built = lambda: sorted(n for n, c in m.LISTED.items() if '__signature__' in vars(c))\n"
        "print(built(), end=' ')\n"
        "params = [p.name for p in m.foul_move.__signature__.parameters.values()]\n"
        "print(built(), params)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        "[] ['foul_move'] ['ctx', 'team', 'hooper_arg', 'hooper', 'on', 'json']"
    )
