"""A console that prints plain and lightly styled lines without importing rich.

Most answers at the table are a few lines of text with a bold word or two.
Importing rich costs about 50 ms of every command's start-up, so
`TableConsole` prints strings itself — rich's markup tags are turned into
ANSI styles on a terminal and dropped elsewhere, exactly as rich would — and
hands anything else (tables, panels, rules, unknown styles or options) to a
real rich Console, imported on first need.

Names come from users and files, so every human-readable line goes through
`safe()` on its way out: control characters (ESC, BEL, OSC, C1 codes, bidi
overrides) are shown escaped (`\x1b`) instead of driving the terminal. The
plain path escapes the text before its markup is styled; rich output is
escaped segment by segment just before rich adds its own styles
(`rich_console()`), so tables, panels and live displays are covered alike.
JSON output never passes through here and stays exact.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any

# rich.markup.RE_TAGS: a tag starts with a letter, '#', '/' or '@'.
TAG = re.compile(r"((\\*)\[([a-z#/@][^[]*?)])")

ANSI = {
    "bold": "1",
    "dim": "2",
    "italic": "3",
    "underline": "4",
    "reverse": "7",
    "strike": "9",
    "black": "30",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
    "white": "37",
    "bright_black": "90",
    "bright_red": "91",
    "bright_green": "92",
    "bright_yellow": "93",
    "bright_blue": "94",
    "bright_magenta": "95",
    "bright_cyan": "96",
    "bright_white": "97",
}
PLAIN_OPTIONS = {"markup", "highlight", "end", "sep", "soft_wrap"}


class NeedsRich(Exception):
    """This print needs the real rich Console."""


def render_markup(text: str, styled: bool) -> str:
    """Rich markup to text (styled: with ANSI codes). Raises NeedsRich on unknown tags."""
    out: list[str] = []
    stack: list[str] = []
    position = 0
    for match in TAG.finditer(text):
        start, end = match.span()
        backslashes, tag = match.group(2), match.group(3)
        out.append(text[position:start])
        position = end
        if len(backslashes) % 2:  # an escaped '[': literal text, after half the backslashes
            out.append(backslashes[: len(backslashes) // 2] + match.group(0)[len(backslashes) :])
            continue
        out.append(backslashes[: len(backslashes) // 2])
        if tag.startswith("/"):
            if stack:
                stack.pop()
            if styled:
                out.append("\x1b[0m" + "".join(stack))
            continue
        words = tag.split()
        if not all(w in ANSI for w in words):
            raise NeedsRich(tag)
        code = "\x1b[" + ";".join(ANSI[w] for w in words) + "m"
        stack.append(code)
        if styled:
            out.append(code)
    out.append(text[position:])
    if styled and stack:
        out.append("\x1b[0m")
    return "".join(out)


class TableConsole:
    """The subset of rich.console.Console the renderers use, fast for plain text."""

    def __init__(self, file: Any = None) -> None:
        self._file = file
        self._rich: Any = None

    @property
    def file(self) -> Any:
        return self._file or sys.stdout

    @property
    def styled(self) -> bool:
        if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
            return False
        return bool(getattr(self.file, "isatty", lambda: False)())

    def rich(self) -> Any:
        if self._rich is None:
            self._rich = rich_console(file=self._file, highlight=False, soft_wrap=True)
        return self._rich

    def print(self, *objects: Any, **options: Any) -> None:
        if len(objects) == 1 and not options and hasattr(objects[0], "plain_lines"):
            lines = objects[0].plain_lines(self.file)  # a LightTable rich would print plain
            if lines is not None:
                self.file.write("".join(line + "\n" for line in lines))
                return
        if all(isinstance(o, str) for o in objects) and set(options) <= PLAIN_OPTIONS:
            try:
                self._print_plain(objects, options)
                return
            except NeedsRich:
                pass
        self.rich().print(*objects, **options)

    def _print_plain(self, objects: tuple[str, ...], options: dict[str, Any]) -> None:
        text = safe(options.get("sep", " ").join(objects), newlines=True)
        if options.get("markup", True):
            text = render_markup(text, self.styled)
        self.file.write(text + options.get("end", "\n"))

    def __getattr__(self, name: str) -> Any:
        # rule(), status(), width, … — whatever else rich offers.
        return getattr(self.rich(), name)


def Table(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 - stands in for the class
    """A rich.table.Table to be: a `LightTable` that draws itself without rich where rich
    would print plain columns, and is built as `rich_table` otherwise (rich is imported only
    when a table is actually drawn by it)."""
    from companion.ui.light_table import LightTable

    return LightTable(*args, **kwargs)


def rich_table(*args: Any, **kwargs: Any) -> Any:
    """rich.table.Table whose text cells are data (names, cards, numbers), never markup.

    They go through `plain()` as they are added, so a name like `[red]Bo` is shown as
    typed and columns are measured as they will be printed. A cell that wants our own
    styling passes a rich Text.
    """
    from rich.table import Table as RichTable

    class SafeTable(RichTable):
        def add_row(self, *cells: Any, **options: Any) -> None:
            super().add_row(*(plain(c) if isinstance(c, str) else c for c in cells), **options)

    return SafeTable(*(safe(a) if isinstance(a, str) else a for a in args), **kwargs)


_ESCAPE = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")


from companion.engine.text import safe  # noqa: E402,F401 - the faces' name for it


def escape(markup: str) -> str:
    """rich.markup.escape, without importing rich."""

    def double(match: re.Match[str]) -> str:
        backslashes, text = match.groups()
        return f"{backslashes}{backslashes}\\{text}"

    markup = _ESCAPE.sub(double, markup)
    if markup.endswith("\\") and not markup.endswith("\\\\"):
        return markup + "\\"
    return markup


def plain(text: object) -> str:
    """Text from users or files, made safe to put inside our markup: shown as typed.

    Every name, note or file's text that a face puts into a string printed with markup
    goes through here (`f"[bold]{plain(name)}[/bold]"`): a name like `Ann[/b]` or
    `[red]Bo` is then neither a style nor a crash, and control characters are escaped.
    """
    return escape(safe(text))


def _clean(segments: Any) -> Any:
    """rich Segments with their text made safe and any hyperlink dropped (rich's own
    control segments — cursor moves of a live display — are kept)."""
    from rich.segment import Segment

    for segment in segments:
        text, style, control = segment
        if control:
            yield segment
            continue
        if style is not None and style.link:
            style = style.update_link(None)
        yield Segment(safe(text, newlines=True), style, control)


def rich_console(**options: Any) -> Any:
    """A rich Console whose output goes through `safe()` (every renderer's rich console)."""
    from rich.console import Console
    from rich.errors import MarkupError

    class SafeConsole(Console):
        def print(self, *objects: Any, **options: Any) -> None:
            try:
                super().print(*objects, **options)
            except MarkupError:
                # A name that missed `plain()` broke the line's markup: print the line as
                # typed (our own tags shown too) rather than end in a traceback.
                super().print(*objects, **{**options, "markup": False})

        def _render_buffer(self, buffer: Any) -> str:
            return super()._render_buffer(_clean(buffer))

    return SafeConsole(**options)
