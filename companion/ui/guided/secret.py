"""Passing the one screen for a secret, at a table without phones: a clean screen (its
scrollback too), the player's name in large type and who looks away; the secret shows
only once that player says the screen is theirs, and is wiped before it passes on.
Every game with a secret (a hand, a secret card) passes the screen with these."""

from __future__ import annotations

from companion.ui.console import plain
from companion.ui.guided import prompts


def clear_screen() -> None:
    """Wipe the screen and its scrollback, so the last answer is gone from view."""
    out = prompts.console()
    out.clear()
    if out.is_terminal:
        out.file.write("\x1b[3J")  # the scrollback too (xterm and most terminals)
        out.file.flush()


def hand_over(player: str, what: str = "Secret cards") -> None:
    """A clean screen, the player's name in large type and who looks away."""
    from companion.ui.banner import render_banner

    clear_screen()
    render_banner(prompts.console(), f"{player}'s turn")
    prompts.say(f"[bold]{what}[/bold]: pass the screen to {plain(player)}; the others look away")


def only_you(player: str) -> None:
    """Wait until `player` says only they can see the screen."""
    prompts.ask(
        f"{player}: press Enter when only you can see the screen",
        "",
        lambda text: text,
        choices="Enter",
    )
