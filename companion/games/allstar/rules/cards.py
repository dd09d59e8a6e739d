"""Hockey Player cards: Species, Number 1–9 and an equipment Symbol (some carry none)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from companion.engine.errors import UnknownName
from companion.engine.names import match_prefix
from companion.games.allstar.rules.errors import BadCard, BadTeam
from companion.games.allstar.rules.facts import TableConfig

TEAM_SIZE = 5


@dataclass(frozen=True, order=True)
class Card:
    species: str
    number: int
    symbol: str | None = None

    @property
    def identity(self) -> tuple[str, int]:
        # Each Species has nine cards numbered 1 to 9, so Species and Number name one card.
        return (self.species, self.number)

    def value(self, criterion: str) -> str | int | None:
        # Criterion names are the attribute names; getattr keeps best-team searches fast.
        return getattr(self, criterion)

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        # Immutable all through: the legal-moves query copies a season per move it tries.
        return self

    def __str__(self) -> str:
        base = f"{self.species}-{self.number}"
        return f"{base}-{self.symbol}" if self.symbol else base


def parse_card(text: str, config: TableConfig) -> Card:
    """`SPECIES-NUMBER-SYMBOL` or `SPECIES-NUMBER`, case-insensitive, unique prefixes."""
    parts = [p.strip() for p in text.strip().split("-")]
    if len(parts) not in (2, 3) or not all(parts):
        raise BadCard(
            f"card '{text}' is not SPECIES-NUMBER-SYMBOL or SPECIES-NUMBER",
            hint="e.g. ducks-4-puck or duc-4-pu",
        )
    try:
        species = match_prefix(parts[0], config.species, what="species")
        symbol = match_prefix(parts[2], config.symbols, what="symbol") if len(parts) == 3 else None
    except UnknownName as err:
        raise BadCard(f"card '{text}': {err}") from None
    if not parts[1].isdigit() or int(parts[1]) not in config.numbers:
        raise BadCard(f"card '{text}': number '{parts[1]}' is not 1 to 9")
    return Card(species, int(parts[1]), symbol)


def split_cards(texts: Iterable[str]) -> list[str]:
    """Cards typed as separate words, comma-separated, or both."""
    return [c.strip() for chunk in texts for c in chunk.split(",") if c.strip()]


def parse_cards(texts: Iterable[str], config: TableConfig) -> list[Card]:
    """Any number of distinct cards (a bench, a hand)."""
    cards = [parse_card(t, config) for t in split_cards(texts)]
    seen: set[tuple[str, int]] = set()
    for card in cards:
        if card.identity in seen:
            raise BadTeam(f"card {card.species}-{card.number} is given twice")
        seen.add(card.identity)
    return cards


def parse_team(texts: Iterable[str], config: TableConfig) -> tuple[Card, ...]:
    """Exactly five different cards."""
    words = split_cards(texts)
    if len(words) != TEAM_SIZE:
        raise BadTeam(
            f"a team is {TEAM_SIZE} cards; got {len(words)} ({', '.join(words) or 'none'})"
        )
    return tuple(parse_cards(words, config))


def check_not_in(cards: Sequence[Card], teams: Mapping[str, Sequence[Card]]) -> None:
    """Refuse a card of `cards` that is already in one of `teams` (named by their label).

    "108 Hockey Player cards (9 cards for each of 12 Species)", numbered "from 1 to 9": a
    Species and Number is one card whatever Symbol was typed, so it plays in one team.
    """
    mine = {c.identity for c in cards}
    for label, team in teams.items():
        shared = mine & {c.identity for c in team}
        if shared:
            species, number = sorted(shared)[0]
            raise BadTeam(f"card {species}-{number} is already in {label}")


def check_one_card_each(teams: Mapping[str, Sequence[Card]]) -> None:
    """Teams that play at once share no card (`teams` by label, e.g. "Ana's team")."""
    seen: dict[str, Sequence[Card]] = {}
    for label, team in teams.items():
        check_not_in(team, seen)
        seen[label] = team


def card_from_text(text: str) -> Card:
    """A card as stored in a match log (canonical spelling, no prefixes)."""
    parts = text.split("-")
    return Card(parts[0], int(parts[1]), parts[2] if len(parts) == 3 else None)
