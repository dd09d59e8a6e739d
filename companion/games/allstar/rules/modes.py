"""How the regular season is drafted: the standard draft and the three two-manager modes."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.names import match_prefix
from companion.games.allstar.data import load
from companion.games.allstar.rules.errors import BadManagers

MODE_NAMES = ("heritage", "duel", "open-market")


@dataclass(frozen=True)
class Draft:
    """The standard draft for 3 to 6 managers (and its shape for two-manager modes)."""

    name: str
    species: int  # Species shuffled into the draw pile (0: two per manager)
    hand: int  # cards dealt to each manager per round (0: none, drawn three at a time)
    rule: str

    def species_count(self, managers: int) -> int:
        return self.species or managers * load("game")["setup"]["species_per_manager"]

    def direction(self, round_no: int) -> str:
        return load("game")["setup"]["directions"][round_no - 1]

    def passing(self, round_no: int, seating: tuple[str, ...]) -> str:
        names = list(seating)
        if self.direction(round_no) == "right":
            names.reverse()
        return " → ".join([*names, names[0]])

    @property
    def chooses_first(self) -> bool:
        return False


@dataclass(frozen=True)
class TwoManagerDraft(Draft):
    """Heritage and Duel: hands go back and forth across the table."""

    def direction(self, round_no: int) -> str:
        return "opponent"

    def passing(self, round_no: int, seating: tuple[str, ...]) -> str:
        return f"{seating[0]} ⇄ {seating[1]}"


@dataclass(frozen=True)
class OpenMarketDraft(TwoManagerDraft):
    """Open Market: no hands; a chooser draws three, and who chooses first alternates."""

    @property
    def chooses_first(self) -> bool:
        return True

    def direction(self, round_no: int) -> str:
        return "open market"


def draft_for(managers: int, mode: str | None) -> Draft:
    """The draft variant for the table; two managers must pick a mode, others may not."""
    low, high = load("game")["setup"]["managers"]
    if not low <= managers <= high:
        raise BadManagers(f"{managers} manager(s): All-Star Draft is for {low} to {high}")
    if managers == 2 and mode is None:
        raise BadManagers(
            "two managers need a mode", hint="add --mode heritage, duel or open-market"
        )
    if mode is None:
        setup = load("game")["setup"]
        return Draft("standard", 0, setup["hand"], "pass the rest of your hand")
    name = match_prefix(mode, MODE_NAMES, what="mode")
    if managers != 2:
        raise BadManagers(f"mode '{name}' is for two managers ({managers} given)")
    data = load("game")["modes"][name]
    kind = OpenMarketDraft if name == "open-market" else TwoManagerDraft
    return kind(name, data["species"], data["hand"], data["draft"])
