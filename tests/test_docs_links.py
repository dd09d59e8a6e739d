"""Every docs page is reachable from the index, and every relative link points somewhere."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_every_page_is_linked_from_the_index():
    linked = set(LINK.findall((DOCS / "index.md").read_text()))
    pages = {p.name for p in DOCS.glob("*.md")} - {"index.md"}
    assert pages - linked == set()


def test_relative_links_resolve():
    broken = [
        (page.name, target)
        for page in DOCS.glob("*.md")
        for target in LINK.findall(page.read_text())
        if "://" not in target and not (page.parent / target).exists()
    ]
    assert broken == []
