"""How long OT Fantasy Draft scoring takes.

Run on demand: .venv/bin/python tests/benchmarks/otdraft_score.py

Goal: `otdraft score` and `otdraft game end` answer in well under a second at the table.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.games.otdraft.rules.best import FULL_SEARCH, find_best  # noqa: E402
from companion.games.otdraft.rules.catalogue import parse_catalogue_text  # noqa: E402
from companion.games.otdraft.rules.scoring import build_team  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[1] / "otdraft" / "fixtures" / "example.toml"

# A deliberately busy team: destroyers, protectors with and without `choose`,
# two silencers and a per-destroyed bonus (which turns off the protect-more shortcut).
BUSY = """
[[cards]]
name = "Famine"
category = "Thing"
points = 5
rules = [ { destroy = ["trait:Man", "trait:Woman", "trait:Animal"] }, { per_destroyed = 1 } ]
[[cards]]
name = "Flood"
category = "Thing"
points = 4
rules = [ { destroy = ["category:Regular", "category:Leader"] } ]
[[cards]]
name = "Ark"
category = "Thing"
points = 3
rules = [ { protect = ["trait:Animal", "trait:Man"] } ]
[[cards]]
name = "Jonah"
category = "Prophet"
points = 6
traits = ["Man"]
rules = [ { protect = ["trait:Man", "trait:Woman"], from = ["Famine"] } ]
[[cards]]
name = "Elijah"
category = "Prophet"
points = 6
traits = ["Man"]
rules = [ { protect = ["category:Leader", "category:Regular"], choose = 2 } ]
[[cards]]
name = "Silence1"
category = "Regular"
points = 2
rules = [ { silence = ["category:Thing", "category:Prophet"], choose = 1 } ]
[[cards]]
name = "Silence2"
category = "Location"
points = 2
rules = [ { silence = ["category:Thing"], choose = 1 } ]
[[cards]]
name = "Ruth"
category = "Leader"
points = 7
traits = ["Woman"]
rules = [ { each = "trait:Man", points = 2 } ]
[[cards]]
name = "Lamb"
category = "Regular"
points = 4
traits = ["Animal"]
rules = [ { leftover = 1 } ]
"""


def timed(label: str, action, repeat: int = 5) -> None:
    best = float("inf")
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        best = min(best, time.perf_counter() - start)
    print(f"{label:<58} {best * 1000:8.1f} ms  (tried {result.tried}, total {result.best.total})")


def main() -> None:
    example = parse_catalogue_text(EXAMPLE.read_text(), "example.toml")
    team = build_team(
        example, ["Jonah", "Music", "Saul", "David", "Snake", "Famine", "Adam"], "Isaac"
    )
    timed("rulebook example, 8 cards, every choice open", lambda: find_best(team))
    busy = parse_catalogue_text(BUSY, "busy")
    busy_team = list(busy.cards)
    timed(f"busy 9-card team (full search limit {FULL_SEARCH})", lambda: find_best(busy_team))
    start = time.perf_counter()
    for _ in range(5):
        find_best(team)
    elapsed = (time.perf_counter() - start) * 1000
    print(f"{'game end for 5 teams like the example':<58} {elapsed:8.1f} ms")


if __name__ == "__main__":
    main()
