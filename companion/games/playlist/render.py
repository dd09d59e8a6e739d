"""Drawing All Stars Playlist answers: chains, score arithmetic, the game, solo rounds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.games.playlist.rules.cards import Card, genre_label
from companion.games.playlist.rules.scoring import PlaylistScore
from companion.ui.console import escape  # rich's, without rich: `history stats` loads this

if TYPE_CHECKING:
    from rich.console import Console

    from companion.games.playlist.box import (
        CatalogueChange,
        Checked,
        DeckCards,
        Genres,
        Listing,
        Scored,
    )
    from companion.games.playlist.rules.game import FinalResult, GameState
    from companion.games.playlist.rules.solo import Goal, SoloState
    from companion.games.playlist.table import GameEnded, Hand, SoloEnded, Solved
    from companion.tables.base import Ended, Status


def songs(count: int) -> str:
    """`1 song`, `3 songs`."""
    return f"{count} song{'' if count == 1 else 's'}"


def card_line(card: Card) -> str:
    icons = ", ".join(card.icons)
    return escape(f"{card.name()} — {card.genre}, {card.points} pt, [{icons}]")


def render_check(out: Console, checked: Checked) -> None:
    cards, verdict, rule = checked.cards, checked.verdict, checked.rule
    out.print(f"Rule ({rule.name}): {rule.describe()}.", markup=False)
    for i, card in enumerate(cards):
        if i == 0:
            out.print(f"  1. {card_line(card)}")
            continue
        if verdict.broken_at is not None and i > verdict.broken_at:
            out.print(f"  {i + 1}. {card_line(card)}  [dim](not checked)[/dim]")
            continue
        shared = verdict.shared[i - 1]
        if verdict.broken_at == i:
            mark = "[bold red]✗ BROKEN[/bold red]"
        else:
            mark = f"✓ shares {', '.join(shared)}"
        out.print(f"  {i + 1}. {card_line(card)}  {mark}")
    if verdict.valid:
        out.print("[bold]Valid playlist.[/bold]")
    else:
        out.print(
            f"[bold]Not valid[/bold] at card {verdict.broken_at + 1}: {escape(verdict.reason)}"
        )


def score_lines(score: PlaylistScore) -> list[str]:
    """The arithmetic of a score, one line per rule applied."""
    points = " + ".join(str(c.points) for c in score.cards) or "0"
    lines = [f"card points: {points} = {score.card_points}"]
    if not score.solo:
        n = len(score.cards)
        got = "+1" if score.length_bonus else "+0"
        lines.append(f"15-song bonus: {songs(n)} {'≥' if score.length_bonus else '<'} 15 → {got}")
    for bonus in score.genre_bonus:
        if bonus.songs >= 3:
            rule = f"{songs(bonus.songs)} → +{bonus.points} (3⇒1, 4⇒2, 5⇒3, …)"
        else:
            rule = f"{songs(bonus.songs)} → +0 (needs 3)"
        lines.append(f"genre {bonus.genre}: {rule}")
    counts = {b.genre: b.songs for b in score.genre_bonus}
    for result in score.assignments:
        a = result.assignment
        need = ", ".join(f"{g} {counts.get(g, 0)}/{n}" for g, n in a.required)
        if result.turned_over:
            why = "turned over earlier"
        else:
            why = "fulfilled" if result.fulfilled else "not fulfilled"
        lines.append(f"assignment {a.text()}: {need} → {why}, +{result.points}")
    # Solo play has no 15-song bonus and no assignments: only the parts that apply.
    named = [("cards", score.card_points), ("genres", score.genre_points)]
    if not score.solo:
        named = [
            ("cards", score.card_points),
            ("length", score.length_bonus),
            ("genres", score.genre_points),
            ("assignments", score.assignment_points),
        ]
    labels = " + ".join(name for name, _ in named)
    sums = " + ".join(str(value) for _, value in named)
    lines.append(f"total ({labels}): {sums} = [bold]{score.total}[/bold]")
    return lines


def render_score(out: Console, scored: Scored) -> None:
    score, verdict = scored.score, scored.verdict
    for card in score.cards:
        out.print(f"  {card_line(card)}")
    for line in score_lines(score):
        out.print(line)
    if not verdict.valid:
        out.print(
            f"[yellow]note: the playlist breaks at card {verdict.broken_at + 1}: "
            f"{escape(verdict.reason)}[/yellow]"
        )
    for card in getattr(scored, "still_fits", ()):
        out.print(f"[yellow]counted anyway: {escape(card.name())} could still have joined[/yellow]")
    if scored.goal is not None:
        verdict_text = "won" if scored.wins else "not won"
        out.print(
            f"solo goal: {score.total} vs {scored.goal.text()} → {verdict_text}", markup=False
        )


def render_catalogue(out: Console, listing: Listing) -> None:
    cards = listing.cards
    if not cards:
        out.print("The catalogue is empty (add cards with 'companion playlist cards add').")
        return
    from rich.table import Table

    table = Table(box=None, header_style="bold")
    for column in ("#", "title", "artist", "genre", "pts", "icons", "kind"):
        table.add_column(column)
    for c in cards:
        table.add_row(
            str(c.number),
            escape(c.title),
            escape(c.artist),
            c.genre,
            str(c.points),
            ", ".join(c.icons),
            c.kind,
        )
    out.print(table)


def render_genres(out: Console, genres: Genres) -> None:
    out.print(
        "Genres in play: " + ", ".join(f"{g} ({genre_label(g)})" for g in genres.genres),
        markup=False,
    )
    if genres.out_of_play:
        out.print(
            f"{genres.out_of_play} catalogue cards are of genres no longer in play.", markup=False
        )


def render_change(out: Console, change: CatalogueChange, source: str = "") -> None:
    if change.added is not None:
        out.print(
            f"Added card #{change.added['number']} ({change.count} in the catalogue).", markup=False
        )
    elif change.removed is not None:
        out.print(f"Removed {escape(change.removed.name())} ({change.count} left).")
    else:
        out.print(
            f"Imported {change.imported} cards from {escape(source)} "
            f"({change.count} in the catalogue)."
        )


def render_undone(out: Console, undone: Any) -> None:
    """`undo` of the game or the solo run: what was taken back, then its scoreboard."""
    render_notes(out, [f"Undid {undone.removed['type']}."])
    draw = render_status if undone.status.game == "playlist" else render_solo_status
    draw(out, undone.status)


def render_notes(out: Console, notes: Sequence[str]) -> None:
    for note in notes:
        out.print(escape(note))


def render_status(out: Console, status: Status[GameState]) -> None:
    """The scoreboard: each playlist's songs in order and running points, the round, who plays."""
    from companion.ui.console import Table as LightTable  # kept with the match (tables.shown)

    state = status.state
    live = status.status == "live" and not state.round_over
    table = LightTable(box=None, header_style="bold", markup=True)  # its cells are markup
    for column, justify in (("", "left"), ("player", "left"), ("pts", "right")):
        table.add_column(column, justify=justify)
    table.add_column("songs", justify="right")
    table.add_column("playlist")
    for player in state.order:
        cards = state.playlists[player]
        titles = " → ".join(escape(c.title or c.genre) for c in cards) or "(no playlist)"
        held = state.assignments[player]
        secret = state.deck is not None and state.deck.holds_assignments
        shown = [h for h in held if h.completed or not secret]  # dealt cards stay in the hand
        if shown:
            marks = ", ".join(h.assignment.text() + (" ✓" if h.completed else "") for h in shown)
            titles += f"  [dim]assignments {marks}[/dim]"
        table.add_row(
            "▶" if live and player == state.current else "",
            escape(player),
            str(status.scores[player]),
            str(len(cards)),
            titles,
        )
    out.print(table)
    if state.deck is not None:
        held = state.deck
        listed = " · ".join(escape(c.name()) for c in held.download) or "(empty)"
        out.print(f"Download List: {listed}")
        hands = ", ".join(f"{escape(p)} {len(held.hands[p])}" for p in state.order)
        out.print(f"[dim]stockpile {len(held.stockpile)} · music cards in hand: {hands}[/dim]")
    if state.round_over:
        out.print(
            "[bold]The last round is over[/bold]: score it with 'companion playlist game end'."
        )
    elif state.finishing:
        waiting = ", ".join(status.detail["still_to_play"])
        out.print(
            f"A playlist has 15 songs: this is the last round ({waiting} still to play).",
            markup=False,
        )
    else:
        out.print(f"Round {state.round}: {escape(state.current)} to play.")


def render_final(out: Console, final: FinalResult) -> None:
    """Every player by rank, the winner first (seat order among equals)."""
    for player in sorted(final.scores, key=final.ranks.__getitem__):
        score = final.scores[player]
        out.print(
            f"[bold]{escape(player)}[/bold] (rank {final.ranks[player]}), {songs(len(score.cards))}"
        )
        for line in score_lines(score):
            out.print(f"  {line}")
    tied = [p for p, s in final.scores.items() if s.total == max(final.totals().values())]
    if final.winner and len(tied) > 1:
        out.print(
            f"Tie for first: {', '.join(tied)}; the table names {final.winner} the winner, "
            "who picks the music.",
            markup=False,
        )
    elif final.winner:
        out.print(f"[bold]{escape(final.winner)} wins[/bold] and picks the music.")
    else:
        out.print(
            f"Tie for first: {', '.join(final.winners)} (the rulebook names no tie-break): a "
            "shared first ('--tie-winner NAME' names the winner the table chose).",
            markup=False,
        )


def render_game_end(out: Console, ended: GameEnded) -> None:
    render_final(out, ended.final)


def render_ended(out: Console, done: Ended) -> None:
    what = "Solo run" if done.game.endswith("solo") else "Playlist game"
    out.print(f"{what} {done.id} {done.status}. Kept in history.", markup=False)


def render_solo_status(out: Console, status: Status[SoloState]) -> None:
    """A solo run: this round's laid-out cards, the goal, and every round so far."""
    state = status.state
    deal = state.last.deal
    out.print(
        f"Solo round {len(state.rounds)}: {deal.count} cards (goal: {state.goal.text()}).",
        markup=False,
    )
    if deal.source == "table":
        out.print("Laid out by the table, as described (a playlist names them by number):")
    if deal.source == "box":  # a run dealt before the companion dealt only cards it knows
        numbers = " ".join(str(n) for n in deal.numbers)
        out.print(
            "The catalogue is empty; take these card numbers of the box "
            "(bonus and negative cards taken out first):"
        )
        out.print(f"  {numbers}", markup=False)
    else:
        for card in deal.cards:
            out.print(f"  {card_line(card)}")
    for i, r in enumerate(state.rounds, 1):
        if r.scored:
            out.print(
                f"  round {i}: {r.deal.count} cards, {r.total} pts, {'won' if r.wins else 'lost'}",
                markup=False,
            )


def render_solution(out: Console, solved: Solved) -> None:
    best, laid_out = solved.best, solved.laid_out
    if not best.playlist:
        out.print(
            f"No two of the {laid_out} cards can start a playlist under the solo rule.",
            markup=False,
        )
    else:
        out.print(
            f"Best playlist from {laid_out} cards ({songs(len(best.playlist))}):", markup=False
        )
        for i, card in enumerate(best.playlist, 1):
            out.print(f"  {i}. {card_line(card)}")
        for line in score_lines(best.score):
            out.print(line)
    proof = "proven optimal" if best.optimal else "search stopped early: may not be optimal"
    reach = "reaches" if best.wins else "does not reach"
    out.print(
        f"{best.score.total} points {reach} the goal of {best.target.text()} ({proof}; "
        f"{best.nodes} positions searched).",
        markup=False,
    )


def render_goal(out: Console, goal: Goal) -> None:
    out.print(
        f"A solo round is won with {goal.text()} (the next solo run plays to it).", markup=False
    )


def render_solo_end(out: Console, done: SoloEnded) -> None:
    result = done.ended.result
    for i, r in enumerate(result["rounds"], 1):
        line = (
            "not scored"
            if r["score"] is None
            else f"{r['score']} pts, " + ("won" if r["wins"] else "lost")
        )
        out.print(f"  round {i}: {r['cards']} cards, {line}", markup=False)
    fewest = result["fewest_cards_won"]
    if fewest is None:
        out.print("No round won this run.")
    else:
        out.print(f"[bold]Got as far as a win with {fewest} cards.[/bold]")


def render_hand(out: Console, hand: Hand) -> None:
    out.print(f"[bold]{escape(hand.player)}'s hand[/bold] (for {escape(hand.player)} only)")
    for card in hand.music:
        out.print(f"  {card_line(card)}")
    if not hand.music:
        out.print("  no music card")
    for assignment in hand.assignments:
        out.print(f"  assignment {assignment.text()}", markup=False)
    for text in hand.actions:
        out.print(f"  action: {escape(text)}")


def render_deck_cards(out: Console, cards: DeckCards) -> None:
    out.print(f"Music cards of the genres in play: {cards.music} (the catalogue).", markup=False)
    if cards.assignments:
        shown = ", ".join(a.text() for a in cards.assignments)
        out.print(f"Assignment cards ({len(cards.assignments)}): {shown}", markup=False)
    else:
        out.print("Assignment cards: none given (the table deals them from the box).")
    if cards.actions:
        out.print(f"Action cards ({len(cards.actions)}):", markup=False)
        for text in cards.actions:
            out.print(f"  {escape(text)}")
    else:
        out.print("Action cards: none given (the table deals them from the box).")


def stats_lines(row: dict[str, Any]) -> list[str]:
    """The playlist's own lines in `history stats`: lengths, and the best solo round."""
    from companion.ui.history import shown_number

    lines = []
    if "avg_length" in row:
        lines.append(f"average playlist length: {shown_number(row['avg_length'])}")
        if row.get("solo_best_round"):
            best = ", ".join(f"{p} round {r}" for p, r in row["solo_best_round"].items())
            lines.append(f"solo best round: {best}")
    return lines
