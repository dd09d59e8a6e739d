"""Issue 32, item 14: `companion demo` is a short tour (about a screen per game, with what
to try next); `companion demo GAME` shows the whole game."""

from __future__ import annotations

import shlex

import pytest

from companion import registry
from companion.demo.tour import SCREEN

pytestmark = pytest.mark.slow  # every game's demo is played: a few seconds


@pytest.fixture(scope="module")
def tour() -> str:
    from typer.testing import CliRunner

    from companion.cli.main import app

    shown = CliRunner().invoke(app, ["demo"], catch_exceptions=False)
    assert shown.exit_code == 0, shown.stderr
    return shown.stdout


def sections(text: str) -> dict[str, list[str]]:
    """Each section's lines, by its heading's title (`── Valley Hoopers ────`)."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("── "):
            current = found.setdefault(line.strip("─ "), [])
        elif not line.strip():
            current = None  # the tour's closing lines belong to no game
        if current is not None:
            current.append(line)
    return found


def try_next(lines: list[str]) -> list[str]:
    start = next(i for i, line in enumerate(lines) if line.startswith("Try next: "))
    return [line.removeprefix("Try next: ").strip() for line in lines[start:]]


def test_the_tour_is_a_screen_per_game_each_named_once(tour):
    shown = sections(tour)
    titles = [spec.title for spec in registry.specs() if spec.demos]
    assert list(shown)[1:] == titles  # the table's own tools first, then the box's order
    for title, lines in shown.items():
        assert len(lines) <= SCREEN, (title, len(lines))
        assert tour.count(f"── {title} ─") == 1, title  # one heading per game
        assert all(len(line) <= 80 for line in lines), title
    # A sample, not the whole: the demos print ~520 lines.
    assert len(tour.splitlines()) < SCREEN * (len(titles) + 1) + 5


def test_each_game_ends_with_what_to_try_next_and_where_the_rest_is(tour):
    hoopers = sections(tour)["Valley Hoopers"]
    assert hoopers[-3:] == [
        "  (5 of 17 steps; all of them: companion demo hoopers, companion demo series)",
        "Try next: companion hoopers odds 2ps --stat 55 --bonus 25 --defense 30",
        "          companion hoopers series start --players Ana=Keepers,Ben=Unleashed",
    ]
    assert "A game played to its end, every step: companion demo NAME." in tour


def test_every_try_next_command_runs_on_a_fresh_database(tour, cli):
    for title, lines in sections(tour).items():
        for command in try_next(lines):
            argv = shlex.split(command)
            assert argv[0] == "companion", command
            ran = cli(*argv[1:])
            assert ran.exit_code == 0, (title, command, ran.stderr)
    # They did what they say: e.g. the suggested Series is stored with its people.
    series = cli("hoopers", "series", "status", "--json").json
    assert "Ana" in str(series) and "Keepers" in str(series)


def test_the_tour_shows_steps_the_engine_printed(tour, cli):
    """The tour's steps are the whole demo's own, in its order: nothing written twice."""
    whole = cli("demo", "playlist").stdout.splitlines()
    commands = [line for line in whole if line.startswith("$ companion ")]
    toured = [line for line in sections(tour)["All Stars Playlist"] if line.startswith("$ ")]

    def same(shown: str, command: str) -> bool:  # a long line is cut to the screen: "…"
        return shown == command or (shown.endswith("…") and command.startswith(shown[:-1]))

    where = [next(i for i, c in enumerate(commands) if same(t, c)) for t in toured]
    assert len(toured) == 4 and len(commands) == 23
    assert where == sorted(where) and len(set(where)) == 4
    assert "Valid playlist." in tour and "Ana wins and picks the music." not in tour


def test_demo_game_shows_the_whole_game(cli):
    whole = cli("demo", "hoopers").stdout
    assert "Try next" not in whole and "steps; all of them" not in whole
    assert whole.count("$ companion hoopers match turn") == 2
    assert "set aside as abandoned" in whole  # the last step, printed in full
    assert len(whole.splitlines()) > SCREEN


def test_bare_demo_json_is_still_every_demo_whole(cli):
    document = cli("demo", "--json").json
    playlist = next(d for d in document["demos"] if d["demo"] == "playlist")
    assert len(playlist["steps"]) == 23
