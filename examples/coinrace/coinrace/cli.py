"""`companion coinrace`: start, flip and play; status, undo, end and abandon come with
`table_app`, built from the spec (its table and its renderer)."""

from __future__ import annotations

import typer

from companion.cli.common import JsonOption, SeedOption, emit, open_store
from companion.cli.table_app import table_app

app = table_app(
    "coinrace",
    "Coin race: the first to three heads wins.",
    helps={
        "status": "Show the race.",
        "undo": "Take back the last flip.",
        "end": "File the race in history once someone has won.",
        "abandon": "Abandon the race (kept in history as abandoned).",
    },
)


def _table(ctx: typer.Context):
    from coinrace.table import CoinRaceTable

    return CoinRaceTable(open_store(ctx))


def _show(status, json: bool) -> None:
    def render(out) -> None:
        from coinrace.faces import render_status

        render_status(out, status)

    emit(status.to_json(), json, render)


@app.command()
def start(
    ctx: typer.Context,
    players: str = typer.Option(..., "--players", help="Comma-separated names."),
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    """Start a race."""
    _show(_table(ctx).start([p for p in players.split(",") if p.strip()], seed), json)


@app.command()
def flip(ctx: typer.Context, json: JsonOption = False) -> None:
    """Flip the coin for the player whose turn it is."""
    _show(_table(ctx).flip().status, json)


app.lazy("play", "companion.cli.play:coinrace")
