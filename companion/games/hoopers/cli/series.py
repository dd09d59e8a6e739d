"""`companion hoopers series`: The Series across evenings (best of seven, home and away).

A thin face over `companion.games.hoopers.series_table.SeriesTable`: parse, call the table, emit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import (
    JsonOption,
    NewOption,
    SeedOption,
    WhenOption,
    emit,
    new_app,
    open_store,
)
from companion.games.hoopers.cli.commands import arg, emit_view, opt, text, texts

if TYPE_CHECKING:
    from companion.games.hoopers.rules.series_report import SeriesView
    from companion.games.hoopers.series_table import SeriesTable
    from companion.tables.base import Status

app = new_app("The Series: best of seven across evenings, home/away, rewards, carry-over.")
game_app = new_app("Play the next series game as a tracked hoopers match.")
app.add_typer(game_app, name="game")

HooperOption = texts(metavar="TRIBE:HOOPER", help="Repeat for each hooper.")
ChipsOption = texts(
    "--chips", metavar="TRIBE:lv1=N,lv2=N", help="Onfire chips left unspent at the end."
)
GameplanOption = texts(
    "--gameplan", metavar="TRIBE:0|1|2", help="Gameplan milestones completed this game."
)
UpgradeOption = texts(
    "--upgrade",
    metavar="TRIBE:HOOPER=CARD",
    help="A hooper upgrade won this game and the hooper it is sleeved on; CARD: two, "
    "ten, three (the deck's 'plus two energies', 'Stat +10 plus one energy', 'three "
    "energies') or star (the kit's). Later games start the hooper with its energy.",
)
SeriesTrackOption = text(
    "--series-track",
    metavar="TRIBE",
    help="The tribe the tribe marker shows at the end (default: the home tribe).",
)
GameArg = arg("Game number (default: the last recorded game).", int | None)


def _table(ctx: typer.Context) -> SeriesTable:
    from companion.games.hoopers.series_table import SeriesTable

    return SeriesTable(open_store(ctx))


def _details(ctx: typer.Context) -> dict[str, Any]:
    """A game's details as typed (--ejected … --upgrade), by the names the table takes."""
    details = ("ejected", "injured", "chips", "gameplan", "series_track", "upgrade")
    return {name: value for name, value in ctx.params.items() if name in details}


def _emit_status(status: Status[SeriesView], json: bool, **note: Any) -> None:
    emit_view(status.to_json(), json, "series_render.render_status", status, **note)


@app.command()
def start(
    ctx: typer.Context,
    players: texts(
        "--players",
        metavar="PERSON=TRIBE,...",
        help="Who manages each tribe: Ana=Keepers,Ben=Unleashed (tribes by prefix). "
        "History files the people as players, each with the tribe as role.",
    ) = None,
    tribes: text(
        "--tribes",
        help="The two tribes, comma separated: Keepers,Unleashed (without --players, "
        "history counts no person for the series' games).",
    ) = None,
    home: opt(
        "--home", help="The tribe at home in game 1, or 'random' (seeded).", kind=str
    ) = "random",
    name: text("--name", help="A name for the series.") = None,
    seed: SeedOption = None,
    star: texts(
        "--star",
        metavar="TRIBE:HOOPER",
        help="The hooper each tribe sleeves its setup [star] upgrade on (+1 energy).",
    ) = None,
    new: NewOption = None,
    json: JsonOption = False,
) -> None:
    """Start a best-of-seven series; it becomes the current series."""
    how = {"home": home, "name": name, "seed": seed, "stars": star}
    status = _table(ctx).start_typed(tribes, players, new, **how)
    _emit_status(status, json, started=True, chosen=home.strip().lower() == "random")


@app.command("next")
def next_(ctx: typer.Context, json: JsonOption = False) -> None:
    """The setup for the next game: who is home, Susan Peg, who sits out."""
    upcoming = _table(ctx).next_game()
    emit_view(upcoming.to_json(), json, "series_render.render_setup", upcoming)


@app.command()
def record(
    ctx: typer.Context,
    score: opt("--score", help="Final score in the order the tribes were named: 78-75.", kind=str),
    periods: text(
        "--periods", help="Period scores in tribe order: 20-18,15-22,21-17,22-18."
    ) = None,
    ejected: HooperOption = None,
    injured: HooperOption = None,
    chips: ChipsOption = None,
    gameplan: GameplanOption = None,
    series_track: SeriesTrackOption = None,
    when: WhenOption = None,
    json: JsonOption = False,
) -> None:
    """Record the next game by hand, then show its Reward Phase."""
    status = _table(ctx).record(score, periods, when, **_details(ctx))
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
    status = _table(ctx).amend(game, **_details(ctx))
    _emit_status(status, json, amended=game if game is not None else len(status.state.series.games))


@game_app.command("start")
def game_start(
    ctx: typer.Context,
    hot: text(
        "--hot",
        help="The home tribe's three hoopers on the first hot step (comma separated).",
    ) = None,
    cold: text(
        "--cold",
        help="The away tribe's two hoopers on the first cold step (comma separated).",
    ) = None,
    roster: texts(
        "--roster",
        metavar="TRIBE:A,B,...",
        help="A tribe's hoopers (default: the tribe of that name, keepers or unleashed).",
    ) = None,
    seven: texts(
        "--seven",
        metavar="TRIBE:A,B,...",
        help="A tribe's seven hoopers for this game (repeatable, one per tribe).",
    ) = None,
    five: texts(
        "--five",
        metavar="TRIBE:A,B=POS,...",
        help="A tribe's five on court, of its seven ('Name=POS' for another token).",
    ) = None,
    first: opt(
        "--first",
        help="Who attacks first: a tribe (or who manages it), or roll (d20 each).",
        kind=str,
    ) = "roll",
    when: WhenOption = None,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Start the next game as a tracked `hoopers match` with the home/away rules applied.

    When 'companion hoopers match end' records that match, the series takes its
    score, periods, ejections, injuries and unspent chips as the game's result.
    """
    lists = {"--roster": roster, "--seven": seven, "--five": five}
    started = _table(ctx).start_game_typed(hot, cold, lists, first=first, seed=seed, when=when)
    emit_view(started.to_json(), json, "series_render.render_game_start", started)


@app.command()
def rewards(ctx: typer.Context, game: GameArg = None, json: JsonOption = False) -> None:
    """The Reward Phase of a game: markers, Strength marker, chips and their exchange."""
    table = _table(ctx)
    earned, series = table.rewards(game), table.current()
    emit_view(earned.to_json(), json, "series_render.render_rewards", series, earned, table.rules)


@app.command()
def status(ctx: typer.Context, json: JsonOption = False) -> None:
    """The current series: seven-game strip, wins, next home, carry-over, Susan Peg, odds."""
    from companion.cli.common import db_path
    from companion.games.hoopers import series_shown

    doc, draw = series_shown.status(db_path(ctx), lambda: _table(ctx))
    emit(doc, json, draw)


@app.command()
def odds(
    ctx: typer.Context,
    p: text("--p", metavar="P", help="The first tribe's chance of each game (0.6, 3/5).") = None,
    home_p: text("--home-p", metavar="P", help="The first tribe's chance of a home game.") = None,
    away_p: text("--away-p", metavar="P", help="The first tribe's chance of an away game.") = None,
    json: JsonOption = False,
) -> None:
    """Each tribe's exact chance of winning The Series from here, best of seven on its
    schedule: from --p (or --home-p/--away-p), else the two sides' ratings, else even."""
    from companion.cli.common import db_path
    from companion.games.hoopers import series_shown

    doc, line = series_shown.odds(lambda: db_path(ctx), (p, home_p, away_p), lambda: _table(ctx))
    emit(doc, json, lambda out: out.print(line, markup=False, highlight=False))


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
    rows = _table(ctx).listing()
    emit_view({"series": [r.to_json() for r in rows]}, json, "series_render.render_list", rows)


@app.command()
def undo(ctx: typer.Context, json: JsonOption = False) -> None:
    """Drop the last recorded game of the current series."""
    status = _table(ctx).undo()
    _emit_status(status, json, undone=len(status.state.series.games) + 1)


@app.command()
def end(ctx: typer.Context, json: JsonOption = False) -> None:
    """File the decided series in history (refused while it is undecided)."""
    ended = _table(ctx).end()
    emit_view(ended.to_json(), json, "series_render.render_ended", ended)


@app.command()
def abandon(ctx: typer.Context, json: JsonOption = False) -> None:
    """Abandon the current series (kept in history as abandoned)."""
    _emit_status(_table(ctx).abandon(), json)


app.lazy("play", "companion.cli.play:series")  # the guided Series, as every game's `G play`
