"""A link as a QR code: in half-block characters for a terminal, or as an SVG image for the
room's board (segno, imported on use).

Both draw the same code: error correction L, the lowest, which a phone reads off a screen
(nothing smudges a screen as it does print); segno raises it only where that takes no more
modules. The fewer modules, the bigger each one is drawn, and the farther a phone reads it.
"""

from __future__ import annotations

from typing import IO, Any

QUIET = 4  # modules of light border the QR standard asks for all round (the web page's)
# A terminal's: two modules, drawn in light blocks. A phone's reader finds the code with
# two, and the two saved each side let a code of version 14 (73 modules) fit 80 columns.
TERMINAL_QUIET = 2
# The room's board draws the code in min(50vh, 90vw) of the screen (scoreboard.html): at
# most this many modules, border included, keep each one 6 px or more on a 1080p screen —
# a code 20 cm across on a 32-inch screen, which a phone reads from two metres (about ten
# times the code's width).
ROOM_MODULES = 90


def make(url: str) -> Any:
    import segno

    return segno.make(url, error="l", boost_error=True, micro=False)


def terminal_lines(url: str) -> list[str]:
    """The code in half-block characters, two modules a line: light modules are drawn as
    blocks (a terminal's background is dark more often than not, and a reader wants dark
    modules on light), with a quiet zone of TERMINAL_QUIET modules all round."""
    code = make(url)
    rows = [list(row) for row in code.matrix_iter(scale=1, border=TERMINAL_QUIET)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))  # the bottom half of the last line: light
    blocks = {(0, 0): "█", (0, 1): "▀", (1, 0): "▄", (1, 1): " "}
    return [
        "".join(blocks[bool(a), bool(b)] for a, b in zip(top, bottom, strict=True))
        for top, bottom in zip(rows[::2], rows[1::2], strict=True)
    ]


def draw_qr(
    url: str, out: IO[str] | None = None, columns: int | None = None, too_wide: str = ""
) -> bool:
    """Draw the code of `url` on `out` (stdout) if it fits in `columns` (None: any width);
    else write `too_wide` as one line (when given). True when drawn."""
    import sys

    out = out or sys.stdout
    lines = terminal_lines(url)
    if columns is not None and len(lines[0]) > columns:
        if too_wide:
            out.write(too_wide.format(width=len(lines[0])) + "\n")
        return False
    out.write("\n".join(lines) + "\n")
    return True


def qr_svg(url: str) -> str:
    """The same code as an SVG image (for a web page): black modules on white, inside the
    four-module light border a phone's reader needs (the board's background is dark)."""
    import io

    buffer = io.BytesIO()
    make(url).save(
        buffer, kind="svg", scale=4, border=QUIET, dark="#000", light="#fff", xmldecl=False
    )
    return buffer.getvalue().decode("utf-8")


def qr_data_uri(url: str) -> str:
    """`qr_svg` as a data URI, for an <img> on a page."""
    import base64

    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(url).encode()).decode()
