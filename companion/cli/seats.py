"""`companion seats`: each player's seat at the live game, as a link and a QR code."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import JsonOption, emit, open_store

DEFAULT_PORT = 8765  # keep in step with companion.ui.web.server (not imported: start-up)


def seats(
    ctx: typer.Context,
    game: Annotated[
        str | None,
        typer.Argument(help="The live game (a unique prefix), when several are live."),
    ] = None,
    port: Annotated[
        int, typer.Option("--port", help="The port 'watch --web --lan' serves on.")
    ] = DEFAULT_PORT,
    json: JsonOption = False,
) -> None:
    """Each player's own link to the live game (and its QR code): their phone shows what is
    theirs and takes their moves while 'companion watch --web --lan' serves."""
    from companion.engine.errors import BadInput
    from companion.tables import table_for
    from companion.tables.moves import pick
    from companion.tables.seats import seats_of
    from companion.ui.web.server import seat_base

    if not 1 <= port <= 65535:
        raise BadInput(f"--port must be 1 to 65535 (got {port})")
    store = open_store(ctx)
    key = pick(store, game)
    match = table_for(store, key).current()
    base = seat_base(port)
    found = seats_of(store, match)
    payload = {
        "game": key,
        "match": match["id"],
        "seats": [s.to_json(base) for s in found],
    }

    def render(out) -> None:
        from companion.ui.console import safe
        from companion.ui.qr import draw_qr

        say = lambda text: out.print(safe(text), markup=False, highlight=False)  # noqa: E731
        say(f"Seats at {key} {match['id']}: each link is its player's own (their moves).")
        for seat in found:
            say(f"{seat.player}: {seat.url(base)}")
            out.file.flush()
            draw_qr(seat.url(base), out.file)
        if not base.startswith("http://127."):
            return
        say("No address on the local network: only this computer can open these links.")

    emit(payload, json, render)
