"""The README's tour is true (tests/test_docs_examples.py runs it with every docs page)."""

from __future__ import annotations

from pathlib import Path

from tests.test_docs_examples import commands, is_example, read_page

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_tour_has_commands():
    tour = read_page("README.md").blocks
    run = [c for block in tour if block.run and is_example(block) for c in commands(block)]
    assert len(run) >= 10


def test_readme_shows_the_two_newcomer_commands():
    text = README.read_text()
    assert "pip install . && companion demo" in text
    assert "pip install '.[test]' && pytest" in text


def test_ci_runs_exactly_the_readme_test_command_on_every_core():
    """Issue 38 item 7: `.ci/run` installs and tests the README's way, line for line, and
    that command runs the whole suite (the slow tier too) on every core."""
    (command,) = [
        line
        for line in README.read_text().splitlines()
        if line.startswith("pip install '.[test]' && ")
    ]
    install, test = command.split(" && ")
    assert test.split() == ["pytest", "-n", "auto"]  # no -m: nothing left out
    ci = (README.parent / ".ci" / "run").read_text().splitlines()
    assert install in ci and test in ci
    assert [line for line in ci if line.startswith("pytest")] == [test]
