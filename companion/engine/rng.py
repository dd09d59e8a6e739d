"""The one source of randomness.

Every random draw in the companion goes through a `TableRng`. With a seed it
is `random.Random(seed)` (Mersenne Twister: the same draws on every machine
and Python version that keeps `random`'s documented reproducibility for
`randrange`, `shuffle` and `choice`). Without one, a fresh seed is drawn from
the operating system's randomness and kept, so even an unseeded match can be
replayed from its log.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from random import Random

    from companion.engine.dice import Die

T = TypeVar("T")

SEED_BITS = 63


def fresh_seed() -> int:
    # os.urandom, not `secrets`: the same OS source without importing hmac/base64.
    return int.from_bytes(os.urandom(8), "big") >> (64 - SEED_BITS)


class TableRng:
    """Injectable randomness: dice, shuffles and draws."""

    _seeded: Random | None = None

    def __init__(self, seed: int | None = None) -> None:
        self.seed = fresh_seed() if seed is None else int(seed)
        self._from: Any = self.seed

    @property
    def _random(self) -> Random:
        # Seeded at the first draw: most moves draw nothing (a roll typed, a score), and
        # importing `random` and seeding it cost a move about 5 M instructions. The same
        # seed gives the same draws, whenever it is made.
        if self._seeded is None:
            import random

            self._seeded = random.Random(self._from)
        return self._seeded

    def randint(self, low: int, high: int) -> int:
        return self._random.randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        return self._random.choice(items)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A uniformly shuffled copy (Fisher–Yates, via `random.shuffle`)."""
        out = list(items)
        self._random.shuffle(out)
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._random.sample(list(items), k)

    def roll(self, die: Die) -> Any:
        """One face of `die`, every face equally likely."""
        return die.faces[self.randint(0, len(die.faces) - 1)]


def step_rng(seed: int, step: int) -> TableRng:
    """The RNG for draw number `step` of a match seeded with `seed`.

    A tracked match keeps one seed; each command that draws randomness uses
    the RNG for the match's current event count, so replaying the log gives
    the same draws whatever order the commands ran in.
    """
    rng = TableRng.__new__(TableRng)
    rng.seed = seed
    rng._from = f"{seed}:{step}"
    return rng
