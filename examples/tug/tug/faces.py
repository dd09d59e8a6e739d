"""The tug drawn and played: the terminal scoreboard, the guided flow, the demo. (Its web
board is board.js.)"""

from __future__ import annotations

from typing import Any


def rope(status: Any) -> str:
    """The rope as a line: the marker `|` moves toward the side it is pulled to."""
    steps = status.detail["steps_to_win"]
    at = steps - status.detail["rope"]
    return "=" * at + "|" + "=" * (2 * steps - at)


def render_status(out: Any, status: Any) -> None:
    """The scoreboard (`watch` prints the `next:` line under it itself)."""
    from companion.ui.console import safe

    first, second = status.players
    out.print(f"{safe(first)} {rope(status)} {safe(second)}", markup=False)
    for player in status.players:
        out.print(f"{safe(player)}: {status.scores[player]} pulls", markup=False)


def render_turn(out: Any, status: Any) -> None:
    """The scoreboard and what is next: `start`, `pull` and `status`."""
    from companion.ui.console import safe

    render_status(out, status)
    out.print(f"next: {safe(status.next)}", markup=False)


def start(store: Any, seed: int | None = None) -> bool:
    from companion.engine.decks import parse_players
    from companion.ui.guided import prompts
    from tug.table import TugTable

    players = prompts.ask("Players?", "", lambda t: parse_players(t, low=2), choices="A,B")
    TugTable(store).start(players, seed)
    return True


def play(store: Any, seed: int | None = None) -> None:
    from companion.ui.guided import prompts
    from tug.table import TugTable

    table = TugTable(store)
    while table.status().state.winner is None:
        if not prompts.yes_no(f"{table.status().state.turn} pulls?", True):
            return
        prompts.say(f"  {table.pull().outcome}")
    ended = table.end()
    prompts.say(f"{ended.result['winner']} won the tug")


def run(out: Any, store: Any, seed: int) -> None:
    from tug.table import TugTable

    table = TugTable(store)
    out.print(f"$ companion tug start --players Ann,Bob --seed {seed}")
    table.start(["Ann", "Bob"], seed)
    while table.status().state.winner is None:
        out.print("$ companion tug pull")
        out.print(f"  {table.pull().outcome}")
    out.print("$ companion tug end")
    out.print(f"  {table.end().result['winner']} won")
