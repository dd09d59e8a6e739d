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
from typing import TYPE_CHECKING, Any

from companion.engine.errors import BadInput, NothingToUndo, RuleViolation
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

if TYPE_CHECKING:
    from companion.engine.moves import Move

GAME = "allstar"
NO_TWO = frozenset({"no-two-managers"})
DOCS = "allstar"  # the store's table of this game's documents
DEFAULT_MANAGERS = 4
COMMAND = ("companion", "allstar", "season")
# The season's command for each move kind (the kind's own name otherwise).
MOVE_COMMANDS = {"card-swap": ("swap",), "playoff-round": ("playoff", "round"),
                 "swap": ("playoff", "swap"), "shootout": ("playoff", "shootout")}  # fmt: skip
EXAMPLE_ROW = (13, 10, 7, 5, 3, 1)  # an example row shape, not a real arena

# ask(what, how) -> a Supporter row; raises to refuse (see `no_asking`).
Ask = Callable[[str, str], tuple[int, ...]]
# ask(key, default) -> the table's order for `key` (species, symbols, numbers), weakest first.
AskOrder = Callable[[str, Sequence[Any]], Sequence[str]]
# ask(count, named) -> `count` names for Species the table has not named yet.
AskNames = Callable[[int, Sequence[str]], Sequence[str]]


def no_asking(what: str, how: str) -> tuple[int, ...]:
    raise BadInput(f"{what} is not known yet; give its Supporters with {how}")


def example_points(managers: int | None) -> str:
    """`13,10,7` for three managers: one place per manager."""
    return ",".join(map(str, EXAMPLE_ROW[: managers or 4]))


def missing_places(have: int, managers: int) -> str:
    """`4th place`, `5th and 6th places`: what a row entered for `have` managers lacks."""
    names = ("1st", "2nd", "3rd", "4th", "5th", "6th")
    gone = names[have:managers]
    return f"{gone[0]} place" if len(gone) == 1 else f"{', '.join(gone[:-1])} and {gone[-1]} places"


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
        from companion.games.allstar.rules.facts import without_placeholders

        return without_placeholders(config_from_doc(self.store.get_doc(DOCS, "config")))

    def name_species(self, needed: int, managers: int, ask: AskNames | None) -> TableConfig:
        """The table's settings naming at least `needed` Species: asked (and kept), else refused.

        `ask(count, named)` returns `count` new names; without it the setup is refused in one
        line saying how to name them with `allstar config set species`.
        """
        from companion.games.allstar.rules.facts import missing_species_line, with_species_named

        config = self.config()
        missing = needed - len(config.species)
        if missing <= 0:
            return config
        if ask is None:
            raise BadConfig(missing_species_line(config, needed, managers))
        config = with_species_named(config, ask(missing, config.species))
        self._put_config(config)
        return config

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

    def confirming(self, compute: Callable[[TableConfig], Any], ask: AskOrder | None) -> Any:
        """`compute(config)`; when it relied on an order the table has not confirmed, ask it.

        The first result that depends on an unconfirmed order (species, symbols, numbers)
        asks the table for it once (`ask`, at a terminal); the answer is kept as confirmed
        and the result worked out again with it. Without `ask` the result stands and says
        which default it rests on (its `unconfirmed`).
        """
        from companion.games.allstar.rules.facts import with_value

        config = self.config()
        result = compute(config)
        keys = list(result.unconfirmed)
        if ask is None or not keys:
            return result
        for key in keys:
            config = with_value(config, key, [str(v) for v in ask(key, self._order(config, key))])
        self._put_config(config)
        return compute(config)

    @staticmethod
    def _order(config: TableConfig, key: str) -> tuple[Any, ...]:
        return config.order(config_criterion(key))

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
        if found is not None and found.short_of(managers or 0):
            return self.fit_arena(found, managers, points, ask)
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

    def fit_arena(
        self, found: Arena, managers: int | None, points: str | None, ask: Ask | None
    ) -> tuple[Arena, bool]:
        """`found` paying a place per manager: a row entered for fewer managers is extended
        (the missing places asked, or `points` its whole row); True when it changed."""
        if managers is None or not found.short_of(managers):
            return found, False
        have = ",".join(map(str, found.points))
        lacks = missing_places(len(found.points), managers)
        if points is not None:
            return found.extended(parse_points(points), managers), True
        if ask is None:
            example = ",".join([have] + ["N"] * (managers - len(found.points)))
            raise BadArena(
                f"arena '{found.name}' pays {have} (entered for {len(found.points)} managers) "
                f"but {managers} play: give its {lacks} with --points {example} "
                "(remembered afterwards)"
            )
        typed = ask(
            f"arena '{found.name}' (entered {have}; type its {lacks}, or the whole row)",
            f"--points {have},N",
        )
        return found.extended(typed, managers), True

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
        ask_species: AskNames | None = None,
    ) -> SetupResult:
        """Species, draw pile, tickets, Tie-Breaker face and each round's draft.

        The Species are the table's choice when given, else drawn at random from those the
        table names; Species it has not named yet are asked (`ask_species`, and kept).
        """
        from companion.games.allstar.rules.modes import draft_for
        from companion.games.allstar.rules.setup import plan_setup

        needed = draft_for(len(players), mode).species_count(len(players))
        config = self.name_species(needed, len(players), ask_species)
        rng = TableRng(seed)
        plan = plan_setup(players, mode, config, rng, self.catalogue(), species)
        return SetupResult(plan, rng.seed, tuple(config.unconfirmed(["species"])))

    def power(
        self,
        cards: Sequence[str],
        managers: int | None = None,
        arena: str | None = None,
        rules: Sequence[str] | None = None,
        ask_order: AskOrder | None = None,
    ) -> PowerResult:
        from companion.games.allstar.rules.cards import parse_team
        from companion.games.allstar.rules.teams import team_strength, value_order_decided

        count = managers_count(managers, DEFAULT_MANAGERS)
        combos = self.arena_combos(arena, rules)

        def compute(config: TableConfig) -> PowerResult:
            strength = team_strength(parse_team(cards, config), count, config, combos)
            decided = [strength.criterion] if value_order_decided(strength) else []
            unconfirmed = tuple(config.unconfirmed(decided))
            return PowerResult(strength, count, tuple(sorted(combos)), unconfirmed)

        return self.confirming(compute, ask_order)

    def rank(
        self,
        teams: Sequence[str],
        managers: int | None = None,
        arena: str | None = None,
        points: str | None = None,
        rules: Sequence[str] | None = None,
        ask: Ask | None = None,
        ask_order: AskOrder | None = None,
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
        # The checks first (nothing asked of a refused ranking), then any order it relies on.
        rank_teams(named, count, config, chosen, combos)

        def compute(config: TableConfig) -> RankResult:
            again = {m: parse_team([cards], config) for m, cards in typed.items()}
            return RankResult(rank_teams(again, count, config, chosen, combos), count, config)

        done = self.confirming(compute, ask_order)
        if new_arena is not None:
            self.remember_arenas([new_arena])
        return done

    def shootout(
        self, shots: Sequence[str], managers: int | None = None, ask_order: AskOrder | None = None
    ) -> ShootoutResult:
        from companion.games.allstar.rules.cards import parse_card
        from companion.games.allstar.rules.shootout import resolve_shootout

        typed = parse_named(shots, "CARD")
        count = managers_count(managers, len(typed))

        def compute(config: TableConfig) -> ShootoutResult:
            named = {m: parse_card(c, config) for m, c in typed.items()}
            outcome = resolve_shootout(named, count, config)
            relied = tuple(config.unconfirmed(outcome.orders_relied_on))
            return ShootoutResult(outcome, count, relied)

        return self.confirming(compute, ask_order)

    def best(
        self,
        cards: Sequence[str],
        managers: int | None = None,
        arena: str | None = None,
        rules: Sequence[str] | None = None,
        ask_order: AskOrder | None = None,
    ) -> BestResult:
        from companion.games.allstar.rules.best import best_team, orders_deciding
        from companion.games.allstar.rules.cards import parse_cards

        count = managers_count(managers, DEFAULT_MANAGERS)
        combos = self.arena_combos(arena, rules)

        def compute(config: TableConfig) -> BestResult:
            hand = tuple(parse_cards(cards, config))
            found = best_team(hand, count, config, combos)
            deciding = tuple(config.unconfirmed(orders_deciding(found.best, found.runner_up)))
            return BestResult(found, hand, count, tuple(sorted(combos)), deciding)

        return self.confirming(compute, ask_order)

    # --- the tracked season -----------------------------------------------------

    def start(
        self,
        players: Sequence[str],
        mode: str | None = None,
        seed: int | None = None,
        species: Sequence[str] | None = None,
        ask_species: AskNames | None = None,
        deck: bool = False,
    ) -> SeasonStarted:
        """Run the setup and start a season; the setup is its first event.

        Only the draw pile's Species (`species`, else drawn) are in play afterwards. With
        `deck` the companion holds the decks: the Hockey Player pile of those Species is
        shuffled (seeded) into the setup, and so is an Arena deck of the catalogue's
        arenas playable here when it holds the six the season draws.
        """
        setup = self.setup(players, mode, seed, species, ask_species)
        plan = setup.plan.to_dict()
        extra: dict[str, Any] = {}
        if deck:
            extra = self._shuffled_decks(setup)
        status = self.start_match(
            list(players),
            {"mode": plan["mode"], "deck": deck},
            setup.seed,
            [event("setup", **plan, version=VERSION, **extra)],
        )
        return SeasonStarted(status, setup)

    def _shuffled_decks(self, setup: SetupResult) -> dict[str, Any]:
        from companion.games.allstar.rules.draft import hockey_pile

        plan = setup.plan
        rng = TableRng(setup.seed + 1)  # the setup's own draws stay as without --deck
        pile = rng.shuffled(hockey_pile(plan.species))
        n = len(plan.managers)
        playable = [a for a in self.arenas().arenas if not (n == 2 and a.rules & NO_TWO)]
        playable = [a for a in playable if len(a.points) >= n]
        needed = sum(r.arenas for r in plan.rounds)
        arena_deck = rng.shuffled(playable) if len(playable) >= needed else []
        return {"deck": True, "pile": pile, "arena_deck": [a.to_doc() for a in arena_deck]}

    def unknown_arenas(self, names: Sequence[str], managers: int = 0) -> list[str]:
        """The named arenas needing a row: not in the catalogue, or short of `managers`."""
        known = self.catalogue()
        found = [(name, find_arena(name, known)) for name in names]
        return [name for name, a in found if a is None or a.short_of(managers)]

    def place_arenas(
        self, names: Sequence[str], rows: Sequence[str] = (), ask: Ask | None = None
    ) -> Recorded[Season]:
        """This round's arenas, top to bottom; each unknown one takes the next row (or `ask`)."""
        state = self.status().state
        if not names and state.deck and state.arena_deck:
            # "draw the first card(s) of the Arena deck": the next ones of the shuffled deck.
            drawn = state.next_arenas() if state.phase == "arenas" else ()
            return self.record(event("arenas", arenas=[a.to_doc() for a in drawn], drawn=True))
        if not names:
            raise BadInput(
                "name this round's arenas, top to bottom (the companion holds no Arena deck "
                "in this game)"
            )
        rows = list(rows)
        known = self.catalogue()
        managers = len(self.current()["players"])
        unknown = self.unknown_arenas(names, managers)
        short = [n for n in unknown if find_arena(n, known) is not None]
        # A known arena short of places is refused by `fit_arena`, naming its missing places.
        if len(rows) < len(unknown) and ask is None and not short:
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
            if found is None or found.short_of(managers):
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

    def pick(
        self, manager: str, card: str, keep: str | None = None, give: str | None = None
    ) -> Recorded[Season]:
        """With the companion's deck: `manager` takes `card` from their hand onto the Bench.

        Duel: `keep` goes on their Bench too and `give` on their opponent's.
        """
        from companion.games.allstar.rules.cards import parse_card

        config = self.config()
        data: dict[str, Any] = {"manager": self.manager(manager)}
        data["card"] = str(parse_card(card, config))
        for key, typed in (("keep", keep), ("give", give)):
            if typed is not None:
                data[key] = str(parse_card(typed, config))
        return self.record(event("pick", **data))

    def discard(self, manager: str, card: str) -> Recorded[Season]:
        """Heritage and Duel: one of the seven cards drafted this round back in the box."""
        from companion.games.allstar.rules.cards import parse_card

        gone = parse_card(card, self.config())
        return self.record(event("discard", manager=self.manager(manager), card=str(gone)))

    def hand(self, manager: str) -> tuple[str, list[Any], list[Any], list[Any]]:
        """`manager`'s hand in this round's draft, their Bench and the Bench cards free for
        a new team (the companion's deck)."""
        state = self.status().state
        if not state.deck:
            raise OutOfTurn("the table holds the cards in this game (started without --deck)")
        who = self.manager(manager)
        return who, state.hand(who), list(state.bench[who]), state.free_on_bench(who)

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

    def resolve(self, ask_order: AskOrder | None = None) -> Recorded[Season]:
        """Rank every arena in Bus order and award Supporters.

        With `ask_order`, an unconfirmed order the round's rankings rely on is asked first
        (once, then kept), so the round is recorded with the table's own order.
        """
        if ask_order is not None:
            self.confirming(
                lambda config: self.check(event("resolve", config=config.to_doc())).outcome,
                ask_order,
            )
        return self.record(event("resolve", config=self.config().to_doc()))

    def playoff_shootout(
        self, cards: Mapping[str, Any], ask_order: AskOrder | None = None
    ) -> Recorded[Season]:
        """The tied managers' Penalty Shot: the weakest card pays a ticket or goes out."""
        if ask_order is not None:
            self.confirming(lambda config: self._shootout_event(cards, config)[1], ask_order)
        return self.record(self._shootout_event(cards, self.config())[0])

    def _shootout_event(self, cards: Mapping[str, Any], config: TableConfig) -> tuple[Any, Any]:
        """The shootout event for `config`, and what it would do (for `confirming`)."""
        from companion.games.allstar.rules.cards import parse_card

        typed = {m: parse_card(str(c), config) for m, c in cards.items()}
        named = {self.manager(m): c for m, c in typed.items()}
        shots = {m: str(c) for m, c in named.items()}
        move = event("shootout", cards=shots, config=config.to_doc())
        return move, self.check(move).outcome

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

    # --- the legal-moves query (companion.engine.moves) -------------------------

    def fold(self, match: Mapping[str, Any]) -> Season:
        """The state of `match`, lent the arena catalogue while the table places arenas it
        names (the moves offered, and a move naming a catalogue arena)."""
        state = super().fold(match)
        if state.phase == "arenas" and not (state.deck and state.arena_deck):
            state.catalogue = self.arenas().arenas
        return state

    def command(self, move: Move) -> str:
        """The `companion allstar season ...` command making `move` (its asks at their
        defaults)."""
        import shlex

        data = move.event()["data"]
        words = [*COMMAND, *MOVE_COMMANDS.get(move.kind, (move.kind,))]
        if move.kind == "arenas":
            words += data.get("arenas") or []
        elif move.kind in ("pick", "discard"):
            words += [data["manager"], data["card"]]
            for key in ("keep", "give"):
                if data.get(key):
                    words += [f"--{key}", data[key]]
        elif move.kind == "team":
            words += [data["manager"], str(data["bus"]), ",".join(data["cards"])]
        elif move.kind == "card-swap":
            words += [data["manager"], data["out"], data["in"]]
        elif move.kind == "bus":
            words += [data["manager"], str(data["bus"]), data["card"]]
        elif move.kind == "swap":
            words += [data["manager"], str(data["count"])]
        elif move.kind == "playoff-round":
            words += ["--points", ",".join(map(str, data["points"]))]
        return " ".join(shlex.quote(str(w)) for w in words)

    def events_of(self, move: Move, filled: Mapping[str, Any] | None = None) -> list[Any]:
        """The move's event, with the table's settings a ranking reads (as the CLI's)."""
        made = move.event(filled)
        if move.kind in ("resolve", "playoff-round"):
            made["data"]["config"] = self.config().to_doc()
        return [made]

    def with_legal(self, err: RuleViolation) -> RuleViolation:
        """`err` ending with what is legal now; while the companion holds secret cards (the
        hands of the draft, the Benches teams are built from: a list would show every
        manager's), and where nothing is listed because the table types it (a new team
        without the companion's deck), the next step says what is due."""
        from companion.engine.moves import Legal

        said = str(err)
        done = super().with_legal(err)
        if str(done) == said:
            return done
        state = self.status().state
        typed = str(done).endswith(f"; legal now: {Legal(None, 0, ()).summary()}")
        secret = state.phase == "draft" or (state.deck and state.phase == "teams")
        if secret or (typed and state.phase != "over"):
            done.args = (f"{said}; legal now: {state.next_step()}",)
        return done

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
            # The round just resolved, arena by arena: what the TV board shows beside the totals.
            detail={
                **state.to_json(),
                "last_round": state.results[-1].to_json() if state.results else None,
            },
            updated=match.get("updated"),
        )

    def result_of(self, match: Match, state: Season) -> dict[str, Any]:
        return state.final_result()

    def own(self, state: Season, player: str) -> dict[str, Any]:
        """With the companion's deck, what a manager keeps face down: the hand they draft
        from ("Each Manager looks at their hand"), their Bench and their teams in play.
        Open Market's three cards are the table's (on the board), not a hand."""
        if not state.deck or player not in state.managers:
            return {}
        mode_hand = state.mode != "open-market"
        return {
            "hand": [str(c) for c in state.hand(player)] if mode_hand else [],
            "bench": [str(c) for c in state.bench[player]],
            "teams": state.lineups_json().get(player, []),
        }


def _words(cards: str | Sequence[Any]) -> list[str]:
    """Cards as one typed string ("duc-1,duc-2 …") or as separate cards."""
    return [cards] if isinstance(cards, str) else [str(c) for c in cards]


TABLES = {GAME: AllStarTable}
