"""A manager's cards are the ones drafted: 18 of them, each with one Symbol (issue 22, 22–23)."""

from __future__ import annotations

from tests.conftest import assert_user_error
from tests.games.allstar.test_season import start, stored_regular_season

PAIR = ["Ana", "Ben"]


def playoffs_with_all_of_anas_cards_known(cli, db):
    """Ana's 15 season cards plus hor-6, hor-7, hor-8 in her first Play-Off team: 18 known."""
    stored_regular_season(db, PAIR, version=2, mode="heritage")
    out = cli(
        "allstar",
        "season",
        "playoff",
        "round",
        "Ana=duc-1,duc-2,hor-6,hor-7,hor-8",
        "Ben=bea-1,bea-2,bea-3,bea-4,bea-5",
        "--points",
        "9,4",
        "--json",
    )
    assert out.exit_code == 0, out.stderr
    assert out.json["tickets"] == {"Ana": 1, "Ben": 2}
    return out


def test_a_19th_and_20th_card_cannot_be_swapped_in(cli, db):
    # "Each Manager takes into hand all the cards drafted onto their Bench during the
    # regular season (that is, 18 cards)": tig-6 and tig-7 were never Ana's.
    playoffs_with_all_of_anas_cards_known(cli, db)
    before = cli("allstar", "season", "status", "--json").json
    refused = cli(
        "allstar", "season", "playoff", "swap", "Ana", "--out", "duc-1,duc-2", "--in", "tig-6,tig-7"
    )
    assert_user_error(refused, "card Tigers-6 would be Ana's 19th card")
    assert "Horses-8" in refused.stderr  # names the 18 she can play
    assert cli("allstar", "season", "status", "--json").json == before
    ok = cli(
        "allstar", "season", "playoff", "swap", "Ana", "--out", "duc-1,duc-2", "--in", "hor-1,hor-2"
    )
    assert ok.exit_code == 0, ok.stderr


def test_a_counted_swap_then_an_unknown_card_in_the_team_is_refused(cli, db):
    playoffs_with_all_of_anas_cards_known(cli, db)
    assert cli("allstar", "season", "playoff", "swap", "Ana", "2").exit_code == 0
    assert cli("allstar", "season", "playoff", "swap", "Ben", "2").exit_code == 0
    refused = cli(
        "allstar",
        "season",
        "playoff",
        "round",
        "Ana=tig-6,duc-9,hor-6,hor-7,hor-8",
        "Ben=bea-1,bea-2,bea-3,tig-1,tig-2",
    )
    assert_user_error(refused, "card Tigers-6 would be Ana's 19th card")


def test_a_shootout_card_is_one_of_the_eighteen(cli, db):
    stored_regular_season(db, PAIR, version=2, mode="heritage")
    tied = cli(
        "allstar",
        "season",
        "playoff",
        "round",
        "Ana=duc-1,duc-2,hor-6,hor-7,hor-8",
        "Ben=bea-1,bea-2,tig-3,tig-4,tig-5",
        "--points",
        "9,4",
        "--json",
    )
    assert tied.json["shootout_between"] == ["Ana", "Ben"]
    # "Each Manager plays a single Hockey Player card from their hand": Ana's 18 are known.
    assert_user_error(
        cli("allstar", "season", "playoff", "shootout", "Ana=tig-6", "Ben=bea-9"),
        "card Tigers-6 would be Ana's 19th card",
    )
    ok = cli("allstar", "season", "playoff", "shootout", "Ana=hor-9", "Ben=bea-9", "--json")
    assert ok.exit_code == 0, ok.stderr


def test_a_card_typed_with_another_symbol_disagrees(cli, db):
    # A card has one Symbol: bea-1 typed with the puck once is not bea-1 with the goal.
    stored_regular_season(db, PAIR, version=2, mode="heritage")
    first = cli(
        "allstar",
        "season",
        "playoff",
        "round",
        "Ana=duc-1-puck,duc-2,duc-3,hor-6,hor-7",
        "Ben=bea-1-puck,bea-2,bea-3,bea-4,bea-5",
        "--points",
        "9,4",
        "--json",
    )
    assert first.exit_code == 0, first.stderr
    before = cli("allstar", "season", "status", "--json").json
    refused = cli(
        "allstar",
        "season",
        "playoff",
        "swap",
        "Ana",
        "--out",
        "duc-1-goal,duc-2",
        "--in",
        "hor-1,hor-2",
    )
    assert_user_error(refused, "card Ducks-1-goal disagrees with Ducks-1-puck typed before")
    assert cli("allstar", "season", "status", "--json").json == before


def test_the_regular_season_refuses_a_card_with_another_symbol_too(cli):
    start(cli, PAIR, "--mode", "heritage")
    assert cli("allstar", "season", "arenas", "Rink", "--points", "5,2").exit_code == 0
    ana = cli("allstar", "season", "team", "Ana", "1", "duc-1-puck,duc-2,duc-3,duc-4,duc-5")
    assert ana.exit_code == 0, ana.stderr
    assert (
        cli("allstar", "season", "team", "Ben", "1", "bea-1,bea-2,bea-3,bea-4,bea-5").exit_code == 0
    )
    assert cli("allstar", "season", "resolve").exit_code == 0
    cli("allstar", "season", "arenas", "Dome", "Bowl", "--points", "5,2", "--points", "5,2")
    before = cli("allstar", "season", "status", "--json").json
    assert_user_error(
        cli("allstar", "season", "swap", "Ana", "duc-1-goal", "duc-6"),
        "card Ducks-1-goal disagrees with Ducks-1-puck typed before",
    )
    assert cli("allstar", "season", "status", "--json").json == before
    ok = cli("allstar", "season", "swap", "Ana", "duc-1", "duc-6")
    assert ok.exit_code == 0, ok.stderr
