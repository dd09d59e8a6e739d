"""`companion playlist`: All Stars Playlist — cards, checks, scoring, a tracked game, solo play."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import (
    JsonOption,
    NewOption,
    SeedOption,
    emit,
    new_app,
    open_store,
    players_of,
)
from companion.cli.table_app import table_verbs

if TYPE_CHECKING:
    from companion.games.playlist.box import PlaylistBox
    from companion.games.playlist.table import PlaylistTable, SoloTable

app = new_app("All Stars Playlist: chain checks, scoring, the card catalogue, a game, solo play.")
cards_app = new_app("The music card catalogue (the box's cards are not in the rulebook).")
genres_app = new_app("The genres in play (an expansion swaps one).")
deck_app = new_app("The cards the companion deals from with 'game start --deck'.")
game_app = new_app("A tracked multiplayer game: start, play, turn, status, undo, end, abandon.")
solo_app = new_app("Solo play: start (deal), check, score, solve, next round, end, abandon.")
app.add_typer(cards_app, name="cards")
app.add_typer(genres_app, name="genres")
app.add_typer(deck_app, name="deck")
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
# A player the legal-moves query can name (the only one who may) is not asked for.
InferredPlayer = Annotated[
    str | None,
    typer.Argument(
        metavar="[PLAYER]", help="Player name (unique prefix); left out: the only one who may."
    ),
]


# --- the table ---------------------------------------------------------------------------


def _box(ctx: typer.Context) -> PlaylistBox:
    from companion.games.playlist.box import PlaylistBox

    return PlaylistBox(open_store(ctx))


def _game(ctx: typer.Context) -> PlaylistTable:
    from companion.games.playlist.table import PlaylistTable

    return PlaylistTable(open_store(ctx))


def _solo(ctx: typer.Context) -> SoloTable:
    from companion.games.playlist.table import SoloTable

    return SoloTable(open_store(ctx))


def show(answer: Any, as_json: bool, renderer: str, *args: Any) -> None:
    """Emit `answer.to_json()`, or draw `answer` with the game's render module's `renderer`."""

    def render(out: Any) -> None:
        from companion.games.playlist import render as ui

        getattr(ui, renderer)(out, answer, *args)

    emit(answer.to_json(), as_json, render)


def show_move(recorded: Any, as_json: bool) -> None:
    """A recorded move of the game: what it did, then the scoreboard."""
    from companion.games.playlist.table import moved

    payload = moved(recorded)

    def render(out: Any) -> None:
        from companion.games.playlist import render as ui

        ui.render_notes(out, payload["notes"])
        ui.render_status(out, recorded.status)

    emit(payload, as_json, render)


def show_status(payload: dict, status: Any, as_json: bool, *notes: str) -> None:
    def render(out: Any) -> None:
        from companion.games.playlist import render as ui

        ui.render_notes(out, notes)
        draw = ui.render_status if status.game == "playlist" else ui.render_solo_status
        draw(out, status)

    emit(payload, as_json, render)


# --- check and score ----------------------------------------------------------------------


@app.command()
def check(ctx: typer.Context, cards: CardArgs, solo: SoloFlag = False, json: JsonOption = False):
    """Check a playlist: each card shares an icon with the card before it."""
    show(_box(ctx).check(cards, solo), json, "render_check")


@app.command()
def score(
    ctx: typer.Context,
    cards: CardArgs,
    assignment: AssignmentOption = None,
    solo: SoloFlag = False,
    json: JsonOption = False,
):
    """Score a playlist: card points, 15-song bonus, genre bonuses, assignments."""
    show(_box(ctx).score(cards, assignment or [], solo), json, "render_score")


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
    show(_box(ctx).add(card, artist, kind), json, "render_change")


@cards_app.command("import")
def cards_import(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="CSV with header title,artist,genre,points,icons.")],
    replace: Annotated[bool, typer.Option("--replace", help="Replace the catalogue.")] = False,
    json: JsonOption = False,
):
    """Import cards from CSV: title,artist,genre,points,icons[,kind]; icons joined by '+'."""
    from companion.store import regular

    text = regular.text(file, encoding="utf-8-sig")
    show(_box(ctx).import_csv(text, replace), json, "render_change", str(file))


@cards_app.command("list")
def cards_list(
    ctx: typer.Context,
    genre: Annotated[str | None, typer.Option("--genre", "-g", help="Only this genre.")] = None,
    json: JsonOption = False,
):
    """List the catalogue."""
    show(_box(ctx).listing(genre), json, "render_catalogue")


@cards_app.command("remove")
def cards_remove(
    ctx: typer.Context,
    card: Annotated[str, typer.Argument(help="Card number or title prefix.")],
    json: JsonOption = False,
):
    """Remove a card from the catalogue (its number is not reused)."""
    show(_box(ctx).remove(card), json, "render_change")


@genres_app.command("set")
def genres_set(
    ctx: typer.Context,
    genres: Annotated[str, typer.Argument(help="Up to four genres, e.g. pop,rock,tiktok,rnb.")],
    json: JsonOption = False,
):
    """Set the genres in play; assignment cards are then read with the new genre."""
    show(_box(ctx).set_genres(genres), json, "render_genres")


@genres_app.command("show")
def genres_show(ctx: typer.Context, json: JsonOption = False):
    """Show the genres in play."""
    show(_box(ctx).show_genres(), json, "render_genres")


@deck_app.command("show")
def deck_show(ctx: typer.Context, json: JsonOption = False):
    """The cards 'game start --deck' deals from: catalogue, assignment and action cards."""
    show(_box(ctx).deck_cards(), json, "render_deck_cards")


@deck_app.command("assignments")
def deck_assignments(
    ctx: typer.Context,
    cards: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[POINTS:GENRE=N,...]...", help="Every assignment card (none: clear)."
        ),
    ] = None,
    json: JsonOption = False,
):
    """Give the box's assignment cards, for the companion to deal; none clears them."""
    show(_box(ctx).set_assignment_cards(cards or []), json, "render_deck_cards")


@deck_app.command("actions")
def deck_actions(
    ctx: typer.Context,
    cards: Annotated[
        list[str] | None,
        typer.Argument(metavar="[TEXT]...", help="Every action card's text (none: clear)."),
    ] = None,
    json: JsonOption = False,
):
    """Give the box's action cards (their English text), for the companion to deal."""
    show(_box(ctx).set_action_cards(cards or []), json, "render_deck_cards")


# --- the tracked game ----------------------------------------------------------------------


@game_app.command("start")
def game_start(
    ctx: typer.Context,
    players: Annotated[str, typer.Option("--players", "-p", help="Players in seat order: A,B,C.")],
    first: Annotated[
        str | None,
        typer.Option("--first", help="Who most recently listened to their own playlist."),
    ] = None,
    deck: Annotated[
        bool,
        typer.Option(
            "--deck",
            help="The companion holds the deck: it deals the hands and the Download List "
            "from the catalogue (remote play, or no physical cards).",
        ),
    ] = False,
    seed: SeedOption = None,
    new: NewOption = None,
    json: JsonOption = False,
):
    """Start a game; without --first the starting player is drawn at random."""
    started = _game(ctx).start(players_of(ctx, players, new), first, seed, deck)
    show_status(started.to_json(), started.status, json, *started.notes)


@game_app.command("play")
def game_play(ctx: typer.Context, player: PlayerArg, cards: CardArgs, json: JsonOption = False):
    """Start a playlist (two or more cards) or add to it on your turn; every link is checked."""
    show_move(_game(ctx).play(player, cards), json)


@game_app.command("lose")
def game_lose(ctx: typer.Context, player: PlayerArg, json: JsonOption = False):
    """The last card of a playlist goes away (failed challenge, action card)."""
    show_move(_game(ctx).lose(player), json)


@game_app.command("claim")
def game_claim(
    ctx: typer.Context,
    player: InferredPlayer = None,
    card: Annotated[
        str | None,
        typer.Argument(metavar="[CARD]", help="The song claimed (default: the singer's last)."),
    ] = None,
    json: JsonOption = False,
):
    """Someone else sang the song: it leaves the singer's playlist and joins PLAYER's if it
    matches their last card, else it is put away."""
    table = _game(ctx)
    show_move(table.claim(player or table.mover("claim"), card), json)


@game_app.command("bluff")
def game_bluff(
    ctx: typer.Context,
    caller: Annotated[
        str | None,
        typer.Argument(
            metavar="[CALLER]",
            help="Who called the bluff (unique prefix); left out: the only one who may.",
        ),
    ] = None,
    wrong: Annotated[
        bool,
        typer.Option("--wrong", help="The singer was right: the caller loses their last song."),
    ] = False,
    json: JsonOption = False,
):
    """A bluff called out: the caller takes the singer's last song as a claim (--wrong: the
    caller loses the last song of their own playlist)."""
    table = _game(ctx)
    show_move(table.bluff(caller or table.mover("bluff", right=not wrong), wrong), json)


@game_app.command("download")
def game_download(
    ctx: typer.Context,
    card: Annotated[str, typer.Argument(help="A Download List card: number or title prefix.")],
    json: JsonOption = False,
):
    """Take a card from the Download List (twice a turn); the stockpile refills it (--deck)."""
    show_move(_game(ctx).download(card), json)


@game_app.command("action")
def game_action(
    ctx: typer.Context,
    player: PlayerArg,
    card: Annotated[str, typer.Argument(help="The action card's text (unique prefix).")],
    json: JsonOption = False,
):
    """An action card played (--deck with the table's action cards); record its effect too."""
    show_move(_game(ctx).action(player, card), json)


@game_app.command("hand")
def game_hand(ctx: typer.Context, player: PlayerArg, json: JsonOption = False):
    """A player's cards when the companion holds the deck (show it to that player only)."""
    show(_game(ctx).hand(player), json, "render_hand")


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
    show_move(_game(ctx).assignment(player, assignment, done), json)


@game_app.command("turn")
def game_turn(ctx: typer.Context, json: JsonOption = False):
    """End the current turn: reminders, assignments turned over, the last round."""
    show_move(_game(ctx).turn(), json)


@game_app.command("end")
def game_end(
    ctx: typer.Context,
    now: Annotated[
        bool, typer.Option("--now", help="Score now, before the last round is over.")
    ] = False,
    tie_winner: Annotated[
        str | None,
        typer.Option(
            "--tie-winner",
            metavar="NAME",
            help="Who the table names the winner of a tie for first (else a shared first).",
        ),
    ] = None,
    json: JsonOption = False,
):
    """Score every playlist, name the winner and file the game in history."""
    show(_game(ctx).end(now, tie_winner), json, "render_game_end")


# --- solo play -----------------------------------------------------------------------------


LaidOption = Annotated[
    list[str] | None,
    typer.Option(
        "--laid",
        metavar="GENRE/POINTS/ICONS[/TITLE]",
        help="A card the table laid out from the shuffled box, described (repeat for each); "
        "needed when the catalogue lists no cards.",
    ),
]


@solo_app.command("start")
def solo_start(
    ctx: typer.Context,
    cards: Annotated[
        int | None, typer.Option("--cards", "-k", help="How many cards to lay out (20).")
    ] = None,
    player: Annotated[str, typer.Option("--player", help="Who plays this run.")] = "solo",
    laid: LaidOption = None,
    seed: SeedOption = None,
    new: NewOption = None,
    json: JsonOption = False,
):
    """Lay out cards for a solo run (same --seed, same cards: the video-call variant)."""
    started = _solo(ctx).start(cards, players_of(ctx, [player], new)[0], seed, laid)
    show_status(started.to_json(), started.status, json)


solo_app.command("deal", hidden=True, help="Same as 'playlist solo start'.")(solo_start)


@solo_app.command("check")
def solo_check(ctx: typer.Context, cards: CardArgs, json: JsonOption = False):
    """Check a solo playlist: same genre needs one shared icon, different genres two."""
    show(_box(ctx).check(cards, True), json, "render_check")


@solo_app.command("score")
def solo_score(
    ctx: typer.Context,
    cards: CardArgs,
    anyway: Annotated[
        bool,
        typer.Option("--anyway", help="Count it although a laid-out card still fits an end."),
    ] = False,
    json: JsonOption = False,
):
    """Score a solo playlist; with a solo run going, record it as this round's playlist
    (refused while a laid-out card still fits at either end, unless --anyway)."""
    show(_solo(ctx).score(cards, anyway), json, "render_score")


@solo_app.command("goal")
def solo_goal(
    ctx: typer.Context,
    points: Annotated[
        int | None, typer.Argument(help="The points a round needs (default: unchanged).")
    ] = None,
    reading: Annotated[
        str | None,
        typer.Option(
            "--reading",
            help="at-least (the goal statement, the default) or more-than (the round's end).",
        ),
    ] = None,
    reset: Annotated[
        bool, typer.Option("--reset", help="Back to the installed data file's goal.")
    ] = False,
    json: JsonOption = False,
):
    """Show or set what wins a solo round: 'at least 10 points' or 'more than 10 points'."""
    box = _box(ctx)
    changed = points is not None or reading is not None or reset
    goal = box.set_solo_goal(points, reading, reset) if changed else box.solo_goal()
    show(goal, json, "render_goal")


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
    show(_solo(ctx).solve(cards or [], max_nodes), json, "render_solution")


@solo_app.command("next")
def solo_next(ctx: typer.Context, laid: LaidOption = None, json: JsonOption = False):
    """Start the next round with one card fewer (after a won round)."""
    status = _solo(ctx).next_round(laid).status
    show_status(status.to_json(), status, json)


def _undone(undone: Any) -> dict[str, Any]:
    from companion.games.playlist.table import undone_json

    return undone_json(undone)


# Every common verb but the game's `end --now`, which takes more.
table_verbs(
    game_app,
    "playlist",
    helps={
        "status": "The scoreboard: playlists, running points, the round, who is to play.",
        "undo": "Take back the last recorded step.",
        "abandon": "Drop an unfinished game (kept in history as abandoned).",
    },
    views={
        "undo": "companion.games.playlist.render:render_undone",
        "abandon": "companion.games.playlist.render:render_ended",
    },
    payloads={"undo": _undone},
    verbs=("status", "undo", "abandon"),
)
table_verbs(
    solo_app,
    "playlist-solo",
    helps={
        "status": "The solo run: this round's cards and every round so far.",
        "undo": "Take back the last recorded step of the solo run.",
        "end": "Stop the solo run and file how far it got in history.",
        "abandon": "Drop the solo run (kept in history as abandoned).",
    },
    views={
        "undo": "companion.games.playlist.render:render_undone",
        "end": "companion.games.playlist.render:render_solo_end",
        "abandon": "companion.games.playlist.render:render_ended",
    },
    payloads={"undo": _undone},
)

app.lazy("play", "companion.cli.play:playlist")
solo_app.lazy("play", "companion.cli.play:playlist-solo")
