"""A drawing kept as data: what a renderer printed, call by call, to be printed again.

`drawing(render, value)` runs `render(out, value)` against a stand-in console that keeps
each `out.print(...)` as JSON: its text arguments, its options and any `ui.console.Table`
(columns, rows and their options). `draw(out, calls)` makes the same calls on a real
console, so what is printed is what the renderer would print there — on a terminal or a
pipe, at any width — without the renderer, its game or what it drew from. A renderer that
does anything else (reads the console's width, prints a rich object, a cell that is not
text) cannot be kept: `drawing` says None and the renderer is run each time instead.

Calls read back from a file are checked (`checked`) before they are drawn: a hand edit or
another version's shape is refused whole, never half drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

PRINT_OPTIONS = {"markup", "highlight", "end", "sep", "soft_wrap", "style", "justify"}
TABLE_OPTIONS = {"box", "header_style", "pad_edge", "markup"}
SCALAR = (str, int, float, bool, type(None))


class Unkept(Exception):
    """The renderer did something a kept drawing cannot hold."""


class Recorder:
    """The console a kept drawing is made on: only `print`, of text and light tables."""

    def __init__(self) -> None:
        self.calls: list[list[Any]] = []

    def print(self, *objects: Any, **options: Any) -> None:
        self.calls.append([[_object(o) for o in objects], _options(options, PRINT_OPTIONS)])

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
    """Make the kept `calls` on `out` (a TableConsole)."""
    for objects, options in calls:
        out.print(*(o if isinstance(o, str) else _table(o["table"]) for o in objects), **options)


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
        if not all(isinstance(o, str) or _checked_table(o) for o in objects):
            return None
    return calls


# --- a light table as data ------------------------------------------------------


def _object(found: Any) -> Any:
    if isinstance(found, str):
        return found
    from companion.ui.light_table import LightTable

    if type(found) is not LightTable:
        raise Unkept(f"a {type(found).__name__}")
    rows = [[_cell(c) for c in row] for row in found.rows]
    return {
        "table": {
            "options": _options(found.options, TABLE_OPTIONS),
            "columns": [[_cell(h), _options(o)] for h, o in found.columns],
            "rows": rows,
            "row_options": [_options(o) for o in found.row_options],
        }
    }


def _cell(cell: Any) -> str:
    if not isinstance(cell, str):
        raise Unkept(f"a cell that is a {type(cell).__name__}")
    return cell


def _options(options: dict[str, Any], allowed: set[str] | None = None) -> dict[str, Any]:
    if not _plain_options(options, allowed):
        raise Unkept(f"options {sorted(options)}")
    return dict(options)


def _plain_options(options: Any, allowed: set[str] | None = None) -> bool:
    return (
        isinstance(options, dict)
        and (allowed is None or set(options) <= allowed)
        and all(isinstance(v, SCALAR) for v in options.values())
    )


def _checked_table(found: Any) -> bool:
    table = found.get("table") if isinstance(found, dict) and len(found) == 1 else None
    if not isinstance(table, dict) or set(table) != {"options", "columns", "rows", "row_options"}:
        return False
    columns, rows, row_options = table["columns"], table["rows"], table["row_options"]
    return (
        _plain_options(table["options"], TABLE_OPTIONS)
        and isinstance(columns, list)
        and all(
            isinstance(c, list) and len(c) == 2 and isinstance(c[0], str) and _plain_options(c[1])
            for c in columns
        )
        and isinstance(rows, list)
        and all(isinstance(r, list) and all(isinstance(c, str) for c in r) for r in rows)
        and isinstance(row_options, list)
        and len(row_options) == len(rows)
        and all(_plain_options(o) for o in row_options)
    )


def _table(table: dict[str, Any]) -> Any:
    from companion.ui.console import Table

    made = Table(**table["options"])
    for header, options in table["columns"]:
        made.add_column(header, **options)
    for cells, options in zip(table["rows"], table["row_options"], strict=True):
        made.add_row(*cells, **options)
    return made
