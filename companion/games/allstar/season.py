"""A tracked game: the regular season's three rounds, then the Play-Offs, as a fold over events.

`RULES` is the game as an event fold (`companion.engine.events`): the first event of a
log is the setup, and each later event is applied by one `Season` method that validates
it first, so a table checks a new move by applying it to the folded state, and replaying
a stored log applies the same code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine.errors import BadInput
from companion.engine.events import Step, replay
from companion.engine.rng import TableRng
from companion.games.allstar.arenas import Arena, arena_from_doc
from companion.games.allstar.cards import Card, card_from_text
from companion.games.allstar.errors import BadArena, BadTeam, OutOfTurn
from companion.games.allstar.playoffs import PlayOffs
from companion.games.allstar.ranking import Ranking, rank_teams, shared_ranks
from companion.games.allstar.table import TableConfig, config_from_doc

ROUNDS = 3


@dataclass(frozen=True)
class RoundResult:
    round: int
    rankings: tuple[Ranking, ...]  # one per arena, in Bus order
    gained: dict[str, int]
    config: TableConfig | None = field(default=None, compare=False, repr=False)

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
    manager: str
    bus: int
    cards: tuple[Card, ...]

    def to_json(self) -> list[str]:
        return [str(c) for c in self.cards]


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

    # --- where the game stands -------------------------------------------

    @property
    def phase(self) -> str:
        if self.playoffs is not None:
            return "over" if self.playoffs.stage == "done" else "playoffs"
        return "arenas" if self.round not in self.arenas else "teams"

    @property
    def n(self) -> int:
        return len(self.managers)

    def missing_teams(self) -> list[str]:
        teams = self.teams.get(self.round, {})
        return [
            f"{m} Bus {b}"
            for m in self.managers
            for b in range(1, self.round + 1)
            if b not in teams.get(m, {})
        ]

    def first_chooser(self) -> str | None:
        """Open Market, rounds 2–3: the manager with fewer Supporters chooses first."""
        if self.mode != "open-market" or self.round == 1 or self.round > ROUNDS:
            return None
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
        if phase == "teams":
            missing = self.missing_teams()
            if missing:
                return f"round {r}: teams to come from {', '.join(missing)}"
            return f"round {r}: every team is in; resolve the round"
        playoffs = self.playoffs
        assert playoffs is not None
        if playoffs.stage == "team":
            return (
                f"Play-Off round {playoffs.round + 1}: {', '.join(playoffs.active)} "
                "reveal their teams"
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
            "eliminated": [e.to_json() for e in playoffs.eliminated] if playoffs else [],
            "arenas": [a.to_doc() for a in arenas],
            "missing_teams": self.missing_teams() if self.phase == "teams" else [],
            "first_chooser": self.first_chooser(),
            "playoff_stage": playoffs.stage if playoffs else None,
            "playoff_round": playoffs.round if playoffs else 0,
            "shootout_between": list(playoffs.tied) if playoffs else [],
            "swaps_waiting": list(playoffs.waiting_for)
            if playoffs and playoffs.stage == "swap"
            else [],
            "bench": dict(playoffs.hand) if playoffs else None,
            "active": list(playoffs.active) if playoffs else list(self.managers),
            "winner": result["winner"] if result else None,
            "ranks": result["ranks"] if result else None,
            "rounds": [dict(r.gained) for r in self.results],
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
            return ArenasPlaced(self.round, placed)
        if kind == "team":
            cards = tuple(card_from_text(c) for c in data["cards"])
            bus = int(data["bus"])
            return TeamPlaced(data["manager"], bus, self.add_team(data["manager"], bus, cards))
        if kind == "resolve":
            return self.resolve(config_from_doc(data["config"]))
        if kind in ("playoff-round", "shootout", "swap"):
            playoffs = self._playoffs()
            config = config_from_doc(data.get("config"))
            if kind == "playoff-round":
                teams = {m: tuple(card_from_text(c) for c in cs) for m, cs in data["teams"].items()}
                return playoffs.play_round(teams, data["points"], config)
            if kind == "shootout":
                cards = {m: card_from_text(c) for m, c in data["cards"].items()}
                return playoffs.shootout(cards, config)
            return playoffs.swap(data["manager"], int(data["count"]))
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
            if self.n == 2 and "no-two-managers" in arena.rules:
                raise BadArena(f"arena '{arena.name}' is removed in two-manager games")
            arena.check_row(self.n)
        self.arenas[self.round] = tuple(arenas)
        return self.arenas[self.round]

    def add_team(self, manager: str, bus: int, cards: Sequence[Card]) -> tuple[Card, ...]:
        """'d. Assigning the Buses': one team per Bus, Bus 1 to the top arena."""
        if self.phase != "teams":
            raise OutOfTurn(
                f"place round {self.round}'s arenas first"
                if self.phase == "arenas"
                else "the regular season is over; teams now go to 'playoff round'"
            )
        if manager not in self.managers:
            raise BadTeam(f"no manager '{manager}' (managers: {', '.join(self.managers)})")
        if not 1 <= bus <= self.round:
            raise BadTeam(
                f"round {self.round} uses Bus 1"
                + (f" to {self.round}" if self.round > 1 else "")
                + f" (got Bus {bus})"
            )
        teams = self.teams.setdefault(self.round, {})
        if bus in teams.get(manager, {}):
            raise BadTeam(f"{manager} has already used Bus {bus} this round")
        if len(cards) != 5 or len({c.identity for c in cards}) != 5:
            raise BadTeam("a team is five different cards")
        for other, buses in teams.items():
            for other_bus, team in buses.items():
                shared = {c.identity for c in team} & {c.identity for c in cards}
                if shared:
                    species, number = sorted(shared)[0]
                    raise BadTeam(
                        f"card {species}-{number} is already in {other}'s Bus {other_bus} team"
                    )
        teams.setdefault(manager, {})[bus] = tuple(cards)
        return tuple(cards)

    def resolve(self, config: TableConfig) -> RoundResult:
        """'e./f.': rank each arena in Bus order and award Supporters."""
        if self.phase != "teams":
            raise OutOfTurn(
                f"place round {self.round}'s arenas first"
                if self.phase == "arenas"
                else "the regular season is already resolved"
            )
        missing = self.missing_teams()
        if missing:
            raise OutOfTurn(f"teams still missing: {', '.join(missing)}")
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
            self.playoffs = PlayOffs(self.managers, dict(self.setup["tickets"]))
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


class SeasonRules:
    """All-Star Draft as an event fold: the setup event starts the state, each event changes it.

    Nothing in a tracked game is drawn after the setup, so `rng` is never used.
    """

    def initial(self, match: Mapping[str, Any]) -> Season:
        events = match["events"]
        if not events or events[0]["type"] != "setup":
            raise BadInput("an All-Star Draft log starts with its setup event")
        return Season(events[0]["data"])

    def apply(self, state: Season, event: Mapping[str, Any], rng: TableRng | None) -> Step[Season]:
        data = dict(event.get("data", {}))
        if event["type"] in ("arenas", "team") and rng is not None:
            data["round"] = state.round  # the round it is recorded in, decided under the lock
        stored = {"type": event["type"], "data": data}
        return Step(state, stored, state.apply(stored))


RULES = SeasonRules()


def fold(events: Sequence[Mapping[str, Any]]) -> Season:
    """The state after `events` (the first is always the setup)."""
    return replay(RULES, {"events": list(events)})
