"""`companion otdraft`: the card catalogue, end-game scoring and the draft tracker.

Every command parses, calls `companion.games.otdraft.table.DraftTable` and prints the answer
(`--json`: the answer's `to_json()`; otherwise its renderer in `companion.games.otdraft.render`).
"""

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
from companion.engine.errors import BadInput

if TYPE_CHECKING:
    from companion.games.otdraft.table import DraftMove, DraftTable

app = new_app("OT Fantasy Draft: card catalogue, end-game scoring, the draft tracker.")
cards_app = new_app("The card catalogue: import, add, check, list, show, export.")
game_app = new_app(
    "Track a draft: start, secret, pick, leftover, turn, reveal, total, status, hand, undo, end, "
    "abandon."
)
app.add_typer(cards_app, name="cards")
app.add_typer(game_app, name="game")

FileArgument = Annotated[Path, typer.Argument(metavar="FILE.toml", help="A catalogue file.")]
CatalogueOption = Annotated[
    Path | None,
    typer.Option(
        "--catalogue",
        metavar="FILE.toml",
        help="Use this catalogue file instead of the imported one.",
    ),
]
PlayerArgument = Annotated[str, typer.Argument(help="Player name (a unique prefix will do).")]
CardArgument = Annotated[str, typer.Argument(help="Card name (a unique prefix will do).")]


def _table(ctx: typer.Context) -> DraftTable:
    from companion.games.otdraft.table import DraftTable

    return DraftTable(open_store(ctx))


def _ui() -> Any:
    """The renderers, imported only when something is drawn (not for --json)."""
    from companion.games.otdraft import render as otdraft

    return otdraft


# --- the catalogue ----------------------------------------------------------------


@cards_app.command("import")
def cards_import(
    ctx: typer.Context,
    file: Annotated[
        Path | None, typer.Argument(metavar="FILE.toml", help="The catalogue to import.")
    ] = None,
    example: Annotated[
        bool,
        typer.Option("--example", help="Import the shipped rulebook-example catalogue."),
    ] = False,
    json: JsonOption = False,
) -> None:
    """Validate a catalogue file and make it the table's catalogue (replaces the old one)."""
    from companion.games.otdraft.table import example_catalogue, read_catalogue_file

    if (file is None) == (not example):
        raise BadInput("give FILE.toml or --example (not both)")
    catalogue = read_catalogue_file(file) if file is not None else example_catalogue()
    _table(ctx).import_catalogue(catalogue)
    emit(
        {"imported": True, **catalogue.summary_json()},
        json,
        lambda out: _ui().render_catalogue_summary(out, catalogue, "Imported"),
    )


@cards_app.command("add")
def cards_add(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The card's name, as printed.")],
    category: Annotated[
        str, typer.Option("--category", "-c", help="Leader, Location, Prophet, Regular or Thing.")
    ],
    points: Annotated[int, typer.Option("--points", help="The starting points.")],
    trait: Annotated[
        list[str] | None,
        typer.Option("--trait", help="Animal, Food, Man or Woman (repeat for several)."),
    ] = None,
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            metavar="RULES",
            help='The rules in the card language, e.g. \'{ each = "category:Leader", '
            "points = 4 }' (docs/otdraft-cards.md).",
        ),
    ] = "",
    json: JsonOption = False,
) -> None:
    """Describe one card of the box (remembered: drafts recorded by card name score it)."""
    from companion.games.otdraft.rules.catalogue import described_card

    raw = described_card(name, category, points, ",".join(trait or ()), rules)
    card = _table(ctx).describe_cards([raw])[0]
    emit(
        {"described": True, **card.to_json()},
        json,
        lambda out: _ui().render_card(out, card),
    )


@cards_app.command("check")
def cards_check(file: FileArgument, json: JsonOption = False) -> None:
    """Validate a catalogue file without importing it."""
    from companion.games.otdraft.table import read_catalogue_file

    catalogue = read_catalogue_file(file)
    emit(
        {"ok": True, **catalogue.summary_json()},
        json,
        lambda out: _ui().render_catalogue_summary(out, catalogue, "OK:"),
    )


@cards_app.command("list")
def cards_list(
    ctx: typer.Context,
    category: Annotated[
        str | None, typer.Option("--category", "-c", help="Only this category.")
    ] = None,
    catalogue_file: CatalogueOption = None,
    json: JsonOption = False,
) -> None:
    """List the catalogue's cards (optionally one category)."""
    from companion.engine.names import match_prefix
    from companion.games.otdraft.rules.cards import CATEGORIES

    catalogue = _table(ctx).catalogue_or_file(catalogue_file)
    wanted = None if category is None else match_prefix(category, CATEGORIES, what="category")
    cards = [c for c in catalogue.cards if wanted is None or c.category == wanted]
    payload = {
        "source": catalogue.source,
        "category": wanted,
        "cards": [c.to_json() for c in cards],
    }
    emit(payload, json, lambda out: _ui().render_card_list(out, catalogue, cards, wanted))


@cards_app.command("show")
def cards_show(
    ctx: typer.Context,
    name: CardArgument,
    catalogue_file: CatalogueOption = None,
    json: JsonOption = False,
) -> None:
    """One card: category, starting points, traits and rules."""
    card = _table(ctx).catalogue_or_file(catalogue_file).find(name)
    emit(card.to_json(), json, lambda out: _ui().render_card(out, card))


@cards_app.command("export")
def cards_export(
    ctx: typer.Context,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", metavar="FILE.toml", help="Write here instead of stdout."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Print the imported catalogue as TOML (the import format), or write it to a file."""
    from companion.games.otdraft.rules.catalogue import catalogue_to_toml

    catalogue = _table(ctx).require_catalogue()
    text = catalogue_to_toml(catalogue)
    if output is not None:
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as err:
            raise BadInput(f"cannot write {output}: {err}") from None
    payload = {"cards": len(catalogue), "output": str(output) if output else None, "toml": text}

    def render(out):
        if output is None:
            typer.echo(text, nl=False)
        else:
            out.print(f"Wrote {len(catalogue)} cards to {output}", markup=False)

    emit(payload, json, render)


# --- scoring ----------------------------------------------------------------------


@app.command()
def score(
    ctx: typer.Context,
    cards: Annotated[list[str], typer.Argument(metavar="CARD...", help="The Drafted Team.")],
    secret: Annotated[
        str | None,
        typer.Option("--secret", metavar="CARD", help="The secret card, added to the team."),
    ] = None,
    protect: Annotated[
        list[str] | None,
        typer.Option(
            "--protect",
            metavar="CARD=TARGET",
            help="Fix what a Protect card protects (repeat, or TARGET,TARGET; CARD= for none).",
        ),
    ] = None,
    silence: Annotated[
        list[str] | None,
        typer.Option(
            "--silence",
            metavar="CARD=TARGET",
            help="Fix what a Silence card silences (CARD= for none).",
        ),
    ] = None,
    catalogue_file: CatalogueOption = None,
    json: JsonOption = False,
) -> None:
    """Score a team at game end: Protect/Silence, Destroy, then each card's points.

    Choices you leave open are made by the companion: it tries them all and shows the
    best, with the runner-up.
    """
    scored = _table(ctx).score(
        cards,
        secret=secret,
        protect=protect or (),
        silence=silence or (),
        catalogue_file=catalogue_file,
    )
    emit(scored.to_json(), json, lambda out: _ui().render_score(out, scored))


# --- the draft --------------------------------------------------------------------


def _emit_move(move: DraftMove, json: bool) -> None:
    emit(move.to_json(), json, lambda out: _ui().render_move(out, move))


@game_app.command()
def start(
    ctx: typer.Context,
    players: Annotated[
        str, typer.Option("--players", "-p", help="2 to 5 players, comma separated, clockwise.")
    ],
    first: Annotated[
        str | None, typer.Option("--first", help="Who starts (default: the first named).")
    ] = None,
    catalogue_file: CatalogueOption = None,
    deck: Annotated[
        bool | None,
        typer.Option(
            "--deck/--no-deck",
            help="The companion deals and lays the cards (default: when the catalogue "
            "has all 54) or only records what the table does.",
        ),
    ] = None,
    seed: SeedOption = None,
    new: NewOption = None,
    json: JsonOption = False,
) -> None:
    """Start a draft: seven rounds; with --deck, deal secret candidates and the Draftline."""
    # With no catalogue imported (and no --catalogue) it records the table's cards by name;
    # 'end' scores them once a catalogue describes every drafted card (docs/otdraft.md).
    started = _table(ctx).start(
        players_of(ctx, players, new),
        first=first,
        catalogue_file=catalogue_file,
        deck=deck,
        seed=seed,
    )
    emit(started.to_json(), json, lambda out: _ui().render_started(out, started))


# `pick CARD`: the player is the one the legal-moves query offers the move (whose turn it
# is); `pick PLAYER CARD` names them, as before.
MaybePlayer = Annotated[
    str,
    typer.Argument(
        metavar="[PLAYER]",
        help="Player name (a unique prefix will do); with CARD left out, this is the card "
        "and the player is the one who may (whose turn it is).",
    ),
]
LastCard = Annotated[
    str | None, typer.Argument(metavar="CARD", help="Card name (a unique prefix will do).")
]


def _player_and_card(table: DraftTable, kind: str, first: str, card: str | None) -> tuple:
    if card is None:
        return table.mover(kind), first
    return first, card


@game_app.command()
def pick(
    ctx: typer.Context, player: MaybePlayer, card: LastCard = None, json: JsonOption = False
) -> None:
    """A turn: PLAYER takes CARD from the Draftline (refilled, or renewed after the round)."""
    table = _table(ctx)
    _emit_move(table.pick(*_player_and_card(table, "pick", player, card)), json)


@game_app.command()
def leftover(
    ctx: typer.Context, player: MaybePlayer, card: LastCard = None, json: JsonOption = False
) -> None:
    """At a round's end, PLAYER's leftover ability takes CARD from the Draftline."""
    table = _table(ctx)
    _emit_move(table.leftover(*_player_and_card(table, "leftover", player, card)), json)


@game_app.command()
def secret(
    ctx: typer.Context, player: PlayerArgument, card: CardArgument, json: JsonOption = False
) -> None:
    """PLAYER keeps CARD as the secret card (with --deck: one of the two dealt)."""
    _emit_move(_table(ctx).secret(player, card), json)


@game_app.command()
def reveal(ctx: typer.Context, player: PlayerArgument, json: JsonOption = False) -> None:
    """PLAYER shows the secret card early, to use its ability mid-draft."""
    _emit_move(_table(ctx).reveal(player), json)


@game_app.command()
def turn(ctx: typer.Context, json: JsonOption = False) -> None:
    """Close a round after the leftover cards: discard the Draftline, lay five new cards."""
    _emit_move(_table(ctx).turn(), json)


@game_app.command()
def total(
    ctx: typer.Context,
    player: PlayerArgument,
    points: Annotated[int, typer.Argument(help="The team's total from the scorepad.")],
    json: JsonOption = False,
) -> None:
    """PLAYER's team total from the scorepad, once the draft is over; the last one files it."""
    from companion.games.otdraft.table import DraftEnded

    done = _table(ctx).total(player, points)
    if isinstance(done, DraftEnded):
        emit(done.to_json(), json, lambda out: _ui().render_end(out, done))
    else:
        _emit_move(done, json)


@game_app.command()
def hand(ctx: typer.Context, player: PlayerArgument, json: JsonOption = False) -> None:
    """PLAYER's secret candidates and kept secret card (show it to that player only)."""
    shown = _table(ctx).hand(player)
    emit(shown.to_json(), json, lambda out: _ui().render_hand(out, shown))


@game_app.command()
def end(
    ctx: typer.Context,
    total: Annotated[
        list[str] | None,
        typer.Option(
            "--total",
            metavar="NAME=POINTS",
            help="A team's total from the table's scorepad (once per player): the totals "
            "rank the players, whatever the catalogue knows.",
        ),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Score every team with its best Protect/Silence choice; a tie goes to the latest turn."""
    # A draft recorded by card name is scored with the catalogue (imported and described
    # cards); when it cannot, --total files the scorepad, and at a terminal `end` asks
    # for the totals or the unknown cards. Otherwise nothing is written.
    table = _table(ctx)
    totals: Any = total or None
    if totals is None and not json and _on_terminal() and table.unscored():
        from companion.games.otdraft.guided import settle_unscored
        from companion.ui.guided.prompts import guarded

        with guarded():
            totals = settle_unscored(table, undo=False)
    ended = table.end(totals)
    emit(ended.to_json(), json, lambda out: _ui().render_end(out, ended))


def _on_terminal() -> bool:
    from companion.ui.guided.prompts import on_terminal

    return on_terminal()


table_verbs(
    game_app,
    "otdraft",
    verbs=("status", "undo", "abandon"),
    helps={
        "status": "The scoreboard: round, whose turn, Draftline, piles, teams and their scores "
        "so far.",
        "undo": "Take back the last recorded move.",
        "abandon": "Stop the live draft without a result (kept in history as abandoned).",
    },
    views={
        "undo": "companion.games.otdraft.render:render_undo",
        "abandon": "companion.games.otdraft.render:render_abandoned",
    },
)

app.lazy("play", "companion.cli.play:otdraft")
