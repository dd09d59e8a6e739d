"""Susan Peg, The Series' extra hooper, and her personal skill.

"Susan Peg's personal skill: If Susan Peg does not commit a foul during an
Offensive Rebound attempt, then she rolls the d20 die directly performing a
Lay-up by using her V stat. It can't be defended."

Her offensive rebound rolls the foul die as any other (the whistle face is her
offensive foul). Any other face — the jump ball too, which is no foul — and
the rebound's d20 is not rolled: the d20 is her lay-up, against her V stat,
undefended; made, it scores as a lay-up; missed, the defence takes the ball.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engine.values import dataclass
from companion.games.hoopers.rules.counters import TEAM_FOUL_FREE_THROWS, TEAM_FOUL_LIMIT
from companion.games.hoopers.rules.dice import D8, parse_d8
from companion.games.hoopers.rules.errors import MissingInput
from companion.games.hoopers.rules.fouls import FoulReading, read_foul_die
from companion.games.hoopers.rules.free_throws import AUTO_SCORE, d20_result
from companion.games.hoopers.rules.shots import POINTS
from companion.games.hoopers.rules.stats import check_stat

if TYPE_CHECKING:
    from companion.engine.rng import TableRng

SUSAN_PEG = "Susan Peg"
LAY_UP = "lup"
LAY_UP_POINTS = POINTS[LAY_UP]


@dataclass(frozen=True)
class SusanPegRebound:
    """Her offensive rebound: the foul die, then (no foul) her undefended lay-up."""

    v: int
    reading: FoulReading
    roll: int | None  # None: she fouled, or V ≥ 100 scores without a roll
    scored: bool
    team_fouls: int = 0  # her team's fouls this period before this one

    @property
    def foul(self) -> bool:
        return self.reading.foul

    @property
    def flagrant(self) -> bool:
        """Her rebound is her own side's counter: never the Unleashed flagrant whistle."""
        return False

    @property
    def success(self) -> bool:
        """As a counter: the attack goes on (here: it scored)."""
        return self.scored

    @property
    def target(self) -> int | None:
        return None if self.foul else self.v

    @property
    def points(self) -> int:
        return LAY_UP_POINTS if self.scored else 0

    @property
    def free_throws(self) -> int:
        """The opponent's free throws for her foul from the team's third foul on."""
        return TEAM_FOUL_FREE_THROWS if self.foul and self.team_fouls >= TEAM_FOUL_LIMIT else 0

    @property
    def consequence(self) -> str:
        if self.foul:
            text = self.reading.outcome
            if self.free_throws:
                text += (
                    f" Team foul no. {self.team_fouls + 1}: the opponent also shoots "
                    f"{self.free_throws} free throws."
                )
            return text
        if self.scored:
            return (
                f"Susan Peg's lay-up scores {LAY_UP_POINTS} points (it cannot be defended); "
                "the attacking turn ends."
            )
        return "Susan Peg's lay-up misses: the defence takes the ball; the attacking turn ends."

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "rebound",
            "susan_peg": True,
            "stat": None if self.foul else "v",
            "target": self.target,
            "roll": self.roll,
            "auto": not self.foul and self.v >= AUTO_SCORE,
            "face": self.reading.face,
            "foul": self.foul,
            "by": self.reading.by,
            "jump_ball": self.reading.jump_ball,
            "success": self.success,
            "scored": self.scored,
            "points": self.points,
            "free_throws": self.free_throws,
            "free_throws_to": "defender" if self.free_throws else None,
            "consequence": self.consequence,
        }


def resolve_susan_peg_rebound(
    v: int,
    *,
    face: str | None = None,
    roll: int | None = None,
    team_fouls: int = 0,
    rng: TableRng | None = None,
) -> SusanPegRebound:
    """The foul die for her rebound; with no foul, the d20 for her lay-up against `v`."""
    check_stat(v, "--v")
    if v is None:
        raise MissingInput("Susan Peg's lay-up uses her V stat: give --v")
    if face is None:
        if rng is None:
            raise MissingInput("the rebound needs the foul die (--face)")
        face = rng.roll(D8)
    reading = read_foul_die("rebound", parse_d8(face))
    if reading.foul:
        return SusanPegRebound(v, reading, None, False, team_fouls)
    if v >= AUTO_SCORE:
        return SusanPegRebound(v, reading, None, True, team_fouls)
    rolled = d20_result(roll, rng, "lay-up")
    return SusanPegRebound(v, reading, rolled, rolled <= v, team_fouls)
