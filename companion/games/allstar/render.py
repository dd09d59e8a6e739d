"""Drawing All-Star Draft results: the working, the rule applied, and what is unconfirmed.

Every renderer takes the typed answer the table gave (`companion.games.allstar.rules.results`,
the season's outcomes, its `Status`); `--json` prints the same objects' `to_json()`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from companion.ui.console import Table, plain

if TYPE_CHECKING:
    from rich.console import Console

    from companion.games.allstar.rules.arenas import Arena
    from companion.games.allstar.rules.playoffs import (
        Aftermath,
        ConfrontationOutcome,
        Penalty,
        ShootoutStep,
        SwapOutcome,
    )
    from companion.games.allstar.rules.ranking import Ranking
    from companion.games.allstar.rules.results import (
        ArenaAdded,
        BestResult,
        PowerResult,
        RankResult,
        Settings,
        SetupResult,
        ShootoutResult,
    )
    from companion.games.allstar.rules.season import (
        ArenasPlaced,
        BusChosen,
        CardSwapped,
        RoundResult,
        Season,
        TeamPlaced,
    )
    from companion.games.allstar.rules.shootout import ShootoutOutcome
    from companion.games.allstar.rules.teams import TeamStrength
    from companion.games.allstar.table import SeasonEnded, SeasonStarted
    from companion.tables.base import Status


ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return ORDINAL.get(n, f"{n}th")


def note_unconfirmed(out: Console, keys: Sequence[str]) -> None:
    for key in keys:
        out.print(
            f"[yellow]note:[/yellow] this relies on the default {key} order, not confirmed from "
            f"your box (see 'companion allstar config show')"
        )


def strength_line(s: TeamStrength) -> str:
    combo = f"{s.combo} (beats any Power here); " if s.combo else ""
    return (
        f"{combo}Power {s.power}: {s.power} card{'s' if s.power != 1 else ''} share "
        f"{s.criterion} {s.value} ({s.medal} criterion)"
    )


def render_setup(out: Console, setup: SetupResult) -> None:
    plan = setup.plan
    managers = plan.managers
    out.print(
        f"[bold]{len(managers)} managers[/bold] (seating, clockwise): {plain(', '.join(managers))}"
    )
    out.print(f"Draft: {plan.mode} — {plan.draft_rule}", markup=False)
    per = len(plan.species)
    species = ", ".join(plan.species)
    out.print(
        f"Species ({per}): {species} → draw pile {per} × 9 = {plan.draw_pile} cards", markup=False
    )
    tickets = sorted(set(plan.tickets.values()))
    out.print(
        "Play-Off tickets: "
        + (
            f"{tickets[0]} each"
            if tickets and tickets[0]
            else f"none with {len(managers)} managers"
        ),
        markup=False,
    )
    out.print(f"Tie-Breaker cards: the {plan.tiebreaker_face} face up", markup=False)
    if plan.arena_reminder:
        out.print(f"Two managers: {plan.arena_reminder}", markup=False)
    elif plan.removed_arenas:
        out.print(f"Remove for two managers: {', '.join(plan.removed_arenas)}", markup=False)
    for r in plan.rounds:
        chooser = f"; first chooser {r.first_chooser}" if r.first_chooser else ""
        deal = f"deal {r.deal} each, " if r.deal else ""
        passing = f"pass {r.direction} ({r.passing})"
        out.print(f"Round {r.round}: {r.arenas} arena(s); {deal}{passing}{chooser}", markup=False)
    out.print(f"[dim]seed {setup.seed}[/dim]")
    note_unconfirmed(out, [k for k in setup.unconfirmed if k != "species"])
    if "species" in setup.unconfirmed:
        out.print(
            "[yellow]note:[/yellow] the species names are defaults, not confirmed from your "
            "box; set yours with 'companion allstar config set species ...'"
        )


def render_started(out: Console, started: SeasonStarted) -> None:
    out.print(f"All-Star Draft game {started.status.id} started.", markup=False)
    render_setup(out, started.setup)
    state = started.status.state
    if state.deck:
        arenas = (
            f"and the Arena deck ({len(state.arena_deck)} arenas of the catalogue)"
            if state.arena_deck
            else "(the Arena deck stays the table's: name each round's arenas)"
        )
        out.print(
            f"The companion holds the decks: the Hockey Player pile ({len(state.pile)} cards) "
            f"{arenas}, shuffled.",
            markup=False,
        )
        out.print(
            "note: the rulebook does not print which card carries which Symbol: type it when "
            "you pick the card (e.g. duc-4-puck)",
            markup=False,
        )


def render_power(out: Console, p: PowerResult) -> None:
    out.print(f"Team: {' '.join(str(c) for c in p.strength.cards)}", markup=False)
    out.print(strength_line(p.strength))
    out.print(
        f"Tie-breaker with {p.managers} managers: {p.strength.criterion} is {p.strength.medal}; "
        f"a team with several groups of its Power counts its best one",
        markup=False,
    )
    note_unconfirmed(out, p.unconfirmed)


def render_rank(out: Console, p: RankResult) -> None:
    render_ranking(out, p.ranking, p.config.unconfirmed(p.ranking.orders_relied_on))


def render_ranking(out: Console, ranking: Ranking, unconfirmed: Sequence[str] = ()) -> None:
    arena = ranking.arena
    if arena:
        out.print(
            f"[bold]{plain(arena.name)}[/bold]: "
            + ", ".join(f"{ordinal(i)} {pts}" for i, pts in enumerate(arena.points, 1))
        )
    table = Table(box=None, header_style="bold")
    for column in ("rank", "manager", "power", "group", "medal", "supporters"):
        table.add_column(column)
    ranks = [p.rank for p in ranking.placings]
    for p in ranking.placings:
        s = p.strength
        shared = "=" if ranks.count(p.rank) > 1 else ""
        combo = f" + {s.combo}" if s.combo else ""
        table.add_row(
            f"{shared}{ordinal(p.rank)}",
            p.manager,
            f"{s.power}{combo}",
            f"{s.criterion} {s.value}",
            s.medal,
            "" if p.points is None else f"+{p.points}",
        )
    out.print(table)
    for comparison in ranking.comparisons:
        out.print(f"  {comparison.text}", markup=False)
    if any(ranks.count(r) > 1 for r in ranks):
        out.print("  Tied teams share the rank and its points; the next rank is skipped.")
    note_unconfirmed(out, unconfirmed)


def render_shot(out: Console, shot: ShootoutOutcome, unconfirmed: Sequence[str] = ()) -> None:
    for manager in shot.order:
        out.print(f"  {manager}: {shot.cards[manager]}", markup=False)
    for line in shot.explanation():
        out.print(f"  {line}", markup=False)
    out.print(f"{shot.winner} wins the Penalty Shot; {shot.loser} loses it.", markup=False)
    note_unconfirmed(out, unconfirmed)


def render_shootout(out: Console, p: ShootoutResult) -> None:
    render_shot(out, p.outcome, p.unconfirmed)


def render_best(out: Console, p: BestResult) -> None:
    team, runner = p.found.best, p.found.runner_up
    out.print(f"Best team: {' '.join(str(c) for c in team.cards)}", markup=False)
    out.print(f"  {strength_line(team)}", markup=False)
    out.print(f"  Bench: {' '.join(str(c) for c in p.bench)}", markup=False)
    if p.found.equally_strong > 1:
        out.print(
            f"  {p.found.equally_strong} of {p.found.considered} choices are as strong.",
            markup=False,
        )
    if runner:
        out.print(f"Runner-up: {' '.join(str(c) for c in runner.cards)}", markup=False)
        out.print(f"  {strength_line(runner)}", markup=False)
    note_unconfirmed(out, p.unconfirmed)


def render_arenas(out: Console, arenas: Sequence[Arena]) -> None:
    if not arenas:
        out.print("No arenas yet: add them with 'companion allstar arena add NAME --points ...'.")
    for arena in arenas:
        rules = f" [{', '.join(sorted(arena.rules))}]" if arena.rules else ""
        row = ", ".join(f"{ordinal(i)} {pts}" for i, pts in enumerate(arena.points, 1))
        out.print(f"{arena.name}: {row}{rules}", markup=False)


def render_arena_added(out: Console, added: ArenaAdded) -> None:
    arena = added.arena
    out.print(
        f"{'Updated' if added.replaced else 'Added'} arena {arena.name}: "
        + ", ".join(f"{i}. {p}" for i, p in enumerate(arena.points, 1))
        + (f" [{', '.join(sorted(arena.rules))}]" if arena.rules else "")
    )


def render_config(out: Console, settings: Settings) -> None:
    out.print("All-Star Draft table settings (each list weakest first):")
    for key, setting in settings.to_json()["settings"].items():
        label = "confirmed" if setting["status"] == "confirmed" else "[yellow]default[/yellow]"
        values = plain(", ".join(str(v) for v in setting["value"]))
        out.print(f"  {key} ({label}): {values}")
    row = settings.playoff_points
    out.print(
        "  playoff-points: "
        + (
            ", ".join(f"{ordinal(i)} {v}" for i, v in enumerate(row, 1)) if row else "not known yet"
        ),
        markup=False,
    )


def fan_zone(
    out: Console, scores: Mapping[str, int], gained: Mapping[str, int] | None = None
) -> None:
    width = max(len(m) for m in scores)
    for manager, total in scores.items():
        bar = "█" * min(total, 60)
        if gained:
            before = total - gained[manager]
            line = f"  {manager:<{width}} {before:>3} + {gained[manager]:>2} = {total:>3} {bar}"
            out.print(line, markup=False)
        else:
            out.print(f"  {manager:<{width}} {total:>3} {bar}", markup=False)


# --- the tracked season --------------------------------------------------------


def render_placed_arenas(out: Console, placed: ArenasPlaced, status: Status[Season]) -> None:
    out.print(f"Round {placed.round} arenas, Bus 1 at the top:", markup=False)
    render_arenas(out, placed.arenas)
    if status.state.phase == "draft":
        hand = len(status.state.hand(status.state.managers[0]))
        out.print(f"Dealt {hand} cards to each manager. Next: {status.next}", markup=False)


def render_team(out: Console, placed: TeamPlaced, status: Status[Season]) -> None:
    from companion.games.allstar.rules.teams import power

    cards = " ".join(str(c) for c in placed.cards)
    which = "" if placed.team in ("new", "typed") else f" (team of {placed.team})"
    swap = f", {placed.swap[0]} swapped for {placed.swap[1]}" if placed.swap else ""
    out.print(
        f"Bus {placed.bus}: {cards} (Power {power(placed.cards)}){which}{swap}.", markup=False
    )
    _still_to_come(out, status)


def _still_to_come(out: Console, status: Status[Season]) -> None:
    missing = status.state.missing_teams()
    out.print(
        f"Still to come: {', '.join(missing)}." if missing else "All teams in: 'resolve'.",
        markup=False,
    )


def render_card_swap(out: Console, swap: CardSwapped, status: Status[Season]) -> None:
    from companion.games.allstar.rules.teams import power

    out.print(
        f"{swap.manager}'s team of {swap.team}: {swap.out} out, {swap.into} in → "
        f"{' '.join(str(c) for c in swap.cards)} (Power {power(swap.cards)}), Bus {swap.bus}.",
        markup=False,
    )
    _still_to_come(out, status)


def render_bus(out: Console, chosen: BusChosen, status: Status[Season]) -> None:
    what = "new team" if chosen.team == "new" else f"team of {chosen.team}"
    out.print(f"{chosen.manager}'s {what} travels on Bus {chosen.bus}.", markup=False)
    render_lineup(out, status.state, chosen.manager)


def render_lineup(out: Console, season: Season, manager: str) -> None:
    """A manager's teams this round, Bus by Bus (the new team once given)."""
    from companion.games.allstar.rules.teams import power

    mine = season.in_play[manager] if season.carries else None
    for bus, cards in season.lineups().get(manager, {}).items():
        what = ""
        if mine is not None:
            index = mine.buses()[bus]
            what = "new team" if index == mine.new_index else f"team of round {index + 1}"
            if index in mine.swaps:
                out_card, in_card = mine.swaps[index]
                what += f", {out_card} → {in_card}"
            what = f"; {what}"
        team = " ".join(str(c) for c in cards)
        out.print(f"  {manager} Bus {bus}: {team} (Power {power(cards)}{what})", markup=False)


def render_round(out: Console, result: RoundResult, status: Status[Season]) -> None:
    config = result.config
    out.print(f"[bold]Round {result.round}[/bold]")
    for bus, ranking in enumerate(result.rankings, 1):
        out.print(f"Bus {bus}:", markup=False)
        render_ranking(out, ranking, config.unconfirmed(ranking.orders_relied_on) if config else ())
    out.print("Fan Zone:")
    fan_zone(out, status.state.scores, result.gained)


def render_status(out: Console, status: Status[Season]) -> None:
    """The scoreboard: round and phase, the Fan Zone, tickets, the Play-Offs, what is next."""
    season = status.state
    where = f"round {season.round}" if season.round <= 3 else "Play-Offs"
    out.print(f"[bold]All-Star Draft {status.id}[/bold] — {where}, {plain(season.phase)}")
    arenas = season.arenas.get(season.round, ())
    if arenas:
        render_arenas(out, arenas)
    missing = season.missing_teams() if season.phase == "teams" else []
    if season.carries and 1 < season.round <= 3:
        out.print("Teams in play:")
        for manager in season.managers:
            render_lineup(out, season, manager)
    if missing:
        out.print(f"Teams still to come: {', '.join(missing)}", markup=False)
    if season.first_chooser():
        out.print(chooser_line(season), markup=False)
    out.print("Fan Zone:")
    if season.playoffs is not None:
        fan_zone(out, season.totals(), season.playoff_scores())
        render_playoff_state(out, status)
    else:
        fan_zone(out, season.totals())
        tickets = season.setup["tickets"]
        if any(tickets.values()):
            out.print(
                "Play-Off tickets: " + ", ".join(f"{m} {n}" for m, n in tickets.items()),
                markup=False,
            )
    winner = status.detail.get("winner")
    if winner:
        out.print(f"[bold]{plain(winner)} wins.[/bold]")


def render_playoff_state(out: Console, status: Status[Season]) -> None:
    from companion.games.allstar.rules.teams import power

    playoffs = status.state.playoffs
    assert playoffs is not None
    active = playoffs.active
    tickets = ", ".join(f"{m} {n}" for m, n in playoffs.tickets.items() if m in active)
    out.print(f"Play-Offs: in {', '.join(active)}; tickets {tickets}", markup=False)
    out.print(
        "Cards in hand: " + ", ".join(f"{m} {playoffs.hand[m]}" for m in active), markup=False
    )
    for manager in active:
        team = playoffs.teams.get(manager)
        sub = playoffs.pending.get(manager)
        if team and sub and sub.named:
            outs = {c.identity for c in sub.out}
            nxt = tuple(c for c in team if c.identity not in outs) + sub.into
            out.print(
                f"  {manager} next: {' '.join(map(str, nxt))} (Power {power(nxt)}; "
                f"{' '.join(map(str, sub.out))} out)",
                markup=False,
            )
    for e in playoffs.eliminated:
        out.print(
            f"  out: {e.manager} ({e.reason}) — {ordinal(e.place)}, +{e.points}", markup=False
        )
    stage = playoffs.stage
    if stage == "shootout":
        out.print(f"Next: 'playoff shootout' for {' and '.join(playoffs.tied)}", markup=False)
    elif stage == "swap":
        out.print(
            "Next: 'playoff swap NAME --out CARDS --in CARDS' (2 to 4 cards) for "
            f"{', '.join(playoffs.waiting_for)}",
            markup=False,
        )
    elif stage == "team":
        needed = playoffs.teams_needed()
        if len(needed) == len(active):
            out.print("Next: 'playoff round' with every remaining team")
        elif needed:
            out.print(
                f"Next: 'playoff round' with the teams of {', '.join(needed)} (the others "
                "follow from their substitutions)",
                markup=False,
            )
        else:
            out.print("Next: 'playoff round' (every team follows from its substitution)")
    else:
        out.print("Play-Offs over: 'season end' to finish the game")


def _aftermath(out: Console, after: Aftermath | None) -> None:
    if not after:
        return
    for e in after.eliminated:
        out.print(
            f"{e.manager} is eliminated ({e.reason}): {ordinal(e.place)} place, "
            f"+{e.points} Supporters",
            markup=False,
        )
    if after.champion:
        bonus = f" + {after.ticket_bonus} for leftover tickets" if after.ticket_bonus else ""
        out.print(
            f"[bold]{plain(after.champion)} wins the Play-Offs[/bold]: "
            f"+{after.champion_points}{bonus}"
        )


def _penalty(out: Console, penalty: Penalty | None) -> None:
    if penalty and penalty.ticket_used:
        out.print(
            f"{penalty.manager} discards a Play-Off ticket ({penalty.tickets_left} left)",
            markup=False,
        )


def render_confrontation(out: Console, o: ConfrontationOutcome, status: Status[Season]) -> None:
    out.print(f"[bold]Play-Off round {o.round}[/bold]")
    for manager, p in sorted(o.powers.items(), key=lambda kv: -kv[1]):
        team = o.teams.get(manager)
        cards = f" — {' '.join(map(str, team))}" if team else ""
        out.print(f"  {manager}: Power {p}{cards}", markup=False)
    low = o.lowest
    if len(low) > 1 and not o.no_card:
        out.print(
            f"Lowest Power tied: {' and '.join(low)} take a shootout ('playoff shootout').",
            markup=False,
        )
        return
    if o.no_card:
        who = " and ".join(o.no_card)
        one = len(o.no_card) == 1
        out.print(
            f"Lowest Power tied: {' and '.join(low)}; {who} {'has' if one else 'have'} no card "
            f"left for the Penalty Shot and {'loses' if one else 'lose'} it",
            markup=False,
        )
    else:
        out.print(f"Lowest Power: {low[0]}", markup=False)
    for penalty in o.penalties or ((o.penalty,) if o.penalty else ()):
        _penalty(out, penalty)
    _aftermath(out, o.aftermath)
    if o.aftermath and not o.aftermath.champion and status.state.phase == "over":
        out.print("Nobody is left in the Play-Offs: nobody wins them.")
    render_playoff_state(out, status)


def render_playoff_shootout(out: Console, o: ShootoutStep, status: Status[Season]) -> None:
    render_shot(out, o.shot, o.config.unconfirmed(o.shot.orders_relied_on) if o.config else ())
    _penalty(out, o.penalty)
    _aftermath(out, o.aftermath)


def render_swap(out: Console, swap: SwapOutcome, status: Status[Season]) -> None:
    from companion.games.allstar.rules.teams import power

    if swap.out:
        out.print(
            f"{swap.manager} swaps {' '.join(map(str, swap.out))} (back in the box) for "
            f"{' '.join(map(str, swap.into))} ({swap.bench_left} left on the Bench).",
            markup=False,
        )
        out.print(
            f"  next team: {' '.join(map(str, swap.team))} (Power {power(swap.team)})", markup=False
        )
    else:
        out.print(
            f"{swap.manager} swaps {swap.count} cards ({swap.bench_left} left on the Bench).",
            markup=False,
        )
    waiting = swap.waiting_for
    out.print(
        f"Waiting for: {', '.join(waiting)}." if waiting else "All swapped: next 'playoff round'.",
        markup=False,
    )


def render_end(out: Console, done: SeasonEnded) -> None:
    result: Mapping[str, Any] = done.result
    table = Table(box=None, header_style="bold")
    for column in ("rank", "manager", "season", "play-offs", "total"):
        table.add_column(column)
    for manager in sorted(result["ranks"], key=result["ranks"].get):
        table.add_row(
            ordinal(result["ranks"][manager]),
            manager,
            str(result["regular_scores"][manager]),
            str(result["playoff_scores"][manager]),
            str(result["scores"][manager]),
        )
    out.print(table)
    if result["winner"]:
        out.print(
            f"[bold]{plain(result['winner'])} wins[/bold] (most Supporters; a tie goes to the "
            "most won in the Play-Offs)."
        )
    else:
        out.print("A shared win: equal Supporters and equal Play-Off Supporters.")


def chooser_line(season: Any) -> str:
    """Open Market: who chooses first this round, and why."""
    why = "drawn at random" if season.round == 1 else "fewest Supporters"
    return f"Open Market: {season.first_chooser()} ({why}) chooses first"


def render_hand(
    out: Console,
    manager: str,
    hand: Sequence[Any],
    bench: Sequence[Any],
    free: Sequence[Any] | None = None,
) -> None:
    """One manager's draft hand and Bench (the companion's deck), and which Bench cards are
    free for a new team."""
    shown = " ".join(str(c) for c in hand) or "none (no draft now)"
    out.print(f"{manager}'s hand: {shown}", markup=False)
    out.print(f"{manager}'s Bench ({len(bench)}): {' '.join(str(c) for c in bench)}", markup=False)
    if free is not None:
        listed = " ".join(str(c) for c in free) or "none"
        out.print(f"Free for a new team ({len(free)}): {listed}", markup=False)


def render_pick(out: Console, picked: Any, status: Any, hidden: bool = False) -> None:
    """A pick or a discard; `hidden`: for the whole table, the cards left face down."""
    bench = len(picked.bench)
    if not picked.placed:
        what = "a card" if hidden else picked.card
        out.print(f"{picked.manager} discards {what} ({bench} on the Bench).", markup=False)
    for who, card in picked.placed:
        what = "A card, face down," if hidden else card
        out.print(f"{what} goes onto {who}'s Bench.", markup=False)
    if picked.placed and picked.discarded and not hidden:
        out.print(f"Discarded: {' '.join(map(str, picked.discarded))}.", markup=False)
    state = status.state
    if picked.round_done:
        out.print("Draft over: every Bench holds its six new cards; build the teams.", markup=False)
    elif picked.passed and state.drafting is not None and state.drafting.mode != "open-market":
        out.print(f"Hands pass {state.drafting.direction}.", markup=False)
    out.print(f"Next: {status.next}", markup=False)
    drafting = state.drafting if state.phase == "draft" else None
    if drafting is not None and drafting.mode != "open-market":
        # A hand is secret: named here, shown only by the command that names its owner.
        for who in drafting.waiting_for():
            out.print(f"  {who}'s hand: companion allstar season hand {who}", markup=False)
