"""`companion hoopers match`: a tracked Valley Hoopers match (loaded only when used)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import JsonOption, SeedOption, emit, new_app, open_store
from companion.cli.hoopers import (
    Bonus,
    Defense,
    Face,
    Flagrant,
    FtRoll,
    FtStat,
    Kind,
    NoFoulBonus,
    Roll,
    Stat,
    check_face,
    check_roll,
    shot_spec,
    unused_roll,
)
from companion.engine.events import event

if TYPE_CHECKING:
    from companion.games.hoopers.state import MatchState
    from companion.tables.base import Ended, Recorded, Status
    from companion.tables.hoopers import HoopersTable

match_app = new_app("A tracked Valley Hoopers match: score, periods, fouls, injuries, Onfire.")

# --- the tracked match -------------------------------------------------------

TeamArg = Annotated[str, typer.Argument(help="The team (unique prefix).")]
HooperArg = Annotated[str, typer.Argument(help="The hooper (unique prefix).")]
HooperOption = Annotated[str, typer.Option("--hooper", help="The hooper (unique prefix).")]


def _table(ctx: typer.Context) -> HoopersTable:
    from companion.tables.hoopers import HoopersTable

    return HoopersTable(open_store(ctx))


def _record(ctx: typer.Context, kind: str, **data: Any) -> Recorded[MatchState]:
    return _table(ctx).record(event(kind, **data))


def _emit_status(status: Status[MatchState], json: bool, notes: list[str] | None = None) -> None:
    notes = status.state.notes if notes is None else notes

    def render(out):
        from companion.ui.hoopers import render_notes, render_status

        render_notes(out, notes)
        render_status(out, status)

    emit({**status.to_json(), "notes": list(notes)}, json, render)


@match_app.command()
def start(
    ctx: typer.Context,
    home: Annotated[str, typer.Option("--home", help="The home team (a player's name).")],
    away: Annotated[str, typer.Option("--away", help="The away team.")],
    home_tribe: Annotated[
        str | None, typer.Option("--home-tribe", help="keepers or unleashed: its ten hoopers.")
    ] = None,
    away_tribe: Annotated[
        str | None, typer.Option("--away-tribe", help="keepers or unleashed.")
    ] = None,
    home_roster: Annotated[
        str | None, typer.Option("--home-roster", help="The home hoopers, comma separated.")
    ] = None,
    away_roster: Annotated[
        str | None, typer.Option("--away-roster", help="The away hoopers, comma separated.")
    ] = None,
    variant: Annotated[str, typer.Option("--variant", help="classic or fast.")] = "classic",
    milestones: Annotated[
        str, typer.Option("--milestones", help="Period milestones: win, lose or off.")
    ] = "win",
    first: Annotated[
        str, typer.Option("--first", help="Who attacks first: a team, or roll (d20 each).")
    ] = "roll",
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Start a tracked match (the d20 decides who attacks first unless --first)."""
    from companion.tables.hoopers import roster

    status = _table(ctx).start(
        home,
        away,
        rosters={
            home.strip(): roster(home, home_tribe, home_roster),
            away.strip(): roster(away, away_tribe, away_roster),
        },
        variant=variant,
        milestones=milestones,
        first=first,
        seed=seed,
    )
    _emit_status(status, json)


@match_app.command("shot")
def match_shot(
    ctx: typer.Context,
    team: TeamArg,
    kind: Kind,
    hooper: HooperOption,
    stat: Stat,
    defender: Annotated[
        str | None, typer.Option("--defender", help="The defending hooper (with --defense).")
    ] = None,
    bonus: Bonus = None,
    defense: Defense = None,
    face: Face = None,
    roll: Roll = None,
    ft_stat: FtStat = None,
    ft_roll: FtRoll = None,
    flagrant_whistle: Flagrant = False,
    no_foul_bonus: NoFoulBonus = False,
    json: JsonOption = False,
) -> None:
    """Resolve and record a shot: score, fouls and injury cubes, Onfire track."""
    spec = shot_spec(kind, stat, bonus, defense, ft_stat, False, flagrant_whistle, no_foul_bonus)
    data = {
        "team": team,
        "hooper": hooper,
        "defender": defender,
        "spec": {k: v for k, v in spec.to_json().items() if k != "away"},
        "face": check_face(face),
        "roll": check_roll(roll),
        "ft_rolls": list(ft_roll or ()),
    }
    recorded = _record(ctx, "shot", **data)
    outcome, status = recorded.outcome, recorded.status
    stored = recorded.events[-1]["data"]
    notes = unused_roll(outcome, data["roll"])
    payload = {
        **outcome.to_json(),
        "notes": notes,
        "team": stored["team"],
        "hooper": stored["hooper"],
        "match": {**status.to_json(), "notes": list(status.state.notes)},
    }

    def render(out):
        from companion.ui.hoopers import render_notes, render_shot

        render_shot(out, outcome, who=f"{payload['hooper']} ({payload['team']}): ", notes=notes)
        render_notes(out, status.state.notes)

    emit(payload, json, render)


@match_app.command()
def score(
    ctx: typer.Context,
    team: TeamArg,
    points: Annotated[int, typer.Argument(help="Points to add (1 to 10).")],
    hooper: Annotated[
        str | None, typer.Option("--hooper", help="Credit them to this hooper.")
    ] = None,
    json: JsonOption = False,
) -> None:
    """Add points by hand (chips like Fast Break, corrections)."""
    _emit_status(_record(ctx, "score", team=team, points=points, hooper=hooper).status, json)


@match_app.command("foul")
def match_foul(
    ctx: typer.Context, team: TeamArg, hooper: HooperArg, json: JsonOption = False
) -> None:
    """A personal foul: a red cube for the hooper and a team foul."""
    _emit_status(_record(ctx, "foul", team=team, hooper=hooper).status, json)


@match_app.command()
def injure(ctx: typer.Context, team: TeamArg, hooper: HooperArg, json: JsonOption = False) -> None:
    """An injury cube; at the limit an injury marker is drawn from the pile."""
    _emit_status(_record(ctx, "injure", team=team, hooper=hooper).status, json)


@match_app.command()
def chip(ctx: typer.Context, team: TeamArg, hooper: HooperArg, json: JsonOption = False) -> None:
    """Redeem the Onfire LV.1 chip for a hooper on LV.I (back to flat)."""
    _emit_status(_record(ctx, "chip", team=team, hooper=hooper).status, json)


@match_app.command()
def blocked(ctx: typer.Context, team: TeamArg, hooper: HooperArg, json: JsonOption = False) -> None:
    """A block received: the hooper's Onfire track moves one step left."""
    _emit_status(_record(ctx, "blocked", team=team, hooper=hooper).status, json)


@match_app.command()
def turn(
    ctx: typer.Context,
    again: Annotated[
        bool,
        typer.Option("--again", help="Attack again without moving the turn token (rebound)."),
    ] = False,
    json: JsonOption = False,
) -> None:
    """End the attacking turn: move the turn token, with the turn-track reminders."""
    _emit_status(_record(ctx, "turn", again=again).status, json)


@match_app.command()
def timeout(ctx: typer.Context, team: TeamArg, json: JsonOption = False) -> None:
    """Call a timeout: a timeout cube and a coach action token."""
    _emit_status(_record(ctx, "timeout", team=team).status, json)


@match_app.command()
def coach(ctx: typer.Context, team: TeamArg, json: JsonOption = False) -> None:
    """Spend a coach action token."""
    _emit_status(_record(ctx, "coach", team=team).status, json)


@match_app.command()
def status(ctx: typer.Context, json: JsonOption = False) -> None:
    """The scoreboard: score, periods, fouls, hot and cold hoopers."""
    _emit_status(_table(ctx).status(), json, notes=[])


@match_app.command()
def undo(ctx: typer.Context, json: JsonOption = False) -> None:
    """Drop the last recorded event."""
    undone = _table(ctx).undo()
    _emit_status(undone.status, json, notes=[f"undid {undone.removed['type']}"])


@match_app.command()
def end(
    ctx: typer.Context,
    abandon_: Annotated[
        bool, typer.Option("--abandon", hidden=True, help="Same as 'hoopers match abandon'.")
    ] = False,
    json: JsonOption = False,
) -> None:
    """Record the finished match in history."""
    table = _table(ctx)
    done = table.abandon() if abandon_ else table.end()
    _emit_ended(done, json, _series_game(table, done))


def _series_game(table: HoopersTable, done: Ended) -> Any:
    """The Series game this match was, once its series has taken it in (else None)."""
    from companion.tables.series import SeriesTable

    return SeriesTable(table.store).taken_in(done.id) if done.status == "finished" else None


@match_app.command()
def abandon(ctx: typer.Context, json: JsonOption = False) -> None:
    """Drop an unfinished match (kept in history as abandoned)."""
    _emit_ended(_table(ctx).abandon(), json)


def _emit_ended(done: Ended, json: bool, series_game: Any = None) -> None:
    """The match filed; for a Series game, also the game's Reward Phase."""

    def render(out):
        from companion.ui.hoopers import render_ended

        render_ended(out, done)
        if series_game is not None:
            from companion.ui.hoopers_series import render_taken_in

            render_taken_in(out, series_game)

    payload = done.to_json()
    if series_game is not None:
        payload["series"] = series_game.to_json()
    emit(payload, json, render)
