"""The Play-Offs: lowest Power pays a ticket or goes out, shootouts, forced substitutions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from companion.engine.errors import BadInput
from companion.games.allstar.data import load
from companion.games.allstar.rules.cards import TEAM_SIZE, Card
from companion.games.allstar.rules.errors import BadArena, BadTeam, OutOfTurn
from companion.games.allstar.rules.facts import TableConfig
from companion.games.allstar.rules.shootout import ShootoutOutcome, resolve_shootout
from companion.games.allstar.rules.teams import power


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
    teams: dict[str, tuple[Card, ...]] = field(default_factory=dict)  # as revealed
    penalties: tuple[Penalty, ...] = ()  # several when tied managers had no card to shoot
    no_card: tuple[str, ...] = ()  # tied managers with no card left: they lost the shot

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "teams": {m: [str(c) for c in t] for m, t in self.teams.items()},
            "powers": dict(self.powers),
            "lowest": list(self.lowest),
            "penalty": asdict(self.penalty) if self.penalty else None,
            "penalties": [asdict(p) for p in self.penalties],
            "no_card": list(self.no_card),
            "aftermath": self.aftermath.to_json() if self.aftermath else None,
        }


@dataclass(frozen=True)
class ShootoutStep:
    shot: ShootoutOutcome
    penalty: Penalty
    aftermath: Aftermath
    config: TableConfig | None = field(default=None, compare=False, repr=False)

    @property
    def unconfirmed(self) -> tuple[str, ...]:
        """The table's unconfirmed orders the Penalty Shot relied on."""
        return tuple(self.config.unconfirmed(self.shot.orders_relied_on)) if self.config else ()

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
    out: tuple[Card, ...] = ()  # named cards: back in the game box
    into: tuple[Card, ...] = ()  # named cards: from the Bench
    team: tuple[Card, ...] = ()  # the team for the next round, when the cards are named

    def to_json(self) -> dict[str, Any]:
        return {
            "manager": self.manager,
            "count": self.count,
            "bench_left": self.bench_left,
            "waiting_for": list(self.waiting_for),
            "out": [str(c) for c in self.out],
            "in": [str(c) for c in self.into],
            "team": [str(c) for c in self.team],
        }


@dataclass(frozen=True)
class Substitution:
    """A manager's declared substitution: how many cards, and which when they are named."""

    count: int
    out: tuple[Card, ...] = ()
    into: tuple[Card, ...] = ()

    @property
    def named(self) -> bool:
        return bool(self.out)


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
    # Which manager each card seen belongs to, and whether to check the cards against it
    # (games recorded before the teams were tracked do not).
    owner: dict[tuple[str, int], str] = field(default_factory=dict)
    tracks: bool = False
    teams: dict[str, tuple[Card, ...]] = field(default_factory=dict)  # as last revealed
    boxed: dict[tuple[str, int], str] = field(default_factory=dict)  # out of the game: why
    pending: dict[str, Substitution] = field(default_factory=dict)  # this stage's swaps
    species: tuple[str, ...] = ()  # the draw pile's Species, when checked
    # With the companion's deck, each manager's Bench: "Each Manager takes into hand all the
    # cards drafted onto their Bench during the regular season (that is, 18 cards)".
    benches: dict[str, frozenset[tuple[str, int]]] | None = None

    def __post_init__(self) -> None:
        start = load("game")["setup"]["playoff_hand"]
        self.active = list(self.seating)
        self.hand = {m: start for m in self.seating}
        self.scores = {m: 0 for m in self.seating}

    @property
    def managers(self) -> int:
        return len(self.seating)

    @property
    def waiting_for(self) -> tuple[str, ...]:
        return tuple(m for m in self.active if m not in self.swapped)

    def teams_needed(self) -> tuple[str, ...]:
        """Who must reveal a typed team next round (the others' follow from their swap)."""
        return tuple(
            m
            for m in self.active
            if not (m in self.pending and self.pending[m].named and m in self.teams)
        )

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
        """'b. Confrontation': reveal, the lowest Power pays (a tie goes to a shootout).

        A manager whose substitution named its cards needs no team: it is derived.
        """
        self._expect("team", "play a Play-Off round")
        checked_row = check_points_row(row, self.managers)
        unknown = [m for m in teams if m not in self.active]
        if unknown:
            out = [m for m in unknown if m in self.seating]
            raise BadTeam(
                f"{unknown[0]} is out of the Play-Offs" if out else f"no manager '{unknown[0]}'"
            )
        revealed = {m: self._team_for(m, teams.get(m)) for m in self.active}
        missing = [m for m, t in revealed.items() if t is None]
        if missing:
            raise BadTeam(f"no team given for {', '.join(missing)}")
        chosen = {m: t for m, t in revealed.items() if t is not None}
        _check_no_shared_cards(chosen)
        if self.tracks:
            for m, team in chosen.items():
                self._check_cards(m, team, "team")
        self._box_swapped_out(chosen)
        self.row = checked_row
        if self.round == 0:
            for m in self.active:
                self.hand[m] -= TEAM_SIZE
        self.round += 1
        self.teams = dict(chosen)
        self.pending = {}
        for m, team in chosen.items():
            for card in team:
                self.owner.setdefault(card.identity, m)
        powers = {m: power(chosen[m]) for m in self.active}
        low = min(powers.values())
        lowest = tuple(m for m in self.active if powers[m] == low)
        if len(lowest) > 1:
            # "Each Manager plays a single Hockey Player card from their hand": one with no
            # card left cannot shoot and loses the Penalty Shot (no card is weaker than any
            # card); several such lose it together, and no shootout is needed.
            empty = tuple(m for m in lowest if self.hand[m] < 1)
            if not empty:
                self.stage, self.tied = "shootout", lowest
                return ConfrontationOutcome(self.round, powers, lowest, None, None, chosen)
            penalties, out = self._penalise_all(empty, "no card left for the shootout")
            return ConfrontationOutcome(
                self.round,
                powers,
                lowest,
                penalties[0],
                self._after(out),
                chosen,
                penalties,
                empty,
            )
        penalty, out = self._penalise(lowest[0], "lowest Power")
        return ConfrontationOutcome(
            self.round, powers, lowest, penalty, self._after(out), chosen, (penalty,)
        )

    def _team_for(self, manager: str, typed: Sequence[Card] | None) -> tuple[Card, ...] | None:
        """The team `manager` reveals: typed, or derived from a substitution that named cards.

        'd. Changing Team Members': the typed team must be the last one with the declared
        cards substituted (2 to 4).
        """
        sub = self.pending.get(manager)
        last = self.teams.get(manager)
        derived = None
        if sub is not None and sub.named and last is not None:
            outs = {c.identity for c in sub.out}
            derived = tuple(c for c in last if c.identity not in outs) + sub.into
        if typed is None:
            return derived
        typed = tuple(typed)
        ids = {c.identity for c in typed}
        if derived is not None and ids != {c.identity for c in derived}:
            raise BadTeam(
                f"{manager}'s team after the substitution is {_line(derived)}; got {_line(typed)}"
            )
        if self.tracks and sub is not None and not sub.named and last is not None:
            gone = [c for c in last if c.identity not in ids]
            came = [c for c in typed if c.identity not in {x.identity for x in last}]
            if len(gone) != sub.count:
                change = f"out: {_line(gone)}; in: {_line(came)}" if gone else "the same five cards"
                raise BadTeam(
                    f"{manager} substitutes {sub.count} cards, but this team differs from "
                    f"{manager}'s last one ({_line(last)}) by {len(gone)} ({change})"
                )
        return typed

    def _box_swapped_out(self, teams: Mapping[str, Sequence[Card]]) -> None:
        """Cards substituted out go back in the game box."""
        for manager, team in teams.items():
            last = self.teams.get(manager)
            if last is None or manager not in self.pending:
                continue
            ids = {c.identity for c in team}
            for card in last:
                if card.identity not in ids:
                    self.boxed.setdefault(
                        card.identity, f"{manager} substituted it after Play-Off round {self.round}"
                    )

    def _check_cards(self, manager: str, cards: Sequence[Card], what: str) -> None:
        """Each card is the manager's own: not back in the box, not another manager's."""
        for card in cards:
            name = f"{card.species}-{card.number}"
            if self.species and card.species not in self.species:
                raise BadTeam(
                    f"card {name} in {manager}'s {what}: {card.species} are not in this "
                    f"game's draw pile (its Species: {', '.join(self.species)})"
                )
            if card.identity in self.boxed:
                raise BadTeam(
                    f"card {name} in {manager}'s {what} is back in the game box "
                    f"({self.boxed[card.identity]})"
                )
            if self.benches is not None and card.identity not in self.benches[manager]:
                raise BadTeam(
                    f"card {name} in {manager}'s {what} is not one of the 18 cards drafted "
                    f"onto {manager}'s Bench"
                )
            owner = self.owner.get(card.identity)
            if owner is not None and owner != manager:
                raise BadTeam(
                    f"card {name} in {manager}'s {what} is {owner}'s: it played in {owner}'s teams"
                )

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
        if self.tracks:
            for m, card in cards.items():
                team = self.teams.get(m, ())
                if any(c.identity == card.identity for c in team):
                    raise BadTeam(
                        f"{m}'s {card.species}-{card.number} is in {m}'s team: a Penalty Shot "
                        "is played from the hand"
                    )
                self._check_cards(m, [card], "Penalty Shot")
        shot = resolve_shootout(cards, self.managers, config)
        for m in self.tied:
            self.hand[m] -= 1
        for m, card in cards.items():
            self.owner.setdefault(card.identity, m)
            self.boxed[card.identity] = f"{m} played it in a shootout"
        self.tied = ()
        penalty, out = self._penalise(shot.loser, "lost the shootout")
        return ShootoutStep(shot, penalty, self._after(out), config)

    def swap(
        self,
        manager: str,
        count: int | None,
        out: Sequence[Card] = (),
        into: Sequence[Card] = (),
    ) -> SwapOutcome:
        """'d. Changing Team Members': 2 to 4 cards from the Bench, once each per round.

        With the cards named (`out` of the team, `into` it from the Bench) the next team
        is derived; with only a count, the next round's team is checked against it.
        """
        low, high = load("game")["playoffs"]["swap"]
        if manager in self.seating and manager not in self.active:
            raise OutOfTurn(f"{manager} is out of the Play-Offs")
        self._expect("swap", f"swap for {manager}")
        if manager in self.swapped:
            raise OutOfTurn(f"{manager} has already swapped this round")
        if out or into:
            if len(out) != len(into):
                raise BadInput(
                    f"substitute as many cards in as out ({len(out)} out, {len(into)} in)"
                )
            if count is not None and count != len(out):
                raise BadInput(f"{count} cards to swap, but {len(out)} named")
            count = len(out)
        if count is None:
            raise BadInput("say how many cards to swap, or name them (out and in)")
        if not low <= count <= high:
            raise BadInput(f"swap {low} to {high} cards (got {count})")
        if count > self.hand[manager]:
            raise OutOfTurn(f"{manager} has only {self.hand[manager]} cards on the Bench")
        team: tuple[Card, ...] = ()
        if out:
            team = self._named_swap(manager, tuple(out), tuple(into))
            for card in out:  # "discards them (puts them back in the game box)"
                self.boxed[card.identity] = (
                    f"{manager} substituted it after Play-Off round {self.round}"
                )
        self.hand[manager] -= count
        self.swapped.add(manager)
        self.pending[manager] = Substitution(count, tuple(out), tuple(into))
        waiting = self.waiting_for
        if not waiting:
            self.stage, self.swapped = "team", set()
        return SwapOutcome(
            manager, count, self.hand[manager], waiting, tuple(out), tuple(into), team
        )

    def _named_swap(
        self, manager: str, out: tuple[Card, ...], into: tuple[Card, ...]
    ) -> tuple[Card, ...]:
        """The team after swapping `out` for `into` (each checked)."""
        last = self.teams.get(manager)
        if last is None:
            raise OutOfTurn(f"{manager} has no team yet to substitute cards of")
        ids = {c.identity: c for c in last}
        for group, what in ((out, "out"), (into, "in")):
            if len({c.identity for c in group}) != len(group):
                raise BadTeam(f"a card is named twice among the cards {what}")
        missing = [c for c in out if c.identity not in ids]
        if missing:
            raise BadTeam(
                f"{_line(missing)} {'is' if len(missing) == 1 else 'are'} not in {manager}'s "
                f"team ({_line(last)})"
            )
        already = [c for c in into if c.identity in ids]
        if already:
            raise BadTeam(f"{_line(already)} already in {manager}'s team ({_line(last)})")
        if self.tracks:
            self._check_cards(manager, into, "substitution")
        outs = {c.identity for c in out}
        kept = tuple(c for c in last if c.identity not in outs)
        return kept + into

    def _penalise(self, manager: str, reason: str) -> tuple[Penalty, tuple[Elimination, ...]]:
        penalties, out = self._penalise_all([manager], reason)
        return penalties[0], out

    def _penalise_all(
        self, managers: Sequence[str], reason: str
    ) -> tuple[tuple[Penalty, ...], tuple[Elimination, ...]]:
        """Each discards a ticket, or is eliminated: those without one all at once."""
        penalties = []
        for manager in managers:
            if self.tickets.get(manager, 0) > 0:
                self.tickets[manager] -= 1
                penalties.append(Penalty(manager, True, self.tickets[manager]))
            else:
                penalties.append(Penalty(manager, False, 0))
        out = [p.manager for p in penalties if not p.ticket_used]
        return tuple(penalties), self._eliminate(out, reason) if out else ()

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
        per_ticket = load("game")["ticket_bonus"].get(str(self.managers), 0)
        bonus = self.tickets.get(champion, 0) * per_ticket
        self.scores[champion] += self.row[0] + bonus
        self.champion, self.stage = champion, "done"
        return Aftermath(out, champion, self.row[0], bonus)


def _line(cards: Sequence[Card]) -> str:
    return " ".join(f"{c.species}-{c.number}" for c in cards)


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
