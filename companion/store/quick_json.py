"""Decoding the big caches the companion writes itself (an archive file's summaries, the
stats' partials): orjson when it decodes the text as json does, else json itself.

A club's 100,000 matches are 43-50 MB of summaries, which `json.loads` decodes in about
1.1 s and orjson in about 0.6 s; the warmup after a big import (companion.history.warmup)
and the first `history stats` after a change read all of them. orjson refuses a few texts
json takes (NaN and Infinity, a lone surrogate's escape, a byte order mark, UTF-16): those
are decoded by json. It takes one kind json reads otherwise: an integer beyond 64 bits
(above 2**64 - 1 or below -2**63) it makes a float. A text that may hold one (a run of 20
digits, or of 19 after a minus sign: about 0.1 s over 50 MB) is decoded by json too, so
the values are json's in every case.
"""

from __future__ import annotations

import json
from typing import Any

# Every digit kept as "0" and every minus sign as "-", the rest made a space: a run of
# digits long enough to be an integer beyond 64 bits is then found by a plain search.
_DIGITS = bytes(48 if 48 <= i <= 57 else 45 if i == 45 else 32 for i in range(256))
_LONG = b"0" * 20
_LONG_NEGATIVE = b"-" + b"0" * 19


def loads(text: bytes | str) -> Any:
    """`json.loads(text)`, decoded by orjson when that gives the same (module docstring)."""
    try:
        import orjson
    except ImportError:  # (a dependency; a broken install still reads)
        return json.loads(text)
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    shape = data.translate(_DIGITS)
    if _LONG in shape or _LONG_NEGATIVE in shape:
        return json.loads(text)
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
