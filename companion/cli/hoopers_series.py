"""`companion hoopers series`: The Series across evenings (best of seven, home and away).

Storage: each series is a document in the store's "series" table, keyed by its
id; the document under CURRENT names the series the commands act on. Every
change is validated inside `store.update_doc`, under the lock, so a refused
command writes nothing. Recorded games and decided series are also archived
as matches so that `companion history` lists them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import JsonOption, SeedOption, emit, new_app, open_store
from companion.engine.errors import RuleViolation, UnknownName

if TYPE_CHECKING:
    from companion.games.hoopers.series import GameReport, Series
    from companion.store import Store

app = new_app("The Series: best of seven across evenings, home/away, rewards, carry-over.")

TABLE = "series"
CURRENT = "current"
SERIES_GAME = "hoopers-series"
MATCH_GAME = "hoopers"

HooperOption = Annotated[
    list[str] | None,
    typer.Option(metavar="TRIBE:HOOPER", help="Repeat for each hooper."),
]


# --- the store ----------------------------------------------------------------


def _rules():
    from companion.games.hoopers.series_rules import default_series_rules

    return default_series_rules()


def _load(store: Store, series_id: str) -> Series:
    from companion.games.hoopers.series import Series

    doc = store.get_doc(TABLE, series_id)
    if doc is None:
        raise UnknownName(f"no series '{series_id}'", hint="see 'companion hoopers series list'")
    return Series.from_doc(doc)


def _current_id(store: Store) -> str:
    current = store.get_doc(TABLE, CURRENT)
    if not current or store.get_doc(TABLE, current) is None:
        raise RuleViolation(
            "no series yet", hint="start one with 'companion hoopers series start --tribes A,B'"
        )
    return current


def _change(store: Store, series_id: str, change) -> Series:
    """Apply `change(Series) -> Series` under the lock; raising writes nothing."""
    from companion.games.hoopers.series import Series

    def apply(doc: dict[str, Any] | None) -> dict[str, Any]:
        if doc is None:
            raise UnknownName(f"no series '{series_id}'")
        return change(Series.from_doc(doc)).to_doc()

    return Series.from_doc(store.update_doc(TABLE, series_id, apply))


def _archive(store: Store, record: dict[str, Any]) -> None:
    from companion.store.store import stamp_event

    store.archive_match({**record, "events": [stamp_event(e) for e in record["events"]]})


def _unarchive(store: Store, match_id: str | None) -> None:
    """Take a record back out of the history (undo); gone already is fine."""
    if not match_id:
        return
    from contextlib import suppress

    from companion.store.archive import delete_archived

    with suppress(UnknownName):
        delete_archived(store, match_id)


def _archive_game(store: Store, series: Series, number: int) -> None:
    """A manually recorded game, as a finished hoopers match naming its series."""
    from companion.store.store import now

    game = series.games[number - 1]
    home = series.home_in(number, _rules())
    ranks = {t: 1 if t == game.winner else 2 for t in series.tribes}
    store.archive_match(
        {
            "id": game.match_id,
            "game": MATCH_GAME,
            "players": list(series.tribes),
            "options": {
                "series": series.id,
                "game_number": number,
                "home": home,
                "away": series.other(home),
                "recorded_by_hand": True,
            },
            "seed": None,
            "status": "finished",
            "created": now(),
            "events": [],
            "result": {
                "scores": dict(game.scores),
                "ranks": ranks,
                "winner": game.winner,
                "periods": [list(p) for p in game.periods],
                "series": series.id,
            },
        }
    )


def _after_record(store: Store, before: Series, after: Series) -> None:
    from companion.games.hoopers.series_report import history_record

    if after.status == "finished" and before.status != "finished":
        _archive(store, history_record(after, _rules()))


# --- commands -----------------------------------------------------------------


@app.command()
def start(
    ctx: typer.Context,
    tribes: Annotated[
        str, typer.Option("--tribes", help="The two tribes, comma separated: Keepers,Unleashed.")
    ],
    home: Annotated[
        str, typer.Option("--home", help="The tribe at home in game 1, or 'random' (seeded).")
    ] = "random",
    name: Annotated[str | None, typer.Option("--name", help="A name for the series.")] = None,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Start a best-of-seven series; it becomes the current series."""
    from companion.engine.decks import parse_players
    from companion.engine.names import match_prefix
    from companion.engine.rng import TableRng
    from companion.games.hoopers.series import Series
    from companion.store.store import new_id, now

    names = parse_players(tribes, low=2, high=2)
    rng = TableRng(seed)
    home_tribe = rng.choice(names) if home.strip().lower() == "random" else None
    home_tribe = home_tribe or match_prefix(home, names, what="tribe")
    store = open_store(ctx)
    known = store.all_docs(TABLE)
    series_id = next(i for i in iter(new_id, None) if i not in known)
    series = Series(
        id=series_id,
        tribes=(names[0], names[1]),
        home_tribe=home_tribe,
        name=name,
        seed=rng.seed,
        created=now(),
    )

    def claim(current: str | None) -> str:
        # Runs under the lock: a live series must be finished or abandoned first.
        if current:
            doc = store.get_doc(TABLE, current)
            if doc is not None and doc["status"] == "live":
                raise RuleViolation(
                    f"series {current} ({' v '.join(doc['tribes'])}) is still live",
                    hint="finish it or 'companion hoopers series abandon' first",
                )
        return series.id

    store.update_doc(TABLE, CURRENT, claim)
    store.put_doc(TABLE, series.id, series.to_doc())
    _show_status(series, json, started=True, chosen=home.strip().lower() == "random")


@app.command("next")
def next_(ctx: typer.Context, json: JsonOption = False) -> None:
    """The setup for the next game: who is home, Susan Peg, who sits out."""
    from companion.games.hoopers.series_errors import SeriesDecided
    from companion.games.hoopers.series_report import setup_document

    store = open_store(ctx)
    series = _load(store, _current_id(store))
    upcoming = series.next_game(_rules())
    if upcoming is None:
        raise SeriesDecided(f"series {series.id} is {_ended(series)}; there is no next game")
    payload = setup_document(series, upcoming, _rules())

    def render(out):
        from companion.ui.hoopers_series import render_setup

        render_setup(out, payload)

    emit(payload, json, render)


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
    chips: Annotated[
        list[str] | None,
        typer.Option(
            "--chips", metavar="TRIBE:lv1=N,lv2=N", help="Onfire chips left unspent at the end."
        ),
    ] = None,
    gameplan: Annotated[
        list[str] | None,
        typer.Option(
            "--gameplan", metavar="TRIBE:0|1|2", help="Gameplan milestones completed this game."
        ),
    ] = None,
    series_track: Annotated[
        str | None,
        typer.Option(
            "--series-track",
            metavar="TRIBE",
            help="The tribe the tribe marker shows at the end (default: the home tribe).",
        ),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Record the next game by hand, then show its Reward Phase."""
    store = open_store(ctx)
    series = _load(store, _current_id(store))
    report = _parse_report(
        series, score, periods, ejected, injured, chips, gameplan, series_track, match_id=None
    )
    after = _record(store, series.id, report)
    _show_status(after, json, recorded=len(after.games))


def _parse_report(
    series: Series,
    score: str,
    periods: str | None,
    ejected: list[str] | None,
    injured: list[str] | None,
    chips: list[str] | None,
    gameplan: list[str] | None,
    series_track: str | None,
    match_id: str | None,
) -> GameReport:
    from companion.engine.names import match_prefix
    from companion.games.hoopers.series import GameReport
    from companion.games.hoopers.series_input import (
        parse_chips,
        parse_gameplan,
        parse_pair,
        parse_periods,
        parse_tribe_hooper,
    )

    tribes = series.tribes
    a, b = parse_pair(score)

    def hoopers(items: list[str] | None) -> dict[str, tuple[str, ...]]:
        found: dict[str, list[str]] = {}
        for item in items or []:
            tribe, hooper = parse_tribe_hooper(item, tribes)
            found.setdefault(tribe, []).append(hooper)
        return {t: tuple(h) for t, h in found.items()}

    return GameReport(
        scores={tribes[0]: a, tribes[1]: b},
        periods=parse_periods(periods) if periods else (),
        ejected=hoopers(ejected),
        injured=hoopers(injured),
        chips=dict(parse_chips(c, tribes) for c in chips or []),
        gameplan=dict(
            parse_gameplan(g, tribes, _rules().max_gameplan_milestones) for g in gameplan or []
        ),
        series_track=match_prefix(series_track, tribes, what="tribe") if series_track else None,
        match_id=match_id,
    )


def _record(store: Store, series_id: str, report: GameReport) -> Series:
    """Add `report` as the next game; a game typed in by hand also goes to history."""
    from dataclasses import replace

    from companion.store.store import new_id

    by_hand = report.match_id is None
    if by_hand:
        report = replace(report, match_id=new_id())
    before = _load(store, series_id)
    after = _change(store, series_id, lambda s: s.with_game(report, _rules()))
    if by_hand:
        _archive_game(store, after, len(after.games))
    _after_record(store, before, after)
    return after


@app.command()
def rewards(
    ctx: typer.Context,
    game: Annotated[
        int | None, typer.Argument(help="Game number (default: the last recorded game).")
    ] = None,
    json: JsonOption = False,
) -> None:
    """The Reward Phase of a game: markers, Strength marker, chips and their exchange."""
    from companion.games.hoopers.series_report import game_rewards

    store = open_store(ctx)
    series = _load(store, _current_id(store))
    number = game if game is not None else len(series.games)
    earned = game_rewards(series, number, _rules())

    def render(out):
        from companion.ui.hoopers_series import render_rewards

        render_rewards(out, series, earned, _rules())

    emit(earned.to_json(), json, render)


@app.command()
def status(ctx: typer.Context, json: JsonOption = False) -> None:
    """The current series: seven-game strip, wins, next home, carry-over, Susan Peg."""
    store = open_store(ctx)
    _show_status(_load(store, _current_id(store)), json)


@app.command()
def show(
    ctx: typer.Context,
    series_id: Annotated[str, typer.Argument(metavar="ID", help="Series id or a unique prefix.")],
    json: JsonOption = False,
) -> None:
    """Any series, current or past, by id."""
    from companion.engine.names import match_prefix

    store = open_store(ctx)
    ids = [k for k in store.all_docs(TABLE) if k != CURRENT]
    _show_status(_load(store, match_prefix(series_id, ids, what="series")), json)


@app.command("list")
def list_(ctx: typer.Context, json: JsonOption = False) -> None:
    """Every series, newest first."""
    from companion.games.hoopers.series import Series

    store = open_store(ctx)
    docs = store.all_docs(TABLE)
    current = docs.pop(CURRENT, None)
    rules = _rules()
    rows = []
    # Stored order breaks ties between series started in the same second.
    ordered = sorted(enumerate(docs.values()), key=lambda d: (d[1].get("created") or "", d[0]))
    for _, doc in reversed(ordered):
        series = Series.from_doc(doc)
        rows.append(
            {
                "id": series.id,
                "name": series.name,
                "tribes": list(series.tribes),
                "wins": series.wins,
                "games": len(series.games),
                "winner": series.winner(rules),
                "status": series.status,
                "created": series.created,
                "current": series.id == current,
            }
        )

    def render(out):
        from companion.ui.hoopers_series import render_list

        render_list(out, rows)

    emit({"series": rows}, json, render)


@app.command()
def undo(ctx: typer.Context, json: JsonOption = False) -> None:
    """Drop the last recorded game of the current series."""
    store = open_store(ctx)
    series_id = _current_id(store)
    before = _load(store, series_id)
    after = _change(store, series_id, lambda s: s.without_last_game())
    dropped = before.games[-1]
    if before.status == "finished":
        _unarchive(store, before.id)
    if dropped.match_id is not None and _was_by_hand(store, dropped.match_id):
        _unarchive(store, dropped.match_id)
    _show_status(after, json, undone=len(before.games))


def _was_by_hand(store: Store, match_id: str) -> bool:
    try:
        match = store.get_match(match_id)
    except UnknownName:
        return False
    return bool((match.get("options") or {}).get("recorded_by_hand"))


@app.command()
def abandon(ctx: typer.Context, json: JsonOption = False) -> None:
    """Abandon the current series (kept in history as abandoned)."""
    from dataclasses import replace

    from companion.games.hoopers.series_report import history_record

    store = open_store(ctx)
    series_id = _current_id(store)

    def drop(series: Series) -> Series:
        if series.status != "live":
            raise RuleViolation(f"series {series.id} is already {_ended(series)}")
        return replace(series, status="abandoned")

    after = _change(store, series_id, drop)
    _archive(store, history_record(after, _rules()))
    _show_status(after, json)


# --- output -------------------------------------------------------------------


def _ended(series: Series) -> str:
    winner = series.winner(_rules())
    if winner is not None:
        wins = series.wins
        return f"decided ({winner} won {wins[winner]}-{wins[series.other(winner)]})"
    return series.status


def _show_status(series: Series, as_json: bool, **note: Any) -> None:
    from companion.games.hoopers.series_report import status_document

    payload = status_document(series, _rules())

    def render(out):
        from companion.ui.hoopers_series import render_status

        render_status(out, series, payload, _rules(), **note)

    emit(payload, as_json, render)
