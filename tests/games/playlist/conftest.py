"""Cards for the playlist tests.

The rulebook names the songs of its examples but not their icons, so the
icons below are assumptions chosen to match what the examples say: "Let It
Be" shares an icon with each neighbour, "Blowin' in the Wind" and "November
Rain" share none, and "Out of Space" and "Dancing Queen" share none.
"""

from __future__ import annotations

DYLAN = "country/1/guitar+storytelling+acoustic+love/Blowin' in the Wind"
BEATLES = "pop/2/piano+love+ballad+B/Let It Be"
GUNS = "rock/2/electric-guitar+piano+ballad+sad/November Rain"
PRODIGY = "pop/1/synthesizer+drums+alternative/Out of Space"
ABBA = "pop/2/dancing+feel-good+love/Dancing Queen"
