"""`companion tug`: start, pull and play; status, undo, end and abandon come with
`table_app`, built from the spec (its table and its renderer)."""

from __future__ import annotations

import typer

from companion.cli.common import JsonOption, SeedOption, emit, open_store
from companion.cli.table_app import table_app

app = table_app(
    "tug",
    "Tug of war: pull the rope three steps your way.",
    helps={
        "status": "Show the rope.",
        "undo": "Take back the last pull.",
        "end": "File the tug in history once one side has won.",
        "abandon": "Abandon the tug (kept in history as abandoned).",
    },
    next_line=True,  # the renderer leaves `next:` to watch; `status` prints it under
)


def _table(ctx: typer.Context):
    from tug.table import TugTable

    return TugTable(open_store(ctx))


def _show(status, json: bool) -> None:
    def render(out) -> None:
        from tug.faces import render_turn

        render_turn(out, status)

    emit(status.to_json(), json, render)


@app.command()
def start(
    ctx: typer.Context,
    players: str = typer.Option(..., "--players", help="Two names: A,B (A pulls first)."),
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Start a tug of war."""
    _show(_table(ctx).start([p for p in players.split(",") if p.strip()], seed), json)


@app.command()
def pull(ctx: typer.Context, json: JsonOption = False) -> None:
    """Roll for the player whose turn it is: 4 or more moves the rope their way."""
    _show(_table(ctx).pull().status, json)


app.lazy("play", "companion.cli.play:tug")
