"""Demo: Valley Hoopers resolutions with their working, exact odds, and a seeded match."""

from __future__ import annotations

from rich.console import Console

from companion.engine.events import event
from companion.engine.rng import TableRng
from companion.games.hoopers import render as ui
from companion.games.hoopers.rules.counters import CounterSpec, resolve_counter
from companion.games.hoopers.rules.match import tribe_roster
from companion.games.hoopers.rules.odds import shot_odds
from companion.games.hoopers.rules.shots import ShotSpec, resolve_shot
from companion.games.hoopers.table import HoopersTable
from companion.store import Store

# `companion demo` shows these steps (command prefix, output lines); companion/demo/tour.py
TOUR = (("companion hoopers shot ", 4), ("companion hoopers match start", 2),
        ("companion hoopers match status", 3))  # fmt: skip
TRY = ("companion hoopers odds 2ps --stat 55 --bonus 25 --defense 30",)


def _shot(table: HoopersTable, out: Console, team: str, hooper: str, spec: dict, defender=None):
    flags = [f"--stat {spec['stat']}", *(f"--bonus {b}" for b in spec.get("bonuses", []))]
    if defender:
        flags.append(f"--defense {spec['defense']} --defender {defender.split()[0]}")
    if "ft_stat" in spec:
        flags.append(f"--ft-stat {spec['ft_stat']}")
    out.print(
        f"$ companion hoopers match shot {team} {spec['kind']} --hooper {hooper.split()[0]} "
        + " ".join(flags)
    )
    recorded = table.record(event("shot", team=team, hooper=hooper, defender=defender, spec=spec))
    ui.render_shot(out, recorded.outcome, who=f"{hooper} ({team}): ")
    ui.render_notes(out, recorded.status.state.notes)


def _turn(table: HoopersTable, out: Console) -> None:
    out.print("$ companion hoopers match turn")
    ui.render_notes(out, table.record(event("turn")).status.state.notes)


def run(out: Console, store: Store, seed: int) -> None:
    rng = TableRng(seed)
    out.print(
        "$ companion hoopers shot 3ps --stat 70 --bonus 15 --defense 30  (the rulebook's Muy)"
    )
    ui.render_shot(out, resolve_shot(ShotSpec("3ps", 70, (15,), 30), rng=rng))
    out.print("$ companion hoopers odds 3ps --stat 70 --bonus 15 --defense 30 --ft-stat 60")
    ui.render_odds(out, shot_odds(ShotSpec("3ps", 70, (15,), 30, ft_stat=60)).to_json(), "3ps")
    out.print("$ companion hoopers counter steal --o 40 --v 55 --position PF")
    ui.render_counter(out, resolve_counter(CounterSpec("steal", 40, 55, "PF"), rng=rng))

    table = HoopersTable(store)
    if table.live() is not None:
        out.print("(a hoopers match is already live in this database; the match demo is skipped)")
        return
    out.print(
        "$ companion hoopers match start --home Lucy --away Karl "
        "--home-tribe unleashed --away-tribe keepers --variant fast"
    )
    started = table.start(
        "Lucy",
        "Karl",
        rosters={"Lucy": tribe_roster("unleashed"), "Karl": tribe_roster("keepers")},
        variant="fast",
        seed=seed,
    )
    ui.render_notes(out, started.state.notes)
    for _ in range(2):
        if table.status().state.attacking == "Lucy":
            spec = {"kind": "3ps", "stat": 70, "bonuses": [15], "defense": 30, "ft_stat": 60}
            _shot(table, out, "Lucy", "Muy Schillato", spec, defender="Edd Trapp")
        else:
            spec = {"kind": "2ps", "stat": 55, "bonuses": [25], "defense": 30}
            _shot(table, out, "Karl", "Chus Kinder", spec, defender="Dime N'Shons")
        _turn(table, out)
    out.print("$ companion hoopers match status")
    ui.render_status(out, table.status())
    table.abandon()
    out.print(f"  (demo match {started.id} set aside as abandoned; see 'companion history list')")
