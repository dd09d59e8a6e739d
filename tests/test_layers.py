"""The picture of the layers in docs/development.md, checked against the imports of the code.

Imports are read from the source (every `import` and `from ... import`, at any depth, so a
lazy import inside a function counts), not by importing the modules.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from companion import registry

PACKAGE = Path(__file__).resolve().parents[1] / "companion"
GAMES = sorted(registry.BUILTIN)


@functools.cache
def parsed(path: Path) -> ast.Module:
    """A module's tree, parsed once for every test here (the sweeps read each file often)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def imports(path: Path) -> frozenset[str]:
    found: set[str] = set()
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return frozenset(name for name in found if name.split(".")[0] == "companion")


def modules(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def shown(path: Path) -> str:
    return str(path.relative_to(PACKAGE.parent))


@pytest.mark.parametrize("game", GAMES)
def test_a_built_in_game_is_one_package_of_the_plug_in_shape(game):
    home = PACKAGE / "games" / game
    for part in ("spec.py", "rules", "table.py", "cli", "render.py", "data"):
        assert (home / part).exists(), f"companion/games/{game}/{part} is missing"
    assert any((home / name).exists() for name in ("guided.py", "guided")), game
    assert any(home.glob("demo*.py")), game
    assert list((home / "data").glob("*.toml")), game


@pytest.mark.parametrize("game", GAMES)
def test_rules_are_pure(game):
    """rules/ imports no store, tables, ui, cli, history, registry or demo: values in, out."""
    own = f"companion.games.{game}"
    allowed = ("companion.engine", "companion.data", f"{own}.rules", f"{own}.data")
    for path in modules(PACKAGE / "games" / game / "rules"):
        bad = sorted(n for n in imports(path) if not n.startswith(allowed) and n != own)
        assert not bad, f"{shown(path)} imports {bad}"


def test_the_core_imports_no_game():
    """Outside companion/games/, a game is reached through the registry's spec strings."""
    for path in modules(PACKAGE):
        if path.is_relative_to(PACKAGE / "games"):
            continue
        bad = sorted(n for n in imports(path) if n.startswith("companion.games."))
        assert not bad, f"{shown(path)} imports {bad}"


def test_no_game_imports_another():
    for game in GAMES:
        others = tuple(f"companion.games.{g}" for g in GAMES if g != game)
        for path in modules(PACKAGE / "games" / game):
            bad = sorted(n for n in imports(path) if n.startswith(others))
            assert not bad, f"{shown(path)} imports {bad}"


def test_only_command_modules_import_the_cli():
    """Faces reach games through the tables layer: only typer apps import companion.cli."""
    for path in modules(PACKAGE):
        rel = path.relative_to(PACKAGE)
        # the test kit drives the app as a user types it, as the tools do
        command = rel.parts[0] in ("cli", "tools", "testing", "__main__.py") or (
            rel.parts[0] == "games" and len(rel.parts) > 2 and rel.parts[2] == "cli"
        )
        if command:
            continue
        bad = sorted(n for n in imports(path) if n.startswith("companion.cli"))
        assert not bad, f"{shown(path)} imports {bad}"


def test_pytest_stays_optional_only_the_test_kit_imports_it():
    """companion.testing (the test kit) is the one package that imports pytest, and no
    module outside it imports the kit: the companion runs where pytest is not installed."""
    kit = PACKAGE / "testing"
    assert (kit / "__init__.py").exists()
    for path in modules(PACKAGE):
        if kit in path.parents:
            continue
        found = set()
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
                found.update(a.name for a in node.names if a.name.startswith("companion.testing"))
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.update({node.module.split(".")[0], node.module})
        assert "pytest" not in found, f"{shown(path)} imports pytest"
        assert not {n for n in found if n.startswith("companion.testing")}, shown(path)


CORE_SUFFIXES = (".py", ".html", ".js", ".css", ".toml")
# Where a game's name may appear outside its own package: the one list of games.
NAME_LISTS = ("registry.py", "games/__init__.py")
# Concepts of one game or another that the store, history and engine must not hold.
CONCEPTS = re.compile(
    r"\b(tribes?|playoffs?|home_tribe|d20|d8|hooper|arena|draftline)\b", re.IGNORECASE
)


def words(path: Path) -> set[str]:
    return {w.casefold() for w in re.findall(r"\w+", path.read_text(encoding="utf-8"))}


def test_the_core_names_no_game():
    """`grep -rliw GAME companion` finds a game only in its own package and the registry."""
    hits = []
    for path in sorted(p for p in PACKAGE.rglob("*") if p.suffix in CORE_SUFFIXES):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in NAME_LISTS or "__pycache__" in path.parts:
            continue
        named = words(path)
        hits += [f"{shown(path)} names {g}" for g in GAMES if g in named and not
                 rel.startswith(f"games/{g}/")]  # fmt: skip
    assert hits == []


def test_the_store_history_and_engine_hold_no_games_concepts():
    hits = []
    for layer in ("store", "history", "engine"):
        for path in sorted(p for p in (PACKAGE / layer).rglob("*") if p.suffix in CORE_SUFFIXES):
            if "__pycache__" in path.parts:
                continue
            found = {m.group(0).lower() for m in CONCEPTS.finditer(path.read_text("utf-8"))}
            hits += [f"{shown(path)}: {sorted(found)}"] if found else []
    assert hits == []


# The faces and the tables layer: a game's concepts in their code (names and strings; a
# docstring or comment may mention one), the table's own dice (d20, d8) aside.
FACE_CONCEPTS = re.compile(
    r"\b(tribes?|playoffs?|play.offs?|supporters?|species|arenas?|draftline|hoopers?|songs?)\b",
    re.IGNORECASE,
)


def _code_texts(tree: ast.AST) -> list[tuple[int, str]]:
    """Names, attributes and strings of a module, docstrings left out."""
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            found.append((node.lineno, node.attr))
    return found


def test_the_faces_and_tables_draw_no_games_concepts():
    """ui/, cli/, tables/ and demo/ hold no game's concepts in their code: a game's own
    lines, charts and words come through its spec's hooks (`stats_view`, `result_view`,
    a chart's labelled steps)."""
    hits = []
    for layer in ("ui", "cli", "tables", "demo"):
        for path in modules(PACKAGE / layer):
            for line, text in _code_texts(parsed(path)):
                if FACE_CONCEPTS.search(text.replace("_", " ")):
                    hits.append(f"{shown(path)}:{line}: {text[:60]!r}")
    assert hits == []


def test_the_store_imports_neither_history_nor_tables():
    """The store is below history and tables: they register hooks (store/hooks.py) and read
    its public API; it names no command (the tables layer's hints) and imports neither."""
    above = ("companion.history", "companion.tables", "companion.ui", "companion.cli")
    for path in modules(PACKAGE / "store"):
        bad = sorted(n for n in imports(path) if n.startswith(above))
        assert not bad, f"{shown(path)} imports {bad}"


def test_history_takes_no_private_name_of_the_store():
    for path in modules(PACKAGE / "history"):
        tree = parsed(path)
        taken = [
            f"{node.module}.{alias.name}"
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            and (node.module or "").startswith("companion.store")
            for alias in node.names
            if alias.name.startswith("_")
        ]
        assert not taken, f"{shown(path)} takes {taken}"


# The verbs `companion.cli.table_app` builds from the spec; a game writes one only where it
# draws or takes more than the spec says (listed: its reason in the game's CLI module).
COMMON_VERBS = {"status", "undo", "end", "abandon"}
OWN_VERBS = {
    "games/hoopers/cli/match.py": {"end"},  # a Series game taken in, `end --abandon`
    "games/hoopers/cli/series.py": COMMON_VERBS,  # the Series keeps its own document
    "games/playlist/cli/commands.py": {"end"},  # the game's `end --now`
    "games/otdraft/cli/commands.py": {"end"},  # `end --total`: the scorepad's totals
}


def test_no_game_writes_the_common_verbs_again():
    example = PACKAGE.parent / "examples" / "coinrace" / "coinrace"
    for path in [*modules(PACKAGE / "games"), *modules(example)]:
        if "cli" not in path.parts and path.name != "cli.py":
            continue
        written = set()
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.FunctionDef):
                for decorator in node.decorator_list:
                    call = decorator if isinstance(decorator, ast.Call) else None
                    if call is None or getattr(call.func, "attr", None) != "command":
                        continue
                    named = [a.value for a in call.args if isinstance(a, ast.Constant)]
                    written.add(named[0] if named else node.name.replace("_", "-"))
        rel = path.relative_to(PACKAGE).as_posix() if path.is_relative_to(PACKAGE) else path.name
        extra = (written & COMMON_VERBS) - OWN_VERBS.get(rel, set())
        assert not extra, f"{rel} writes {sorted(extra)}: use companion.cli.table_app"
