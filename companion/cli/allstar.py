"""`companion allstar`: setup, Power and ranking, shootouts, the best team, a tracked season."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import JsonOption, SeedOption, emit, new_app, on_terminal, open_store
from companion.engine.errors import BadInput, NothingToUndo

if TYPE_CHECKING:
    from companion.games.allstar.arenas import Arena
    from companion.games.allstar.ranking import Ranking
    from companion.games.allstar.season import Season
    from companion.games.allstar.table import TableConfig
    from companion.store import Store

GAME = "allstar"
TABLE = "allstar"

app = new_app("All-Star Draft: setup, team Power and ranking, shootouts, best team, a season.")
arena_app = new_app("The table's Arena cards: Supporter rows and icons.")
config_app = new_app("The table's facts the rulebook does not print (species, symbols, orders).")
season_app = new_app("A tracked game: three regular-season rounds, then the Play-Offs.")
playoff_app = new_app("Play-Off steps: a round of teams, a shootout, substitutions.")
app.add_typer(arena_app, name="arena")
app.add_typer(config_app, name="config")
app.add_typer(season_app, name="season")
season_app.add_typer(playoff_app, name="playoff")

PlayersOption = Annotated[
    str, typer.Option("--players", "-p", help="Managers in seating order, comma separated.")
]
ModeOption = Annotated[
    str | None,
    typer.Option("--mode", help="Two-manager mode: heritage, duel or open-market."),
]
ManagersOption = Annotated[
    int | None,
    typer.Option(
        "--managers", "-m", help="Managers at the table (2-6): sets the Tie-Breaker face."
    ),
]
ArenaOption = Annotated[
    str | None, typer.Option("--arena", "-a", help="An arena from the catalogue (prefix).")
]
PointsOption = Annotated[
    str | None,
    typer.Option("--points", help="Supporters for 1st, 2nd, ... place, e.g. 13,10,7,5."),
]
RuleOption = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        help="Arena icon: unusual, no-two-managers, straight, full-house or rainbow (repeatable).",
    ),
]
CardsArgument = Annotated[
    list[str], typer.Argument(help="Cards as SPECIES-NUMBER-SYMBOL or SPECIES-NUMBER (prefixes).")
]
TeamsArgument = Annotated[
    list[str], typer.Argument(help='Teams as "NAME=card,card,card,card,card".')
]

DEFAULT_MANAGERS = 4


# --- stored table facts ------------------------------------------------------


def table_config(store: Store) -> TableConfig:
    from companion.games.allstar.table import config_from_doc

    return config_from_doc(store.get_doc(TABLE, "config"))


def catalogue(store: Store) -> dict[str, Any]:
    return dict(store.get_doc(TABLE, "arenas", {}) or {})


def unconfirmed(config: TableConfig, criteria: Any) -> list[str]:
    """Settings a result relied on that the table has not confirmed from its box."""
    keys = dict.fromkeys(config.key_for(c) for c in criteria)
    return [k for k in keys if not config.is_confirmed(k)]


def ask_points(what: str, given: str | None, how: str) -> tuple[int, ...]:
    """A Supporter row: from --points, else asked on a terminal, else a clear error."""
    from companion.games.allstar.arenas import parse_points

    if given is not None:
        return parse_points(given)
    if on_terminal():
        import questionary

        answer = questionary.text(f"Supporters for 1st, 2nd, ... place in {what}:").ask()
        if answer:
            return parse_points(answer)
    raise BadInput(f"{what} is not known yet; give its Supporters with {how}")


EXAMPLE_ROW = (13, 10, 7, 5, 3, 1)  # an example row shape, not a real arena


def example_points(managers: int | None) -> str:
    """`--points 13,10,7` for three managers: one place per manager."""
    return ",".join(map(str, EXAMPLE_ROW[: managers or 4]))


def resolve_arena(
    store: Store,
    typed: str,
    points: str | None,
    rules: list[str] | None,
    managers: int | None = None,
) -> tuple[Arena, bool]:
    """The catalogue arena, or a new one from --points / a question; True when new."""
    from companion.games.allstar.arenas import Arena, find_arena, parse_points, parse_rules
    from companion.games.allstar.errors import BadArena

    found = find_arena(typed, catalogue(store))
    if found is not None:
        if points is not None and parse_points(points) != found.points:
            raise BadArena(
                f"arena '{found.name}' already pays {','.join(map(str, found.points))}",
                hint="correct it with 'companion allstar arena add' or leave out --points",
            )
        return found, False
    places = f", {managers} places for {managers} managers" if managers else ""
    row = ask_points(
        f"arena '{typed}'",
        points,
        f"--points {example_points(managers)} (1st place first{places}; remembered afterwards)",
    )
    return Arena(typed.strip(), row, parse_rules(rules or [])), True


def remember_arenas(store: Store, arenas: list[Arena]) -> None:
    if arenas:
        store.update_doc(
            TABLE, "arenas", lambda cat: {**(cat or {}), **{a.name: a.to_doc() for a in arenas}}
        )


def managers_count(given: int | None, default: int) -> int:
    from companion.games.allstar.teams import medal_order

    count = default if given is None else given
    medal_order(count)
    return count


def parse_named(items: list[str], what: str) -> dict[str, str]:
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


# --- payloads (JSON and renderers share them) ------------------------------


def strength_payload(strength: Any) -> dict[str, Any]:
    return {
        "power": strength.power,
        "criterion": strength.criterion,
        "value": strength.value,
        "medal": strength.medal,
        "combo": strength.combo,
        "cards": [str(c) for c in strength.cards],
    }


def ranking_payload(ranking: Ranking, config: TableConfig | None = None) -> dict[str, Any]:
    payload = {
        "arena": ranking.arena.to_doc() if ranking.arena else None,
        "ranking": [
            {
                "manager": p.manager,
                "rank": p.rank,
                **strength_payload(p.strength),
                "points": p.points,
            }
            for p in ranking.placings
        ],
        "explanation": [c.text for c in ranking.comparisons],
    }
    if config is not None:
        payload["unconfirmed"] = unconfirmed(config, ranking.orders_relied_on)
    return payload


# --- one-off helpers ---------------------------------------------------------


@app.command()
def setup(
    ctx: typer.Context,
    players: PlayersOption,
    mode: ModeOption = None,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Set up the table: Species, draw pile, tickets, Tie-Breaker face, each round's draft."""
    from companion.engine.decks import parse_players
    from companion.engine.rng import TableRng
    from companion.games.allstar.setup import plan_setup

    names = parse_players(players)
    store = open_store(ctx)
    config = table_config(store)
    rng = TableRng(seed)
    plan = plan_setup(names, mode, config, rng, catalogue(store))
    payload = {**plan.to_dict(), "seed": rng.seed, "unconfirmed": unconfirmed(config, ["species"])}

    def render(out):
        from companion.ui.allstar import render_setup

        render_setup(out, payload)

    emit(payload, json, render)


def arena_combos(store: Any, arena: str | None, rule: list[str] | None) -> frozenset[str]:
    """The combinations that beat Power 5: from --rule, plus the named arena's icons."""
    from companion.games.allstar.arenas import find_arena, parse_rules
    from companion.games.allstar.errors import BadArena

    combos = set(parse_rules(rule or []))
    if arena is not None:
        found = find_arena(arena, catalogue(store))
        if found is None:
            raise BadArena(f"no arena '{arena}'", hint="add it with 'companion allstar arena add'")
        combos |= found.combos
    return frozenset(combos)


@app.command()
def power(
    ctx: typer.Context,
    cards: CardsArgument,
    managers: ManagersOption = None,
    arena: ArenaOption = None,
    rule: RuleOption = None,
    json: JsonOption = False,
) -> None:
    """A team's Power, the criterion and value that count, and its medal."""
    from companion.games.allstar.cards import parse_team
    from companion.games.allstar.teams import team_strength, value_order_decided

    store = open_store(ctx)
    config = table_config(store)
    team = parse_team(cards, config)
    count = managers_count(managers, DEFAULT_MANAGERS)
    combos = arena_combos(store, arena, rule)
    strength = team_strength(team, count, config, combos)
    payload = {
        **strength_payload(strength),
        "managers": count,
        "rules": sorted(combos),
        "unconfirmed": unconfirmed(
            config, [strength.criterion] if value_order_decided(strength) else []
        ),
    }

    def render(out):
        from companion.ui.allstar import render_power

        render_power(out, payload)

    emit(payload, json, render)


@app.command()
def rank(
    ctx: typer.Context,
    teams: TeamsArgument,
    managers: ManagersOption = None,
    arena: ArenaOption = None,
    points: PointsOption = None,
    rule: RuleOption = None,
    json: JsonOption = False,
) -> None:
    """Rank teams in an arena: tie-breakers, shared ranks and Supporter points."""
    from companion.games.allstar.arenas import Arena, parse_points, parse_rules
    from companion.games.allstar.cards import parse_team
    from companion.games.allstar.ranking import rank_teams

    store = open_store(ctx)
    config = table_config(store)
    named = {m: parse_team([cs], config) for m, cs in parse_named(teams, "card,card,...").items()}
    count = managers_count(managers, len(named))
    new_arena = None
    if arena is not None:
        chosen, is_new = resolve_arena(store, arena, points, rule, count)
        new_arena = chosen if is_new else None
        if rule and not is_new:
            chosen = Arena(chosen.name, chosen.points, chosen.rules | parse_rules(rule))
    elif points is not None:
        chosen = Arena("(given row)", parse_points(points), parse_rules(rule or []))
    else:
        chosen = None
    combos = parse_rules(rule or []) if chosen is None else frozenset()
    ranking = rank_teams(named, count, config, chosen, combos)
    if new_arena is not None:
        remember_arenas(store, [new_arena])
    payload = {"managers": count, **ranking_payload(ranking, config)}

    def render(out):
        from companion.ui.allstar import render_ranking

        render_ranking(out, payload)

    emit(payload, json, render)


@app.command()
def shootout(
    ctx: typer.Context,
    shots: Annotated[list[str], typer.Argument(help='Penalty Shots as "NAME=CARD".')],
    managers: ManagersOption = None,
    json: JsonOption = False,
) -> None:
    """A Penalty Shot: single cards compared by Gold, then Silver, then Bronze."""
    from companion.games.allstar.cards import parse_card
    from companion.games.allstar.shootout import resolve_shootout

    config = table_config(open_store(ctx))
    named = {m: parse_card(c, config) for m, c in parse_named(shots, "CARD").items()}
    count = managers_count(managers, len(named))
    outcome = resolve_shootout(named, count, config)
    payload = shootout_payload(outcome, count, config)

    def render(out):
        from companion.ui.allstar import render_shootout

        render_shootout(out, payload)

    emit(payload, json, render)


def shootout_payload(outcome: Any, managers: int, config: TableConfig) -> dict[str, Any]:
    return {
        "winner": outcome.winner,
        "loser": outcome.loser,
        "order": list(outcome.order),
        "cards": {m: str(c) for m, c in outcome.cards.items()},
        "managers": managers,
        "explanation": [
            f"{s.ahead} ahead of {s.behind}: {s.medal} ({s.criterion}) {s.values[0]} beats "
            f"{s.values[1] if s.values[1] is not None else 'no ' + s.criterion}"
            for s in outcome.steps
        ],
        "unconfirmed": unconfirmed(config, outcome.orders_relied_on),
    }


@app.command()
def best(
    ctx: typer.Context,
    cards: CardsArgument,
    managers: ManagersOption = None,
    arena: ArenaOption = None,
    rule: RuleOption = None,
    json: JsonOption = False,
) -> None:
    """The strongest team of five from six to eighteen cards, and the runner-up."""
    from companion.games.allstar.best import best_team, orders_deciding
    from companion.games.allstar.cards import parse_cards

    store = open_store(ctx)
    config = table_config(store)
    hand = parse_cards(cards, config)
    count = managers_count(managers, DEFAULT_MANAGERS)
    combos = arena_combos(store, arena, rule)
    found_best = best_team(hand, count, config, combos)
    team = found_best.best
    runner = found_best.runner_up
    payload = {
        **strength_payload(team),
        "team": [str(c) for c in team.cards],
        "bench": [str(c) for c in hand if c not in team.cards],
        "runner_up": {**strength_payload(runner), "team": [str(c) for c in runner.cards]}
        if runner
        else None,
        "equally_strong": found_best.equally_strong,
        "considered": found_best.considered,
        "managers": count,
        "rules": sorted(combos),
        "unconfirmed": unconfirmed(config, orders_deciding(team, runner)),
    }

    def render(out):
        from companion.ui.allstar import render_best

        render_best(out, payload)

    emit(payload, json, render)


# --- arena catalogue ---------------------------------------------------------


@arena_app.command("add")
def arena_add(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The arena's name as printed.")],
    points: PointsOption = None,
    rule: RuleOption = None,
    json: JsonOption = False,
) -> None:
    """Add (or correct) an arena: its Supporter row and icons."""
    from companion.games.allstar.arenas import Arena, parse_rules

    store = open_store(ctx)
    if not name.strip() or "," in name:
        raise BadInput(f"arena name '{name}' must be non-empty and without commas")
    row = ask_points(f"arena '{name}'", points, "--points 13,10,7,5")
    arena = Arena(name.strip(), row, parse_rules(rule or []))
    existing = {n.casefold(): n for n in catalogue(store)}
    old = existing.get(arena.name.casefold())

    def change(cat: Any) -> dict[str, Any]:
        cat = {k: v for k, v in (cat or {}).items() if k != old}
        return {**cat, arena.name: arena.to_doc()}

    store.update_doc(TABLE, "arenas", change)
    payload = {"arena": arena.to_doc(), "replaced": old is not None}
    emit(
        payload,
        json,
        lambda out: out.print(
            f"{'Updated' if old else 'Added'} arena {arena.name}: "
            + ", ".join(f"{i}. {p}" for i, p in enumerate(arena.points, 1))
            + (f" [{', '.join(sorted(arena.rules))}]" if arena.rules else "")
        ),
    )


@arena_app.command("list")
def arena_list(ctx: typer.Context, json: JsonOption = False) -> None:
    """The arenas this table has entered."""
    arenas = sorted(catalogue(open_store(ctx)).values(), key=lambda a: a["name"].casefold())

    def render(out):
        from companion.ui.allstar import render_arenas

        render_arenas(out, arenas)

    emit({"arenas": arenas}, json, render)


@arena_app.command("remove")
def arena_remove(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Arena name or unique prefix.")],
    json: JsonOption = False,
) -> None:
    """Remove an arena from the catalogue."""
    from companion.engine.names import match_prefix

    store = open_store(ctx)
    names = list(catalogue(store))
    if not names:
        raise BadInput(
            f"no arena '{name}' to remove: no arenas are entered yet",
            hint="add one with 'companion allstar arena add NAME --points 13,10,7,5'",
        )
    chosen = match_prefix(name, names, what="arena")
    store.update_doc(
        TABLE, "arenas", lambda cat: {k: v for k, v in (cat or {}).items() if k != chosen}
    )
    emit({"removed": chosen}, json, lambda out: out.print(f"Removed arena {chosen}."))


# --- table configuration -----------------------------------------------------


def config_payload(config: TableConfig) -> dict[str, Any]:
    from companion.games.allstar.table import KEYS

    return {
        "settings": {
            key: {
                "value": list(config.order(config_criterion(key))),
                "status": "confirmed" if config.is_confirmed(key) else "default",
            }
            for key in KEYS
        },
        "order": "weakest first",
        "playoff_points": None,
    }


def config_criterion(key: str) -> str:
    return {"species": "species", "symbols": "symbol", "numbers": "number"}[key]


def _show_config(store: Store, config: TableConfig, as_json: bool) -> None:
    payload = config_payload(config)
    payload["playoff_points"] = store.get_doc(TABLE, "playoff_points")

    def render(out):
        from companion.ui.allstar import render_config

        render_config(out, payload)

    emit(payload, as_json, render)


@config_app.command("show")
def config_show(ctx: typer.Context, json: JsonOption = False) -> None:
    """Species, symbols and number order (weakest first), each default or confirmed."""
    store = open_store(ctx)
    _show_config(store, table_config(store), json)


@config_app.command("set")
def config_set(
    ctx: typer.Context,
    key: Annotated[str, typer.Argument(help="species, symbols, numbers or playoff-points.")],
    values: Annotated[list[str], typer.Argument(help="Values, weakest first (commas or words).")],
    json: JsonOption = False,
) -> None:
    """Set a table fact from your own box (marks it confirmed)."""
    from companion.games.allstar.arenas import parse_points
    from companion.games.allstar.table import with_value

    store = open_store(ctx)
    words = [w for chunk in values for w in chunk.split(",")]
    if key.strip().casefold() in ("playoff-points", "playoff_points"):
        store.put_doc(TABLE, "playoff_points", list(parse_points(",".join(words), "Play-Off row")))
        config = table_config(store)
    else:
        config = with_value(table_config(store), key.strip().casefold(), words)
        store.put_doc(TABLE, "config", config.to_doc())
    _show_config(store, config, json)


@config_app.command("confirm")
def config_confirm(
    ctx: typer.Context,
    key: Annotated[str, typer.Argument(help="species, symbols or numbers.")],
    json: JsonOption = False,
) -> None:
    """Confirm that a default matches your box."""
    from companion.games.allstar.table import confirmed

    store = open_store(ctx)
    config = confirmed(table_config(store), key.strip().casefold())
    store.put_doc(TABLE, "config", config.to_doc())
    _show_config(store, config, json)


@config_app.command("edit")
def config_edit(
    ctx: typer.Context,
    file: Annotated[
        str | None, typer.Option("--file", help="Read the settings from this TOML file.")
    ] = None,
    json: JsonOption = False,
) -> None:
    """Edit every setting at once as TOML (in $EDITOR on a terminal, or from --file)."""
    import tomllib

    from companion.games.allstar.errors import BadConfig
    from companion.games.allstar.table import KEYS, with_value

    store = open_store(ctx)
    config = table_config(store)
    if file is not None:
        try:
            with open(file, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as err:
            raise BadConfig(f"cannot read {file}: {err.strerror}") from None
    elif on_terminal():
        text = typer.edit(config_toml(config), extension=".toml") or ""
    else:
        raise BadConfig("no terminal to edit on; give the settings with --file PATH")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise BadConfig(f"the settings are not valid TOML: {err}") from None
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise BadConfig(f"no setting '{unknown[0]}' (choose from {', '.join(KEYS)})")
    for key in KEYS:
        if key in data and list(data[key]) != list(config.order(config_criterion(key))):
            config = with_value(config, key, [str(v) for v in data[key]])
    store.put_doc(TABLE, "config", config.to_doc())
    _show_config(store, config, json)


def config_toml(config: TableConfig) -> str:
    from companion.games.allstar.table import KEYS

    lines = ["# All-Star Draft table settings, each list weakest first."]
    for key in KEYS:
        values = config.order(config_criterion(key))
        shown = ", ".join(str(v) if key == "numbers" else f'"{v}"' for v in values)
        lines.append(f"{key} = [{shown}]")
    return "\n".join(lines) + "\n"


# --- the tracked season ------------------------------------------------------


def current(store: Store) -> tuple[dict[str, Any], Season]:
    from companion.games.allstar.season import fold

    match = store.current_match(GAME)
    return match, fold(match["events"])


def status_payload(match: dict[str, Any], season: Season) -> dict[str, Any]:
    from dataclasses import asdict

    playoffs = season.playoffs
    arenas = season.arenas.get(season.round, ())
    result = season.final_result() if season.phase == "over" else None
    return {
        "id": match["id"],
        "managers": list(season.managers),
        "mode": season.mode,
        "round": season.round if season.round <= 3 else "playoffs",
        "phase": season.phase,
        "scores": season.totals(),
        "regular_scores": dict(season.scores),
        "playoff_scores": season.playoff_scores(),
        "tickets": dict(playoffs.tickets) if playoffs else dict(season.setup["tickets"]),
        "eliminated": [asdict(e) for e in playoffs.eliminated] if playoffs else [],
        "arenas": [a.to_doc() for a in arenas],
        "missing_teams": season.missing_teams() if season.phase == "teams" else [],
        "first_chooser": season.first_chooser(),
        "playoff_stage": playoffs.stage if playoffs else None,
        "playoff_round": playoffs.round if playoffs else 0,
        "shootout_between": list(playoffs.tied) if playoffs else [],
        "swaps_waiting": list(playoffs.waiting_for)
        if playoffs and playoffs.stage == "swap"
        else [],
        "bench": dict(playoffs.hand) if playoffs else None,
        "active": list(playoffs.active) if playoffs else list(season.managers),
        "winner": result["winner"] if result else None,
        "ranks": result["ranks"] if result else None,
        "rounds": [dict(r.gained) for r in season.results],
    }


def step(
    ctx: typer.Context,
    make_event: Any,
    as_json: bool,
    render_outcome: Any,
    after: Any = None,
    config: TableConfig | None = None,
) -> None:
    """Validate and append one event (under the lock), then report the new state."""
    from companion.games.allstar.season import fold

    store = open_store(ctx)
    outcome: dict[str, Any] = {}

    def change(match: dict[str, Any]) -> list[dict[str, Any]]:
        season = fold(match["events"])
        event = make_event(match, season)
        outcome["value"] = season.apply(event)
        return [event]

    match, _ = store.update_live(GAME, change)
    if after is not None:
        after(store)
    season = fold(match["events"])
    payload = {
        **status_payload(match, season),
        "outcome": outcome_payload(outcome["value"], config),
    }

    def render(out):
        render_outcome(out, outcome["value"], season)

    emit(payload, as_json, render)


def outcome_payload(value: Any, config: TableConfig | None = None) -> Any:
    """Outcomes are frozen dataclasses; JSON gets their fields, cards as text."""
    from dataclasses import fields, is_dataclass

    from companion.games.allstar.cards import Card
    from companion.games.allstar.ranking import Ranking

    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Ranking):
        return ranking_payload(value, config)
    if is_dataclass(value):
        return {f.name: outcome_payload(getattr(value, f.name), config) for f in fields(value)}
    if isinstance(value, dict):
        return {str(k): outcome_payload(v, config) for k, v in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        return [outcome_payload(v, config) for v in value]
    return value


@season_app.command("start")
def season_start(
    ctx: typer.Context,
    players: PlayersOption,
    mode: ModeOption = None,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Start a tracked game (runs the setup; the seed is kept in the log)."""
    from companion.engine.decks import parse_players
    from companion.engine.rng import TableRng
    from companion.games.allstar.season import fold
    from companion.games.allstar.setup import plan_setup

    names = parse_players(players)
    store = open_store(ctx)
    rng = TableRng(seed)
    config = table_config(store)
    plan = plan_setup(names, mode, config, rng, catalogue(store)).to_dict()
    match = store.start_match(
        GAME, names, {"mode": plan["mode"]}, rng.seed, [{"type": "setup", "data": plan}]
    )
    payload = {**status_payload(match, fold(match["events"])), "setup": plan, "seed": rng.seed}

    def render(out):
        from companion.ui.allstar import render_setup

        out.print(f"All-Star Draft game {match['id']} started.")
        render_setup(
            out, {**plan, "seed": rng.seed, "unconfirmed": unconfirmed(config, ["species"])}
        )

    emit(payload, json, render)


@season_app.command("arenas")
def season_arenas(
    ctx: typer.Context,
    names: Annotated[list[str], typer.Argument(help="This round's arenas, top to bottom.")],
    points: Annotated[
        list[str] | None,
        typer.Option("--points", help="Row for each arena not in the catalogue, in order."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Place this round's arenas (1, 2, 3 in rounds 1-3); unknown ones are asked once."""
    from companion.games.allstar.arenas import find_arena

    store = open_store(ctx)
    rows = list(points or [])
    chosen: list[Arena] = []
    new: list[Arena] = []
    known = catalogue(store)
    managers = len(store.current_match(GAME)["players"])
    unknown = [name for name in names if find_arena(name, known) is None]
    if len(rows) < len(unknown) and not on_terminal():
        missing = unknown[len(rows) :]
        example = " ".join(f"--points {example_points(managers)}" for _ in unknown)
        raise BadInput(
            f"{len(unknown)} arena(s) not known yet ({', '.join(unknown)}) but "
            f"{len(rows)} --points row(s) given, so no row for {', '.join(missing)}: "
            f"give one --points per unknown arena, in the order named, each with at least "
            f"{managers} places (1st place first), e.g. {example}"
        )
    for name in names:
        found = find_arena(name, known)
        if found is None:
            row = rows.pop(0) if rows else None
            found, _ = resolve_arena(store, name, row, None, managers)
            new.append(found)
        chosen.append(found)
    if rows:
        raise BadInput(f"{len(rows)} --points row(s) left over: every named arena is known")
    docs = [a.to_doc() for a in chosen]

    def render(out, value, season):
        from companion.ui.allstar import render_arenas

        out.print(f"Round {season.round} arenas, Bus 1 at the top:")
        render_arenas(out, docs)

    step(
        ctx,
        lambda match, season: {"type": "arenas", "data": {"round": season.round, "arenas": docs}},
        json,
        render,
        after=lambda s: remember_arenas(s, new),
    )


@season_app.command("team")
def season_team(
    ctx: typer.Context,
    manager: Annotated[str, typer.Argument(help="Manager (prefix).")],
    bus: Annotated[int, typer.Argument(help="Bus 1-3: which arena the team plays.")],
    cards: CardsArgument,
    json: JsonOption = False,
) -> None:
    """Record a team and the Bus it travels on this round."""
    from companion.engine.names import match_prefix
    from companion.games.allstar.cards import parse_team

    store = open_store(ctx)
    config = table_config(store)
    team = parse_team(cards, config)

    def make(match, season):
        who = match_prefix(manager, season.managers, what="manager")
        return {
            "type": "team",
            "data": {
                "round": season.round,
                "manager": who,
                "bus": bus,
                "cards": [str(c) for c in team],
            },
        }

    def render(out, value, season):
        from companion.games.allstar.teams import power

        missing = season.missing_teams()
        out.print(f"Bus {bus}: {' '.join(str(c) for c in value)} (Power {power(value)}).")
        out.print(
            f"Still to come: {', '.join(missing)}." if missing else "All teams in: 'resolve'."
        )

    step(ctx, make, json, render)


@season_app.command("resolve")
def season_resolve(ctx: typer.Context, json: JsonOption = False) -> None:
    """Rank every arena in Bus order, award Supporters, show the Fan Zone track."""
    store = open_store(ctx)
    config = table_config(store)

    def render(out, value, season):
        from companion.ui.allstar import render_round

        render_round(
            out,
            value.round,
            [ranking_payload(r, config) for r in value.rankings],
            value.gained,
            season.scores,
        )

    step(
        ctx,
        lambda m, s: {"type": "resolve", "data": {"config": config.to_doc()}},
        json,
        render,
        config=config,
    )


@season_app.command("status")
def season_status(ctx: typer.Context, json: JsonOption = False) -> None:
    """Where the game stands: round, phase, Supporters, tickets, eliminations."""
    match, season = current(open_store(ctx))
    payload = status_payload(match, season)

    def render(out):
        from companion.ui.allstar import render_status

        render_status(out, payload)

    emit(payload, json, render)


@season_app.command("playoffs")
def season_playoffs(ctx: typer.Context, json: JsonOption = False) -> None:
    """The Play-Off standing: who is in, tickets, bench sizes and what comes next."""
    match, season = current(open_store(ctx))
    if season.playoffs is None:
        from companion.games.allstar.errors import OutOfTurn

        raise OutOfTurn(f"the Play-Offs start once round 3 is resolved (now round {season.round})")
    payload = status_payload(match, season)

    def render(out):
        from companion.ui.allstar import render_status

        render_status(out, payload)

    emit(payload, json, render)


def playoff_row(store: Store, given: str | None, managers: int) -> list[int]:
    from companion.games.allstar.arenas import parse_points
    from companion.games.allstar.playoffs import check_points_row

    stored = store.get_doc(TABLE, "playoff_points")
    if given is not None:
        row = parse_points(given, "Play-Off row")
    elif stored:
        row = tuple(stored)
    else:
        row = ask_points(
            "the Play-Off Points card",
            None,
            "--points 15,13,11,9,7,5 (1st place first; remembered afterwards)",
        )
    return list(check_points_row(row, managers))


@playoff_app.command("round")
def playoff_round(
    ctx: typer.Context,
    teams: TeamsArgument,
    points: Annotated[
        str | None,
        typer.Option("--points", help="The Play-Off Points card, 1st place first (asked once)."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Reveal every remaining team: the lowest Power pays a ticket or goes out."""
    from companion.engine.names import match_prefix
    from companion.games.allstar.cards import parse_team

    store = open_store(ctx)
    config = table_config(store)
    match, season = current(store)
    if season.playoffs is None:
        from companion.games.allstar.errors import OutOfTurn

        raise OutOfTurn(f"the Play-Offs start once round 3 is resolved (now round {season.round})")
    row = playoff_row(store, points, len(season.managers))
    typed = {m: parse_team([cs], config) for m, cs in parse_named(teams, "card,card,...").items()}

    def make(match, season):
        named = {match_prefix(m, season.managers, what="manager"): t for m, t in typed.items()}
        return {
            "type": "playoff-round",
            "data": {
                "teams": {m: [str(c) for c in t] for m, t in named.items()},
                "points": row,
                "config": config.to_doc(),
            },
        }

    def render(out, value, season):
        from companion.ui.allstar import render_confrontation

        render_confrontation(out, outcome_payload(value), status_payload(match, season))

    step(ctx, make, json, render, after=lambda s: s.put_doc(TABLE, "playoff_points", row))


@playoff_app.command("shootout")
def playoff_shootout(
    ctx: typer.Context,
    shots: Annotated[list[str], typer.Argument(help='Penalty Shots as "NAME=CARD".')],
    json: JsonOption = False,
) -> None:
    """The tied managers' Penalty Shot: the weakest card pays a ticket or goes out."""
    from companion.engine.names import match_prefix
    from companion.games.allstar.cards import parse_card

    store = open_store(ctx)
    config = table_config(store)
    typed = {m: parse_card(c, config) for m, c in parse_named(shots, "CARD").items()}

    def make(match, season):
        named = {match_prefix(m, season.managers, what="manager"): c for m, c in typed.items()}
        return {
            "type": "shootout",
            "data": {"cards": {m: str(c) for m, c in named.items()}, "config": config.to_doc()},
        }

    def render(out, value, season):
        from companion.ui.allstar import render_playoff_shootout

        render_playoff_shootout(
            out,
            shootout_payload(value.shot, len(season.managers), config),
            outcome_payload(value),
        )

    step(ctx, make, json, render)


@playoff_app.command("swap")
def playoff_swap(
    ctx: typer.Context,
    manager: Annotated[str, typer.Argument(help="Manager (prefix).")],
    count: Annotated[int, typer.Argument(help="How many cards to substitute (2-4).")],
    json: JsonOption = False,
) -> None:
    """Record a manager's substitutions (2 to 4 cards from the Bench)."""
    from companion.engine.names import match_prefix

    def make(match, season):
        who = match_prefix(manager, season.managers, what="manager")
        return {"type": "swap", "data": {"manager": who, "count": count}}

    def render(out, value, season):
        out.print(
            f"{value.manager} swaps {value.count} cards ({value.bench_left} left on the Bench)."
        )
        waiting = value.waiting_for
        out.print(
            f"Waiting for: {', '.join(waiting)}."
            if waiting
            else "All swapped: next 'playoff round'."
        )

    step(ctx, make, json, render)


@season_app.command("undo")
def season_undo(ctx: typer.Context, json: JsonOption = False) -> None:
    """Take back the last step of the game."""
    from companion.games.allstar.season import fold

    store = open_store(ctx)
    match = store.current_match(GAME)
    if len(match["events"]) <= 1:
        raise NothingToUndo(
            "nothing to undo since the setup",
            hint="'companion allstar season abandon' drops the whole game",
        )
    match, removed = store.undo_event(GAME)
    payload = {**status_payload(match, fold(match["events"])), "undone": removed}
    emit(payload, json, lambda out: out.print(f"Undid {removed['type']}."))


@season_app.command("end")
def season_end(ctx: typer.Context, json: JsonOption = False) -> None:
    """Finish the game: most Supporters wins; a tie goes to the most won in the Play-Offs."""
    store = open_store(ctx)
    match, season = current(store)
    result = season.final_result()
    store.finish_match(GAME, result, expected_events=len(match["events"]))
    payload = {**status_payload(match, season), "result": result}

    def render(out):
        from companion.ui.allstar import render_end

        render_end(out, payload)

    emit(payload, json, render)


@season_app.command("abandon")
def season_abandon(ctx: typer.Context, json: JsonOption = False) -> None:
    """Drop the live game (kept in history as abandoned)."""
    match = open_store(ctx).abandon_match(GAME)
    emit(
        {"id": match["id"], "status": match["status"]},
        json,
        lambda out: out.print(f"Abandoned game {match['id']}."),
    )


app.lazy("play", "companion.cli.allstar_play:play")
