"""`companion hoopers match pick` / `discard` and `match start --draft`: the Draft variant
(rules/draft.py). The draft's picks are moves of the match; its rules live in the rules."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from companion.cli.common import JsonOption

TeamArg = Annotated[str, typer.Argument(help="The team (unique prefix).")]
CardArg = Annotated[str, typer.Argument(help="The card (unique prefix), as on the table.")]
# `match start`'s options for a Draft match.
DraftOption = Annotated[
    bool,
    typer.Option(
        "--draft",
        help="The Draft variant: the teams are drafted from the hoopers on the table "
        "('match pick'), then the hooper and deck upgrades; no milestones.",
    ),
]
PromosOption = Annotated[
    str | None,
    typer.Option("--promos", help="Draft: promo hooper cards on the table too, comma separated."),
]
FirstPickOption = Annotated[
    str,
    typer.Option("--first-pick", help="Draft: who chooses first, or random (the seed's draw)."),
]
DiscardOption = Annotated[
    bool | None,
    typer.Option(
        "--discard/--no-discard",
        help="Draft: the second player discards one hooper first (an unequal number of "
        "stellar hoopers); default: from the stellar marks of the cards on file.",
        show_default=False,
    ),
]

UpgradeCardOption = Annotated[
    str | None,
    typer.Option("--card", help="Draft: the hooper upgrade the team drafted (two, ten, star-PG…)."),
]


def start_draft(
    ctx: typer.Context, home: str, away: str, given: dict[str, Any], **opts: Any
) -> Any:
    """`match start --draft`: a roster, a seven or a five is refused (the draft makes the
    teams); the rest is the table's (`HoopersTable.start_draft`)."""
    from companion.engine.errors import BadInput
    from companion.games.hoopers.cli.match import _table
    from companion.games.hoopers.table import names

    typed = [f"--{k.replace('_', '-')}" for k, v in given.items() if v]
    if typed:
        raise BadInput(f"{', '.join(typed)}: a Draft match drafts its teams ('match pick')")
    return _table(ctx).start_draft(home, away, promos=names(opts.pop("promos")), **opts)


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
