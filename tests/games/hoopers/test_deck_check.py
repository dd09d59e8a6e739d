"""Issue 43 item 13: deck building's checks, as far as the table tells the companion which
cards it holds ('When Upgrading... Your Deck').

"Be careful! - If an upgrade is strictly connected to an action, you must sleeve it onto a
card that performs the same action (see paragraph "anatomy action upgrade card"). For
example: "From the Elbow" upgrades just a Two Point Shot action. - Every card can gain only
one upgrade." "c) Four out of ten position upgrades of your choice from your player
upgrade kit". A check the file gives too little for is named, not passed silently.
"""

from __future__ import annotations

from tests.conftest import assert_user_error

D = ("hoopers", "deck", "check")
GOOD = """
[needs]
"Rainbow Shot" = "3ps"

[cards.1]
actions = ["2ps", "d2"]
upgrade = "From the Elbow"

[cards.2]
actions = ["3ps", "d3"]
upgrade = "rainbow shot"

[cards.3]
actions = ["dribble", "dlu"]
upgrade = "Curl"

[cards.4]
upgrade = "steal"

[cards.5]
upgrade = "PG"
"""


def _deck(tmp_path, text, name="deck.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_legal_deck_says_what_was_checked_and_what_could_not_be(cli, tmp_path):
    result = cli(*D, _deck(tmp_path, GOOD))
    assert result.exit_code == 0, result.stderr
    same = ("'If an upgrade is strictly connected to an action, you must sleeve it onto a "
            "card that performs the same action'")  # fmt: skip
    assert result.stdout.splitlines() == [
        "5 cards sleeved: 1 counter, 3 action, 1 position upgrade(s)",
        "  checked: one upgrade per card ('Every card can gain only one upgrade')",
        f"  checked: From the Elbow on card 1, a 2PS card ({same})",
        f"  checked: Rainbow Shot on card 2, a 3PS card ({same})",
        "  checked: position upgrades: 1 of 4",
        "  not checked: Curl on card 3: its former action is not known (the rulebook prints "
        'only From the Elbow\'s; give it: needs."Curl" = "ACTION")',
    ]
    doc = cli(*D, _deck(tmp_path, GOOD), "--json").json
    assert doc["upgrades"] == {"counter": 1, "action": 3, "position": 1}
    assert len(doc["not_checked"]) == 1


def test_from_the_elbow_goes_on_a_two_point_shot_card(cli, tmp_path):
    deck = _deck(tmp_path, '[cards.9]\nactions = ["3ps", "d3"]\nupgrade = "From the Elbow"\n')
    assert_user_error(cli(*D, deck), "From the Elbow needs a 2PS card; card 9 performs 3PS, "
                      "D3: 'If an upgrade is strictly connected to an action, you must sleeve "
                      "it onto a card that performs the same action'")  # fmt: skip
    unknown = _deck(tmp_path, '[cards.9]\nupgrade = "From the Elbow"\n', "unknown.toml")
    said = cli(*D, unknown)
    assert said.exit_code == 0
    assert ("not checked: From the Elbow on card 9: the card's actions are not known "
            "(give its actions)") in said.stdout  # fmt: skip


def test_every_card_gains_only_one_upgrade(cli, tmp_path):
    deck = _deck(tmp_path, '[cards.3]\nactions = ["pass"]\nupgrades = ["steal", "SG"]\n')
    assert_user_error(cli(*D, deck),
                      "card 3 carries 2 upgrades (steal, SG): 'Every card can gain only "
                      "one upgrade'")  # fmt: skip


def test_the_position_upgrades_are_four_of_ten(cli, tmp_path):
    five = "".join(f'[cards.{i}]\nupgrade = "{p}"\n' for i, p in
                   enumerate(("PG", "PG", "SG", "SG", "C"), 1))  # fmt: skip
    deck = _deck(tmp_path, five)
    assert_user_error(cli(*D, deck), "5 position upgrades sleeved, 4 allowed: 'Four out of ten "
                      "position upgrades of your choice'")  # fmt: skip
    # A Series tribe sleeves what its kit gave it ('Reward Phase'): the table says how many.
    assert cli(*D, deck, "--positions", "5").exit_code == 0
    three = _deck(tmp_path, "".join(f'[cards.{i}]\nupgrade = "PG"\n' for i in range(3)), "pg.toml")
    assert_user_error(cli(*D, three, "--positions", "6"), "3 cards carry PG: the box has 2")


def test_a_file_that_is_no_deck_is_one_line(cli, tmp_path):
    assert_user_error(cli(*D, _deck(tmp_path, "[cards.1]\nupgrade = \"Slam\"\n")),
                      "card 1: 'Slam' is no upgrade")  # fmt: skip
    assert_user_error(cli(*D, _deck(tmp_path, "x = 1\n", "x.toml")), "a [cards.LABEL] table")
    assert_user_error(cli(*D, str(tmp_path / "none.toml")), "cannot read")
