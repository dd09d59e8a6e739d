"""`companion players`: one player however their name was typed."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from companion.cli.common import JsonOption, emit, new_app, open_store
from companion.cli.history import ALIASES, GameOption, history

app = new_app("Players: list them, rename one, merge two spellings into one.")


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


def _redirect(ctx: typer.Context, change) -> tuple[Any, int, dict[str, str]]:
    """Apply an alias change under the lock; (its outcome, matches now under the name, aliases)."""
    from companion.history.players import Roster, known_players
    from companion.store.archive import update_docs

    store = open_store(ctx)
    roster, matches = history(store)
    known = known_players(matches, roster)
    outcome: list[Any] = []

    def apply(current: dict[str, str]) -> dict[str, str]:
        result = change(current, known, matches)
        outcome.append(result[:-1])
        return result[-1]

    aliases = update_docs(store, ALIASES, apply)
    target = outcome[0][-1]
    after = Roster(aliases)
    count = sum(
        1 for m in matches for p in m["players"] if after.name(p).casefold() == target.casefold()
    )
    return outcome[0], count, aliases


@app.command()
def rename(
    ctx: typer.Context,
    old: Annotated[str, typer.Argument(metavar="OLD", help="A player's name (or prefix).")],
    new: Annotated[str, typer.Argument(metavar="NEW", help="What to call them from now on.")],
    json: JsonOption = False,
) -> None:
    """Call a player something else, in every match past and future."""
    from companion.history.players import rename as rename_player

    def change(current, known, matches):
        source, aliases = rename_player(current, known, old, new)
        return source, new.strip(), aliases

    (source, target), count, _ = _redirect(ctx, change)
    emit(
        {"renamed": source, "to": target, "matches": count},
        json,
        lambda out: out.print(f"{source} is now {target} ({count} matches)"),
    )


@app.command()
def merge(
    ctx: typer.Context,
    alias: Annotated[str, typer.Argument(metavar="ALIAS", help="The other spelling (or prefix).")],
    into: Annotated[str, typer.Argument(metavar="INTO", help="The player it really is.")],
    json: JsonOption = False,
) -> None:
    """Make two names one player: ALIAS's matches become INTO's."""
    from companion.history.players import merge as merge_players

    def change(current, known, matches):
        return merge_players(current, known, alias, into, matches)

    (source, target), count, _ = _redirect(ctx, change)
    emit(
        {"merged": source, "into": target, "matches": count},
        json,
        lambda out: out.print(f"{source} merged into {target} ({count} matches)"),
    )
