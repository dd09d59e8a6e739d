"""`companion hoopers`: Valley Hoopers resolutions, exact odds and a tracked match."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Annotated, Any

import typer

from companion.cli.common import JsonOption, SeedOption, emit, new_app, open_store
from companion.engine.rng import TableRng

GAME = "hoopers"

app = new_app("Valley Hoopers: shots, fouls, counters, blocks, free throws, odds, matches.")

# --- options shared by the commands ------------------------------------------

Kind = Annotated[str, typer.Argument(help="2ps, 3ps or lup.", show_default=False)]
Stat = Annotated[int, typer.Option("--stat", help="The hooper's attack stat for this shot.")]
Bonus = Annotated[
    list[int] | None,
    typer.Option(
        "--bonus",
        help="A bonus (repeatable): +15 dribble, +15 rebound, chips; negative for maluses.",
    ),
]
Defense = Annotated[
    int | None,
    typer.Option("--defense", help="The defender's D2/D3/DLU; given, the foul die is rolled."),
]
Face = Annotated[str | None, typer.Option("--face", help="The foul die face the table rolled.")]
Roll = Annotated[int | None, typer.Option("--roll", help="The d20 result the table rolled.")]
FtStat = Annotated[
    int | None,
    typer.Option("--ft-stat", help="The shooter's 2PS for free throws (default: --stat on 2ps)."),
]
FtRoll = Annotated[
    list[int] | None, typer.Option("--ft-roll", help="A free throw d20 result (repeatable).")
]
Away = Annotated[
    bool, typer.Option("--away", help="Series away side: free throws use the basic 2PS.")
]
Flagrant = Annotated[
    bool,
    typer.Option(
        "--flagrant-whistle",
        help="Second use of a card under the Unleashed power: a whistle is a flagrant foul.",
    ),
]
NoFoulBonus = Annotated[
    bool, typer.Option("--no-foul-bonus", help="Sin Miedo: a foul on him gives no bonus.")
]
KeepersBlock = Annotated[
    bool, typer.Option("--keepers-block", help="Keepers tribe power block: jump ball is a foul.")
]
Linda = Annotated[
    bool,
    typer.Option(
        "--linda",
        help="Linda Siempre defends: her whistle is no foul (a defence keeps the bonus, "
        "a block reads it as jump ball) and the attacker takes the white cube.",
    ),
]
OStat = Annotated[int | None, typer.Option("--o", help="The countering hooper's O-stat.")]
VStat = Annotated[int | None, typer.Option("--v", help="The countering hooper's V-stat.")]
Position = Annotated[
    str | None, typer.Option("--position", help="The attacker's Position token (PG SG SF PF C).")
]
TeamFouls = Annotated[
    int,
    typer.Option(
        "--team-fouls", help="The countering (or blocking) team's fouls this period so far."
    ),
]
NoFoulDie = Annotated[
    bool, typer.Option("--no-foul-die", help="Manny Gentle: no foul die when countering.")
]


def shot_spec(kind, stat, bonus, defense, ft_stat, away, flagrant, no_foul_bonus, linda=False):
    from companion.games.hoopers.rules.errors import NotAllowedHere
    from companion.games.hoopers.rules.shots import ShotSpec, parse_kind

    if linda and defense is None:
        raise NotAllowedHere("--linda: Linda Siempre's skill works when defending (give --defense)")
    return ShotSpec(
        kind=parse_kind(kind),
        stat=stat,
        bonuses=tuple(bonus or ()),
        defense=defense,
        ft_stat=ft_stat,
        away=away,
        flagrant_whistle=flagrant,
        no_foul_bonus=no_foul_bonus,
        linda=linda,
    )


def check_roll(roll: int | None) -> int | None:
    from companion.games.hoopers.rules.dice import parse_d20

    return None if roll is None else parse_d20(roll)


def unused_roll(outcome: Any, roll: int | None) -> list[str]:
    """Say why the table's --roll played no part, rather than dropping it silently."""
    if roll is None or outcome.roll is not None:
        return []
    if outcome.charging:
        why = "charging foul by the attacker, so no shot"
    elif outcome.flagrant:
        why = "flagrant foul, so no shot; two free throws (--ft-roll)"
    elif outcome.auto:
        why = f"target {outcome.target} ≥ 100 scores without a roll"
    else:
        why = "no shot roll was needed"
    return [f"--roll {roll} not used: {why}"]


def refuse_unused(
    ctx: typer.Context, applies: Iterable[str], to: str, because: Mapping[str, str] | str = ""
) -> None:
    """Refuse the options given that play no part in `to`, naming the ones that do.

    An option counts as given when its value is not its default (a flag set, a
    value typed); --json and --seed always apply. `because` says why: one
    reason, or one per option name.
    """
    from companion.engine.errors import BadInput

    allowed = {*applies, "json", "seed"}
    options = [p for p in ctx.command.params if p.param_type_name == "option" and not p.hidden]
    extra = [p for p in options if p.name not in allowed and _given(ctx, p)]
    if not extra:
        return
    reasons = [because] if isinstance(because, str) else [because.get(p.name, "") for p in extra]
    why = "; ".join(dict.fromkeys(r for r in reasons if r))
    takes = [p.opts[0] for p in options if p.name in allowed and p.name not in ("json", "seed")]
    verb = "does" if len(extra) == 1 else "do"
    these = f"it takes {', '.join(takes)}" if takes else "it takes no other option"
    raise BadInput(
        f"{', '.join(p.opts[0] for p in extra)} {verb} not apply to {to}"
        f"{f' ({why})' if why else ''}; {these}"
    )


def _given(ctx: typer.Context, param: Any) -> bool:
    value = ctx.params.get(param.name)
    if value is None or value is False or value == [] or value == ():
        return False
    return value != param.default


def check_face(face: str | None) -> str | None:
    from companion.games.hoopers.rules.dice import parse_d8

    return None if face is None else parse_d8(face)


# --- stateless resolutions ---------------------------------------------------

# The options (parameter names) each resolution takes; any other given is refused.
SHOT_UNDEFENDED = ("stat", "bonus", "defense", "roll")
SHOT_DEFENDED = (
    *SHOT_UNDEFENDED,
    *("face", "ft_stat", "ft_roll", "away", "flagrant_whistle", "no_foul_bonus", "linda"),
)
NO_DEFENSE = "without --defense the shot is undefended: no defender, no foul die, no free throws"
NO_FOUL_DIE = "--no-foul-die: no foul die, so no foul"
TARGET_ALONE = "--target N is the chance of one d20 roll and takes no kind"


def refuse_for_shot(
    ctx: typer.Context,
    name: str,
    defense: int | None,
    to: str = "",
    also: Iterable[str] = (),
    defended: Iterable[str] = (),
) -> None:
    """Refuse what a shot of kind `name` does not use: without --defense, anything
    about the foul die and free throws. `also` are more options the command always
    takes, `defended` more it takes with --defense."""
    if defense is None:
        because = dict.fromkeys((*SHOT_DEFENDED, *defended), NO_DEFENSE)
        because["target"] = TARGET_ALONE
        refuse_unused(ctx, (*SHOT_UNDEFENDED, *also), f"{to}an undefended {name}", because)
    else:
        applies = (*SHOT_DEFENDED, *also, *defended)
        refuse_unused(ctx, applies, f"{to}{name}", {"target": TARGET_ALONE})


@app.command()
def shot(
    ctx: typer.Context,
    kind: Kind,
    stat: Stat,
    bonus: Bonus = None,
    defense: Defense = None,
    face: Face = None,
    roll: Roll = None,
    ft_stat: FtStat = None,
    ft_roll: FtRoll = None,
    away: Away = False,
    flagrant_whistle: Flagrant = False,
    no_foul_bonus: NoFoulBonus = False,
    linda: Linda = False,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Resolve a shot: target, foul die (when defended), d20, free throws."""
    from companion.games.hoopers.rules.shots import parse_kind, resolve_shot

    refuse_for_shot(ctx, parse_kind(kind), defense)
    spec = shot_spec(
        kind, stat, bonus, defense, ft_stat, away, flagrant_whistle, no_foul_bonus, linda
    )
    rng = TableRng(seed)
    outcome = resolve_shot(
        spec, face=check_face(face), roll=check_roll(roll), ft_rolls=ft_roll or (), rng=rng
    )

    notes = unused_roll(outcome, roll)

    def render(out):
        from companion.games.hoopers.render import render_shot

        render_shot(out, outcome, notes=notes)

    emit({**outcome.to_json(), "notes": notes, "seed": rng.seed}, json, render)


@app.command()
def foul(
    action: Annotated[
        str,
        typer.Argument(help="screen, steal, intercept, rebound, d2, d3, dlu or block."),
    ],
    face: Face = None,
    keepers_block: KeepersBlock = False,
    linda: Linda = False,
    flagrant_whistle: Flagrant = False,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Read the foul die for an action (the rulebook's foul summary table)."""
    from companion.games.hoopers.rules.dice import D8
    from companion.games.hoopers.rules.fouls import parse_action, read_foul_die

    name = parse_action(action)
    checked = check_face(face)
    rng = TableRng(seed)
    reading = read_foul_die(
        name,
        checked or rng.roll(D8),
        keepers_block=keepers_block,
        linda=linda,
        flagrant_whistle=flagrant_whistle,
    )

    def render(out):
        from companion.games.hoopers.render import render_foul

        render_foul(out, reading)

    emit({**reading.to_json(), "seed": rng.seed}, json, render)


@app.command()
def counter(
    ctx: typer.Context,
    kind: Annotated[str, typer.Argument(help="steal, intercept or rebound.")],
    o: OStat = None,
    v: VStat = None,
    position: Position = None,
    face: Face = None,
    roll: Roll = None,
    team_fouls: TeamFouls = 0,
    no_foul_die: NoFoulDie = False,
    flagrant_whistle: Flagrant = False,
    susan_peg: Annotated[
        bool,
        typer.Option(
            "--susan-peg",
            help="Susan Peg's rebound (The Series): no foul → her undefended lay-up with --v.",
        ),
    ] = False,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Resolve a steal, intercept or offensive rebound: foul die, O or V, d20."""
    from companion.games.hoopers.rules.counters import resolve_counter

    refuse_for_counter(ctx, kind, no_foul_die, susan_peg)
    if susan_peg:
        _susan_peg_rebound(
            kind, v, check_face(face), check_roll(roll), team_fouls, no_foul_die, seed, json
        )
        return
    spec = _counter_spec(kind, o, v, position, team_fouls, no_foul_die, flagrant_whistle)
    rng = TableRng(seed)
    outcome = resolve_counter(spec, face=check_face(face), roll=check_roll(roll), rng=rng)

    def render(out):
        from companion.games.hoopers.render import render_counter

        render_counter(out, outcome)

    emit({**outcome.to_json(), "seed": rng.seed}, json, render)


COUNTER = ("o", "v", "face", "roll", "team_fouls", "no_foul_die", "flagrant_whistle")
SUSAN_PEG = ("v", "face", "roll", "team_fouls", "susan_peg")


def refuse_for_counter(
    ctx: typer.Context, kind: str, no_foul_die: bool, susan_peg: bool = False, to: str = ""
) -> None:
    """Refuse what the counter does not use: --position off a steal, the foul die's
    options under --no-foul-die, what Susan Peg's rebound does not read."""
    from companion.engine.errors import BadInput
    from companion.games.hoopers.rules.counters import parse_counter

    name = parse_counter(kind)
    if susan_peg:
        if name != "rebound" or no_foul_die:
            raise BadInput("--susan-peg is Susan Peg's offensive rebound: 'counter rebound --v N'")
        refuse_unused(ctx, SUSAN_PEG, f"{to}Susan Peg's rebound", "she lays up with her V")
        return
    applies = [*COUNTER, *(("position",) if name == "steal" else ())]
    because = {"position": "only a steal reads the dribbler's Position token"}
    if name == "rebound":
        applies.remove("flagrant_whistle")
        because["flagrant_whistle"] = (
            "the offensive rebound is the attacker's own counter, not one against the "
            "Unleashed card"
        )
    if no_foul_die:
        for option in ("face", "team_fouls", "flagrant_whistle"):
            if option in applies:
                applies.remove(option)
            because[option] = NO_FOUL_DIE
    refuse_unused(ctx, applies, f"{to}{'a' if name != 'intercept' else 'an'} {name}", because)


def _susan_peg_rebound(kind, v, face, roll, team_fouls, no_foul_die, seed, json) -> None:
    from companion.games.hoopers.rules.susan_peg import resolve_susan_peg_rebound
    from companion.games.hoopers.series_render import render_susan_peg_rebound

    rng = TableRng(seed)
    outcome = resolve_susan_peg_rebound(v, face=face, roll=roll, team_fouls=team_fouls, rng=rng)
    emit(
        {**outcome.to_json(), "seed": rng.seed},
        json,
        lambda out: render_susan_peg_rebound(out, outcome),
    )


def _counter_spec(kind, o, v, position, team_fouls, no_foul_die, flagrant=False):
    from companion.games.hoopers.rules.counters import CounterSpec, parse_counter, parse_position

    return CounterSpec(
        kind=parse_counter(kind),
        o=o,
        v=v,
        position=None if position is None else parse_position(position),
        team_fouls=team_fouls,
        no_foul_die=no_foul_die,
        flagrant_whistle=flagrant,
    )


@app.command()
def block(
    ctx: typer.Context,
    face: Face = None,
    against: Annotated[
        str | None,
        typer.Option(
            "--against",
            help="What is blocked: a shot (2ps, 3ps, lup) or, by a boosted counter, "
            "a steal or intercept.",
        ),
    ] = None,
    keepers_block: KeepersBlock = False,
    linda: Linda = False,
    team_fouls: TeamFouls = 0,
    ft_stat: Annotated[
        int | None, typer.Option("--ft-stat", help="The shooter's 2PS, to resolve free throws.")
    ] = None,
    ft_roll: FtRoll = None,
    away: Away = False,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Resolve a block: foul, restart from F2, restart from A, or blocked."""
    from companion.engine.names import match_prefix
    from companion.games.hoopers.rules.blocks import BLOCK_AGAINST, BLOCKED_COUNTERS, resolve_block

    blocked = None if against is None else match_prefix(against, BLOCK_AGAINST, "--against")
    applies = ["face", "against", "keepers_block", "linda"]
    if blocked is None:
        because = "without --against nothing says what was blocked, so no free throws"
    else:
        applies += ["ft_stat", "ft_roll", "away"]
        because = "a blocked shot's free throws do not depend on team fouls"
        if blocked in BLOCKED_COUNTERS:
            applies.append("team_fouls")
    refuse_unused(ctx, applies, "this block", because)
    rng = TableRng(seed)
    outcome = resolve_block(
        face=check_face(face),
        against=blocked,
        keepers_block=keepers_block,
        linda=linda,
        ft_stat=ft_stat,
        away=away,
        ft_rolls=ft_roll or (),
        team_fouls=team_fouls,
        rng=rng,
    )

    def render(out):
        from companion.games.hoopers.render import render_block

        render_block(out, outcome, ft_stat, away)

    emit({**outcome.to_json(), "seed": rng.seed}, json, render)


@app.command("free-throw")
def free_throw(
    stat: Annotated[int, typer.Option("--stat", help="The shooter's 2PS.")],
    away: Away = False,
    roll: Roll = None,
    defense: Annotated[
        int | None, typer.Option("--defense", hidden=True, help="Refused: never defended.")
    ] = None,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Resolve one free throw: 2PS + 15 (basic 2PS away), worth 1 point."""
    from companion.games.hoopers.rules.errors import NotAllowedHere
    from companion.games.hoopers.rules.free_throws import resolve_free_throw

    if defense is not None:
        raise NotAllowedHere(f"--defense {defense}: a free throw can't be defended")
    rng = TableRng(seed)
    ft = resolve_free_throw(stat, away=away, roll=check_roll(roll), rng=rng)

    def render(out):
        from companion.games.hoopers.render import render_free_throw

        render_free_throw(out, ft, stat, away)

    emit({**ft.to_json(), "points": 1 if ft.made else 0, "seed": rng.seed}, json, render)


@app.command()
def odds(
    ctx: typer.Context,
    kind: Annotated[
        str | None,
        typer.Argument(help="2ps, 3ps, lup, steal, intercept or rebound (omit with --target)."),
    ] = None,
    target: Annotated[
        int | None, typer.Option("--target", help="Just a d20 target: P(roll ≤ target).")
    ] = None,
    stat: Annotated[int | None, typer.Option("--stat", help="The attack stat.")] = None,
    bonus: Bonus = None,
    defense: Defense = None,
    face: Annotated[
        str | None, typer.Option("--face", help="Take the foul die as already rolled.")
    ] = None,
    ft_stat: FtStat = None,
    away: Away = False,
    flagrant_whistle: Flagrant = False,
    no_foul_bonus: NoFoulBonus = False,
    linda: Linda = False,
    o: OStat = None,
    v: VStat = None,
    position: Position = None,
    team_fouls: TeamFouls = 0,
    no_foul_die: NoFoulDie = False,
    json: JsonOption = False,
) -> None:
    """Exact odds of scoring (or of a counter), over every foul die and d20 face."""
    from companion.engine.errors import BadInput
    from companion.games.hoopers.rules import odds as calc
    from companion.games.hoopers.rules.counters import COUNTER_KINDS
    from companion.games.hoopers.rules.shots import SHOT_KINDS

    if kind is None:
        if target is None:
            raise BadInput("give a shot or counter kind, or --target N")
        refuse_unused(
            ctx,
            ("target",),
            "odds --target N",
            "one d20 roll: the others go with a shot or counter",
        )
        result, title = calc.target_odds(target), f"roll ≤ {target}"
    else:
        from companion.engine.names import match_prefix

        name = match_prefix(kind, (*SHOT_KINDS, *COUNTER_KINDS), what="shot or counter")
        if name in SHOT_KINDS:
            refuse_for_shot(ctx, name, defense, "odds for ")
            if stat is None:
                raise BadInput(f"odds for {name} need --stat")
            spec = shot_spec(
                name, stat, bonus, defense, ft_stat, away, flagrant_whistle, no_foul_bonus, linda
            )
            result, title = calc.shot_odds(spec, check_face(face)), name
        else:
            if linda:
                raise BadInput(
                    "--linda applies to a block or a defence (d2, d3, dlu), not to "
                    f"{name}: Linda Siempre's skill works 'when defending'"
                )
            # P(success) only: what decides fouls and free throws plays no part.
            counts = "the odds of a counter are its chance of success; free throws are not counted"
            applies = ["o", "v", "no_foul_die", *(("position",) if name == "steal" else ())]
            refuse_unused(
                ctx,
                applies if no_foul_die else [*applies, "face"],
                f"odds for {'an' if name == 'intercept' else 'a'} {name}",
                {
                    "target": TARGET_ALONE,
                    "position": "only a steal reads the dribbler's Position token",
                    "team_fouls": counts,
                    "flagrant_whistle": counts,
                    "face": NO_FOUL_DIE,
                },
            )
            spec = _counter_spec(name, o, v, position, team_fouls, no_foul_die, flagrant_whistle)
            result, title = calc.counter_odds(spec, check_face(face)), name
    payload = result.to_json()

    def render(out):
        from companion.games.hoopers.render import render_odds

        render_odds(out, payload, title)

    emit(payload, json, render)


@app.command()
def markers(
    ctx: typer.Context,
    set_: Annotated[
        str | None,
        typer.Option("--set", help="Your pile of eight injury markers, comma separated."),
    ] = None,
    reset: Annotated[bool, typer.Option("--reset", help="Back to the default pile.")] = False,
    json: JsonOption = False,
) -> None:
    """Show or set the injury marker pile new matches draw from."""
    from companion.games.hoopers.rules import markers as pile_of
    from companion.games.hoopers.table import HoopersTable
    from companion.ui.console import plain

    table = HoopersTable(open_store(ctx))
    if set_ is not None:
        table.set_injury_pile(pile_of.parse_pile([p for p in set_.split(",") if p.strip()]))
    elif reset:
        table.set_injury_pile(None)
    saved = table.injury_pile()
    pile = saved or pile_of.default_pile()
    assumed = [] if saved else pile_of.default_assumptions()
    texts = pile_of.marker_texts()
    payload = {"pile": pile, "default": saved is None, "assumed": assumed, "kinds": texts}

    def render(out):
        label = "default pile" if saved is None else "your pile"
        out.print(f"Injury markers ({label}, {len(pile)}):", markup=False)
        for key in pile:
            out.print(f"  {key:<11} {texts[key]}", markup=False)
        for note in assumed:
            out.print(f"  [dim]assumed: {plain(note)}[/dim]")

    emit(payload, json, render)


@app.command()
def reminders(
    ctx: typer.Context,
    turn: Annotated[
        str | None,
        typer.Argument(
            metavar="[on|off]",
            help="off: no reminders until tomorrow morning; on: back now (default: show).",
        ),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Show or set whether guided play reminds of the Keepers' face-down card and the LV.1
    chip (asked only when they can matter); off lasts for the evening."""
    from datetime import datetime

    from companion.engine.names import match_prefix
    from companion.games.hoopers.table import HoopersTable

    table = HoopersTable(open_store(ctx))
    now = datetime.now().astimezone()
    if turn is not None:
        table.set_reminders(match_prefix(turn, ("on", "off"), what="setting") == "on", now)
    until = table.quiet_until()
    payload = {"reminders": until is None or now >= until,
               "quiet_until": until.isoformat() if until and now < until else None}  # fmt: skip

    def render(out):
        if payload["reminders"]:
            out.print(
                "Reminders on: face-down cards and LV.1 chips are asked when they can matter."
            )
        else:
            out.print(
                f"Reminders off until {until:%Y-%m-%d %H:%M} ('hoopers reminders on').",
                markup=False,
            )

    emit(payload, json, render)


@app.command()
def energy(
    ctx: typer.Context,
    hooper: Annotated[
        str | None, typer.Argument(help="A hooper card (a known card by unique prefix).")
    ] = None,
    value: Annotated[
        int | None, typer.Argument(help="The energy printed on the card.", show_default=False)
    ] = None,
    forget: Annotated[
        bool, typer.Option("--forget", help="Forget the table's number for this card.")
    ] = False,
    json: JsonOption = False,
) -> None:
    """Show or set each hooper card's printed energy (the rulebook prints none): remembered,
    new matches track the energy of every card known here."""
    from companion.engine.errors import BadInput
    from companion.games.hoopers.table import HoopersTable

    table = HoopersTable(open_store(ctx))
    if (value is not None or forget) and hooper is None:
        raise BadInput("which card? 'hoopers energy HOOPER N' (or HOOPER --forget)")
    if value is not None and forget:
        raise BadInput("a card's energy or --forget: one or the other")
    known = table.card_energies()
    if hooper is not None and (value is not None or forget):
        table.set_card_energy(_card(hooper, known), None if forget else value)
        known = table.card_energies()
    elif hooper is not None:
        card = _card(hooper, known)
        known = {card: known[card]} if card in known else {}
    payload = {"energy": known}

    def render(out):
        if not known:
            out.print(
                "No card's energy known yet: 'companion hoopers energy HOOPER N' sets one "
                "(or 'hoopers match energy TEAM HOOPER --max N' during a match)."
            )
            return
        out.print("Card energy (the table's own, or a labelled default):")
        for name, entry in known.items():
            out.print(f"  {name:<16} {entry['max']:>2}  {entry['source']}", markup=False)

    emit(payload, json, render)


def _stat_option(flag: str, what: str) -> Any:
    return Annotated[int | None, typer.Option(flag, help=what, show_default=False)]


@app.command()
def card(
    ctx: typer.Context,
    hooper: Annotated[
        str | None, typer.Argument(help="A hooper card (a known card by unique prefix).")
    ] = None,
    two: _stat_option("--2ps", "The card's 2 points shot stat.") = None,
    three: _stat_option("--3ps", "The card's 3 points shot stat.") = None,
    lup: _stat_option("--lup", "The card's lay-up stat.") = None,
    d2: _stat_option("--d2", "The card's D2 (defence of a 2PS).") = None,
    d3: _stat_option("--d3", "The card's D3 (defence of a 3PS).") = None,
    dlu: _stat_option("--dlu", "The card's DLU (defence of a lay-up).") = None,
    o: _stat_option("--o", "The card's O-stat.") = None,
    v: _stat_option("--v", "The card's V-stat.") = None,
    guards: Annotated[
        str | None,
        typer.Option("--guards", help="The positions its defence flags cover: PG,SG,…"),
    ] = None,
    stellar: Annotated[
        bool | None, typer.Option("--stellar/--not-stellar", help="The card's stellar mark.")
    ] = None,
    import_: Annotated[
        str | None,
        typer.Option("--import", help="A TOML or JSON file: a table per card of these fields."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Show or give the hooper cards' printed numbers (the rulebook prints none): remembered,
    a match's shot takes a stat or a defence not typed from them."""
    from companion.engine.errors import BadInput
    from companion.games.hoopers.table import HoopersTable

    table = HoopersTable(open_store(ctx))
    known = table.hooper_cards()
    typed = {"2ps": two, "3ps": three, "lup": lup, "d2": d2, "d3": d3, "dlu": dlu, "o": o,
             "v": v, "guards": guards, "stellar": stellar}  # fmt: skip
    fields = {k: val for k, val in typed.items() if val is not None}
    if import_ is not None:
        if hooper is not None or fields:
            raise BadInput("--import or one card's fields: one or the other")
        table.set_hooper_cards(_read_cards(import_))
    elif fields:
        if hooper is None:
            raise BadInput("which card? 'hoopers card HOOPER --2ps N …'")
        table.set_hooper_cards({_card(hooper, known): fields})
    known = table.hooper_cards()
    if hooper is not None:
        name = _card(hooper, known)
        known = {name: known[name]} if name in known else {}
    payload = {"cards": known}

    def render(out):
        if not known:
            out.print("No hooper card known yet: 'companion hoopers card HOOPER --2ps N …'.")
            return
        for name, entry in known.items():
            stats = " ".join(f"{k.upper()} {entry[k]}" for k in typed if k in entry and
                             k not in ("guards", "stellar"))  # fmt: skip
            flags = f" · guards {','.join(entry['guards'])}" if "guards" in entry else ""
            star = " · stellar" if entry.get("stellar") else ""
            out.print(f"  {name:<16} {stats}{flags}{star}", markup=False)

    emit(payload, json, render)


def _read_cards(path: str) -> dict[str, Any]:
    """A cards file: TOML (`["Muy Schillato"]` tables) or JSON ({name: {...}})."""
    import json as json_lib
    import tomllib
    from pathlib import Path

    from companion.engine.errors import BadInput

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise BadInput(f"cannot read {path}: {err.strerror}") from None
    try:
        doc = json_lib.loads(text) if path.endswith(".json") else tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as err:
        raise BadInput(f"{path} is not a cards file: {err}") from None
    if not isinstance(doc, dict):
        raise BadInput(f"{path}: a table per card, by the card's name")
    return doc


def _card(typed: str, catalogue: Any) -> str:
    """A card's name by unique prefix (accents aside) among the rulebook's cards and the
    catalogue's, else the name as typed (a new card)."""
    from companion.engine.errors import UnknownName
    from companion.engine.names import match_prefix
    from companion.games.hoopers.data import load
    from companion.games.hoopers.table import card_name

    cards = sorted({*load("game")["positions"], *catalogue})
    try:
        return match_prefix(card_name(typed), cards, what="hooper card")
    except UnknownName:
        return card_name(typed)


app.lazy("match", "companion.games.hoopers.cli.match:match_app")
app.lazy("series", "companion.games.hoopers.cli.series:app")
app.lazy("deck", "companion.games.hoopers.cli.deck:app")
app.lazy("play", "companion.cli.play:hoopers")
