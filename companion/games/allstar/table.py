"""All-Star Draft at the table: the tracked season, the one-off helpers and the table's facts.

`AllStarTable` owns everything the companion keeps for this game in the store: the live
season (start, each move, undo, end, abandon, status), the arena catalogue, the table's
settings (species, symbols and number orders) and the Play-Off Points card. The one-off
helpers (`setup`, `power`, `rank`, `shootout`, `best`) read those facts here too.

Nothing here asks questions. Where a Supporter row is unknown, a face may pass `ask`
(`ask(what, how) -> row`); without it the table refuses, saying how to give the row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine.errors import BadInput, NothingToUndo
from companion.engine.events import Played, event, play
from companion.engine.names import match_prefix
from companion.engine.rng import TableRng
from companion.games.allstar.rules.arenas import Arena, find_arena, parse_points, parse_rules
from companion.games.allstar.rules.errors import BadArena, BadConfig, OutOfTurn
from companion.games.allstar.rules.facts import KEYS, TableConfig, config_from_doc
from companion.games.allstar.rules.results import (
    ArenaAdded,
    Arenas,
    BestResult,
    PowerResult,
    RankResult,
    Settings,
    SetupResult,
    ShootoutResult,
    config_criterion,
)
from companion.games.allstar.rules.season import RULES, VERSION, Season
from companion.tables.base import Ended, Match, Recorded, Status, Table, hints

GAME = "allstar"
DOCS = "allstar"  # the store's table of this game's documents
DEFAULT_MANAGERS = 4
EXAMPLE_ROW = (13, 10, 7, 5, 3, 1)  # an example row shape, not a real arena

# ask(what, how) -> a Supporter row; raises to refuse (see `no_asking`).
Ask = Callable[[str, str], tuple[int, ...]]


def no_asking(what: str, how: str) -> tuple[int, ...]:
    raise BadInput(f"{what} is not known yet; give its Supporters with {how}")


def example_points(managers: int | None) -> str:
    """`13,10,7` for three managers: one place per manager."""
    return ",".join(map(str, EXAMPLE_ROW[: managers or 4]))


def managers_count(given: int | None, default: int) -> int:
    from companion.games.allstar.rules.teams import medal_order

    count = default if given is None else given
    medal_order(count)
    return count


def parse_named(items: Iterable[str], what: str) -> dict[str, str]:
    """`NAME=value` pairs, names distinct (case-insensitive)."""
    named: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise BadInput(f"'{item}' is not NAME={what}")
        if name.strip().casefold() in {n.casefold() for n in named}:
            raise BadInput(f"manager '{name.strip()}' is named twice")
        named[name.strip()] = value.strip()
    return named


@dataclass(frozen=True)
class SeasonStarted:
    """A season just started: its status and the setup the table prepares."""

    status: Status[Season]
    setup: SetupResult

    def to_json(self) -> dict[str, Any]:
        plan = self.setup.plan.to_dict()
        return {**self.status.to_json(), "setup": plan, "seed": self.setup.seed}


@dataclass(frozen=True)
class SeasonEnded:
    """A finished season: its final status and the result filed in history."""

    ended: Ended
    status: Status[Season]

    @property
    def result(self) -> Mapping[str, Any]:
        return self.ended.result

    def to_json(self) -> dict[str, Any]:
        return {**self.status.to_json(), "result": dict(self.result)}


class AllStarTable(Table[Season]):
    game = GAME
    rules = RULES
    opening = frozenset({"setup"})

    # --- the table's settings -------------------------------------------------

    def config(self) -> TableConfig:
        return config_from_doc(self.store.get_doc(DOCS, "config"))

    def settings(self) -> Settings:
        row = self.store.get_doc(DOCS, "playoff_points")
        return Settings(self.config(), tuple(row) if row else None)

    def set_setting(self, key: str, values: Sequence[str]) -> Settings:
        """Set a list (weakest first) or the Play-Off Points card; a list set is confirmed."""
        from companion.games.allstar.rules.facts import with_value

        words = [w for chunk in values for w in chunk.split(",")]
        key = key.strip().casefold()
        if key in ("playoff-points", "playoff_points"):
            self.set_playoff_points(parse_points(",".join(words), "Play-Off row"))
        else:
            self._put_config(with_value(self.config(), key, words))
        return self.settings()

    def confirm(self, key: str) -> Settings:
        from companion.games.allstar.rules.facts import confirmed

        self._put_config(confirmed(self.config(), key.strip().casefold()))
        return self.settings()

    def edit_settings(self, text: str) -> Settings:
        """Every setting at once, from TOML (as `Settings.to_toml` writes it)."""
        import tomllib

        from companion.games.allstar.rules.facts import with_value

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            raise BadConfig(f"the settings are not valid TOML: {err}") from None
        unknown = [k for k in data if k not in KEYS]
        if unknown:
            raise BadConfig(f"no setting '{unknown[0]}' (choose from {', '.join(KEYS)})")
        config = self.config()
        for key in KEYS:
            if key in data and list(data[key]) != list(config.order(config_criterion(key))):
                config = with_value(config, key, [str(v) for v in data[key]])
        self._put_config(config)
        return self.settings()

    def _put_config(self, config: TableConfig) -> None:
        self.store.put_doc(DOCS, "config", config.to_doc())

    def playoff_points(self) -> tuple[int, ...] | None:
        row = self.store.get_doc(DOCS, "playoff_points")
        return tuple(row) if row else None

    def set_playoff_points(self, row: Sequence[int]) -> None:
        self.store.put_doc(DOCS, "playoff_points", list(row))

    # --- the arena catalogue --------------------------------------------------

    def catalogue(self) -> dict[str, Any]:
        return dict(self.store.get_doc(DOCS, "arenas", {}) or {})

    def arenas(self) -> Arenas:
        from companion.games.allstar.rules.arenas import arena_from_doc

        return Arenas.of([arena_from_doc(doc) for doc in self.catalogue().values()])

    def find_arena(self, typed: str) -> Arena | None:
        return find_arena(typed, self.catalogue())

    def add_arena(self, name: str, row: Sequence[int], rules: Iterable[str] = ()) -> ArenaAdded:
        """Add an arena, or correct one of the same name (any case)."""
        if not name.strip() or "," in name:
            raise BadInput(f"arena name '{name}' must be non-empty and without commas")
        arena = Arena(name.strip(), tuple(row), parse_rules(list(rules)))
        existing = {n.casefold(): n for n in self.catalogue()}
        old = existing.get(arena.name.casefold())

        def change(cat: Any) -> dict[str, Any]:
            cat = {k: v for k, v in (cat or {}).items() if k != old}
            return {**cat, arena.name: arena.to_doc()}

        self.store.update_doc(DOCS, "arenas", change)
        return ArenaAdded(arena, old is not None)

    def remove_arena(self, typed: str) -> str:
        names = list(self.catalogue())
        if not names:
            raise BadInput(
                f"no arena '{typed}' to remove: no arenas are entered yet",
                hint="add one with 'companion allstar arena add NAME --points 13,10,7,5'",
            )
        chosen = match_prefix(typed, names, what="arena")
        self.store.update_doc(
            DOCS, "arenas", lambda cat: {k: v for k, v in (cat or {}).items() if k != chosen}
        )
        return chosen

    def remember_arenas(self, arenas: Sequence[Arena]) -> None:
        if arenas:
            self.store.update_doc(
                DOCS,
                "arenas",
                lambda cat: {**(cat or {}), **{a.name: a.to_doc() for a in arenas}},
            )

    def resolve_arena(
        self,
        typed: str,
        points: str | None,
        rules: Sequence[str] | None = None,
        managers: int | None = None,
        ask: Ask | None = None,
    ) -> tuple[Arena, bool]:
        """The catalogue's arena, or a new one from `points` (or `ask`); True when new."""
        found = self.find_arena(typed)
        if found is not None:
            if points is not None and parse_points(points) != found.points:
                raise BadArena(
                    f"arena '{found.name}' already pays {','.join(map(str, found.points))}",
                    hint="correct it with 'companion allstar arena add' or leave out --points",
                )
            return found, False
        if points is not None:
            row = parse_points(points)
        else:
            places = f", {managers} places for {managers} managers" if managers else ""
            row = (ask or no_asking)(
                f"arena '{typed}'",
                f"--points {example_points(managers)} (1st place first{places}; "
                "remembered afterwards)",
            )
        return Arena(typed.strip(), row, parse_rules(rules or [])), True

    def arena_combos(self, arena: str | None, rules: Sequence[str] | None) -> frozenset[str]:
        """The combinations that beat Power 5: from `rules`, plus the named arena's icons."""
        combos = set(parse_rules(rules or []))
        if arena is not None:
            found = self.find_arena(arena)
            if found is None:
                raise BadArena(
                    f"no arena '{arena}'", hint="add it with 'companion allstar arena add'"
                )
            combos |= found.combos
        return frozenset(combos)

    # --- the one-off helpers ----------------------------------------------------

    def setup(
        self,
        players: Sequence[str],
        mode: str | None,
        seed: int | None,
        species: Sequence[str] | None = None,
    ) -> SetupResult:
        """Species, draw pile, tickets, Tie-Breaker face and each round's draft (nothing kept).

        The Species are the table's choice when given, else drawn at random.
        """
        from companion.games.allstar.rules.setup import plan_setup

        config = self.config()
        rng = TableRng(seed)
        plan = plan_setup(players, mode, config, rng, self.catalogue(), species)
        return SetupResult(plan, rng.seed, tuple(config.unconfirmed(["species"])))

    def power(
        self,
        cards: Sequence[str],
        managers: int | None = None,
        arena: str | None = None,
        rules: Sequence[str] | None = None,
    ) -> PowerResult:
        from companion.games.allstar.rules.cards import parse_team
        from companion.games.allstar.rules.teams import team_strength, value_order_decided

        config = self.config()
        team = parse_team(cards, config)
        count = managers_count(managers, DEFAULT_MANAGERS)
        combos = self.arena_combos(arena, rules)
        strength = team_strength(team, count, config, combos)
        decided = [strength.criterion] if value_order_decided(strength) else []
        unconfirmed = tuple(config.unconfirmed(decided))
        return PowerResult(strength, count, tuple(sorted(combos)), unconfirmed)

    def rank(
        self,
        teams: Sequence[str],
        managers: int | None = None,
        arena: str | None = None,
        points: str | None = None,
        rules: Sequence[str] | None = None,
        ask: Ask | None = None,
    ) -> RankResult:
        """Rank `NAME=cards` teams; a new arena named with its row is remembered."""
        from companion.games.allstar.rules.cards import parse_team
        from companion.games.allstar.rules.ranking import rank_teams

        config = self.config()
        typed = parse_named(teams, "card,card,...")
        named = {m: parse_team([cards], config) for m, cards in typed.items()}
        count = managers_count(managers, len(named))
        new_arena = None
        chosen: Arena | None
        if arena is not None:
            chosen, is_new = self.resolve_arena(arena, points, rules, count, ask)
            new_arena = chosen if is_new else None
            if rules and not is_new:
                chosen = Arena(chosen.name, chosen.points, chosen.rules | parse_rules(rules))
        elif points is not None:
            chosen = Arena("(given row)", parse_points(points), parse_rules(rules or []))
        else:
            chosen = None
        combos = parse_rules(rules or []) if chosen is None else frozenset()
        ranking = rank_teams(named, count, config, chosen, combos)
        if new_arena is not None:
            self.remember_arenas([new_arena])
        return RankResult(ranking, count, config)

    def shootout(self, shots: Sequence[str], managers: int | None = None) -> ShootoutResult:
        from companion.games.allstar.rules.cards import parse_card
        from companion.games.allstar.rules.shootout import resolve_shootout

        config = self.config()
        named = {m: parse_card(c, config) for m, c in parse_named(shots, "CARD").items()}
        count = managers_count(managers, len(named))
        outcome = resolve_shootout(named, count, config)
        return ShootoutResult(outcome, count, tuple(config.unconfirmed(outcome.orders_relied_on)))

    def best(
        self,
        cards: Sequence[str],
        managers: int | None = None,
        arena: str | None = None,
        rules: Sequence[str] | None = None,
    ) -> BestResult:
        from companion.games.allstar.rules.best import best_team, orders_deciding
        from companion.games.allstar.rules.cards import parse_cards

        config = self.config()
        hand = tuple(parse_cards(cards, config))
        count = managers_count(managers, DEFAULT_MANAGERS)
        combos = self.arena_combos(arena, rules)
        found = best_team(hand, count, config, combos)
        deciding = orders_deciding(found.best, found.runner_up)
        return BestResult(
            found, hand, count, tuple(sorted(combos)), tuple(config.unconfirmed(deciding))
        )

    # --- the tracked season -----------------------------------------------------

    def start(
        self,
        players: Sequence[str],
        mode: str | None = None,
        seed: int | None = None,
        species: Sequence[str] | None = None,
    ) -> SeasonStarted:
        """Run the setup and start a season; the setup is its first event.

        Only the draw pile's Species (`species`, else drawn) are in play afterwards.
        """
        setup = self.setup(players, mode, seed, species)
        plan = setup.plan.to_dict()
        status = self.start_match(
            list(players),
            {"mode": plan["mode"]},
            setup.seed,
            [event("setup", **plan, version=VERSION)],
        )
        return SeasonStarted(status, setup)

    def unknown_arenas(self, names: Sequence[str]) -> list[str]:
        known = self.catalogue()
        return [name for name in names if find_arena(name, known) is None]

    def place_arenas(
        self, names: Sequence[str], rows: Sequence[str] = (), ask: Ask | None = None
    ) -> Recorded[Season]:
        """This round's arenas, top to bottom; each unknown one takes the next row (or `ask`)."""
        rows = list(rows)
        known = self.catalogue()
        managers = len(self.current()["players"])
        unknown = self.unknown_arenas(names)
        if len(rows) < len(unknown) and ask is None:
            missing = unknown[len(rows) :]
            example = " ".join(f"--points {example_points(managers)}" for _ in unknown)
            raise BadInput(
                f"{len(unknown)} arena(s) not known yet ({', '.join(unknown)}) but "
                f"{len(rows)} --points row(s) given, so no row for {', '.join(missing)}: "
                f"give one --points per unknown arena, in the order named, each with at least "
                f"{managers} places (1st place first), e.g. {example}"
            )
        chosen: list[Arena] = []
        new: list[Arena] = []
        for name in names:
            found = find_arena(name, known)
            if found is None:
                row = rows.pop(0) if rows else None
                found, _ = self.resolve_arena(name, row, None, managers, ask)
                new.append(found)
            chosen.append(found)
        if rows:
            raise BadInput(f"{len(rows)} --points row(s) left over: every named arena is known")
        return self.arenas_chosen(chosen, new)

    def arenas_chosen(self, chosen: Sequence[Arena], new: Sequence[Arena] = ()) -> Recorded[Season]:
        """Record arenas already resolved; the new ones join the catalogue once recorded."""
        recorded = self.record(event("arenas", arenas=[a.to_doc() for a in chosen]))
        self.remember_arenas(list(new))
        return recorded

    def team(self, manager: str, bus: int, cards: Sequence[Any]) -> Recorded[Season]:
        """A manager's team and the Bus it travels on this round."""
        from companion.games.allstar.rules.cards import parse_team

        team = parse_team([str(c) for c in cards], self.config())
        who = self.manager(manager)
        return self.record(event("team", manager=who, bus=bus, cards=[str(c) for c in team]))

    def check(self, *moves: Mapping[str, Any]) -> Played[Season]:
        """What `moves` would do, without recording them (raises as `record` would)."""
        return play(self.rules, self.current(), moves)

    def manager(self, typed: str) -> str:
        """A manager of the live season, by unique prefix."""
        return match_prefix(typed, self.current()["players"], what="manager")

    def swap_card(
        self, manager: str, out: str, into: str, bus: int | None = None
    ) -> Recorded[Season]:
        """One card of an earlier team swapped with one from the Bench (rounds 2 and 3)."""
        from companion.games.allstar.rules.cards import parse_card

        config = self.config()
        old, new = parse_card(out, config), parse_card(into, config)
        who = self.manager(manager)
        return self.record(
            event("card-swap", manager=who, out=str(old), bus=bus, **{"in": str(new)})
        )

    def choose_bus(self, manager: str, bus: int, card: str) -> Recorded[Season]:
        """The team holding `card` travels on `bus` this round."""
        from companion.games.allstar.rules.cards import parse_card

        held = parse_card(card, self.config())
        return self.record(event("bus", manager=self.manager(manager), bus=bus, card=str(held)))

    def resolve(self) -> Recorded[Season]:
        """Rank every arena in Bus order and award Supporters."""
        return self.record(event("resolve", config=self.config().to_doc()))

    def playoff_row(
        self, given: str | Sequence[int] | None, managers: int, ask: Ask | None = None
    ) -> list[int]:
        """The Play-Off Points card: given, else the table's, else asked (and then kept)."""
        from companion.games.allstar.rules.playoffs import check_points_row

        stored = self.playoff_points()
        if isinstance(given, str):
            row = parse_points(given, "Play-Off row")
        elif given is not None:
            row = tuple(given)
        elif stored:
            row = stored
        else:
            row = (ask or no_asking)(
                "the Play-Off Points card",
                "--points 15,13,11,9,7,5 (1st place first; remembered afterwards)",
            )
        return list(check_points_row(row, managers))

    def playoff_round(
        self,
        teams: Mapping[str, str | Sequence[Any]] | None = None,
        points: str | Sequence[int] | None = None,
        ask: Ask | None = None,
    ) -> Recorded[Season]:
        """Every remaining team revealed: the lowest Power pays a ticket or goes out."""
        from companion.games.allstar.rules.cards import parse_team

        config = self.config()
        season = self.status().state
        if season.playoffs is None:
            raise OutOfTurn(
                f"the Play-Offs start once round 3 is resolved (now round {season.round})"
            )
        row = self.playoff_row(points, len(season.managers), ask)
        typed = {m: parse_team(_words(t), config) for m, t in (teams or {}).items()}
        named = {match_prefix(m, season.managers, what="manager"): t for m, t in typed.items()}
        recorded = self.record(
            event(
                "playoff-round",
                teams={m: [str(c) for c in t] for m, t in named.items()},
                points=row,
                config=config.to_doc(),
            )
        )
        self.set_playoff_points(row)
        return recorded

    def playoff_shootout(self, cards: Mapping[str, Any]) -> Recorded[Season]:
        """The tied managers' Penalty Shot: the weakest card pays a ticket or goes out."""
        from companion.games.allstar.rules.cards import parse_card

        config = self.config()
        typed = {m: parse_card(str(c), config) for m, c in cards.items()}
        named = {self.manager(m): c for m, c in typed.items()}
        return self.record(
            event("shootout", cards={m: str(c) for m, c in named.items()}, config=config.to_doc())
        )

    def playoff_swap(
        self,
        manager: str,
        count: int | None = None,
        out: Sequence[Any] = (),
        into: Sequence[Any] = (),
    ) -> Recorded[Season]:
        """A manager's substitutions: 2 to 4 cards, counted or named (`out` for `into`).

        Named, the next team follows from them; counted, the next round's team is checked.
        """
        from companion.games.allstar.rules.cards import parse_cards

        config = self.config()
        outs = [str(c) for c in parse_cards([str(c) for c in out], config)]
        ins = [str(c) for c in parse_cards([str(c) for c in into], config)]
        data: dict[str, Any] = {"manager": self.manager(manager)}
        if count is not None:
            data["count"] = count
        if outs or ins:
            data.update({"out": outs, "in": ins})
        return self.record(event("swap", **data))

    @hints
    def end(self) -> SeasonEnded:  # type: ignore[override]
        """File the result: most Supporters wins; a tie goes to the most won in the Play-Offs."""
        done = self.store.finish_match(GAME, lambda m: self.result_of(m, self.fold(m)))
        return SeasonEnded(Ended.of(done), self.status(done))

    # --- the game's part ------------------------------------------------------

    def check_undo(self, match: Match) -> None:
        if len(match["events"]) <= 1:
            raise NothingToUndo(
                "nothing to undo since the setup",
                hint="'companion allstar season abandon' drops the whole game",
            )

    def status_of(self, match: Match, state: Season) -> Status[Season]:
        return Status(
            id=match["id"],
            game=GAME,
            status=match.get("status", "live"),
            players=state.managers,
            scores=state.totals(),
            next=state.next_step(),
            state=state,
            detail=state.to_json(),
            updated=match.get("updated"),
        )

    def result_of(self, match: Match, state: Season) -> dict[str, Any]:
        return state.final_result()


def _words(cards: str | Sequence[Any]) -> list[str]:
    """Cards as one typed string ("duc-1,duc-2 …") or as separate cards."""
    return [cards] if isinstance(cards, str) else [str(c) for c in cards]


TABLES = {GAME: AllStarTable}
