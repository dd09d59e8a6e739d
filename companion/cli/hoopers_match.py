"""`companion hoopers match`: a tracked Valley Hoopers match (loaded only when used)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from companion.cli.common import JsonOption, SeedOption, emit, new_app, open_store
from companion.cli.hoopers import (
    GAME,
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

match_app = new_app("A tracked Valley Hoopers match: score, periods, fouls, injuries, Onfire.")

# --- the tracked match -------------------------------------------------------

TeamArg = Annotated[str, typer.Argument(help="The team (unique prefix).")]
HooperArg = Annotated[str, typer.Argument(help="The hooper (unique prefix).")]
HooperOption = Annotated[str, typer.Option("--hooper", help="The hooper (unique prefix).")]


def _record(ctx: typer.Context, event_type: str, data: dict[str, Any]):
    from companion.games.hoopers.match import play

    played: dict[str, Any] = {}

    def change(match):
        played["result"] = play(match, event_type, data)
        return [played["result"].event]

    match, _ = open_store(ctx).update_live(GAME, change)
    return match, played["result"]


def _status_payload(match: dict[str, Any], state: Any) -> dict[str, Any]:
    return {**state.to_json(), "id": match["id"]}


def _emit_state(match: dict[str, Any], state: Any, json: bool) -> None:
    payload = _status_payload(match, state)

    def render(out):
        from companion.ui.hoopers import render_notes, render_status

        render_notes(out, state.notes)
        render_status(out, payload)

    emit(payload, json, render)


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
    from companion.engine.rng import fresh_seed
    from companion.games.hoopers.match import fold, new_match, tribe_roster, tribes

    def roster(team: str, tribe: str | None, names: str | None) -> list[str]:
        if names:
            return [n.strip() for n in names.split(",") if n.strip()]
        if tribe is None and team.strip().casefold() in tribes():
            tribe = team  # a team named after its tribe: `--home Keepers --away Unleashed`
        return tribe_roster(tribe) if tribe else []

    store = open_store(ctx)
    chosen_seed = fresh_seed() if seed is None else seed
    players, options, events = new_match(
        home,
        away,
        chosen_seed,
        rosters={
            home.strip(): roster(home, home_tribe, home_roster),
            away.strip(): roster(away, away_tribe, away_roster),
        },
        variant=variant,
        milestones=milestones,
        first=first,
        injury_pile=store.get_doc(GAME, "injury_pile"),
    )
    match = store.start_match(GAME, players, options, chosen_seed, events)
    state = fold(match)
    _emit_state(match, state, json)


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
    match, played = _record(ctx, "shot", data)
    outcome, state = played.outcome, played.state
    notes = unused_roll(outcome, data["roll"])
    payload = {
        **outcome.to_json(),
        "notes": notes,
        "team": played.event["data"]["team"],
        "hooper": played.event["data"]["hooper"],
        "match": _status_payload(match, state),
    }

    def render(out):
        from companion.ui.hoopers import render_notes, render_shot

        render_shot(out, outcome, who=f"{payload['hooper']} ({payload['team']}): ", notes=notes)
        render_notes(out, state.notes)

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
    match, played = _record(ctx, "score", {"team": team, "points": points, "hooper": hooper})
    _emit_state(match, played.state, json)


@match_app.command("foul")
def match_foul(
    ctx: typer.Context, team: TeamArg, hooper: HooperArg, json: JsonOption = False
) -> None:
    """A personal foul: a red cube for the hooper and a team foul."""
    match, played = _record(ctx, "foul", {"team": team, "hooper": hooper})
    _emit_state(match, played.state, json)


@match_app.command()
def injure(ctx: typer.Context, team: TeamArg, hooper: HooperArg, json: JsonOption = False) -> None:
    """An injury cube; at the limit an injury marker is drawn from the pile."""
    match, played = _record(ctx, "injure", {"team": team, "hooper": hooper})
    _emit_state(match, played.state, json)


@match_app.command()
def chip(ctx: typer.Context, team: TeamArg, hooper: HooperArg, json: JsonOption = False) -> None:
    """Redeem the Onfire LV.1 chip for a hooper on LV.I (back to flat)."""
    match, played = _record(ctx, "chip", {"team": team, "hooper": hooper})
    _emit_state(match, played.state, json)


@match_app.command()
def blocked(ctx: typer.Context, team: TeamArg, hooper: HooperArg, json: JsonOption = False) -> None:
    """A block received: the hooper's Onfire track moves one step left."""
    match, played = _record(ctx, "blocked", {"team": team, "hooper": hooper})
    _emit_state(match, played.state, json)


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
    match, played = _record(ctx, "turn", {"again": again})
    _emit_state(match, played.state, json)


@match_app.command()
def timeout(ctx: typer.Context, team: TeamArg, json: JsonOption = False) -> None:
    """Call a timeout: a timeout cube and a coach action token."""
    match, played = _record(ctx, "timeout", {"team": team})
    _emit_state(match, played.state, json)


@match_app.command()
def coach(ctx: typer.Context, team: TeamArg, json: JsonOption = False) -> None:
    """Spend a coach action token."""
    match, played = _record(ctx, "coach", {"team": team})
    _emit_state(match, played.state, json)


@match_app.command()
def status(ctx: typer.Context, json: JsonOption = False) -> None:
    """The scoreboard: score, periods, fouls, hot and cold hoopers."""
    from companion.games.hoopers.match import fold

    match = open_store(ctx).current_match(GAME)
    state = fold(match)
    state.notes = []
    _emit_state(match, state, json)


@match_app.command()
def undo(ctx: typer.Context, json: JsonOption = False) -> None:
    """Drop the last recorded event."""
    from companion.engine.errors import NothingToUndo
    from companion.games.hoopers.match import fold

    store = open_store(ctx)
    current = store.current_match(GAME)
    if not current["events"] or current["events"][-1]["type"] == "opening":
        raise NothingToUndo(f"nothing to undo in hoopers match {current['id']}")
    match, removed = store.undo_event(GAME)
    state = fold(match)
    state.notes = [f"undid {removed['type']}"]
    _emit_state(match, state, json)


@match_app.command()
def end(
    ctx: typer.Context,
    abandon: Annotated[
        bool, typer.Option("--abandon", help="Drop an unfinished match (kept as abandoned).")
    ] = False,
    json: JsonOption = False,
) -> None:
    """Record the finished match in history (or --abandon an unfinished one)."""
    from companion.games.hoopers.errors import MatchNotOver
    from companion.games.hoopers.match import fold

    store = open_store(ctx)
    match = store.current_match(GAME)
    state = fold(match)
    if abandon:
        done = store.abandon_match(GAME)
    else:
        if not state.over:
            raise MatchNotOver(
                f"match {match['id']} is not over (period {state.period}, turn {state.turn})",
                hint="play on, or use --abandon",
            )
        done = store.finish_match(GAME, state.result(), expected_events=len(match["events"]))
    payload = {"id": done["id"], "status": done["status"], "result": done["result"]}

    def render(out):
        if done["status"] == "abandoned":
            out.print(f"Match {done['id']} abandoned.")
            return
        result = done["result"]
        line = " – ".join(f"{t} {p}" for t, p in result["scores"].items())
        out.print(f"Match {done['id']} finished: {line}; {result['winner']} wins. Kept in history.")

    emit(payload, json, render)
