"""Arena cards: a Supporter row by rank and the icons that change how it scores."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.engine.names import match_prefix
from companion.games.allstar.rules.errors import BadArena

RULES = ("unusual", "no-two-managers", "straight", "full-house", "rainbow")
COMBO_RULES = ("straight", "full-house", "rainbow")


@dataclass(frozen=True)
class Arena:
    name: str
    points: tuple[int, ...]  # Supporters for 1st, 2nd, …
    rules: frozenset[str] = frozenset()

    def __deepcopy__(self, memo: dict[int, Any]) -> Arena:
        return self  # immutable all through (see Card.__deepcopy__)

    @property
    def combos(self) -> frozenset[str]:
        return self.rules & frozenset(COMBO_RULES)

    def points_for(self, rank: int) -> int:
        return self.points[rank - 1]

    def check_row(self, managers: int) -> None:
        if len(self.points) < managers:
            raise BadArena(
                f"arena '{self.name}' pays {len(self.points)} places "
                f"({','.join(map(str, self.points))}) but {managers} managers play"
            )

    def short_of(self, managers: int) -> bool:
        """True when the row was entered for fewer managers than play now (`13,10,7` for 4)."""
        return len(self.points) < managers

    def extended(self, typed: tuple[int, ...], managers: int) -> Arena:
        """This arena paying `managers` places: `typed` is its missing places or a whole row.

        The card prints a place per manager; a row entered on a 3-manager evening lacks the
        4th, so the table gives only what is missing (or retypes the row to correct it).
        """
        row = self.points + typed if len(typed) == managers - len(self.points) else typed
        arena = Arena(self.name, row, self.rules)
        arena.check_row(managers)
        return arena

    def check_removed(self, managers: int) -> None:
        """Two-manager Setup removes the Arenas with the "remove for two Managers" icon."""
        if managers == 2 and "no-two-managers" in self.rules:
            raise BadArena(f"arena '{self.name}' is removed in two-manager games")

    def check_playable(self, managers: int) -> None:
        """Refuse an arena the table may not play with `managers` managers.

        Two-manager Setup: "Put back in the box the Arenas that are not playable with two
        Managers (the ones with the "remove for two Managers" icon)". Also: one place per
        manager in the Supporter row. The season, guided play and `allstar rank` ask this.
        """
        self.check_removed(managers)
        self.check_row(managers)

    def to_doc(self) -> dict[str, Any]:
        return {"name": self.name, "points": list(self.points), "rules": sorted(self.rules)}


def arena_from_doc(doc: Mapping[str, Any]) -> Arena:
    return Arena(doc["name"], tuple(doc["points"]), frozenset(doc.get("rules", ())))


def parse_points(text: str, what: str = "Supporter row") -> tuple[int, ...]:
    """`13,10,7,5`: Supporters for 1st, 2nd, … place."""
    parts = [p.strip() for p in text.replace(" ", ",").split(",") if p.strip()]
    if not parts or not all(p.isdigit() for p in parts):
        raise BadArena(f"{what} '{text}' is not whole numbers like 13,10,7,5")
    if len(parts) > 6:
        raise BadArena(f"{what} '{text}' has {len(parts)} places; at most 6 managers play")
    return tuple(int(p) for p in parts)


def parse_rules(typed: Iterable[str]) -> frozenset[str]:
    words = [w.strip() for chunk in typed for w in chunk.split(",") if w.strip()]
    return frozenset(match_prefix(w, RULES, what="arena rule") for w in words)


def find_arena(typed: str, catalogue: Mapping[str, Mapping[str, Any]]) -> Arena | None:
    """The catalogue arena `typed` names, or None when it names none (ambiguity raises)."""
    key = typed.strip().casefold()
    names = list(catalogue)
    if not any(n.casefold().startswith(key) for n in names):
        return None
    return arena_from_doc(catalogue[match_prefix(typed, names, what="arena")])
