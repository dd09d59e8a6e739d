"""The Onfire track: cold cube, light blue, flat, orange, LV.I, LV.II ('Onfire Track')."""

from __future__ import annotations

from functools import cache

from companion.engine.names import match_prefix
from companion.engine.values import dataclass
from companion.games.hoopers.data import load

FLAT = "flat"
CUBE = "cube"
LV1 = "lv1"
LV2 = "lv2"


@cache
def track() -> tuple[str, ...]:
    return tuple(load("game")["onfire"]["track"])


def label(space: str) -> str:
    return load("game")["onfire"]["labels"][space]


def parse_space(text: str) -> str:
    return match_prefix(text, track(), what="Onfire space")


@dataclass(frozen=True)
class OnfireStep:
    """Where a Position token ends after one move, and what the move earned."""

    space: str
    injury_cube: bool = False  # reached the cold cube
    chip: str | None = None  # "lv2" when LV.II is reached
    fell_back: bool = False  # missed while going for LV.II

    @property
    def at_lv1(self) -> bool:
        """LV.I reached: take the LV.1 chip now, or play on for LV.II."""
        return self.space == LV1


def move(space: str, direction: str) -> OnfireStep:
    """One step right ("up": a made attack) or left ("down": a miss or a block received)."""
    spaces = track()
    if direction == "down" and space == LV1:
        # Going for LV.II, a miss loses all the progress at once.
        return OnfireStep(FLAT, fell_back=True)
    index = spaces.index(space) + (1 if direction == "up" else -1)
    reached = spaces[max(0, min(index, len(spaces) - 1))]
    if reached == CUBE:
        return OnfireStep(FLAT, injury_cube=True)
    if reached == LV2:
        return OnfireStep(FLAT, chip=LV2)
    return OnfireStep(reached)
