"""How every `<game> play` command begins: the live game's guided flow, or an offer to start one.

`play_or_offer(store, game, …)` is the one way in for every game's `play` command
(`companion.cli.play`); the menu uses the same flows (each game's spec names them).
"""

from __future__ import annotations

from typing import Any

from companion.tables import NoTable, table_for
from companion.ui.guided import prompts


def play_or_offer(
    store: Any,
    game: str,
    seed: int | None,
    *,
    command: str,
    none_live: str,
    ask: str,
    nothing: str,
) -> None:
    """Continue `game`'s live game on this terminal; with none live, offer to start one.

    `none_live`, `ask` and `nothing` are what the table reads: that nothing is live, the
    question, and what to type when the table declines.
    """
    prompts.require_terminal(command)
    from companion import registry
    from companion.engine.spec import load

    kind = registry.kind(game)
    if kind is None or kind.flow is None:
        raise NoTable(f"no guided play for '{game}'")
    flow = load(kind.flow)
    with prompts.guarded():
        if table_for(store, game).live() is None and not _offer(
            store, game, flow, seed, none_live, ask
        ):
            prompts.say(nothing)
            return
        flow.play(store, seed)


def _offer(store: Any, game: str, flow: Any, seed: int | None, none_live: str, ask: str) -> bool:
    prompts.say(none_live)
    try:
        wanted = prompts.yes_no(ask, True)
    except prompts.Undo:
        wanted = False
    started = bool(wanted and flow.start(store, seed))
    if started:
        say_prediction(store, game)
    return started


def say_prediction(store: Any, game: str) -> None:
    """A guided start says its players' openskill prediction once, as a command-line start
    prints it (`history ratings --predict`); nothing while none of them is rated."""
    table = table_for(store, game)
    live = table.live() if hasattr(table, "live") else None  # a Series keeps its own
    if not live:
        return
    from companion.history.book import prediction_line, start_prediction

    found = start_prediction(store, live["game"], live["players"])
    if found:
        prompts.say(prediction_line(found), markup=False)
