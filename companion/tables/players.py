"""Who sits at the table: the names typed for a game, as history knows the people.

Every face that takes player names (`companion log`, each game's start, guided play and
the menu) asks `settle` before anything is built from them, so one person keeps one name:
`ana` is the known Ana, and a new `Bne` beside a known Ben is refused until confirmed
(`--new Bne`, or at a terminal). The rule itself is `companion.engine.names.settle_names`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.store import Store


def known_players(store: Store) -> list[str]:
    """Every player history knows (as `companion players` lists them), read from the
    archive's index of spellings and the live matches, not from every match."""
    from companion.history.book import player_names, roster

    return player_names(store, roster(store))


def settle(store: Store, typed: Sequence[str], new: Iterable[str] | None = ()) -> list[str]:
    """`typed` as the known players' names; raises LooksLikeTypo for an unconfirmed slip."""
    from companion.engine.names import settle_names

    return settle_names(typed, known_players(store), new or ())
