"""`companion otdraft`: the card catalogue, end-game scoring and the draft tracker."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import JsonOption, SeedOption, emit, new_app, open_store
from companion.engine.errors import BadInput, RuleViolation

if TYPE_CHECKING:
    from companion.games.otdraft.cards import Catalogue
    from companion.games.otdraft.draft import DraftState
    from companion.store import Store

GAME = "otdraft"
TABLE = "otdraft"  # store table for the catalogue
CATALOGUE_KEY = "catalogue"

app = new_app("OT Fantasy Draft: card catalogue, end-game scoring, the draft tracker.")
cards_app = new_app("The card catalogue: import, check, list, show, export.")
game_app = new_app(
    "Track a draft: start, secret, pick, leftover, turn, reveal, status, hand, undo, end."
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


# --- the catalogue ----------------------------------------------------------------


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"no file {path}") from None
    except (OSError, UnicodeDecodeError) as err:
        raise BadInput(f"cannot read {path}: {err}") from None


def _parse_file(path: Path) -> Catalogue:
    from companion.games.otdraft.catalogue import parse_catalogue_text

    return parse_catalogue_text(_read(path), path.name)


def _example_path() -> Path:
    from importlib.resources import files

    return Path(str(files("companion.data").joinpath("otdraft_example.toml")))


def _stored_catalogue(store: Store) -> Catalogue:
    from companion.games.otdraft.catalogue import parse_catalogue_data

    doc = store.get_doc(TABLE, CATALOGUE_KEY)
    if doc is None:
        raise RuleViolation(
            "no OT Fantasy Draft card catalogue imported",
            hint="companion otdraft cards import FILE.toml, or --example for the "
            "rulebook's scoring example (see docs/otdraft-cards.md)",
        )
    return parse_catalogue_data(doc, doc.get("source") or "the stored catalogue")


def imported_catalogue(store: Store) -> Catalogue | None:
    """The imported catalogue, or None when the table has not imported one."""
    if store.get_doc(TABLE, CATALOGUE_KEY) is None:
        return None
    return _stored_catalogue(store)


def _catalogue(ctx: typer.Context, path: Path | None) -> Catalogue:
    return _parse_file(path) if path is not None else _stored_catalogue(open_store(ctx))


def _summary(catalogue: Catalogue) -> dict[str, Any]:
    from companion.games.otdraft.cards import CATEGORIES

    counts = {c: sum(1 for card in catalogue.cards if card.category == c) for c in CATEGORIES}
    return {"source": catalogue.source, "cards": len(catalogue), "categories": counts}


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
    if (file is None) == (not example):
        raise BadInput("give FILE.toml or --example (not both)")
    catalogue = _parse_file(file if file is not None else _example_path())
    open_store(ctx).put_doc(TABLE, CATALOGUE_KEY, catalogue.to_raw())
    payload = {"imported": True, **_summary(catalogue)}

    def render(out):
        from companion.ui.otdraft import render_catalogue_summary

        render_catalogue_summary(out, payload, "Imported")

    emit(payload, json, render)


@cards_app.command("check")
def cards_check(file: FileArgument, json: JsonOption = False) -> None:
    """Validate a catalogue file without importing it."""
    payload = {"ok": True, **_summary(_parse_file(file))}

    def render(out):
        from companion.ui.otdraft import render_catalogue_summary

        render_catalogue_summary(out, payload, "OK:")

    emit(payload, json, render)


def _card_json(card: Any) -> dict[str, Any]:
    return {**card.to_raw(), "rules_text": [r.text() for r in card.rules]}


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
    from companion.games.otdraft.cards import CATEGORIES

    catalogue = _catalogue(ctx, catalogue_file)
    wanted = None if category is None else match_prefix(category, CATEGORIES, what="category")
    rows = [_card_json(c) for c in catalogue.cards if wanted is None or c.category == wanted]
    payload = {"source": catalogue.source, "category": wanted, "cards": rows}

    def render(out):
        from companion.ui.otdraft import render_card_list

        render_card_list(out, payload)

    emit(payload, json, render)


@cards_app.command("show")
def cards_show(
    ctx: typer.Context,
    name: CardArgument,
    catalogue_file: CatalogueOption = None,
    json: JsonOption = False,
) -> None:
    """One card: category, starting points, traits and rules."""
    payload = _card_json(_catalogue(ctx, catalogue_file).find(name))

    def render(out):
        from companion.ui.otdraft import render_card

        render_card(out, payload)

    emit(payload, json, render)


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
    from companion.games.otdraft.catalogue import catalogue_to_toml

    catalogue = _stored_catalogue(open_store(ctx))
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


def _parse_choices(kind: str, given: list[str], team_names: list[str]) -> dict[str, tuple]:
    """`CARD=TARGET[,TARGET…]` (repeatable); `CARD=` chooses nothing."""
    from companion.engine.names import match_prefix

    chosen: dict[str, list[str]] = {}
    for text in given:
        card, sep, targets = text.partition("=")
        if not sep:
            raise BadInput(f"--{kind} '{text}' is not CARD=TARGET")
        name = match_prefix(card, team_names, what="card on the team")
        picks = chosen.setdefault(name, [])
        for target in (t for t in targets.split(",") if t.strip()):
            hit = match_prefix(target, team_names, what="card on the team")
            if hit not in picks:
                picks.append(hit)
    return {k: tuple(v) for k, v in chosen.items()}


def _outcome_json(score: Any) -> dict[str, Any]:
    return {
        "total": score.total,
        **score.choices.to_json(),
        "destroyed": [c.name for c in score.cards if c.destroyed],
        "silenced": [c.name for c in score.cards if c.silenced],
    }


def score_payload(search: Any, secret: str | None = None) -> dict[str, Any]:
    best = search.best
    return {
        "total": best.total,
        "cards": [c.to_json() for c in best.cards],
        "secret": secret,
        "choices": {
            **best.choices.to_json(),
            "chosen_by_companion": list(search.open_cards),
            "tried": search.tried,
            "runner_up": _outcome_json(search.runner_up) if search.runner_up else None,
        },
    }


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
    from companion.games.otdraft.best import find_best
    from companion.games.otdraft.scoring import Choices, build_team

    catalogue = _catalogue(ctx, catalogue_file)
    team = build_team(catalogue, cards, secret)
    names = [c.name for c in team]
    fixed = Choices(
        _parse_choices("protect", protect or [], names),
        _parse_choices("silence", silence or [], names),
    )
    search = find_best(team, fixed)
    payload = score_payload(search, team[-1].name if secret is not None else None)

    def render(out):
        from companion.ui.otdraft import render_score

        render_score(out, payload)

    emit(payload, json, render)


# --- the draft --------------------------------------------------------------------


def _status(match: dict[str, Any], state: DraftState | None = None) -> dict[str, Any]:
    from companion.games.otdraft.draft import state_of

    state = state or state_of(match)
    return {"id": match["id"], "players": list(match["players"]), **state.to_json()}


def _move(ctx: typer.Context, make_event, as_json: bool) -> None:
    """Validate and record one move under the store lock, then show the new state."""
    from companion.engine.rng import step_rng
    from companion.games.otdraft.draft import state_of

    def change(match):
        rng = step_rng(match["seed"], len(match["events"]))
        return [make_event(state_of(match), rng)]

    match, events = open_store(ctx).update_live(GAME, change)
    payload = {**_status(match), "event": events[-1]}

    def render(out):
        from companion.ui.otdraft import render_move

        render_move(out, payload)

    emit(payload, as_json, render)


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
    json: JsonOption = False,
) -> None:
    """Start a draft: seven rounds; with --deck, deal secret candidates and the Draftline."""
    # With no catalogue imported (and no --catalogue) it records the table's cards by name;
    # 'end' scores them once a catalogue describes every drafted card (docs/otdraft.md).
    from companion.engine.decks import parse_players
    from companion.engine.rng import TableRng, step_rng
    from companion.games.otdraft.draft import (
        MAX_PLAYERS,
        MIN_PLAYERS,
        deal_event,
        start_options,
    )

    parse_players(players, low=MIN_PLAYERS, high=MAX_PLAYERS)  # 1 or 6 players: say so first
    store = open_store(ctx)
    catalogue = (
        _parse_file(catalogue_file) if catalogue_file is not None else imported_catalogue(store)
    )
    names, starter, run_deck = start_options(players, first, catalogue, deck)
    seed_value = TableRng(seed).seed
    events = [deal_event(catalogue, names, step_rng(seed_value, 0))] if run_deck else []
    raw = None if catalogue is None else catalogue.to_raw()
    options = {"first": starter, "deck": run_deck, "catalogue": raw}
    match = store.start_match(GAME, names, options, seed_value, events)
    payload = {**_status(match), "seed": seed_value}

    def render(out):
        from companion.ui.otdraft import render_started

        render_started(out, payload)

    emit(payload, json, render)


@game_app.command()
def pick(
    ctx: typer.Context, player: PlayerArgument, card: CardArgument, json: JsonOption = False
) -> None:
    """A turn: PLAYER takes CARD from the Draftline (refilled, or renewed after the round)."""
    from companion.games.otdraft.draft import pick_event

    _move(ctx, lambda state, rng: pick_event(state, player, card, rng), json)


@game_app.command()
def leftover(
    ctx: typer.Context, player: PlayerArgument, card: CardArgument, json: JsonOption = False
) -> None:
    """At a round's end, PLAYER's leftover ability takes CARD from the Draftline."""
    from companion.games.otdraft.draft import leftover_event

    _move(ctx, lambda state, rng: leftover_event(state, player, card), json)


@game_app.command()
def secret(
    ctx: typer.Context, player: PlayerArgument, card: CardArgument, json: JsonOption = False
) -> None:
    """PLAYER keeps CARD as the secret card (with --deck: one of the two dealt)."""
    from companion.games.otdraft.draft import secret_event

    _move(ctx, lambda state, rng: secret_event(state, player, card), json)


@game_app.command()
def reveal(ctx: typer.Context, player: PlayerArgument, json: JsonOption = False) -> None:
    """PLAYER shows the secret card early, to use its ability mid-draft."""
    from companion.games.otdraft.draft import reveal_event

    _move(ctx, lambda state, rng: reveal_event(state, player), json)


@game_app.command()
def turn(ctx: typer.Context, json: JsonOption = False) -> None:
    """Close a round after the leftover cards: discard the Draftline, lay five new cards."""
    from companion.games.otdraft.draft import turn_event

    _move(ctx, lambda state, rng: turn_event(state, rng), json)


@game_app.command()
def status(ctx: typer.Context, json: JsonOption = False) -> None:
    """Round, turn order, whose turn, Draftline, piles and teams."""
    payload = _status(open_store(ctx).current_match(GAME))

    def render(out):
        from companion.ui.otdraft import render_status

        render_status(out, payload)

    emit(payload, json, render)


@game_app.command()
def hand(ctx: typer.Context, player: PlayerArgument, json: JsonOption = False) -> None:
    """PLAYER's secret candidates and kept secret card (show it to that player only)."""
    from companion.engine.names import match_prefix
    from companion.games.otdraft.draft import state_of

    state = state_of(open_store(ctx).current_match(GAME))
    name = match_prefix(player, state.players, what="player")
    payload = {
        "player": name,
        "candidates": state.candidates.get(name, []),
        "secret": state.secrets.get(name),
        "revealed": name in state.revealed,
    }

    def render(out):
        from companion.ui.otdraft import render_hand

        render_hand(out, payload)

    emit(payload, json, render)


@game_app.command()
def undo(ctx: typer.Context, json: JsonOption = False) -> None:
    """Take back the last recorded move."""
    from companion.engine.errors import NothingToUndo

    store = open_store(ctx)
    events = store.current_match(GAME)["events"]
    if len(events) == 1 and events[0]["type"] == "deal":
        raise NothingToUndo(
            "nothing to undo: only the deal is recorded",
            hint="'otdraft game abandon' to start again",
        )
    match, removed = store.undo_event(GAME)
    payload = {**_status(match), "undone": removed}

    def render(out):
        from companion.ui.otdraft import render_undo

        render_undo(out, payload)

    emit(payload, json, render)


@game_app.command()
def end(ctx: typer.Context, json: JsonOption = False) -> None:
    """Score every team with its best Protect/Silence choice; a tie goes to the latest turn."""
    # A draft recorded without a catalogue is scored with the imported one, which must
    # describe every drafted card (otherwise nothing is written and the missing cards named).
    from companion.games.otdraft.draft import state_of
    from companion.games.otdraft.results import final_result

    store = open_store(ctx)
    match = store.current_match(GAME)
    state = state_of(match)
    catalogue = imported_catalogue(store) if state.free else None
    result, searches = final_result(state, catalogue)
    store.finish_match(GAME, result, expected_events=len(match["events"]))
    shown = {k: v for k, v in result.items() if k != "catalogue"}
    payload = {
        **_status(match, state),
        **shown,
        "details": {p: score_payload(s, result["teams"][p][-1]) for p, s in searches.items()},
    }

    def render(out):
        from companion.ui.otdraft import render_end

        render_end(out, payload)

    emit(payload, json, render)


@game_app.command()
def abandon(ctx: typer.Context, json: JsonOption = False) -> None:
    """Stop the live draft without a result (kept in history as abandoned)."""
    match = open_store(ctx).abandon_match(GAME)
    payload = {"id": match["id"], "status": match["status"]}
    emit(payload, json, lambda out: out.print(f"Draft {match['id']} abandoned."))


app.lazy("play", "companion.cli.otdraft_play:play")
