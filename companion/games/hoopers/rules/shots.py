"""Shots: 2PS, 3PS and lay-up, contested or not ('Turn Sequence: Resolve your attack')."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from typing import TYPE_CHECKING, Any

from companion.engine.names import match_prefix
from companion.engine.values import dataclass
from companion.games.hoopers.data import words
from companion.games.hoopers.rules.dice import D8, parse_d8
from companion.games.hoopers.rules.errors import NotAllowedHere
from companion.games.hoopers.rules.fouls import FoulReading, read_foul_die
from companion.games.hoopers.rules.free_throws import (
    AUTO_SCORE,
    FreeThrow,
    cannot_hit,
    d20_result,
    resolve_free_throws,
)
from companion.games.hoopers.rules.stats import check_bonus, check_stat

if TYPE_CHECKING:
    from companion.engine.rng import TableRng

SHOT_KINDS = words("shots")
POINTS = {"2ps": 2, "3ps": 3, "lup": 2}
DEFENSE_FOR = {"2ps": "d2", "3ps": "d3", "lup": "dlu"}
# Free throws after a defensive foul on a missed shot; a made shot always earns one.
FREE_THROWS_IF_MISSED = {"2ps": 2, "3ps": 3, "lup": 2}
FLAGRANT_FREE_THROWS = 2


def parse_kind(text: str) -> str:
    return match_prefix(text, SHOT_KINDS, what="shot kind")


@dataclass(frozen=True)
class ShotSpec:
    """Everything the table knows before the dice: the cards and the options."""

    kind: str
    stat: int
    bonuses: tuple[int, ...] = ()
    defense: int | None = None  # the defender's D2/D3/DLU; given = contested
    ft_stat: int | None = None  # the shooter's 2PS
    away: bool = False  # Series away side: free throws without the +15
    flagrant_whistle: bool = False
    no_foul_bonus: bool = False
    linda: bool = False  # the defender is Linda Siempre (her whistle is no foul)
    # Injury markers and Out of position (`companion.games.hoopers.rules.modifiers`): taken off
    # the printed attack stats (the free throws' 2PS too) and the defender's stat.
    attack_malus: int = 0
    defense_malus: int = 0
    # The defence card when it is not the one matching the attack (Edd Trapp's DLU on a
    # 3PS): its foul die table is read.
    defense_card: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in SHOT_KINDS:
            raise NotAllowedHere(f"'{self.kind}' is not a shot kind ({', '.join(SHOT_KINDS)})")
        check_stat(self.stat, "--stat")
        check_stat(self.defense, "--defense")
        check_stat(self.ft_stat, "--ft-stat")
        for bonus in self.bonuses:
            check_bonus(bonus)

    @property
    def free_throw_stat(self) -> int | None:
        """The 2PS free throws use; a 2PS shot's own stat when not given."""
        if self.ft_stat is not None:
            return max(0, self.ft_stat + self.attack_malus)
        return self.attack_stat if self.kind == "2ps" else None

    @property
    def attack_stat(self) -> int:
        """The shot's stat after its maluses (never below 0)."""
        return max(0, self.stat + self.attack_malus)

    @property
    def defense_stat(self) -> int | None:
        return None if self.defense is None else max(0, self.defense + self.defense_malus)

    @property
    def attack(self) -> int:
        return self.attack_stat + sum(self.bonuses)

    def target(self, defense_bonus: int = 0) -> int:
        if self.defense_stat is None:
            return self.attack
        return self.attack - (self.defense_stat + defense_bonus)

    def read_face(self, face: str) -> FoulReading:
        return read_foul_die(
            self.defense_card or DEFENSE_FOR[self.kind],
            face,
            flagrant_whistle=self.flagrant_whistle,
            no_foul_bonus=self.no_foul_bonus,
            linda=self.linda,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "stat": self.stat,
            "bonuses": list(self.bonuses),
            "defense": self.defense,
            "ft_stat": self.ft_stat,
            "away": self.away,
            "flagrant_whistle": self.flagrant_whistle,
            "no_foul_bonus": self.no_foul_bonus,
            "linda": self.linda,
            **({"attack_malus": self.attack_malus} if self.attack_malus else {}),
            **({"defense_malus": self.defense_malus} if self.defense_malus else {}),
            **({"defense_card": self.defense_card} if self.defense_card else {}),
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> ShotSpec:
        return cls(**{**doc, "bonuses": tuple(doc.get("bonuses", ()))})


@dataclass(frozen=True)
class ShotOutcome:
    """A shot resolved: its foul die, target, roll, points and free throws."""

    spec: ShotSpec
    reading: FoulReading | None  # None: uncontested, no foul die
    target: int | None  # None when no shot is taken (charging, flagrant foul)
    roll: int | None
    scored: bool
    free_throws: tuple[FreeThrow, ...] = field(default=())

    @property
    def face(self) -> str | None:
        return self.reading.face if self.reading else None

    @property
    def foul(self) -> bool:
        return bool(self.reading and self.reading.foul)

    @property
    def charging(self) -> bool:
        return bool(self.reading and self.reading.charging)

    @property
    def flagrant(self) -> bool:
        return bool(self.reading and self.reading.flagrant)

    @property
    def defense_bonus(self) -> int:
        return self.reading.defense_bonus if self.reading else 0

    @property
    def attacker_injury_cube(self) -> bool:
        """Linda Siempre's whistle: no foul, but the shooter takes a white cube."""
        return bool(self.reading and self.reading.attacker_injury_cube)

    @property
    def auto(self) -> bool:
        return self.target is not None and self.target >= AUTO_SCORE

    @property
    def shot_taken(self) -> bool:
        return self.target is not None

    @property
    def points(self) -> int:
        return POINTS[self.spec.kind] if self.scored else 0

    @property
    def free_throw_points(self) -> int:
        return sum(1 for ft in self.free_throws if ft.made)

    @property
    def total_points(self) -> int:
        return self.points + self.free_throw_points

    @property
    def onfire(self) -> str | None:
        """Onfire move: a made attack steps right, a missed one left.

        After any foul the track moves only for a made attack ('Onfire' NOTE).
        """
        if self.scored:
            return "up"
        if not self.shot_taken or self.foul:
            return None
        return "down"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.spec.kind,
            "target": self.target,
            "roll": self.roll,
            "auto": self.auto,
            "scored": self.scored,
            "points": self.points,
            "face": self.face,
            "foul": self.foul,
            "defense_bonus": self.defense_bonus,
            "charging": self.charging,
            "flagrant": self.flagrant,
            "free_throws": [ft.to_json() for ft in self.free_throws],
            "total_points": self.total_points,
            "onfire": self.onfire,
            "outcome": self.reading.outcome if self.reading else "Uncontested: no foul die.",
            **({"linda": True, "attacker_injury_cube": True} if self.attacker_injury_cube else {}),
        }


def resolve_shot(
    spec: ShotSpec,
    *,
    face: str | None = None,
    roll: int | None = None,
    ft_rolls: Sequence[int] = (),
    rng: TableRng | None = None,
) -> ShotOutcome:
    """Resolve an attack: foul die (when defended), d20, free throws.

    Values the table rolled are used as given; the rest are drawn from `rng`
    in the order foul die, d20, free throws.
    """
    reading = None
    if spec.defense is None:
        if face is not None:
            raise NotAllowedHere(
                f"foul die face '{face}' given but the shot is not defended (no --defense)"
            )
    else:
        if face is None:
            if rng is None:
                raise NotAllowedHere("a defended shot needs the foul die (--face)")
            face = rng.roll(D8)
        reading = spec.read_face(parse_d8(face))

    if reading is not None and reading.charging:
        return ShotOutcome(spec, reading, None, None, False)
    if reading is not None and reading.flagrant:
        fts = resolve_free_throws(
            FLAGRANT_FREE_THROWS, spec.free_throw_stat, away=spec.away, rolls=ft_rolls, rng=rng
        )
        return ShotOutcome(spec, reading, None, None, False, fts)

    target = spec.target(reading.defense_bonus if reading else 0)
    if target >= AUTO_SCORE:
        shot_roll, scored = None, True
    elif cannot_hit(target, roll):
        shot_roll, scored = None, False
    else:
        shot_roll = d20_result(roll, rng, "shot")
        scored = shot_roll <= target
    fts: tuple[FreeThrow, ...] = ()
    if reading is not None and reading.foul:
        count = 1 if scored else FREE_THROWS_IF_MISSED[spec.kind]
        fts = resolve_free_throws(
            count, spec.free_throw_stat, away=spec.away, rolls=ft_rolls, rng=rng
        )
    elif ft_rolls:
        raise NotAllowedHere(
            f"free throw rolls given ({', '.join(map(str, ft_rolls))}) but no foul was committed"
        )
    return ShotOutcome(spec, reading, target, shot_roll, scored, fts)
