"""`companion watch`: the live match's scoreboard, redrawn whenever anything is recorded."""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer

from companion.cli.common import JsonOption, open_store
from companion.engine.errors import BadInput, CompanionError, RuleViolation

POLL_S = 0.25  # four looks a second at the file's size and mtime: cheap, never busy

GameOption = Annotated[
    str | None, typer.Option("--game", "-g", help="Which game's live match, when several are live.")
]


def live_matches(store: Any) -> list[dict[str, Any]]:
    """Every live match (one being finished no longer counts), oldest first."""
    from companion.store.archive import live_matches as every_live

    found = [m for m in every_live(store) if "finishing" not in m]
    return sorted(found, key=lambda m: m.get("created", ""))


def pick_match(store: Any, game: str | None) -> dict[str, Any]:
    """The one live match to show: the only one, or the one of `game`."""
    from companion.engine.names import match_prefix

    live = live_matches(store)
    if game is not None:
        games = sorted({m["game"] for m in live}) or [game]
        chosen = match_prefix(game, games, what="game with a live match")
        live = [m for m in live if m["game"] == chosen]
    if not live:
        what = f"{game} " if game else ""
        raise RuleViolation(f"no live {what}match to watch", hint="start one first")
    if len(live) > 1:
        games = ", ".join(m["game"] for m in live)
        raise BadInput(f"several matches are live ({games}): choose one with --game")
    return live[0]


def status_document(match: dict[str, Any]) -> dict[str, Any]:
    """What `watch --once --json` prints: the game's own status document where one exists."""
    if match["game"] == "hoopers":
        from companion.games.hoopers.match import fold

        state = fold(match)
        state.notes = []
        return {**state.to_json(), "id": match["id"]}
    return {
        "id": match["id"],
        "game": match["game"],
        "players": list(match["players"]),
        "status": match.get("status", "live"),
        "events": len(match.get("events", [])),
        "updated": match.get("updated"),
    }


def _captured(draw: Any) -> Any:
    """A rich renderable from a function that prints on a console."""
    from rich.console import Console, Group

    class Printed:
        def __rich_console__(self, console: Console, options: Any) -> Any:
            width = options.max_width
            inner = Console(
                width=width,
                color_system=console.color_system,
                force_terminal=console.is_terminal,
                highlight=False,
                record=False,
                file=_Sink(),
            )
            with inner.capture() as capture:
                draw(inner)
            from rich.text import Text

            yield Group(Text.from_ansi(capture.get().rstrip("\n")))

    return Printed()


class _Sink:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def scoreboard(match: dict[str, Any]) -> Any:
    """The game's scoreboard as a rich renderable.

    Looks for `scoreboard(match)` in `companion.ui.<game>`; Valley Hoopers uses
    its status renderer; any other game gets its players and event count.
    """
    import importlib

    game = match["game"]
    try:
        module = importlib.import_module(f"companion.ui.{game}")
    except ImportError:
        module = None
    own = getattr(module, "scoreboard", None)
    if callable(own):
        return own(match)
    if game == "hoopers":
        from companion.ui.hoopers import render_status

        status = status_document(match)
        return _captured(lambda out: render_status(out, status))
    return _generic(match)


def _generic(match: dict[str, Any]) -> Any:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    table = Table("player", box=None)
    for player in match["players"]:
        table.add_row(str(player))
    count = len(match.get("events", []))
    return Group(table, Text(f"{count} event{'' if count == 1 else 's'} recorded"))


def frame(match: dict[str, Any], note: str = "") -> Any:
    from rich.console import Group
    from rich.text import Text

    stamp = (match.get("updated") or "")[11:19]
    head = Text(f"{match['game']} match {match['id']} · updated {stamp} UTC", style="dim")
    parts: list[Any] = [head, scoreboard(match)]
    if note:
        parts.append(Text(note, style="dim"))
    return Group(*parts)


def _console() -> Any:
    from rich.console import Console

    return Console(highlight=False)


def _signature(path: Any) -> tuple[int, int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size, info.st_ino)


def watch(
    ctx: typer.Context,
    game: GameOption = None,
    once: Annotated[
        bool, typer.Option("--once", help="Draw one frame and exit (for scripts and tests).")
    ] = False,
    json: JsonOption = False,
) -> None:
    """Show the live match's scoreboard and redraw it whenever anything is recorded."""
    store = open_store(ctx)
    if json and not once:
        raise BadInput("--json prints one document: use it with --once")
    match = pick_match(store, game)
    if once:
        if json:
            import json as jsonlib

            typer.echo(jsonlib.dumps(status_document(match), ensure_ascii=False))
            return
        _console().print(frame(match))
        return
    _follow(store, match)


def _follow(store: Any, match: dict[str, Any]) -> None:
    """Redraw in place on a terminal; off one, append a plain frame per change."""
    console = _console()
    try:
        if console.is_terminal:
            _follow_live(console, store, match)
        else:
            _follow_plain(console, store, match)
    except KeyboardInterrupt:
        raise typer.Exit(0) from None


def _follow_live(console: Any, store: Any, match: dict[str, Any]) -> None:
    from rich.live import Live

    hint = "Ctrl-C to stop"
    with Live(frame(match, hint), console=console, auto_refresh=False) as live:
        for current, note in _changes(store, match):
            live.update(frame(current, f"{note} · {hint}" if note else hint), refresh=True)


def _follow_plain(console: Any, store: Any, match: dict[str, Any]) -> None:
    """Piped or redirected: each frame once, in order, flushed so a reader sees it now."""
    import os
    import sys

    def show(match: dict[str, Any], note: str = "") -> None:
        console.print(frame(match, note))
        console.file.flush()

    def key(match: dict[str, Any], note: str) -> tuple[Any, ...]:
        events = len(match.get("events", []))
        return (match["id"], match.get("updated"), match.get("status"), events, note)

    last = key(match, "")
    try:
        show(match)
        for current, note in _changes(store, match):
            if key(current, note) == last:  # something else in the database changed
                continue
            last = key(current, note)
            console.print()
            show(current, note)
    except BrokenPipeError:  # the reader went away: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise typer.Exit(0) from None


def _changes(store: Any, match: dict[str, Any]) -> Any:
    """Yield (match, note) each time the database changes, forever.

    The note says when the match being watched is no longer live.
    """
    game, seen = match["game"], _signature(store.path)
    while True:
        time.sleep(POLL_S)
        now = _signature(store.path)
        if now == seen:
            continue
        seen = now
        try:
            current = store.live_match(game)
        except CompanionError:  # mid-migration or unreadable: keep the last frame
            continue
        if current is not None:
            match = current
            yield match, ""
            continue
        try:
            match = store.get_match(match["id"])
            note = f"match {match['id']} is {match['status']}; waiting for a new one"
        except Exception:  # noqa: BLE001 - dropped from history meanwhile
            note = f"match {match['id']} is gone; waiting for a new one"
        yield match, note
