"""A borderless table drawn without rich when rich would draw it as plain columns.

Every status screen's table is `box=None`: columns of names and numbers, each cell padded
by one space. Importing rich's table and console code to draw that costs a `status` about a
third of its start-up (issue 30), so `LightTable` records the columns and rows and, where
the output is plain text, writes exactly the characters rich would (the
`tests/test_light_table.py` comparison; on a terminal the header is bold, part by part as
rich styles it; a table wider than the console wrapped as rich wraps it, `light_layout`);
anything else — a dumb terminal, text that is markup, an emoji code, a character rich
measures otherwise than `light_layout.cells` does, a line rich would crop with "…" — is
handed to rich, built from the same calls. `markup=True`: the cells are rich markup (the
caller escapes the names in them), drawn by rich as a plain `rich.table.Table` is — or
here, when no cell holds a tag, where the text is the same either way.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from companion.ui.light_layout import WIDE, column_widths, wrap

# The options drawn here; any other goes to rich (as does any other value of these).
# `markup` is drawn here only where no cell holds markup (`_simple_text`): its text is then
# what rich shows either way.
OPTIONS = {"box", "header_style", "pad_edge", "markup"}
# Marks the renderers put in a cell, beyond U+0300, that rich measures one cell wide as it
# does every character below (tests/test_light_table.py checks it against rich.cells).
ONE_CELL = frozenset("▶◀→←✓✗·—–…•❄✖✚")
JUSTIFY = ("left", "right")
DUMB = ("dumb", "unknown")  # terminals rich draws without styles (and 80 columns wide)
BOLD, RESET = "\x1b[1m", "\x1b[0m"


class LightTable:
    """rich.table.Table's `box=None` subset: `add_column`, `add_row`, printed as rich would."""

    def __init__(self, *headers: Any, **options: Any) -> None:
        self.options = options
        self.columns: list[tuple[Any, dict[str, Any]]] = [(h, {}) for h in headers]
        self.rows: list[tuple[Any, ...]] = []
        self.row_options: list[dict[str, Any]] = []  # rich's per-row options, kept for it

    def add_column(self, header: Any = "", **options: Any) -> None:
        self.columns.append((header, options))

    def add_row(self, *cells: Any, **options: Any) -> None:
        self.rows.append(cells)
        self.row_options.append(options)

    def __rich__(self) -> Any:
        from companion.ui.console import rich_table

        options = dict(self.options)
        if options.pop("markup", False):
            from rich.table import Table

            table = Table(**options)
        else:
            table = rich_table(**options)
        for header, options in self.columns:
            table.add_column(header, **options)
        for cells, options in zip(self.rows, self.row_options, strict=True):
            table.add_row(*cells, **options)
        return table

    def plain_lines(self, file: Any) -> list[str] | None:
        """The lines rich would print to `file`, or None where rich must draw them."""
        styled = _styled(file)
        if not self._simple() or (styled and os.environ.get("TERM", "").lower() in DUMB):
            return None
        width = _width()
        grid = self._grid()
        if width is None or grid is None:
            return None
        count = len(self.columns)
        edge = self.options.get("pad_edge", True)
        pads = [(1 if i or edge else 0, 1 if i < count - 1 or edge else 0) for i in range(count)]
        widths = column_widths(list(zip(*grid, strict=True)), [sum(p) for p in pads], width)
        inner = [w - left - right for w, (left, right) in zip(widths, pads, strict=True)]
        if min(inner) < 0 or (styled and not all(inner)):
            return None
        rights = [o.get("justify", "left") == "right" for _, o in self.columns]
        lines: list[str] = []
        for number, row in enumerate(grid):
            drawn = [wrap(c, w, r) for c, w, r in zip(row, inner, rights, strict=True)]
            if any(d is None for d in drawn):
                return None  # rich crops a word wider than its column: rich draws it
            lines += _row_lines(drawn, widths, pads, header=number == 0, bold=styled)  # type: ignore[arg-type]
        return lines

    def _grid(self) -> list[list[str]] | None:
        """The header and the rows, each as wide as the columns, if all are text drawn here."""
        count = len(self.columns)
        if any(len(r) > count for r in self.rows):
            return None
        rows = [list(r) + [""] * (count - len(r)) for r in self.rows]  # short rows: empty
        grid = [[h for h, _ in self.columns], *rows]
        if not all(_simple_text(c) for r in grid for c in r):
            return None
        if os.environ.get("UNICODE_VERSION", "latest") != "latest" and any(
            w in c for r in grid for c in r for w in WIDE
        ):
            return None  # an emoji is one cell before Unicode 9: rich measures it
        return grid

    def _simple(self) -> bool:
        options = self.options
        return (
            bool(self.columns)
            and set(options) <= OPTIONS
            and not any(self.row_options)  # a row's style or end_section: rich draws it
            and options.get("box", 0) is None
            and options.get("header_style", "bold") == "bold"
            and options.get("pad_edge", True) in (True, False)
            and options.get("markup", False) in (True, False)
            and all(
                set(o) <= {"justify"} and o.get("justify", "left") in JUSTIFY
                for _, o in self.columns
            )
        )


def _row_lines(
    drawn: list[list[str]], widths: list[int], pads: list[tuple[int, int]], header: bool, bold: bool
) -> list[str]:
    """One row's lines from its cells' wrapped lines: rich aligns a header's cells to the
    bottom and a row's to the top, and on a terminal styles each part of the header alone."""
    height = max(len(d) for d in drawn)
    blank: list[str | None] = [None]  # a blank line of the cell's whole width
    shaped = [
        blank * (height - len(d)) + d if header else d + blank * (height - len(d))  # type: ignore[operator]
        for d in drawn
    ]
    lines = []
    for index in range(height):
        line = []
        for cell, size, (left, right) in zip(shaped, widths, pads, strict=True):
            text = cell[index]
            parts = [" " * size] if text is None else [" " * left, text, " " * right]
            if bold and header:
                parts = [f"{BOLD}{part}{RESET}" for part in parts if part]
            line.extend(parts)
        lines.append("".join(line))
    return lines


def _simple_text(text: Any) -> bool:
    """Text rich shows as it is, one cell per character: printable, below the combining
    marks (or a mark of `ONE_CELL`), and neither markup (`[`, `\\`) nor an emoji code
    (`:`)."""
    return (
        isinstance(text, str)
        and text.isprintable()
        and all(ord(c) < 0x300 or c in ONE_CELL or c in WIDE for c in text)
        and not any(c in text for c in "[\\:")
    )


def _styled(file: Any) -> bool:
    """Whether rich would treat `file` as a terminal (and style the header)."""
    if sys.platform == "win32":
        return True  # legacy consoles are measured differently: rich decides
    environ = os.environ
    if environ.get("TTY_COMPATIBLE", "") in ("0", "1"):
        return environ["TTY_COMPATIBLE"] == "1"
    if environ.get("FORCE_COLOR") is not None:
        return environ["FORCE_COLOR"] != ""
    try:
        return bool(getattr(file, "isatty", lambda: False)())
    except ValueError:
        return False


def _width() -> int | None:
    """The console width as rich measures it (None: one rich would not draw into)."""
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        return int(columns) or None
    for descriptor in (0, 1, 2):
        try:
            width = os.get_terminal_size(descriptor).columns
        except (AttributeError, ValueError, OSError):
            continue
        return width or 80
    return 80
