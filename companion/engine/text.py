"""Text from users or files made harmless for a terminal: the one filter every layer uses.

The store writes warnings, the faces print names; both go through `safe`, so a name can
never drive the terminal whoever prints it.
"""

from __future__ import annotations

import re

# Characters that can move a terminal's cursor, retitle its window, hide or reorder
# text, or that no terminal can print (lone surrogates).
_CONTROL = "[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
_CONTROL_OR_NEWLINE = "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"


def _escaped(match: re.Match[str]) -> str:
    return repr(match.group())[1:-1]


def safe(text: object, newlines: bool = False) -> str:
    """Text from users or files made harmless for a terminal: control characters escaped.

    `newlines`: keep line breaks (for whole blocks of output); otherwise they are escaped too.
    """
    text = str(text)
    if text.isprintable():
        return text
    # Compiled only when needed: most text is printable, and start-up counts.
    return re.sub(_CONTROL if newlines else _CONTROL_OR_NEWLINE, _escaped, text)
