"""Demo: a seeded Valley Hoopers Series, evening by evening, through the real engine and store."""

from __future__ import annotations

from rich.console import Console

from companion.engine.rng import TableRng
from companion.games.hoopers.rules.series import Chips, GameReport, Series
from companion.games.hoopers.rules.series_rules import SeriesRules
from companion.store import Store

TRIBES = ("Keepers", "Unleashed")
# `companion demo` shows these steps (command prefix, output lines); companion/demo/tour.py
TOUR = (("companion hoopers series record", 2), ("companion hoopers series status", 2))
TRY = ("companion hoopers series start --players Ana=Keepers,Ben=Unleashed",)


def _periods(rng: TableRng) -> tuple[tuple[int, int], ...]:
    periods = [(rng.randint(10, 26), rng.randint(10, 26)) for _ in range(4)]
    # Level after regulation: overtimes until someone leads.
    while sum(a for a, _ in periods) == sum(b for _, b in periods):
        periods.append((rng.randint(0, 12), rng.randint(0, 12)))
    return tuple(periods)


def _game(rng: TableRng, series: Series, rules: SeriesRules) -> GameReport:
    periods = _periods(rng)
    a, b = series.tribes
    return GameReport(
        scores={a: sum(p[0] for p in periods), b: sum(p[1] for p in periods)},
        periods=periods,
        chips={t: Chips(lv1=rng.randint(0, 3), lv2=rng.randint(0, 1)) for t in series.tribes},
        gameplan={t: rng.randint(0, rules.max_gameplan_milestones) for t in series.tribes},
        series_track=rng.choice(series.tribes),
        injured={rng.choice(series.tribes): ("Never Tired",)} if rng.randint(1, 4) == 1 else {},
    )


def _command(series: Series, game: GameReport) -> str:
    a, b = series.tribes
    parts = [f"--score {game.scores[a]}-{game.scores[b]}"]
    parts.append("--periods " + ",".join(f"{x}-{y}" for x, y in game.periods))
    parts += [f"--chips {t}:lv1={c.lv1},lv2={c.lv2}" for t, c in game.chips.items()]
    parts += [f"--gameplan {t}:{n}" for t, n in game.gameplan.items()]
    parts += [f"--injured '{t}:{h[0]}'" for t, h in game.injured.items()]
    parts.append(f"--series-track {game.series_track}")
    return "$ companion hoopers series record " + " ".join(parts)


def run(out: Console, store: Store, seed: int) -> None:
    from companion.games.hoopers.series_render import render_rewards, render_status
    from companion.games.hoopers.series_table import SeriesTable

    table = SeriesTable(store)
    rules = table.rules
    rng = TableRng(seed)
    out.print(f"$ companion hoopers series start --players Ann=Keepers,Bob=Unleashed --seed {seed}")
    status = table.start(
        TRIBES,
        home=rng.choice(TRIBES),
        name="Demo series",
        seed=seed,
        managers=[f"Ann={TRIBES[0]}", f"Bob={TRIBES[1]}"],
    )
    series = status.state.series
    out.print(f"  series {series.id}: {series.home_tribe} drawn to be home in game 1")
    while (number := series.next_game(rules)) is not None:
        setup = series.setup_for(number, rules)
        out.print(
            f"[bold]Evening {number}[/bold]: $ companion hoopers series next → "
            f"{setup.home} home ({rules.home_coach_tokens} coach tokens, "
            f"{rules.home_hot_zone_hoopers} hoopers hot), {setup.away} away "
            f"({rules.away_cold_zone_hoopers} hoopers cold, free throws on basic 2PS); "
            f"gameplans GAME {setup.gameplan_pair}"
            + (f"; Susan Peg joins {setup.susan_peg}" if setup.susan_peg else "")
        )
        for tribe, hoopers in setup.starts_injured.items():
            if hoopers:
                out.print(
                    f"  {tribe}: {', '.join(hoopers)} start with "
                    f"{rules.injury_cubes_next_game} injury cubes"
                )
        game = _game(rng, series, rules)
        out.print(_command(series, game))
        status = table.record_game(game)
        series = status.state.series
        earned = status.state.rewards(number)
        if number == 1:
            render_rewards(out, series, earned, rules)
            continue
        strength = earned.strength
        out.print(
            f"  {earned.winner} by {earned.margin}; Strength marker → "
            f"{strength.to or 'nobody (back into the deck)'}; "
            + "; ".join(
                f"{t} takes {r.hooper_upgrades} hooper / {r.action_upgrades} action / "
                f"{r.exchange.position_upgrades} position upgrades"
                for t, r in earned.tribes.items()
            )
        )
    out.print("$ companion hoopers series status")
    render_status(out, status)
    out.print("The series and each of its games are in 'companion history list'.")
