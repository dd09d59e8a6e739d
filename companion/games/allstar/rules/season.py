"""A tracked game: the regular season's three rounds, then the Play-Offs, as a fold over events.

`RULES` is the game as an event fold (`companion.engine.events`): the first event of a
log is the setup, and each later event is applied by one `Season` method that validates
it first, so a table checks a new move by applying it to the folded state, and replaying
a stored log applies the same code.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.engine.errors import BadInput
from companion.engine.events import Step, replay
from companion.engine.rng import TableRng
from companion.games.allstar.rules.arenas import Arena, arena_from_doc
from companion.games.allstar.rules.cards import Card, card_from_text, check_not_in
from companion.games.allstar.rules.draft import BENCH, Drafting, Picked, deal
from companion.games.allstar.rules.errors import BadArena, BadTeam, OutOfTurn
from companion.games.allstar.rules.facts import TableConfig, config_from_doc
from companion.games.allstar.rules.known import KnownCards
from companion.games.allstar.rules.lineup import InPlay, cards_line, short
from companion.games.allstar.rules.playoffs import PlayOffs
from companion.games.allstar.rules.ranking import Ranking, rank_teams, shared_ranks

if TYPE_CHECKING:
    from companion.engine.moves import Move

ROUNDS = 3
# The rules a log was recorded under, kept in its setup event. Version 2 keeps the teams in
# play from round to round; a log without a version replays as it was recorded (every
# Bus's team typed each round, unchecked against earlier rounds).
VERSION = 2
PLAYOFF_EVENTS = ("playoff-round", "shootout", "swap")


@dataclass(frozen=True)
class RoundResult:
    round: int
    rankings: tuple[Ranking, ...]  # one per arena, in Bus order
    gained: dict[str, int]
    config: TableConfig | None = field(default=None, compare=False, repr=False)

    @property
    def unconfirmed(self) -> tuple[str, ...]:
        """The table's unconfirmed orders any arena's ranking relied on."""
        if self.config is None:
            return ()
        relied = [c for r in self.rankings for c in r.orders_relied_on]
        return tuple(self.config.unconfirmed(relied))

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "rankings": [r.to_json(self.config) for r in self.rankings],
            "gained": dict(self.gained),
        }


@dataclass(frozen=True)
class ArenasPlaced:
    round: int
    arenas: tuple[Arena, ...]  # Bus 1 first

    def to_json(self) -> list[dict[str, Any]]:
        return [a.to_doc() for a in self.arenas]


@dataclass(frozen=True)
class TeamPlaced:
    """A team on its Bus: the new team, or an earlier one (typed again, or swapped)."""

    manager: str
    bus: int
    cards: tuple[Card, ...]
    team: str = "new"  # new, or "round N" for a team kept in play since round N
    swap: tuple[Card, Card] | None = None  # (out, in), when the typed team showed one

    def to_json(self) -> dict[str, Any]:
        return {
            "manager": self.manager,
            "bus": self.bus,
            "team": self.team,
            "cards": [str(c) for c in self.cards],
            "swap": {"out": str(self.swap[0]), "in": str(self.swap[1])} if self.swap else None,
        }


@dataclass(frozen=True)
class CardSwapped:
    """'c. Building the Teams': one card of an earlier team swapped with one from the Bench."""

    manager: str
    team: str  # "round N"
    out: Card
    into: Card
    bus: int | None  # where the team travels (named, or the first free Bus)
    cards: tuple[Card, ...]  # the team after the swap

    def to_json(self) -> dict[str, Any]:
        return {
            "manager": self.manager,
            "team": self.team,
            "out": str(self.out),
            "in": str(self.into),
            "bus": self.bus,
            "cards": [str(c) for c in self.cards],
        }


@dataclass(frozen=True)
class BusChosen:
    manager: str
    team: str
    bus: int
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "manager": self.manager,
            "team": self.team,
            "bus": self.bus,
            "cards": [str(c) for c in self.cards],
        }


class Season:
    """The state of one tracked game."""

    def __init__(self, setup: Mapping[str, Any]) -> None:
        self.setup = dict(setup)
        self.managers: tuple[str, ...] = tuple(setup["managers"])
        self.mode: str = setup.get("mode", "standard")
        self.round = 1
        self.arenas: dict[int, tuple[Arena, ...]] = {}
        self.teams: dict[int, dict[str, dict[int, tuple[Card, ...]]]] = {}
        self.results: list[RoundResult] = []
        self.scores = {m: 0 for m in self.managers}
        self.playoffs: PlayOffs | None = None
        self.set_up = False  # the log's setup event has been applied
        self.version = int(setup.get("version", 1))
        # Version 2: each manager's teams in play this round, and whose each card seen is.
        self.in_play = {m: InPlay(m, 1, []) for m in self.managers}
        self.owner: dict[tuple[str, int], str] = {}
        # The Species of the draw pile: only their cards are in play (version 2).
        self.species = tuple(setup.get("species", ())) if self.carries else ()
        self.known = KnownCards()
        # `season start --deck`: the companion holds the Hockey Player pile (and the Arena
        # deck, when the catalogue had enough arenas), shuffled once at the setup.
        self.deck = bool(setup.get("deck")) and self.carries
        self.pile = tuple(card_from_text(c) for c in setup.get("pile", ()))
        self.arena_deck = tuple(arena_from_doc(a) for a in setup.get("arena_deck", ()))
        self.dealt = 0  # cards of the pile dealt so far
        self.drafting: Drafting | None = None
        self.bench: dict[str, list[Card]] = {m: [] for m in self.managers}
        # The table's arena catalogue, lent by the table (not from the log): the arenas
        # the legal-moves query offers, and those a move may name (see `named_arenas`).
        self.catalogue: tuple[Arena, ...] = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Season:
        """A copy to try a move on (the legal-moves query tries each): what a move changes
        is copied, what none changes is shared (the setup, the decks, the rounds played)."""
        twin = copy.copy(self)
        shared = ("setup", "managers", "pile", "arena_deck", "catalogue", "species")
        flat = ("results", "owner", "scores")  # of values no move changes
        for name, value in vars(self).items():
            if name in flat:
                setattr(twin, name, copy.copy(value))
            elif name not in shared:
                setattr(twin, name, copy.deepcopy(value, memo))
        return twin

    @property
    def carries(self) -> bool:
        """Whether the companion keeps the teams in play from round to round."""
        return self.version >= 2

    # --- where the game stands -------------------------------------------

    @property
    def phase(self) -> str:
        if self.playoffs is not None:
            return "over" if self.playoffs.stage == "done" else "playoffs"
        if self.round not in self.arenas:
            return "arenas"
        return "draft" if self.drafting is not None and not self.drafting.done else "teams"

    def arenas_drawn(self) -> int:
        return sum(len(row) for row in self.arenas.values())

    def next_arenas(self) -> tuple[Arena, ...]:
        """Round N's arenas from the companion's Arena deck: "draw the first N cards"."""
        start = self.arenas_drawn()
        drawn = self.arena_deck[start : start + self.round]
        if len(drawn) < self.round:
            raise BadArena(
                f"the companion's Arena deck has {len(self.arena_deck) - start} card(s) left; "
                f"round {self.round} draws {self.round}: name the table's arenas instead"
            )
        return drawn

    @property
    def n(self) -> int:
        return len(self.managers)

    def missing_teams(self) -> list[str]:
        if self.carries:
            return [
                f"{m} Bus 1" if self.round == 1 else f"{m} new team"
                for m in self.managers
                if self.in_play[m].new is None
            ]
        teams = self.teams.get(self.round, {})
        return [
            f"{m} Bus {b}"
            for m in self.managers
            for b in range(1, self.round + 1)
            if b not in teams.get(m, {})
        ]

    def plan(self) -> dict[str, Any]:
        """The setup the table prepared, as `season start` printed it (`status --json`'s
        `setup`, so a table that joins later reads it)."""
        from companion.games.allstar.rules.setup import PLAN_KEYS

        return {k: self.setup[k] for k in PLAN_KEYS if k in self.setup}

    def first_chooser(self) -> str | None:
        """Open Market: who chooses first this round: "Determine who starts at random"
        (round 1, drawn at the setup), then "the Manager who has the lowest number of
        Supporter points" (rounds 2–3; None while that is tied: the table decides)."""
        if self.mode != "open-market" or self.round > ROUNDS:
            return None
        if self.round == 1:
            first = (self.setup.get("rounds") or [{}])[0].get("first_chooser")
            return first if first in self.managers else None
        low = min(self.scores.values())
        fewest = [m for m in self.managers if self.scores[m] == low]
        return fewest[0] if len(fewest) == 1 else None

    def playoff_scores(self) -> dict[str, int]:
        return dict(self.playoffs.scores) if self.playoffs else {m: 0 for m in self.managers}

    def totals(self) -> dict[str, int]:
        po = self.playoff_scores()
        return {m: self.scores[m] + po[m] for m in self.managers}

    def next_step(self) -> str:
        """What the table does next, as a sentence."""
        phase, r = self.phase, self.round
        if phase == "arenas":
            return f"round {r}: place {r} arena{'s' if r > 1 else ''}, Bus 1 at the top"
        if phase == "draft":
            assert self.drafting is not None
            drafting = self.drafting
            waiting = ", ".join(drafting.waiting_for())
            if drafting.drafting_over:
                return f"round {r} draft: {waiting} discard one of their seven ('season discard')"
            if drafting.mode == "open-market":
                market = " ".join(str(c) for c in drafting.market)
                return f"round {r} Open Market ({market}): {waiting} takes one ('season pick')"
            duel = " with --keep and --give" if drafting.mode == "duel" else ""
            return (
                f"round {r} draft: {waiting} pick a card from their hand{duel} "
                f"('season hand NAME' shows it), then pass {drafting.direction}"
            )
        if phase == "teams":
            missing = self.missing_teams()
            if missing:
                return f"round {r}: still to come: {', '.join(missing)}"
            return f"round {r}: every team is in; resolve the round"
        playoffs = self.playoffs
        assert playoffs is not None
        if playoffs.stage == "team":
            needed = playoffs.teams_needed()
            if not needed:
                return (
                    f"Play-Off round {playoffs.round + 1}: every team follows from its "
                    "substitution; reveal them"
                )
            derived = (
                ""
                if len(needed) == len(playoffs.active)
                else (" (the others' follow from their substitutions)")
            )
            return (
                f"Play-Off round {playoffs.round + 1}: {', '.join(needed)} reveal their "
                f"teams{derived}"
            )
        if playoffs.stage == "shootout":
            return f"{' and '.join(playoffs.tied)} take a Penalty Shot (shootout)"
        if playoffs.stage == "swap":
            return f"substitutions (2 to 4 cards) for {', '.join(playoffs.waiting_for)}"
        return "the game is over: record it with 'companion allstar season end'"

    def to_json(self) -> dict[str, Any]:
        """Where the game stands (the game's own keys of `season status --json`)."""
        playoffs = self.playoffs
        arenas = self.arenas.get(self.round, ())
        result = self.final_result() if self.phase == "over" else None
        return {
            "managers": list(self.managers),
            "mode": self.mode,
            "round": self.round if self.round <= ROUNDS else "playoffs",
            "phase": self.phase,
            "scores": self.totals(),
            "regular_scores": dict(self.scores),
            "playoff_scores": self.playoff_scores(),
            "tickets": dict(playoffs.tickets) if playoffs else dict(self.setup["tickets"]),
            # `eliminated` and `active` name managers alike; `eliminations` says how each went
            "eliminated": [e.manager for e in playoffs.eliminated] if playoffs else [],
            "eliminations": [e.to_json() for e in playoffs.eliminated] if playoffs else [],
            "arenas": [a.to_doc() for a in arenas],
            "missing_teams": self.missing_teams() if self.phase == "teams" else [],
            **self._deck_json(),
            "lineups": self.lineups_json(),
            "first_chooser": self.first_chooser(),
            "setup": self.plan(),
            **self._playoffs_json(),
            "winner": result["winner"] if result else None,
            "ranks": result["ranks"] if result else None,
            "rounds": [dict(r.gained) for r in self.results],
        }

    def _deck_json(self) -> dict[str, Any]:
        """The companion's own pile and draft, when it deals (`season start --deck`)."""
        drafting = self.drafting if self.deck and self.phase == "draft" else None
        return {
            "deck": self.deck,
            "draw_pile": len(self.pile) - self.dealt if self.deck else None,
            "bench_size": {m: len(b) for m, b in self.bench.items()} if self.deck else None,
            "draft_waiting": drafting.waiting_for() if drafting else [],
            "market": [str(c) for c in drafting.market] if drafting else [],
        }

    def _playoffs_json(self) -> dict[str, Any]:
        """Where the Play-Offs stand (empty values before they begin)."""
        playoffs = self.playoffs
        return {
            "playoff_stage": playoffs.stage if playoffs else None,
            "playoff_round": playoffs.round if playoffs else 0,
            "shootout_between": list(playoffs.tied) if playoffs else [],
            "swaps_waiting": list(playoffs.waiting_for)
            if playoffs and playoffs.stage == "swap"
            else [],
            "bench": dict(playoffs.hand) if playoffs else None,
            "playoff_teams": {m: [str(c) for c in t] for m, t in playoffs.teams.items()}
            if playoffs
            else {},
            "substitutions": {
                m: {
                    "count": sub.count,
                    "out": [str(c) for c in sub.out],
                    "in": [str(c) for c in sub.into],
                }
                for m, sub in playoffs.pending.items()
            }
            if playoffs
            else {},
            "active": list(playoffs.active) if playoffs else list(self.managers),
        }

    # --- events ------------------------------------------------------------

    def apply(self, event: Mapping[str, Any]) -> Any:
        data = event.get("data", {})
        kind = event["type"]
        if kind == "setup":
            if self.set_up:
                raise OutOfTurn("the setup is the first event of a game, and only the first")
            self.set_up = True
            return None
        if kind == "arenas":
            placed = self.set_arenas([arena_from_doc(a) for a in data["arenas"]])
            drawn = self.arena_deck[: self.arenas_drawn()][-len(placed) :]
            if data.get("drawn") and placed != drawn:
                raise BadArena("the arenas drawn are not the next cards of the Arena deck")
            if self.deck:
                self._deal()
            return ArenasPlaced(self.round, placed)
        if kind == "pick":
            keep, give = data.get("keep"), data.get("give")
            return self.pick(
                data["manager"],
                card_from_text(data["card"]),
                None if keep is None else card_from_text(keep),
                None if give is None else card_from_text(give),
            )
        if kind == "discard":
            return self.discard(data["manager"], card_from_text(data["card"]))
        if kind == "team":
            cards = tuple(card_from_text(c) for c in data["cards"])
            bus = int(data["bus"])
            if self.carries:
                return self.play_team(data["manager"], bus, cards)
            return TeamPlaced(data["manager"], bus, self.add_team(data["manager"], bus, cards))
        if kind == "card-swap":
            bus = data.get("bus")
            return self.swap_card(
                data["manager"],
                card_from_text(data["out"]),
                card_from_text(data["in"]),
                None if bus is None else int(bus),
            )
        if kind == "bus":
            return self.choose_bus(data["manager"], int(data["bus"]), card_from_text(data["card"]))
        if kind == "resolve":
            return self.resolve(config_from_doc(data.get("config")))
        if kind in PLAYOFF_EVENTS:
            playoffs = self._playoffs()
            config = config_from_doc(data.get("config"))
            if kind == "playoff-round":
                teams = {m: tuple(card_from_text(c) for c in cs) for m, cs in data["teams"].items()}
                return playoffs.play_round(teams, data["points"], config)
            if kind == "shootout":
                cards = {m: card_from_text(c) for m, c in data["cards"].items()}
                return playoffs.shootout(cards, config)
            count = data.get("count")
            return playoffs.swap(
                data["manager"],
                None if count is None else int(count),
                [card_from_text(c) for c in data.get("out", ())],
                [card_from_text(c) for c in data.get("in", ())],
            )
        raise BadInput(f"unknown event type '{kind}'")

    def set_arenas(self, arenas: Sequence[Arena]) -> tuple[Arena, ...]:
        """'a. Placing the Arenas': 1, 2 and 3 arenas in rounds 1, 2 and 3."""
        if self.phase != "arenas":
            raise OutOfTurn(
                f"round {self.round}'s arenas are already placed"
                if self.round <= ROUNDS
                else "the regular season is over"
            )
        if len(arenas) != self.round:
            raise BadArena(f"round {self.round} plays {self.round} arena(s); got {len(arenas)}")
        names = [a.name.casefold() for a in arenas]
        played = {a.name.casefold(): r for r, row in self.arenas.items() for a in row}
        for arena in arenas:
            if names.count(arena.name.casefold()) > 1:
                raise BadArena(f"arena '{arena.name}' is named twice")
            if arena.name.casefold() in played:
                raise BadArena(
                    f"arena '{arena.name}' was played in round {played[arena.name.casefold()]}"
                )
            arena.check_playable(self.n)
        self.arenas[self.round] = tuple(arenas)
        return self.arenas[self.round]

    # --- the companion's deck: deal, pick, pass ----------------------------------

    def _deal(self) -> None:
        """'b. Draft Phase': deal the hand to each manager (Open Market: the first three)."""
        plan = self.setup["rounds"][self.round - 1]
        direction = plan["direction"]
        if self.mode == "open-market":
            self.drafting = Drafting(self.managers, direction, {}, self.mode)
            first = self.first_chooser()
            self._open_market(first if first in self.managers else None)
            return
        hand = int(plan["deal"])
        hands = deal(self.pile, self.dealt, self.n, hand)
        self.dealt += self.n * hand
        dealt = dict(zip(self.managers, hands, strict=True))
        self.drafting = Drafting(self.managers, direction, dealt, self.mode)

    def _open_market(self, chooser: str | None) -> None:
        """Open Market: "draws 3 cards from the pile" (rounds 2-3: the fewest Supporters
        choose first; when tied, whoever the table lets take first is the chooser)."""
        assert self.drafting is not None
        cards = self.pile[self.dealt : self.dealt + 3]
        if len(cards) < 3:
            raise OutOfTurn(f"the draw pile holds {len(cards)} card(s); the market needs 3")
        self.dealt += 3
        self.drafting.open_market(cards, chooser)

    def named_arenas(self, data: Mapping[str, Any]) -> list[dict[str, Any]]:
        """An arenas move's arenas as stored: drawn from the companion's Arena deck when
        none are given, a name from the table's catalogue, or an arena's whole doc."""
        given = data.get("arenas")
        if given is None and data.get("drawn"):
            return [a.to_doc() for a in self.next_arenas()] if self.phase == "arenas" else []
        known = {a.name.casefold(): a for a in self.catalogue}
        docs = []
        if not isinstance(given, list | tuple):
            raise BadArena("name this round's arenas, top to bottom")
        for arena in given:
            if isinstance(arena, str):
                found = known.get(arena.casefold())
                if found is None:
                    raise BadArena(f"no arena '{arena}' in this table's catalogue")
                docs.append(found.to_doc())
                continue
            try:  # a whole arena, as the CLI resolves a new one: checked, stored as read
                docs.append(arena_from_doc(arena).to_doc())
            except (KeyError, TypeError, ValueError, AttributeError):
                raise BadArena(f"not an arena: {str(arena)[:60]}") from None
        return docs

    def hand(self, manager: str) -> list[Card]:
        """The cards `manager` holds in this round's draft (Open Market: the market)."""
        if self.phase != "draft" or self.drafting is None:
            return []
        return self.drafting.hand(manager)

    def _check_drafting(self, manager: str) -> Drafting:
        if not self.deck:
            raise OutOfTurn("the table holds the cards in this game (started without --deck)")
        if self.phase != "draft" or self.drafting is None:
            raise OutOfTurn(
                f"no draft now: place round {self.round}'s arenas first"
                if self.phase == "arenas"
                else f"round {self.round}'s draft is over; build the teams"
            )
        if manager not in self.managers:
            raise BadTeam(f"no manager '{manager}' (managers: {', '.join(self.managers)})")
        return self.drafting

    def pick(
        self, manager: str, card: Card, keep: Card | None = None, give: Card | None = None
    ) -> Picked:
        """One card from the hand onto the Bench; once everyone has, the hands pass on."""
        drafting = self._check_drafting(manager)
        placed, passed, discarded = drafting.pick(manager, card, keep, give)
        for who, c in placed:
            self.bench[who].append(c)
        if self.mode == "open-market" and passed and not drafting.drafting_over:
            self._open_market(drafting.chooser)
        done = drafting.done
        if done:
            self._check_benches(drafting)
        chosen = placed[0][1]
        return Picked(
            manager, chosen, tuple(placed), passed, done, tuple(self.bench[manager]),
            tuple(discarded),
        )  # fmt: skip

    def discard(self, manager: str, card: Card) -> Picked:
        """Heritage and Duel: "Choose one card from among your seven cards and discard it"."""
        drafting = self._check_drafting(manager)
        gone = drafting.discard(manager, card)
        self.bench[manager] = [c for c in self.bench[manager] if c.identity != gone.identity]
        done = drafting.done
        if done:
            self._check_benches(drafting)
        bench = tuple(self.bench[manager])
        return Picked(manager, gone, (), False, done, bench, (gone,))

    def _check_benches(self, drafting: Drafting) -> None:
        """ "Each Manager must therefore have six Hockey Players on their Bench" (per round)."""
        for m in self.managers:
            got = len(drafting.drafted.get(m, ()))
            if got != BENCH:
                raise BadTeam(f"{m} drafted {got} card(s) this round, not {BENCH}")

    def _check_on_bench(self, manager: str, cards: Sequence[Card]) -> None:
        """With the companion's deck a team is built "From the cards on their Bench"."""
        if not self.deck:
            return
        mine = {c.identity for c in self.bench[manager]}
        for card in cards:
            if card.identity not in mine:
                names = " ".join(short(c) for c in self.bench[manager])
                raise BadTeam(f"card {short(card)} is not on {manager}'s Bench ({names})")

    def free_on_bench(self, manager: str) -> list[Card]:
        """The Bench cards no team of `manager`'s in play holds: what a new team is built
        from ("From the cards on their Bench")."""
        used = {c.identity for team in self.lineups().get(manager, {}).values() for c in team}
        return [c for c in self.bench[manager] if c.identity not in used]

    def add_team(self, manager: str, bus: int, cards: Sequence[Card]) -> tuple[Card, ...]:
        """'d. Assigning the Buses': one team per Bus, Bus 1 to the top arena."""
        self._check_phase_manager_bus(manager, bus)
        teams = self.teams.setdefault(self.round, {})
        if bus in teams.get(manager, {}):
            raise BadTeam(f"{manager} has already used Bus {bus} this round")
        if len(cards) != 5 or len({c.identity for c in cards}) != 5:
            raise BadTeam("a team is five different cards")
        placed = {f"{o}'s Bus {b} team": t for o, buses in teams.items() for b, t in buses.items()}
        check_not_in(cards, placed)
        teams.setdefault(manager, {})[bus] = tuple(cards)
        return tuple(cards)

    # --- version 2: the teams stay in play --------------------------------------

    def lineups(self) -> dict[str, dict[int, tuple[Card, ...]]]:
        """Each manager's teams this round by Bus (teams still to come have none)."""
        if not self.carries:
            return {m: dict(b) for m, b in self.teams.get(self.round, {}).items()}
        return {m: self.in_play[m].lineup() for m in self.managers}

    def lineups_json(self) -> dict[str, list[dict[str, Any]]]:
        """Each manager's teams this round: which team, its Bus, its cards, any swap."""
        if self.round > ROUNDS:
            return {}
        if self.carries:
            return {m: self.in_play[m].to_json() for m in self.managers}
        return {
            m: [
                {"team": "typed", "bus": bus, "cards": [str(c) for c in cards], "swap": None}
                for bus, cards in sorted(lineup.items())
            ]
            for m, lineup in self.lineups().items()
        }

    def _check_team_step(self, manager: str, bus: int | None) -> InPlay:
        self._check_phase_manager_bus(manager, bus)
        return self.in_play[manager]

    def _check_phase_manager_bus(self, manager: str, bus: int | None) -> None:
        """Teams are being placed, `manager` plays, and this round has Bus `bus`."""
        if self.phase != "teams":
            raise OutOfTurn(
                self._before_teams()
                or "the regular season is over; teams now go to 'playoff round'"
            )
        if manager not in self.managers:
            raise BadTeam(f"no manager '{manager}' (managers: {', '.join(self.managers)})")
        if bus is not None and not 1 <= bus <= self.round:
            raise BadTeam(
                f"round {self.round} uses Bus 1"
                + (f" to {self.round}" if self.round > 1 else "")
                + f" (got Bus {bus})"
            )

    def _check_not_others(self, manager: str, cards: Sequence[Card]) -> None:
        """No card in another manager's team this round, nor seen with them before."""
        check_species(cards, self.species)
        self._check_on_bench(manager, cards)
        others = {
            f"{o}'s Bus {b} team": t
            for o, lineup in self.lineups().items()
            if o != manager
            for b, t in lineup.items()
        }
        check_not_in(cards, others)
        for card in cards:
            owner = self.owner.get(card.identity)
            if owner is not None and owner != manager:
                raise BadTeam(
                    f"card {short(card)} is {owner}'s: it played in {owner}'s teams this season"
                )

    def play_team(self, manager: str, bus: int, cards: Sequence[Card]) -> TeamPlaced:
        """'c./d.': the new team on its Bus, or an earlier team typed again (one card swapped)."""
        mine = self._check_team_step(manager, bus)
        if bus in mine.placed:
            raise BadTeam(f"{manager} has already used Bus {bus} this round")
        if len(cards) != 5 or len({c.identity for c in cards}) != 5:
            raise BadTeam("a team is five different cards")
        index, swap = mine.classify(cards)
        new_ids = {c.identity for c in mine.new or ()}
        if (
            index == mine.new_index
            and mine.new is not None
            and new_ids != {c.identity for c in cards}
        ):
            raise BadTeam(
                f"{manager}'s new team is already in ({cards_line(mine.new)}): a round "
                "has one new team; undo it to change it"
            )
        if swap is not None and mine.holding(swap[1].identity) is not None:
            holder = mine.holding(swap[1].identity)
            raise BadTeam(f"card {short(swap[1])} is already in {mine.name(holder or 0)}")
        mine.check_place(bus, index)
        self._check_not_others(manager, cards)
        if swap is not None:
            mine.swaps[index] = swap
        if index == mine.new_index:
            mine.new = tuple(cards)
        mine.placed[bus] = index
        label = "new" if index == mine.new_index else f"round {index + 1}"
        return TeamPlaced(manager, bus, mine.team(index), label, swap)

    def swap_card(self, manager: str, out: Card, into: Card, bus: int | None) -> CardSwapped:
        """'c. Building the Teams': one card of an earlier team for one from the Bench."""
        if not self.carries:
            raise OutOfTurn(
                "this game was started before the companion kept the teams in play: type each "
                "Bus's team with 'season team'"
            )
        mine = self._check_team_step(manager, bus)
        if self.round == 1:
            raise OutOfTurn("round 1 has no team in play from an earlier round to swap a card of")
        index = next(
            (
                i
                for i, team in enumerate(mine.kept)
                if any(c.identity == out.identity for c in team)
            ),
            None,
        )
        if index is None:
            where = (
                f"in {manager}'s new team: a swap changes a team from an earlier round"
                if mine.new and any(c.identity == out.identity for c in mine.new)
                else f"in none of {manager}'s teams in play"
            )
            raise BadTeam(f"card {short(out)} is {where}")
        if index in mine.swaps:
            done = mine.swaps[index]
            raise BadTeam(
                f"{mine.name(index)} has had its one swap this round ({short(done[0])} → "
                f"{short(done[1])}); undo it to change it"
            )
        if into.identity == out.identity:
            raise BadTeam(f"swap {short(out)} for another card, not for itself")
        holder = mine.holding(into.identity)
        if holder is not None:
            raise BadTeam(f"card {short(into)} is already in {mine.name(holder)}")
        if bus is not None:
            mine.check_place(bus, index)
        self._check_not_others(manager, [into])
        out = next(c for c in mine.kept[index] if c.identity == out.identity)
        mine.swaps[index] = (out, into)
        if bus is not None:
            mine.placed[bus] = index
        return CardSwapped(
            manager, f"round {index + 1}", out, into, mine.bus_of(index), mine.team(index)
        )

    def choose_bus(self, manager: str, bus: int, card: Card) -> BusChosen:
        """'d. Assigning the Buses': the team holding `card` travels on `bus`."""
        if not self.carries:
            raise OutOfTurn(
                "this game was started before the companion kept the teams in play: type the "
                "team with 'season team'"
            )
        mine = self._check_team_step(manager, bus)
        index = mine.holding(card.identity)
        if index is None:
            raise BadTeam(f"card {short(card)} is in none of {manager}'s teams this round")
        mine.check_place(bus, index)
        mine.placed[bus] = index
        label = "new" if index == mine.new_index else f"round {index + 1}"
        return BusChosen(manager, label, bus, mine.team(index))

    def _next_round_in_play(self) -> None:
        """After a round: every team stays in play, as it ended; its cards are its manager's."""
        for m in self.managers:
            mine = self.in_play[m]
            teams = [mine.team(i) for i in range(mine.new_index + 1)]
            for card in [*(c for t in mine.kept for c in t), *(c for t in teams for c in t)]:
                self.owner.setdefault(card.identity, m)
            self.in_play[m] = InPlay(m, self.round + 1, teams)

    def _before_teams(self) -> str | None:
        """What comes before this round's teams, while it does (None once they are due)."""
        if self.phase == "arenas":
            return f"place round {self.round}'s arenas first"
        if self.phase == "draft" and self.drafting:
            return (
                f"round {self.round}'s draft is not over: "
                f"{', '.join(self.drafting.waiting_for())} still pick ('season pick')"
            )
        return None

    def resolve(self, config: TableConfig) -> RoundResult:
        """'e./f.': rank each arena in Bus order and award Supporters."""
        if self.phase != "teams":
            raise OutOfTurn(self._before_teams() or "the regular season is already resolved")
        missing = self.missing_teams()
        if missing:
            raise OutOfTurn(f"teams still missing: {', '.join(missing)}")
        if self.carries:
            self.teams[self.round] = self.lineups()
            self._next_round_in_play()
        teams = self.teams[self.round]
        rankings = tuple(
            rank_teams({m: teams[m][bus] for m in self.managers}, self.n, config, arena)
            for bus, arena in enumerate(self.arenas[self.round], start=1)
        )
        gained = {m: sum(r.points()[m] for r in rankings) for m in self.managers}
        for m, pts in gained.items():
            self.scores[m] += pts
        result = RoundResult(self.round, rankings, gained, config)
        self.results.append(result)
        self.round += 1
        if self.round > ROUNDS:
            drafted = {c.identity: m for m, b in self.bench.items() for c in b}
            self.playoffs = PlayOffs(
                self.managers,
                dict(self.setup["tickets"]),
                owner={**drafted, **self.owner},
                benches={m: frozenset(c.identity for c in b) for m, b in self.bench.items()}
                if self.deck
                else None,
                tracks=self.carries,
                species=self.species,
            )
        return result

    def _playoffs(self) -> PlayOffs:
        if self.playoffs is None:
            raise OutOfTurn(
                f"the Play-Offs start once round 3 is resolved (now round {self.round}, "
                f"{self.phase})"
            )
        return self.playoffs

    # --- the end -----------------------------------------------------------

    def final_result(self) -> dict[str, Any]:
        """'4. End of the Game': most Supporters; a tie goes to the most won in the Play-Offs."""
        if self.phase != "over":
            raise OutOfTurn(f"the game is not over yet (phase: {self.phase})")
        totals = self.totals()
        po = self.playoff_scores()
        keys = [(totals[m], po[m]) for m in self.managers]
        ranks = dict(zip(self.managers, shared_ranks(keys), strict=True))
        top = [m for m in self.managers if ranks[m] == 1]
        return {
            "scores": totals,
            "ranks": ranks,
            "winner": top[0] if len(top) == 1 else None,
            "playoff_scores": po,
            "regular_scores": dict(self.scores),
            "rounds": [dict(r.gained) for r in self.results],
            "playoff_champion": self.playoffs.champion if self.playoffs else None,
        }


def check_species(cards: Sequence[Card], species: Sequence[str]) -> None:
    """Setup: the draw pile is the chosen Species' cards; no other card is in the game."""
    if not species:
        return
    for card in cards:
        if card.species not in species:
            raise BadTeam(
                f"card {short(card)}: {card.species} are not in this game's draw pile "
                f"(its Species: {', '.join(species)})"
            )


class SeasonRules:
    """All-Star Draft as an event fold: the setup event starts the state, each event changes it.

    Nothing in a tracked game is drawn after the setup, so `rng` is never used.
    """

    def moves(self, state: Season) -> Iterator[Move]:
        """The moves that could be tried now (the legal-moves query keeps those `apply`
        accepts): `companion.games.allstar.rules.moves`."""
        from companion.games.allstar.rules.moves import candidates

        return candidates(state)

    def initial(self, match: Mapping[str, Any]) -> Season:
        events = match["events"]
        if not events or events[0]["type"] != "setup":
            raise BadInput("an All-Star Draft log starts with its setup event")
        return Season(events[0]["data"])

    def apply(self, state: Season, event: Mapping[str, Any], rng: TableRng | None) -> Step[Season]:
        data = dict(event.get("data", {}))
        if event["type"] in ("arenas", "team") and rng is not None:
            data["round"] = state.round  # the round it is recorded in, decided under the lock
        if event["type"] == "arenas" and rng is not None:
            data["arenas"] = state.named_arenas(data)
        stored = {"type": event["type"], "data": data}
        outcome = state.apply(stored)
        if rng is not None:  # a move being recorded; a stored log replays as it was kept
            state.known.check(stored, playoffs=stored["type"] in PLAYOFF_EVENTS)
        state.known.remember(stored)
        return Step(state, stored, outcome)


RULES = SeasonRules()


def fold(events: Sequence[Mapping[str, Any]]) -> Season:
    """The state after `events` (the first is always the setup)."""
    return replay(RULES, {"events": list(events)})
