"""`companion coinrace`: start, flip, status, undo, end, abandon, play."""

from __future__ import annotations

import typer

from companion.cli.common import JsonOption, SeedOption, emit, new_app, open_store

app = new_app("Coin race: the first to three heads wins.")


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


@app.command()
def status(ctx: typer.Context, json: JsonOption = False) -> None:
    """Show the race."""
    _show(_table(ctx).status(), json)


@app.command()
def undo(ctx: typer.Context, json: JsonOption = False) -> None:
    """Take back the last flip."""
    done = _table(ctx).undo()
    emit(done.to_json(), json, lambda out: out.print(f"undone: {done.removed['type']}"))


@app.command()
def end(ctx: typer.Context, json: JsonOption = False) -> None:
    """File the race in history once someone has won."""
    done = _table(ctx).end()
    emit(done.to_json(), json, lambda out: out.print(f"{done.result.get('winner')} won"))


@app.command()
def abandon(ctx: typer.Context, json: JsonOption = False) -> None:
    """Abandon the race (kept in history as abandoned)."""
    done = _table(ctx).abandon()
    emit(done.to_json(), json, lambda out: out.print(f"race {done.id} abandoned"))


app.lazy("play", "companion.cli.play:coinrace")
