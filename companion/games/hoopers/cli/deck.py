"""`companion hoopers deck`: deck building's checks, over the cards the table describes."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from companion.cli.common import JsonOption, emit, new_app

app = new_app("Deck building: the upgrades sleeved onto the action cards, checked.")


@app.command()
def check(
    path: Annotated[
        str,
        typer.Argument(
            metavar="FILE",
            help="A TOML or JSON file: [cards.LABEL] with actions and upgrade; [needs].",
        ),
    ],
    positions: Annotated[
        int,
        typer.Option("--positions", min=0, max=10, help="Position upgrades allowed (classic: 4)."),
    ] = 4,
    json: JsonOption = False,
) -> None:
    """Check a deck's sleeves: one upgrade per card, an action upgrade on a card of its
    action, the position upgrades; and name each check the file gives too little for."""
    from companion.engine.errors import BadInput
    from companion.games.hoopers.rules.deck import check_deck
    from companion.games.hoopers.table import read_cards

    doc = read_cards(path)
    cards, needs = doc.get("cards", {}), doc.get("needs", {})
    if not isinstance(cards, dict) or not isinstance(needs, dict) or not cards:
        raise BadInput(f"{path}: a [cards.LABEL] table per sleeved card (and [needs])")
    report = check_deck(cards, needs, positions)
    payload: dict[str, Any] = report.to_json()

    def render(out: Any) -> None:
        kinds = payload["upgrades"]
        out.print(
            f"{payload['cards']} cards sleeved: {kinds['counter']} counter, "
            f"{kinds['action']} action, {kinds['position']} position upgrade(s)",
            markup=False,
        )
        for line in payload["checked"]:
            out.print(f"  checked: {line}", markup=False)
        for line in payload["not_checked"]:
            out.print(f"  not checked: {line}", markup=False)

    emit(payload, json, render)
