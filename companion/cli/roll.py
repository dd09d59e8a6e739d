"""`companion roll`: the dice the games declare (`GameSpec.dice`) and dN / NdM.

Its own module, imported when `roll` is used or listed, so the dice the games declare
are read then and not on every start-up.
"""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import JsonOption, SeedOption, emit
from companion.engine.errors import BadInput
from companion.engine.rng import TableRng

MAX_COUNT = 1000


def _games_dice() -> tuple[str, str]:
    """The games' own dice as `roll --help` says them: (the argument's, the command's)."""
    from companion.engine.dice import by_game

    games = by_game().items()
    argument = "".join(
        f"{' or '.join(d.name for d in dice)} ({title} dice), " for title, dice in games
    )
    command = "".join(
        f"the {title} {' and '.join(d.about or d.name for d in dice)}, " for title, dice in games
    )
    return argument, command


ARGUMENT, COMMAND = _games_dice()


def roll(
    die: Annotated[
        str, typer.Argument(help=f"{ARGUMENT}dN or NdM (NdM of a game's die rolls it N times).")
    ],
    count: Annotated[int, typer.Option("--count", "-n", help="How many rolls.")] = 1,
    seed: SeedOption = None,
    json: JsonOption = False,
) -> None:
    from companion.engine.dice import parse_dice

    spec = parse_dice(die)
    if not 1 <= count <= MAX_COUNT:
        raise BadInput(f"--count must be 1 to {MAX_COUNT} (got {count})")
    if count * spec.times > MAX_COUNT:
        raise BadInput(f"{die} --count {count} is {count * spec.times} rolls: 1 to {MAX_COUNT}")
    rng = TableRng(seed)
    rolls = [spec.roll(rng) for _ in range(count * spec.times)]
    payload = {"die": spec.text, "results": [total for total, _ in rolls], "seed": rng.seed}
    if spec.is_sum:
        payload["dice"] = [list(parts) for _, parts in rolls]

    def render(out):
        from companion.ui.dice import render_rolls

        render_rolls(out, spec, rolls)

    emit(payload, json, render)


roll.__doc__ = f"Roll dice: {COMMAND}or dN / NdM."
