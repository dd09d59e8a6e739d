"""The Play-Offs: lowest Power pays a ticket or goes out, shootouts, forced substitutions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from companion.data import load
from companion.engine.errors import BadInput
from companion.games.allstar.cards import TEAM_SIZE, Card
from companion.games.allstar.errors import BadArena, BadTeam, OutOfTurn
from companion.games.allstar.shootout import ShootoutOutcome, resolve_shootout
from companion.games.allstar.table import TableConfig
from companion.games.allstar.teams import power


@dataclass(frozen=True)
class Elimination:
    manager: str
    place: int
    points: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Penalty:
    manager: str
    ticket_used: bool  # False: eliminated
    tickets_left: int


@dataclass(frozen=True)
class Aftermath:
    """What follows a penalty: eliminations, then a champion or the substitutions."""

    eliminated: tuple[Elimination, ...]
    champion: str | None
    champion_points: int = 0
    ticket_bonus: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "eliminated": [e.to_json() for e in self.eliminated],
            "champion": self.champion,
            "champion_points": self.champion_points,
            "ticket_bonus": self.ticket_bonus,
        }


@dataclass(frozen=True)
class ConfrontationOutcome:
    round: int
    powers: dict[str, int]
    lowest: tuple[str, ...]  # two or more: a shootout decides
    penalty: Penalty | None
    aftermath: Aftermath | None

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "powers": dict(self.powers),
            "lowest": list(self.lowest),
            "penalty": asdict(self.penalty) if self.penalty else None,
            "aftermath": self.aftermath.to_json() if self.aftermath else None,
        }


@dataclass(frozen=True)
class ShootoutStep:
    shot: ShootoutOutcome
    penalty: Penalty
    aftermath: Aftermath
    config: TableConfig | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "shot": self.shot.to_json(),
            "penalty": asdict(self.penalty),
            "aftermath": self.aftermath.to_json(),
        }


@dataclass(frozen=True)
class SwapOutcome:
    manager: str
    count: int
    bench_left: int
    waiting_for: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "waiting_for": list(self.waiting_for)}


def check_points_row(row: Sequence[int], managers: int) -> tuple[int, ...]:
    if len(row) < managers:
        raise BadArena(
            f"the Play-Off points row {','.join(map(str, row))} has {len(row)} places "
            f"but {managers} managers play"
        )
    return tuple(row)


@dataclass
class PlayOffs:
    """The Play-Off state, changed only through the methods below (each validates first)."""

    seating: tuple[str, ...]
    tickets: dict[str, int]
    active: list[str] = field(default_factory=list)
    hand: dict[str, int] = field(default_factory=dict)  # cards in hand, off the team
    scores: dict[str, int] = field(default_factory=dict)
    eliminated: list[Elimination] = field(default_factory=list)
    stage: str = "team"  # team, shootout, swap, done
    tied: tuple[str, ...] = ()
    swapped: set[str] = field(default_factory=set)
    round: int = 0
    row: tuple[int, ...] = ()
    champion: str | None = None

    def __post_init__(self) -> None:
        start = load("allstar")["setup"]["playoff_hand"]
        self.active = list(self.seating)
        self.hand = {m: start for m in self.seating}
        self.scores = {m: 0 for m in self.seating}

    @property
    def managers(self) -> int:
        return len(self.seating)

    @property
    def waiting_for(self) -> tuple[str, ...]:
        return tuple(m for m in self.active if m not in self.swapped)

    def _expect(self, stage: str, doing: str) -> None:
        if self.stage == stage:
            return
        why = {
            "team": "the next Play-Off round is waiting for teams",
            "shootout": f"{' and '.join(self.tied)} must shoot out first",
            "swap": f"substitutions are waiting for {', '.join(self.waiting_for)}",
            "done": f"the Play-Offs are over ({self.champion or 'nobody'} won)",
        }[self.stage]
        raise OutOfTurn(f"cannot {doing}: {why}")

    def play_round(
        self, teams: Mapping[str, Sequence[Card]], row: Sequence[int], config: TableConfig
    ) -> ConfrontationOutcome:
        """'b. Confrontation': reveal, the lowest Power pays (a tie goes to a shootout)."""
        self._expect("team", "play a Play-Off round")
        checked_row = check_points_row(row, self.managers)
        unknown = [m for m in teams if m not in self.active]
        if unknown:
            out = [m for m in unknown if m in self.seating]
            raise BadTeam(
                f"{unknown[0]} is out of the Play-Offs" if out else f"no manager '{unknown[0]}'"
            )
        missing = [m for m in self.active if m not in teams]
        if missing:
            raise BadTeam(f"no team given for {', '.join(missing)}")
        _check_no_shared_cards(teams)
        self.row = checked_row
        if self.round == 0:
            for m in self.active:
                self.hand[m] -= TEAM_SIZE
        self.round += 1
        powers = {m: power(teams[m]) for m in self.active}
        low = min(powers.values())
        lowest = tuple(m for m in self.active if powers[m] == low)
        if len(lowest) > 1:
            self.stage, self.tied = "shootout", lowest
            return ConfrontationOutcome(self.round, powers, lowest, None, None)
        penalty, out = self._penalise(lowest[0], "lowest Power")
        return ConfrontationOutcome(self.round, powers, lowest, penalty, self._after(out))

    def shootout(self, cards: Mapping[str, Card], config: TableConfig) -> ShootoutStep:
        """'c. Handling Ties': the weakest single card pays."""
        self._expect("shootout", "shoot out")
        if set(cards) != set(self.tied):
            raise BadTeam(
                f"the shootout is between {', '.join(self.tied)} "
                f"(got {', '.join(cards) or 'nobody'})"
            )
        empty = [m for m in self.tied if self.hand[m] < 1]
        if empty:
            raise OutOfTurn(f"{empty[0]} has no card left in hand for the shootout")
        shot = resolve_shootout(cards, self.managers, config)
        for m in self.tied:
            self.hand[m] -= 1
        self.tied = ()
        penalty, out = self._penalise(shot.loser, "lost the shootout")
        return ShootoutStep(shot, penalty, self._after(out), config)

    def swap(self, manager: str, count: int) -> SwapOutcome:
        """'d. Changing Team Members': 2 to 4 cards from the Bench, once each per round."""
        low, high = load("allstar")["playoffs"]["swap"]
        if manager in self.seating and manager not in self.active:
            raise OutOfTurn(f"{manager} is out of the Play-Offs")
        self._expect("swap", f"swap for {manager}")
        if manager in self.swapped:
            raise OutOfTurn(f"{manager} has already swapped this round")
        if not low <= count <= high:
            raise BadInput(f"swap {low} to {high} cards (got {count})")
        if count > self.hand[manager]:
            raise OutOfTurn(f"{manager} has only {self.hand[manager]} cards on the Bench")
        self.hand[manager] -= count
        self.swapped.add(manager)
        if not self.waiting_for:
            self.stage, self.swapped = "team", set()
            return SwapOutcome(manager, count, self.hand[manager], ())
        return SwapOutcome(manager, count, self.hand[manager], self.waiting_for)

    def _penalise(self, manager: str, reason: str) -> tuple[Penalty, tuple[Elimination, ...]]:
        if self.tickets.get(manager, 0) > 0:
            self.tickets[manager] -= 1
            return Penalty(manager, True, self.tickets[manager]), ()
        return Penalty(manager, False, 0), self._eliminate([manager], reason)

    def _eliminate(self, managers: list[str], reason: str) -> tuple[Elimination, ...]:
        # Everyone going out at once takes the lowest place still open.
        place = len(self.active)
        gone = tuple(Elimination(m, place, self.row[place - 1], reason) for m in managers)
        for e in gone:
            self.active.remove(e.manager)
            self.scores[e.manager] += e.points
            self.eliminated.append(e)
        return gone

    def _after(self, out: tuple[Elimination, ...]) -> Aftermath:
        if len(self.active) > 1:
            stuck = [m for m in self.active if self.hand[m] < 2]
            if stuck:
                out += self._eliminate(stuck, "cannot swap two cards")
        if len(self.active) == 1:
            return self._crown(out)
        if not self.active:
            self.stage = "done"
            return Aftermath(out, None)
        self.stage, self.swapped = "swap", set()
        return Aftermath(out, None)

    def _crown(self, out: tuple[Elimination, ...]) -> Aftermath:
        champion = self.active[0]
        per_ticket = load("allstar")["ticket_bonus"].get(str(self.managers), 0)
        bonus = self.tickets.get(champion, 0) * per_ticket
        self.scores[champion] += self.row[0] + bonus
        self.champion, self.stage = champion, "done"
        return Aftermath(out, champion, self.row[0], bonus)


def _check_no_shared_cards(teams: Mapping[str, Sequence[Card]]) -> None:
    owner: dict[tuple[str, int], str] = {}
    for manager, cards in teams.items():
        for card in cards:
            if card.identity in owner:
                raise BadTeam(
                    f"card {card.species}-{card.number} is in both {owner[card.identity]}'s "
                    f"and {manager}'s team"
                )
            owner[card.identity] = manager
