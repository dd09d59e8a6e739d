"""Issue 29 item 13: `allstar rank` makes the card and arena checks of the tracked season.

The rulebook's Components: "108 Hockey Player cards (9 cards for each of 12 Species)", each
with a "Hockey Player Number (from 1 to 9)" — so a Species and Number is one card, whatever
Symbol is typed. Two-manager Setup: "Put back in the box the Arenas that are not playable
with two Managers (the ones with the "remove for two Managers" icon)."
"""

from __future__ import annotations

from tests.conftest import assert_user_error

BEARS = "A=bea-1-puck,bea-2,bea-3,bea-4,bea-5"
DUCKS = "B=duc-1-goal,duc-2,duc-3,duc-4,duc-5"


def test_rank_refuses_one_card_in_two_teams_whatever_its_symbol(cli):
    # bea-1-puck and bea-1-goal are one card: Bears 1.
    clash = "B=bea-1-goal,duc-2,duc-3,duc-4,duc-5"
    result = cli("allstar", "rank", BEARS, clash)
    assert_user_error(result, "card Bears-1 is already in A's team")
    assert result.stdout == ""
    assert cli("allstar", "rank", BEARS, clash, "--json").exit_code == 2


def test_rank_refuses_a_remove_for_two_managers_arena_with_two_managers(cli):
    assert cli("allstar", "arena", "add", "Pond", "--points", "5,3", "--rule",
               "no-two-managers").exit_code == 0  # fmt: skip
    two = cli("allstar", "rank", "--managers", "2", "--arena", "Pond", BEARS, DUCKS)
    assert_user_error(two, "arena 'Pond' is removed in two-manager games")
    # The same arena is fine with three managers (its row then needs three places).
    assert cli("allstar", "arena", "add", "Pond", "--points", "5,3,1", "--rule",
               "no-two-managers").exit_code == 0  # fmt: skip
    three = cli("allstar", "rank", "--managers", "3", "--arena", "Pond", BEARS, DUCKS, "--json")
    assert three.exit_code == 0, three.stderr
    assert [r["points"] for r in three.json["ranking"]] == [5, 3]


def test_rank_refuses_a_new_two_manager_arena_and_remembers_nothing(cli):
    result = cli("allstar", "rank", "--managers", "2", "--arena", "Rink", "--points", "5,3",
                 "--rule", "no-two-managers", BEARS, DUCKS)  # fmt: skip
    assert_user_error(result, "arena 'Rink' is removed in two-manager games")
    assert cli("allstar", "arena", "list", "--json").json["arenas"] == []


def test_the_season_refuses_with_the_same_words(cli):
    assert cli("allstar", "arena", "add", "Pond", "--points", "5,3", "--rule",
               "no-two-managers").exit_code == 0  # fmt: skip
    start = ("--players", "Ana,Ben", "--mode", "heritage", "--species", "duc,hor,bea,tig,car")
    assert cli("allstar", "season", "start", *start).exit_code == 0
    assert_user_error(
        cli("allstar", "season", "arenas", "Pond"), "arena 'Pond' is removed in two-manager games"
    )
    assert cli("allstar", "season", "arenas", "Rink", "--points", "5,2").exit_code == 0
    assert cli("allstar", "season", "team", "Ana", "1", "bea-1-puck,bea-2,bea-3,bea-4,bea-5")
    assert_user_error(
        cli("allstar", "season", "team", "Ben", "1", "bea-1-goal,duc-2,duc-3,duc-4,duc-5"),
        "card Bears-1 is already in Ana's Bus 1 team",
    )
