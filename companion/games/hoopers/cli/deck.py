"""`companion hoopers deck`: deck building's checks, over the cards the table describes."""

from __future__ import annotations

from companion.cli.common import JsonOption, new_app
from companion.games.hoopers.cli.commands import arg, emit_view, opt

app = new_app("Deck building: the upgrades sleeved onto the action cards, checked.")


@app.command()
def check(
    path: arg(
        "A TOML or JSON file: [cards.LABEL] with actions and upgrade; [needs].", metavar="FILE"
    ),
    positions: opt(
        "--positions", help="Position upgrades allowed (classic: 4).", kind=int, min=0, max=10
    ) = 4,
    json: JsonOption = False,
) -> None:
    """Check a deck's sleeves: one upgrade per card, an action upgrade on a card of its
    action, the position upgrades; and name each check the file gives too little for."""
    from companion.games.hoopers.rules.deck import check_deck
    from companion.games.hoopers.table import read_deck

    payload = check_deck(*read_deck(path), positions).to_json()
    emit_view(payload, json, "render_deck_check", payload)
