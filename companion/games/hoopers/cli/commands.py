"""`companion hoopers`: Valley Hoopers resolutions, exact odds and a tracked match.

Each command parses, asks the rules (which options a resolution takes is theirs:
rules/options.py) or the table, and emits.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

from companion.cli.common import JsonOption, SeedOption, emit, made_on_use, new_app, open_store
from companion.engine.rng import TableRng

app = new_app("Valley Hoopers: shots, fouls, counters, blocks, free throws, odds, matches.")


def arg(help: str, kind: Any = str, **more: Any) -> Any:
    """An argument of the game's commands, declared once: `Annotated[kind, typer.Argument]`."""
    return Annotated[kind, typer.Argument(help=help, **more)]


def opt(*flags: str, help: str, kind: Any = int | None, **more: Any) -> Any:
    """An option of the game's commands, declared once: `Annotated[kind, typer.Option]`."""
    return Annotated[kind, typer.Option(*flags, help=help, **more)]


def text(*flags: str, help: str, **more: Any) -> Any:
    """A text option (None when not given)."""
    return opt(*flags, help=help, kind=str | None, **more)


def texts(*flags: str, help: str, **more: Any) -> Any:
    """A repeatable text option (None when not given)."""
    return opt(*flags, help=help, kind=list[str] | None, **more)


def flag(*flags: str, help: str, **more: Any) -> Any:
    """An on/off option (off when not given)."""
    return opt(*flags, help=help, kind=bool, **more)


# --- options shared by the commands ------------------------------------------

# Made when a command naming one (`shared.Kind`) is built, not on import: a command takes a
# few, and each costs 0.16 M instructions (companion.cli.common.made_on_use).
# fmt: off
_OPTIONS: dict[str, Callable[[], Any]] = {
    "Kind": lambda: arg("2ps, 3ps or lup.", show_default=False),
    "Stat": lambda: opt("--stat", help="The hooper's attack stat for this shot.", kind=int),
    "Bonus": lambda: opt("--bonus", kind=list[int] | None, help="A bonus (repeatable): "
                         "+15 dribble, +15 rebound, chips; negative for maluses."),
    "Defense": lambda: opt("--defense",
                           help="The defender's D2/D3/DLU; given, the foul die is rolled."),
    "Face": lambda: text("--face", help="The foul die face the table rolled."),
    "Roll": lambda: opt("--roll", help="The d20 result the table rolled."),
    "FtStat": lambda: opt("--ft-stat",
                          help="The shooter's 2PS for free throws (default: --stat on 2ps)."),
    "FtRoll": lambda: opt("--ft-roll", help="A free throw d20 result (repeatable).",
                          kind=list[int] | None),
    "Away": lambda: flag("--away", help="Series away side: free throws use the basic 2PS."),
    "Flagrant": lambda: flag("--flagrant-whistle", help="Second use of a card under the "
                             "Unleashed power: a whistle is a flagrant foul."),
    "NoFoulBonus": lambda: flag("--no-foul-bonus", help="Sin Miedo: a foul on him gives no bonus."),
    "KeepersBlock": lambda: flag("--keepers-block",
                                 help="Keepers tribe power block: jump ball is a foul."),
    "Linda": lambda: flag("--linda", help="Linda Siempre defends: her whistle is no foul (a "
                          "defence keeps the bonus, a block reads it as jump ball) and the "
                          "attacker takes the white cube."),
    "OStat": lambda: opt("--o", help="The countering hooper's O-stat."),
    "VStat": lambda: opt("--v", help="The countering hooper's V-stat."),
    "Position": lambda: text("--position", help="The attacker's Position token (PG SG SF PF C)."),
    "TeamFouls": lambda: opt("--team-fouls", kind=int, help="The countering (or blocking) "
                             "team's fouls this period so far."),
    "NoFoulDie": lambda: flag("--no-foul-die", help="Manny Gentle: no foul die when countering."),
    # `--stat`, the name a shot's stat goes by, read as the stat a counter reads (or refused,
    # saying which to give): hidden, --o and --v are the counter's own names.
    "CounterStat": lambda: opt("--stat", help="The stat the counter reads (--o or --v).",
                               hidden=True),
}
# fmt: on
__getattr__ = made_on_use(globals(), _OPTIONS)
shared = sys.modules[__name__]  # this module, as its commands' annotations name its options


def given(ctx: typer.Context) -> Any:
    """The command's options as the rules read them (rules/options.py: Given): each
    visible option's flag, the ones typed (not their default), every value."""
    from companion.games.hoopers.rules.options import Given

    options = [p for p in ctx.command.params if p.param_type_name == "option" and not p.hidden]
    typed = frozenset(p.name for p in options if _typed(ctx.params.get(p.name), p.default))
    return Given({p.name: p.opts[0] for p in options}, typed, dict(ctx.params))


def _typed(value: Any, default: Any) -> bool:
    return value not in (None, False, [], ()) and value != default


def check_roll(roll: int | None) -> int | None:
    from companion.games.hoopers.rules.dice import parse_d20

    return None if roll is None else parse_d20(roll)


def check_face(face: str | None) -> str | None:
    from companion.games.hoopers.rules.dice import parse_d8

    return None if face is None else parse_d8(face)


def emit_view(payload: dict[str, Any], json: bool, view: str, *args: Any, **kwargs: Any) -> None:
    """`payload`, or drawn by the renderer `view` of render.py (with `args`), or of another
    of the game's modules ("series_render.render_setup")."""

    def render(out: Any) -> None:
        from importlib import import_module

        module, _, name = view.rpartition(".")
        views = import_module(f"companion.games.hoopers.{module or 'render'}")
        getattr(views, name)(out, *args, **kwargs)

    emit(payload, json, render)


# --- stateless resolutions ---------------------------------------------------


@app.command()
def shot(
    ctx: typer.Context,
    kind: shared.Kind,
    stat: shared.Stat,
    bonus: shared.Bonus = None,
    defense: shared.Defense = None,
    face: shared.Face = None,
    roll: shared.Roll = None,
    ft_stat: shared.FtStat = None,
    ft_roll: shared.FtRoll = None,
    away: shared.Away = False,
    flagrant_whistle: shared.Flagrant = False,
    no_foul_bonus: shared.NoFoulBonus = False,
    linda: shared.Linda = False,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Resolve a shot: target, foul die (when defended), d20, free throws."""
    from companion.games.hoopers.rules.options import shot_given, unused_roll
    from companion.games.hoopers.rules.shots import parse_kind, resolve_shot

    spec, rng = shot_given(given(ctx), parse_kind(kind)), TableRng(seed)
    outcome = resolve_shot(
        spec, face=check_face(face), roll=check_roll(roll), ft_rolls=ft_roll or (), rng=rng
    )
    notes = unused_roll(outcome, roll)
    payload = {**outcome.to_json(), "notes": notes, "seed": rng.seed}
    emit_view(payload, json, "render_shot", outcome, notes=notes)


@app.command()
def foul(
    action: arg("screen, steal, intercept, rebound, d2, d3, dlu or block."),
    face: shared.Face = None,
    keepers_block: shared.KeepersBlock = False,
    linda: shared.Linda = False,
    flagrant_whistle: shared.Flagrant = False,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Read the foul die for an action (the rulebook's foul summary table)."""
    from companion.games.hoopers.rules.dice import D8
    from companion.games.hoopers.rules.fouls import parse_action, read_foul_die

    name, checked, rng = parse_action(action), check_face(face), TableRng(seed)
    face = checked or rng.roll(D8)
    flags = {"keepers_block": keepers_block, "linda": linda, "flagrant_whistle": flagrant_whistle}
    reading = read_foul_die(name, face, **flags)
    emit_view({**reading.to_json(), "seed": rng.seed}, json, "render_foul", reading)


@app.command()
def counter(
    ctx: typer.Context,
    kind: Annotated[str, typer.Argument(help="steal, intercept or rebound.")],
    o: shared.OStat = None,
    v: shared.VStat = None,
    position: shared.Position = None,
    face: shared.Face = None,
    roll: shared.Roll = None,
    team_fouls: shared.TeamFouls = 0,
    no_foul_die: shared.NoFoulDie = False,
    flagrant_whistle: shared.Flagrant = False,
    stat: shared.CounterStat = None,
    susan_peg: flag(
        "--susan-peg",
        help="Susan Peg's rebound (The Series): no foul → her undefended lay-up with --v.",
    ) = False,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Resolve a steal, intercept or offensive rebound: foul die, O or V, d20."""
    from companion.games.hoopers.rules.counters import parse_counter
    from companion.games.hoopers.rules.options import counter_given, counter_outcome

    name, rng = parse_counter(kind), TableRng(seed)
    options = counter_given(given(ctx), name)
    outcome = counter_outcome(options, name, check_face(face), check_roll(roll), rng)
    view = "series_render.render_susan_peg_rebound" if susan_peg else "render_counter"
    emit_view({**outcome.to_json(), "seed": rng.seed}, json, view, outcome)


@app.command()
def block(
    ctx: typer.Context,
    face: shared.Face = None,
    against: text(
        "--against",
        help="What is blocked: a shot (2ps, 3ps, lup) or, by a boosted counter, "
        "a steal or intercept.",
    ) = None,
    keepers_block: shared.KeepersBlock = False,
    linda: shared.Linda = False,
    team_fouls: shared.TeamFouls = 0,
    ft_stat: opt("--ft-stat", help="The shooter's 2PS, to resolve free throws.") = None,
    ft_roll: shared.FtRoll = None,
    away: shared.Away = False,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Resolve a block: foul, restart from F2, restart from A, or blocked."""
    from companion.games.hoopers.rules.blocks import resolve_block
    from companion.games.hoopers.rules.options import block_given

    options, rng = block_given(given(ctx)), TableRng(seed)
    outcome = resolve_block(face=check_face(face), rng=rng, **options)
    emit_view({**outcome.to_json(), "seed": rng.seed}, json, "render_block", outcome, ft_stat, away)


@app.command("free-throw")
def free_throw(
    stat: opt("--stat", help="The shooter's 2PS.", kind=int),
    away: shared.Away = False,
    roll: shared.Roll = None,
    defense: opt("--defense", help="Refused: never defended.", hidden=True) = None,
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
    payload = {**ft.to_json(), "points": 1 if ft.made else 0, "seed": rng.seed}
    emit_view(payload, json, "render_free_throw", ft, stat, away)


@app.command()
def odds(
    ctx: typer.Context,
    kind: arg(
        "2ps, 3ps, lup, steal, intercept or rebound (omit with --target).", str | None
    ) = None,
    target: opt("--target", help="Just a d20 target: P(roll ≤ target).") = None,
    stat: opt("--stat", help="The attack stat.") = None,
    bonus: shared.Bonus = None,
    defense: shared.Defense = None,
    face: text("--face", help="Take the foul die as already rolled.") = None,
    ft_stat: shared.FtStat = None,
    away: shared.Away = False,
    flagrant_whistle: shared.Flagrant = False,
    no_foul_bonus: shared.NoFoulBonus = False,
    linda: shared.Linda = False,
    o: shared.OStat = None,
    v: shared.VStat = None,
    position: shared.Position = None,
    team_fouls: shared.TeamFouls = 0,
    no_foul_die: shared.NoFoulDie = False,
    json: JsonOption = False,
) -> None:
    """Exact odds of scoring (or of a counter), over every foul die and d20 face."""
    from companion.games.hoopers.rules.options import odds_of

    result, title = odds_of(given(ctx), check_face(face))
    payload = result.to_json()
    emit_view(payload, json, "render_odds", payload, title)


# --- the table's catalogues and settings --------------------------------------


HooperCard = arg("A hooper card (a known card by unique prefix).", str | None)


def _table(ctx: typer.Context) -> Any:
    from companion.games.hoopers.table import HoopersTable

    return HoopersTable(open_store(ctx))


@app.command()
def markers(
    ctx: typer.Context,
    set_: text("--set", help="Your pile of eight injury markers, comma separated.") = None,
    reset: flag("--reset", help="Back to the default pile.") = False,
    json: JsonOption = False,
) -> None:
    """Show or set the injury marker pile new matches draw from."""
    payload = _table(ctx).marker_pile_typed(set_, reset)
    emit_view(payload, json, "render_markers", payload)


@app.command()
def reminders(
    ctx: typer.Context,
    turn: arg(
        "off: no reminders until tomorrow morning; on: back now (default: show).",
        str | None,
        metavar="[on|off]",
    ) = None,
    json: JsonOption = False,
) -> None:
    """Show or set whether guided play reminds of the Keepers' face-down card and the LV.1
    chip (asked only when they can matter); off lasts for the evening."""
    from datetime import datetime

    payload = _table(ctx).reminders_typed(turn, datetime.now().astimezone())
    emit_view(payload, json, "render_reminders", payload)


@app.command()
def energy(
    ctx: typer.Context,
    hooper: HooperCard = None,
    value: arg("The energy printed on the card.", int | None, show_default=False) = None,
    forget: flag("--forget", help="Forget the table's number for this card.") = False,
    json: JsonOption = False,
) -> None:
    """Show or set each hooper card's printed energy (the rulebook prints none): remembered,
    new matches track the energy of every card known here."""
    known = _table(ctx).card_energies_typed(hooper, value, forget)
    emit_view({"energy": known}, json, "render_card_energies", known)


@app.command()
def card(
    ctx: typer.Context,
    hooper: HooperCard = None,
    two: opt("--2ps", help="The card's 2 points shot stat.") = None,
    three: opt("--3ps", help="The card's 3 points shot stat.") = None,
    lup: opt("--lup", help="The card's lay-up stat.") = None,
    d2: opt("--d2", help="The card's D2 (defence of a 2PS).") = None,
    d3: opt("--d3", help="The card's D3 (defence of a 3PS).") = None,
    dlu: opt("--dlu", help="The card's DLU (defence of a lay-up).") = None,
    o: opt("--o", help="The card's O-stat.") = None,
    v: opt("--v", help="The card's V-stat.") = None,
    guards: text("--guards", help="The positions its defence flags cover: PG,SG,…") = None,
    stellar: opt(
        "--stellar/--not-stellar", help="The card's stellar mark.", kind=bool | None
    ) = None,
    import_: text("--import", help="A TOML or JSON file: a table per card of these fields.") = None,
    json: JsonOption = False,
) -> None:
    """Show or give the hooper cards' printed numbers (the rulebook prints none): remembered,
    a match's shot takes a stat or a defence not typed from them."""
    typed = {"2ps": two, "3ps": three, "lup": lup, "d2": d2, "d3": d3, "dlu": dlu, "o": o,
             "v": v, "guards": guards, "stellar": stellar}  # fmt: skip
    fields = {k: val for k, val in typed.items() if val is not None}
    known = _table(ctx).hooper_cards_typed(hooper, fields, import_)
    emit_view({"cards": known}, json, "render_cards", known)


app.lazy("match", "companion.games.hoopers.cli.match:match_app")
app.lazy("series", "companion.games.hoopers.cli.series:app")
app.lazy("deck", "companion.games.hoopers.cli.deck:app")
app.lazy("play", "companion.cli.play:hoopers")
