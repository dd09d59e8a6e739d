"""`companion playlist`: All Stars Playlist — cards, checks, scoring, a tracked game, solo play."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import JsonOption, SeedOption, emit, new_app, open_store

if TYPE_CHECKING:
    from companion.games.playlist.cards import Card
    from companion.store import Store

TABLE = "playlist"

app = new_app("All Stars Playlist: chain checks, scoring, the card catalogue, a game, solo play.")
cards_app = new_app("The music card catalogue (the box's cards are not in the rulebook).")
genres_app = new_app("The genres in play (an expansion swaps one).")
game_app = new_app("A tracked multiplayer game: start, play, turn, end.")
solo_app = new_app("Solo play: deal, check, score, solve, next round.")
app.add_typer(cards_app, name="cards")
app.add_typer(genres_app, name="genres")
app.add_typer(game_app, name="game")
app.add_typer(solo_app, name="solo")

CardArgs = Annotated[
    list[str],
    typer.Argument(
        metavar="CARD...",
        help="Catalogue number (12 or #12), title prefix, or GENRE/POINTS/ICON+ICON+ICON[/TITLE].",
    ),
]
SoloFlag = Annotated[
    bool, typer.Option("--solo", help="Use the solo rule (different genres need two icons).")
]
AssignmentOption = Annotated[
    list[str] | None,
    typer.Option(
        "--assignment",
        "-a",
        metavar="POINTS:GENRE=N,...",
        help="An assignment card, e.g. 3:pop=2,rock=1 (repeatable).",
    ),
]
PlayerArg = Annotated[str, typer.Argument(help="Player name (unique prefix).")]


# --- the table's configuration and catalogue ---------------------------------------------


def genres_in_play(store: Store) -> list[str]:
    from companion.games.playlist.cards import default_genres

    return list(store.get_doc(TABLE, "genres", default_genres()))


def catalogue(store: Store) -> list[Card]:
    from companion.games.playlist.cards import card_from_dict

    return [card_from_dict(d) for d in store.get_doc(TABLE, "cards", [])]


def read_cards(store: Store, typed: list[str]) -> list[Card]:
    from companion.games.playlist.cards import resolve_cards

    return resolve_cards(typed, catalogue(store), genres_in_play(store))


def render_with(name: str, *args: Any) -> Any:
    """A renderer from companion.ui.playlist, imported only when drawing."""

    def render(out: Any) -> None:
        from companion.ui import playlist as ui

        getattr(ui, name)(out, *args)

    return render


# --- check and score ----------------------------------------------------------------------


def _need_start(cards: list) -> None:
    from companion.games.playlist.cards import rules
    from companion.games.playlist.errors import ShortPlaylist

    minimum = rules()["playlist"]["min_start"]
    if len(cards) < minimum:
        raise ShortPlaylist(f"a playlist has at least {minimum} cards (got {len(cards)})")


def _check(ctx: typer.Context, cards: list[str], solo: bool, as_json: bool) -> None:
    from companion.games.playlist.chain import MULTIPLAYER, SOLO, check_chain

    chosen = read_cards(open_store(ctx), cards)
    _need_start(chosen)
    rule = SOLO if solo else MULTIPLAYER
    verdict = check_chain(chosen, rule)
    payload = {
        "valid": verdict.valid,
        "broken_at": verdict.broken_at,
        "reason": verdict.reason,
        "rule": rule.name,
        "cards": [c.to_dict() for c in chosen],
        "shared": [list(s) for s in verdict.shared],
    }
    emit(payload, as_json, render_with("render_check", chosen, verdict, rule))


def _score(
    ctx: typer.Context, cards: list[str], assignments: list[str], solo: bool, as_json: bool
) -> None:
    from companion.games.playlist.chain import MULTIPLAYER, SOLO, check_chain
    from companion.games.playlist.scoring import parse_assignment, score_dict, score_playlist

    store = open_store(ctx)
    chosen = read_cards(store, cards)
    _need_start(chosen)
    genres = genres_in_play(store)
    held = [parse_assignment(a, genres) for a in assignments]
    score = score_playlist(chosen, held, solo=solo)
    verdict = check_chain(chosen, SOLO if solo else MULTIPLAYER)
    payload = {**score_dict(score), "valid": verdict.valid, "broken_at": verdict.broken_at}
    if solo:
        from companion.games.playlist.solo import goal, is_won

        payload["wins"] = is_won(score.total)
        payload["goal"] = goal()
    emit(payload, as_json, render_with("render_score", score, verdict))


@app.command()
def check(ctx: typer.Context, cards: CardArgs, solo: SoloFlag = False, json: JsonOption = False):
    """Check a playlist: each card shares an icon with the card before it."""
    _check(ctx, cards, solo, json)


@app.command()
def score(
    ctx: typer.Context,
    cards: CardArgs,
    assignment: AssignmentOption = None,
    solo: SoloFlag = False,
    json: JsonOption = False,
):
    """Score a playlist: card points, 15-song bonus, genre bonuses, assignments."""
    _score(ctx, cards, assignment or [], solo, json)


# --- the catalogue -------------------------------------------------------------------------


@cards_app.command("add")
def cards_add(
    ctx: typer.Context,
    card: Annotated[str, typer.Argument(metavar="GENRE/POINTS/ICONS[/TITLE]")],
    artist: Annotated[str, typer.Option("--artist", help="The artist(s).")] = "",
    kind: Annotated[
        str, typer.Option("--kind", help="music, or bonus / negative (left out of solo deals).")
    ] = "music",
    json: JsonOption = False,
):
    """Add a music card to the catalogue; it gets the next card number."""
    from companion.games.playlist.cards import make_card, parse_inline

    store = open_store(ctx)
    typed = parse_inline(card, genres_in_play(store))
    made = make_card(
        typed.genre, typed.points, typed.icons, genres_in_play(store), typed.title, artist, kind
    )

    def change(stored: list | None) -> list:
        rows = list(stored or [])
        number = max((r["number"] for r in rows), default=0) + 1
        rows.append({**made.to_dict(), "number": number})
        return rows

    rows = store.update_doc(TABLE, "cards", change)
    added = rows[-1]
    emit(
        {"card": added, "count": len(rows)},
        json,
        lambda out: out.print(f"Added card #{added['number']} ({len(rows)} in the catalogue)."),
    )


@cards_app.command("import")
def cards_import(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="CSV with header title,artist,genre,points,icons.")],
    replace: Annotated[bool, typer.Option("--replace", help="Replace the catalogue.")] = False,
    json: JsonOption = False,
):
    """Import cards from CSV: title,artist,genre,points,icons[,kind]; icons joined by '+'."""
    from companion.engine.errors import BadInput
    from companion.games.playlist.cards import parse_csv

    try:
        text = file.read_text(encoding="utf-8-sig")
    except OSError as err:
        raise BadInput(f"cannot read {file}: {err.strerror}") from None
    store = open_store(ctx)
    genres = genres_in_play(store)
    parse_csv(text, genres)  # validate every line before the lock is taken

    def change(stored: list | None) -> list:
        rows = [] if replace else list(stored or [])
        first = max((r["number"] for r in rows), default=0) + 1
        return rows + [c.to_dict() for c in parse_csv(text, genres, first_number=first)]

    before = 0 if replace else len(store.get_doc(TABLE, "cards", []))
    rows = store.update_doc(TABLE, "cards", change)
    added = len(rows) - before
    emit(
        {"imported": added, "count": len(rows)},
        json,
        lambda out: out.print(
            f"Imported {added} cards from {file} ({len(rows)} in the catalogue)."
        ),
    )


@cards_app.command("list")
def cards_list(
    ctx: typer.Context,
    genre: Annotated[str | None, typer.Option("--genre", "-g", help="Only this genre.")] = None,
    json: JsonOption = False,
):
    """List the catalogue."""
    from companion.games.playlist.cards import parse_genre

    store = open_store(ctx)
    cards = catalogue(store)
    if genre is not None:
        wanted = parse_genre(genre, genres_in_play(store))
        cards = [c for c in cards if c.genre == wanted]
    emit(
        {"cards": [c.to_dict() for c in cards], "genres": genres_in_play(store)},
        json,
        render_with("render_catalogue", cards),
    )


@cards_app.command("remove")
def cards_remove(
    ctx: typer.Context,
    card: Annotated[str, typer.Argument(help="Card number or title prefix.")],
    json: JsonOption = False,
):
    """Remove a card from the catalogue (its number is not reused)."""
    from companion.games.playlist.cards import find_in_catalogue

    store = open_store(ctx)
    gone = find_in_catalogue(card, catalogue(store))

    def change(stored: list | None) -> list:
        return [r for r in stored or [] if r["number"] != gone.number]

    rows = store.update_doc(TABLE, "cards", change)
    emit(
        {"removed": gone.to_dict(), "count": len(rows)},
        json,
        lambda out: out.print(f"Removed {gone.name()} ({len(rows)} left)."),
    )


@genres_app.command("set")
def genres_set(
    ctx: typer.Context,
    genres: Annotated[str, typer.Argument(help="Up to four genres, e.g. pop,rock,tiktok,rnb.")],
    json: JsonOption = False,
):
    """Set the genres in play; assignment cards are then read with the new genre."""
    from companion.games.playlist.cards import parse_genre_list

    names = parse_genre_list(genres)
    store = open_store(ctx)
    store.put_doc(TABLE, "genres", names)
    out_of_play = [c for c in catalogue(store) if c.genre not in names]
    emit(
        {"genres": names, "cards_out_of_play": len(out_of_play)},
        json,
        render_with("render_genres", names, len(out_of_play)),
    )


@genres_app.command("show")
def genres_show(ctx: typer.Context, json: JsonOption = False):
    """Show the genres in play."""
    names = genres_in_play(open_store(ctx))
    emit({"genres": names, "cards_out_of_play": None}, json, render_with("render_genres", names, 0))


# --- the tracked game ----------------------------------------------------------------------


def _game_payload(match: dict) -> dict:
    from companion.games.playlist.game import final_result, fold, unplayed_turns

    state = fold(match)
    final = final_result(state) if state.round_over else None
    return {
        "id": match["id"],
        "players": list(state.order),
        "turn": {"player": state.current, "round": state.round, "number": state.turns_done + 1},
        "playlists": {p: [c.to_dict() for c in cs] for p, cs in state.playlists.items()},
        "lengths": {p: len(cs) for p, cs in state.playlists.items()},
        "scores": {p: state.score(p).total for p in state.players},
        "assignments": {
            p: [{**h.assignment.to_dict(), "completed": h.completed} for h in held]
            for p, held in state.assignments.items()
        },
        "finishing": state.finishing,
        "round_over": state.round_over,
        "still_to_play": unplayed_turns(state) if state.finishing and not state.round_over else [],
        "winner": final.winner if final else None,
    }


def _player(match: dict, typed: str) -> str:
    from companion.engine.names import match_prefix

    return match_prefix(typed, match["players"], what="player")


def _record(ctx: typer.Context, move: Any, as_json: bool, note: Any = None) -> None:
    """Fold the live game, let `move(match, state)` return an event, store it, show the state."""
    from companion.games.playlist.game import GAME, fold

    store = open_store(ctx)

    def change(match: dict) -> list[dict]:
        return [move(match, fold(match))]

    match, events = store.update_live(GAME, change)
    payload = {**_game_payload(match), "event": events[-1]}
    emit(payload, as_json, render_with("render_game", payload, note))


@game_app.command("start")
def game_start(
    ctx: typer.Context,
    players: Annotated[str, typer.Option("--players", "-p", help="Players in seat order: A,B,C.")],
    first: Annotated[
        str | None,
        typer.Option("--first", help="Who most recently listened to their own playlist."),
    ] = None,
    seed: SeedOption = None,
    json: JsonOption = False,
):
    """Start a game; without --first the starting player is drawn at random."""
    from companion.engine.decks import parse_players
    from companion.engine.names import match_prefix
    from companion.engine.rng import TableRng
    from companion.games.playlist.game import GAME

    names = parse_players(players, low=2)
    rng = TableRng(seed)
    if first is not None:
        starter, how = match_prefix(first, names, what="player"), "chosen"
    else:
        starter, how = rng.choice(names), "random"
    start = {"type": "start", "data": {"first": starter, "how": how}}
    match = open_store(ctx).start_match(GAME, names, {"mode": "multiplayer"}, rng.seed, [start])
    payload = {**_game_payload(match), "seed": rng.seed, "how": how}
    emit(payload, json, render_with("render_game", payload, f"{starter} starts ({how})."))


@game_app.command("play")
def game_play(ctx: typer.Context, player: PlayerArg, cards: CardArgs, json: JsonOption = False):
    """Start a playlist (two or more cards) or add to it on your turn; every link is checked."""
    from companion.games.playlist.game import play

    store = open_store(ctx)
    chosen = read_cards(store, cards)
    _record(ctx, lambda m, s: play(s, _player(m, player), chosen), json)


@game_app.command("lose")
def game_lose(ctx: typer.Context, player: PlayerArg, json: JsonOption = False):
    """The last card of a playlist goes away (failed challenge, action card)."""
    from companion.games.playlist.game import lose

    _record(ctx, lambda m, s: lose(s, _player(m, player)), json)


@game_app.command("claim")
def game_claim(
    ctx: typer.Context,
    player: PlayerArg,
    card: Annotated[str, typer.Argument(metavar="CARD", help="The song claimed.")],
    json: JsonOption = False,
):
    """A sung song or unmasked bluff: the card joins if it matches the last card, else goes away."""
    from companion.games.playlist.game import claim

    chosen = read_cards(open_store(ctx), [card])[0]
    _record(ctx, lambda m, s: claim(s, _player(m, player), chosen), json)


@game_app.command("assignment")
def game_assignment(
    ctx: typer.Context,
    player: PlayerArg,
    assignment: Annotated[str, typer.Argument(metavar="POINTS:GENRE=N,...")],
    done: Annotated[
        bool, typer.Option("--done", help="Already completed and turned over.")
    ] = False,
    json: JsonOption = False,
):
    """Record an assignment card a player holds (checked at each of their turn ends and the end)."""
    from companion.games.playlist.game import take_assignment
    from companion.games.playlist.scoring import parse_assignment

    card = parse_assignment(assignment, genres_in_play(open_store(ctx)))
    _record(ctx, lambda m, s: take_assignment(s, _player(m, player), card, done), json)


@game_app.command("turn")
def game_turn(ctx: typer.Context, json: JsonOption = False):
    """End the current turn: reminders, assignments turned over, the last round."""
    from companion.games.playlist.game import end_turn

    ended: list = []

    def move(match: dict, state: Any) -> dict:
        ended.append(end_turn(state))
        return ended[-1].event()

    _record(ctx, move, json, note=ended)


@game_app.command("status")
def game_status(ctx: typer.Context, json: JsonOption = False):
    """The live game: whose turn, playlists, running scores, whether this is the last round."""
    from companion.games.playlist.game import GAME

    payload = _game_payload(open_store(ctx).current_match(GAME))
    emit(payload, json, render_with("render_game", payload, None))


@game_app.command("undo")
def game_undo(ctx: typer.Context, json: JsonOption = False):
    """Take back the last recorded step."""
    from companion.engine.errors import NothingToUndo
    from companion.games.playlist.game import GAME

    store = open_store(ctx)
    match = store.current_match(GAME)
    if len(match["events"]) <= 1:
        raise NothingToUndo(f"nothing to undo in playlist game {match['id']}")
    match, removed = store.undo_event(GAME)
    payload = {**_game_payload(match), "undone": removed}
    emit(payload, json, render_with("render_game", payload, f"Undid {removed['type']}."))


@game_app.command("end")
def game_end(
    ctx: typer.Context,
    now: Annotated[
        bool, typer.Option("--now", help="Score now, before the last round is over.")
    ] = False,
    json: JsonOption = False,
):
    """Score every playlist, name the winner and file the game in history."""
    from companion.engine.errors import RuleViolation
    from companion.games.playlist.game import GAME, final_result, fold, unplayed_turns
    from companion.games.playlist.scoring import score_dict

    store = open_store(ctx)
    live = store.current_match(GAME)
    state = fold(live)
    if not state.round_over and not now:
        if state.finishing:
            waiting = ", ".join(unplayed_turns(state))
            raise RuleViolation(
                f"the last round is not over: {waiting} still to play",
                hint="finish the round with 'turn', or end anyway with --now",
            )
        raise RuleViolation("no playlist has reached 15 songs yet", hint="end anyway with --now")
    final = final_result(state)
    result = final.to_result()
    match = store.finish_match(GAME, result, expected_events=len(live["events"]))
    payload = {
        **result,
        "id": match["id"],
        "breakdown": {p: score_dict(s) for p, s in final.scores.items()},
    }
    emit(payload, json, render_with("render_final", final))


# --- solo play -----------------------------------------------------------------------------


def _solo_payload(match: dict) -> dict:
    from companion.games.playlist.solo import fold_rounds, goal

    rounds = fold_rounds(match)
    last = rounds[-1]
    return {
        "id": match["id"],
        "player": match["players"][0],
        "round": len(rounds),
        "count": last.deal.count,
        "source": last.deal.source,
        "cards": [c.to_dict() for c in last.deal.cards],
        "numbers": list(last.deal.numbers),
        "goal": goal(),
        "rounds": [{"cards": r.deal.count, "score": r.total, "wins": r.wins} for r in rounds],
    }


@solo_app.command("deal")
def solo_deal(
    ctx: typer.Context,
    cards: Annotated[int, typer.Option("--cards", "-k", help="How many cards to lay out.")] = 20,
    player: Annotated[str, typer.Option("--player", help="Who plays this run.")] = "solo",
    seed: SeedOption = None,
    json: JsonOption = False,
):
    """Lay out cards for a solo run (same --seed, same cards: the video-call variant)."""
    from companion.engine.errors import RuleViolation
    from companion.engine.rng import TableRng
    from companion.games.playlist.solo import GAME, deal_solo

    store = open_store(ctx)
    live = store.live_match(GAME)
    if live is not None:
        raise RuleViolation(
            f"a solo run is already going (id {live['id']})",
            hint="'companion playlist solo end' files it first",
        )
    rng = TableRng(seed)
    dealt = deal_solo(catalogue(store), genres_in_play(store), cards, rng)
    match = store.start_match(GAME, [player], {"mode": "solo"}, rng.seed, [dealt.event()])
    payload = {**_solo_payload(match), "seed": rng.seed}
    emit(payload, json, render_with("render_deal", payload))


@solo_app.command("check")
def solo_check(ctx: typer.Context, cards: CardArgs, json: JsonOption = False):
    """Check a solo playlist: same genre needs one shared icon, different genres two."""
    _check(ctx, cards, True, json)


@solo_app.command("score")
def solo_score(ctx: typer.Context, cards: CardArgs, json: JsonOption = False):
    """Score a solo playlist; with a solo run going, record it as this round's playlist."""
    from companion.games.playlist.chain import SOLO, check_chain
    from companion.games.playlist.scoring import score_dict
    from companion.games.playlist.solo import GAME, fold_rounds, goal, is_won, score_round

    store = open_store(ctx)
    chosen = read_cards(store, cards)
    recorded: list = []

    def change(match: dict) -> list[dict]:
        score, event = score_round(fold_rounds(match), chosen)
        recorded.append(score)
        return [event]

    if store.live_match(GAME) is not None:
        match, _ = store.update_live(GAME, change)
        score, run = recorded[0], _solo_payload(match)
    else:
        from companion.games.playlist.scoring import score_playlist

        score, run = score_playlist(chosen, solo=True), None
    verdict = check_chain(chosen, SOLO)
    payload = {
        **score_dict(score),
        "valid": verdict.valid,
        "broken_at": verdict.broken_at,
        "wins": is_won(score.total),
        "goal": goal(),
        "recorded": run is not None,
        "run": run,
    }
    emit(payload, json, render_with("render_score", score, verdict))


@solo_app.command("solve")
def solo_solve(
    ctx: typer.Context,
    cards: Annotated[
        list[str] | None,
        typer.Argument(metavar="[CARD...]", help="The laid-out cards (default: the run's deal)."),
    ] = None,
    max_nodes: Annotated[
        int | None,
        typer.Option("--max-nodes", help="Stop early (then the answer may not be optimal)."),
    ] = None,
    json: JsonOption = False,
):
    """The best playlist the laid-out cards allow under the solo rule, proven optimal."""
    from companion.engine.errors import BadInput
    from companion.games.playlist.scoring import score_dict
    from companion.games.playlist.solo import GAME, fold_rounds
    from companion.games.playlist.solver import best_playlist

    store = open_store(ctx)
    if cards:
        chosen = read_cards(store, cards)
    else:
        live = store.live_match(GAME)
        dealt = fold_rounds(live)[-1].deal if live else None
        if dealt is None or not dealt.cards:
            raise BadInput(
                "no cards to solve",
                hint="name the laid-out cards, or deal a solo run from a filled catalogue",
            )
        chosen = list(dealt.cards)
    if max_nodes is not None and max_nodes < 1:
        raise BadInput(f"--max-nodes must be at least 1 (got {max_nodes})")
    best = best_playlist(chosen, max_nodes=max_nodes)
    payload = {
        "playlist": [c.to_dict() for c in best.playlist],
        "score": best.score.total,
        "wins": best.wins,
        "goal": best.goal,
        "optimal": best.optimal,
        "nodes": best.nodes,
        "cards": len(chosen),
        "breakdown": score_dict(best.score),
    }
    emit(payload, json, render_with("render_solution", best, len(chosen)))


@solo_app.command("next")
def solo_next(ctx: typer.Context, json: JsonOption = False):
    """Start the next round with one card fewer (after a won round)."""
    from companion.engine.rng import step_rng
    from companion.games.playlist.solo import GAME, fold_rounds, next_deal

    store = open_store(ctx)
    box, genres = catalogue(store), genres_in_play(store)

    def change(match: dict) -> list[dict]:
        rng = step_rng(match["seed"], len(match["events"]))
        return [next_deal(fold_rounds(match), box, genres, rng).event()]

    match, _ = store.update_live(GAME, change)
    payload = _solo_payload(match)
    emit(payload, json, render_with("render_deal", payload))


@solo_app.command("status")
def solo_status(ctx: typer.Context, json: JsonOption = False):
    """The solo run: this round's cards and every round so far."""
    from companion.games.playlist.solo import GAME

    payload = _solo_payload(open_store(ctx).current_match(GAME))
    emit(payload, json, render_with("render_deal", payload))


@solo_app.command("undo")
def solo_undo(ctx: typer.Context, json: JsonOption = False):
    """Take back the last recorded step of the solo run."""
    from companion.engine.errors import NothingToUndo
    from companion.games.playlist.solo import GAME

    store = open_store(ctx)
    match = store.current_match(GAME)
    if len(match["events"]) <= 1:
        raise NothingToUndo(f"nothing to undo in solo run {match['id']}; 'solo end' stops it")
    match, removed = store.undo_event(GAME)
    payload = {**_solo_payload(match), "undone": removed}
    emit(payload, json, render_with("render_deal", payload))


@solo_app.command("end")
def solo_end(ctx: typer.Context, json: JsonOption = False):
    """Stop the solo run and file how far it got in history."""
    from companion.games.playlist.solo import GAME, fold_rounds, solo_result

    store = open_store(ctx)
    match = store.current_match(GAME)
    result = solo_result(match["players"][0], fold_rounds(match))
    finished = store.finish_match(GAME, result, expected_events=len(match["events"]))
    payload = {**result, "id": finished["id"]}
    emit(payload, json, render_with("render_solo_end", payload))


app.lazy("play", "companion.cli.playlist_play:play")
