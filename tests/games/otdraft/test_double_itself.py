"""Issue 15: does a card with `double` double itself? Yes, when its own selectors match it.

The rulebook lists a card's targets "on your Drafted Team" — "+X points for every one of
the listed cards on your Drafted Team" — and the card is on that team; its Moses example
counts Moses's own 3 among "1, 3, 4, 4, 6, 7, 10, and 14". So a Location that doubles
Locations (the audit's Card17) is one of the Locations it doubles: 1 × 2 = 2.
"""

from __future__ import annotations

import pytest

from companion.games.otdraft.rules.cards import Card, Double, Selector
from companion.games.otdraft.rules.scoring import Choices, score_team
from companion.games.otdraft.rules.scoring import Silence as SilenceRule

CARD17_TOML = """
[[cards]]
name = "Card17"
category = "Location"
points = 1
rules = [ { double = ["category:Location"] } ]
[[cards]]
name = "Hebron"
category = "Location"
points = 3
[[cards]]
name = "Adam"
category = "Regular"
points = 1
traits = ["Man"]
[[cards]]
name = "Babel"
category = "Location"
points = 4
rules = [ { double = ["category:Location"] } ]
[[cards]]
name = "Delilah"
category = "Regular"
points = 2
traits = ["Woman"]
rules = [ { silence = ["Card17"] } ]
"""


@pytest.fixture
def card17(tmp_path):
    path = tmp_path / "card17.toml"
    path.write_text(CARD17_TOML)
    return path


def score(cli, path, *cards):
    result = cli("otdraft", "score", *cards, "--catalogue", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    return result.json


def test_card17_doubles_itself_and_the_other_locations(cli, card17):
    payload = score(cli, card17, "Card17", "Hebron", "Adam")
    totals = {c["name"]: (c["multiplier"], c["total"]) for c in payload["cards"]}
    assert totals == {"Card17": (2, 2), "Hebron": (2, 6), "Adam": (1, 1)}
    assert payload["total"] == 9
    lines = cli("otdraft", "score", "Card17", "Hebron", "--catalogue", str(card17)).stdout
    assert "1 (starting points); × 2 (doubled by Card17 (itself)) = 2" in lines
    assert "3 (starting points); × 2 (doubled by Card17) = 6" in lines


def test_two_self_doubling_locations_make_four_times_each(cli, card17):
    totals = {c["name"]: c["total"] for c in score(cli, card17, "Card17", "Babel")["cards"]}
    assert totals == {"Card17": 1 * 4, "Babel": 4 * 4}


def test_a_silenced_card17_doubles_nothing_not_even_itself(cli, card17):
    """ "If a card has been Silenced, then act as if it has no Rules"."""
    args = ["otdraft", "score", "Card17", "Hebron", "Delilah", "--catalogue", str(card17)]
    silenced = cli(*args, "--silence", "Delilah=Card17", "--json").json
    totals = {c["name"]: c["total"] for c in silenced["cards"]}
    assert totals == {"Card17": 1, "Hebron": 3, "Delilah": 2}
    best = cli(*args, "--json").json  # silencing it is a choice: the best leaves it alone
    assert best["total"] == 2 + 6 + 2 and best["choices"]["silence"] == {"Delilah": []}


def test_in_the_engine_a_card_matching_its_own_double_is_doubled():
    loc = Selector("category", "Location")
    card = Card("Card17", "Location", 1, (), (Double((loc,)),))
    other = Card("Ark", "Thing", 5, (), (Double((Selector("name", "Ark"),)),))
    score = score_team([card, other])
    assert [(c.multiplier, c.total) for c in score.cards] == [(2, 2), (2, 10)]
    muted = Card("Aaron", "Prophet", 0, (), (SilenceRule((Selector("name", "Card17"),)),))
    silenced = score_team([card, muted], Choices({}, {"Aaron": ("Card17",)}))
    assert silenced.cards[0].total == 1
