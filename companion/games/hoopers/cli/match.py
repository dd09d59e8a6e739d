"""`companion hoopers match`: a tracked Valley Hoopers match (loaded only when used).

Each command parses its options into a move, records it through the table (one
transaction) and emits the match after it; what a move lacks or leaves to settle is asked
on a terminal through the askers guided play uses too (companion/games/hoopers/askers.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli import common
from companion.cli.common import JsonOption, on_terminal
from companion.cli.table_app import table_verbs
from companion.games.hoopers.cli import commands as shared
from companion.games.hoopers.cli import draft
from companion.games.hoopers.cli.commands import arg, flag, given, opt, text, texts
from companion.games.hoopers.cli.draft import discard, pick

if TYPE_CHECKING:
    from companion.games.hoopers.rules.state import MatchState
    from companion.games.hoopers.table import HoopersTable
    from companion.tables.base import Recorded, Status

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


def _emit_status(status: Status[MatchState], json: bool) -> None:
    """The match after a move, with what the move did (the table's notes)."""
    payload = status.to_json()
    shared.emit_view(payload, json, "render_moved", status, payload["notes"])


def _emit_move(
    ctx: typer.Context, recorded: Any, json: bool, payload: dict[str, Any], view: str, *args: Any
) -> None:
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
    draft: draft.DraftOption = False,
    promos: draft.PromosOption = None,
    first_pick: draft.FirstPickOption = "random",
    discard: draft.DiscardOption = None,
    seed: common.SeedOption = None,
    new: common.NewOption = None,
    json: JsonOption = False,
) -> None:
    """Start a tracked match (the d20 decides who attacks first unless --first)."""
    h, a = common.players_of(ctx, [home, away], new)
    lists = {k: v for k, v in ctx.params.items() if k.endswith(("_roster", "_seven", "_five"))}
    drafted = {"promos": promos, "first_pick": first_pick, "discard": discard} if draft else None
    how = dict(variant=variant, milestones=milestones, first=first, seed=seed)
    tribes = {h: home_tribe, a: away_tribe}
    _emit_status(_table(ctx).start_typed(h, a, lists, drafted, tribes_of=tribes, **how), json)


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
    data = match_shot_data(
        given(ctx), parse_kind(kind), shared.check_face(face), shared.check_roll(roll)
    )
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
    from companion.games.hoopers.rules.options import match_counter_data

    name = _hooper(hooper_arg, hooper, "counter TEAM KIND")
    recorded = _record(ctx, "counter", **match_counter_data(given(ctx), name))
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
    name, face = _hooper(hooper_arg, hooper, "block TEAM"), shared.check_face(face)
    data = dict(attacker=attacker, against=against, face=face, keepers_block=keepers_block)
    throws = dict(ft_stat=ft_stat, ft_rolls=list(ft_roll or ()))
    recorded = _record(ctx, "block", team=team, hooper=name, **data, **throws)
    outcome, state = recorded.outcome, recorded.status.state
    away = not state.teams[state.attacking].free_throw_bonus
    _emit_move(ctx, recorded, json, outcome.to_json(), "render_match_block", outcome, ft_stat, away)


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
    rolls = [shared.check_roll(r) for r in roll or ()]
    move = {"type": "free-throw", "data": {"team": team, "stat": stat, "rolls": rolls}}
    _emit_status(_table(ctx).record(move).status, json)


# --- the moves made of their options alone ---------------------------------------------
Data = dict[str, Any]
_MOVES: dict[str, Callable[[], Callable[..., None]]] = {}  # "foul_move" builds `match foul`
LISTED: dict[str, Callable[..., None]] = {}  # `match --help` lists a move by its help alone


def _declare(
    name: str,
    help_text: str | None = None,
    shape: Callable[..., Data] = dict,
    *,
    team: bool = True,
    hooper: str | None = None,
    move: str | None = None,
) -> None:
    """`match NAME`, a move declared by its `shape`: TEAM unless `team` is off, the shape's
    arguments without a default, `[hooper]` and `--hooper H` where `hooper` (the usage a
    refusal without one names) is given, the shape's other parameters, --json. One body
    records `move` (else NAME) with the team, the hooper and the data the shape makes of
    the rest, emits the match and settles what it left; it is built when used."""

    def command(ctx: typer.Context, **typed: Any) -> None:
        json, data = typed.pop("json"), {"team": typed.pop("team")} if team else {}
        if hooper is not None:
            data["hooper"] = _hooper(typed.pop("hooper_arg"), typed.pop("hooper"), hooper)
        status = _record(ctx, move or name, **data, **shape(**typed)).status
        _emit_status(status, json)
        _settle(ctx, status, json)

    def built() -> Callable[..., None]:
        from inspect import Parameter, Signature, signature

        def param(key: str, kind: Any, default: Any = Parameter.empty) -> Parameter:
            return Parameter(key, Parameter.KEYWORD_ONLY, default=default, annotation=kind)

        own = [] if shape is dict else signature(shape, eval_str=True).parameters.values()
        own = [p.replace(kind=Parameter.KEYWORD_ONLY) for p in own]
        at = sum(p.default is p.empty for p in own)  # (the ones without a default come first)
        pair = [param("hooper_arg", HooperArg, None), param("hooper", HooperOption, None)]
        head = [param("ctx", typer.Context), *([param("team", TeamArg)] if team else [])]
        tail = [*(pair if hooper is not None else []), *own[at:], param("json", JsonOption, False)]
        command.__signature__ = Signature([*head, *own[:at], *tail])  # type: ignore[attr-defined]
        return command

    command.__doc__ = help_text or shape.__doc__
    LISTED[f"{name}_move"], _MOVES[f"{name}_move"] = command, built
    match_app.lazy(name, f"{__name__}:{name}_move")


def _moving(**how: Any) -> Callable[[Callable[..., Data]], Callable[..., Data]]:
    """`_declare` as a decorator: the move named as the shape, its help the shape's."""

    def declare(shape: Callable[..., Data]) -> Callable[..., Data]:
        _declare(shape.__name__, None, shape, **how)
        return shape

    return declare


def __getattr__(name: str) -> Any:
    """A move's command (`_declare`), built when used: reading a shape's parameters costs,
    and a move builds no other move's."""
    if name not in _MOVES:
        raise AttributeError(name)
    return _MOVES[name]()


@_moving()
def score(
    points: arg("Points to add (1 to 10).", int),
    hooper_arg: arg(
        "Credit them to this hooper, as --hooper.", Text, metavar="hooper", show_default=False
    ) = None,
    hooper: text("--hooper", help="Credit them to this hooper.") = None,
) -> Data:
    """Add points by hand (chips like Fast Break, corrections)."""
    return {"points": points, "hooper": _hooper(hooper_arg, hooper, None)}


@_moving(hooper="foul TEAM")
def foul(
    on: text(
        "--on",
        help="The action fouled on: steal, intercept, d2, d3, dlu, block (defending) "
        "or screen, rebound, charging (attacking); checked against injury markers.",
    ) = None,
) -> Data:
    """A personal foul: a red cube for the hooper and a team foul."""
    return {"action": on}


_declare(
    "injure",
    "An injury cube; at the limit an injury marker is drawn from the pile.",
    hooper="injure TEAM",
)


@_moving(hooper="chip TEAM")
def chip(
    playbook: flag("--playbook", help="The chip on the card of the playbook that scored.") = False,
) -> Data:
    """Redeem an Onfire LV.1 chip: a hooper's on LV.I (back to flat), or --playbook's."""
    return _some(playbook=playbook)


_declare(
    "blocked",
    "A block received: the hooper's Onfire track moves one step left.",
    hooper="blocked TEAM",
)
_declare(
    "gift",
    "Maddy Cure's skill after her basket: the teammate who recovers one energy.",
    hooper="gift TEAM",
)


@_moving()
def track(
    off: flag("--off", help="The step takes the marker outside the track (onto the card).") = False,
) -> Data:
    """A Series game: TEAM satisfied the mini track's condition; its tribe marker moves."""
    return {"off": off}


@_moving(hooper="spend TEAM USE")
def spend(
    use: arg(
        "What the chip is spent on: LV.1 boost, remove-intercept, remove-steal, "
        "block; LV.2 fast-break, coast-to-coast, tap-out, goal-tending, never-give-up, "
        "energy-drink, no-way-block, buzzer-beater."
    ),
) -> Data:
    """Spend a hooper's Onfire chip: it is discarded (two points, a coach token … applied)."""
    return {"use": use}


@_moving()
def onfire(
    words: arg(
        "up (one step forward) or down; the hooper before it, or as --hooper.",
        list[str],
        metavar="[hooper] {direction}",
        show_default=False,
    ),
    hooper: HooperOption = None,
) -> Data:
    """Move a hooper one step on the Onfire track (a tribe power, a skill, a correction)."""
    from companion.engine.errors import BadInput

    usage = "'hoopers match onfire TEAM up|down --hooper NAME' (or TEAM NAME up|down)"
    if not 1 <= len(words) <= 2 or (len(words) == 1 and hooper is None):
        raise BadInput(f"which hooper, and up or down? {usage}")
    *named, direction = words
    name = _hooper(named[0] if named else None, hooper, "onfire TEAM up|down")
    return {"hooper": name, "direction": direction}


@_moving()
def sub(
    out: opt("--out", help="A hooper leaving the court (repeatable).", kind=list[str]),
    in_: opt("--in", help="The hooper coming in for the --out at the same place.", kind=list[str]),
    second_position: Second = None,
) -> Data:
    """Substitutions: one coach action token for all of them (free when the rules say so)."""
    from companion.engine.errors import BadInput

    if len(out) != len(in_):
        raise BadInput(f"{len(out)} --out but {len(in_)} --in: give them in pairs")
    pairs = [list(pair) for pair in zip(out, in_, strict=True)]
    return {"pairs": pairs, **_some(second=second_position)}


@_moving()
def swap(
    hoopers: arg("Two hoopers on court.", list[str], metavar="HOOPER HOOPER"),
    second_position: texts(
        "--second-position",
        help="One of the two whose card has its new token as second position (repeatable).",
    ) = None,
) -> Data:
    """Swap two hoopers' Position tokens on court: a coach token, as for substitutions."""
    return {"hoopers": list(hoopers), **_some(second=second_position)}


@_moving(hooper="upgrade TEAM")
def upgrade(
    period: opt("--period", help="Whose milestone (default: the first not given yet).") = None,
    card: draft.UpgradeCardOption = None,
) -> Data:
    """Sleeve a period milestone's upgrade onto a hooper (one upgrade per hooper)."""
    return {"period": period, **_some(card=card)}


_declare("gameplan", "The Series: take a gameplan card for a coach action token (one per game).")


@_moving(team=False)
def turn(
    again: flag("--again", help="Attack again without moving the turn token (rebound).") = False,
    power: flag(
        "--power",
        help="The Unleashed power: the side that won the ball back plays the same card's "
        "other action now; the turn token stays.",
    ) = False,
) -> Data:
    """End the attacking turn: move the turn token, with the turn-track reminders."""
    return {"again": again, **_some(power=power)}


@_moving()
def timeout(
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
) -> Data:
    """Call a timeout: a timeout cube and a coach action token; energy recovered."""
    return _some(rest=rest, opponent_token=opponent_token)


@_moving(hooper="fundamental TEAM KIND")
def fundamental(kind: arg("dribble, pass or screen.")) -> Data:
    """A fundamental played (F1, F2): one energy for the hooper (skills aside)."""
    return {"kind": kind}


@_moving(hooper="energy TEAM")
def energy(
    now: arg("The energy left now, as the board shows it.", int | None, metavar="[N]") = None,
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
) -> Data:
    """Correct a hooper's energy track (the board is the truth): an undoable move."""
    tracked = {"track": False} if untracked else {}
    return {**_some(now=now, max=max_, recover=recover), **tracked, **_some(star=star)}


@_moving()
def playbook(
    reward: arg(
        "cards (draw 2), energy (F2 and A recover what they spent) or both "
        "(one energy back, --pick f2|a, and draw 1); or use NAME (declare a playbook "
        "after F1; no NAME: the personal one) or drop NAME (renounce a common one)."
    ),
    name: arg("The playbook, for use (a common one: its name) or drop.", Text) = None,
    f2: text("--f2", help="Who played the F2 (default: the last fundamental recorded).") = None,
    pick: text("--pick", help="For 'both': the card whose energy comes back.") = None,
    chip: flag("--chip", help="With use: an Onfire LV.1 chip lies on its card.") = False,
) -> Data:
    """A playbook: declared after F1 (use), renounced (drop), or its reward once scored."""
    from companion.games.hoopers.rules.options import playbook_data

    return playbook_data(reward, name, f2, pick, chip)


@_moving()
def coach(
    renounce: text("--renounce", help="Spend the token locked in this common playbook.") = None,
    draw: flag("--draw", help="The token draws 3 cards (the 7-card limit kept).") = False,
) -> Data:
    """Spend a coach action token (--renounce: a locked one, discarding its playbook)."""
    return _some(renounce=renounce, draw=draw)


@_moving()
def hand(held: arg("The action cards the team holds now (0 to 7).", int, metavar="N")) -> Data:
    """Tell the cards a team holds: the match keeps the count and the 7-card hand limit."""
    return {"cards": held}


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
    _emit_status(_table(ctx).resume(match), json)


@match_app.command()
def end(
    ctx: typer.Context,
    abandon_: flag("--abandon", hidden=True, help="Same as 'hoopers match abandon'.") = False,
    json: JsonOption = False,
) -> None:
    """Record the finished match in history."""
    done, series_game = _table(ctx).filed(abandon_)
    taken = {} if series_game is None else {"series": series_game.to_json()}
    shared.emit_view({**done.to_json(), **taken}, json, "render_filed", done, series_game)


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
    payloads={"undo": lambda u: {**u.status.to_json(), "notes": [f"undid {u.removed['type']}"]}},
    verbs=("status", "undo", "abandon"),  # `end` also takes a Series game in
)
_moving(move="pick")(pick)  # the Draft variant's choices (draft.py)
_moving(move="pick")(discard)
