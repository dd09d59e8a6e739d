import pytest

from companion.games.otdraft.rules.cards import Destroy, Each, Protect, Selector
from companion.games.otdraft.rules.catalogue import (
    catalogue_to_toml,
    parse_catalogue_data,
    parse_catalogue_text,
)
from companion.games.otdraft.rules.errors import CatalogueError
from tests.games.otdraft.helpers import example_catalogue, full_deck

MOSES = """\
[[cards]]
name = "Moses"
category = "Prophet"            # Leader, Location, Prophet, Regular, Thing
points = 3                      # starting points
traits = ["Man"]                # Animal, Food, Man, Woman
rules = [ { unique_points = [1, 10], points = 3 } ]
"""


def test_example_catalogue_reads_every_card():
    cat = example_catalogue()
    assert cat.names == ["Jonah", "Music", "Saul", "David", "Snake", "Famine", "Adam", "Isaac"]
    jonah = cat["Jonah"]
    assert jonah.category == "Prophet" and jonah.points == 12 and jonah.traits == ("Man",)
    assert jonah.rules == (
        Protect(
            (Selector("trait", "Man"), Selector("trait", "Woman"), Selector("trait", "Animal")),
            (Selector("name", "Famine"),),
        ),
    )
    assert cat["Music"].rules[0] == Each(Selector("category", "Leader"), 4)
    assert cat["Snake"].rules == (Destroy((Selector("name", "Adam"),)),)
    assert cat["Adam"].line == 64  # its [[cards]] header


def test_issue_format_example_parses():
    cat = parse_catalogue_text(MOSES)
    assert cat["Moses"].rules[0].to_raw() == {"unique_points": [1, 10], "points": 3}


def test_export_reads_back_identically():
    for cat in (example_catalogue(), full_deck()):
        assert parse_catalogue_text(catalogue_to_toml(cat)) == cat


def test_stored_form_reads_back_identically():
    cat = example_catalogue()
    assert parse_catalogue_data(cat.to_raw()) == cat


def test_names_categories_and_traits_are_case_insensitive():
    text = MOSES.replace('"Prophet"', '"prophet"').replace('["Man"]', '["man"]')
    card = parse_catalogue_text(text)["Moses"]
    assert card.category == "Prophet" and card.traits == ("Man",)


def bad(text: str) -> str:
    with pytest.raises(CatalogueError) as err:
        parse_catalogue_text(text, "bad.toml")
    return str(err.value)


def test_unknown_rule_kind_names_card_and_line():
    text = MOSES.replace("unique_points = [1, 10], points = 3", "bonus = 3")
    assert bad(text) == (
        "bad.toml:6: card 'Moses': unknown rule kind 'bonus' (expected one of destroy, "
        "protect, silence, each, all, per_destroyed, unique_points, double, leftover)"
    )


def test_unknown_card_key_names_card_and_line():
    assert bad(MOSES + 'colour = "red"\n') == (
        "bad.toml:7: card 'Moses': unknown key 'colour' "
        "(expected name, category, points, traits, rules)"
    )


def test_unknown_category_names_card_and_line():
    text = MOSES.replace('"Prophet"', '"Priest"')
    assert bad(text) == (
        "bad.toml:3: card 'Moses': unknown category 'Priest' "
        "(expected one of Leader, Location, Prophet, Regular, Thing)"
    )


def test_unknown_trait_is_refused():
    assert "unknown trait 'Angel'" in bad(MOSES.replace('["Man"]', '["Angel"]'))


def test_selector_naming_no_card():
    text = MOSES.replace("unique_points = [1, 10], points = 3", 'destroy = ["Aaron"]')
    assert bad(text) == (
        "bad.toml:6: card 'Moses': destroy names 'Aaron', which is no card in the catalogue"
    )


def test_selector_with_unknown_category():
    text = MOSES.replace("unique_points = [1, 10], points = 3", 'double = ["category:King"]')
    assert "bad.toml:6: card 'Moses': unknown category 'King'" in bad(text)


def test_duplicate_name_names_both_lines():
    text = MOSES + "\n" + MOSES.replace('"Moses"', '"moses"')
    assert bad(text) == "bad.toml:9: card 'moses': is defined twice (first on line 1)"


def test_two_kinds_in_one_rule():
    text = MOSES.replace("unique_points = [1, 10], points = 3", 'destroy = ["Moses"], leftover = 1')
    assert "one rule has two kinds (destroy, leftover)" in bad(text)


def test_key_not_allowed_for_kind():
    text = MOSES.replace("unique_points = [1, 10], points = 3", 'destroy = ["Moses"], choose = 1')
    assert "unknown key 'choose' in a destroy rule (allowed: nothing else)" in bad(text)


def test_unique_points_backwards_and_missing_points():
    assert "runs backwards" in bad(MOSES.replace("[1, 10]", "[10, 1]"))
    assert "a each rule needs points = N" in bad(
        MOSES.replace("unique_points = [1, 10], points = 3", 'each = "trait:Man"')
    )


def test_points_must_be_whole():
    assert (
        bad(MOSES.replace("points = 3  ", "points = 3.5"))
        == "bad.toml:4: card 'Moses': points must be a whole number (got 3.5)"
    )


def test_toml_syntax_error_names_file_and_line():
    message = bad(MOSES.replace('name = "Moses"', "name = Moses"))
    assert message.startswith("bad.toml: not valid TOML:") and "line 2" in message


def test_empty_file():
    assert bad("") == "bad.toml: no [[cards]] found"
