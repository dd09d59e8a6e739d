"""Large type for a name across the table: five rows of block letters.

Used where a device passes from hand to hand ("Ben's turn"), so the next
player sees at a glance that the screen is now theirs. Letters the block font
lacks, or a name too wide for the terminal, fall back to a bold framed line.
"""

from __future__ import annotations

from typing import Any

# Each glyph: five rows of equal width; "#" is ink.
GLYPHS: dict[str, tuple[str, ...]] = {
    "A": (" ### ", "#   #", "#####", "#   #", "#   #"),
    "B": ("#### ", "#   #", "#### ", "#   #", "#### "),
    "C": (" ####", "#    ", "#    ", "#    ", " ####"),
    "D": ("#### ", "#   #", "#   #", "#   #", "#### "),
    "E": ("#####", "#    ", "#### ", "#    ", "#####"),
    "F": ("#####", "#    ", "#### ", "#    ", "#    "),
    "G": (" ####", "#    ", "#  ##", "#   #", " ####"),
    "H": ("#   #", "#   #", "#####", "#   #", "#   #"),
    "I": ("###", " # ", " # ", " # ", "###"),
    "J": ("  ###", "   # ", "   # ", "#  # ", " ##  "),
    "K": ("#   #", "#  # ", "###  ", "#  # ", "#   #"),
    "L": ("#    ", "#    ", "#    ", "#    ", "#####"),
    "M": ("#   #", "## ##", "# # #", "#   #", "#   #"),
    "N": ("#   #", "##  #", "# # #", "#  ##", "#   #"),
    "O": (" ### ", "#   #", "#   #", "#   #", " ### "),
    "P": ("#### ", "#   #", "#### ", "#    ", "#    "),
    "Q": (" ### ", "#   #", "# # #", "#  # ", " ## #"),
    "R": ("#### ", "#   #", "#### ", "#  # ", "#   #"),
    "S": (" ####", "#    ", " ### ", "    #", "#### "),
    "T": ("#####", "  #  ", "  #  ", "  #  ", "  #  "),
    "U": ("#   #", "#   #", "#   #", "#   #", " ### "),
    "V": ("#   #", "#   #", "#   #", " # # ", "  #  "),
    "W": ("#   #", "#   #", "# # #", "## ##", "#   #"),
    "X": ("#   #", " # # ", "  #  ", " # # ", "#   #"),
    "Y": ("#   #", " # # ", "  #  ", "  #  ", "  #  "),
    "Z": ("#####", "   # ", "  #  ", " #   ", "#####"),
    "0": (" ### ", "#  ##", "# # #", "##  #", " ### "),
    "1": (" # ", "## ", " # ", " # ", "###"),
    "2": ("#### ", "    #", " ### ", "#    ", "#####"),
    "3": ("#### ", "    #", " ### ", "    #", "#### "),
    "4": ("#   #", "#   #", "#####", "    #", "    #"),
    "5": ("#####", "#    ", "#### ", "    #", "#### "),
    "6": (" ### ", "#    ", "#### ", "#   #", " ### "),
    "7": ("#####", "   # ", "  #  ", " #   ", " #   "),
    "8": (" ### ", "#   #", " ### ", "#   #", " ### "),
    "9": (" ### ", "#   #", " ####", "    #", " ### "),
    " ": ("  ", "  ", "  ", "  ", "  "),
    "'": ("#", "#", " ", " ", " "),
    "-": ("    ", "    ", "####", "    ", "    "),
    ".": (" ", " ", " ", " ", "#"),
    "!": ("#", "#", "#", " ", "#"),
    "?": ("#### ", "    #", "  ## ", "     ", "  #  "),
}
ROWS = 5
INK = "█"


def block_lines(text: str) -> list[str] | None:
    """`text` in block letters (five lines), or None if a letter has no glyph.

    Accents are dropped ("Zoë" in large type reads ZOE)."""
    import unicodedata

    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    glyphs = []
    for char in plain.upper():
        glyph = GLYPHS.get(char)
        if glyph is None:
            return None
        glyphs.append(glyph)
    return [" ".join(g[row] for g in glyphs).replace("#", INK).rstrip() for row in range(ROWS)]


def render_banner(out: Any, text: str, style: str = "bold") -> None:
    """Print `text` in large type on the console `out` (plain bold when it cannot)."""
    from rich.text import Text

    lines = block_lines(text)
    if lines is None or max(map(len, lines)) > out.width:
        from rich.panel import Panel

        out.print(Panel(Text(text.upper(), style=style), expand=False))
        return
    out.print()
    for line in lines:
        out.print(Text(line, style=style))
    out.print()
