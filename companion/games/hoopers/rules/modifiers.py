"""What changes a hooper's printed stats during a match: injury markers, Out of position.

'Injury Markers': "Your injured hooper gets a -10 malus to all his/her defense stats" /
"... attack stats". 'Out of Position': "that hooper will be affected by a -10 malus on
all the attack stats and a -5 malus on all the defense stats. His/her O-V stats are not
affected."

The table types the stats printed on the card (and its upgrades); the match applies
these maluses by itself, so a stat remembered from before an injury never hides one.
Pure: the CLI's `match shot` (through the match's shot event) and guided play both ask
`shot_maluses`.
"""

from __future__ import annotations

from typing import Any

from companion.engine.values import dataclass
from companion.games.hoopers.rules.skills import first_position
from companion.games.hoopers.rules.state import HooperState, MatchState, TeamState

INJURY_ATTACK, INJURY_DEFENCE = "attack-10", "defense-10"
INJURY_MALUS = -10
OUT_OF_POSITION_ATTACK = -10
OUT_OF_POSITION_DEFENCE = -5


@dataclass(frozen=True)
class Malus:
    """One malus on a shot, and the rule it comes from."""

    value: int
    why: str

    def to_json(self) -> list[Any]:
        return [self.why, self.value]

    @classmethod
    def from_json(cls, doc: list[Any]) -> Malus:
        why, value = doc
        return cls(int(value), str(why))


def attack_maluses(side: TeamState, hooper: HooperState) -> list[Malus]:
    """The maluses on the hooper's attack stats (2PS, 3PS, LUP), one per marker."""
    found = [Malus(INJURY_MALUS, "injury marker") for m in hooper.injuries if m == INJURY_ATTACK]
    if hooper.name in side.out_of_position:
        found.append(Malus(OUT_OF_POSITION_ATTACK, "out of position"))
    return found


def defence_maluses(side: TeamState, hooper: HooperState) -> list[Malus]:
    """The maluses on the hooper's defence stats (D2, D3, DLU); never on O or V."""
    found = [Malus(INJURY_MALUS, "injury marker") for m in hooper.injuries if m == INJURY_DEFENCE]
    if hooper.name in side.out_of_position:
        found.append(Malus(OUT_OF_POSITION_DEFENCE, "out of position"))
    return found


@dataclass(frozen=True)
class ShotMaluses:
    """Every malus on a shot's attack and defence stats."""

    attack: tuple[Malus, ...] = ()
    defence: tuple[Malus, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.attack or self.defence)

    def to_json(self) -> dict[str, Any]:
        return {
            "attack": [m.to_json() for m in self.attack],
            "defense": [m.to_json() for m in self.defence],
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any] | None) -> ShotMaluses:
        doc = doc or {}
        return cls(
            tuple(Malus.from_json(m) for m in doc.get("attack", ())),
            tuple(Malus.from_json(m) for m in doc.get("defense", ())),
        )

    def notes(self, shooter: str, defender: str | None) -> list[str]:
        said = []
        for who, what, found in ((shooter, "attack", self.attack), (defender, "defence",
                                                                      self.defence)):  # fmt: skip
            for malus in found:
                said.append(f"{who}: {malus.value} to {what} stats ({malus.why})")
        return said


def shot_maluses(
    state: MatchState, team: str, shooter: str, defender: str | None = None
) -> ShotMaluses:
    """The maluses a shot by `shooter` of `team`, defended by `defender`, carries now."""
    side = state.teams[team]
    attack = attack_maluses(side, side.hoopers[shooter])
    defence: list[Malus] = []
    if defender is not None:
        other = state.teams[state.other(team)]
        defence = defence_maluses(other, other.hoopers[defender])
    return ShotMaluses(tuple(attack), tuple(defence))


def in_position(side: TeamState, hooper: str, token: str) -> bool:
    """Whether `hooper` standing on `token` plays in position: the card's first position,
    the second position the line-up placed them on, or a card the companion does not know."""
    card = first_position(hooper)
    return card is None or card == token or side.second_positions.get(hooper) == token


def injury_reminder(marker: str) -> str | None:
    """What the match says when a marker with a malus is drawn."""
    if marker == INJURY_ATTACK:
        return "the match takes 10 off each attack from now on: give --stat as the card shows"
    if marker == INJURY_DEFENCE:
        return "the match takes 10 off each defence from now on: give --defense as the card shows"
    return None


def decide_shot_maluses(
    state: MatchState, data: dict[str, Any], recording: bool, team: str, shooter: str,
    defender: str | None,
) -> ShotMaluses:  # fmt: skip
    """The maluses of a shot event: decided from the state when it is recorded and kept
    in the event ("maluses"), read back when replaying (a log from before the match
    applied them replays as it was recorded)."""
    if "maluses" in data:
        return ShotMaluses.from_json(data["maluses"])
    if not recording:
        return ShotMaluses()
    found = shot_maluses(state, team, shooter, defender)
    if found:
        data["maluses"] = found.to_json()
    return found


def attacker_position(side: TeamState, hooper: HooperState) -> str | None:
    """The Position token of an attacking hooper: from the line-up, else the card's first."""
    return side.position_of(hooper.name) or first_position(hooper.name)


def second_positions(court: dict[str, str] | None) -> dict[str, str]:
    """The starting five's tokens other than the card's first position: "the first or the
    second position of the hooper must match the Position token at the beginning of the
    game", so each is the card's second position."""
    found = {}
    for token, hooper in (court or {}).items():
        card = first_position(hooper)
        if card is not None and card != token:
            found[hooper] = token
    return found


def take_position(side: TeamState, hooper: str, token: str, seconds: set[str]) -> list[str]:
    """`hooper` now stands on `token` (a substitution or a swap): the Out of position
    marker goes on or comes off; `seconds` are hoopers the table said carry `token` as
    their card's second position. Returns what to say."""
    if hooper in seconds:
        side.second_positions[hooper] = token
    if in_position(side, hooper, token):
        side.out_of_position.discard(hooper)
        return []
    side.out_of_position.add(hooper)
    return [
        f"{hooper}'s card says {first_position(hooper)}: Out of position marker on {token} "
        f"({OUT_OF_POSITION_ATTACK} to attack stats, {OUT_OF_POSITION_DEFENCE} to defence "
        f"stats; if {token} is the card's second position, give --second-position "
        f'"{hooper}")'
    ]


def with_maluses(spec: Any, maluses: ShotMaluses) -> Any:
    """`spec` (a ShotSpec of printed stats) with the maluses taken off."""
    from dataclasses import replace

    return replace(
        spec,
        attack_malus=sum(m.value for m in maluses.attack),
        defense_malus=sum(m.value for m in maluses.defence),
    )


JOY_KILL_MALUS = -10


def failed_counter_malus(counterer: HooperState) -> int:
    """Joy Kill: "If her counter is not successful, then the opponent's fundamental receives
    a -10 malus." (0 for anyone else, or once she lost her skill to an injury marker)."""
    from companion.games.hoopers.rules.skills import has_skill

    return JOY_KILL_MALUS if has_skill(counterer, "joy") else 0


def failed_counter_note(counterer: HooperState, fundamental: str) -> str | None:
    malus = failed_counter_malus(counterer)
    if not malus:
        return None
    return (
        f"{counterer.name}'s counter failed: the {fundamental} receives a {malus} malus "
        f"(its bonus {malus}: count it in the attack's --bonus)"
    )
