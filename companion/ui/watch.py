"""The live scoreboard in a terminal: any game's, redrawn whenever anything is recorded.

Every game's table gives a `Status`; every game's renderer draws it
(its spec's `Kind.renderer`). `watch --once --json` prints the same status document that
`status --json` prints.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from companion.engine.errors import BadInput, CompanionError, RuleViolation
from companion.store import Store
from companion.tables import (
    change_stamp,
    current_status,
    documents_in_progress,
    live_matches,
    live_status,
    own_document_kinds,
)
from companion.tables.base import Status

POLL_S = 0.25  # four looks a second at the file's size and mtime: cheap, never busy


def watched_games(store: Store) -> list[str]:
    """What can be watched now: each live match's game, else a Series in progress."""
    games = [m["game"] for m in live_matches(store)]
    if not games:
        games = in_progress(store)
    return games


def in_progress(store: Store) -> list[str]:
    """Tables keeping their own document (a Series) with one in progress."""
    return [status.game for status in documents_in_progress(store)]


def pick_game(store: Store, game: str | None) -> str:
    """The one game to show: the only one live, or the one named by `game`."""
    from companion.engine.names import match_prefix

    live = watched_games(store)
    if game is not None:
        documents = in_progress(store)
        known = sorted({*live, *documents}) or [game]
        chosen = match_prefix(game, known, what="game with a live match")
        own = own_document_kinds()
        live = [g for g in live if g == chosen] or ([chosen] if chosen in own else [])
    if not live:
        what = f"{game} " if game else ""
        raise RuleViolation(f"no live {what}match to watch", hint="start one first")
    if len(live) > 1:
        raise BadInput(f"several matches are live ({', '.join(live)}): choose one with --game")
    return live[0]


def scoreboard(status: Status[Any]) -> Any:
    """The game's scoreboard as a rich renderable."""
    from companion import registry
    from companion.engine.spec import load

    kind = registry.kind(status.game)
    if kind is None or kind.renderer is None:
        return _generic(status)
    draw = load(kind.renderer)
    return _captured(lambda out: draw(out, status))


def what_is(game: str) -> str:
    """`series` for a table's own document, else `G match`."""
    from companion import registry

    kind = registry.kind(game)
    return game if kind is not None and kind.own_document else f"{game} match"


def _generic(status: Status[Any]) -> Any:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from companion.ui.console import plain, safe

    table = Table("player", box=None)
    known = any(score is not None for score in status.scores.values())
    if known:
        table.add_column("score")
    for player in status.players:
        score = status.scores.get(player)
        table.add_row(plain(player), *([str(score)] if known else []))
    return Group(table, Text(safe(status.next)))


def frame(status: Status[Any], note: str = "") -> Any:
    from rich.console import Group
    from rich.text import Text

    from companion.ui.console import safe

    stamp = (status.updated or "")[11:19]
    what = what_is(status.game)
    head = Text(f"{what} {status.id} · updated {stamp} UTC", style="dim")
    parts: list[Any] = [head, scoreboard(status), Text(f"next: {safe(status.next)}", style="dim")]
    if note:
        parts.append(Text(note, style="dim"))
    return Group(*parts)


def _captured(draw: Any) -> Any:
    """A rich renderable from a function that prints on a console."""
    from rich.console import Console, Group
    from rich.text import Text

    class Printed:
        def __rich_console__(self, console: Console, options: Any) -> Any:
            from companion.ui.console import rich_console

            inner = rich_console(
                width=options.max_width,
                color_system=console.color_system,
                force_terminal=console.is_terminal,
                highlight=False,
                record=False,
                file=_Sink(),
            )
            with inner.capture() as capture:
                draw(inner)
            yield Group(Text.from_ansi(capture.get().rstrip("\n")))

    return Printed()


class _Sink:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def _console() -> Any:
    from companion.ui.console import rich_console

    return rich_console(highlight=False)


def show_once(store: Store, game: str | None) -> None:
    _console().print(frame(current_status(store, pick_game(store, game))))


def follow(store: Store, game: str | None) -> None:
    """Redraw in place on a terminal; off one, append a plain frame per change."""
    chosen = pick_game(store, game)
    # Stamped before the first read: a move recorded while the first frame is drawn is
    # then a change to show, where stamping after it (as it was) missed it for good.
    seen = change_stamp(store)
    status = current_status(store, chosen)
    console = _console()
    try:
        if console.is_terminal:
            _follow_live(console, store, status, seen)
        else:
            _follow_plain(console, store, status, seen)
    except KeyboardInterrupt:
        return


def _follow_live(console: Any, store: Store, status: Status[Any], seen: Any) -> None:
    from rich.live import Live

    hint = "Ctrl-C to stop"
    with Live(frame(status, hint), console=console, auto_refresh=False) as live:
        for current, note in changes(store, status, seen):
            live.update(frame(current, f"{note} · {hint}" if note else hint), refresh=True)


def _follow_plain(console: Any, store: Store, status: Status[Any], seen: Any) -> None:
    """Piped or redirected: each frame once, in order, flushed so a reader sees it now."""
    import os
    import sys

    def show(current: Status[Any], note: str = "") -> None:
        console.print(frame(current, note))
        console.file.flush()

    def key(current: Status[Any], note: str) -> tuple[Any, ...]:
        return (current.id, current.updated, current.status, repr(current.to_json()), note)

    last = key(status, "")
    try:
        show(status)
        for current, note in changes(store, status, seen):
            if key(current, note) == last:  # something else in the database changed
                continue
            last = key(current, note)
            console.print()
            show(current, note)
    except BrokenPipeError:  # the reader went away: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def changes(store: Store, status: Status[Any], seen: Any) -> Iterator[tuple[Status[Any], str]]:
    """Yield (status, note) each time the database changes from `seen` (its change stamp
    when `status` was read), forever.

    The note says when the game being watched is no longer live.
    """
    while True:
        time.sleep(POLL_S)
        now = change_stamp(store)
        if now == seen:
            continue
        seen = now
        try:
            status_now = live_status(store, status.game)
        except CompanionError:  # mid-migration or unreadable: keep the last frame
            continue
        if status_now is not None:
            status = status_now
            yield status, ""
            continue
        yield status, f"{status.game} {status.id} is no longer live; waiting for a new one"
