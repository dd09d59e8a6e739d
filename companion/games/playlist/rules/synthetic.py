"""A synthetic 80-card box for benchmarks, tests and the demo — NOT the real cards.

The real box's cards are not printed in the rulebook. This generator only
aims to look like it: 20 cards per genre, 3 or 4 icons a card (rulebook
"Icons"), each genre leaning on the icons that suit it (rock: electric
guitar, drums, rebellious; country: guitar, story telling, acoustic; …), the
five "sung by" letters rare and tied to their artist's genre, and 0 to 3
points a card, 1 most often. Every figure here is an assumption, made once,
in one place.
"""

from __future__ import annotations

from companion.engine.rng import TableRng
from companion.games.playlist.rules.cards import Card, icon_names

GENRES = ("pop", "rock", "country", "rnb")
CARDS_PER_GENRE = 20
FOUR_ICON_SHARE = 0.4
POINT_WEIGHTS = {0: 1, 1: 4, 2: 3, 3: 2}
LETTER_SHARE = 0.12  # chance a card carries its genre's "sung by" icon

# Weight of each theme icon per genre; icons not listed weigh 1.
LEANINGS = {
    "pop": {"synthesizer": 3, "dancing": 3, "love": 3, "feel-good": 3, "piano": 2, "drums": 2},
    "rock": {"electric-guitar": 3, "drums": 3, "rebellious": 3, "bass": 2, "sad": 2, "death": 2},
    "country": {
        "guitar": 3,
        "storytelling": 3,
        "acoustic": 3,
        "love": 2,
        "ballad": 2,
        "strings": 2,
    },
    "rnb": {"jazzy": 3, "dancing": 3, "bass": 3, "love": 2, "wind": 2, "rebellious": 2},
}
LETTERS = {
    "pop": ("gaga", "beatles"),
    "rock": ("aerosmith", "beatles"),
    "country": ("dolly",),
    "rnb": ("lionel",),
}


def _weighted(rng: TableRng, weights: dict) -> object:
    total = sum(weights.values())
    pick = rng.randint(1, total)
    for value, weight in weights.items():
        pick -= weight
        if pick <= 0:
            return value
    raise AssertionError("unreachable: weights are positive")


def synthetic_box(rng: TableRng) -> list[Card]:
    """Eighty numbered cards, 20 per genre, drawn from `rng`."""
    themes = [name for name in icon_names() if name not in {n for v in LETTERS.values() for n in v}]
    order = {name: i for i, name in enumerate(icon_names())}
    cards: list[Card] = []
    for genre in GENRES:
        weights = {icon: LEANINGS[genre].get(icon, 1) for icon in themes}
        for i in range(CARDS_PER_GENRE):
            size = 4 if rng.randint(1, 100) <= FOUR_ICON_SHARE * 100 else 3
            icons: set[str] = set()
            if rng.randint(1, 100) <= LETTER_SHARE * 100:
                icons.add(rng.choice(LETTERS[genre]))
            while len(icons) < size:
                icons.add(str(_weighted(rng, weights)))
            cards.append(
                Card(
                    genre=genre,
                    points=int(_weighted(rng, POINT_WEIGHTS)),  # type: ignore[arg-type]
                    icons=tuple(sorted(icons, key=order.__getitem__)),
                    title=f"{genre.title()} song {i + 1}",
                    artist="synthetic",
                    number=len(cards) + 1,
                )
            )
    return cards


def synthetic_hand(seed: int, size: int) -> list[Card]:
    """`size` cards dealt from a synthetic box, both drawn from `seed`."""
    rng = TableRng(seed)
    return rng.sample(synthetic_box(rng), size)
