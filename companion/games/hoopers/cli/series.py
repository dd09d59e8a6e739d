"""`companion hoopers series`: The Series across evenings (best of seven, home and away).

A thin face over `companion.games.hoopers.series_table.SeriesTable`: parse, call the table, emit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import (
    InteractiveJsonOption,
    JsonOption,
    NewOption,
    SeedOption,
    WhenOption,
    emit,
    new_app,
    open_store,
    players_of,
)

if TYPE_CHECKING:
    from companion.games.hoopers.rules.series_report import SeriesView
    from companion.games.hoopers.series_table import SeriesTable
    from companion.tables.base import Status

COMMAND = "companion hoopers series"
app = new_app("The Series: best of seven across evenings, home/away, rewards, carry-over.")
game_app = new_app("Play the next series game as a tracked hoopers match.")
app.add_typer(game_app, name="game")

HooperOption = Annotated[
    list[str] | None,
    typer.Option(metavar="TRIBE:HOOPER", help="Repeat for each hooper."),
]
ChipsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--chips", metavar="TRIBE:lv1=N,lv2=N", help="Onfire chips left unspent at the end."
    ),
]
GameplanOption = Annotated[
    list[str] | None,
    typer.Option(
        "--gameplan", metavar="TRIBE:0|1|2", help="Gameplan milestones completed this game."
    ),
]
UpgradeOption = Annotated[
    list[str] | None,
    typer.Option(
        "--upgrade",
        metavar="TRIBE:HOOPER=CARD",
        help="A hooper upgrade won this game and the hooper it is sleeved on; CARD: two, "
        "ten, three (the deck's 'plus two energies', 'Stat +10 plus one energy', 'three "
        "energies') or star (the kit's). Later games start the hooper with its energy.",
    ),
]
SeriesTrackOption = Annotated[
    str | None,
    typer.Option(
        "--series-track",
        metavar="TRIBE",
        help="The tribe the tribe marker shows at the end (default: the home tribe).",
    ),
]
GameArg = Annotated[
    int | None, typer.Argument(help="Game number (default: the last recorded game).")
]


def _table(ctx: typer.Context) -> SeriesTable:
    from companion.games.hoopers.series_table import SeriesTable

    return SeriesTable(open_store(ctx))


def _emit_status(status: Status[SeriesView], json: bool, **note: Any) -> None:
    from companion.games.hoopers.series_render import render_status

    emit(status.to_json(), json, lambda out: render_status(out, status, **note))


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


@app.command()
def start(
    ctx: typer.Context,
    players: Annotated[
        list[str] | None,
        typer.Option(
            "--players",
            metavar="PERSON=TRIBE,...",
            help="Who manages each tribe: Ana=Keepers,Ben=Unleashed (tribes by prefix). "
            "History files the people as players, each with the tribe as role.",
        ),
    ] = None,
    tribes: Annotated[
        str | None,
        typer.Option(
            "--tribes",
            help="The two tribes, comma separated: Keepers,Unleashed (without --players, "
            "history counts no person for the series' games).",
        ),
    ] = None,
    home: Annotated[
        str, typer.Option("--home", help="The tribe at home in game 1, or 'random' (seeded).")
    ] = "random",
    name: Annotated[str | None, typer.Option("--name", help="A name for the series.")] = None,
    seed: SeedOption = None,
    star: Annotated[
        list[str] | None,
        typer.Option(
            "--star",
            metavar="TRIBE:HOOPER",
            help="The hooper each tribe sleeves its setup [star] upgrade on (+1 energy).",
        ),
    ] = None,
    new: NewOption = None,
    json: JsonOption = False,
) -> None:
    """Start a best-of-seven series; it becomes the current series."""
    from companion.engine.decks import parse_players
    from companion.engine.names import check_name

    if not players and not tribes:
        from companion.engine.errors import BadInput

        raise BadInput(
            "name who manages each tribe", hint="e.g. --players Ana=Keepers,Ben=Unleashed"
        )
    names = parse_players(tribes, low=2, high=2) if tribes else []
    if players:
        players = _known_managers(ctx, players, new)
    if name is not None:
        check_name(name, "series name")
    status = _table(ctx).start(
        names, home=home, name=name, seed=seed, stars=star, managers=players or None
    )
    _emit_status(status, json, started=True, chosen=home.strip().lower() == "random")


def _known_managers(ctx: typer.Context, items: list[str], new: list[str] | None) -> list[str]:
    """`PERSON=TRIBE` items with each person as history knows them (`ana` is the known Ana;
    a slip of a known name is refused unless `--new` names it), as every start asks."""
    pairs = [p.strip() for item in items for p in item.split(",") if p.strip()]
    if not all("=" in pair and pair.partition("=")[0].strip() for pair in pairs):
        return items  # parse_managers says what is wrong with it
    people = players_of(ctx, [pair.partition("=")[0].strip() for pair in pairs], new)
    return [
        f"{person}={pair.partition('=')[2]}" for person, pair in zip(people, pairs, strict=True)
    ]


@app.command("next")
def next_(ctx: typer.Context, json: JsonOption = False) -> None:
    """The setup for the next game: who is home, Susan Peg, who sits out."""
    from companion.games.hoopers.series_render import render_setup

    upcoming = _table(ctx).next_game()
    emit(upcoming.to_json(), json, lambda out: render_setup(out, upcoming))


@app.command()
def record(
    ctx: typer.Context,
    score: Annotated[
        str, typer.Option("--score", help="Final score in the order the tribes were named: 78-75.")
    ],
    periods: Annotated[
        str | None,
        typer.Option("--periods", help="Period scores in tribe order: 20-18,15-22,21-17,22-18."),
    ] = None,
    ejected: HooperOption = None,
    injured: HooperOption = None,
    chips: ChipsOption = None,
    gameplan: GameplanOption = None,
    series_track: SeriesTrackOption = None,
    when: WhenOption = None,
    json: JsonOption = False,
) -> None:
    """Record the next game by hand, then show its Reward Phase."""
    status = _table(ctx).record(
        score,
        periods,
        when,
        ejected=ejected,
        injured=injured,
        chips=chips,
        gameplan=gameplan,
        series_track=series_track,
    )
    _emit_status(status, json, recorded=len(status.state.series.games))


@app.command()
def amend(
    ctx: typer.Context,
    game: GameArg = None,
    ejected: HooperOption = None,
    injured: HooperOption = None,
    chips: ChipsOption = None,
    gameplan: GameplanOption = None,
    series_track: SeriesTrackOption = None,
    upgrade: UpgradeOption = None,
    json: JsonOption = False,
) -> None:
    """Add what a tracked match does not know (gameplan, series track, upgrades) or fix a game.

    Each option replaces that detail for the tribes it names; the score stays.
    """
    status = _table(ctx).amend(
        game,
        ejected=ejected,
        injured=injured,
        chips=chips,
        gameplan=gameplan,
        series_track=series_track,
        upgrade=upgrade,
    )
    _emit_status(status, json, amended=game if game is not None else len(status.state.series.games))


@game_app.command("start")
def game_start(
    ctx: typer.Context,
    hot: Annotated[
        str | None,
        typer.Option(
            "--hot", help="The home tribe's three hoopers on the first hot step (comma separated)."
        ),
    ] = None,
    cold: Annotated[
        str | None,
        typer.Option(
            "--cold", help="The away tribe's two hoopers on the first cold step (comma separated)."
        ),
    ] = None,
    roster: Annotated[
        list[str] | None,
        typer.Option(
            "--roster",
            metavar="TRIBE:A,B,...",
            help="A tribe's hoopers (default: the tribe of that name, keepers or unleashed).",
        ),
    ] = None,
    seven: Annotated[
        list[str] | None,
        typer.Option(
            "--seven",
            metavar="TRIBE:A,B,...",
            help="A tribe's seven hoopers for this game (repeatable, one per tribe).",
        ),
    ] = None,
    five: Annotated[
        list[str] | None,
        typer.Option(
            "--five",
            metavar="TRIBE:A,B=POS,...",
            help="A tribe's five on court, of its seven ('Name=POS' for another token).",
        ),
    ] = None,
    first: Annotated[
        str,
        typer.Option(
            "--first", help="Who attacks first: a tribe (or who manages it), or roll (d20 each)."
        ),
    ] = "roll",
    when: WhenOption = None,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Start the next game as a tracked `hoopers match` with the home/away rules applied.

    When 'companion hoopers match end' records that match, the series takes its
    score, periods, ejections, injuries and unspent chips as the game's result.
    """
    from companion.games.hoopers.rules.series_input import parse_tribe_hooper
    from companion.games.hoopers.series_render import render_game_start

    table = _table(ctx)
    tribes = table.current().tribes
    if hot is None or cold is None:
        _explain_steps(table)
    rosters = {}
    for item in roster or []:
        tribe, names = parse_tribe_hooper(item, tribes)
        rosters[tribe] = _names(names)
    line_ups = [{}, {}]
    for found, items, option in ((line_ups[0], seven, "--seven"), (line_ups[1], five, "--five")):
        for item in items or []:
            tribe, names = parse_tribe_hooper(item, tribes)
            if tribe in found:
                from companion.engine.errors import BadInput

                raise BadInput(f"{option} names {tribe} twice: one line-up per tribe")
            found[tribe] = _names(names)
    started = table.start_game(
        _names(hot or ""), _names(cold or ""), rosters, first=first, seed=seed,
        sevens=line_ups[0], fives=line_ups[1], when=when,
    )  # fmt: skip
    emit(started.to_json(), json, lambda out: render_game_start(out, started))


def _explain_steps(table: SeriesTable) -> None:
    """`game start` without --hot or --cold: what they are, for this game, or play it guided."""
    from companion.engine.errors import BadInput

    upcoming = table.next_game().to_json()
    home, away = upcoming["home"], upcoming["away"]
    hot = upcoming["home_setup"]["hot_zone_hoopers"]
    cold = upcoming["away_setup"]["cold_zone_hoopers"]
    raise BadInput(
        f"game {upcoming['number']} needs its first steps: --hot names the {hot} hoopers of "
        f"{home} (home) on the first hot step, --cold the {cold} of {away} (away) on the "
        "first cold step",
        hint=f"e.g. --hot A,B,C --cold D,E, or let guided play ask: '{COMMAND} play'",
    )


@app.command()
def rewards(ctx: typer.Context, game: GameArg = None, json: JsonOption = False) -> None:
    """The Reward Phase of a game: markers, Strength marker, chips and their exchange."""
    from companion.games.hoopers.series_render import render_rewards

    table = _table(ctx)
    earned = table.rewards(game)
    series = table.current()
    emit(earned.to_json(), json, lambda out: render_rewards(out, series, earned, table.rules))


@app.command()
def status(ctx: typer.Context, json: JsonOption = False) -> None:
    """The current series: seven-game strip, wins, next home, carry-over, Susan Peg, odds."""
    _emit_status(_table(ctx).status(), json)


def _chances(
    ctx: typer.Context, table: Any, p: str | None, home_p: str | None, away_p: str | None
) -> tuple[Any, Any, str]:
    """(the first tribe's chance of a game at home, away, where it came from): --p, else
    --home-p/--away-p, else openskill's prediction from the two sides' ratings, else even."""
    from companion.engine.errors import BadInput
    from companion.games.hoopers.rules.series_odds import parse_chance

    if p is not None:
        if home_p is not None or away_p is not None:
            raise BadInput("give --p, or --home-p and --away-p, not both")
        chance = parse_chance(p, "--p")
        return chance, chance, "p"
    if home_p is not None or away_p is not None:
        if home_p is None or away_p is None:
            raise BadInput("give both --home-p and --away-p (or --p for every game)")
        return parse_chance(home_p, "--home-p"), parse_chance(away_p, "--away-p"), "home-away"
    return table.game_chances(table.current())


@app.command()
def odds(
    ctx: typer.Context,
    p: Annotated[
        str | None,
        typer.Option("--p", metavar="P", help="The first tribe's chance of each game (0.6, 3/5)."),
    ] = None,
    home_p: Annotated[
        str | None,
        typer.Option("--home-p", metavar="P", help="The first tribe's chance of a home game."),
    ] = None,
    away_p: Annotated[
        str | None,
        typer.Option("--away-p", metavar="P", help="The first tribe's chance of an away game."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Each tribe's exact chance of winning The Series from here, best of seven on its
    schedule: from --p (or --home-p/--away-p), else the two sides' ratings, else even."""
    table = _table(ctx)
    found = table.odds(*_chances(ctx, table, p, home_p, away_p))
    emit(
        found.to_json(),
        json,
        lambda out: out.print(found.line(), markup=False, highlight=False),
    )


@app.command()
def show(
    ctx: typer.Context,
    series_id: Annotated[str, typer.Argument(metavar="ID", help="Series id or a unique prefix.")],
    json: JsonOption = False,
) -> None:
    """Any series, current or past, by id."""
    _emit_status(_table(ctx).show(series_id), json)


@app.command("list")
def list_(ctx: typer.Context, json: JsonOption = False) -> None:
    """Every series, newest first."""
    from companion.games.hoopers.series_render import render_list

    rows = _table(ctx).listing()
    emit({"series": [r.to_json() for r in rows]}, json, lambda out: render_list(out, rows))


@app.command()
def undo(ctx: typer.Context, json: JsonOption = False) -> None:
    """Drop the last recorded game of the current series."""
    status = _table(ctx).undo()
    _emit_status(status, json, undone=len(status.state.series.games) + 1)


@app.command()
def end(ctx: typer.Context, json: JsonOption = False) -> None:
    """File the decided series in history (refused while it is undecided)."""
    from companion.games.hoopers.series_render import render_ended

    ended = _table(ctx).end()
    emit(ended.to_json(), json, lambda out: render_ended(out, ended))


@app.command()
def abandon(ctx: typer.Context, json: JsonOption = False) -> None:
    """Abandon the current series (kept in history as abandoned)."""
    _emit_status(_table(ctx).abandon(), json)


@app.command()
def play(ctx: typer.Context, seed: SeedOption = None, json: InteractiveJsonOption = False) -> None:
    """Interactive: play the series on a terminal: each game as guided turns, then its
    Reward Phase."""
    from companion.ui.guided import prompts

    prompts.require_terminal("companion hoopers series play")
    from companion.engine.spec import load
    from companion.games.hoopers.spec import SERIES

    guided = load(SERIES.flow)  # the Series' guided flow, as `companion play` finds it
    store = open_store(ctx)
    with prompts.guarded():
        if not guided.offer_start(store, seed):
            raise typer.Exit(0)
        guided.play(store, seed)
