"""`companion` on a terminal: a menu that starts and continues every game.

Every game's guided flow lives in `companion.ui.guided.<flow>` and offers
`start(store, seed=None) -> bool` (ask what the game needs and start it) and
`play(store, seed=None)` (continue the live game step by step).
"""

from __future__ import annotations

import importlib
from typing import Any

from companion.engine.errors import CompanionError
from companion.store import Store
from companion.tables import live_statuses, table_for
from companion.ui.guided import prompts

# What the menu offers to start: label -> (game, guided module)
GAMES = {
    "hoopers": ("hoopers", "companion.ui.guided.hoopers"),
    "series": ("series", "companion.ui.guided.series"),
    "allstar": ("allstar", "companion.ui.guided.allstar"),
    "playlist": ("playlist", "companion.ui.guided.playlist"),
    "playlist-solo": ("playlist-solo", "companion.ui.guided.playlist_solo"),
    "otdraft": ("otdraft", "companion.ui.guided.otdraft"),
}
GAME_NAMES = {
    "hoopers": "a Valley Hoopers match",
    "series": "a Valley Hoopers Series (best of 7)",
    "allstar": "an All-Star Draft game",
    "playlist": "an All Stars Playlist game",
    "playlist-solo": "an All Stars Playlist solo run",
    "otdraft": "an OT Fantasy Draft",
}
# A live game -> the guided module that continues it.
FLOWS = {game: module for game, module in GAMES.values()}
NEXT_STEP = {
    "hoopers": "the next attacking turn",
    "series": "the next game",
    "allstar": "the next round",
    "playlist": "the next turns",
    "playlist-solo": "the next round",
    "otdraft": "the next picks",
}
FIRST_STEP = {
    "hoopers": "the first attacking turn",
    "series": "its first game",
    "allstar": "the first round",
    "playlist": "the first turns",
    "playlist-solo": "the first round",
    "otdraft": "the first picks",
}
DICE = ("d20", "d8", "d6", "2d6")


def run(store: Store) -> None:
    """The menu loop, until the table picks quit (Ctrl-C leaves too)."""
    prompts.say("[bold]Table Companion[/bold] — Ctrl-C leaves at any time.")
    while True:
        # The live match played last comes first: the default is to go on with it.
        recent = sorted(_live(store), key=lambda s: s.updated or "", reverse=True)
        live = {s.game: s for s in recent}
        for game, status in live.items():
            what = "series" if game == "series" else f"{game} match"
            prompts.say(f"  live: {what} {status.id} ({', '.join(status.players)})")
        resume = [f"continue {g}" for g in live if g in FLOWS]
        actions = [*resume, "start a game", "log a finished game", "roll dice", "history", "quit"]
        try:
            picked = prompts.choose("What now?", actions, actions[0])
        except prompts.Undo:
            prompts.say("  nothing to undo here: each game's 'undo' takes back an event")
            continue
        if picked == "quit":
            return
        if picked.startswith("continue "):
            _continue(store, live[picked.removeprefix("continue ")])
        elif picked == "start a game":
            _start(store)
        elif picked == "log a finished game":
            importlib.import_module("companion.ui.guided.log").run(store)
        elif picked == "roll dice":
            _roll()
        else:
            _history(store)


def _live(store: Store) -> list[Any]:
    """Live matches, and the Series in progress (shown once, beside its live game)."""
    statuses = live_statuses(store)
    series = table_for(store, "series")
    if series.live() is not None:
        statuses.append(series.status())
    return statuses


def _flow(game: str) -> Any:
    return importlib.import_module(FLOWS[game])


def _continue(store: Store, status: Any) -> None:
    from companion.ui.watch import frame

    prompts.console().print(frame(status))
    try:
        what = "series" if status.game == "series" else f"{status.game} match"
        go = prompts.yes_no(f"Play {NEXT_STEP[status.game]} of this {what}?", True)
    except prompts.Undo:
        return
    if go:
        _play(store, status.game)


def _play(store: Store, game: str) -> None:
    try:
        _flow(game).play(store)
    except CompanionError as err:  # e.g. the match is over: say so, back to the menu
        prompts.say(f"error: {prompts.reason(err)}")


def _start(store: Store) -> None:
    for key, name in GAME_NAMES.items():
        prompts.say(f"  [bold]{key}[/bold]: {name}")
    try:
        picked = prompts.choose("Which game?", list(GAMES), "hoopers")
    except prompts.Undo:
        return
    game = GAMES[picked][0]
    try:
        started = _flow(game).start(store)
    except CompanionError as err:
        prompts.say(f"error: {prompts.reason(err)}")
        return
    if not started:
        return
    try:
        if prompts.yes_no(f"Play {FIRST_STEP[game]} now?", True):
            _play(store, game)
    except prompts.Undo:
        return


def _roll() -> None:
    from companion.engine.dice import parse_dice
    from companion.engine.rng import TableRng
    from companion.ui.dice import render_rolls

    try:
        spec = prompts.ask(
            "Which die?", "d20", lambda text: parse_dice(text), choices=" / ".join(DICE),
            complete=DICE,
        )  # fmt: skip
    except prompts.Undo:
        return
    render_rolls(prompts.console(), spec, [spec.roll(TableRng())])


def _history(store: Store) -> None:
    from companion.history.book import history
    from companion.history.queries import Filter, select, summary
    from companion.ui.history import match_table

    _, matches = history(store)
    rows = [summary(m) for m in select(matches, Filter(limit=10))]
    prompts.console().print(match_table(rows))
