"""`companion history`: finished and live matches, stats, charts, backups."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import JsonOption, emit, new_app, open_store
from companion.engine.errors import BadInput
from companion.history.book import ALIASES, history, paused_gc

if TYPE_CHECKING:
    from companion.history.players import Roster
    from companion.history.queries import Filter

app = new_app(
    "Match history: list, show, stats, charts, replay, export/import, players, delete, undo."
)

SCREENFUL = 50
HEAD_TO_HEAD_SHOWN = 20  # without --all: the most played pairings, one row each

GameOption = Annotated[str | None, typer.Option("--game", "-g", help="Only this game.")]
PlayerOption = Annotated[
    str | None, typer.Option("--player", "-p", help="Only matches with this player (or prefix).")
]
SinceOption = Annotated[
    str | None, typer.Option("--since", metavar="DATE", help="Only matches on or after DATE.")
]
UntilOption = Annotated[
    str | None, typer.Option("--until", metavar="DATE", help="Only matches on or before DATE.")
]
SeriesOption = Annotated[
    str | None, typer.Option("--series", metavar="ID", help="Only this Valley Hoopers series.")
]
IdArgument = Annotated[str, typer.Argument(metavar="ID", help="Match id or a unique prefix.")]


# --- loading ----------------------------------------------------------------


def resolve_player(typed: str | None, roster: Roster, matches: list[dict]) -> str | None:
    from companion.engine.names import match_prefix
    from companion.history.players import known_players

    if typed is None:
        return None
    return match_prefix(typed, known_players(matches, roster), what="player")


def build_filter(
    roster: Roster,
    matches: list[dict[str, Any]],
    game: str | None = None,
    player: str | None = None,
    since: str | None = None,
    until: str | None = None,
    series: str | None = None,
    limit: int | None = None,
) -> Filter:
    """The options of `list`, `stats` and `chart`, checked and made canonical."""
    from companion.history.queries import Filter, parse_date, resolve_game

    return Filter(
        game=resolve_game(game),
        player=resolve_player(player, roster, matches),
        since=parse_date(since, "--since"),
        until=parse_date(until, "--until"),
        series=series,
        limit=limit,
    )


# --- list, show, players ------------------------------------------------------


@app.command("list")
def list_(
    ctx: typer.Context,
    game: GameOption = None,
    player: PlayerOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    series: SeriesOption = None,
    limit: Annotated[int | None, typer.Option("--limit", "-n", help="At most N matches.")] = None,
    json: JsonOption = False,
) -> None:
    """List matches, newest first."""
    from companion.history.queries import select, summary

    roster, matches = history(open_store(ctx))
    wanted = build_filter(roster, matches, game, player, since, until, series, limit)
    rows = [summary(m) for m in select(matches, wanted)]

    def render(out):
        from companion.ui.history import match_table

        # A screen, not a scrollback: the newest first, and say what was left out.
        shown = rows if limit is not None else rows[:SCREENFUL]
        out.print(match_table(shown))
        if len(shown) < len(rows):
            out.print(f"… and {len(rows) - len(shown)} older (see --limit N, or --json for all)")

    emit({"matches": rows}, json, render)


@app.command()
def show(ctx: typer.Context, match_id: IdArgument, json: JsonOption = False) -> None:
    """Show one match with its full event log, every roll and its seed."""
    from companion.history.queries import find_id
    from companion.store.archive import load_match

    store = open_store(ctx)
    _, matches = history(store)
    match = load_match(store, find_id(match_id, matches)["id"])

    def render(out):
        from companion.ui.history import match_detail

        match_detail(out, match)

    emit(match, json, render)


@app.command()
def players(ctx: typer.Context, game: GameOption = None, json: JsonOption = False) -> None:
    """Everyone who has played, with how many matches each."""
    from companion.history.queries import Filter, player_counts, resolve_game, select

    _, matches = history(open_store(ctx))
    counts = player_counts(select(matches, Filter(game=resolve_game(game))))
    rows = [{"player": p, "matches": n} for p, n in counts]

    def render(out):
        if not rows:
            out.print("No players yet.")
        for row in rows:
            plural = "es" if row["matches"] != 1 else ""
            out.print(f"{row['player']}  {row['matches']} match{plural}")

    emit({"players": rows}, json, render)


# --- stats, charts, replay ----------------------------------------------------


@app.command()
def stats(
    ctx: typer.Context,
    game: GameOption = None,
    player: PlayerOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    series: SeriesOption = None,
    show_all: Annotated[
        bool,
        typer.Option(
            "--all",
            "-a",
            help=f"Every head-to-head pairing, both ways (default: the {HEAD_TO_HEAD_SHOWN} "
            "most played; --json always has all).",
        ),
    ] = False,
    json: JsonOption = False,
) -> None:
    """Plays, wins, win rate, scores, streaks, head-to-head (pairwise) and rivals."""
    from companion.history.queries import select
    from companion.history.stats import stats as compute

    roster, matches = history(open_store(ctx))
    wanted = build_filter(roster, matches, game, player, since, until, series)
    with paused_gc():
        doc = compute(select(matches, wanted), wanted.player)

    def render(out):
        from companion.ui.history import stats_view

        stats_view(out, doc, None if show_all else HEAD_TO_HEAD_SHOWN)

    emit(doc, json, render)


@app.command()
def chart(
    ctx: typer.Context,
    match_id: Annotated[
        str | None,
        typer.Argument(metavar="[ID]", help="A hoopers or allstar match, or a hoopers series."),
    ] = None,
    player: PlayerOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Draw a match (score by period, Supporters by round), a series, or a player's win rate."""
    from companion.history import charts
    from companion.history.errors import NoChart
    from companion.history.queries import SERIES_GAME, find_id, game_of, select, series_of

    roster, matches = history(open_store(ctx))
    if match_id is not None:
        match = find_id(match_id, matches)
        if game_of(match) == "hoopers":
            doc = charts.periods_chart(match)
        elif game_of(match) == "allstar":
            doc = charts.rounds_chart(match)
        elif match["game"] == SERIES_GAME:
            games = [m for m in matches if game_of(m) == "hoopers" and series_of(m) == match["id"]]
            doc = charts.series_chart(match, games)
        else:
            raise NoChart(
                f"no chart for a {match['game']} match",
                hint="chart a player's win rate with --player NAME",
            )
    elif player is not None:
        wanted = build_filter(roster, matches, game=game, player=player)
        doc = charts.winrate_chart(select(matches, wanted), wanted.player or player)
    else:
        raise BadInput("chart what? give a match ID or --player NAME")

    def render(out):
        from companion.ui.history import chart_view

        chart_view(out, doc)

    emit(doc, json, render)


@app.command()
def replay(ctx: typer.Context, match_id: IdArgument, json: JsonOption = False) -> None:
    """Re-derive a match from its events and check it against the stored result.

    Exits 1 when the events do not give the stored result.
    """
    from companion.history.queries import find_id
    from companion.history.replay import find_replay, verify
    from companion.store.archive import load_match

    store = open_store(ctx)
    _, matches = history(store)
    match = load_match(store, find_id(match_id, matches)["id"])
    where, fold = find_replay(match["game"])
    report = verify(match, fold, where)
    emit(report, json, lambda out: out.print(f"{match['game']} {match['id']}: {report['message']}"))
    if report["verified"] is False:
        raise typer.Exit(1)


# --- export, import -----------------------------------------------------------


def write_chunks(chunks: Iterable[str], path: Path | None) -> None:
    """Write export text to `path` (else stdout) as it is produced."""
    import sys

    handle = (
        path.open("w", encoding="utf-8", errors="backslashreplace")
        if path is not None
        else sys.stdout
    )
    try:
        for chunk in chunks:
            handle.write(chunk)
        handle.write("\n")
    finally:
        if path is not None:
            handle.close()


def _check_output(output: str | None) -> Path | None:
    from companion.history.errors import BadOutput

    if output is None:
        return None
    path = Path(output).expanduser()
    if path.is_dir():
        raise BadOutput(f"cannot write {path}: it is a folder")
    if not path.parent.is_dir():
        raise BadOutput(f"cannot write {path}: folder {path.parent} does not exist")
    return path


@app.command()
def export(
    ctx: typer.Context,
    format: Annotated[
        str, typer.Option("--format", "-f", help="json (complete backup), csv or bgstats.")
    ] = "json",
    game: GameOption = None,
    output: Annotated[
        str | None,
        typer.Option("--output", "-o", metavar="FILE", help="Write here (default: stdout)."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Export finished matches: a JSON backup, CSV (one row per player per match) or BG Stats."""
    import json as jsonlib

    from companion.engine.names import match_prefix
    from companion.history import formats
    from companion.history.queries import Filter, is_game, resolve_game, select
    from companion.store.archive import summaries
    from companion.store.store import now
    from companion.ui.history import Progress

    kind = match_prefix(format, formats.FORMATS, what="export format")
    chosen = resolve_game(game)
    path = _check_output(output)
    store = open_store(ctx)
    rows = None
    if kind == "json":
        count = sum(1 for s in summaries(store) if chosen is None or is_game(s, chosen))
        with Progress("exporting", count) as progress, paused_gc():
            picked = (
                progress.step(m) for m in store.archived() if chosen is None or is_game(m, chosen)
            )
            write_chunks(formats.backup_chunks(picked, store.all_docs(ALIASES), now()), path)
        if path is not None:
            report = {"format": kind, "output": str(path), "matches": count}
            emit(
                report, json, lambda out: out.print(f"exported {count} matches ({kind}) to {path}")
            )
        return
    _, matches = history(store)
    picked = select(matches, Filter(game=chosen))
    data: Any
    if kind == "csv":
        rows = formats.csv_rows(picked)
        data = formats.csv_text(rows)
        count = len({r["match_id"] for r in rows})
    else:
        data = formats.bgstats_plays(picked)
        count = len(data)
    text = data if isinstance(data, str) else jsonlib.dumps(data, ensure_ascii=False)
    if path is None:
        if json and kind == "csv":
            payload = {"format": kind, "matches": count, "rows": len(rows or []), "csv": text}
            emit(payload, True, lambda out: None)
        else:
            typer.echo(text, nl=not text.endswith("\n"))
        return
    path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
    report = {"format": kind, "output": str(path), "matches": count}
    if rows is not None:
        report["rows"] = len(rows)
    emit(report, json, lambda out: out.print(f"exported {count} matches ({kind}) to {path}"))


@app.command("import")
def import_(
    ctx: typer.Context,
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="A file written by 'history export'.")
    ],
    json: JsonOption = False,
) -> None:
    """Restore a JSON export; matches already here (same id) are skipped.

    Every match is checked first; a file with a bad one is refused whole and
    nothing is written. The import lands whole or not at all.
    """
    from companion.history.formats import read_export
    from companion.store.archive import archive_many
    from companion.ui.history import Progress

    path = Path(file).expanduser()
    matches, aliases = read_export(path)
    store = open_store(ctx)
    new_aliases: list[str] = []

    def add_aliases(db: Any) -> None:
        # Local aliases win: they are what this table decided most recently.
        # Spellings match case-insensitively ("Bobby" here is "bobby" there).
        if not aliases:
            return
        from tinydb import Query

        table = db.table(ALIASES)
        current = {d["key"]: d["value"] for d in table.all()}
        here = {k.casefold() for k in current}
        new_aliases.extend(k for k in aliases if k.casefold() not in here)
        for key in new_aliases:
            table.upsert({"key": key, "value": aliases[key]}, Query().key == key)

    with Progress("importing", len(matches)) as progress, paused_gc():
        added, skipped = archive_many(store, matches, progress.advance, also=add_aliases)
    report = {"added": added, "skipped": skipped, "aliases_added": len(new_aliases)}
    emit(
        report,
        json,
        lambda out: out.print(
            f"imported {added} matches ({skipped} already here), {len(new_aliases)} aliases"
        ),
    )


# --- delete, undo ---------------------------------------------------------------


def on_terminal() -> bool:
    import sys

    return sys.stdin.isatty()


@app.command()
def delete(
    ctx: typer.Context,
    match_id: IdArgument,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    json: JsonOption = False,
) -> None:
    """Delete a finished or abandoned match for good (asks first on a terminal).

    A match the history skips as unreadable can be deleted by its exact id.
    """
    from companion.engine.errors import RuleViolation, UnknownName
    from companion.history.queries import find_id, summary
    from companion.store.archive import delete_archived, find_unreadable

    store = open_store(ctx)
    _, matches = history(store)
    try:
        match = find_id(match_id, matches)
    except UnknownName:
        broken = find_unreadable(store, match_id)
        if broken is None:
            raise
        match = {"id": broken, "game": "unreadable", "players": [], "status": "unreadable"}
    if match["status"] == "live":
        raise RuleViolation(
            f"{match['game']} match {match['id']} is live",
            hint=f"abandon it with 'companion {match['game']} ...' instead",
        )
    if not yes:
        if not on_terminal():
            raise BadInput(f"deleting match {match['id']} needs --yes when not on a terminal")
        from companion.ui.console import safe

        players = ", ".join(match["players"]) or "unreadable"
        question = safe(f"Delete {match['game']} match {match['id']} ({players})?")
        if not typer.confirm(question, default=False, err=True):
            emit({"deleted": None}, json, lambda out: out.print("Nothing deleted."))
            return
    if match["status"] == "unreadable":
        delete_archived(store, match["id"], unreadable=True)
        removed = {**match, "created": None, "finished": None, "result": None, "events": 0}
    else:
        removed = summary(delete_archived(store, match["id"]))
    emit(
        {"deleted": removed},
        json,
        lambda out: out.print(f"deleted {removed['game']} match {removed['id']}", markup=False),
    )


@app.command()
def undo(ctx: typer.Context, json: JsonOption = False) -> None:
    """Put the last finished match back live, so it can be corrected and finished again."""
    from companion.history.queries import GAMES, summary
    from companion.store.archive import reopen_last

    match = summary(reopen_last(open_store(ctx), GAMES))
    emit(
        {"reopened": match},
        json,
        lambda out: out.print(f"{match['game']} match {match['id']} is live again"),
    )
