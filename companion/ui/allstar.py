"""Drawing All-Star Draft results: the working, the rule applied, and what is unconfirmed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.ui.console import Table

if TYPE_CHECKING:
    from rich.console import Console


ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return ORDINAL.get(n, f"{n}th")


def note_unconfirmed(out: Console, keys: list[str]) -> None:
    for key in keys:
        out.print(
            f"[yellow]note:[/yellow] this relies on the default {key} order, not confirmed from "
            f"your box (see 'companion allstar config show')"
        )


def strength_line(s: dict[str, Any]) -> str:
    combo = f"{s['combo']} (beats any Power here); " if s.get("combo") else ""
    return (
        f"{combo}Power {s['power']}: {s['power']} card{'s' if s['power'] != 1 else ''} share "
        f"{s['criterion']} {s['value']} ({s['medal']} criterion)"
    )


def render_setup(out: Console, plan: dict[str, Any]) -> None:
    managers = plan["managers"]
    out.print(f"[bold]{len(managers)} managers[/bold] (seating, clockwise): {', '.join(managers)}")
    out.print(f"Draft: {plan['mode']} — {plan['draft_rule']}")
    per = len(plan["species"])
    out.print(
        f"Species ({per}): {', '.join(plan['species'])} → draw pile {per} × 9 = "
        f"{plan['draw_pile']} cards"
    )
    tickets = sorted(set(plan["tickets"].values()))
    out.print(
        "Play-Off tickets: "
        + (
            f"{tickets[0]} each"
            if tickets and tickets[0]
            else f"none with {len(managers)} managers"
        )
    )
    out.print(f"Tie-Breaker cards: the {plan['tiebreaker_face']} face up")
    if plan.get("arena_reminder"):
        out.print(f"Two managers: {plan['arena_reminder']}", markup=False)
    elif plan["removed_arenas"]:
        out.print(f"Remove for two managers: {', '.join(plan['removed_arenas'])}")
    for r in plan["rounds"]:
        chooser = f"; first chooser {r['first_chooser']}" if r["first_chooser"] else ""
        deal = f"deal {r['deal']} each, " if r["deal"] else ""
        out.print(
            f"Round {r['round']}: {r['arenas']} arena(s); {deal}pass {r['direction']} "
            f"({r['passing']}){chooser}"
        )
    if "seed" in plan:
        out.print(f"[dim]seed {plan['seed']}[/dim]")
    note_unconfirmed(out, [k for k in plan.get("unconfirmed", []) if k != "species"])
    if "species" in plan.get("unconfirmed", []):
        out.print(
            "[yellow]note:[/yellow] species names are defaults (two are placeholders); "
            "set yours with 'companion allstar config set species ...'"
        )


def render_power(out: Console, p: dict[str, Any]) -> None:
    out.print(f"Team: {' '.join(p['cards'])}")
    out.print(strength_line(p))
    out.print(
        f"Tie-breaker with {p['managers']} managers: {p['criterion']} is {p['medal']}; "
        f"a team with several groups of its Power counts its best one"
    )
    note_unconfirmed(out, p["unconfirmed"])


def render_ranking(out: Console, p: dict[str, Any]) -> None:
    arena = p.get("arena")
    if arena:
        out.print(
            f"[bold]{arena['name']}[/bold]: "
            + ", ".join(f"{ordinal(i)} {pts}" for i, pts in enumerate(arena["points"], 1))
        )
    table = Table(box=None, header_style="bold")
    for column in ("rank", "manager", "power", "group", "medal", "supporters"):
        table.add_column(column)
    ranks = [row["rank"] for row in p["ranking"]]
    for row in p["ranking"]:
        shared = "=" if ranks.count(row["rank"]) > 1 else ""
        combo = f" + {row['combo']}" if row["combo"] else ""
        table.add_row(
            f"{shared}{ordinal(row['rank'])}",
            row["manager"],
            f"{row['power']}{combo}",
            f"{row['criterion']} {row['value']}",
            row["medal"],
            "" if row["points"] is None else f"+{row['points']}",
        )
    out.print(table)
    for line in p["explanation"]:
        out.print(f"  {line}")
    if any(ranks.count(r) > 1 for r in ranks):
        out.print("  Tied teams share the rank and its points; the next rank is skipped.")
    note_unconfirmed(out, p.get("unconfirmed", []))


def render_shootout(out: Console, p: dict[str, Any]) -> None:
    for manager in p["order"]:
        out.print(f"  {manager}: {p['cards'][manager]}")
    for line in p["explanation"]:
        out.print(f"  {line}")
    out.print(f"{p['winner']} wins the Penalty Shot; {p['loser']} loses it.")
    note_unconfirmed(out, p["unconfirmed"])


def render_best(out: Console, p: dict[str, Any]) -> None:
    out.print(f"Best team: {' '.join(p['team'])}")
    out.print(f"  {strength_line(p)}")
    out.print(f"  Bench: {' '.join(p['bench'])}")
    if p["equally_strong"] > 1:
        out.print(f"  {p['equally_strong']} of {p['considered']} choices are as strong.")
    runner = p["runner_up"]
    if runner:
        out.print(f"Runner-up: {' '.join(runner['team'])}")
        out.print(f"  {strength_line(runner)}")
    note_unconfirmed(out, p["unconfirmed"])


def render_arenas(out: Console, arenas: list[dict[str, Any]]) -> None:
    if not arenas:
        out.print("No arenas yet: add them with 'companion allstar arena add NAME --points ...'.")
    for arena in arenas:
        rules = f" [{', '.join(arena['rules'])}]" if arena["rules"] else ""
        row = ", ".join(f"{ordinal(i)} {pts}" for i, pts in enumerate(arena["points"], 1))
        out.print(f"{arena['name']}: {row}{rules}")


def render_config(out: Console, p: dict[str, Any]) -> None:
    out.print("All-Star Draft table settings (each list weakest first):")
    for key, setting in p["settings"].items():
        label = "confirmed" if setting["status"] == "confirmed" else "[yellow]default[/yellow]"
        out.print(f"  {key} ({label}): {', '.join(str(v) for v in setting['value'])}")
    row = p.get("playoff_points")
    out.print(
        "  playoff-points: "
        + (", ".join(f"{ordinal(i)} {v}" for i, v in enumerate(row, 1)) if row else "not known yet")
    )


def fan_zone(out: Console, scores: dict[str, int], gained: dict[str, int] | None = None) -> None:
    width = max(len(m) for m in scores)
    for manager, total in scores.items():
        bar = "█" * min(total, 60)
        if gained:
            before = total - gained[manager]
            out.print(f"  {manager:<{width}} {before:>3} + {gained[manager]:>2} = {total:>3} {bar}")
        else:
            out.print(f"  {manager:<{width}} {total:>3} {bar}")


def render_round(
    out: Console,
    round_no: int,
    rankings: list[dict[str, Any]],
    gained: dict[str, int],
    scores: dict[str, int],
) -> None:
    out.print(f"[bold]Round {round_no}[/bold]")
    for bus, ranking in enumerate(rankings, 1):
        out.print(f"Bus {bus}:")
        render_ranking(out, ranking)
    out.print("Fan Zone:")
    fan_zone(out, scores, gained)


def render_status(out: Console, s: dict[str, Any]) -> None:
    where = f"round {s['round']}" if s["round"] != "playoffs" else "Play-Offs"
    out.print(f"[bold]All-Star Draft {s['id']}[/bold] — {where}, {s['phase']}")
    if s["arenas"]:
        render_arenas(out, s["arenas"])
    if s["missing_teams"]:
        out.print(f"Teams still to come: {', '.join(s['missing_teams'])}")
    if s["first_chooser"]:
        out.print(f"Open Market: {s['first_chooser']} (fewest Supporters) chooses first")
    out.print("Fan Zone:")
    fan_zone(out, s["scores"])
    if s["playoff_stage"]:
        render_playoff_state(out, s)
    if s["winner"]:
        out.print(f"[bold]{s['winner']} wins.[/bold]")


def render_playoff_state(out: Console, s: dict[str, Any]) -> None:
    tickets = ", ".join(f"{m} {n}" for m, n in s["tickets"].items() if m in s["active"])
    out.print(f"Play-Offs: in {', '.join(s['active'])}; tickets {tickets}")
    if s["bench"]:
        out.print("Cards in hand: " + ", ".join(f"{m} {s['bench'][m]}" for m in s["active"]))
    for e in s["eliminated"]:
        out.print(f"  out: {e['manager']} ({e['reason']}) — {ordinal(e['place'])}, +{e['points']}")
    stage = s["playoff_stage"]
    if stage == "shootout":
        out.print(f"Next: 'playoff shootout' for {' and '.join(s['shootout_between'])}")
    elif stage == "swap":
        out.print(f"Next: 'playoff swap NAME 2-4' for {', '.join(s['swaps_waiting'])}")
    elif stage == "team":
        out.print("Next: 'playoff round' with every remaining team")
    else:
        out.print("Play-Offs over: 'season end' to finish the game")


def _aftermath(out: Console, after: dict[str, Any] | None) -> None:
    if not after:
        return
    for e in after["eliminated"]:
        out.print(
            f"{e['manager']} is eliminated ({e['reason']}): {ordinal(e['place'])} place, "
            f"+{e['points']} Supporters"
        )
    if after["champion"]:
        bonus = f" + {after['ticket_bonus']} for leftover tickets" if after["ticket_bonus"] else ""
        out.print(
            f"[bold]{after['champion']} wins the Play-Offs[/bold]: "
            f"+{after['champion_points']}{bonus}"
        )


def _penalty(out: Console, penalty: dict[str, Any] | None) -> None:
    if penalty and penalty["ticket_used"]:
        out.print(
            f"{penalty['manager']} discards a Play-Off ticket ({penalty['tickets_left']} left)"
        )


def render_confrontation(out: Console, o: dict[str, Any], status: dict[str, Any]) -> None:
    out.print(f"[bold]Play-Off round {o['round']}[/bold]")
    for manager, p in sorted(o["powers"].items(), key=lambda kv: -kv[1]):
        out.print(f"  {manager}: Power {p}")
    low = o["lowest"]
    if len(low) > 1:
        out.print(f"Lowest Power tied: {' and '.join(low)} take a shootout ('playoff shootout').")
        return
    out.print(f"Lowest Power: {low[0]}")
    _penalty(out, o["penalty"])
    _aftermath(out, o["aftermath"])
    render_playoff_state(out, status)


def render_playoff_shootout(out: Console, shot: dict[str, Any], o: dict[str, Any]) -> None:
    render_shootout(out, shot)
    _penalty(out, o["penalty"])
    _aftermath(out, o["aftermath"])


def render_end(out: Console, s: dict[str, Any]) -> None:
    result = s["result"]
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
            f"[bold]{result['winner']} wins[/bold] (most Supporters; a tie goes to the "
            "most won in the Play-Offs)."
        )
    else:
        out.print("A shared win: equal Supporters and equal Play-Off Supporters.")
