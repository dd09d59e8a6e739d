"""Run the demos: each game module adds one `run(out, store, seed)` here."""

from __future__ import annotations

import importlib
import tempfile
from contextlib import ExitStack
from pathlib import Path

import typer

from companion.engine.names import match_prefix

# name -> module with `run(out: Console, store: Store, seed: int) -> None`
DEMOS: dict[str, str] = {
    "table": "companion.demo.table",
    "hoopers": "companion.demo.hoopers",
    "allstar": "companion.demo.allstar",
    "series": "companion.demo.series",
    "otdraft": "companion.demo.otdraft",
    "playlist": "companion.demo.playlist",
}


def run_demo(ctx: typer.Context, game: str | None, seed: int) -> None:
    from companion.cli.common import console
    from companion.store import Store

    names = list(DEMOS) if game is None else [match_prefix(game, DEMOS, what="demo")]
    out = console()
    with ExitStack() as stack:
        given = ctx.find_root().params.get("db")
        if given:
            path = Path(given).expanduser()
        else:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="companion-demo-"))
            path = Path(folder) / "demo.json"
        store = Store(path)
        store.check_folder()  # fail before printing anything
        out.print(f"[bold]Table Companion demo[/bold] (seed {seed}; database {path})")
        for name in names:
            out.rule(name)
            importlib.import_module(DEMOS[name]).run(out, store, seed)
        if not given:
            out.print("\n[dim]That database was a throwaway; pass --db PATH to keep it.[/dim]")
