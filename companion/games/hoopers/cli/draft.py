"""`match start --draft`'s options and the shapes of `match pick` / `discard` (declared as
moves in match.py): the Draft variant (rules/draft.py). Its rules live in the rules."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from companion.games.hoopers.cli.commands import flag, opt, text

CardArg = Annotated[str, typer.Argument(help="The card (unique prefix), as on the table.")]
# `match start`'s options for a Draft match (the table's `start_typed` starts it).
DraftOption = flag(
    "--draft",
    help="The Draft variant: the teams are drafted from the hoopers on the table "
    "('match pick'), then the hooper and deck upgrades; no milestones.",
)
PromosOption = text("--promos", help="Draft: promo hooper cards on the table too, comma separated.")
FirstPickOption = opt(
    "--first-pick", help="Draft: who chooses first, or random (the seed's draw).", kind=str
)
DiscardOption = opt(
    "--discard/--no-discard",
    help="Draft: the second player discards one hooper first (an unequal number of "
    "stellar hoopers); default: from the stellar marks of the cards on file.",
    kind=bool | None,
    show_default=False,
)
UpgradeCardOption = text(
    "--card", help="Draft: the hooper upgrade the team drafted (two, ten, star-PG…)."
)


def pick(card: CardArg) -> dict[str, Any]:
    """The Draft: TEAM takes CARD from the table (a hooper, then the upgrades), in turn."""
    return {"card": card}


def discard(card: CardArg) -> dict[str, Any]:
    """The Draft: the second player discards one hooper first (unequal stellar hoopers)."""
    return {"card": card, "discard": True}
