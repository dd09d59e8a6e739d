"""The Valley Hoopers dice: the d20 (5, 10, …, 100) and the d8 foul die.

Faces come from this game's `data/dice.toml`; the same face lists give `roll` its
results and `odds` its exact probabilities. `DICE` is what the spec declares to
`companion roll` (`GameSpec.dice`).
"""

from __future__ import annotations

from companion.engine.dice import Die
from companion.games.hoopers.data import load


def _valley_dice() -> tuple[Die, Die]:
    table = load("dice")
    labels = {
        face: f"{label['symbol']} {label['word']}" for face, label in table["d8"]["labels"].items()
    }
    return (
        Die("d20", tuple(table["d20"]["faces"]), about="d20 (5..100)"),
        Die("d8", tuple(table["d8"]["faces"]), about="d8 foul die", labels=labels),
    )


D20, D8 = _valley_dice()
D8_FACE_NAMES: tuple[str, ...] = tuple(dict.fromkeys(D8.faces))  # type: ignore[arg-type]
DICE = (D20, D8)


def parse_d20(value: int) -> int:
    """A d20 result typed by the table (e.g. `--roll 45`)."""
    return int(D20.check(value))


def parse_d8(value: str) -> str:
    """A d8 face typed by the table, by unique prefix (`--face wh` is ambiguous)."""
    from companion.engine.names import match_prefix

    return match_prefix(value, D8_FACE_NAMES, what="foul die face")


def d8_label(face: str) -> str:
    """Symbol and word for a foul die face, so it never relies on colour."""
    return D8.label(face)
