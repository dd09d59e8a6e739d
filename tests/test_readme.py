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
