"""`companion history`: finished and live matches."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import JsonOption, emit, new_app, open_store

app = new_app("Match history: list, show, players.")

GameOption = Annotated[str | None, typer.Option("--game", "-g", help="Only this game.")]
PlayerOption = Annotated[str | None, typer.Option("--player", "-p", help="Only matches with this player.")]


def summary(match: dict) -> dict:
    return {
        "id": match["id"],
        "game": match["game"],
        "players": match["players"],
        "status": match["status"],
        "created": match.get("created"),
        "finished": match.get("finished"),
        "result": match.get("result"),
        "events": len(match.get("events", [])),
    }


@app.command("list")
def list_(
    ctx: typer.Context,
    game: GameOption = None,
    player: PlayerOption = None,
    json: JsonOption = False,
) -> None:
    """List matches, newest first."""
    from companion.history.queries import resolve_game

    store = open_store(ctx)
    matches = [summary(m) for m in store.list_matches(resolve_game(game), player)]

    def render(out):
        from companion.ui.history import match_table

        out.print(match_table(matches))

    emit({"matches": matches}, json, render)


@app.command()
def show(
    ctx: typer.Context,
    match_id: Annotated[str, typer.Argument(metavar="ID", help="Match id or a unique prefix.")],
    json: JsonOption = False,
) -> None:
    """Show one match with its full event log."""
    match = open_store(ctx).get_match(match_id)

    def render(out):
        from companion.ui.history import match_detail

        match_detail(out, match)

    emit(match, json, render)


@app.command()
def players(
    ctx: typer.Context,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Everyone who has played, with how many matches each."""
    from companion.history.queries import player_counts, resolve_game

    counts = player_counts(open_store(ctx).list_matches(resolve_game(game)))
    rows = [{"player": p, "matches": n} for p, n in counts]

    def render(out):
        if not rows:
            out.print("No players yet.")
        for row in rows:
            out.print(f"{row['player']}  {row['matches']} match{'es' if row['matches'] != 1 else ''}")

    emit({"players": rows}, json, render)
