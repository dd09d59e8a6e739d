"""Dice: ordinary dN / NdM, and the named dice the games declare (`GameSpec.dice`).

A game's die has explicit faces (its own TOML); the same face list gives `roll` its
results and the game its exact probabilities. `roll dN` is that game's die when a game
declares a die named `dN`, else an ordinary one.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from companion.engine.errors import BadInput
from companion.engine.values import dataclass

if TYPE_CHECKING:
    from collections.abc import Mapping
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
    about: str = ""  # what `roll --help` and Tab say of a game's die
    labels: Mapping[Face, str] | None = None  # how a face is shown (a symbol and a word)

    def roll(self, rng: Any) -> Face:
        """One face (through `rng.roll`, so a stand-in RNG can answer for a named die)."""
        return rng.roll(self)

    def label(self, face: Face) -> str:
        """How `face` is shown: its label, so it never relies on colour."""
        if self.labels is None:
            return str(face)
        return self.labels.get(face, f"? {face}")

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


def declared() -> dict[str, Die]:
    """Every named die a game declares (`GameSpec.dice`), by name (the first game's wins)."""
    return {die.name: die for dice in by_game().values() for die in reversed(dice)}


def by_game() -> dict[str, tuple[Die, ...]]:
    """Each game's own dice, by the game's title (a name another game took first left out)."""
    from companion import registry
    from companion.engine.spec import load

    taken: set[str] = set()
    found: dict[str, tuple[Die, ...]] = {}
    for game in registry.specs():
        try:
            given = tuple(load(game.dice)) if game.dice else ()
        except Exception as err:  # noqa: BLE001 - a plug-in's mistake costs its dice alone
            registry.warn(game, f"has dice that could not be loaded: {registry.said(err)}")
            continue
        dice = [d for d in given if isinstance(d, Die) and d.name not in taken]
        taken.update(d.name for d in dice)
        if dice:
            found[game.title] = tuple(dice)
    return found


def said(dice: tuple[Die, ...]) -> str:
    return " and ".join(d.name for d in dice)


def plain(sides: int) -> Die:
    return Die(f"d{sides}", tuple(range(1, sides + 1)))


def named_die(name: str) -> Die:
    """The die `roll NAME` rolls: a game's die of that name, else an ordinary dN."""
    found = declared().get(name)
    return found if found is not None else plain(int(name.removeprefix("d")))


@dataclass(frozen=True)
class DiceSpec:
    """What `roll DIE` was asked for: a named die, or `count` ordinary dice."""

    text: str
    die: Die
    count: int = 1  # dice summed per roll; 1 for the named dice
    # A game's die asked for as NdM (`2d8`): rolled `times` times, each face its own result
    # (as `roll dM --count N`), since a game's faces (a word, a 45) are not summed.
    times: int = 1

    @property
    def is_sum(self) -> bool:
        return self.count > 1 or self.die.name.startswith("1d")

    @property
    def note(self) -> str | None:
        """Said beside a plain die, so a plain die is never mistaken for a typo of a game's own."""
        games = by_game()
        if self.is_sum or not games or self.die is declared().get(self.die.name):
            return None
        owned = "; ".join(
            f"the {title} {'dice are' if len(d) > 1 else 'die is'} {said(d)}"
            for title, d in games.items()
        )
        return f"plain {self.text}; {owned}"

    def roll(self, rng: TableRng) -> tuple[Face, tuple[Face, ...]]:
        """One roll: the result (a sum for NdM) and the single dice."""
        parts = tuple(self.die.roll(rng) for _ in range(self.count))
        if self.is_sum:
            return sum(parts), parts  # type: ignore[arg-type]
        return parts[0], parts


_DICE_RE = re.compile(r"^(?P<count>\d*)d(?P<sides>\d+)$")


def parse_dice(text: str) -> DiceSpec:
    """A die a game declares (by its name), `dN`, or `NdM` (N of a game's die when one is
    named `dM`; `1dM` is always the ordinary die, the way to roll one a game has taken)."""
    spec = text.strip().lower()
    own = declared().get(spec)
    if own is not None:  # a game's die, whatever its name
        return DiceSpec(spec, own)
    match = _DICE_RE.match(spec)
    if not match:
        games = "".join(
            f"{', '.join(d.name for d in dice)} ({title}), " for title, dice in by_game().items()
        )
        raise BadInput(f"'{text}' is not a die", hint=f"write {games}dN or NdM, e.g. d6 or 3d6")
    count_text, sides = match["count"], int(match["sides"])
    if not 2 <= sides <= MAX_SIDES:
        raise BadInput(f"'{text}': a die needs 2 to {MAX_SIDES} sides")
    if count_text == "":
        return DiceSpec(spec, named_die(spec))
    count = int(count_text)
    if not 1 <= count <= MAX_DICE:
        raise BadInput(f"'{text}': roll 1 to {MAX_DICE} dice at once")
    own = declared().get(f"d{sides}") if count > 1 else None  # `1d20` stays the plain 1-20
    if own is not None:
        return DiceSpec(own.name, own, times=count)
    return DiceSpec(spec, Die(f"1d{sides}", tuple(range(1, sides + 1))), count)
