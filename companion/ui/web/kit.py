"""The pages' kit (kit.js: building elements from the table's texts as text, and a status's
sentence without the commands in it), put in each page where it says so, once for all."""

from __future__ import annotations

from importlib import resources

KIT = "<!-- the page kit -->"


def with_kit(page: str) -> str:
    """`page` (an HTML shell of this package) with the kit's script where it says so."""
    kit = resources.files("companion.ui.web").joinpath("kit.js").read_text("utf-8")
    return page.replace(KIT, f"<script>\n{kit}</script>", 1)
