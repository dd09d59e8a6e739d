"""Shared test material: the rulebook example catalogue and a synthetic full deck."""

from __future__ import annotations

from pathlib import Path

from companion.games.otdraft.rules.cards import (
    CATEGORIES,
    TRAITS,
    Card,
    Catalogue,
    Leftover,
)
from companion.games.otdraft.rules.catalogue import parse_catalogue_text

FIXTURES = Path(__file__).parent / "fixtures"
EXAMPLE_TOML = FIXTURES / "example.toml"
EXAMPLE_TEAM = ["Jonah", "Music", "Saul", "David", "Snake", "Famine", "Adam"]
EXAMPLE_SECRET = "Isaac"


def example_catalogue() -> Catalogue:
    return parse_catalogue_text(EXAMPLE_TOML.read_text(encoding="utf-8"), "example.toml")


def full_deck(size: int = 54, leftover_card: bool = False) -> Catalogue:
    """A rule-less deck of `size` cards C01..; optionally C01 may take one leftover."""
    cards = []
    for i in range(1, size + 1):
        rules = (Leftover(1),) if leftover_card and i == 1 else ()
        cards.append(
            Card(
                f"C{i:02d}",
                CATEGORIES[i % len(CATEGORIES)],
                i % 11,
                (TRAITS[i % len(TRAITS)],),
                rules,
            )
        )
    return Catalogue(tuple(cards), "synthetic")


def full_deck_toml(size: int = 54) -> str:
    from companion.games.otdraft.rules.catalogue import catalogue_to_toml

    return catalogue_to_toml(full_deck(size))
