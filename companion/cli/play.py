"""`companion G play` for every game: the live game's guided flow on a terminal.

A game's CLI mounts it as `app.lazy("play", "companion.cli.play:KEY")`, KEY the kind
whose spec (`Kind.play`) says what the command is and what it says with nothing live.
"""

from __future__ import annotations

from typing import Any

import typer

from companion.cli.common import InteractiveJsonOption, SeedOption, open_store


def command_for(key: str) -> Any:
    """The `play` command of kind `key` (its help is the spec's)."""
    from companion import registry

    kind = registry.kind(key)
    if kind is None or kind.play is None:
        raise AttributeError(key)
    said = kind.play

    def play(
        ctx: typer.Context, seed: SeedOption = None, json: InteractiveJsonOption = False
    ) -> None:
        from companion.ui.guided.entry import play_or_offer

        play_or_offer(
            open_store(ctx),
            key,
            seed,
            command=said.command,
            none_live=said.none_live,
            ask=said.ask,
            nothing=said.nothing,
        )

    play.__doc__ = said.help
    return play


def __getattr__(key: str) -> Any:
    return command_for(key)
