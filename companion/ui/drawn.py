"""A drawing kept as data: what a renderer printed, call by call, to be printed again.

`drawing(render, value)` runs `render(out, value)` against a stand-in console that keeps
each `out.print(...)` as JSON: its text arguments, its options and any `ui.console.Table`
(columns, rows and their options). `draw(out, calls)` makes the same calls on a real
console, so what is printed is what the renderer would print there — on a terminal or a
pipe, at any width — without the renderer, its game or what it drew from. A renderer that
does anything else (reads the console's width, prints a rich object, a cell that is not
text, a style the console does not know) cannot be kept: `drawing` says None and the
renderer is run each time instead.

A drawing is read back from a file anyone can edit, so it holds text and styles apart:
the renderer's markup is kept as its text and its tags (`["Ann ", ["bold"], "3",
["/bold"]]`), a string is text, and drawing it again escapes every text, so markup typed
into a kept value is shown as typed. Calls read back are checked (`checked`) before they
are drawn: options of the console's own, styles it knows (`companion.ui.console.ANSI`),
tags that open and close in order; a hand edit or another version's shape is refused
whole, never half drawn (the match is replayed instead).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.text import safe
from companion.ui.console import ANSI, TAG

JUSTIFY = {"default", "left", "center", "right", "full"}


def _bool(value: Any) -> bool:
    return isinstance(value, bool)


def _style(value: Any) -> bool:
    """A style the console draws itself: rich knows it too, so it never raises."""
    return value is None or (isinstance(value, str) and all(w in ANSI for w in value.split()))


def _justify(value: Any) -> bool:
    return value in JUSTIFY


def _end(value: Any) -> bool:
    return isinstance(value, str) and safe(value, newlines=True) == value


def _sep(value: Any) -> bool:
    """A separator that cannot join the end of one text and the next into a tag."""
    return _end(value) and value != "" and "\\" not in value


def _no_box(value: Any) -> bool:
    return value is None


PRINT_OPTIONS = {
    "markup": _bool,
    "highlight": _bool,
    "soft_wrap": _bool,
    "end": _end,
    "sep": _sep,
    "style": _style,
    "justify": _justify,
}
TABLE_OPTIONS = {"box": _no_box, "header_style": _style, "pad_edge": _bool, "markup": _bool}
COLUMN_OPTIONS = {"justify": _justify, "style": _style, "header_style": _style, "no_wrap": _bool}
ROW_OPTIONS = {"style": _style, "end_section": _bool}


class Unkept(Exception):
    """The renderer did something a kept drawing cannot hold."""


class Recorder:
    """The console a kept drawing is made on: only `print`, of text and light tables."""

    def __init__(self) -> None:
        self.calls: list[list[Any]] = []

    def print(self, *objects: Any, **options: Any) -> None:
        options = _options(options, PRINT_OPTIONS)
        markup = options.get("markup", True)
        self.calls.append([[_object(o, markup) for o in objects], options])

    def __getattr__(self, name: str) -> Any:
        raise Unkept(f"the console's {name}")


def drawing(render: Callable[[Any, Any], None], value: Any) -> list[list[Any]] | None:
    """The calls `render(out, value)` makes, as JSON; None when they cannot be kept."""
    out = Recorder()
    try:
        render(out, value)
    except Unkept:
        return None
    return out.calls


def draw(out: Any, calls: list[list[Any]]) -> None:
    """Make the kept `calls` (as `checked` passed them) on `out` (a TableConsole)."""
    for objects, options in calls:
        markup = options.get("markup", True)
        out.print(
            *(_table(o["table"]) if isinstance(o, dict) else _markup(o, markup) for o in objects),
            **options,
        )


def checked(calls: Any) -> list[list[Any]] | None:
    """`calls` read back from a file if they have the shape `drawing` makes, else None."""
    if not isinstance(calls, list):
        return None
    for call in calls:
        if not (isinstance(call, list) and len(call) == 2 and isinstance(call[0], list)):
            return None
        objects, options = call
        if not _plain_options(options, PRINT_OPTIONS):
            return None
        markup = options.get("markup", True)
        if not all(_checked_text(o, markup) or _checked_table(o) for o in objects):
            return None
    return calls


# --- text: markup kept as its text and its tags ---------------------------------


def _text(found: Any, markup: bool) -> Any:
    """A string the renderer printed, as kept: text, or (markup with tags) text and tags."""
    if not isinstance(found, str):
        raise Unkept(f"a {type(found).__name__}")
    if not markup:
        return found
    parts = _parts(found)
    if not _tags_in_order(parts):
        raise Unkept(f"markup the console does not draw itself: {found!r}")
    return parts if any(isinstance(p, list) for p in parts) else "".join(parts)


def _parts(markup: str) -> list[Any]:
    """`markup` as rich reads it: its texts (escapes undone) and its tags, in order."""
    parts: list[Any] = []
    position = 0
    for match in TAG.finditer(markup):
        start, end = match.span()
        backslashes, tag = match.group(2), match.group(3)
        text = markup[position:start] + backslashes[: len(backslashes) // 2]
        position = end
        if len(backslashes) % 2:  # an escaped '[': the tag is text
            _add_text(parts, text + match.group(0)[len(backslashes) :])
            continue
        _add_text(parts, text)
        parts.append([tag])
    _add_text(parts, markup[position:])
    return parts


def _add_text(parts: list[Any], text: str) -> None:
    if not text:
        return
    if parts and isinstance(parts[-1], str):
        parts[-1] += text
    else:
        parts.append(text)


def _tags_in_order(parts: list[Any]) -> bool:
    """Texts and tags of known styles, each closing tag closing the last one opened."""
    opened: list[str] = []
    for part in parts:
        if isinstance(part, str):
            continue
        if not (isinstance(part, list) and len(part) == 1 and isinstance(part[0], str)):
            return False
        tag = part[0]
        if tag.startswith("/"):
            if not opened or tag[1:] not in ("", opened[-1]):
                return False
            opened.pop()
        elif tag and tag == " ".join(tag.split()) and _style(tag):
            opened.append(tag)
        else:
            return False
    return True


def _checked_text(found: Any, markup: bool) -> bool:
    if isinstance(found, str):
        return True
    return markup and isinstance(found, list) and _tags_in_order(found)


def _markup(found: Any, markup: bool) -> str:
    """The string to print for kept text: with markup on, every text escaped, so only the
    kept tags style it."""
    if not markup:
        return found
    parts = [found] if isinstance(found, str) else found
    merged: list[Any] = []
    for part in parts:
        _add_text(merged, part) if isinstance(part, str) else merged.append(part)
    out = []
    for i, part in enumerate(merged):
        if isinstance(part, list):
            out.append(f"[{part[0]}]")
            continue
        text = _escape(part)
        if i + 1 < len(merged):  # a tag follows: its backslashes must stay text
            text += "\\" * (len(text) - len(text.rstrip("\\")))
        out.append(text)
    return "".join(out)


def _escape(text: str) -> str:
    """Every tag in `text` made text (rich.markup.escape without its guess at the end)."""

    def double(match: Any) -> str:
        backslashes = match.group(2)
        return f"{backslashes}{backslashes}\\{match.group(0)[len(backslashes) :]}"

    return TAG.sub(double, text)


# --- a light table as data ------------------------------------------------------


def _object(found: Any, markup: bool) -> Any:
    if isinstance(found, str):
        return _text(found, markup)
    from companion.ui.light_table import LightTable

    if type(found) is not LightTable:
        raise Unkept(f"a {type(found).__name__}")
    options = _options(found.options, TABLE_OPTIONS)
    cells = options.get("markup", False)
    return {
        "table": {
            "options": options,
            # rich reads a header as markup, whatever the cells are
            "columns": [[_text(h, True), _options(o, COLUMN_OPTIONS)] for h, o in found.columns],
            "rows": [[_text(c, cells) for c in row] for row in found.rows],
            "row_options": [_options(o, ROW_OPTIONS) for o in found.row_options],
        }
    }


def _options(options: dict[str, Any], allowed: dict[str, Callable[[Any], bool]]) -> dict[str, Any]:
    if not _plain_options(options, allowed):
        raise Unkept(f"options {options!r}")
    return dict(options)


def _plain_options(options: Any, allowed: dict[str, Callable[[Any], bool]]) -> bool:
    return isinstance(options, dict) and all(
        key in allowed and allowed[key](value) for key, value in options.items()
    )


def _checked_table(found: Any) -> bool:
    table = found.get("table") if isinstance(found, dict) and len(found) == 1 else None
    if not isinstance(table, dict) or set(table) != {"options", "columns", "rows", "row_options"}:
        return False
    columns, rows, row_options = table["columns"], table["rows"], table["row_options"]
    if not _plain_options(table["options"], TABLE_OPTIONS):
        return False
    cells = table["options"].get("markup", False)
    return (
        isinstance(columns, list)
        and all(
            isinstance(c, list)
            and len(c) == 2
            and _checked_text(c[0], True)
            and _plain_options(c[1], COLUMN_OPTIONS)
            for c in columns
        )
        and isinstance(rows, list)
        and all(isinstance(r, list) and all(_checked_text(c, cells) for c in r) for r in rows)
        and isinstance(row_options, list)
        and len(row_options) == len(rows)
        and all(_plain_options(o, ROW_OPTIONS) for o in row_options)
    )


def _table(table: dict[str, Any]) -> Any:
    from companion.ui.console import Table

    made = Table(**table["options"])
    cells = table["options"].get("markup", False)
    for header, options in table["columns"]:
        made.add_column(_markup(header, True), **options)
    for row, options in zip(table["rows"], table["row_options"], strict=True):
        made.add_row(*(_markup(c, cells) for c in row), **options)
    return made
