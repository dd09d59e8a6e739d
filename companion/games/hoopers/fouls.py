"""The foul die read for each action, from the summary table in data/hoopers_fouls.toml."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.data import load
from companion.engine.dice import D8_FACE_NAMES
from companion.engine.names import match_prefix
from companion.games.hoopers.errors import NotAllowedHere

FOUL_ACTIONS = ("screen", "steal", "intercept", "rebound", "d2", "d3", "dlu", "block")


@cache
def foul_table() -> dict[str, Any]:
    return load("hoopers_fouls")


def parse_action(text: str) -> str:
    return match_prefix(text, FOUL_ACTIONS, what="foul die action")


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

    @property
    def foul(self) -> bool:
        return self.effect in ("foul", "charging")

    @property
    def jump_ball(self) -> bool:
        return self.reads_as == "jump-ball" and not self.foul

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
    """
    if (keepers_block or linda) and action != "block":
        option = "--keepers-block" if keepers_block else "--linda"
        raise NotAllowedHere(f"{option} applies to a block, not to {action}")
    if face is None:
        not_rolled = "The foul die is not rolled."
        return FoulReading(action, None, None, "none", 0, False, not_rolled, None)
    if face not in D8_FACE_NAMES:
        raise NotAllowedHere(f"'{face}' is not a foul die face")
    reads_as = face
    if linda and face == "whistle":
        # Her skill says she commits no foul on this face, so it reads as the
        # jump ball of the base table even inside a Keepers block.
        reads_as = "jump-ball"
    effect, bonus = _effect(action, reads_as)
    if keepers_block and face == "jump-ball":
        effect, bonus = "foul", 0
    entry = foul_table()[action]
    flagrant = (
        flagrant_whistle and face == "whistle" and entry["by"] == "defender" and action != "block"
    )
    if flagrant:
        effect, bonus = "foul", 0
    if no_foul_bonus:
        bonus = 0
    outcome = entry["outcomes"].get(effect, entry["outcomes"]["none"])
    if flagrant:
        outcome = (
            "Flagrant foul on the second use of an Unleashed card: two free throws, "
            "then a new action from F2 without moving the turn token."
        )
    by = None
    if effect == "foul":
        by = entry["by"]
    elif effect == "charging":
        by = "attacker"
    return FoulReading(action, face, reads_as, effect, bonus, flagrant, outcome, by)
