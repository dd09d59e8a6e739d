"""`companion players`: one player however their name was typed."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import JsonOption, emit, new_app, open_store
from companion.cli.history import GameOption
from companion.history.book import history

app = new_app("Players: list them, rename one, merge two spellings into one.")


def _matches(count: int) -> str:
    from companion.ui.history import plural

    return plural(count, "match")


@app.command("list")
def list_(ctx: typer.Context, game: GameOption = None, json: JsonOption = False) -> None:
    """Everyone who has played: matches, last played, and the other spellings of their name."""
    from companion.history.players import roster_rows
    from companion.history.queries import Filter, resolve_game, select

    roster, matches = history(open_store(ctx))
    listed = roster_rows(select(matches, Filter(game=resolve_game(game))), roster)

    def render(out):
        from companion.ui.history import players_view

        players_view(out, listed)

    emit({"players": listed}, json, render)


@app.command()
def rename(
    ctx: typer.Context,
    old: Annotated[str, typer.Argument(metavar="OLD", help="A player's name (or prefix).")],
    new: Annotated[str, typer.Argument(metavar="NEW", help="What to call them from now on.")],
    json: JsonOption = False,
) -> None:
    """Call a player something else, in every match past, live and future."""
    from companion.history.book import rename_player
    from companion.tables import rename_in_documents

    store = open_store(ctx)
    done = rename_player(store, old, new, rename_in_documents(store))
    emit(
        {"renamed": done.source, "to": done.target, "matches": done.matches},
        json,
        lambda out: out.print(
            f"{done.source} is now {done.target} ({_matches(done.matches)})", markup=False
        ),
    )


@app.command()
def merge(
    ctx: typer.Context,
    alias: Annotated[str, typer.Argument(metavar="ALIAS", help="The other spelling (or prefix).")],
    into: Annotated[str, typer.Argument(metavar="INTO", help="The player it really is.")],
    json: JsonOption = False,
) -> None:
    """Make two names one player: ALIAS's matches become INTO's."""
    from companion.history.book import merge_players
    from companion.tables import rename_in_documents

    store = open_store(ctx)
    done = merge_players(store, alias, into, rename_in_documents(store))
    emit(
        {"merged": done.source, "into": done.target, "matches": done.matches},
        json,
        lambda out: out.print(
            f"{done.source} merged into {done.target} ({_matches(done.matches)})", markup=False
        ),
    )
