"""The coin race drawn and played: the scoreboard, the guided flow, the demo."""

from __future__ import annotations

from typing import Any


def render_status(out: Any, status: Any) -> None:
    from companion.ui.console import safe

    for player in status.players:
        out.print(f"{safe(player)}: {'●' * (status.scores[player] or 0)}", markup=False)
    out.print(f"next: {safe(status.next)}", markup=False)


def start(store: Any, seed: int | None = None) -> bool:
    from coinrace.table import CoinRaceTable
    from companion.engine.decks import parse_players
    from companion.ui.guided import prompts

    players = prompts.ask("Players?", "", lambda t: parse_players(t, low=2), choices="A,B")
    CoinRaceTable(store).start(players, seed)
    return True


def play(store: Any, seed: int | None = None) -> None:
    from coinrace.table import CoinRaceTable
    from companion.ui.guided import prompts

    table = CoinRaceTable(store)
    while table.status().state.winner is None:
        if not prompts.yes_no(f"{table.status().state.turn} flips?", True):
            return
        flipped = table.flip()
        prompts.say(f"  {flipped.outcome}")
    ended = table.end()
    prompts.say(f"{ended.result['winner']} won the race")


def run(out: Any, store: Any, seed: int) -> None:
    from coinrace.table import CoinRaceTable

    table = CoinRaceTable(store)
    out.print(f"$ companion coinrace start --players Ann,Bob --seed {seed}")
    table.start(["Ann", "Bob"], seed)
    while table.status().state.winner is None:
        out.print("$ companion coinrace flip")
        out.print(f"  {table.flip().outcome}")
    out.print("$ companion coinrace end")
    out.print(f"  {table.end().result['winner']} won")
