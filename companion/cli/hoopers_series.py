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
game_app = new_app("Play the next series game as a tracked hoopers match.")
app.add_typer(game_app, name="game")

TABLE = "series"
CURRENT = "current"
MATCH_GAME = "hoopers"
# A game typed in by hand has a result but no event log to replay, so it is
# archived under its own name; `history list --game hoopers` still lists it.
HAND_GAME = "hoopers-series-game"

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
SeriesTrackOption = Annotated[
    str | None,
    typer.Option(
        "--series-track",
        metavar="TRIBE",
        help="The tribe the tribe marker shows at the end (default: the home tribe).",
    ),
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


def _current(store: Store) -> Series:
    """The current series, after taking in the result of its tracked match if that ended."""
    return _sync(store, _current_id(store))


def _sync(store: Store, series_id: str) -> Series:
    series = _load(store, series_id)
    if series.pending_match is None:
        return series
    try:
        match = store.get_match(series.pending_match)
    except UnknownName:
        match = {"id": series.pending_match, "status": "abandoned"}
    if match["status"] == "live":
        return series
    took: list[Series] = []

    def take(now: Series) -> Series:
        # Another process may have taken it in since we looked.
        if now.pending_match != match["id"]:
            return now
        took.append(now)
        if match["status"] != "finished":
            return now.unlinked()
        return now.with_game(_report_from_match(now, match), _rules())

    after = _change(store, series_id, take)
    if took:
        _after_record(store, took[0], after)
    return after


def _report_from_match(series: Series, match: dict[str, Any]) -> GameReport:
    from companion.games.hoopers.series_match import report_from_match

    teams = None
    if isinstance(match.get("events"), list):
        from companion.games.hoopers.match import fold

        state = fold(match)
        teams = {t: list(state.teams[t].hoopers.values()) for t in series.tribes}
    return report_from_match(series, match, teams)


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
            "game": HAND_GAME,
            "players": list(series.tribes),
            "options": {
                "series": series.id,
                "game_number": number,
                "home": home,
                "away": series.other(home),
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


def begin_series(
    store: Store, tribes: tuple[str, str], home_tribe: str, name: str | None, seed: int
) -> Series:
    """Store a new series and make it current; refused while another is live."""
    from companion.games.hoopers.series import Series
    from companion.store.store import new_id, now

    known = store.all_docs(TABLE)
    series_id = next(i for i in iter(new_id, None) if i not in known)
    series = Series(
        id=series_id, tribes=tribes, home_tribe=home_tribe, name=name, seed=seed, created=now()
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
    return series


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
    from companion.engine.names import check_name, match_prefix
    from companion.engine.rng import TableRng

    names = parse_players(tribes, low=2, high=2)
    if name is not None:
        check_name(name, "series name")
    rng = TableRng(seed)
    home_tribe = rng.choice(names) if home.strip().lower() == "random" else None
    home_tribe = home_tribe or match_prefix(home, names, what="tribe")
    series = begin_series(open_store(ctx), (names[0], names[1]), home_tribe, name, rng.seed)
    _show_status(series, json, started=True, chosen=home.strip().lower() == "random")


@app.command("next")
def next_(ctx: typer.Context, json: JsonOption = False) -> None:
    """The setup for the next game: who is home, Susan Peg, who sits out."""
    from companion.games.hoopers.series_errors import SeriesDecided
    from companion.games.hoopers.series_report import setup_document

    store = open_store(ctx)
    series = _current(store)
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
    chips: ChipsOption = None,
    gameplan: GameplanOption = None,
    series_track: SeriesTrackOption = None,
    json: JsonOption = False,
) -> None:
    """Record the next game by hand, then show its Reward Phase."""
    store = open_store(ctx)
    series = _current(store)
    report = _parse_report(
        series, score, periods, ejected, injured, chips, gameplan, series_track, match_id=None
    )
    after = record_game(store, series.id, report)
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
    from companion.games.hoopers.series import GameReport
    from companion.games.hoopers.series_input import parse_pair, parse_periods

    a, b = parse_pair(score)
    return GameReport(
        scores={series.tribes[0]: a, series.tribes[1]: b},
        periods=parse_periods(periods) if periods else (),
        match_id=match_id,
        **_parse_details(
            series, len(series.games) + 1, ejected, injured, chips, gameplan, series_track
        ),
    )


def _parse_details(
    series: Series,
    number: int,
    ejected: list[str] | None,
    injured: list[str] | None,
    chips: list[str] | None,
    gameplan: list[str] | None,
    series_track: str | None,
) -> dict[str, Any]:
    """The reward and carry-over details of game `number`, keyed by tribe.

    Hoopers are resolved by unique prefix against their tribe's roster and
    stored by full name, so the next game's carry-over finds them.
    """
    from companion.engine.names import match_prefix
    from companion.games.hoopers.series_input import (
        parse_chips,
        parse_gameplan,
        resolve_tribe_hooper,
    )

    tribes = series.tribes
    most = _rules().max_gameplan_milestones
    rosters = _known_rosters(series, number) if ejected or injured else {}

    def hoopers(items: list[str] | None) -> dict[str, tuple[str, ...]]:
        found: dict[str, list[str]] = {}
        for item in items or []:
            tribe, hooper = resolve_tribe_hooper(item, tribes, rosters)
            if hooper not in found.setdefault(tribe, []):
                found[tribe].append(hooper)
        return {t: tuple(h) for t, h in found.items()}

    return {
        "ejected": hoopers(ejected),
        "injured": hoopers(injured),
        "chips": dict(parse_chips(c, tribes) for c in chips or []),
        "gameplan": dict(parse_gameplan(g, tribes, most) for g in gameplan or []),
        "series_track": match_prefix(series_track, tribes, what="tribe") if series_track else None,
    }


def _known_rosters(series: Series, number: int) -> dict[str, list[str]]:
    """Each tribe's hoopers in game `number`, for tribes the rulebook data knows.

    Susan Peg is added to the tribe she joins in that game.
    """
    from companion.games.hoopers.match import tribe_roster
    from companion.games.hoopers.series_match import SUSAN_PEG

    susan = series.susan_peg_in(number, _rules())
    rosters: dict[str, list[str]] = {}
    for tribe in series.tribes:
        try:
            rosters[tribe] = tribe_roster(tribe)
        except UnknownName:
            continue
        if susan == tribe and SUSAN_PEG not in rosters[tribe]:
            rosters[tribe].append(SUSAN_PEG)
    return rosters


def record_game(store: Store, series_id: str, report: GameReport) -> Series:
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
def amend(
    ctx: typer.Context,
    game: Annotated[
        int | None, typer.Argument(help="Game number (default: the last recorded game).")
    ] = None,
    ejected: HooperOption = None,
    injured: HooperOption = None,
    chips: ChipsOption = None,
    gameplan: GameplanOption = None,
    series_track: SeriesTrackOption = None,
    json: JsonOption = False,
) -> None:
    """Add what a tracked match does not know (gameplan, series track) or fix a game's details.

    Each option replaces that detail for the tribes it names; the score stays.
    """
    from companion.engine.errors import BadInput

    store = open_store(ctx)
    series = _current(store)
    number = game if game is not None else len(series.games)
    parsed = _parse_details(series, number, ejected, injured, chips, gameplan, series_track)
    changes = {key: value for key, value in parsed.items() if value}
    if not changes:
        raise BadInput(
            "nothing to amend",
            hint="give --ejected, --injured, --chips, --gameplan or --series-track",
        )
    after = _change(store, series.id, lambda s: s.with_amended(number, _rules(), **changes))
    _show_status(after, json, amended=number)


@game_app.command("start")
def game_start(
    ctx: typer.Context,
    hot: Annotated[
        str,
        typer.Option(
            "--hot", help="The home tribe's three hoopers on the first hot step (comma separated)."
        ),
    ],
    cold: Annotated[
        str,
        typer.Option(
            "--cold", help="The away tribe's two hoopers on the first cold step (comma separated)."
        ),
    ],
    roster: Annotated[
        list[str] | None,
        typer.Option(
            "--roster",
            metavar="TRIBE:A,B,...",
            help="A tribe's hoopers (default: the tribe of that name, keepers or unleashed).",
        ),
    ] = None,
    first: Annotated[
        str, typer.Option("--first", help="Who attacks first: a tribe, or roll (d20 each).")
    ] = "roll",
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Start the next game as a tracked `hoopers match` with the home/away rules applied.

    When 'companion hoopers match end' records that match, the series takes its
    score, periods, ejections, injuries and unspent chips as the game's result.
    """
    from companion.engine.rng import fresh_seed
    from companion.games.hoopers.match import new_match
    from companion.games.hoopers.series_match import plan_series_match
    from companion.games.hoopers.series_report import setup_document

    store = open_store(ctx)
    series = _current(store)
    series.linked_to("-", _rules())  # refuse early: decided, or a game already in play
    plan = plan_series_match(series, _rules(), _rosters(series, roster), _names(hot), _names(cold))
    chosen_seed = fresh_seed() if seed is None else seed
    players, options, events = new_match(
        plan.home,
        plan.away,
        chosen_seed,
        first=first,
        injury_pile=store.get_doc(MATCH_GAME, "injury_pile"),
        **plan.options,
    )
    _check_events({"id": "", "players": players, "options": options}, events, plan)
    match = store.start_match(
        MATCH_GAME,
        players,
        {**options, **plan.extra_options},
        chosen_seed,
        [*events, *plan.carried_events],
    )
    try:
        _change(store, series.id, lambda s: s.linked_to(match["id"], _rules()))
    except Exception:
        store.abandon_match(MATCH_GAME)
        raise
    payload = {
        **setup_document(series, plan.number, _rules()),
        "match_id": match["id"],
        "line_ups": {t: list(r) for t, r in plan.rosters.items()},
        "left_out": {t: list(r) for t, r in plan.left_out.items()},
        "hot": list(plan.options["onfire_start"][plan.home]),
        "cold": list(plan.options["onfire_start"][plan.away]),
        "unmatched": list(plan.unmatched),
    }

    def render(out):
        from companion.ui.hoopers_series import render_game_start

        render_game_start(out, payload)

    emit(payload, json, render)


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


def _rosters(series: Series, given: list[str] | None) -> dict[str, list[str]]:
    from companion.engine.errors import BadInput
    from companion.games.hoopers.match import tribe_roster
    from companion.games.hoopers.series_input import parse_tribe_hooper

    rosters: dict[str, list[str]] = {}
    for item in given or []:
        tribe, names = parse_tribe_hooper(item, series.tribes)
        rosters[tribe] = _names(names)
    for tribe in series.tribes:
        if tribe not in rosters:
            try:
                rosters[tribe] = tribe_roster(tribe)
            except UnknownName:
                raise BadInput(
                    f"no hoopers known for tribe '{tribe}'",
                    hint=f"name them with --roster '{tribe}:A,B,C,...'",
                ) from None
    return rosters


def _check_events(match: dict[str, Any], events: list[dict[str, Any]], plan) -> None:
    """Fold the opening log before anything is written: names must be in the line-ups."""
    from companion.games.hoopers.match import fold

    fold({**match, "events": [*events, *plan.carried_events]})


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
    series = _current(store)
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
    _show_status(_current(store), json)


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
    series_id = _current(store).id
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
    return match.get("game") == HAND_GAME


@app.command()
def abandon(ctx: typer.Context, json: JsonOption = False) -> None:
    """Abandon the current series (kept in history as abandoned)."""
    from dataclasses import replace

    from companion.games.hoopers.series_report import history_record

    store = open_store(ctx)
    series_id = _current(store).id

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
