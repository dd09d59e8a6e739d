"""`companion hoopers match`: a tracked Valley Hoopers match (loaded only when used).

Each command parses its options into a move, records it through the table (one
transaction) and emits the match after it; what a move lacks or leaves to settle is asked
on a terminal through the askers guided play uses too (companion/games/hoopers/askers.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli import common
from companion.cli.common import JsonOption, on_terminal
from companion.cli.table_app import table_verbs
from companion.games.hoopers.cli import commands as shared
from companion.games.hoopers.cli.commands import (
    arg,
    check_face,
    check_roll,
    flag,
    given,
    opt,
    text,
    texts,
)
from companion.games.hoopers.cli.draft import (
    DiscardOption,
    DraftOption,
    FirstPickOption,
    PromosOption,
    UpgradeCardOption,
    register_draft,
)

if TYPE_CHECKING:
    from companion.games.hoopers.rules.state import MatchState
    from companion.games.hoopers.table import HoopersTable
    from companion.tables.base import Ended, Recorded, Status

match_app = common.new_app(
    "A tracked Valley Hoopers match: score, periods, fouls, injuries, Onfire."
)

Text = str | None
TeamArg = Annotated[str, typer.Argument(help="The team (unique prefix).")]
MatchStat = opt(
    "--stat",
    help="The hooper's attack stat for this shot (default: the last one given for this "
    "hooper's shot of this kind in this match).",
)
# Every match command naming a hooper takes `--hooper H`, and also the hooper as an
# argument after the others (`match foul Lucy Never` = `match foul Lucy --hooper Never`).
HooperArg = arg(
    "The hooper (unique prefix), as --hooper.", Text, metavar="hooper", show_default=False
)
HooperOption = opt("--hooper", help="The hooper (unique prefix).", kind=Text, show_default=False)
Second = texts(
    "--second-position",
    help="A hooper coming in whose card has that Position token as its second "
    "position: no Out of position marker (repeatable).",
)


def _hooper(given: Text, option: Text, command: str | None) -> Any:
    """The hooper named by --hooper or by the argument (either, or both alike); without
    one, None where `command` is None, else a refusal naming it."""
    from companion.engine.errors import BadInput

    if None not in (given, option) and given.strip().casefold() != option.strip().casefold():
        raise BadInput(f"two hoopers, '{given}' and --hooper '{option}': give one")
    name = option if option is not None else given
    if name is None and command is not None:
        raise BadInput(f"which hooper? 'hoopers match {command} --hooper NAME'")
    return name


def _table(ctx: typer.Context) -> HoopersTable:
    from companion.games.hoopers.table import HoopersTable

    return HoopersTable(common.open_store(ctx))


def _settle(ctx: typer.Context, status: Status[MatchState], json: bool) -> None:
    if on_terminal():  # the askers load guided play's prompts: only where someone answers
        from companion.games.hoopers.askers import settle_shown

        settle_shown(_table(ctx), status.state, json)


def _record(ctx: typer.Context, kind: str, /, **data: Any) -> Recorded[MatchState]:
    move = {"type": kind, "data": data}  # (a counter's data has a "kind" of its own)
    if not on_terminal():
        return _table(ctx).record(move)
    from companion.games.hoopers.askers import record

    return record(_table(ctx), move)


def _move(ctx: typer.Context, json: bool, kind: str, /, **data: Any) -> None:
    """Record a move and emit the match after it; then settle what it left."""
    status = _record(ctx, kind, **data).status
    _emit_status(status, json)
    _settle(ctx, status, json)


def _emit_status(status: Status[MatchState], json: bool, notes: list[str] | None = None) -> None:
    """The match after a move (its notes are the table's), or with `notes` of the face's."""
    payload = status.to_json()
    if notes is not None:
        payload["notes"] = list(notes)
    shared.emit_view(payload, json, "render_moved", status, payload["notes"])


def _emit_move(ctx: typer.Context, recorded: Any, json: bool, payload: dict[str, Any],
               view: str, *args: Any) -> None:  # fmt: skip
    """A resolved move (drawn by render.py's `view`) with the match after it; what it
    leaves to settle is asked on a terminal."""
    match = recorded.status.to_json()
    notes = match["notes"]
    shared.emit_view({**payload, "match": match}, json, "render_with_notes", view, notes, *args)
    _settle(ctx, recorded.status, json)


def _some(**data: Any) -> dict[str, Any]:
    """The options typed, for a move's data: one not given (None, off, none) is left out."""
    return {k: v for k, v in data.items() if v is not None and v is not False and v not in ("", [])}


@match_app.command()
def start(
    ctx: typer.Context,
    home: opt("--home", help="The home team (a player's name).", kind=str),
    away: opt("--away", help="The away team.", kind=str),
    home_tribe: text("--home-tribe", help="keepers or unleashed: its ten hoopers.") = None,
    away_tribe: text("--away-tribe", help="keepers or unleashed.") = None,
    home_roster: text("--home-roster", help="The home hoopers, comma separated.") = None,
    away_roster: text("--away-roster", help="The away hoopers, comma separated.") = None,
    home_seven: text(
        "--home-seven", help="The seven home hoopers of this match (of the ten)."
    ) = None,
    away_seven: text("--away-seven", help="The seven away hoopers.") = None,
    home_five: text(
        "--home-five",
        help="The home five on court (the other two on the bench); 'Name=POS' places a "
        "hooper on another Position token than the card's first position.",
    ) = None,
    away_five: text("--away-five", help="The away five on court.") = None,
    variant: opt("--variant", help="classic or fast.", kind=str) = "classic",
    milestones: opt(
        "--milestones",
        help="Period milestones: win, lose or off, or one per period (win,lose,win).",
        kind=str,
    ) = "win",
    first: opt("--first", help="Who attacks first: a team, or roll (d20 each).", kind=str) = "roll",
    draft: DraftOption = False,
    promos: PromosOption = None,
    first_pick: FirstPickOption = "random",
    discard: DiscardOption = None,
    seed: common.SeedOption = None,
    new: common.NewOption = None,
    json: JsonOption = False,
) -> None:
    """Start a tracked match (the d20 decides who attacks first unless --first)."""
    h, a = common.players_of(ctx, [home, away], new)
    typed = {"home_roster": home_roster, "away_roster": away_roster, "home_seven": home_seven}
    typed |= {"away_seven": away_seven, "home_five": home_five, "away_five": away_five}
    drafted = {"promos": promos, "first_pick": first_pick, "discard": discard} if draft else None
    how = dict(variant=variant, milestones=milestones, first=first, seed=seed)
    table = _table(ctx)
    status = table.start_typed(
        h, a, typed, drafted, tribes_of={h: home_tribe, a: away_tribe}, **how
    )
    waits = [] if draft else table.waiting_notes()
    _emit_status(status, json, [*status.state.notes, *waits])


@match_app.command("shot")
def match_shot(
    ctx: typer.Context,
    team: TeamArg,
    kind: shared.Kind,
    stat: MatchStat = None,
    hooper_arg: HooperArg = None,
    hooper: HooperOption = None,
    defender: text("--defender", help="The defending hooper (with --defense).") = None,
    bonus: shared.Bonus = None,
    defense: shared.Defense = None,
    defense_card: text(
        "--defense-card",
        help="The defence card, when not the attack's own: dlu for Edd Trapp on a 3PS.",
    ) = None,
    face: shared.Face = None,
    roll: shared.Roll = None,
    ft_stat: shared.FtStat = None,
    ft_roll: shared.FtRoll = None,
    flagrant_whistle: shared.Flagrant = False,
    no_foul_bonus: shared.NoFoulBonus = False,
    perry: opt("--perry", help="Perry Hel adds his defence stat N to the defender's.") = None,
    perry_half: flag(
        "--perry-half", help="Perry lacks the defensive position: half of --perry."
    ) = False,
    perry_help: flag("--perry-help", help="Perry Hel adds his defence, read off his card.") = False,
    gift: text("--gift", help="Maddy Cure scores: the teammate who recovers one energy.") = None,
    json: JsonOption = False,
) -> None:
    """Resolve and record a shot: score, fouls and injury cubes, Onfire track.

    The defender's and shooter's personal skills apply by themselves (Linda
    Siempre's whistle, Hector Pröt's Onfire step, Sin Miedo's foul bonus).
    """
    from companion.games.hoopers.rules.options import match_shot_data, unused_roll
    from companion.games.hoopers.rules.shots import parse_kind

    name = _hooper(hooper_arg, hooper, "shot TEAM KIND")
    data = match_shot_data(given(ctx), parse_kind(kind), check_face(face), check_roll(roll))
    recorded = _record(ctx, "shot", team=team, hooper=name, **data)
    outcome, stored = recorded.outcome, recorded.events[-1]["data"]
    notes = unused_roll(outcome, data["roll"])
    who = {"team": stored["team"], "hooper": stored["hooper"]}
    payload = {**outcome.to_json(), "notes": notes, **who}

    named = f"{who['hooper']} ({who['team']}): "
    _emit_move(ctx, recorded, json, payload, "render_match_shot", outcome, named, notes)


@match_app.command("counter")
def match_counter(
    ctx: typer.Context,
    team: Annotated[str, typer.Argument(help="The countering team (unique prefix).")],
    kind: Annotated[str, typer.Argument(help="steal, intercept or rebound.")],
    hooper_arg: HooperArg = None,
    hooper: text(
        "--hooper",
        "--defender",
        show_default=False,
        help="The countering hooper (unique prefix); its card gives O and V not typed.",
    ) = None,
    against: text(
        "--against",
        help="The hooper whose dribble or pass is countered (default: the last one "
        "recorded and not answered yet).",
    ) = None,
    o: shared.OStat = None,
    v: shared.VStat = None,
    stat: shared.CounterStat = None,
    position: text(
        "--position",
        help="The dribbler's Position token (default: the line-up's, else the card's).",
    ) = None,
    face: shared.Face = None,
    roll: shared.Roll = None,
    flagrant_whistle: shared.Flagrant = False,
    fouled: text("--fouled", help="Offensive foul on a rebound: who takes the white cube.") = None,
    ft_stat: opt("--ft-stat", help="The free throw shooter's 2PS (team fouls, flagrant).") = None,
    ft_roll: shared.FtRoll = None,
    json: JsonOption = False,
) -> None:
    """Resolve and record a counter: foul die, O or V, d20; fouls, team fouls, free throws."""
    from companion.games.hoopers.rules.counters import parse_counter
    from companion.games.hoopers.rules.options import counter_stat, refuse_for_match_counter

    name = _hooper(hooper_arg, hooper, "counter TEAM KIND")
    refuse_for_match_counter(given(ctx), parse_counter(kind))
    o, v = counter_stat(parse_counter(kind), stat, o, v)
    recorded = _record(
        ctx, "counter", team=team, kind=kind, hooper=name, against=against, o=o, v=v,
        position=position, face=check_face(face), roll=check_roll(roll),
        flagrant_whistle=flagrant_whistle, fouled=fouled, ft_stat=ft_stat,
        ft_rolls=list(ft_roll or ()),
    )  # fmt: skip
    outcome = recorded.outcome
    _emit_move(ctx, recorded, json, outcome.to_json(), "render_match_counter", outcome)


@match_app.command("block")
def match_block(
    ctx: typer.Context,
    team: Annotated[str, typer.Argument(help="The blocking team (unique prefix).")],
    attacker: opt("--attacker", help="The hooper blocked.", kind=str),
    against: opt(
        "--against",
        help="What is blocked: 2ps, 3ps, lup, or a boosted steal or intercept.",
        kind=str,
    ),  # fmt: skip
    hooper_arg: HooperArg = None,
    hooper: HooperOption = None,
    face: shared.Face = None,
    keepers_block: shared.KeepersBlock = False,
    ft_stat: opt("--ft-stat", help="The blocked hooper's 2PS, for free throws.") = None,
    ft_roll: shared.FtRoll = None,
    json: JsonOption = False,
) -> None:
    """Resolve and record a block: fouls, free throws, Onfire; Linda Siempre by herself."""
    recorded = _record(
        ctx, "block", team=team, hooper=_hooper(hooper_arg, hooper, "block TEAM"),
        attacker=attacker, against=against, face=check_face(face), keepers_block=keepers_block,
        ft_stat=ft_stat, ft_rolls=list(ft_roll or ()),
    )  # fmt: skip
    outcome, state = recorded.outcome, recorded.status.state
    away = not state.teams[state.attacking].free_throw_bonus

    payload = outcome.to_json()
    _emit_move(ctx, recorded, json, payload, "render_match_block", outcome, ft_stat, away)


@match_app.command("free-throw")
def match_free_throw(
    ctx: typer.Context,
    team: TeamArg,
    stat: opt("--stat", help="The shooter's 2PS (default: the card's).") = None,
    roll: opt(
        "--roll",
        help="A free throw d20 result (repeatable; the rest are rolled).",
        kind=list[int] | None,
    ) = None,
    json: JsonOption = False,
) -> None:
    """Shoot the free throws the match is waiting for (after a foul with no --ft-stat)."""
    rolls = [check_roll(r) for r in roll or ()]
    move = {"type": "free-throw", "data": {"team": team, "stat": stat, "rolls": rolls}}
    _emit_status(_table(ctx).record(move).status, json)


@match_app.command()
def score(
    ctx: typer.Context,
    team: TeamArg,
    points: arg("Points to add (1 to 10).", int),
    hooper_arg: arg(
        "Credit them to this hooper, as --hooper.", Text, metavar="hooper", show_default=False
    ) = None,
    hooper: text("--hooper", help="Credit them to this hooper.") = None,
    json: JsonOption = False,
) -> None:
    """Add points by hand (chips like Fast Break, corrections)."""
    name = _hooper(hooper_arg, hooper, None)
    _move(ctx, json, "score", team=team, points=points, hooper=name)


@match_app.command("foul")
def match_foul(
    ctx: typer.Context,
    team: TeamArg,
    hooper_arg: HooperArg = None,
    hooper: HooperOption = None,
    on: text(
        "--on",
        help="The action fouled on: steal, intercept, d2, d3, dlu, block (defending) "
        "or screen, rebound, charging (attacking); checked against injury markers.",
    ) = None,
    json: JsonOption = False,
) -> None:
    """A personal foul: a red cube for the hooper and a team foul."""
    _move(ctx, json, "foul", team=team, hooper=_hooper(hooper_arg, hooper, "foul TEAM"), action=on)


def _team_hooper_move(kind: str, help_text: str) -> None:
    """`match KIND TEAM [HOOPER] [--hooper H]`: a move that names a team and one hooper."""

    def command(
        ctx: typer.Context,
        team: TeamArg,
        hooper_arg: HooperArg = None,
        hooper: HooperOption = None,
        json: JsonOption = False,
    ) -> None:
        _move(ctx, json, kind, team=team, hooper=_hooper(hooper_arg, hooper, f"{kind} TEAM"))

    command.__doc__ = help_text
    match_app.command(kind)(command)


_team_hooper_move("injure", "An injury cube; at the limit an injury marker is drawn from the pile.")


@match_app.command("chip")
def match_chip(
    ctx: typer.Context,
    team: TeamArg,
    hooper_arg: HooperArg = None,
    hooper: HooperOption = None,
    playbook: Annotated[
        bool,
        typer.Option("--playbook", help="The chip on the card of the playbook that scored."),
    ] = False,
    json: JsonOption = False,
) -> None:
    """Redeem an Onfire LV.1 chip: a hooper's on LV.I (back to flat), or --playbook's."""
    name = _hooper(hooper_arg, hooper, "chip TEAM")
    _move(ctx, json, "chip", team=team, hooper=name, **_some(playbook=playbook))


_team_hooper_move("blocked", "A block received: the hooper's Onfire track moves one step left.")
_team_hooper_move(
    "gift", "Maddy Cure's skill after her basket: the teammate who recovers one energy."
)


@match_app.command()
def track(
    ctx: typer.Context,
    team: TeamArg,
    off: flag("--off", help="The step takes the marker outside the track (onto the card).") = False,
    json: JsonOption = False,
) -> None:
    """A Series game: TEAM satisfied the mini track's condition; its tribe marker moves."""
    _move(ctx, json, "track", team=team, off=off)


@match_app.command()
def spend(
    ctx: typer.Context,
    team: TeamArg,
    use: arg(
        "What the chip is spent on: LV.1 boost, remove-intercept, remove-steal, "
        "block; LV.2 fast-break, coast-to-coast, tap-out, goal-tending, never-give-up, "
        "energy-drink, no-way-block, buzzer-beater."
    ),
    hooper_arg: HooperArg = None,
    hooper: HooperOption = None,
    json: JsonOption = False,
) -> None:
    """Spend a hooper's Onfire chip: it is discarded (two points, a coach token … applied)."""
    name = _hooper(hooper_arg, hooper, "spend TEAM USE")
    _move(ctx, json, "spend", team=team, hooper=name, use=use)


@match_app.command()
def onfire(
    ctx: typer.Context,
    team: TeamArg,
    words: arg(
        "up (one step forward) or down; the hooper before it, or as --hooper.",
        list[str],
        metavar="[hooper] {direction}",
        show_default=False,
    ),
    hooper: HooperOption = None,
    json: JsonOption = False,
) -> None:
    """Move a hooper one step on the Onfire track (a tribe power, a skill, a correction)."""
    from companion.engine.errors import BadInput

    usage = "'hoopers match onfire TEAM up|down --hooper NAME' (or TEAM NAME up|down)"
    if not 1 <= len(words) <= 2 or (len(words) == 1 and hooper is None):
        raise BadInput(f"which hooper, and up or down? {usage}")
    *named, direction = words
    name = _hooper(named[0] if named else None, hooper, "onfire TEAM up|down")
    _move(ctx, json, "onfire", team=team, hooper=name, direction=direction)


@match_app.command()
def sub(
    ctx: typer.Context,
    team: TeamArg,
    out: opt("--out", help="A hooper leaving the court (repeatable).", kind=list[str]),
    in_: opt("--in", help="The hooper coming in for the --out at the same place.", kind=list[str]),
    second_position: Second = None,
    json: JsonOption = False,
) -> None:
    """Substitutions: one coach action token for all of them (free when the rules say so)."""
    from companion.engine.errors import BadInput

    if len(out) != len(in_):
        raise BadInput(f"{len(out)} --out but {len(in_)} --in: give them in pairs")
    pairs = [list(pair) for pair in zip(out, in_, strict=True)]
    _move(ctx, json, "sub", team=team, pairs=pairs, **_some(second=second_position))


@match_app.command()
def swap(
    ctx: typer.Context,
    team: TeamArg,
    hoopers: arg("Two hoopers on court.", list[str], metavar="HOOPER HOOPER"),
    second_position: texts(
        "--second-position",
        help="One of the two whose card has its new token as second position (repeatable).",
    ) = None,
    json: JsonOption = False,
) -> None:
    """Swap two hoopers' Position tokens on court: a coach token, as for substitutions."""
    _move(ctx, json, "swap", team=team, hoopers=list(hoopers), **_some(second=second_position))


@match_app.command()
def upgrade(
    ctx: typer.Context,
    team: TeamArg,
    hooper_arg: HooperArg = None,
    hooper: HooperOption = None,
    period: opt("--period", help="Whose milestone (default: the first not given yet).") = None,
    card: UpgradeCardOption = None,
    json: JsonOption = False,
) -> None:
    """Sleeve a period milestone's upgrade onto a hooper (one upgrade per hooper)."""
    name = _hooper(hooper_arg, hooper, "upgrade TEAM")
    _move(ctx, json, "upgrade", team=team, hooper=name, period=period, **_some(card=card))


@match_app.command()
def gameplan(ctx: typer.Context, team: TeamArg, json: JsonOption = False) -> None:
    """The Series: take a gameplan card for a coach action token (one per game)."""
    _move(ctx, json, "gameplan", team=team)


@match_app.command()
def turn(
    ctx: typer.Context,
    again: flag("--again", help="Attack again without moving the turn token (rebound).") = False,
    power: flag(
        "--power",
        help="The Unleashed power: the side that won the ball back plays the same card's "
        "other action now; the turn token stays.",
    ) = False,
    json: JsonOption = False,
) -> None:
    """End the attacking turn: move the turn token, with the turn-track reminders."""
    from companion.engine.errors import BadInput

    if again and power:
        raise BadInput("--again and --power: one or the other")
    _move(ctx, json, "turn", again=again, **_some(power=power))


@match_app.command()
def timeout(
    ctx: typer.Context,
    team: TeamArg,
    rest: texts(
        "--rest",
        help="An opponent's hooper who recovers one of its two energies (twice: two "
        "different hoopers).",
    ) = None,
    opponent_token: flag(
        "--opponent-token",
        help="The opponent spends a coach action token for all the timeout's benefits "
        "(each of its hoopers recovers one, substitutions) instead of two energies.",
    ) = False,
    json: JsonOption = False,
) -> None:
    """Call a timeout: a timeout cube and a coach action token; energy recovered."""
    _move(ctx, json, "timeout", team=team, **_some(rest=rest, opponent_token=opponent_token))


@match_app.command()
def fundamental(
    ctx: typer.Context,
    team: TeamArg,
    kind: Annotated[str, typer.Argument(help="dribble, pass or screen.")],
    hooper_arg: HooperArg = None,
    hooper: HooperOption = None,
    json: JsonOption = False,
) -> None:
    """A fundamental played (F1, F2): one energy for the hooper (skills aside)."""
    name = _hooper(hooper_arg, hooper, "fundamental TEAM KIND")
    _move(ctx, json, "fundamental", team=team, hooper=name, kind=kind)


@match_app.command("energy")
def match_energy(
    ctx: typer.Context,
    team: TeamArg,
    hooper_arg: HooperArg = None,
    now: arg("The energy left now, as the board shows it.", int | None, metavar="[N]") = None,
    hooper: HooperOption = None,
    max_: opt("--max", help="The energy printed on the card (remembered for every match).") = None,
    recover: opt(
        "--recover", help="Energies given back (a playbook, May Friend, a timeout's two)."
    ) = None,
    star: flag("--star", help="The hooper carries the [star] upgrade: +1 energy.") = False,
    untracked: flag(
        "--untracked",
        help="The table does not track this hooper's energy in this match (its card's "
        "energy unknown): nothing about it is said again.",
    ) = False,
    json: JsonOption = False,
) -> None:
    """Correct a hooper's energy track (the board is the truth): an undoable move."""
    name = _hooper(hooper_arg, hooper, "energy TEAM")
    data = {"team": team, "hooper": name, **_some(now=now, max=max_, recover=recover)}
    track = {"track": False} if untracked else {}
    _move(ctx, json, "energy", **data, **track, **_some(star=star))


@match_app.command()
def playbook(
    ctx: typer.Context,
    team: TeamArg,
    reward: arg(
        "cards (draw 2), energy (F2 and A recover what they spent) or both "
        "(one energy back, --pick f2|a, and draw 1); or use NAME (declare a playbook "
        "after F1; no NAME: the personal one) or drop NAME (renounce a common one)."
    ),
    name: arg("The playbook, for use (a common one: its name) or drop.", Text) = None,
    f2: text("--f2", help="Who played the F2 (default: the last fundamental recorded).") = None,
    pick: text("--pick", help="For 'both': the card whose energy comes back.") = None,
    chip: flag("--chip", help="With use: an Onfire LV.1 chip lies on its card.") = False,
    json: JsonOption = False,
) -> None:
    """A playbook: declared after F1 (use), renounced (drop), or its reward once scored."""
    from companion.games.hoopers.rules.options import playbook_data

    _move(ctx, json, "playbook", **playbook_data(team, reward, name, f2, pick, chip))


@match_app.command()
def coach(
    ctx: typer.Context,
    team: TeamArg,
    renounce: text("--renounce", help="Spend the token locked in this common playbook.") = None,
    draw: flag("--draw", help="The token draws 3 cards (the 7-card limit kept).") = False,
    json: JsonOption = False,
) -> None:
    """Spend a coach action token (--renounce: a locked one, discarding its playbook)."""
    _move(ctx, json, "coach", team=team, **_some(renounce=renounce, draw=draw))


@match_app.command()
def hand(
    ctx: typer.Context,
    team: TeamArg,
    held: arg("The action cards the team holds now (0 to 7).", int, metavar="N"),
    json: JsonOption = False,
) -> None:
    """Tell the cards a team holds: the match keeps the count and the 7-card hand limit."""
    _move(ctx, json, "hand", team=team, cards=held)


@match_app.command()
def resume(
    ctx: typer.Context,
    match: text(
        "--match",
        metavar="ID",
        help="The live match to go back to (default: the one waiting).",
    ) = None,
    json: JsonOption = False,
) -> None:
    """Go back to the match that waits (a Series game set aside for a friendly match); the
    current one waits in its place."""
    _emit_status(_table(ctx).resume(match), json, notes=[])


@match_app.command()
def end(
    ctx: typer.Context,
    abandon_: flag("--abandon", hidden=True, help="Same as 'hoopers match abandon'.") = False,
    json: JsonOption = False,
) -> None:
    """Record the finished match in history."""
    _emit_ended(*_table(ctx).filed(abandon_), json)


def _emit_ended(done: Ended, series_game: Any, json: bool) -> None:
    """The match filed; for a Series game, also the game's Reward Phase."""
    payload = done.to_json()
    if series_game is not None:
        payload["series"] = series_game.to_json()
    shared.emit_view(payload, json, "render_filed", done, series_game)


def _undone_json(undone: Any) -> dict[str, Any]:
    return {**undone.status.to_json(), "notes": [f"undid {undone.removed['type']}"]}


table_verbs(
    match_app,
    "hoopers",
    helps={
        "status": "The scoreboard: score, periods, fouls, hot and cold hoopers.",
        "undo": "Drop the last recorded event.",
        "abandon": "Drop an unfinished match (kept in history as abandoned).",
    },
    views={
        "undo": "companion.games.hoopers.render:render_undone",
        "abandon": "companion.games.hoopers.render:render_ended",
    },
    # `status` is a plain read, whose notes are none (a move's status says the move's)
    payloads={"undo": _undone_json},
    verbs=("status", "undo", "abandon"),  # `end` also takes a Series game in
)
register_draft(match_app)  # `match pick` and `match discard`: the Draft variant
