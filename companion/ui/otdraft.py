"""Drawing OT Fantasy Draft catalogues, scores and drafts in the terminal.

Everything here works from the commands' JSON payloads, so what is shown is exactly
what `--json` reports. Card and player names are printed without markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.ui.console import escape

if TYPE_CHECKING:
    from rich.console import Console


ORDER = "Scoring order: 1 choose Protect/Silence, 2 destroy the unprotected, 3 score each card."


def _plain(out: Console, text: str) -> None:
    out.print(text, markup=False, highlight=False)


def render_catalogue_summary(out: Console, payload: dict[str, Any], verb: str) -> None:
    counts = ", ".join(f"{k} {v}" for k, v in payload["categories"].items() if v)
    _plain(out, f"{verb} {payload['cards']} cards from {payload['source']} ({counts})")


def render_card_list(out: Console, payload: dict[str, Any]) -> None:
    from rich.table import Table

    if not payload["cards"]:
        _plain(out, f"No {payload['category']} cards in {payload['source']}.")
        return
    table = Table(box=None, header_style="bold")
    for column in ("card", "category", "points", "traits", "rules"):
        table.add_column(column)
    for card in payload["cards"]:
        table.add_row(
            escape(card["name"]),
            card["category"],
            str(card["points"]),
            escape(", ".join(card["traits"])),
            escape("; ".join(card["rules_text"])),
        )
    out.print(table)
    _plain(out, f"{len(payload['cards'])} cards ({payload['source']})")


def render_card(out: Console, card: dict[str, Any]) -> None:
    out.print(f"[bold]{escape(card['name'])}[/bold] — {card['category']}, {card['points']} points")
    if card["traits"]:
        _plain(out, "traits: " + ", ".join(card["traits"]))
    for text in card["rules_text"] or ["no rules"]:
        _plain(out, f"  • {text}")


def _choice_text(choices: dict[str, Any]) -> str:
    parts = [
        f"{card} protects {', '.join(targets) or 'nothing'}"
        for card, targets in choices["protect"].items()
    ] + [
        f"{card} silences {', '.join(targets) or 'nothing'}"
        for card, targets in choices["silence"].items()
    ]
    return "; ".join(parts) or "no Protect or Silence choice to make"


def render_score(out: Console, payload: dict[str, Any], title: str | None = None) -> None:
    if title:
        out.print(f"[bold]{escape(title)}[/bold]")
    _plain(out, ORDER)
    width = max(len(c["name"]) for c in payload["cards"])
    for card in payload["cards"]:
        secret = " (secret)" if card["name"] == payload.get("secret") else ""
        _plain(out, f"  {card['name']:<{width}} {card['total']:>4}  {card['why']}{secret}")
    sums = " + ".join(str(c["total"]) for c in payload["cards"])
    out.print(f"Total: {sums} = [bold]{payload['total']}[/bold]")
    choices = payload["choices"]
    if choices["chosen_by_companion"]:
        who = ", ".join(choices["chosen_by_companion"])
        _plain(out, f"Best choice for {who} ({choices['tried']} tried): {_choice_text(choices)}")
        runner = choices["runner_up"]
        if runner:
            lost = ", ".join(runner["destroyed"]) or "none"
            _plain(
                out,
                f"Runner-up: {runner['total']} with {_choice_text(runner)} (destroyed: {lost})",
            )
        else:
            _plain(out, "No other choice changes the outcome.")
    else:
        _plain(out, f"Choices: {_choice_text(choices)}")


def _team_lines(out: Console, status: dict[str, Any]) -> None:
    for player in status["players"]:
        team = status["teams"][player]
        secret = "secret kept" if status["secret_held"][player] else "no secret yet"
        if player in status["revealed"]:
            secret = f"secret revealed: {status['revealed'][player]}"
        shown = ", ".join(team) or "—"
        count = f"{len(team)} card{'' if len(team) == 1 else 's'}"
        _plain(out, f"  {player}: {shown} ({count}; {secret})")


def render_status(out: Console, status: dict[str, Any]) -> None:
    order = " → ".join(status["turn_order"])
    out.print(
        f"[bold]OT Fantasy Draft {status['id']}[/bold] — round {status['round']} of "
        f"{status['rounds']}; order {escape(order)}"
    )
    phase = status["phase"]
    if phase == "secrets":
        waiting = [p for p, held in status["secret_held"].items() if not held]
        _plain(out, f"Setup: {', '.join(waiting)} to keep one of two secret cards (see 'hand').")
    elif phase == "draft":
        _plain(out, f"Next: {status['current']} picks from the Draftline.")
    elif phase == "leftovers":
        if status["deck"]:
            then = "'turn' discards the rest and lays five new cards"
        elif status.get("free_names"):
            then = "the next 'pick' (or 'turn') starts the next round"
        else:
            then = "'turn' starts the next round"
        if status["round"] == status["rounds"]:
            then = "then 'otdraft game end'"
        _plain(out, f"Round over: leftover abilities may take a Draftline card now; {then}.")
    else:
        _plain(out, "All seven rounds played: 'otdraft game end' scores the teams.")
    if status["deck"]:
        _plain(out, f"Draftline: {', '.join(status['draftline']) or 'empty'}")
        _plain(
            out,
            f"Draw pile: {status['draw_pile']} cards; discard: {len(status['discard'])} cards"
            + (f"; reshuffled {status['reshuffles']}×" if status["reshuffles"] else ""),
        )
    _team_lines(out, status)


def _event_text(event: dict[str, Any]) -> str:
    data = event["data"]
    kind = event["type"]
    if kind == "pick":
        text = f"Round {data['round']}: {data['player']} drafts {data['card']}."
    elif kind == "leftover":
        text = f"{data['player']} takes the leftover {data['card']}."
    elif kind == "secret":
        discarded = data.get("discarded")
        text = f"{data['player']} keeps a secret card" + (
            f" and discards {', '.join(discarded)}." if discarded else "."
        )
    elif kind == "reveal":
        text = f"{data['player']} reveals the secret card {data['card']}."
    elif kind == "turn":
        text = f"Round {data['round']} begins."
    else:
        text = f"{kind}."
    for op, cards in data.get("ops", []):
        if op == "discard":
            text += f" Leftovers discarded: {', '.join(cards)}."
        elif op == "reshuffle":
            text += f" Draw pile empty: the discard pile ({len(cards)} cards) is shuffled."
        elif op == "draw":
            text += f" Laid: {', '.join(cards)}."
    return text


def render_move(out: Console, payload: dict[str, Any]) -> None:
    _plain(out, _event_text(payload["event"]))
    render_status(out, payload)


def render_started(out: Console, payload: dict[str, Any]) -> None:
    mode = "the companion runs the deck" if payload["deck"] else "recording the table's cards"
    _plain(
        out,
        f"Draft {payload['id']} started: {', '.join(payload['players'])} ({mode}; "
        f"seed {payload['seed']}).",
    )
    render_status(out, payload)


def render_hand(out: Console, payload: dict[str, Any]) -> None:
    if payload["candidates"]:
        _plain(out, f"{payload['player']} was dealt: {', '.join(payload['candidates'])}")
    secret = payload["secret"] or "not chosen yet"
    _plain(out, f"Secret card: {secret}" + (" (revealed)" if payload["revealed"] else ""))


def render_undo(out: Console, payload: dict[str, Any]) -> None:
    _plain(out, f"Undone: {_event_text(payload['undone'])}")
    render_status(out, payload)


def render_end(out: Console, payload: dict[str, Any]) -> None:
    for player in payload["players"]:
        render_score(out, payload["details"][player], title=f"{player}")
        out.print()
    ranking = sorted(payload["ranks"], key=payload["ranks"].get)
    for player in ranking:
        _plain(out, f"{payload['ranks'][player]}. {player} {payload['scores'][player]}")
    if payload["tied"]:
        _plain(
            out,
            f"Tie on {payload['scores'][payload['winner']]}: {', '.join(payload['tied'])}; "
            f"{payload['winner']} took a turn most recently and wins.",
        )
    else:
        out.print(f"[bold]{escape(payload['winner'])} wins.[/bold]")
