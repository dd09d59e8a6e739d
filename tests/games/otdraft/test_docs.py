"""docs/otdraft-cards.md shows the shipped example catalogue; the demo plays it.

docs/otdraft.md's console examples run in tests/test_docs_examples.py with every page.
"""

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[3] / "docs" / "otdraft.md"


def test_cards_page_shows_the_fixture_and_the_shipped_copy_matches():
    fixture = (Path(__file__).parent / "fixtures" / "example.toml").read_text(encoding="utf-8")
    shipped = Path(__file__).resolve().parents[3] / "companion/games/otdraft/data/example.toml"
    assert shipped.read_text(encoding="utf-8") == fixture
    page = (DOC.parent / "otdraft-cards.md").read_text(encoding="utf-8")
    assert "```toml\n" + fixture + "```" in page


def test_demo_runs_the_example_and_a_draft(cli):
    result = cli("demo", "otdraft", "--seed", "7")
    assert result.exit_code == 0, result.stderr
    assert "Total: 12 + 20 + 28 + 10 + 9 + 11 + 0 + 8 = 98" in result.stdout
    assert "All seven rounds played" in result.stdout
    assert re.search(r"archived; see 'companion history list'", result.stdout)
    listed = cli("history", "list", "--game", "otdraft", "--json").json["matches"]
    assert [m["status"] for m in listed] == ["finished"]
