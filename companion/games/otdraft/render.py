"""Drawing OT Fantasy Draft catalogues, scores and drafts in the terminal.

Each renderer takes the table's typed answer (a Catalogue, a Card, a scored team, the
draft's Status, a move…); what it shows is what that answer's `to_json()` reports.
Card and player names are printed without markup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from companion.ui.console import escape

if TYPE_CHECKING:
    from rich.console import Console

    from companion.engine.events import Event
    from companion.games.otdraft.rules.cards import Card, Catalogue
    from companion.games.otdraft.rules.draft import DraftState
    from companion.games.otdraft.rules.scoring import Choices, TeamScore
    from companion.games.otdraft.table import (
        DraftEnded,
        DraftMove,
        DraftUndone,
        Hand,
        Scored,
        Started,
    )
    from companion.tables.base import Ended, Status


ORDER = "Scoring order: 1 choose Protect/Silence, 2 destroy the unprotected, 3 score each card."


def _plain(out: Console, text: str) -> None:
    out.print(text, markup=False, highlight=False)


# --- the catalogue -------------------------------------------------------------------


def render_catalogue_summary(out: Console, catalogue: Catalogue, verb: str) -> None:
    counts = ", ".join(f"{k} {v}" for k, v in catalogue.counts().items() if v)
    _plain(out, f"{verb} {len(catalogue)} cards from {catalogue.source} ({counts})")


def render_card_list(
    out: Console, catalogue: Catalogue, cards: Sequence[Card], category: str | None
) -> None:
    from rich.table import Table

    if not cards:
        _plain(out, f"No {category} cards in {catalogue.source}.")
        return
    table = Table(box=None, header_style="bold")
    for column in ("card", "category", "points", "traits", "rules"):
        table.add_column(column)
    for card in cards:
        table.add_row(
            escape(card.name),
            card.category,
            str(card.points),
            escape(", ".join(card.traits)),
            escape("; ".join(r.text() for r in card.rules)),
        )
    out.print(table)
    _plain(out, f"{len(cards)} cards ({catalogue.source})")


def render_card(out: Console, card: Card) -> None:
    out.print(f"[bold]{escape(card.name)}[/bold] — {card.category}, {card.points} points")
    if card.traits:
        _plain(out, "traits: " + ", ".join(card.traits))
    for text in [r.text() for r in card.rules] or ["no rules"]:
        _plain(out, f"  • {text}")


# --- scoring ---------------------------------------------------------------------------


def _choice_text(choices: Choices) -> str:
    parts = [
        f"{card} protects {', '.join(targets) or 'nothing'}"
        for card, targets in choices.protect.items()
    ] + [
        f"{card} silences {', '.join(targets) or 'nothing'}"
        for card, targets in choices.silence.items()
    ]
    return "; ".join(parts) or "no Protect or Silence choice to make"


def render_score(out: Console, scored: Scored, title: str | None = None) -> None:
    search = scored.search
    best = search.best
    if title:
        out.print(f"[bold]{escape(title)}[/bold]")
    _plain(out, ORDER)
    width = max(len(c.name) for c in best.cards)
    for card in best.cards:
        secret = " (secret)" if card.name == scored.secret else ""
        _plain(out, f"  {card.name:<{width}} {card.total:>4}  {card.why}{secret}")
    sums = " + ".join(str(c.total) for c in best.cards)
    out.print(f"Total: {sums} = [bold]{best.total}[/bold]")
    if search.open_cards:
        who = ", ".join(search.open_cards)
        _plain(out, f"Best choice for {who} ({search.tried} tried): {_choice_text(best.choices)}")
        runner: TeamScore | None = search.runner_up
        if runner:
            lost = ", ".join(c.name for c in runner.cards if c.destroyed) or "none"
            _plain(
                out,
                f"Runner-up: {runner.total} with {_choice_text(runner.choices)} "
                f"(destroyed: {lost})",
            )
        else:
            _plain(out, "No other choice changes the outcome.")
    else:
        _plain(out, f"Choices: {_choice_text(best.choices)}")


# --- the draft ---------------------------------------------------------------------------


def _team_lines(out: Console, state: DraftState, scores: Mapping[str, int | None]) -> None:
    for player in state.players:
        team = state.team(player)
        secret = "secret kept" if player in state.secrets else "no secret yet"
        if player in state.revealed:
            secret = f"secret revealed: {state.secrets[player]}"
        shown = ", ".join(team) or "—"
        count = f"{len(team)} card{'' if len(team) == 1 else 's'}"
        line = f"  {player}: {shown} ({count}; {secret})"
        if team:  # the running score of what the table can see (no unrevealed secret)
            score = scores.get(player)
            line += f" — {'score -' if score is None else f'{score} points'}"
        _plain(out, line)


def render_status(out: Console, status: Status[DraftState]) -> None:
    """The scoreboard: round and turn order, what is next, the Draftline and piles (when
    the companion runs the deck), each team with its best score so far."""
    state = status.state
    order = " → ".join(state.order)
    out.print(
        f"[bold]OT Fantasy Draft {status.id}[/bold] — round {state.round} of 7; "
        f"order {escape(order)}"
    )
    phase = state.phase
    if status.status == "finished":
        _plain(out, f"Finished: {status.next}.")
    elif status.status == "abandoned":
        _plain(out, "Abandoned.")
    elif phase == "secrets":
        waiting = [p for p in state.players if p not in state.secrets]
        _plain(out, f"Setup: {', '.join(waiting)} to keep one of two secret cards (see 'hand').")
    elif phase == "draft":
        _plain(out, f"Next: {state.current} picks from the Draftline.")
    elif phase == "leftovers":
        if state.deck:
            then = "'turn' discards the rest and lays five new cards"
        elif state.free:
            then = "the next 'pick' (or 'turn') starts the next round"
        else:
            then = "'turn' starts the next round"
        if state.is_draft_over:
            then = "then 'otdraft game end'"
        _plain(out, f"Round over: leftover abilities may take a Draftline card now; {then}.")
    elif state.totals:
        waiting = ", ".join(p for p in state.players if p not in state.totals)
        _plain(out, f"Totals typed by {', '.join(state.totals)}; {waiting} to type theirs "
               "('otdraft game total PLAYER POINTS'): the last one files the draft.")  # fmt: skip
    else:
        _plain(out, "All seven rounds played: 'otdraft game end' scores the teams.")
    if state.deck:
        _plain(out, f"Draftline: {', '.join(state.draftline) or 'empty'}")
        _plain(
            out,
            f"Draw pile: {len(state.draw_pile)} cards; discard: {len(state.discard)} cards"
            + (f"; reshuffled {state.reshuffles}×" if state.reshuffles else ""),
        )
    _team_lines(out, state, status.scores)


def event_text(event: Event) -> str:
    """A recorded draft event in one sentence."""
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
    elif kind == "total":  # the number is its player's until every total is in
        text = f"{data['player']}'s total is in."
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


def render_move(out: Console, move: DraftMove) -> None:
    _plain(out, event_text(move.event))
    render_status(out, move.status)


def render_started(out: Console, started: Started, board: bool = True) -> None:
    """The draft's first line, then its status (`board`: guided play, which goes on to draw
    the status itself, leaves it out so it is drawn once)."""
    status = started.status
    mode = "the companion runs the deck" if status.state.deck else "recording the table's cards"
    _plain(
        out,
        f"Draft {status.id} started: {', '.join(status.players)} ({mode}; seed {started.seed}).",
    )
    if board:
        render_status(out, status)


def render_hand(out: Console, hand: Hand) -> None:
    if hand.candidates:
        _plain(out, f"{hand.player} was dealt: {', '.join(hand.candidates)}")
    secret = hand.secret or "not chosen yet"
    _plain(out, f"Secret card: {secret}" + (" (revealed)" if hand.revealed else ""))


def render_undo(out: Console, undone: DraftUndone) -> None:
    _plain(out, f"Undone: {event_text(undone.removed)}")
    render_status(out, undone.status)


def render_end(out: Console, ended: DraftEnded) -> None:
    from companion.games.otdraft.table import Scored

    result = ended.result
    for player in ended.players:
        if player not in ended.searches:  # filed from the scorepad, no catalogue to score
            continue
        scored = Scored(ended.searches[player], result["teams"][player][-1])
        render_score(out, scored, title=player)
        out.print()
    counted = result.get("companion_scores") or {}
    differ = counted != result["scores"] and counted
    if "scored_by" in result:
        said = "Totals from the table's scorepad"
        _plain(out, said + (" (the companion counts differently):" if differ else ":"))
    ranking = sorted(result["ranks"], key=result["ranks"].get)
    for player in ranking:
        line = f"{result['ranks'][player]}. {player} {result['scores'][player]}"
        if differ and counted[player] != result["scores"][player]:
            line += f" (the companion counts {counted[player]})"
        _plain(out, line)
    if result["tied"]:
        _plain(
            out,
            f"Tie on {result['scores'][result['winner']]}: {', '.join(result['tied'])}; "
            f"{result['winner']} took a turn most recently and wins.",
        )
    else:
        out.print(f"[bold]{escape(result['winner'])} wins.[/bold]")


def render_abandoned(out: Console, ended: Ended) -> None:
    _plain(out, f"Draft {ended.id} abandoned.")
