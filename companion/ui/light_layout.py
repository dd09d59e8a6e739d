"""rich's layout of a borderless table, for the cells `LightTable` draws itself.

A status board wider than the console (a game's board mid-game at 80 columns, whose cells
hold names and marks like `🔥 orange`) is wrapped by rich: its columns shrunk widest first
(`Table._collapse_widths`, `ratio_reduce`), each cell word-wrapped (`rich._wrap.divide_line`)
and justified in its width. These are the same steps on plain text, measured as
`rich.cells.cell_len` measures the characters `LightTable` lets through, so the lines are
rich's to the byte (tests/test_light_table.py compares them). A line rich would crop with an
ellipsis (a word wider than its column) is not drawn here: `wrap` says None and rich draws
the table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

# Characters `LightTable` draws that rich measures two cells wide in every Unicode version
# it knows (tests/test_light_table.py checks it); every other one it lets through is one.
WIDE = ("🔥",)


def cells(text: str) -> int:
    """`rich.cells.cell_len` of text made of one-cell characters and `WIDE` ones."""
    return len(text) + sum(text.count(c) for c in WIDE)


def _measure(column: Sequence[str], pad: int, width: int) -> int:
    """The widest a column's cells ask for within `width` (`Table._measure_column`'s
    maximum, each cell a `Padding` round a text)."""
    if width < 1:
        return 0
    if width - pad < 1:
        return width
    widest = 0
    for text in column:
        inner = min(cells(text), width)
        widest = max(widest, min((inner if inner >= 1 else 0) + pad, width))
    return widest


def column_widths(columns: Sequence[Sequence[str]], pads: Sequence[int], width: int) -> list[int]:
    """Each column's width with its padding, as `Table._calculate_column_widths` makes it
    for a table of `box=None` drawn `width` cells wide."""
    widths = [_measure(c, p, width) or 1 for c, p in zip(columns, pads, strict=True)]
    if sum(widths) > width:
        widths = _collapse(widths, width)
        if sum(widths) > width:  # rich's last resort: every column reduced alike
            widths = _ratio_reduce(sum(widths) - width, [1] * len(widths), widths, widths)
        widths = [_measure(c, p, w) for c, p, w in zip(columns, pads, widths, strict=True)]
    return widths


def _collapse(widths: list[int], width: int) -> list[int]:
    """`Table._collapse_widths`, every column wrapable: the widest shrunk first."""
    total = sum(widths)
    excess = total - width
    while total and excess > 0:
        widest = max(widths)
        second = max((w for w in widths if w != widest), default=0)
        difference = widest - second
        ratios = [1 if w == widest else 0 for w in widths]
        if not difference:
            break
        widths = _ratio_reduce(excess, ratios, [min(excess, difference)] * len(widths), widths)
        total = sum(widths)
        excess = total - width
    return widths


def _ratio_reduce(
    total: int, ratios: list[int], maximums: list[int], values: list[int]
) -> list[int]:
    """`rich._ratio.ratio_reduce`."""
    ratios = [ratio if most else 0 for ratio, most in zip(ratios, maximums, strict=True)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    remaining = total
    result = []
    for ratio, most, value in zip(ratios, maximums, values, strict=True):
        if ratio and total_ratio > 0:
            distributed = min(most, round(ratio * remaining / total_ratio))
            result.append(value - distributed)
            remaining -= distributed
            total_ratio -= ratio
        else:
            result.append(value)
    return result


def _words(text: str) -> Iterator[tuple[int, str]]:
    """rich's words (`\\s*\\S+\\s*`) with where each starts, in printable text: its only
    white space is " " (no pattern compiled for the few cells a board wraps)."""
    start, end = 0, len(text)
    while True:
        at = start
        while at < end and text[at] == " ":
            at += 1
        if at == end:
            return
        while at < end and text[at] != " ":
            at += 1
        while at < end and text[at] == " ":
            at += 1
        yield start, text[start:at]
        start = at


def _breaks(text: str, width: int) -> list[int]:
    """`rich._wrap.divide_line` without folding (a table column's overflow is ellipsis)."""
    breaks = []
    offset = 0
    for start, word in _words(text):
        length = cells(word.rstrip())
        if width - offset >= length:
            offset += cells(word)
        elif length > width:
            if start:
                breaks.append(start)
            offset = cells(word)
        elif offset and start:
            breaks.append(start)
            offset = cells(word)
    return breaks


def wrap(text: str, width: int, right: bool) -> list[str] | None:
    """A cell's printable text in lines `width` cells wide, justified left or right, as rich's
    `Text.wrap` makes them; None where rich would crop a line with an ellipsis."""
    offsets = [0, *_breaks(text, width), len(text)]
    lines = []
    for start, end in zip(offsets, offsets[1:], strict=False):
        line = text[start:end]
        if len(line) > width:  # Text.rstrip_end: counts characters, not cells
            trailing = len(line) - len(line.rstrip(" "))
            line = line[: len(line) - min(trailing, len(line) - width)]
        if right:
            line = line.rstrip()
        size = cells(line)
        if size > width:
            return None
        lines.append(" " * (width - size) + line if right else line + " " * (width - size))
    return lines
