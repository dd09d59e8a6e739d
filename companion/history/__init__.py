"""Match history as a library: queries, stats, ratings, head-to-head, charts' data, formats.

Most modules are pure functions over match documents (or their archive
summaries): no I/O, no typer, no rich. `book` (reads and writes through the
store), `log` (a game logged from its final scores) and `amend` (a corrected
result) are the history layer's service functions; `companion.cli.history`,
`companion.cli.players` and `companion.cli.log` are the command-line shell
around them and never touch the store themselves.
"""

from __future__ import annotations

from typing import Any

from companion.store import hooks


def _keep_partial(store: Any, name: str, signature: list[int], matches: list[Any]) -> None:
    """An archive file was staged: its `history stats` partial is written with it."""
    from companion.history.summed import write_partial

    write_partial(store, name, signature, matches)


hooks.on_staged(_keep_partial)
