"""`companion hoopers match pick` / `discard` and `match start --draft`: the Draft variant
(rules/draft.py). The draft's picks are moves of the match; its rules live in the rules."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from companion.cli.common import JsonOption
from companion.games.hoopers.cli.commands import flag, opt, text

TeamArg = Annotated[str, typer.Argument(help="The team (unique prefix).")]
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


def register_draft(app: typer.Typer) -> None:
    """The draft's two verbs on `companion hoopers match` (the card games' drafts' `pick`)."""

    @app.command()
    def pick(ctx: typer.Context, team: TeamArg, card: CardArg, json: JsonOption = False) -> None:
        """The Draft: TEAM takes CARD from the table (a hooper, then the upgrades), in turn."""
        _draft_move(ctx, json, team=team, card=card)

    @app.command()
    def discard(ctx: typer.Context, team: TeamArg, card: CardArg, json: JsonOption = False) -> None:
        """The Draft: the second player discards one hooper first (unequal stellar hoopers)."""
        _draft_move(ctx, json, team=team, card=card, discard=True)


def _draft_move(ctx: typer.Context, json: bool, **data: Any) -> None:
    from companion.games.hoopers.cli.match import _emit_status, _record

    _emit_status(_record(ctx, "pick", **data).status, json)
