"""`companion config`: the table's own settings (where it plays, each game's BoardGameGeek id)."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import JsonOption, emit, new_app, open_store

app = new_app("The table's settings: its default location, each game's BoardGameGeek id.")

ClearOption = Annotated[bool, typer.Option("--clear", help="Forget the setting.")]


@app.command()
def location(
    ctx: typer.Context,
    place: Annotated[
        str | None,
        typer.Argument(metavar="[PLACE]", help="Where the table plays (none: show it)."),
    ] = None,
    clear: ClearOption = False,
    json: JsonOption = False,
) -> None:
    """The location games are filed at when none is given (without one set: the last one
    given with --location)."""
    from companion.history.playrecord import default_location, set_location

    store = open_store(ctx)
    if place is not None or clear:
        set_location(store, None if clear else place)
    found, how = default_location(store)
    answer = {"location": found, "from": how}

    def render(out):
        from companion.ui.console import safe

        said = {"config": "", "last": " (the last one given: none is set)"}
        line = f"location: {found}{said[how]}" if found and how else "location: none set"
        out.print(safe(line), markup=False, highlight=False)

    emit(answer, json, render)


@app.command("bgg-id")
def bgg_id(
    ctx: typer.Context,
    game: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="The game (none: list every id).")
    ] = None,
    number: Annotated[
        str | None,
        typer.Argument(metavar="[N]", help="Its id on BoardGameGeek (none: show it)."),
    ] = None,
    clear: ClearOption = False,
    json: JsonOption = False,
) -> None:
    """A game's BoardGameGeek id, as BG Stats links and BGG play files name the game."""
    from companion import registry
    from companion.engine.errors import BadInput
    from companion.history.playrecord import bgg_ids, check_bgg_id, set_bgg_id
    from companion.history.queries import resolve_game

    store = open_store(ctx)
    chosen = resolve_game(game)
    family = registry.family(chosen) if chosen is not None else None
    if (number is not None or clear) and family is None:
        raise BadInput("which game? e.g. companion config bgg-id GAME N")
    if number is not None and clear:
        raise BadInput("give an id or --clear, not both")
    ids = (
        set_bgg_id(store, family, None if clear else check_bgg_id(number))
        if family is not None and (number is not None or clear)
        else bgg_ids(store)
    )
    shown = {family: ids.get(family)} if family is not None else ids
    answer = {"bgg_ids": shown}

    def render(out):
        if not shown:
            out.print("no BoardGameGeek id set (companion config bgg-id GAME N)", markup=False)
        for key, value in shown.items():
            out.print(f"{key}: {value if value is not None else 'none set'}", markup=False)

    emit(answer, json, render)
