"""Dice: the Valley Hoopers d20 and d8, and ordinary dN / NdM.

Faces come from `companion/data/dice.toml`; the same face lists give `roll`
its results and `odds` its exact probabilities.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.data import load
from companion.engine.errors import BadInput

if TYPE_CHECKING:
    from fractions import Fraction

    from companion.engine.rng import TableRng

MAX_SIDES = 1000
MAX_DICE = 100

Face = int | str


@dataclass(frozen=True)
class Die:
    """A die with explicit faces; every face equally likely."""

    name: str
    faces: tuple[Face, ...]

    def roll(self, rng: TableRng) -> Face:
        return self.faces[rng.randint(0, len(self.faces) - 1)]

    def probability(self, face: Face) -> Fraction:
        from fractions import Fraction

        return Fraction(self.faces.count(face), len(self.faces))

    def distribution(self) -> dict[Face, Fraction]:
        from fractions import Fraction

        counts = Counter(self.faces)
        return {face: Fraction(n, len(self.faces)) for face, n in counts.items()}

    def check(self, face: Face) -> Face:
        """Return `face` if this die has it, else raise BadInput."""
        if face in self.faces:
            return face
        shown = ", ".join(str(f) for f in dict.fromkeys(self.faces))
        raise BadInput(f"{face} is not a face of the {self.name} ({shown})")


def _valley_dice() -> tuple[Die, Die]:
    table = load("dice")
    return (
        Die("d20", tuple(table["d20"]["faces"])),
        Die("d8", tuple(table["d8"]["faces"])),
    )


D20, D8 = _valley_dice()
D8_FACE_NAMES: tuple[str, ...] = tuple(dict.fromkeys(D8.faces))  # type: ignore[arg-type]


def parse_d20(value: int) -> int:
    """A d20 result typed by the table (e.g. `--roll 45`)."""
    return int(D20.check(value))


def parse_d8(value: str) -> str:
    """A d8 face typed by the table, by unique prefix (`--face wh` is ambiguous)."""
    from companion.engine.names import match_prefix

    return match_prefix(value, D8_FACE_NAMES, what="foul die face")


def d8_label(face: str) -> str:
    """Symbol and word for a foul die face, so it never relies on colour."""
    label = load("dice")["d8"]["labels"].get(face, {"symbol": "?", "word": face})
    return f"{label['symbol']} {label['word']}"


@dataclass(frozen=True)
class DiceSpec:
    """What `roll DIE` was asked for: a named die, or `count` ordinary dice."""

    text: str
    die: Die
    count: int = 1  # dice summed per roll; 1 for the named dice

    @property
    def is_sum(self) -> bool:
        return self.count > 1 or self.die.name.startswith("1d")

    @property
    def note(self) -> str | None:
        """Said beside a plain die, so `d21` is never mistaken for a typo of `d20`."""
        if self.die in (D20, D8) or self.is_sum:
            return None
        return f"plain {self.text}; the Valley Hoopers dice are d20 and d8"

    def roll(self, rng: TableRng) -> tuple[Face, tuple[Face, ...]]:
        """One roll: the result (a sum for NdM) and the single dice."""
        parts = tuple(self.die.roll(rng) for _ in range(self.count))
        if self.is_sum:
            return sum(parts), parts  # type: ignore[arg-type]
        return parts[0], parts


_DICE_RE = re.compile(r"^(?P<count>\d*)d(?P<sides>\d+)$")


def parse_dice(text: str) -> DiceSpec:
    """`d20`, `d8` (the Valley Hoopers dice), `dN`, or `NdM`."""
    spec = text.strip().lower()
    match = _DICE_RE.match(spec)
    if not match:
        raise BadInput(
            f"'{text}' is not a die",
            hint="write d20, d8 (Valley Hoopers), dN or NdM, e.g. d6 or 3d6",
        )
    count_text, sides = match["count"], int(match["sides"])
    if not 2 <= sides <= MAX_SIDES:
        raise BadInput(f"'{text}': a die needs 2 to {MAX_SIDES} sides")
    if count_text == "":
        if sides == 20:
            return DiceSpec(spec, D20)
        if sides == 8:
            return DiceSpec(spec, D8)
        return DiceSpec(spec, Die(spec, tuple(range(1, sides + 1))))
    count = int(count_text)
    if not 1 <= count <= MAX_DICE:
        raise BadInput(f"'{text}': roll 1 to {MAX_DICE} dice at once")
    return DiceSpec(spec, Die(f"1d{sides}", tuple(range(1, sides + 1))), count)
