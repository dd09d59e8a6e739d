"""`companion history`: finished and live matches, stats, charts, backups."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import JsonOption, emit, new_app, open_store
from companion.engine.errors import BadInput, ExitStatus
from companion.history.book import history, paused_gc

if TYPE_CHECKING:
    from companion.history.players import Roster
    from companion.history.queries import Filter

app = new_app(
    "Match history: list, show, stats, ratings, charts, replay, export/import, players, "
    "amend, delete, undo."
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
    str | None,
    typer.Option(
        "--series",
        metavar="ID",
        help="Only the games of this series (a match made of matches, by its id).",
    ),
]
IdArgument = Annotated[str, typer.Argument(metavar="ID", help="Match id or a unique prefix.")]


# --- loading ----------------------------------------------------------------


def resolve_player(
    typed: str | None, roster: Roster, matches: list[dict] | None, known: list[str] | None = None
) -> str | None:
    from companion.engine.names import match_prefix
    from companion.history.players import known_players

    if typed is None:
        return None
    names = known if known is not None else known_players(matches or [], roster)
    return match_prefix(typed, names, what="player")


def build_filter(
    roster: Roster,
    matches: list[dict[str, Any]],
    game: str | None = None,
    player: str | None = None,
    since: str | None = None,
    until: str | None = None,
    series: str | None = None,
    limit: int | None = None,
    known: list[str] | None = None,
) -> Filter:
    """The options of `list`, `stats` and `chart`, checked and made canonical."""
    from companion.history.queries import Filter, parse_date, resolve_game

    return Filter(
        game=resolve_game(game),
        player=resolve_player(player, roster, matches, known),
        since=parse_date(since, "--since"),
        until=parse_date(until, "--until"),
        series=series,
        limit=limit,
    )


# --- list, show, players ------------------------------------------------------


def _first_steps(out: Any, store: Any, shown: list[Any]) -> None:
    """Under an empty answer from an empty database (not one a filter emptied), where the
    first game comes from."""
    from companion.history.book import matches_shown

    if not shown and matches_shown(store) == 0:
        from companion.ui.history import first_steps

        first_steps(out)


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
    from companion.history import book
    from companion.history.queries import Filter, summary

    store = open_store(ctx)
    roster = book.roster(store)
    known = book.player_names(store, roster) if player is not None else None
    wanted = build_filter(roster, [], game, player, since, until, series, limit, known)
    # Newest first, one archive file at a time: stop once the screen or --limit is full.
    enough = limit if limit is not None else (None if json else SCREENFUL)
    picked = (m for m in book.recent(store, roster) if wanted.accepts(m))
    rows = []
    for match in picked:
        if enough is not None and len(rows) == enough:
            break
        rows.append(summary(match))
    else:
        enough = None  # everything was read: nothing is left out

    def render(out):
        from companion.ui.history import match_list

        # A screen, not a scrollback: the newest first, and say what was left out.
        match_list(out, rows)
        _first_steps(out, store, rows)
        if enough is not None and limit is None:
            if wanted == Filter():
                older = book.matches_shown(store) - len(rows)
            else:  # counting what a filter leaves means reading on; only for this line
                older = 1 + sum(1 for _ in picked)
            if older > 0:
                out.print(f"… and {older} older (see --limit N, or --json for all)", markup=False)

    emit({"matches": rows}, json, render)


@app.command()
def show(
    ctx: typer.Context,
    match_id: Annotated[
        str | None,
        typer.Argument(
            metavar="ID",
            help="Match id or a unique prefix (default: the newest match).",
            show_default=False,
        ),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Show one match (the newest without an ID) turn by turn in words, with its seed and
    result (and any amendment); --json: every event and roll as stored."""
    from companion.history.book import load, roster

    store = open_store(ctx)
    match = load(store, match_id)

    def render(out):
        from companion.history.players import respelled
        from companion.ui.history import match_detail

        match_detail(out, respelled(match, roster(store)))

    emit(match, json, render)


@app.command()
def players(ctx: typer.Context, game: GameOption = None, json: JsonOption = False) -> None:
    """Everyone who has played, with how many matches each."""
    from companion.history.queries import Filter, player_counts, resolve_game, select

    _, matches = history(open_store(ctx))
    counts = player_counts(select(matches, Filter(game=resolve_game(game))))
    rows = [{"player": p, "matches": n} for p, n in counts]

    def render(out):
        from companion.ui.console import safe

        if not rows:
            out.print("No players yet.")
        for row in rows:
            line = f"{safe(row['player'])}  {_counted(row['matches'], 'match')}"
            out.print(line, markup=False, highlight=False)

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
    """Plays, wins, win rate, rating, scores, streaks, head-to-head (pairwise) and rivals."""
    from dataclasses import replace

    from companion.history.queries import select
    from companion.history.stats import stats as compute

    store = open_store(ctx)
    doc = None
    if series is None and player is not None:
        doc = _kept_player_stats(store, game, player, since, until)
    elif series is None:
        doc = _kept_stats(store, game, since, until)
    if doc is None:
        roster, matches = history(store)
        wanted = build_filter(roster, matches, game, player, since, until, series)
        with paused_gc():
            # A rating weighs the opponents' other matches too: rate everyone in range.
            rated = select(matches, replace(wanted, player=None)) if wanted.player else None
            doc = compute(select(matches, wanted), wanted.player, rated)

    def render(out):
        from companion.ui.history import stats_view

        stats_view(out, doc, None if show_all else HEAD_TO_HEAD_SHOWN)
        _first_steps(out, store, doc["players"])

    emit(doc, json, render)


def _kept_stats(
    store: Any, game: str | None, since: str | None, until: str | None
) -> dict[str, Any] | None:
    """`stats`' document: the answer kept while no file it was made from changed
    (companion.history.answered), else summed month by month from each archive file's
    partial; None when every match must be read."""
    from companion.history import book
    from companion.history.answered import STATS
    from companion.history.players import Roster
    from companion.history.queries import resolve_game

    def summed(counted: dict[str, Any]) -> dict[str, Any] | None:
        wanted = build_filter(Roster(), [], game, None, since, until)
        return book.quick_stats(store, wanted, counted)

    # The game is checked first, as build_filter does: an unknown one is refused first.
    return book.kept_or_made(store, [resolve_game(game), since, until], summed, STATS)


def _kept_player_stats(
    store: Any, game: str | None, player: str, since: str | None, until: str | None
) -> dict[str, Any] | None:
    """`stats --player`'s document: the answer kept while no file it was made from changed
    (companion.history.answered), else summed from each file's partial of the player's
    matches; None when every match must be read."""
    from companion.history import book
    from companion.history.queries import resolve_game

    def summed(counted: dict[str, Any]) -> dict[str, Any] | None:
        known, names = book.roster_and_names(store)
        wanted = build_filter(known, [], game, player, since, until, known=names)
        return book.quick_stats(store, wanted, counted)

    # The game is checked first, as build_filter does: an unknown one is refused first.
    return book.kept_or_made(store, [resolve_game(game), player, since, until], summed)


@app.command()
def ratings(
    ctx: typer.Context,
    game: GameOption = None,
    player: PlayerOption = None,
    predict: Annotated[
        str | None,
        typer.Option(
            "--predict",
            metavar="A,B[,…]",
            help="Each player's chance of winning a game between them (openskill's).",
        ),
    ] = None,
    check: Annotated[
        bool,
        typer.Option("--check", help="How often the favourite won, over the history."),
    ] = False,
    detail: Annotated[
        bool,
        typer.Option("--detail", help="The numbers behind the rank: μ, σ, μ − 3σ, recent change."),
    ] = False,
    json: JsonOption = False,
) -> None:
    """Skill ratings per game (openskill, Plackett-Luce): rank, chance against the field, plays.

    Every finished match of each game is replayed oldest first; a rating
    counts who you beat, not only how often you won. Best first (the rank is by μ − 3σ,
    the rating the companion is sure of); --detail and --json give μ, σ and μ − 3σ.
    --predict gives who is likely to win tonight; --check how often the favourite really did.
    """
    from companion import registry
    from companion.history import book
    from companion.history.queries import resolve_game
    from companion.history.ratings import ratings as compute

    store = open_store(ctx)
    chosen = resolve_game(game)
    if chosen is not None:
        chosen = registry.family(chosen)  # a series is rated through its games
    if predict is not None or check:
        if predict is not None and check:
            raise BadInput("give --predict or --check, not both")
        _predictions(store, predict, chosen, json)
        return
    spelled: list[str] = []
    with paused_gc():
        found = book.quick_ratings(store, spelled)  # the months' checkpoints, when it can be
    if found is not None:
        from companion.history.ratings import rows_of

        roster, lines = found
        known = book.player_names(store, roster, spelled) if player is not None else None
        rows = rows_of(lines, chosen, resolve_player(player, roster, None, known))
    else:
        roster, matches = history(store)
        who = resolve_player(player, roster, matches)
        with paused_gc():
            rows = compute(matches, chosen, who)

    def render(out):
        from companion.ui.history import ratings_view

        ratings_view(out, rows, detail)
        _first_steps(out, store, rows)

    emit({"ratings": rows}, json, render)


def _predictions(store: Any, typed: str | None, game: str | None, json: bool) -> None:
    """`ratings --predict` and `ratings --check`."""
    from companion.history import book
    from companion.history import predict as predicting
    from companion.history.ratings import rate

    if typed is None:
        roster, matches = history(store)  # the favourite before each match: every match
        with paused_gc():
            doc = predicting.check(matches, game)

        def render_check(out):
            if not doc["matches"]:
                out.print("No match with a favourite yet.", markup=False)
                return
            out.print(
                f"the favourite won {doc['favourite_won']} of "
                f"{_counted(doc['matches'], 'match')} "
                f"({doc['rate']:.0%}); openskill gave them {doc['expected']:.0%} on "
                "average",
                markup=False,
            )

        emit(doc, json, render_check)
        return
    typed_names = _predicted_parts(typed)  # a malformed list is refused before any read
    spelled: list[str] = []
    with paused_gc():
        found = book.quick_ratings(store, spelled)  # the months' checkpoints, as `ratings`
    if found is not None:
        roster, lines = found
        known = book.player_names(store, roster, spelled)
        names = _predicted_names(typed_names, roster, None, known)
    else:
        roster, matches = history(store)
        names = _predicted_names(typed_names, roster, matches)
        with paused_gc():
            lines = rate(matches)
    chosen = game or predicting.game_for(lines, names)
    if chosen is None:
        raise BadInput("which game? these players are not rated in one game alone: give --game")
    rows = predicting.predict(lines, chosen, names)
    doc = {"game": chosen, "predictions": rows}

    def render(out):
        from companion.ui.console import safe

        out.print(f"{chosen}: who is likely to win (openskill)", markup=False)
        width = max(len(r["player"]) for r in rows)
        for row in sorted(rows, key=lambda r: -r["chance"]):
            mark = f"  provisional: {_counted(row['plays'], 'play')}" if row["provisional"] else ""
            line = f"  {row['player']:<{width}}  {row['chance']:>4.0%}{mark}"
            out.print(safe(line), markup=False, highlight=False)

    emit(doc, json, render)


def _predicted_parts(typed: str) -> list[str]:
    """The names `--predict` lists, checked as names: two or more, none twice as typed."""
    from companion.engine.entries import check_name

    parts: list[str] = []
    for part in typed.split(","):
        name = check_name(part, "player's name")
        if name.casefold() in (n.casefold() for n in parts):
            raise BadInput(f"--predict names {name} twice")
        parts.append(name)
    if len(parts) < 2:
        raise BadInput("--predict needs two players or more, e.g. --predict Ana,Ben")
    return parts


def _predicted_names(
    parts: list[str], roster: Roster, matches: list[dict] | None, known: list[str] | None = None
) -> list[str]:
    """The players of `--predict`, each by name or unique prefix (a new name as typed)."""
    from contextlib import suppress

    from companion.engine.errors import UnknownName
    from companion.history.players import known_players

    if known is None:
        known = known_players(matches or [], roster)
    names: list[str] = []
    for part in parts:
        name = part
        with suppress(UnknownName):  # a player with no history yet: rated from the start
            name = resolve_player(name, roster, matches, known) or name
        if name.casefold() in (n.casefold() for n in names):
            raise BadInput(f"--predict names {name} twice")
        names.append(name)
    return names


def _match_chart(match: dict[str, Any], matches: list[dict[str, Any]]) -> dict[str, Any]:
    """The chart the match's game draws; else, or when the match kept nothing finer (a game
    logged by hand), its final scores: what is there."""
    from companion.history import charts
    from companion.history.errors import NoChart

    missing = None
    try:
        doc = charts.chart_of(match, matches)
    except NoChart as err:
        doc, missing = None, getattr(err, "missing", None)
    if doc is not None:
        return doc
    try:
        return charts.scores_chart(match, missing)
    except NoChart as err:
        raise NoChart(str(err), hint="chart a player's win rate with --player NAME") from None


@app.command()
def chart(
    ctx: typer.Context,
    match_id: Annotated[
        str | None,
        typer.Argument(
            metavar="[ID]",
            help="A match or a series whose game draws a chart (by period, by round).",
        ),
    ] = None,
    player: PlayerOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Draw a match (score by period, Supporters by round), a series, or a player's win rate."""
    from companion.history import book, charts
    from companion.history.queries import find_id, select

    store = open_store(ctx)
    doc = None
    # One match, or one player's counts: read through the archive's keys and each file's
    # win counts when they can say it (else, and for a series' games, every match).
    if match_id is not None:
        from companion.engine.errors import UnknownName

        try:
            match = book.one_shown(store, match_id)
        except UnknownName:  # a Series in progress is not in the archive's keys
            match = None
        if match is not None and not charts.needs_games(match):
            doc = _match_chart(match, [])
    elif player is not None and game is None:
        known, names = book.roster_and_names(store)
        name = resolve_player(player, known, None, names) or player
        months = book.quick_winrate(store, name, known)
        if months is not None:
            doc = charts.winrate_of(months, name)
    if doc is None:
        roster, matches = history(store)
        if match_id is not None:
            from companion.tables import documents_so_far

            so_far = [roster.match(d) for d in documents_so_far(store)]
            match = find_id(match_id, [*matches, *so_far])
            doc = _match_chart(match, matches)
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

    Exits 1 when the events do not give the stored result. An amended match
    is checked against the result it was recorded with.
    """
    from companion.history.book import load
    from companion.history.replay import find_replay, verify

    match = load(open_store(ctx), match_id, amend=False)
    where, fold = find_replay(match["game"])
    report = verify(match, fold, where)
    emit(
        report,
        json,
        lambda out: out.print(f"{match['game']} {match['id']}: {report['message']}", markup=False),
    )
    if report["verified"] is False:
        raise typer.Exit(int(ExitStatus.CHECK_FAILED))


# --- export, import -----------------------------------------------------------


@app.command("accept-loss")
def accept_loss(
    ctx: typer.Context,
    month: Annotated[
        str,
        typer.Argument(
            metavar="MONTH",
            help="The month (YYYY-MM) whose file shrank, YYYY-MM.N for the month's Nth file "
            "(the refusal names it), or 'records'.",
        ),
    ],
    json: JsonOption = False,
) -> None:
    """Accept that this machine's archive file for MONTH lost matches, so writes go on.

    A file that holds fewer matches than this machine wrote (an older copy put back by a
    sync engine, an old folder copied over) or is missing is never written over: the
    next write into it is refused until the file is restored (its .bak, or a backup with
    'companion restore') or the loss is accepted here. The acceptance is kept in the
    database. 'records' accepts the loss of renames, amendments and deletions the same way.
    """
    from companion.store.shrunk import accept_loss as accept

    answer = accept(open_store(ctx), month)
    emit(
        answer,
        json,
        lambda out: out.print(
            f"accepted the loss of {_counted(answer['lost'], _noun(answer))} in {answer['file']}: "
            f"{answer['found']} kept, {answer['expected']} were written",
            markup=False,
        ),
    )


def _noun(answer: dict[str, Any]) -> str:
    return "record" if answer["accepted"] == "records" else "match"


def write_chunks(chunks: Iterable[str], path: Path | None) -> None:
    """Write export text to `path` (else stdout) as it is produced."""
    import sys

    from companion.history.errors import BadOutput

    if path is None:
        for chunk in chunks:
            sys.stdout.write(chunk)
        sys.stdout.write("\n")
        return
    try:
        with _opened(path) as handle:
            for chunk in chunks:
                handle.write(chunk)
            handle.write("\n")
    except OSError as err:  # a full disk, /dev/full: one error line, not a traceback
        raise BadOutput(f"cannot write {path}: {err.strerror or err}") from None


def write_text(path: Path, text: str) -> None:
    """Write a whole export to `path`; a write error is one `error:` line."""
    from companion.history.errors import BadOutput

    try:
        with _opened(path) as handle:
            handle.write(text if text.endswith("\n") else text + "\n")
    except OSError as err:
        raise BadOutput(f"cannot write {path}: {err.strerror or err}") from None


def _opened(path: Path) -> Any:
    """`path` opened to write text, never waiting: a FIFO made since `_check_output` looked
    (no reader: ENXIO) or any other file that is not a regular one is refused."""
    import os
    import stat

    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags, 0o666)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return open(fd, "w", encoding="utf-8", errors="backslashreplace")


def _check_output(output: str | None) -> Path | None:
    from companion.history.errors import BadOutput

    if output is None:
        return None
    path = Path(output).expanduser()
    if path.is_dir():
        raise BadOutput(f"cannot write {path}: it is a folder")
    if not path.parent.is_dir():
        raise BadOutput(f"cannot write {path}: folder {path.parent} does not exist")
    if path.exists() and not path.is_file():  # a FIFO would wait for a reader for ever
        from companion.store.regular import NotRegular, check

        try:
            check(path)
        except NotRegular as err:
            raise BadOutput(f"cannot write {path}: {err}") from None
    return path


def _counted(n: int, noun: str) -> str:
    from companion.ui.history import plural

    return plural(n, noun)


@app.command()
def export(
    ctx: typer.Context,
    format: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="json (complete backup), csv, bgstats (a list of plays), bgsplay (a whole "
            "BG Stats play file: games, players, locations, plays) or bgg (BoardGameGeek's "
            "plays XML).",
        ),
    ] = "json",
    game: GameOption = None,
    one: Annotated[
        str | None,
        typer.Option(
            "--one", metavar="ID", help="bgstats: just this match, as the one play object."
        ),
    ] = None,
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
    from companion.history.book import backup_of
    from companion.history.queries import Filter, find_id, resolve_game, select
    from companion.ui.history import Progress

    kind = match_prefix(format, formats.FORMATS, what="export format")
    chosen = resolve_game(game)
    if one is not None and kind != "bgstats":
        raise BadInput("--one is for --format bgstats (a single play for BG Stats' import)")
    path = _check_output(output)
    store = open_store(ctx)

    def done(count: int, extra: dict[str, Any] | None = None) -> None:
        report = {"format": kind, "output": str(path), "matches": count, **(extra or {})}
        emit(
            report,
            json,
            lambda out: out.print(
                f"exported {_counted(count, 'match')} ({kind}) to {path}", markup=False
            ),
        )

    if kind == "json":
        backup = backup_of(store, chosen)
        with Progress("exporting", backup.count) as progress, paused_gc():
            picked = (progress.step(m) for m in backup.matches)
            chunks = formats.backup_chunks(
                picked, backup.aliases, backup.exported, backup.amendments
            )
            write_chunks(chunks, path)
        if path is not None:
            done(backup.count)
        return
    from companion.history.playrecord import bgg_ids

    _, matches = history(store)
    asker = None if json else _bgg_asker(store)
    if asker is not None and kind in ("bgstats", "bgsplay", "bgg"):
        from companion import registry
        from companion.history.formats import _finished, is_play
        from companion.history.queries import game_of

        shown = [find_id(one, matches)] if one is not None else select(matches, Filter(game=chosen))
        asker([registry.family(game_of(m)) for m in _finished(shown) if is_play(m)])
    bgg = bgg_ids(store)
    rows = None
    data: Any
    if one is not None:
        from companion.history.playrecord import new_players

        data = formats.bgstats_play(find_id(one, matches), new_players(matches), bgg)
        count = 1
    elif kind == "csv":
        rows = formats.csv_rows(select(matches, Filter(game=chosen)))
        data = formats.csv_text(rows)
        count = len({r["match_id"] for r in rows})
    elif kind == "bgsplay":
        from companion.history.bgstats import play_file

        data = play_file(select(matches, Filter(game=chosen)), bgg)
        count = len(data["plays"])
    elif kind == "bgg":
        from companion.history.bgg import plays_xml

        data = plays_xml(select(matches, Filter(game=chosen)), bgg)
        count = data.count("<play ")
    else:
        data = formats.bgstats_plays(select(matches, Filter(game=chosen)), bgg)
        count = len(data)
    text = data if isinstance(data, str) else jsonlib.dumps(data, ensure_ascii=False)
    if path is None:
        if json and kind in ("csv", "bgg"):
            payload = {"format": kind, "matches": count, kind: text}
            if rows is not None:
                payload["rows"] = len(rows)
            emit(payload, True, lambda out: None)
        else:
            typer.echo(text, nl=not text.endswith("\n"))
        return
    write_text(path, text)
    done(count, {"rows": len(rows)} if rows is not None else None)


@app.command()
def link(
    ctx: typer.Context,
    match_id: Annotated[
        str | None,
        typer.Argument(
            metavar="[ID]",
            help="Match id or a unique prefix (default: the last finished game).",
            show_default=False,
        ),
    ] = None,
    qr: Annotated[
        bool | None,
        typer.Option(
            "--qr/--no-qr",
            help="Draw the link as a QR code for a phone (default: on a terminal).",
            show_default=False,
        ),
    ] = None,
    json: JsonOption = False,
) -> None:
    """BG Stats' link for one play: opened on a phone (scan the QR code), it fills in the
    play — date, minutes, location, players, scores, winners, who started, who was new,
    roles, board."""
    import shutil
    import sys

    from companion.history.bgstats import link_of

    store = open_store(ctx)
    _, url = link_of(store, match_id, ask=None if json else _bgg_asker(store))

    def render(out):
        out.print(url, markup=False, highlight=False, soft_wrap=True)
        if qr if qr is not None else sys.stdout.isatty():
            from companion.ui.qr import draw_qr

            columns = shutil.get_terminal_size((80, 24)).columns
            out.file.flush()
            draw_qr(url, sys.stdout, columns, TOO_WIDE.format(columns=columns, width="{width}"))

    emit({"url": url}, json, render)


TOO_WIDE = "QR code: {width} columns, {columns} here; scan the room's board (companion watch --web)"


def _bgg_asker(store: Any) -> Any:
    """On a terminal: asks once, the first time a play of a game goes to BG Stats or BGG,
    for the game's BoardGameGeek id (None off a terminal: nothing is asked)."""
    if not on_terminal():
        return None

    def ask(families: list[str]) -> None:
        from companion import registry
        from companion.engine.errors import BadInput
        from companion.history.playrecord import check_bgg_id, not_asked, set_bgg_id

        for family in not_asked(store, families):
            spec = registry.spec(family)
            title = spec.title if spec is not None else family
            while True:
                typed = typer.prompt(
                    f"BoardGameGeek id of {title}? (the number in its boardgamegeek.com "
                    "address; Enter: none, and not asked again)",
                    default="",
                    show_default=False,
                    err=True,
                )
                try:
                    number = check_bgg_id(typed) if typed.strip() else None
                except BadInput as err:
                    typer.echo(f"error: {err}", err=True)
                    continue
                break
            set_bgg_id(store, family, number, asked=True)

    return ask


@app.command("import")
def import_(
    ctx: typer.Context,
    file: Annotated[
        str,
        typer.Argument(
            metavar="FILE",
            help="A file written by 'history export' (JSON), or BoardGameGeek plays XML; "
            "- reads standard input.",
        ),
    ],
    skip_bad: Annotated[
        bool,
        typer.Option(
            "--skip-bad", help="Import the good matches and leave the bad ones out (listed)."
        ),
    ] = False,
    json: JsonOption = False,
) -> None:
    """Restore a JSON export, or import a BoardGameGeek plays file (the plays of the games
    the companion knows); matches already here (same id, same BGG play) are skipped.

    Every match is checked first; a file with bad ones is refused whole, naming each
    (its position and id), and nothing is written, unless --skip-bad leaves them out.
    The import lands whole or not at all.
    """
    from companion.history.book import import_backup
    from companion.history.formats import BIG_FILE, read_export
    from companion.history.importing import Export
    from companion.ui.history import Progress

    if file == "-":
        _import_stdin(ctx, skip_bad, json)
        return
    path = Path(file).expanduser()
    if _is_xml(path):
        _import_bgg(ctx, path, json)
        return
    try:
        big = path.is_file() and path.stat().st_size > BIG_FILE
    except OSError:
        big = False
    bad: list[str] = []
    if big:  # read a match at a time, checked as it is read, inside the transaction
        export = Export(path, skip_bad)
        bad = export.bad
        matches, aliases, amendments, total = (
            export.matches(),
            export.aliases,
            export.amendments,
            None,
        )
    else:
        matches, aliases, amendments = read_export(path, bad if skip_bad else None)
        total = len(matches)
    store = open_store(ctx)
    with Progress("importing", total) as progress, paused_gc():
        report = import_backup(store, matches, aliases, amendments, progress.advance)
    _imported(report, bad, skip_bad, json)


def _imported(report: dict[str, Any], bad: list[str], skip_bad: bool, json: bool) -> None:
    if skip_bad:
        report["left_out"] = list(bad)

    def render(out):
        added = _counted(report["added"], "match")
        aliases_added = _counted(report["aliases_added"], "alias")
        out.print(
            f"imported {added} ({report['skipped']} already here), {aliases_added}", markup=False
        )
        for why in bad:
            out.print(f"left out {why}", markup=False)

    emit(report, json, render)


def _import_stdin(ctx: typer.Context, skip_bad: bool, json: bool) -> None:
    """`history import -`: the file on standard input, JSON or BGG's XML, read whole (up to
    the size a file may have) before anything is written."""
    import sys

    from companion.history.bgg import is_xml
    from companion.history.book import import_backup
    from companion.history.formats import parse_export
    from companion.store.regular import MAX_READ, MAX_SHOWN

    if sys.stdin.isatty():
        raise BadInput("history import - reads a file on standard input, and none was given",
                       hint="companion history import - < plays.xml")  # fmt: skip
    raw = sys.stdin.buffer.read(MAX_READ + 1)
    if len(raw) > MAX_READ:
        raise BadInput(f"standard input is larger than {MAX_SHOWN}: not an export")
    if is_xml(raw[:64]):
        _import_bgg(ctx, None, json, raw)
        return
    bad: list[str] = []
    matches, aliases, amendments = parse_export(raw, "standard input", bad if skip_bad else None)
    store = open_store(ctx)
    with paused_gc():
        report = import_backup(store, matches, aliases, amendments)
    _imported(report, bad, skip_bad, json)


def _is_xml(path: Path) -> bool:
    from companion.history.bgg import is_xml
    from companion.store.regular import NotRegular, check

    try:
        check(path)  # never open a FIFO or a device to sniff it: it may never answer
        with path.open("rb") as handle:
            return is_xml(handle.read(64))
    except (OSError, NotRegular):
        return False  # read_export says what is wrong with it


def _import_bgg(
    ctx: typer.Context, path: Path | None, json: bool, raw: bytes | None = None
) -> None:
    """A BoardGameGeek plays file (`raw`: read from standard input already): the plays of
    games the companion knows, each once."""
    from companion.history.bgg import MAX_FILE, read_plays
    from companion.history.book import import_backup
    from companion.history.playrecord import bgg_ids
    from companion.store.regular import NotRegular
    from companion.store.regular import read as read_regular

    source = "standard input" if path is None else str(path)
    try:
        raw = read_regular(path, MAX_FILE) if path is not None else raw or b""
    except NotRegular:
        raise BadInput(f"{path} is over {MAX_FILE >> 20} MB: not a plays file") from None
    except OSError as err:
        raise BadInput(f"cannot read {path}: {err.strerror or err}") from None
    if len(raw) > MAX_FILE:
        raise BadInput(f"{source} is over {MAX_FILE >> 20} MB: not a plays file")
    store = open_store(ctx)
    read = read_plays(raw, source, bgg_ids(store), store)
    with paused_gc():
        done = import_backup(store, read.matches, {})
    report = {
        "added": done["added"],
        "skipped": done["skipped"],
        "other_games": sum(read.other_games.values()),
        "other_game_names": read.other_games,
        "refused": read.refused,
    }

    def render(out):
        from companion.ui.console import safe

        others = ", ".join(f"{name} {n}" for name, n in sorted(read.other_games.items()))
        line = (
            f"imported {_counted(report['added'], 'play')} from BoardGameGeek "
            f"({report['skipped']} already here); skipped "
            f"{_counted(report['other_games'], 'play')} of other games"
            + (f" ({others})" if others else "")
        )
        out.print(safe(line), markup=False, highlight=False)
        for refused in read.refused:
            out.print(safe(f"not imported: {refused}"), markup=False, highlight=False)

    emit(report, json, render)


# --- amend, delete, undo ----------------------------------------------------------


@app.command()
def amend(
    ctx: typer.Context,
    match_id: IdArgument,
    scores: Annotated[
        list[str],
        typer.Argument(metavar="NAME=SCORE...", help="The corrected scores (others stay)."),
    ],
    json: JsonOption = False,
) -> None:
    """Correct a finished or logged result; ranks and winner follow the game's rules.

    The correction is recorded as an amendment: 'history show' keeps the
    original beside it, and 'history replay' still checks the original.
    """
    from companion.history.amend import amend as amend_result

    answer = amend_result(open_store(ctx), match_id, scores)

    def render(out):
        from companion.ui.history import amended_view

        amended_view(out, answer)

    emit(answer, json, render)


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
    """Delete a finished, logged or abandoned match for good (asks first on a terminal).

    A match the history skips as unreadable can be deleted by its exact id.
    """
    from companion.history.book import deletable
    from companion.history.book import delete as delete_match

    store = open_store(ctx)
    match = deletable(store, match_id)
    if not yes:
        if not on_terminal():
            raise BadInput(f"deleting match {match['id']} needs --yes when not on a terminal")
        from companion.ui.console import safe

        players = ", ".join(match["players"]) or "unreadable"
        question = safe(f"Delete {match['game']} match {match['id']} ({players})?")
        if not typer.confirm(question, default=False, err=True):
            emit({"deleted": None}, json, lambda out: out.print("Nothing deleted."))
            return
    removed = delete_match(store, match["id"])
    emit(
        {"deleted": removed},
        json,
        lambda out: out.print(f"deleted {removed['game']} match {removed['id']}", markup=False),
    )


@app.command()
def undo(
    ctx: typer.Context,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    json: JsonOption = False,
) -> None:
    """Take back the match recorded last (finished, logged or imported), after asking.

    A tracked match goes back live without its result, to be corrected and
    ended again; a logged match is removed (log it again to correct it, or
    use 'history amend'). Off a terminal, --yes is needed.
    """
    from companion.history.book import undo_last, undo_plan

    store = open_store(ctx)
    plan = undo_plan(store)
    match = plan.match
    if not yes:
        if not on_terminal():
            raise BadInput(f"undoing match {match['id']} needs --yes when not on a terminal")
        from companion.ui.console import safe

        players = ", ".join(match["players"])
        what = f"{match['game']} match {match['id']} ({players})"
        if plan.action == "reopened":
            question = f"Put {what} back live without its result?"
        else:
            question = f"Remove logged {what}?"
        if not typer.confirm(safe(question), default=False, err=True):
            emit({plan.action: None}, json, lambda out: out.print("Nothing undone."))
            return
    done = undo_last(store, expected=match["id"])
    match = done.match
    said = "is live again" if done.action == "reopened" else "is removed (it was logged)"
    emit(
        {done.action: match},
        json,
        lambda out: out.print(f"{match['game']} match {match['id']} {said}", markup=False),
    )
