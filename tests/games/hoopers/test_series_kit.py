"""Issue 22 item 13: the Series' upgrade decks and kits run out.

'Prepare The Series': "A first Action Upgrade Deck (Q): two [star] and six [!]"; "A second
Hooper Upgrade Deck composed by all the ten milestone upgrade cards (R)"; a gameplan's
hooper upgrade is "one hooper upgrade card from your player upgrade kit" (M e: "5 Hooper
upgrades", one sleeved at the setup: "Choose one [star] upgrade from your player upgrade
kit").
"""

from __future__ import annotations

import pytest

from tests.games.hoopers.test_series_cli import K, U, record


@pytest.fixture
def started(cli):
    def run(*args):
        return cli("hoopers", "series", *args)

    assert run("start", "--tribes", "Keepers,Unleashed", "--home", "kee").exit_code == 0
    return run


# Seven games, each won by 7 or more (the Strength card to the winner), the Keepers
# reaching both gameplan milestones every time.
SCORES = ["80-70", "70-80", "80-70", "70-80", "80-70", "70-80", "80-70"]


def test_seven_games_give_no_more_upgrades_than_the_decks_and_kits_hold(started):
    for score in SCORES:
        doc = record(started, score, "--gameplan", "K:2")
    assert doc["winner"] == K
    totals = doc["upgrades"]
    assert totals[K]["action_upgrades"] + totals[U]["action_upgrades"] == 8
    # Seven winner markers from the ten-card deck, and four gameplan upgrades (5 - 1).
    assert totals[K]["hooper_upgrades"] == 4 + 4
    assert totals[U]["hooper_upgrades"] == 3
    fifth = started("rewards", "5", "--json").json
    assert fifth[K]["action_upgrades"] == 0 and fifth[K]["gameplan_hooper_upgrades"] == 0
    assert (fifth[K]["action_deck_left"], fifth[K]["kit_hooper_upgrades_left"]) == (0, 0)
    text = started("rewards", "5").stdout
    assert "the action upgrade deck is empty" in text
    assert "the action upgrade deck ran out" in text
    assert "the kit has no star hooper upgrade left" in text


def test_a_strength_card_nobody_takes_goes_back_into_the_deck(started):
    # "Nobody if the difference ... is equal to 4, 5 or 6 points. The translucent card
    # will be shuffled again in the proper deck at the beginning of the next game."
    doc = record(started, "75-70")
    assert started("rewards", "1", "--json").json[K]["action_deck_left"] == 7
    assert doc["upgrades"][K]["action_upgrades"] == 1  # the series track card (home)
