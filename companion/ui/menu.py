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
from companion.tables import documents_in_progress, live_statuses, waiting_ids
from companion.ui.guided import prompts


def startable() -> dict[str, Any]:
    """What the menu offers to start, by name: every kind with a guided flow and a menu line."""
    from companion import registry

    return {k.key: k for k in registry.kinds() if k.flow and k.menu}


def _kind(game: str) -> Any:
    from companion import registry

    return registry.kind(game)


DICE = ("d20", "d8", "d6", "2d6")


def run(store: Store) -> None:
    """The menu loop, until the table picks quit (Ctrl-C leaves too)."""
    prompts.say("[bold]Table Companion[/bold] — Ctrl-C leaves at any time.")
    while True:
        # The live match played last comes first: the default is to go on with it.
        recent = sorted(_live(store), key=lambda s: s.updated or "", reverse=True)
        live = {s.game: s for s in recent}
        for game, status in live.items():
            prompts.say(
                f"  live: {what_is(game)} {status.id} ({', '.join(status.players)})", markup=False
            )
        resume = [f"continue {g}" for g in live if (k := _kind(g)) is not None and k.flow]
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
    """Live matches, and the Series in progress (shown once, beside its live game).

    A match that waits while another of its game is played is not one to continue here:
    what it belongs to (the Series) goes back to it."""
    waiting = waiting_ids(store)
    return [*(s for s in live_statuses(store) if s.id not in waiting),
            *documents_in_progress(store)]  # fmt: skip


def what_is(game: str) -> str:
    from companion.ui.watch import what_is as named

    return named(game)


def _flow(game: str) -> Any:
    from companion.engine.spec import load

    return load(_kind(game).flow)


def _continue(store: Store, status: Any) -> None:
    from companion.ui.watch import frame

    prompts.console().print(frame(status))
    try:
        what = what_is(status.game)
        go = prompts.yes_no(f"Play {_kind(status.game).next_step} of this {what}?", True)
    except prompts.Undo:
        return
    if go:
        _play(store, status.game)


def _play(store: Store, game: str) -> None:
    try:
        _flow(game).play(store)
    except CompanionError as err:  # e.g. the match is over: say so, back to the menu
        prompts.say(f"error: {prompts.reason(err)}", markup=False)


def _start(store: Store) -> None:
    offered = startable()
    for key, kind in offered.items():
        prompts.say(f"  [bold]{key}[/bold]: {kind.menu}")
    try:
        game = prompts.choose("Which game?", list(offered), next(iter(offered)))
    except prompts.Undo:
        return
    try:
        started = _flow(game).start(store)
    except CompanionError as err:
        prompts.say(f"error: {prompts.reason(err)}", markup=False)
        return
    if not started:
        return
    from companion.ui.guided.entry import say_prediction

    say_prediction(store, game)
    try:
        if prompts.yes_no(f"Play {offered[game].first_step} now?", True):
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
