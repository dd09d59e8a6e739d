"""The foul die read for each action, from the summary table in games/hoopers/data/fouls.toml."""

from __future__ import annotations

from functools import cache
from typing import Any

from companion.engine.names import match_prefix
from companion.engine.values import dataclass
from companion.games.hoopers.data import load
from companion.games.hoopers.rules.dice import D8_FACE_NAMES
from companion.games.hoopers.rules.errors import NotAllowedHere

DEFENCES = ("d2", "d3", "dlu")
# Linda Siempre "rolls this face on the foul die when defending": a defence or her block.
LINDA_ACTIONS = (*DEFENCES, "block")
LINDA_FACE = "whistle"


@cache
def foul_table() -> dict[str, Any]:
    return load("fouls")


def parse_action(text: str) -> str:
    # the foul die's actions, as fouls.toml lists them (read when first asked: a shot that
    # rolls no foul die does not parse its table)
    return match_prefix(text, tuple(foul_table()), what="foul die action")


@dataclass(frozen=True)
class FoulReading:
    """What one foul die face means for one action."""

    action: str
    face: str | None  # None: the die was not rolled (e.g. Manny Gentle)
    reads_as: str | None  # the face whose effect applies (Linda's whistle reads as jump ball)
    effect: str  # foul, charging, jump-ball, restart-f2, restart-a, none
    defense_bonus: int
    flagrant: bool
    outcome: str
    by: str | None
    # Linda Siempre's skill: no foul on her whistle, and the attacker takes the white cube.
    linda: bool = False

    @property
    def attacker_injury_cube(self) -> bool:
        """The attacker receives an injury cube without any foul (Linda Siempre)."""
        return self.linda

    @property
    def foul(self) -> bool:
        return self.effect in ("foul", "charging")

    @property
    def jump_ball(self) -> bool:
        """The face's jump ball applies: only on a counter ('Foul: Summary Table' gives the
        jump ball a meaning for the steal, the intercept and the rebound); on a defence, a
        screen or a block the face is read by the table's own effect."""
        return self.effect == "jump-ball"

    @property
    def charging(self) -> bool:
        return self.effect == "charging"

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "face": self.face,
            "foul": self.foul,
            "by": self.by,
            "defense_bonus": self.defense_bonus,
            "jump_ball": self.jump_ball,
            "charging": self.charging,
            "flagrant": self.flagrant,
            "outcome": self.outcome,
            **({"linda": True, "attacker_injury_cube": True} if self.linda else {}),
        }


def _effect(action: str, face: str) -> tuple[str, int]:
    raw = foul_table()[action]["faces"].get(face, "none")
    if raw.startswith("foul+"):
        return "foul", int(raw.removeprefix("foul+"))
    return raw, 0


def read_foul_die(
    action: str,
    face: str | None,
    *,
    keepers_block: bool = False,
    linda: bool = False,
    flagrant_whistle: bool = False,
    no_foul_bonus: bool = False,
) -> FoulReading:
    """Read `face` for `action` as in 'Foul: Summary Table'.

    `face=None` means the die is not rolled at all (Manny Gentle's counters).
    `linda`: Linda Siempre defends (a D2/D3/DLU or her block): on the whistle
    she commits no foul but gains its bonus, and the attacker takes a white cube.
    `flagrant_whistle`: a counter or defence against the second use of a card
    under the Unleashed power, where the whistle is a flagrant foul.
    """
    if keepers_block and action != "block":
        raise NotAllowedHere(f"--keepers-block applies to a block, not to {action}")
    if linda and action not in LINDA_ACTIONS:
        raise NotAllowedHere(
            f"--linda applies to a block or a defence (d2, d3, dlu), not to {action}: "
            "Linda Siempre's skill works 'when defending'"
        )
    entry = foul_table()[action]
    if flagrant_whistle and (entry["by"] != "defender" or action == "block"):
        why = (
            "a block's whistle is already a foul"
            if action == "block"
            else (f"the {entry['label']} is the attacker's own action, not a counter or defence")
        )
        raise NotAllowedHere(f"--flagrant-whistle does not apply to {action}: {why}")
    if face is None:
        not_rolled = "The foul die is not rolled."
        return FoulReading(action, None, None, "none", 0, False, not_rolled, None)
    if face not in D8_FACE_NAMES:
        raise NotAllowedHere(f"'{face}' is not a foul die face")
    reads_as = face
    skill = linda and face == LINDA_FACE
    if skill and action == "block":
        # Her skill says she commits no foul on this face, so it reads as the
        # jump ball of the base table even inside a Keepers block.
        reads_as = "jump-ball"
    effect, bonus = _effect(action, reads_as)
    if skill and action != "block":
        # "she does not commit a foul, but she gains the foul bonus releated."
        effect = "none"
    if keepers_block and face == "jump-ball":
        effect, bonus = "foul", 0
    flagrant = flagrant_whistle and face == "whistle" and not skill
    if flagrant:
        effect, bonus = "foul", 0
    if no_foul_bonus and effect == "foul":
        bonus = 0
    outcome = entry["outcomes"].get(effect, entry["outcomes"]["none"])
    if flagrant:
        outcome = (
            "Flagrant foul on the second use of an Unleashed card: two free throws, "
            "then a new action from F2 without moving the turn token."
        )
    if skill:
        gain = f"she gains the whistle's +{bonus} and " if bonus else ""
        outcome = (
            f"Linda Siempre does not commit a foul: {gain}the attacker receives "
            f"the injury (white) cube. {outcome}"
        )
    by = None
    if effect == "foul":
        by = entry["by"]
    elif effect == "charging":
        by = "attacker"
    return FoulReading(action, face, reads_as, effect, bonus, flagrant, outcome, by, skill)
