"""Issue 42 item 5: plug-ins a user can see and switch off. `companion plugins` lists every
game with its package, version, API version and state; `off`/`on` are remembered on this
machine; a spec is checked whole when it loads; any compatible minor API version loads;
a broken or switched-off game's own command says so in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_plugin_boundary import TALLY_CLI, TALLY_SPEC, install, run

BUILT_IN = ["hoopers", "allstar", "playlist", "otdraft"]


def spec_with(name: str, api: str = '"1.1"', renderer: str | None = None) -> str:
    extra = f", renderer={renderer!r}" if renderer else ""
    return (
        "from companion.engine.spec import GameSpec, Kind\n"
        f"SPEC = GameSpec(name={name!r}, title={name.title()!r}, cli='{name}_pkg.cli:app',"
        f" kinds=(Kind(key={name!r}, title={name.title()!r}{extra}),), api={api})\n"
    )


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # off/on are kept there
    folder = tmp_path / "site"
    install(folder, "tally", "tally", {"spec.py": TALLY_SPEC, "cli.py": TALLY_CLI})
    for name, api in (("older", "1"), ("minor", '"1.0"'), ("newer", '"1.9"'), ("major", '"2.0"')):
        install(folder, f"{name}_pkg", name, {"spec.py": spec_with(name, api), "cli.py": TALLY_CLI})
    hollow = spec_with("hollow", renderer="hollow_pkg.faces:render")
    install(folder, "hollow_pkg", "hollow", {"spec.py": hollow, "cli.py": TALLY_CLI})
    return folder


def listed(site: Path, db: Path) -> dict[str, dict]:
    done = run(site, db, "plugins", "--json")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return {g["name"]: g for g in json.loads(done.stdout)["games"]}


def test_plugins_lists_every_game_with_its_package_version_api_and_state(site, tmp_path):
    games = listed(site, tmp_path / "db.json")
    assert list(games)[:4] == BUILT_IN
    assert {g["package"] for n, g in games.items() if n in BUILT_IN} == {"table-companion"}
    assert games["tally"] == {"name": "tally", "title": "Tally", "package": "tally",
                              "version": "0.1", "api": "1.1", "state": "loaded"}  # fmt: skip
    # any minor version of this API's major loads, a whole number being MAJOR.0
    assert games["older"]["state"] == games["minor"]["state"] == "loaded"
    assert games["newer"] == {
        **games["newer"], "state": "broken", "api": None,
        "why": "could not be loaded: its spec is for API 1.9, this companion reads API 1.1 "
        "and older: install a newer companion",
    }  # fmt: skip
    assert games["major"]["why"] == (
        "could not be loaded: its spec is for API 2.0, this companion reads API 1.1"
    )
    # checked whole when it loads: a hook named that does not exist, not at first use
    assert games["hollow"]["state"] == "broken"
    assert games["hollow"]["why"].startswith(
        "could not be loaded: hollow.renderer hollow_pkg.faces:render cannot be imported: "
        "ModuleNotFoundError"
    )
    shown = run(site, tmp_path / "db.json", "plugins").stdout.splitlines()
    assert "tally        tally 0.1 (API 1.1): loaded" in shown


def test_a_game_switched_off_is_gone_from_every_face_until_switched_on(site, tmp_path):
    db = tmp_path / "db.json"
    assert run(site, db, "tally", "hello").stdout == "hello\n"
    off = run(site, db, "plugins", "off", "tally", "--json")
    assert off.returncode == 0 and json.loads(off.stdout)["state"] == "off"
    assert (
        (tmp_path / "config" / "companion" / "plugins.toml")
        .read_text()
        .endswith('off = ["tally"]\n')
    )
    refused = run(site, db, "tally", "hello")
    assert refused.returncode == 2
    assert refused.stderr.splitlines() == [
        "error: game 'tally' is switched off (hint: 'companion plugins on tally')"
    ]
    helped = run(site, db, "--help").stdout
    assert "tally" not in helped and "hoopers" in helped
    assert listed(site, db)["tally"]["state"] == "off"
    assert run(site, db, "plugins", "on", "tally").returncode == 0
    assert run(site, db, "tally", "hello").stdout == "hello\n"


def test_a_built_in_game_is_not_switched_off(site, tmp_path):
    done = run(site, tmp_path / "db.json", "plugins", "off", "hoopers")
    assert done.returncode == 2 and done.stderr.startswith("error: 'hoopers' is built in")


def test_a_broken_games_own_command_says_it_is_broken_in_one_line(site, tmp_path):
    done = run(site, tmp_path / "db.json", "newer", "hello")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "error: game 'newer' is installed but broken: could not be loaded: its spec is for API "
        "1.9, this companion reads API 1.1 and older: install a newer companion (hint: "
        "'companion plugins' lists every game and its state)"
    ]


ABACUS = """
from companion.engine.spec import GameSpec, Kind, Logged

SPEC = GameSpec(
    name="abacus",
    title="Abacus",
    cli="abacus_pkg.cli:app",
    kinds=(Kind(key="sheet", title="Sheet", log=Logged(title="Sheet", rank="tally.spec:ranked")),),
)
"""


def test_which_plugins_warn_does_not_depend_on_their_names(site, tmp_path):
    """A match of a kind named after no plug-in (`sheet`, abacus's) loads every plug-in to
    find its game, not those that sort before abacus: every broken one is named, once."""
    install(site, "abacus_pkg", "abacus", {"spec.py": ABACUS, "cli.py": TALLY_CLI})
    db = tmp_path / "db.json"
    assert run(site, db, "log", "sheet", "Ann=1", "Bob=2").returncode == 0
    shown = run(site, db, "history", "show", "--json")
    assert shown.returncode == 0, shown.stderr
    warned = sorted(line.split("'")[1] for line in shown.stderr.splitlines())
    assert warned == ["hollow", "major", "newer"]
