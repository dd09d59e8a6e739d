"""The companion's test kit: a pytest plug-in that holds a game to the companion's contract.

A game's own repository loads it (`-p companion.testing`, or `pytest_plugins =
["companion.testing"]` in its top conftest.py), names its games in its pytest settings,

    [tool.pytest.ini_options]
    companion_games = ["coinrace"]      # or --companion-games coinrace; "all": every game

and imports the contract tests into a test file of its own:

    from companion.testing.contract import *  # noqa: F403

Without a name the kit takes every installed game that is not built in. It gives:

* `cli` (and `db`): `cli("coinrace", "status", "--json")` runs the app in-process on a
  fresh database and returns a `Result` (`.exit_code .stdout .stderr .json`);
* `assert_user_error(result, fragment)`: one `error:` line, exit 2, nothing on stdout;
* `scripted`: guided flows answered by a script (companion.testing.scripted);
* the parametrised fixtures the contract tests take: `companion_tracked` (each tracked
  kind), `companion_started` (each kind with an `example`), `companion_match` (those
  that file a live match), `companion_logged` (each game `companion log` takes).

pytest stays an optional dependency of the companion: only this package imports it, and
nothing outside it imports this package.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion import registry
from companion.engine.spec import GameSpec, Kind

# The contract's tests and the script's checks fail with pytest's own account of what differed.
pytest.register_assert_rewrite("companion.testing.contract", "companion.testing.scripted")

__all__ = ["Result", "assert_user_error", "games_under_test"]

INI = "companion_games"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        INI,
        "the games the contract tests take (their names; 'all': every game; "
        "none given: every installed game that is not built in)",
        type="args",
        default=[],
    )
    parser.getgroup("companion").addoption(
        "--companion-games",
        default=None,
        help="the games the contract tests take, comma-separated (overrides the ini value)",
    )


def pytest_configure(config: pytest.Config) -> None:
    import typer

    from companion.cli.main import app
    from companion.cli.typer_compat import reuse_built_command

    # Typer rebuilds the whole command tree on every invoke (about 0.3 s); build it once
    # for the session. Commands keep no state between invocations, and the tree lists
    # its games when asked, so a game installed mid-session is still found.
    reuse_built_command(app, typer.main.get_command(app))


def pytest_sessionstart(session: pytest.Session) -> None:
    games_under_test(session.config)  # a game named but not installed: one usage error


def games_under_test(config: pytest.Config) -> list[GameSpec]:
    """The games named by `--companion-games` or the `companion_games` ini value."""
    given = config.getoption("--companion-games")
    names = given.split(",") if given is not None else list(config.getini(INI))
    names = [n.strip() for n in names if n.strip()]
    if names == ["all"]:
        return registry.specs()
    if not names:
        return [registry.spec(n) for n in registry.installed() if registry.spec(n) is not None]
    found = []
    for name in names:
        game = registry.spec(name)
        if game is None:
            raise pytest.UsageError(f"companion_games: no installed game is called {name!r}")
        found.append(game)
    return found


def _kinds(config: pytest.Config) -> list[Kind]:
    return [k for g in games_under_test(config) for k in g.kinds]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    config = metafunc.config
    kinds = _kinds(config)
    tracked = [k for k in kinds if k.table and k.command]
    started = [k for k in tracked if k.example]
    sets: dict[str, list] = {
        "companion_tracked": tracked,
        "companion_started": started,
        "companion_match": [k for k in started if not k.own_document],
        "companion_logged": [g for g in games_under_test(config) if any(k.log for k in g.kinds)],
    }
    for name, values in sets.items():
        if name in metafunc.fixturenames:
            ids = [getattr(v, "key", None) or v.name for v in values]
            metafunc.parametrize(name, values, ids=ids)


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
    """`cli("roll", "d6", "--json")` → Result; uses a fresh database per test."""
    from typer.testing import CliRunner

    from companion.cli.common import wants_json
    from companion.cli.main import app

    monkeypatch.delenv("COMPANION_DB", raising=False)
    # Games switched off are remembered in the user's config folder: a test's own, empty.
    monkeypatch.setenv("XDG_CONFIG_HOME", str(db.parent / "config"))
    # Archive files are named by the machine's id: a known one, and never the user's own
    # id file made by a test.
    monkeypatch.setenv("COMPANION_MACHINE", os.environ.get("COMPANION_MACHINE", "here"))
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


def _pretend_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `companion.ui.terminal.on_terminal()` say a person is at a terminal.

    CLI modules bind the function itself (`from companion.ui.terminal import on_terminal`),
    some only when first imported, so replacing the module attribute would miss them, or
    leak into later tests through a module first imported mid-test. Swapping the function's
    code reaches every binding, and monkeypatch puts the code back afterwards.
    """
    from companion.ui import terminal

    monkeypatch.setattr(terminal.on_terminal, "__code__", (lambda: True).__code__)


@pytest.fixture
def scripted(cli, monkeypatch: pytest.MonkeyPatch):
    """A `Scripted` session: queue answers and expectations, then `run("mygame", "play")`."""
    import questionary
    from rich.console import Console

    from companion.testing.scripted import Scripted
    from companion.ui.guided import prompts

    script = Scripted(cli)
    monkeypatch.setattr(questionary, "text", script.text_prompt)
    monkeypatch.setattr(questionary, "autocomplete", script.autocomplete_prompt)
    monkeypatch.setattr(questionary, "select", script.select_prompt)
    screen = Console(
        file=script.screen,
        width=120,
        color_system=None,
        force_terminal=False,
        highlight=False,
        soft_wrap=True,
    )
    monkeypatch.setattr(prompts, "_console", screen)
    _pretend_a_terminal(monkeypatch)
    return script
