"""`match start --draft`'s options and the shapes of `match pick` / `discard` (declared as
moves in match.py): the Draft variant (rules/draft.py). Its rules live in the rules."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from companion.cli.common import made_on_use
from companion.games.hoopers.cli.commands import flag, opt, text

CardArg = Annotated[str, typer.Argument(help="The card (unique prefix), as on the table.")]
# `match start`'s options for a Draft match (the table's `start_typed` starts it).
# fmt: off
__getattr__ = made_on_use(globals(), {  # made when `match start` or `upgrade` is built
    "DraftOption": lambda: flag("--draft", help="The Draft variant: the teams are drafted from "
                                "the hoopers on the table ('match pick'), then the hooper and "
                                "deck upgrades; no milestones."),
    "PromosOption": lambda: text("--promos", help="Draft: promo hooper cards on the table too, "
                                 "comma separated."),
    "FirstPickOption": lambda: opt("--first-pick", kind=str, help="Draft: who chooses first, or "
                                   "random (the seed's draw)."),
    "DiscardOption": lambda: opt("--discard/--no-discard", kind=bool | None, show_default=False,
                                 help="Draft: the second player discards one hooper first (an "
                                 "unequal number of stellar hoopers); default: from the stellar "
                                 "marks of the cards on file."),
    "UpgradeCardOption": lambda: text("--card", help="Draft: the hooper upgrade the team drafted "
                                      "(two, ten, star-PG…)."),
})
# fmt: on


def pick(card: CardArg) -> dict[str, Any]:
    """The Draft: TEAM takes CARD from the table (a hooper, then the upgrades), in turn."""
    return {"card": card}


def discard(card: CardArg) -> dict[str, Any]:
    """The Draft: the second player discards one hooper first (unequal stellar hoopers)."""
    return {"card": card, "discard": True}
