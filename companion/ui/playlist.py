"""Drawing All Stars Playlist answers: chains, score arithmetic, the game, solo rounds."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from companion.games.playlist.cards import Card, genre_label
from companion.games.playlist.chain import ChainCheck, LinkRule
from companion.games.playlist.scoring import PlaylistScore


def card_line(card: Card) -> str:
    icons = ", ".join(card.icons)
    return escape(f"{card.name()} — {card.genre}, {card.points} pt, [{icons}]")


def render_check(out: Console, cards: list[Card], verdict: ChainCheck, rule: LinkRule) -> None:
    out.print(f"Rule ({rule.name}): {rule.describe()}.")
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
        lines.append(f"15-song bonus: {n} songs {'≥' if score.length_bonus else '<'} 15 → {got}")
    for bonus in score.genre_bonus:
        if bonus.songs >= 3:
            rule = f"{bonus.songs} songs → +{bonus.points} (3⇒1, 4⇒2, 5⇒3, …)"
        else:
            rule = f"{bonus.songs} song{'s' if bonus.songs != 1 else ''} → +0 (needs 3)"
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
    parts = [score.card_points, score.length_bonus, score.genre_points, score.assignment_points]
    labels = "cards + length + genres + assignments"
    lines.append(
        f"total ({labels}): {' + '.join(str(p) for p in parts)} = [bold]{score.total}[/bold]"
    )
    return lines


def render_score(out: Console, score: PlaylistScore, verdict: ChainCheck) -> None:
    for card in score.cards:
        out.print(f"  {card_line(card)}")
    for line in score_lines(score):
        out.print(line)
    if not verdict.valid:
        out.print(
            f"[yellow]note: the playlist breaks at card {verdict.broken_at + 1}: "
            f"{escape(verdict.reason)}[/yellow]"
        )
    if score.solo:
        from companion.games.playlist.solo import goal, is_won

        verdict_text = "won" if is_won(score.total) else "not won"
        out.print(f"solo goal: {score.total} vs at least {goal()} → {verdict_text}")


def render_catalogue(out: Console, cards: list[Card]) -> None:
    if not cards:
        out.print("The catalogue is empty (add cards with 'companion playlist cards add').")
        return
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


def render_genres(out: Console, genres: list[str], out_of_play: int) -> None:
    out.print("Genres in play: " + ", ".join(f"{g} ({genre_label(g)})" for g in genres))
    if out_of_play:
        out.print(f"{out_of_play} catalogue cards are of genres no longer in play.")


def render_game(out: Console, payload: dict[str, Any], note: Any) -> None:
    if isinstance(note, str):
        out.print(note)
    elif isinstance(note, list) and note:
        ended = note[0]
        out.print(f"{ended.player}'s turn ends.")
        out.print(
            f"  • {ended.player}: refill to 2 music cards from the stockpile "
            "(they cannot be played until your next turn)."
        )
        held = payload["assignments"][ended.player]
        for i in ended.completed:
            out.print(
                f"  • assignment {held[i]['text']} completed: turn it over and take a new "
                "assignment card (if any are left)."
            )
        for genre in ended.action_cards:
            out.print(f"  • three {genre} songs placed: take an extra action card.")
    event = payload.get("event") or {}
    data = event.get("data", {})
    if event.get("type") == "claim":
        card = data["card"]["title"] or data["card"]["genre"]
        if data["joined"]:
            out.print(
                f"{escape(card)} joins {data['player']}'s playlist (it matches the last card)."
            )
        else:
            out.print(f"{escape(card)} does not match {data['player']}'s last card: put away.")
    elif event.get("type") == "lose":
        card = data["card"]["title"] or data["card"]["genre"]
        out.print(f"{data['player']} loses the last card of their playlist ({escape(card)}).")
    turn = payload["turn"]
    for player in payload["players"]:
        cards = payload["playlists"][player]
        marker = "▶" if player == turn["player"] and not payload["round_over"] else " "
        titles = " → ".join(escape(c["title"] or c["genre"]) for c in cards) or "(no playlist)"
        out.print(
            f"{marker} {player}: {len(cards)} songs, {payload['scores'][player]} pts  {titles}"
        )
    if payload["round_over"]:
        out.print(
            "[bold]The last round is over[/bold]: score it with 'companion playlist game end'."
        )
    elif payload["finishing"]:
        waiting = ", ".join(payload["still_to_play"])
        out.print(f"A playlist has 15 songs: this is the last round ({waiting} still to play).")
    else:
        out.print(f"Round {turn['round']}: {turn['player']} to play.")


def render_final(out: Console, final: Any) -> None:
    for player, score in final.scores.items():
        out.print(f"[bold]{player}[/bold] (rank {final.ranks[player]}), {len(score.cards)} songs")
        for line in score_lines(score):
            out.print(f"  {line}")
    if final.winner:
        out.print(f"[bold]{final.winner} wins[/bold] and picks the music.")
    else:
        out.print(f"Tie for first: {', '.join(final.winners)} (the rulebook names no tie-break).")


def render_deal(out: Console, payload: dict[str, Any]) -> None:
    out.print(
        f"Solo round {payload['round']}: {payload['count']} cards (goal: at least "
        f"{payload['goal']} points)."
    )
    if payload["source"] == "box":
        numbers = " ".join(str(n) for n in payload["numbers"])
        out.print(
            "The catalogue is empty; take these card numbers of the box "
            "(bonus and negative cards taken out first):"
        )
        out.print(f"  {numbers}")
    else:
        for data in payload["cards"]:
            from companion.games.playlist.cards import card_from_dict

            out.print(f"  {card_line(card_from_dict(data))}")
    for i, r in enumerate(payload["rounds"][:-1], 1):
        out.print(
            f"  round {i}: {r['cards']} cards, {r['score']} pts, {'won' if r['wins'] else 'lost'}"
        )


def render_solution(out: Console, best: Any, laid_out: int) -> None:
    if not best.playlist:
        out.print(f"No two of the {laid_out} cards can start a playlist under the solo rule.")
    else:
        out.print(f"Best playlist from {laid_out} cards ({len(best.playlist)} songs):")
        for i, card in enumerate(best.playlist, 1):
            out.print(f"  {i}. {card_line(card)}")
        for line in score_lines(best.score):
            out.print(line)
    proof = "proven optimal" if best.optimal else "search stopped early: may not be optimal"
    reach = "reaches" if best.wins else "does not reach"
    out.print(
        f"{best.score.total} points {reach} the goal of {best.goal} ({proof}; "
        f"{best.nodes} positions searched)."
    )


def render_solo_end(out: Console, payload: dict[str, Any]) -> None:
    for i, r in enumerate(payload["rounds"], 1):
        result = (
            "not scored"
            if r["score"] is None
            else f"{r['score']} pts, " + ("won" if r["wins"] else "lost")
        )
        out.print(f"  round {i}: {r['cards']} cards, {result}")
    fewest = payload["fewest_cards_won"]
    if fewest is None:
        out.print("No round won this run.")
    else:
        out.print(f"[bold]Got as far as a win with {fewest} cards.[/bold]")
