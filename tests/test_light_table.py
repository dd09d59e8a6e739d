"""A status screen's table is drawn without rich, character for character as rich draws it.

`companion.ui.light_table.LightTable` writes the columns itself where rich would print them
plain (issue 30: rich's table code was a third of `hoopers match status`); every other case
goes to rich. Each table here is printed both ways and compared byte for byte.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.ui.console import Table, TableConsole


class Pipe(io.StringIO):
    """Where a command's output goes when it is not a terminal."""


def both(build, *, tty: bool = False) -> tuple[str, str]:
    """(what TableConsole prints, what rich prints) for the table `build(Table)` makes."""
    ours, theirs = Pipe(), Pipe()
    if tty:
        ours.isatty = theirs.isatty = lambda: True  # type: ignore[method-assign]
    table = build()
    TableConsole(ours).print(table)
    TableConsole(theirs).rich().print(table.__rich__())
    return ours.getvalue(), theirs.getvalue()


def scoreboard():
    table = Table("", "team fouls", "coach tokens", "timeouts", "hot", "cold / hurt", box=None)
    table.add_row("Ann", "0", "8", "3", "-", "-")
    table.add_row("Bob", "12", "7", "2", "Lucy", "Never")
    return table


def ranked():
    table = Table(box=None, header_style="bold", pad_edge=False)
    for column in ("player", "points"):
        table.add_column(column)
    table.add_column("songs", justify="right")
    table.add_row("Ana", "10", "3")
    table.add_row("Benoît", "", "12")
    table.add_row("Cy")  # a short row: the rest empty
    return table


def headers_only():
    table = Table(box=None)
    table.add_column("player")
    table.add_column("")
    return table


@pytest.mark.parametrize("build", [scoreboard, ranked, headers_only])
def test_a_plain_table_is_what_rich_prints(monkeypatch, build):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    assert build().plain_lines(Pipe()) is not None  # drawn without rich
    ours, theirs = both(build)
    assert ours == theirs


def markup():
    table = Table("hooper", box=None)
    table.add_row("[red]Bo")  # a name as typed, not a style
    table.add_row("Ann :fire:")  # not an emoji code either
    return table


def wide():
    table = Table("hooper", "mark", box=None)
    table.add_row("Ann", "🔥🔥")  # two cells per character
    table.add_row("Zoë\u0301", "❄")
    return table


def too_wide():
    table = Table("a", "b", box=None)
    table.add_row("x" * 50, "y" * 50)  # rich wraps it into the console's 80 columns
    return table


@pytest.mark.parametrize("build", [markup, wide, too_wide])
def test_text_rich_would_change_is_drawn_by_rich(monkeypatch, build):
    monkeypatch.setenv("COLUMNS", "80")
    assert build().plain_lines(Pipe()) is None
    ours, theirs = both(build)
    assert ours == theirs


@pytest.mark.parametrize("build", [scoreboard, ranked])
@pytest.mark.parametrize("no_color", ["", "1"])  # NO_COLOR drops colours; rich keeps bold
def test_on_a_terminal_the_header_is_bold_as_rich_makes_it(monkeypatch, build, no_color):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", no_color)
    monkeypatch.setenv("TERM", "xterm-256color")
    on_terminal = Pipe()
    on_terminal.isatty = lambda: True  # type: ignore[method-assign]
    assert build().plain_lines(on_terminal) is not None  # drawn without rich
    ours, theirs = both(build, tty=True)
    assert ours == theirs
    assert ours.startswith("\x1b[1m")


@pytest.mark.parametrize("term", ["dumb", "unknown"])
def test_a_dumb_terminal_is_drawn_by_rich(monkeypatch, term):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("TERM", term)
    on_terminal = Pipe()
    on_terminal.isatty = lambda: True  # type: ignore[method-assign]
    assert scoreboard().plain_lines(on_terminal) is None
    ours, theirs = both(scoreboard, tty=True)
    assert ours == theirs


def test_a_console_narrower_than_the_table_is_drawn_by_rich(monkeypatch):
    monkeypatch.setenv("COLUMNS", "30")
    assert scoreboard().plain_lines(Pipe()) is None
    ours, theirs = both(scoreboard)
    assert ours == theirs
    assert max(len(line) for line in ours.splitlines()) <= 30


def sectioned():
    table = Table("player", "points", box=None)
    table.add_row("Ana", "10", end_section=True)  # a row option: rich's to draw
    table.add_row("Ben", "8")
    return table


def test_a_row_with_rich_options_is_drawn_by_rich_with_them(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    assert sectioned().plain_lines(Pipe()) is None
    ours, theirs = both(sectioned)
    assert ours == theirs and "Ben" in ours


def scored():
    """The playlist game's scoreboard: cells that are markup, none holding a tag."""
    table = Table(box=None, header_style="bold", markup=True)
    for column, justify in (("", "left"), ("player", "left"), ("pts", "right")):
        table.add_column(column, justify=justify)
    table.add_column("playlist")
    table.add_row("▶", "Ben", "3", "Song → Other ✓")
    table.add_row("", "Cy", "0", "(no playlist)")
    return table


def output(monkeypatch, columns: int, tty: bool) -> Pipe:
    """Where a table is printed: a pipe or a colour terminal `columns` wide."""
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    where = Pipe()
    if tty:
        where.isatty = lambda: True  # type: ignore[method-assign]
    return where


@pytest.mark.parametrize("tty", [False, True])
def test_a_markup_table_without_tags_is_drawn_without_rich(monkeypatch, tty):
    where = output(monkeypatch, 80, tty)
    assert scored().plain_lines(where) is not None
    ours, theirs = both(scored, tty=tty)
    assert ours == theirs


def tagged():
    table = Table("player", box=None, markup=True)
    table.add_row("Ann [dim]assignments 1[/dim]")  # a style inside a cell: rich draws it
    return table


def test_a_markup_table_with_a_tag_is_drawn_by_rich(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    assert tagged().plain_lines(Pipe()) is None
    ours, theirs = both(tagged)
    assert ours == theirs and "[dim]" not in ours


def test_the_marks_drawn_without_rich_are_one_cell_wide_in_rich():
    from rich.cells import cell_len

    from companion.ui.light_table import ONE_CELL

    assert all(cell_len(mark) == 1 for mark in ONE_CELL)


# --- a board rich wraps: hot and cold hoopers' marks, long names, any width -------------


def board(cold: str = "Muy Schillato ❄ light blue"):
    """The hoopers board mid-game: wider than 80 columns, so rich wraps its cells."""
    table = Table("", "team fouls", "coach tokens", "timeouts", "hot", "cold / hurt", box=None)
    table.add_row("Ann", "0", "8", "3", "Edd Trapp 🔥 orange", "Manny Gentle ❄ light blue")
    table.add_row("Bob", "2", "8", "3", "-", cold)
    table.add_row("Cy", "10", "7", "1", "Lu 🔥🔥🔥 LV2, Mo 🔥🔥 LV1", "Bo ✖ ejected, Di ✚ knee")
    return table


@pytest.mark.parametrize("columns", [200, 120, 100, 90, 80, 72, 60, 50, 45])
@pytest.mark.parametrize("tty", [False, True])
@pytest.mark.parametrize("no_color", ["", "1"])
def test_a_board_rich_wraps_is_drawn_without_rich_as_rich_draws_it(
    monkeypatch, columns, tty, no_color
):
    monkeypatch.setenv("NO_COLOR", no_color)
    where = output(monkeypatch, columns, tty)
    drawn = board().plain_lines(where)
    ours, theirs = both(board, tty=tty)
    assert ours == theirs
    # rich itself only where it crops a line with "…" (its wrap measures a line's
    # trailing space in characters, so `Mo 🔥🔥 ` can overflow by one cell)
    assert (drawn is None) == ("…" in theirs)


def test_a_word_wider_than_its_column_is_drawn_by_rich(monkeypatch):
    monkeypatch.setenv("COLUMNS", "45")
    long = "Maximiliano-Schillato-Gentile ❄ light blue"  # rich crops the name with "…"
    assert board(long).plain_lines(Pipe()) is None
    ours, theirs = both(lambda: board(long))
    assert ours == theirs and "…" in ours


def test_the_wide_marks_drawn_without_rich_are_two_cells_in_rich():
    from rich.cells import cell_len

    from companion.ui.light_layout import WIDE
    from companion.ui.light_table import ONE_CELL

    assert all(cell_len(mark) == 2 for mark in WIDE)
    for version in ("9.0.0", "latest"):  # and since Unicode 9 (before: rich, below)
        assert all(cell_len(mark, version) == 2 for mark in WIDE)
        assert all(cell_len(mark, version) == 1 for mark in ONE_CELL)


@pytest.mark.parametrize("version", ["8.0.0", "9.0.0"])
def test_an_older_unicode_version_is_measured_by_rich(monkeypatch, version):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("UNICODE_VERSION", version)  # rich reads it: 🔥 one cell before 9
    assert board().plain_lines(Pipe()) is None
    ours, theirs = both(board)
    assert ours == theirs


WORDS = ["Ann", "Bo", "Schillato", "🔥", "🔥🔥🔥", "❄", "❄❄", "light blue", "✖", "-", "", " "]


@settings(max_examples=150, deadline=None)
@given(
    cells=st.lists(
        st.lists(
            st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join), min_size=3, max_size=3
        ),
        min_size=1,
        max_size=4,
    ),
    columns=st.integers(min_value=12, max_value=130),
    right=st.booleans(),
    edge=st.booleans(),
    tty=st.booleans(),
)
def test_any_board_drawn_without_rich_is_what_rich_draws(cells, columns, right, edge, tty):
    def build():
        table = Table(box=None, pad_edge=edge)
        table.add_column("hooper")
        table.add_column("hot 🔥", justify="right" if right else "left")
        table.add_column("cold / hurt")
        for row in cells:
            table.add_row(*row)
        return table

    with pytest.MonkeyPatch.context() as monkeypatch:
        drawn = build().plain_lines(output(monkeypatch, columns, tty))
        ours, theirs = both(build, tty=tty)
    assert ours == theirs
    assert (drawn is None) == ("…" in theirs)
