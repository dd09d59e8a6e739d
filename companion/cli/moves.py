"""`companion moves`: what a player may do now in the live game (the legal-moves query)."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import JsonOption, emit, open_store


def moves(
    ctx: typer.Context,
    game: Annotated[
        str | None,
        typer.Argument(help="The live game (a unique prefix), when several are live."),
    ] = None,
    player: Annotated[
        str | None,
        typer.Option("--player", "-p", help="Only this player's moves (and the table's)."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """What each player (or one) may do now, each move with the command that makes it, and
    why the moves that are not legal now are not."""
    from companion.tables.moves import moves_now

    found = moves_now(open_store(ctx), game, player)
    emit(found.to_json(), json, lambda out: _render(out, found))


def _render(out, found) -> None:
    from companion.engine.names import plural
    from companion.ui.console import safe

    commands = dict(zip((m.key() for m in found.legal.moves), found.commands, strict=True))
    answer = found.legal.public()
    who = f"{answer.player} may" if answer.player else "Legal now"
    say = lambda text: out.print(safe(text), markup=False, highlight=False)  # noqa: E731
    say(f"{who} ({found.game} {found.match}, {plural(answer.seen, 'move')} made):")
    if not answer.moves and not found.legal.hidden():
        say("  nothing now" if answer.player else "  nothing: the game is over (end it)")
    for move in answer.moves:
        by = f"{move.who}: " if move.who and not answer.player else ""
        say(f"  {by}{move.words}  →  {commands[move.key()]}")
    for who in found.legal.hidden():
        say(f"  {who}: {who}'s own moves (secret)  →  companion moves --player {who}")
    if answer.not_legal:
        say("Not legal now:")
        for refused in answer.not_legal:
            say(f"  {refused.move.words}: {refused.why}")
