"""A Series' hooper upgrades keep their energy in the games after the one that won them.

'Reward Phase': "the winner of the game can choose one hooper upgrade from the deck under
the marker" (the ten milestone cards: "plus two energies", "Stat +10 plus one energy",
"three energies"); a gameplan's hooper upgrade comes from the player upgrade kit ([star]:
"One extra energy"). "Update the hooper's energy track immediately", and the Setup: "Set
the energy tokens ... according to the energy shown on the relative card also considering
the upgrades". `series amend --upgrade TRIBE:HOOPER=CARD` records which card went on whom.
"""

from __future__ import annotations

from tests.conftest import assert_user_error

S = ("hoopers", "series")
M = ("hoopers", "match")
GAME_1 = (*S, "record", "--score", "79-66", "--periods", "20-18,22-15,17-21,20-12")  # Keepers
GAME_START = (*S, "game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge")


def ok(result):
    assert result.exit_code == 0, result.stderr
    return result


def _series(cli):
    ok(cli("hoopers", "energy", "Edd", "4"))
    ok(cli("hoopers", "energy", "May", "5"))
    ok(cli(*S, "start", "--tribes", "Keepers,Unleashed", "--home", "Keepers"))
    ok(cli(*GAME_1))


def energy(cli, hooper, team="Keepers"):
    return ok(cli(*M, "status", "--json")).json["hoopers"][team][hooper]["energy"]


def test_three_energies_won_in_game_1_start_game_2_at_card_plus_three(cli):
    _series(cli)
    done = ok(cli(*S, "amend", "--upgrade", "Keepers:edd=three", "--json")).json
    assert done["sleeved"] == {"Keepers": {"Edd Trapp": {"card": "three", "energy": 3}},
                               "Unleashed": {}}  # fmt: skip
    shown = ok(cli(*S, "status")).stdout
    assert (
        "Hooper upgrades sleeved, Keepers (energy from the next game on): Edd Trapp three +3"
        in shown
    )
    ok(cli(*GAME_START))
    assert energy(cli, "Edd Trapp") == {"now": 7, "max": 7}  # the card's 4 + three energies
    assert energy(cli, "May Friend") == {"now": 5, "max": 5}
    assert "Keepers energy: Edd Trapp 7/7, May Friend 5/5" in ok(cli(*M, "status")).stdout
    # A move and its undo fold back to the same track, the upgrade still on it.
    ok(cli(*M, "energy", "Keepers", "Edd", "2"))
    assert energy(cli, "Edd Trapp") == {"now": 2, "max": 7}
    ok(cli(*M, "undo"))
    assert energy(cli, "Edd Trapp") == {"now": 7, "max": 7}


def test_a_card_energy_given_in_game_2_counts_the_upgrade(cli):
    ok(cli(*S, "start", "--tribes", "Keepers,Unleashed", "--home", "Keepers"))
    ok(cli(*GAME_1, "--gameplan", "Keepers:2"))  # two milestones: a star upgrade from the kit
    ok(cli(*S, "amend", "--upgrade", "Keepers:Edd=ten", "--upgrade", "Keepers:Hector=star"))
    ok(cli(*GAME_START))
    done = ok(cli(*M, "energy", "Keepers", "Hector", "--max", "5", "--json")).json
    assert done["notes"] == [
        "Hector Pröt (Keepers): the card's energy is 5 (+1 from upgrades); the track is full (6)"
    ]
    # The star upgrade is on him already: "Every hooper can gain only one upgrade".
    assert_user_error(cli(*M, "energy", "Keepers", "Hector", "--star"), "already carries")


def test_upgrades_the_game_did_not_give_are_refused_and_nothing_is_written(cli):
    _series(cli)
    before = ok(cli(*S, "status", "--json")).json
    # The loser took no card from the deck, and no gameplan gave a star upgrade.
    assert_user_error(
        cli(*S, "amend", "--upgrade", "Unleashed:Faust=three"),
        "Unleashed took 0 card(s) from the hooper upgrade deck in game 1",
    )
    assert_user_error(
        cli(*S, "amend", "--upgrade", "Keepers:Edd=star"),
        "Keepers took 0 star upgrade(s) from its player upgrade kit in game 1",
    )
    assert_user_error(
        cli(*S, "amend", "--upgrade", "Keepers:Edd=ten", "--upgrade", "Keepers:May=two"),
        "hooper upgrade'), not 2",
    )
    assert_user_error(cli(*S, "amend", "--upgrade", "Keepers:Edd=four"), "hooper upgrade card")
    assert_user_error(cli(*S, "amend", "--upgrade", "Keepers:Edd"), "TRIBE:HOOPER=CARD")
    assert_user_error(cli(*S, "amend", "--upgrade", "Keepers:Zed=ten"), "Keepers hooper")
    assert ok(cli(*S, "status", "--json")).json == before


def test_one_upgrade_per_hooper_and_the_decks_copies_across_games(cli):
    _series(cli)
    ok(cli(*S, "amend", "--upgrade", "Keepers:Edd=three"))
    ok(cli(*S, "record", "--score", "80-60", "--periods", "20-15,20-15,20-15,20-15"))
    assert_user_error(
        cli(*S, "amend", "--upgrade", "Keepers:Edd=ten"),
        "Edd Trapp (Keepers) already carries the 'three' upgrade",
    )
    assert_user_error(
        cli(*S, "amend", "--upgrade", "Keepers:May=three"),
        "the hooper upgrade deck has 1 'three energies' card(s), and 2 are sleeved",
    )
    ok(cli(*S, "amend", "--upgrade", "Keepers:May=two"))
    sleeved = ok(cli(*S, "status", "--json")).json["sleeved"]["Keepers"]
    assert {h: u["card"] for h, u in sleeved.items()} == {"Edd Trapp": "three", "May Friend": "two"}
    # Undoing game 2 drops what it gave; game 1's stays.
    ok(cli(*S, "undo"))
    sleeved = ok(cli(*S, "status", "--json")).json["sleeved"]["Keepers"]
    assert list(sleeved) == ["Edd Trapp"]


def test_a_game_recorded_before_upgrades_were_kept_carries_none():
    # Older Series documents have no 'upgrades': their hoopers start at the card's energy
    # (the [star] by hand: 'match energy TEAM HOOPER --star').
    from companion.games.hoopers.rules.series import GameReport

    old = {"scores": {"Keepers": 79, "Unleashed": 66}, "periods": []}
    assert GameReport.from_doc(old).upgrades == {}
    assert GameReport.from_doc(old).to_doc()["upgrades"] == {}


def test_the_setup_star_upgrade_counts_from_game_1(cli):
    # "Choose one [star] upgrade from your player upgrade kit and sleeve it onto an
    # un-stellar hooper. By sleeving this upgrade the hooper gains: ... 2- One extra energy".
    ok(cli("hoopers", "energy", "Edd", "4"))
    assert_user_error(
        cli(*S, "start", "--tribes", "Keepers,Unleashed", "--home", "Keepers",
            "--star", "Keepers:Edd", "--star", "Keepers:May"),
        "Keepers sleeves one [star] upgrade at the setup, on Edd Trapp, not also on May Friend",
    )  # fmt: skip
    ok(cli(*S, "start", "--tribes", "Keepers,Unleashed", "--home", "Keepers", "--star", "K:edd"))
    ok(cli(*GAME_START))
    assert energy(cli, "Edd Trapp") == {"now": 5, "max": 5}
    assert_user_error(cli(*M, "energy", "Keepers", "Edd", "--star"), "already carries")
    ok(cli(*M, "abandon"))
    ok(cli(*GAME_1, "--gameplan", "Keepers:2"))  # a second star, from the gameplan
    assert_user_error(
        cli(*S, "amend", "--upgrade", "Keepers:Edd=star"),
        "Edd Trapp (Keepers) already carries the 'star' upgrade",
    )


def test_a_card_marked_stellar_takes_no_upgrade_in_the_series(cli, db):
    """Issue 43 item 14: the Setup's [star] goes "onto an un-stellar hooper", and "A former
    stellar hooper cannot be upgraded": a card the table marked stellar (`hoopers card
    --stellar`) is refused at the setup's --star and at `amend --upgrade`, as the match's
    `energy --star` refuses it, writing nothing."""
    ok(cli("hoopers", "card", "Edd Trapp", "--stellar"))
    before = db.read_bytes()
    assert_user_error(
        cli(*S, "start", "--tribes", "Keepers,Unleashed", "--home", "Keepers", "--star", "K:edd"),
        "Edd Trapp's card is stellar: 'Choose one [star] upgrade from your player upgrade kit "
        "and sleeve it onto an un-stellar hooper'",
    )
    assert db.read_bytes() == before
    ok(cli(*S, "start", "--tribes", "Keepers,Unleashed", "--home", "Keepers", "--star", "K:may"))
    ok(cli(*GAME_1))
    before = db.read_bytes()
    assert_user_error(
        cli(*S, "amend", "--upgrade", "Keepers:edd=three"),
        "Edd Trapp's card is stellar: 'A former stellar hooper cannot be upgraded'",
    )
    assert db.read_bytes() == before
    ok(cli(*S, "amend", "--upgrade", "Keepers:hector=three"))  # an un-stellar card takes it
