"""`companion hoopers match`: a tracked Valley Hoopers match (loaded only when used)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import (
    JsonOption,
    NewOption,
    SeedOption,
    emit,
    new_app,
    on_terminal,
    open_store,
    players_of,
)
from companion.cli.table_app import table_verbs
from companion.engine.events import event
from companion.games.hoopers.cli.commands import (
    Bonus,
    Defense,
    Face,
    Flagrant,
    FtRoll,
    FtStat,
    KeepersBlock,
    Kind,
    NoFoulBonus,
    OStat,
    Roll,
    VStat,
    check_face,
    check_roll,
    refuse_for_shot,
    refuse_unused,
    unused_roll,
)

if TYPE_CHECKING:
    from companion.games.hoopers.rules.state import MatchState
    from companion.games.hoopers.table import HoopersTable
    from companion.tables.base import Ended, Recorded, Status

match_app = new_app("A tracked Valley Hoopers match: score, periods, fouls, injuries, Onfire.")

# --- the tracked match -------------------------------------------------------

TeamArg = Annotated[str, typer.Argument(help="The team (unique prefix).")]
MatchStat = Annotated[
    int | None,
    typer.Option(
        "--stat",
        help="The hooper's attack stat for this shot (default: the last one given for this "
        "hooper's shot of this kind in this match).",
    ),
]
# Every match command naming a hooper takes `--hooper H`, and also the hooper as an
# argument after the others (`match foul Lucy Never` = `match foul Lucy --hooper Never`).
HooperArg = Annotated[
    str | None,
    typer.Argument(
        metavar="hooper", help="The hooper (unique prefix), as --hooper.", show_default=False
    ),
]
HooperOption = Annotated[
    str | None, typer.Option("--hooper", help="The hooper (unique prefix).", show_default=False)
]


def _hooper(given: str | None, option: str | None, command: str) -> str:
    """The hooper named by --hooper or by the argument (either, or both alike)."""
    name = _maybe_hooper(given, option)
    if name is None:
        from companion.engine.errors import BadInput

        raise BadInput(f"which hooper? 'hoopers match {command} --hooper NAME'")
    return name


def _maybe_hooper(given: str | None, option: str | None) -> str | None:
    if (
        given is not None
        and option is not None
        and given.strip().casefold() != option.strip().casefold()
    ):
        from companion.engine.errors import BadInput

        raise BadInput(f"two hoopers, '{given}' and --hooper '{option}': give one")
    return option if option is not None else given


def _table(ctx: typer.Context) -> HoopersTable:
    from companion.games.hoopers.table import HoopersTable

    return HoopersTable(open_store(ctx))


def _asks(json: bool) -> bool:
    """Owed free throws are asked for only on a terminal, and never for --json."""
    if json:
        return False
    return on_terminal()


def _settle(ctx: typer.Context, status: Status[MatchState], json: bool) -> None:
    """What a move leaves to settle (the table says so), asked on a terminal once the move
    is shown: the free throws still owed, then a benchwarmer for a place an ejection or an
    'out' injury left empty. Elsewhere the next move is refused, naming the command."""
    if not _asks(json):
        return
    from companion.games.hoopers.rules.vacancy import vacancies
    from companion.ui.guided.prompts import guarded

    if status.state.owed is not None:
        from companion.games.hoopers.guided.owed import ask_owed_free_throws

        with guarded():
            ask_owed_free_throws(_table(ctx))
    if vacancies(status.state):
        from companion.games.hoopers.guided.vacancy import ask_substitutes

        with guarded():
            ask_substitutes(_table(ctx))


def _record(ctx: typer.Context, kind: str, /, **data: Any) -> Recorded[MatchState]:
    """Record one move (one transaction). Free throws still owed, or a place left empty,
    refuse a move of play (exit 2): the table says what is to settle, and `_settle` asks
    for it on a terminal once the move that left it is shown. A hooper card's number the
    move needs, typed by nobody and unknown to the cards, is asked on a terminal (and
    remembered); elsewhere the refusal says how to give it."""
    move = {"type": kind, "data": data}  # (a counter's data has a "kind" of its own)
    if on_terminal():  # a number the hooper cards lack is asked once, then remembered
        from companion.games.hoopers.guided.cards import record_asking

        return record_asking(_table(ctx), move)
    return _table(ctx).record(move)


def _emit_status(status: Status[MatchState], json: bool, notes: list[str] | None = None) -> None:
    """The match after a move (its notes are the table's), or with `notes` of the face's."""
    payload = status.to_json()
    if notes is not None:
        payload["notes"] = list(notes)

    def render(out):
        from companion.games.hoopers.render import render_notes, render_status

        render_notes(out, payload["notes"])
        render_status(out, status)

    emit(payload, json, render)


def _emit_move(
    ctx: typer.Context,
    recorded: Recorded[MatchState],
    json: bool,
    payload: dict[str, Any],
    render_move: Callable[[Any], None],
) -> None:
    """A resolved move with the match after it; what it leaves to settle is asked on a terminal."""
    status = recorded.status
    match = status.to_json()
    payload = {**payload, "match": match}

    def render(out):
        from companion.games.hoopers.render import render_notes

        render_move(out)
        render_notes(out, match["notes"])

    emit(payload, json, render)
    _settle(ctx, status, json)


def _names(text: str | None) -> list[str] | None:
    from companion.games.hoopers.table import names

    return names(text)


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
    home_seven: Annotated[
        str | None,
        typer.Option("--home-seven", help="The seven home hoopers of this match (of the ten)."),
    ] = None,
    away_seven: Annotated[
        str | None, typer.Option("--away-seven", help="The seven away hoopers.")
    ] = None,
    home_five: Annotated[
        str | None,
        typer.Option(
            "--home-five",
            help="The home five on court (the other two on the bench); 'Name=POS' places a "
            "hooper on another Position token than the card's first position.",
        ),
    ] = None,
    away_five: Annotated[
        str | None, typer.Option("--away-five", help="The away five on court.")
    ] = None,
    variant: Annotated[str, typer.Option("--variant", help="classic or fast.")] = "classic",
    milestones: Annotated[
        str,
        typer.Option(
            "--milestones",
            help="Period milestones: win, lose or off, or one per period (win,lose,win).",
        ),
    ] = "win",
    first: Annotated[
        str, typer.Option("--first", help="Who attacks first: a team, or roll (d20 each).")
    ] = "roll",
    seed: SeedOption = None,
    new: NewOption = None,
    json: JsonOption = False,
) -> None:
    """Start a tracked match (the d20 decides who attacks first unless --first)."""
    from companion.games.hoopers.table import roster

    home, away = players_of(ctx, [home, away], new)
    h, a = home, away
    sevens = {t: n for t, n in ((h, _names(home_seven)), (a, _names(away_seven))) if n}
    fives = {t: n for t, n in ((h, _names(home_five)), (a, _names(away_five))) if n}
    status = _table(ctx).start(
        home,
        away,
        rosters={
            h: roster(home, home_tribe, home_roster),
            a: roster(away, away_tribe, away_roster),
        },
        variant=variant,
        milestones=milestones,
        first=first,
        seed=seed,
        tribes_of={h: home_tribe, a: away_tribe},
        sevens=sevens,
        fives=fives,
    )
    notes = list(status.state.notes)
    waiting = _table(ctx).waiting()
    if waiting is not None:
        notes.append(
            f"match {waiting['id']} ({' v '.join(waiting['players'])}, a Series game) waits: "
            f"'companion hoopers match resume' goes back to it; ending this match resumes it"
        )
    _emit_status(status, json, notes)


@match_app.command("shot")
def match_shot(
    ctx: typer.Context,
    team: TeamArg,
    kind: Kind,
    stat: MatchStat = None,
    hooper_arg: HooperArg = None,
    hooper: HooperOption = None,
    defender: Annotated[
        str | None, typer.Option("--defender", help="The defending hooper (with --defense).")
    ] = None,
    bonus: Bonus = None,
    defense: Defense = None,
    defense_card: Annotated[
        str | None,
        typer.Option(
            "--defense-card",
            help="The defence card, when not the attack's own: dlu for Edd Trapp on a 3PS.",
        ),
    ] = None,
    face: Face = None,
    roll: Roll = None,
    ft_stat: FtStat = None,
    ft_roll: FtRoll = None,
    flagrant_whistle: Flagrant = False,
    no_foul_bonus: NoFoulBonus = False,
    perry: Annotated[
        int | None,
        typer.Option("--perry", help="Perry Hel adds his defence stat N to the defender's."),
    ] = None,
    perry_half: Annotated[
        bool,
        typer.Option("--perry-half", help="Perry lacks the defensive position: half of --perry."),
    ] = False,
    gift: Annotated[
        str | None,
        typer.Option("--gift", help="Maddy Cure scores: the teammate who recovers one energy."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Resolve and record a shot: score, fouls and injury cubes, Onfire track.

    The defender's and shooter's personal skills apply by themselves (Linda
    Siempre's whistle, Hector Pröt's Onfire step, Sin Miedo's foul bonus).
    """
    from companion.games.hoopers.rules.shots import parse_kind

    name = _hooper(hooper_arg, hooper, "shot TEAM KIND")
    shot = parse_kind(kind)
    # A --defender alone takes the defence from the defender's card (`hoopers card`).
    defended = defense if defense is not None or defender is None else 0
    refuse_for_shot(
        ctx, shot, defended, also=("hooper", "gift"),
        defended=("defender", "defense_card", "perry", "perry_half"),
    )  # fmt: skip
    # The spec as the match stores it; the engine builds (and checks) the ShotSpec once,
    # and the table fills a missing --stat from the match, inside the move's transaction.
    spec = {
        "kind": shot,
        "stat": stat,
        "bonuses": list(bonus or ()),
        "defense": defense,
        "ft_stat": ft_stat,
        "flagrant_whistle": flagrant_whistle,
        "no_foul_bonus": no_foul_bonus,
        **_defense_card(defense_card),
    }
    data = {
        "team": team,
        "hooper": name,
        "defender": defender,
        "spec": spec,
        "face": check_face(face),
        "roll": check_roll(roll),
        "ft_rolls": list(ft_roll or ()),
    }
    if perry is not None:
        data["perry"] = {"stat": perry, "half": perry_half}
    elif perry_half:
        from companion.engine.errors import BadInput

        raise BadInput("--perry-half halves Perry Hel's --perry N: give it")
    if gift:
        data["gift"] = gift
    recorded = _record(ctx, "shot", **data)
    outcome, status = recorded.outcome, recorded.status
    stored = recorded.events[-1]["data"]
    notes = unused_roll(outcome, data["roll"])
    match = status.to_json()
    payload = {
        **outcome.to_json(),
        "notes": notes,
        "team": stored["team"],
        "hooper": stored["hooper"],
        "match": match,
    }

    def render(out):
        from companion.games.hoopers.render import MATCH_OWED, render_notes, render_shot

        who = f"{payload['hooper']} ({payload['team']}): "
        render_shot(out, outcome, who=who, notes=notes, owed=MATCH_OWED)
        render_notes(out, match["notes"])

    emit(payload, json, render)
    _settle(ctx, status, json)


def _defense_card(typed: str | None) -> dict[str, str]:
    if typed is None:
        return {}
    from companion.engine.names import match_prefix
    from companion.games.hoopers.rules.shots import DEFENSE_FOR

    return {"defense_card": match_prefix(typed, list(DEFENSE_FOR.values()), what="defence card")}


@match_app.command("counter")
def match_counter(
    ctx: typer.Context,
    team: Annotated[str, typer.Argument(help="The countering team (unique prefix).")],
    kind: Annotated[str, typer.Argument(help="steal, intercept or rebound.")],
    hooper_arg: HooperArg = None,
    hooper: Annotated[
        str | None,
        typer.Option(
            "--hooper",
            "--defender",
            show_default=False,
            help="The countering hooper (unique prefix); its card gives O and V not typed.",
        ),
    ] = None,
    against: Annotated[
        str | None,
        typer.Option(
            "--against",
            help="The hooper whose dribble or pass is countered (default: the last one "
            "recorded and not answered yet).",
        ),
    ] = None,
    o: OStat = None,
    v: VStat = None,
    position: Annotated[
        str | None,
        typer.Option(
            "--position",
            help="The dribbler's Position token (default: the line-up's, else the card's).",
        ),
    ] = None,
    face: Face = None,
    roll: Roll = None,
    flagrant_whistle: Flagrant = False,
    fouled: Annotated[
        str | None,
        typer.Option("--fouled", help="Offensive foul on a rebound: who takes the white cube."),
    ] = None,
    ft_stat: Annotated[
        int | None,
        typer.Option("--ft-stat", help="The free throw shooter's 2PS (team fouls, flagrant)."),
    ] = None,
    ft_roll: FtRoll = None,
    json: JsonOption = False,
) -> None:
    """Resolve and record a counter: foul die, O or V, d20; fouls, team fouls, free throws."""
    name = _hooper(hooper_arg, hooper, "counter TEAM KIND")
    _refuse_for_match_counter(ctx, kind)
    data = {
        "team": team,
        "kind": kind,
        "hooper": name,
        "against": against,
        "o": o,
        "v": v,
        "position": position,
        "face": check_face(face),
        "roll": check_roll(roll),
        "flagrant_whistle": flagrant_whistle,
        "fouled": fouled,
        "ft_stat": ft_stat,
        "ft_rolls": list(ft_roll or ()),
    }
    recorded = _record(ctx, "counter", **data)
    outcome = recorded.outcome

    def render(out):
        from companion.games.hoopers.rules.susan_peg import SusanPegRebound

        if isinstance(outcome, SusanPegRebound):  # her skill: the rebound is a lay-up
            from companion.games.hoopers.series_render import render_susan_peg_rebound

            render_susan_peg_rebound(out, outcome)
            return
        from companion.games.hoopers.render import render_counter

        render_counter(out, outcome)

    _emit_move(ctx, recorded, json, outcome.to_json(), render)


def _refuse_for_match_counter(ctx: typer.Context, kind: str) -> None:
    """--position is a steal's, --against a steal's or intercept's, --fouled a rebound's."""
    from companion.games.hoopers.rules.counters import parse_counter

    name = parse_counter(kind)
    common = ("hooper", "o", "v", "face", "roll", "flagrant_whistle", "ft_stat", "ft_roll")
    applies = {
        "steal": (*common, "against", "position"),
        "intercept": (*common, "against"),
        "rebound": (*common, "fouled"),
    }[name]
    because = {
        "position": "only a steal reads the dribbler's Position token",
        "against": "a rebound counters no hooper's fundamental",
        "fouled": "only an offensive foul on a rebound lets the defence pick who is fouled",
    }
    refuse_unused(ctx, applies, f"{'an' if name == 'intercept' else 'a'} {name}", because)


@match_app.command("block")
def match_block(
    ctx: typer.Context,
    team: Annotated[str, typer.Argument(help="The blocking team (unique prefix).")],
    attacker: Annotated[str, typer.Option("--attacker", help="The hooper blocked.")],
    against: Annotated[
        str,
        typer.Option(
            "--against", help="What is blocked: 2ps, 3ps, lup, or a boosted steal or intercept."
        ),
    ],
    hooper_arg: HooperArg = None,
    hooper: HooperOption = None,
    face: Face = None,
    keepers_block: KeepersBlock = False,
    ft_stat: Annotated[
        int | None, typer.Option("--ft-stat", help="The blocked hooper's 2PS, for free throws.")
    ] = None,
    ft_roll: FtRoll = None,
    json: JsonOption = False,
) -> None:
    """Resolve and record a block: fouls, free throws, Onfire; Linda Siempre by herself."""
    data = {
        "team": team,
        "hooper": _hooper(hooper_arg, hooper, "block TEAM"),
        "attacker": attacker,
        "against": against,
        "face": check_face(face),
        "keepers_block": keepers_block,
        "ft_stat": ft_stat,
        "ft_rolls": list(ft_roll or ()),
    }
    recorded = _record(ctx, "block", **data)
    outcome = recorded.outcome
    away = not recorded.status.state.teams[recorded.status.state.attacking].free_throw_bonus

    def render(out):
        from companion.games.hoopers.render import MATCH_OWED, render_block

        render_block(out, outcome, ft_stat, away, MATCH_OWED)

    _emit_move(ctx, recorded, json, outcome.to_json(), render)


@match_app.command("free-throw")
def match_free_throw(
    ctx: typer.Context,
    team: TeamArg,
    stat: Annotated[int, typer.Option("--stat", help="The shooter's 2PS.")],
    roll: Annotated[
        list[int] | None,
        typer.Option("--roll", help="A free throw d20 result (repeatable; the rest are rolled)."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Shoot the free throws the match is waiting for (after a foul with no --ft-stat)."""
    recorded = _table(ctx).record(
        event("free-throw", team=team, stat=stat, rolls=[check_roll(r) for r in roll or ()])
    )
    _emit_status(recorded.status, json)


@match_app.command()
def score(
    ctx: typer.Context,
    team: TeamArg,
    points: Annotated[int, typer.Argument(help="Points to add (1 to 10).")],
    hooper_arg: Annotated[
        str | None,
        typer.Argument(
            metavar="hooper", help="Credit them to this hooper, as --hooper.", show_default=False
        ),
    ] = None,
    hooper: Annotated[
        str | None, typer.Option("--hooper", help="Credit them to this hooper.")
    ] = None,
    json: JsonOption = False,
) -> None:
    """Add points by hand (chips like Fast Break, corrections)."""
    name = _maybe_hooper(hooper_arg, hooper)
    recorded = _record(ctx, "score", team=team, points=points, hooper=name)
    _emit_status(recorded.status, json)


@match_app.command("foul")
def match_foul(
    ctx: typer.Context,
    team: TeamArg,
    hooper_arg: HooperArg = None,
    hooper: HooperOption = None,
    on: Annotated[
        str | None,
        typer.Option(
            "--on",
            help="The action fouled on: steal, intercept, d2, d3, dlu, block (defending) "
            "or screen, rebound, charging (attacking); checked against injury markers.",
        ),
    ] = None,
    json: JsonOption = False,
) -> None:
    """A personal foul: a red cube for the hooper and a team foul."""
    name = _hooper(hooper_arg, hooper, "foul TEAM")
    recorded = _record(ctx, "foul", team=team, hooper=name, action=on)
    _emit_status(recorded.status, json)
    _settle(ctx, recorded.status, json)


def _team_hooper_move(kind: str, help_text: str) -> None:
    """`match KIND TEAM [HOOPER] [--hooper H]`: a move that names a team and one hooper."""

    def command(
        ctx: typer.Context,
        team: TeamArg,
        hooper_arg: HooperArg = None,
        hooper: HooperOption = None,
        json: JsonOption = False,
    ) -> None:
        name = _hooper(hooper_arg, hooper, f"{kind} TEAM")
        status = _record(ctx, kind, team=team, hooper=name).status
        _emit_status(status, json)
        _settle(ctx, status, json)

    command.__doc__ = help_text
    match_app.command(kind)(command)


_team_hooper_move("injure", "An injury cube; at the limit an injury marker is drawn from the pile.")
_team_hooper_move("chip", "Redeem the Onfire LV.1 chip for a hooper on LV.I (back to flat).")
_team_hooper_move("blocked", "A block received: the hooper's Onfire track moves one step left.")
_team_hooper_move(
    "gift", "Maddy Cure's skill after her basket: the teammate who recovers one energy."
)


@match_app.command()
def track(
    ctx: typer.Context,
    team: TeamArg,
    off: Annotated[
        bool,
        typer.Option("--off", help="The step takes the marker outside the track (onto the card)."),
    ] = False,
    json: JsonOption = False,
) -> None:
    """A Series game: TEAM satisfied the mini track's condition; its tribe marker moves."""
    status = _record(ctx, "track", team=team, off=off).status
    _emit_status(status, json)


@match_app.command()
def spend(
    ctx: typer.Context,
    team: TeamArg,
    use: Annotated[
        str,
        typer.Argument(
            help="What the chip is spent on: LV.1 boost, remove-intercept, remove-steal, "
            "block; LV.2 fast-break, coast-to-coast, tap-out, goal-tending, never-give-up, "
            "energy-drink, no-way-block, buzzer-beater."
        ),
    ],
    hooper_arg: HooperArg = None,
    hooper: HooperOption = None,
    json: JsonOption = False,
) -> None:
    """Spend a hooper's Onfire chip: it is discarded (two points, a coach token … applied)."""
    name = _hooper(hooper_arg, hooper, "spend TEAM USE")
    recorded = _record(ctx, "spend", team=team, hooper=name, use=use)
    _emit_status(recorded.status, json)


@match_app.command()
def onfire(
    ctx: typer.Context,
    team: TeamArg,
    words: Annotated[
        list[str],
        typer.Argument(
            metavar="[hooper] {direction}",
            help="up (one step forward) or down; the hooper before it, or as --hooper.",
            show_default=False,
        ),
    ],
    hooper: HooperOption = None,
    json: JsonOption = False,
) -> None:
    """Move a hooper one step on the Onfire track (a tribe power, a skill, a correction)."""
    from companion.engine.errors import BadInput

    usage = "'hoopers match onfire TEAM up|down --hooper NAME' (or TEAM NAME up|down)"
    if not 1 <= len(words) <= 2 or (len(words) == 1 and hooper is None):
        raise BadInput(f"which hooper, and up or down? {usage}")
    *given, direction = words
    name = _hooper(given[0] if given else None, hooper, "onfire TEAM up|down")
    recorded = _record(ctx, "onfire", team=team, hooper=name, direction=direction)
    _emit_status(recorded.status, json)


@match_app.command()
def sub(
    ctx: typer.Context,
    team: TeamArg,
    out: Annotated[
        list[str], typer.Option("--out", help="A hooper leaving the court (repeatable).")
    ],
    in_: Annotated[
        list[str],
        typer.Option("--in", help="The hooper coming in for the --out at the same place."),
    ],
    second_position: Annotated[
        list[str] | None,
        typer.Option(
            "--second-position",
            help="A hooper coming in whose card has that Position token as its second "
            "position: no Out of position marker (repeatable).",
        ),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Substitutions: one coach action token for all of them (free when the rules say so)."""
    from companion.engine.errors import BadInput

    if len(out) != len(in_):
        raise BadInput(f"{len(out)} --out but {len(in_)} --in: give them in pairs")
    pairs = [list(pair) for pair in zip(out, in_, strict=True)]
    extra = {"second": list(second_position)} if second_position else {}
    recorded = _record(ctx, "sub", team=team, pairs=pairs, **extra)
    _emit_status(recorded.status, json)


@match_app.command()
def swap(
    ctx: typer.Context,
    team: TeamArg,
    hoopers: Annotated[
        list[str], typer.Argument(metavar="HOOPER HOOPER", help="Two hoopers on court.")
    ],
    second_position: Annotated[
        list[str] | None,
        typer.Option(
            "--second-position",
            help="One of the two whose card has its new token as second position (repeatable).",
        ),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Swap two hoopers' Position tokens on court: a coach token, as for substitutions."""
    extra = {"second": list(second_position)} if second_position else {}
    recorded = _record(ctx, "swap", team=team, hoopers=list(hoopers), **extra)
    _emit_status(recorded.status, json)


@match_app.command()
def upgrade(
    ctx: typer.Context,
    team: TeamArg,
    hooper_arg: HooperArg = None,
    hooper: HooperOption = None,
    period: Annotated[
        int | None,
        typer.Option("--period", help="Whose milestone (default: the first not given yet)."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Sleeve a period milestone's upgrade onto a hooper (one upgrade per hooper)."""
    name = _hooper(hooper_arg, hooper, "upgrade TEAM")
    recorded = _record(ctx, "upgrade", team=team, hooper=name, period=period)
    _emit_status(recorded.status, json)


@match_app.command()
def gameplan(ctx: typer.Context, team: TeamArg, json: JsonOption = False) -> None:
    """The Series: take a gameplan card for a coach action token (one per game)."""
    recorded = _record(ctx, "gameplan", team=team)
    _emit_status(recorded.status, json)


@match_app.command()
def turn(
    ctx: typer.Context,
    again: Annotated[
        bool,
        typer.Option("--again", help="Attack again without moving the turn token (rebound)."),
    ] = False,
    power: Annotated[
        bool,
        typer.Option(
            "--power",
            help="The Unleashed power: the side that won the ball back plays the same card's "
            "other action now; the turn token stays.",
        ),
    ] = False,
    json: JsonOption = False,
) -> None:
    """End the attacking turn: move the turn token, with the turn-track reminders."""
    from companion.engine.errors import BadInput

    if again and power:
        raise BadInput("--again and --power: one or the other")
    data = {"again": again, **({"power": True} if power else {})}
    _emit_status(_record(ctx, "turn", **data).status, json)


@match_app.command()
def timeout(
    ctx: typer.Context,
    team: TeamArg,
    rest: Annotated[
        list[str] | None,
        typer.Option(
            "--rest",
            help="An opponent's hooper who recovers one of its two energies (twice: two "
            "different hoopers).",
        ),
    ] = None,
    opponent_token: Annotated[
        bool,
        typer.Option(
            "--opponent-token",
            help="The opponent spends a coach action token for all the timeout's benefits "
            "(each of its hoopers recovers one, substitutions) instead of two energies.",
        ),
    ] = False,
    json: JsonOption = False,
) -> None:
    """Call a timeout: a timeout cube and a coach action token; energy recovered."""
    extra = {"rest": list(rest)} if rest else {}
    if opponent_token:
        extra["opponent_token"] = True
    _emit_status(_record(ctx, "timeout", team=team, **extra).status, json)


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
    recorded = _record(ctx, "fundamental", team=team, hooper=name, kind=kind)
    _emit_status(recorded.status, json)


@match_app.command("energy")
def match_energy(
    ctx: typer.Context,
    team: TeamArg,
    hooper_arg: HooperArg = None,
    now: Annotated[
        int | None,
        typer.Argument(metavar="[N]", help="The energy left now, as the board shows it."),
    ] = None,
    hooper: HooperOption = None,
    max_: Annotated[
        int | None,
        typer.Option("--max", help="The energy printed on the card (remembered for every match)."),
    ] = None,
    recover: Annotated[
        int | None,
        typer.Option(
            "--recover", help="Energies given back (a playbook, May Friend, a timeout's two)."
        ),
    ] = None,
    star: Annotated[
        bool, typer.Option("--star", help="The hooper carries the [star] upgrade: +1 energy.")
    ] = False,
    untracked: Annotated[
        bool,
        typer.Option(
            "--untracked",
            help="The table does not track this hooper's energy in this match (its card's "
            "energy unknown): nothing about it is said again.",
        ),
    ] = False,
    json: JsonOption = False,
) -> None:
    """Correct a hooper's energy track (the board is the truth): an undoable move."""
    name = _hooper(hooper_arg, hooper, "energy TEAM")
    data = {"team": team, "hooper": name, "now": now, "max": max_, "recover": recover}
    data = {k: v for k, v in data.items() if v is not None}
    if untracked:
        data["track"] = False
    recorded = _record(ctx, "energy", **data, **({"star": True} if star else {}))
    _emit_status(recorded.status, json)


@match_app.command()
def playbook(
    ctx: typer.Context,
    team: TeamArg,
    reward: Annotated[
        str,
        typer.Argument(
            help="cards (draw 2), energy (F2 and A recover what they spent) or both "
            "(one energy back, --pick f2|a, and draw 1); or use NAME (declare a playbook "
            "after F1; no NAME: the personal one) or drop NAME (renounce a common one)."
        ),
    ],
    name: Annotated[
        str | None,
        typer.Argument(help="The playbook, for use (a common one: its name) or drop."),
    ] = None,
    f2: Annotated[
        str | None,
        typer.Option("--f2", help="Who played the F2 (default: the last fundamental recorded)."),
    ] = None,
    pick: Annotated[
        str | None, typer.Option("--pick", help="For 'both': the card whose energy comes back.")
    ] = None,
    json: JsonOption = False,
) -> None:
    """A playbook: declared after F1 (use), renounced (drop), or its reward once scored."""
    verb = reward.strip().lower()
    if verb in ("use", "drop"):
        data = {"team": team, verb: name if name is not None or verb == "use" else None}
        if verb == "drop" and name is None:
            from companion.engine.errors import BadInput

            raise BadInput("which playbook does the team renounce? ('drop NAME')")
        if verb == "use" and name is None:
            data["use"] = ""
        _emit_status(_record(ctx, "playbook", **data).status, json)
        return
    if name is not None:
        from companion.engine.errors import BadInput

        raise BadInput(f"a playbook's reward takes no name (got '{name}')")
    data = {"team": team, "reward": reward, "f2": f2, "pick": pick}
    recorded = _record(ctx, "playbook", **{k: v for k, v in data.items() if v is not None})
    _emit_status(recorded.status, json)


@match_app.command()
def coach(ctx: typer.Context, team: TeamArg, json: JsonOption = False) -> None:
    """Spend a coach action token."""
    _emit_status(_record(ctx, "coach", team=team).status, json)


@match_app.command()
def resume(
    ctx: typer.Context,
    match: Annotated[
        str | None,
        typer.Option(
            "--match", metavar="ID", help="The live match to go back to (default: the one waiting)."
        ),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Go back to the match that waits (a Series game set aside for a friendly match); the
    current one waits in its place."""
    _emit_status(_table(ctx).resume(match), json, notes=[])


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
    from companion.games.hoopers.series_table import SeriesTable

    return SeriesTable(table.store).taken_in(done.id) if done.status == "finished" else None


def _emit_ended(done: Ended, json: bool, series_game: Any = None) -> None:
    """The match filed; for a Series game, also the game's Reward Phase."""

    def render(out):
        from companion.games.hoopers.render import render_ended

        render_ended(out, done)
        if series_game is not None:
            from companion.games.hoopers.series_render import render_taken_in

            render_taken_in(out, series_game)

    payload = done.to_json()
    if series_game is not None:
        payload["series"] = series_game.to_json()
    emit(payload, json, render)


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
