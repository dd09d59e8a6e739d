"""`companion allstar`: setup, Power and ranking, shootouts, the best team, a tracked season.

Every command parses what was typed, asks `companion.games.allstar.table.AllStarTable`, and
prints the answer (`--json`: the answer's `to_json()`; otherwise its renderer).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import (
    JsonOption,
    NewOption,
    SeedOption,
    emit,
    new_app,
    on_terminal,
    open_store,
    players_of,
)
from companion.cli.table_app import table_verbs
from companion.engine.errors import BadInput

if TYPE_CHECKING:
    from companion.games.allstar.rules.season import Season
    from companion.games.allstar.table import AllStarTable
    from companion.tables.base import Recorded

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
SpeciesOption = Annotated[
    str | None,
    typer.Option(
        "--species",
        help="The draw pile's Species, chosen at the table (comma separated); else drawn.",
    ),
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
ManagerArgument = Annotated[str, typer.Argument(help="Manager (prefix).")]


def _table(ctx: typer.Context) -> AllStarTable:
    from companion.games.allstar.table import AllStarTable

    return AllStarTable(open_store(ctx))


def ask_points(what: str, how: str) -> tuple[int, ...]:
    """A Supporter row the table lacks: asked on a terminal, else a clear error."""
    from companion.games.allstar.rules.arenas import parse_points

    if on_terminal():
        import questionary

        from companion.ui.guided.toolkit import before_question

        before_question()
        answer = questionary.text(f"Supporters for 1st, 2nd, ... place in {what}:").ask()
        if answer:
            return parse_points(answer)
    raise BadInput(f"{what} is not known yet; give its Supporters with {how}")


def ask_species(count: int, named: Sequence[str]) -> list[str]:
    """Species the table has not named yet: asked once on a terminal (then remembered)."""
    import questionary

    from companion.games.allstar.rules.errors import BadConfig
    from companion.games.allstar.rules.facts import parse_species_names
    from companion.ui.guided.toolkit import before_question

    before_question()

    while True:
        answer = questionary.text(
            f"This table names {len(named)} Species ({', '.join(named)}); "
            f"the names of the other {count} in your box, comma separated:"
        ).ask()
        if answer is None:
            raise BadConfig(
                "no Species named; name them with 'companion allstar config set species'"
            )
        try:
            return parse_species_names(answer, count, named)
        except BadConfig as err:
            typer.echo(f"error: {err}", err=True)


def ask_order(key: str, default: Sequence[Any]) -> list[str]:
    """An order a result relies on that the table has not confirmed: asked once, then kept."""
    import questionary

    from companion.games.allstar.rules.errors import BadConfig
    from companion.games.allstar.rules.facts import parse_order
    from companion.ui.guided.toolkit import before_question

    before_question()

    shown = ",".join(map(str, default))
    answer = questionary.text(
        f"This result depends on the {key} order on your Tie-Breaker card, not confirmed yet. "
        f"The {key}, weakest first (Enter keeps {shown}):"
    ).ask()
    if answer is None:
        raise BadConfig(f"the {key} order was not confirmed; 'companion allstar config show'")
    while True:
        try:
            return parse_order(key, answer, default)
        except BadConfig as err:
            typer.echo(f"error: {err}", err=True)
        answer = questionary.text(f"The {key}, weakest first (Enter keeps {shown}):").ask()
        if answer is None:
            raise BadConfig(f"the {key} order was not confirmed; 'companion allstar config show'")


def _order_asker() -> Any:
    """`ask_order` on a terminal, None (the result names the default it rests on) in a script."""
    return ask_order if on_terminal() else None


def _species_asker() -> Any:
    """`ask_species` on a terminal, None (refuse, saying how) in a script."""
    return ask_species if on_terminal() else None


def _asking() -> Any:
    """`ask_points` on a terminal, None (refuse, saying how) in a script."""
    return ask_points if on_terminal() else None


# --- one-off helpers ---------------------------------------------------------


@app.command()
def setup(
    ctx: typer.Context,
    players: PlayersOption,
    mode: ModeOption = None,
    species: SpeciesOption = None,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Set up the table: Species, draw pile, tickets, Tie-Breaker face, each round's draft."""
    from companion.engine.decks import parse_players
    from companion.games.allstar.render import render_setup

    chosen = [species] if species else None
    done = _table(ctx).setup(parse_players(players), mode, seed, chosen, _species_asker())
    emit(done.to_json(), json, lambda out: render_setup(out, done))


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
    from companion.games.allstar.render import render_power

    done = _table(ctx).power(cards, managers, arena, rule, _order_asker())
    emit(done.to_json(), json, lambda out: render_power(out, done))


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
    from companion.games.allstar.render import render_rank

    done = _table(ctx).rank(
        teams, managers, arena, points, rule, ask=_asking(), ask_order=_order_asker()
    )
    emit(done.to_json(), json, lambda out: render_rank(out, done))


@app.command()
def shootout(
    ctx: typer.Context,
    shots: Annotated[list[str], typer.Argument(help='Penalty Shots as "NAME=CARD".')],
    managers: ManagersOption = None,
    json: JsonOption = False,
) -> None:
    """A Penalty Shot: single cards compared by Gold, then Silver, then Bronze."""
    from companion.games.allstar.render import render_shootout

    done = _table(ctx).shootout(shots, managers, _order_asker())
    emit(done.to_json(), json, lambda out: render_shootout(out, done))


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
    from companion.games.allstar.render import render_best

    done = _table(ctx).best(cards, managers, arena, rule, _order_asker())
    emit(done.to_json(), json, lambda out: render_best(out, done))


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
    from companion.games.allstar.render import render_arena_added
    from companion.games.allstar.rules.arenas import parse_points

    table = _table(ctx)
    if not name.strip() or "," in name:
        raise BadInput(f"arena name '{name}' must be non-empty and without commas")
    row = parse_points(points) if points is not None else None
    if row is None:
        row = ask_points(f"arena '{name}'", "--points 13,10,7,5")
    done = table.add_arena(name, row, rule or [])
    emit(done.to_json(), json, lambda out: render_arena_added(out, done))


@arena_app.command("list")
def arena_list(ctx: typer.Context, json: JsonOption = False) -> None:
    """The arenas this table has entered."""
    from companion.games.allstar.render import render_arenas

    done = _table(ctx).arenas()
    emit(done.to_json(), json, lambda out: render_arenas(out, done.arenas))


@arena_app.command("remove")
def arena_remove(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Arena name or unique prefix.")],
    json: JsonOption = False,
) -> None:
    """Remove an arena from the catalogue."""
    chosen = _table(ctx).remove_arena(name)
    emit({"removed": chosen}, json, lambda out: out.print(f"Removed arena {chosen}.", markup=False))


# --- table configuration -----------------------------------------------------


def _emit_settings(settings: Any, json: bool) -> None:
    from companion.games.allstar.render import render_config

    emit(settings.to_json(), json, lambda out: render_config(out, settings))


@config_app.command("show")
def config_show(ctx: typer.Context, json: JsonOption = False) -> None:
    """Species, symbols and number order (weakest first), each default or confirmed."""
    _emit_settings(_table(ctx).settings(), json)


@config_app.command("set")
def config_set(
    ctx: typer.Context,
    key: Annotated[str, typer.Argument(help="species, symbols, numbers or playoff-points.")],
    values: Annotated[list[str], typer.Argument(help="Values, weakest first (commas or words).")],
    json: JsonOption = False,
) -> None:
    """Set a table fact from your own box (marks it confirmed)."""
    _emit_settings(_table(ctx).set_setting(key, values), json)


@config_app.command("confirm")
def config_confirm(
    ctx: typer.Context,
    key: Annotated[str, typer.Argument(help="species, symbols or numbers.")],
    json: JsonOption = False,
) -> None:
    """Confirm that a default matches your box."""
    _emit_settings(_table(ctx).confirm(key), json)


@config_app.command("edit")
def config_edit(
    ctx: typer.Context,
    file: Annotated[
        str | None, typer.Option("--file", help="Read the settings from this TOML file.")
    ] = None,
    json: JsonOption = False,
) -> None:
    """Edit every setting at once as TOML (in $EDITOR on a terminal, or from --file)."""
    from companion.games.allstar.rules.errors import BadConfig

    table = _table(ctx)
    if file is not None:
        try:
            with open(file, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as err:
            raise BadConfig(f"cannot read {file}: {err.strerror}") from None
    elif on_terminal():
        text = typer.edit(table.settings().to_toml(), extension=".toml") or ""
    else:
        raise BadConfig("no terminal to edit on; give the settings with --file PATH")
    _emit_settings(table.edit_settings(text), json)


# --- the tracked season ------------------------------------------------------


def _emit_move(recorded: Recorded[Season], json: bool, render: Any) -> None:
    """A recorded move: the status after it, and what it did (`outcome`)."""
    payload = {**recorded.status.to_json(), "outcome": recorded.outcome.to_json()}
    emit(payload, json, lambda out: render(out, recorded.outcome, recorded.status))


@season_app.command("start")
def season_start(
    ctx: typer.Context,
    players: PlayersOption,
    mode: ModeOption = None,
    species: SpeciesOption = None,
    deck: Annotated[
        bool,
        typer.Option(
            "--deck/--no-deck",
            help="The companion holds the decks: it shuffles, deals and records each pick.",
        ),
    ] = False,
    seed: SeedOption = None,
    new: NewOption = None,
    json: JsonOption = False,
) -> None:
    """Start a tracked game (runs the setup; the seed is kept in the log).

    Only cards of the draw pile's Species are accepted afterwards. With --deck the
    companion shuffles the Hockey Player pile (and an Arena deck from the catalogue),
    deals each round's hands and keeps each Bench ('season hand', 'season pick').
    """
    from companion.games.allstar.render import render_started

    chosen = [species] if species else None
    started = _table(ctx).start(
        players_of(ctx, players, new), mode, seed, chosen, _species_asker(), deck=deck
    )
    emit(started.to_json(), json, lambda out: render_started(out, started))


@season_app.command("arenas")
def season_arenas(
    ctx: typer.Context,
    names: Annotated[
        list[str] | None,
        typer.Argument(
            help="This round's arenas, top to bottom (none: drawn from the companion's deck)."
        ),
    ] = None,
    points: Annotated[
        list[str] | None,
        typer.Option("--points", help="Row for each arena not in the catalogue, in order."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Place this round's arenas (1, 2, 3 in rounds 1-3); unknown ones are asked once."""
    from companion.games.allstar.render import render_placed_arenas

    recorded = _table(ctx).place_arenas(names or [], points or [], _asking())
    _emit_move(recorded, json, render_placed_arenas)


@season_app.command("hand")
def season_hand(ctx: typer.Context, manager: ManagerArgument, json: JsonOption = False) -> None:
    """With --deck: the cards MANAGER holds in this round's draft, their Bench, and which of
    its cards are free for a new team."""
    from companion.games.allstar.render import render_hand

    who, hand, bench, free = _table(ctx).hand(manager)
    payload = {
        "manager": who,
        "hand": [str(c) for c in hand],
        "bench": [str(c) for c in bench],
        "free": [str(c) for c in free],
    }
    emit(payload, json, lambda out: render_hand(out, who, hand, bench, free))


@season_app.command("pick")
def season_pick(
    ctx: typer.Context,
    manager: ManagerArgument,
    card: Annotated[str, typer.Argument(help="The card taken from the hand (its Symbol too).")],
    keep: Annotated[
        str | None, typer.Option("--keep", help="Duel: the second card, onto your Bench.")
    ] = None,
    give: Annotated[
        str | None, typer.Option("--give", help="Duel: the third card, onto your opponent's.")
    ] = None,
    json: JsonOption = False,
) -> None:
    """With --deck: MANAGER takes CARD onto their Bench; the hands pass once all have picked.

    Open Market: CARD is taken from the three face up; Duel: add --keep and --give.
    """
    from companion.games.allstar.render import render_pick

    _emit_move(_table(ctx).pick(manager, card, keep, give), json, render_pick)


@season_app.command("discard")
def season_discard(
    ctx: typer.Context,
    manager: ManagerArgument,
    card: Annotated[str, typer.Argument(help="One of the seven cards drafted this round.")],
    json: JsonOption = False,
) -> None:
    """With --deck, Heritage and Duel: discard one of the seven cards drafted this round."""
    from companion.games.allstar.render import render_pick

    _emit_move(_table(ctx).discard(manager, card), json, render_pick)


@season_app.command("team")
def season_team(
    ctx: typer.Context,
    manager: ManagerArgument,
    bus: Annotated[int, typer.Argument(help="Bus 1-3: which arena the team plays.")],
    cards: CardsArgument,
    json: JsonOption = False,
) -> None:
    """Record the new team and its Bus (or an earlier team typed again, one card swapped)."""
    from companion.games.allstar.render import render_team

    _emit_move(_table(ctx).team(manager, bus, cards), json, render_team)


@season_app.command("swap")
def season_swap(
    ctx: typer.Context,
    manager: ManagerArgument,
    out: Annotated[str, typer.Argument(help="The card leaving a team in play (prefix).")],
    into: Annotated[str, typer.Argument(metavar="IN", help="The card from the Bench.")],
    bus: Annotated[
        int | None, typer.Option("--bus", help="The Bus that team travels on this round.")
    ] = None,
    json: JsonOption = False,
) -> None:
    """Rounds 2-3: swap one card of a team in play from an earlier round with a Bench card."""
    from companion.games.allstar.render import render_card_swap

    _emit_move(_table(ctx).swap_card(manager, out, into, bus), json, render_card_swap)


@season_app.command("bus")
def season_bus(
    ctx: typer.Context,
    manager: ManagerArgument,
    bus: Annotated[int, typer.Argument(help="Bus 1-3.")],
    card: Annotated[str, typer.Argument(help="Any card of the team (prefix).")],
    json: JsonOption = False,
) -> None:
    """Send the team holding CARD on BUS this round (teams not sent take the free Buses)."""
    from companion.games.allstar.render import render_bus

    _emit_move(_table(ctx).choose_bus(manager, bus, card), json, render_bus)


@season_app.command("resolve")
def season_resolve(ctx: typer.Context, json: JsonOption = False) -> None:
    """Rank every arena in Bus order, award Supporters, show the Fan Zone track."""
    from companion.games.allstar.render import render_round

    _emit_move(_table(ctx).resolve(_order_asker()), json, render_round)


def _emit_status(ctx: typer.Context, json: bool, playoffs_only: bool = False) -> None:
    from companion.games.allstar.render import render_status

    status = _table(ctx).status()
    if playoffs_only and status.state.playoffs is None:
        from companion.games.allstar.rules.errors import OutOfTurn

        raise OutOfTurn(
            f"the Play-Offs start once round 3 is resolved (now round {status.state.round})"
        )
    emit(status.to_json(), json, lambda out: render_status(out, status))


@season_app.command("playoffs")
def season_playoffs(ctx: typer.Context, json: JsonOption = False) -> None:
    """The Play-Off standing: who is in, tickets, bench sizes and what comes next."""
    _emit_status(ctx, json, playoffs_only=True)


@playoff_app.command("round")
def playoff_round(
    ctx: typer.Context,
    teams: Annotated[
        list[str] | None,
        typer.Argument(
            help='Teams as "NAME=card,card,card,card,card" (a team that follows from its '
            "named substitution may be left out)."
        ),
    ] = None,
    points: Annotated[
        str | None,
        typer.Option("--points", help="The Play-Off Points card, 1st place first (asked once)."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Reveal every remaining team: the lowest Power pays a ticket or goes out."""
    from companion.games.allstar.render import render_confrontation
    from companion.games.allstar.table import parse_named

    named = parse_named(teams or [], "card,card,...")
    recorded = _table(ctx).playoff_round(named, points, ask_points)
    _emit_move(recorded, json, render_confrontation)


@playoff_app.command("shootout")
def playoff_shootout(
    ctx: typer.Context,
    shots: Annotated[list[str], typer.Argument(help='Penalty Shots as "NAME=CARD".')],
    json: JsonOption = False,
) -> None:
    """The tied managers' Penalty Shot: the weakest card pays a ticket or goes out."""
    from companion.games.allstar.render import render_playoff_shootout
    from companion.games.allstar.table import parse_named

    recorded = _table(ctx).playoff_shootout(parse_named(shots, "CARD"), _order_asker())
    _emit_move(recorded, json, render_playoff_shootout)


@playoff_app.command("swap")
def playoff_swap(
    ctx: typer.Context,
    manager: ManagerArgument,
    count: Annotated[
        int | None, typer.Argument(help="How many cards to substitute (2-4), if not named.")
    ] = None,
    out: Annotated[
        str | None, typer.Option("--out", help="The team's cards going back in the box.")
    ] = None,
    into: Annotated[
        str | None, typer.Option("--in", help="The Bench cards coming in, as many.")
    ] = None,
    json: JsonOption = False,
) -> None:
    """Record a manager's substitutions: 2 to 4 cards, best named (--out c1,c2 --in c3,c4)."""
    from companion.games.allstar.render import render_swap

    recorded = _table(ctx).playoff_swap(manager, count, [out or ""], [into or ""])
    _emit_move(recorded, json, render_swap)


table_verbs(
    season_app,
    "allstar",
    helps={
        "status": "Where the game stands: round, phase, Supporters, tickets, eliminations.",
        "undo": "Take back the last step of the game.",
        "end": "Finish the game: most Supporters wins; a tie goes to the most won in the "
        "Play-Offs.",
        "abandon": "Drop the live game (kept in history as abandoned).",
    },
    views={"end": "companion.games.allstar.render:render_end"},
    # what was undone, whole (the other games name its type)
    payloads={"undo": lambda undone: {**undone.status.to_json(), "undone": undone.removed}},
)

app.lazy("play", "companion.cli.play:allstar")
