import pytest

from companion.games.otdraft.rules.best import find_best
from companion.games.otdraft.rules.catalogue import parse_catalogue_text
from companion.games.otdraft.rules.errors import ChoiceError, TeamError, UnresolvableCycle
from companion.games.otdraft.rules.scoring import Choices, build_team, score_team
from tests.games.otdraft.helpers import EXAMPLE_SECRET, EXAMPLE_TEAM, example_catalogue


def cards(text: str):
    """A catalogue from compact TOML; the team is every card in it."""
    cat = parse_catalogue_text(text)
    return list(cat.cards)


def card(name, points=1, category="Regular", traits=(), rules=""):
    trait_list = ", ".join(f'"{t}"' for t in traits)
    return (
        f'[[cards]]\nname = "{name}"\ncategory = "{category}"\npoints = {points}\n'
        f"traits = [{trait_list}]\nrules = [{rules}]\n"
    )


def totals(score):
    return {c.name: c.total for c in score.cards}


# --- the rulebook's Scoring Example ------------------------------------------------


def example_team():
    return build_team(example_catalogue(), EXAMPLE_TEAM, EXAMPLE_SECRET)


def test_rulebook_scoring_example_best_choice_is_98():
    search = find_best(example_team())
    best = search.best
    assert best.total == 98
    by_name = {c.name: c for c in best.cards}
    adam = by_name["Adam"]
    assert adam.destroyed and adam.total == 0 and adam.destroyed_by == ("Snake",)
    saul = by_name["Saul"]
    assert (saul.base, saul.bonus, saul.multiplier, saul.total) == (8, 20, 1, 28)
    music = by_name["Music"]
    assert (music.base, music.bonus, music.multiplier, music.total) == (2, 8, 2, 20)
    assert music.why == "2 + 4 × 2 category:Leader (Saul, David) = 10; × 2 (doubled by David) = 20"
    for name in ("Jonah", "Snake", "Famine", "David", "Isaac"):
        assert by_name[name].bonus == 0 and by_name[name].total == by_name[name].base
    assert by_name["David"].protected_by == ("Music", "Jonah")
    assert "protected from Saul by Music, from Famine by Jonah" in by_name["David"].why
    # Jonah and Music have no `choose`: they protect every card they name, no choice.
    assert best.choices.protect == {}
    assert search.open_cards == () and search.runner_up is None and search.tried == 1


def test_protect_without_choose_protects_everything_it_names():
    # No choices given: Jonah still shields the Men, Women and Animals from Famine and
    # Music still shields David from Saul ("Nothing protects from Snake").
    score = score_team(example_team(), Choices())
    assert totals(score) == {
        "Jonah": 12, "Music": 20, "Saul": 28, "David": 10,
        "Snake": 9, "Famine": 11, "Adam": 0, "Isaac": 8,
    }  # fmt: skip
    assert score.total == 98


def test_protect_without_choose_cannot_be_chosen_down():
    with pytest.raises(ChoiceError, match="Music protects David from Saul — every one"):
        find_best(example_team(), Choices(protect={"Music": ()}))


def test_a_card_with_both_kinds_of_protect_only_chooses_for_choose():
    text = (
        card("Ark", 0, rules='{ protect = ["Dove"] }, { protect = ["trait:Animal"], choose = 1 }')
        + card("Dove", 5, traits=["Animal"])
        + card("Lion", 6, traits=["Animal"])
        + card("Ram", 4, traits=["Animal"])
        + card("Flood", 0, rules='{ destroy = ["trait:Animal"] }')
    )
    best = find_best(cards(text))
    assert best.best.total == 5 + 6 and best.best.choices.protect == {"Ark": ("Lion",)}
    assert best.runner_up is not None and best.runner_up.total == 5 + 4


def test_fixed_choice_is_kept_and_the_rest_searched():
    text = (
        card("Ark", 0, rules='{ protect = ["trait:Animal"], choose = 1 }')
        + card("Net", 0, rules='{ protect = ["trait:Animal"], choose = 1 }')
        + card("Dove", 5, traits=["Animal"])
        + card("Lion", 6, traits=["Animal"])
        + card("Flood", 0, rules='{ destroy = ["trait:Animal"] }')
    )
    search = find_best(cards(text), Choices(protect={"Ark": ()}))
    assert search.best.choices.protect == {"Ark": (), "Net": ("Lion",)}
    assert search.open_cards == ("Net",) and search.best.total == 6


# --- Moses --------------------------------------------------------------------------


def test_moses_unique_values_example():
    # "1, 3, 4, 4, 6, 7, 10, and 14, Moses would be worth an additional 18 Points."
    text = card("Moses", 3, "Prophet", ["Man"], "{ unique_points = [1, 10], points = 3 }")
    for i, points in enumerate([1, 4, 4, 6, 7, 10, 14]):
        text += card(f"C{i}", points)
    score = score_team(cards(text))
    moses = score.cards[0]
    assert (moses.base, moses.bonus, moses.total) == (3, 18, 21)
    assert moses.why == "3 + 3 × 6 distinct values 1-10 (1, 3, 4, 6, 7, 10) = 21"


# --- Destroy and Protect --------------------------------------------------------------


def test_mutual_destruction_destroys_both():
    team = cards(
        card("A", 5, rules='{ destroy = ["B"] }') + card("B", 7, rules='{ destroy = ["A"] }')
    )
    assert totals(score_team(team)) == {"A": 0, "B": 0}


def test_a_card_never_destroys_itself():
    team = cards(card("Flood", 4, "Thing", rules='{ destroy = ["category:Thing"] }'))
    assert totals(score_team(team)) == {"Flood": 4}


def test_destroyed_protector_protects_nothing():
    text = (
        card("Guard", 2, rules='{ protect = ["King"] }')
        + card("King", 9, "Leader", rules="")
        + card("Sword", 1, rules='{ destroy = ["King", "Guard"] }')
    )
    text = text.replace('{ destroy = ["King", "Guard"] }', '{ destroy = ["King"] }')
    text += card("Arrow", 1, rules='{ destroy = ["Guard"] }')
    team = cards(text)
    score = score_team(team, Choices(protect={"Guard": ("King",)}))
    assert totals(score) == {"Guard": 0, "King": 0, "Sword": 1, "Arrow": 1}
    assert score.cards[1].destroyed_by == ("Sword",)


def test_protectors_shielding_each_other_both_stand():
    text = card("P", 3, rules='{ protect = ["Q"] }, { destroy = ["Q"] }') + card(
        "Q", 4, rules='{ protect = ["P"] }, { destroy = ["P"] }'
    )
    score = score_team(cards(text), Choices(protect={"P": ("Q",), "Q": ("P",)}))
    assert totals(score) == {"P": 3, "Q": 4}


def test_protect_from_only_named_sources():
    text = (
        card("Ark", 1, "Thing", rules='{ protect = ["trait:Animal"], from = ["Flood"] }')
        + card("Dove", 5, traits=["Animal"])
        + card("Flood", 2, "Thing", rules='{ destroy = ["trait:Animal"] }')
        + card("Lion", 6, traits=["Animal"], rules='{ destroy = ["Dove"] }')
    )
    score = find_best(cards(text)).best
    assert totals(score) == {"Ark": 1, "Dove": 0, "Flood": 2, "Lion": 6}
    assert score.cards[1].destroyed_by == ("Lion",)


def test_per_destroyed_counts_cards_it_destroys():
    text = (
        card("Plague", 1, "Thing", rules='{ destroy = ["trait:Man"] }, { per_destroyed = 2 }')
        + card("Cain", 3, traits=["Man"])
        + card("Abel", 3, traits=["Man"])
    )
    assert totals(score_team(cards(text))) == {"Plague": 5, "Cain": 0, "Abel": 0}


def test_two_doublers_quadruple():
    text = (
        card("Gold", 3, "Thing")
        + card("A", 0, rules='{ double = ["Gold"] }')
        + card("B", 0, rules='{ double = ["category:Thing"] }')
    )
    gold = score_team(cards(text)).cards[0]
    assert (gold.multiplier, gold.total) == (4, 12)


def test_all_needs_every_listed_card():
    text = card("Saul", 8, "Leader", rules='{ all = ["David", "Music"], points = 20 }')
    text += card("David", 1, "Leader") + card("Music", 2, "Thing")
    full = cards(text)
    assert score_team(full).cards[0].total == 28
    partial = [c for c in full if c.name != "Music"]
    saul = score_team(partial).cards[0]
    assert saul.total == 8 and "missing Music" in saul.why


def test_destroyed_cards_do_not_count_for_bonuses():
    text = (
        card("Counter", 0, rules='{ each = "trait:Man", points = 5 }')
        + card("Abel", 1, traits=["Man"])
        + card("Cain", 1, traits=["Man"], rules='{ destroy = ["Abel"] }')
    )
    assert totals(score_team(cards(text))) == {"Counter": 5, "Abel": 0, "Cain": 1}


# --- Silence ------------------------------------------------------------------------


def test_silenced_card_keeps_only_starting_points():
    text = (
        card("Quiet", 1, rules='{ silence = ["category:Leader"], choose = 1 }')
        + card("Saul", 8, "Leader", rules='{ each = "category:Leader", points = 5 }')
        + card("Gold", 0, rules='{ double = ["Saul"] }')
    )
    team = cards(text)
    loud = score_team(team)
    assert loud.cards[1].total == (8 + 5) * 2
    quiet = score_team(team, Choices(silence={"Quiet": ("Saul",)}))
    saul = quiet.cards[1]
    assert saul.silenced and saul.total == 8 and saul.silenced_by == ("Quiet",)
    assert saul.why == "silenced by Quiet: starting points only = 8"


def test_silenced_destroyer_destroys_nothing_and_best_finds_it():
    text = (
        card("Quiet", 1, rules='{ silence = ["Snake"] }')
        + card("Snake", 2, traits=["Animal"], rules='{ destroy = ["Adam"] }')
        + card("Adam", 9, traits=["Man"])
    )
    search = find_best(cards(text))
    assert search.best.total == 12
    assert search.best.choices.silence == {"Quiet": ("Snake",)}
    assert search.runner_up is not None and search.runner_up.total == 3


def test_silence_ring_is_refused_naming_the_cards():
    text = card("A", 1, rules='{ silence = ["B"] }') + card("B", 1, rules='{ silence = ["A"] }')
    with pytest.raises(UnresolvableCycle, match="A, B silence each other in a ring"):
        score_team(cards(text), Choices(silence={"A": ("B",), "B": ("A",)}))
    # Left open, the companion avoids the ring.
    assert find_best(cards(text)).best.total == 2


def test_silence_chain_resolves_from_the_unsilenced_end():
    text = (
        card("A", 1, rules='{ silence = ["B"] }')
        + card("B", 1, rules='{ silence = ["C"] }')
        + card("C", 1, rules='{ each = "trait:Man", points = 1 }')
    )
    score = score_team(cards(text), Choices(silence={"A": ("B",), "B": ("C",)}))
    assert [c.silenced for c in score.cards] == [False, True, False]


# --- bad input -----------------------------------------------------------------------


def test_ninth_card_is_refused():
    text = "".join(card(f"C{i}", i) for i in range(9))
    cat = parse_catalogue_text(text)
    with pytest.raises(TeamError, match="9 cards given: a team at scoring has at most 8"):
        build_team(cat, cat.names)


def test_leftover_ability_allows_extra_cards():
    text = card("C0", 0, rules="{ leftover = 1 }") + "".join(card(f"C{i}", i) for i in range(1, 10))
    cat = parse_catalogue_text(text)
    assert len(build_team(cat, cat.names)) == 10


def test_card_twice_is_refused():
    with pytest.raises(TeamError, match="card 'Adam' is on the team twice"):
        build_team(example_catalogue(), ["Adam", "ad"])


def test_choices_the_card_does_not_offer():
    team = example_team()
    with pytest.raises(ChoiceError, match="Music protects David from Saul"):
        find_best(team, Choices(protect={"Music": ("Isaac",)}))
    with pytest.raises(ChoiceError, match="Isaac has no Protect rule"):
        find_best(team, Choices(protect={"Isaac": ("Adam",)}))
    ark = cards(
        card("Ark", 0, rules='{ protect = ["trait:Animal"], choose = 1 }')
        + card("Dove", 5, traits=["Animal"])
        + card("Lion", 6, traits=["Animal"])
    )
    with pytest.raises(ChoiceError, match="Moses is not on the team"):
        find_best(ark, Choices(protect={"Ark": ("Moses",)}))


def test_choose_limits_how_many_are_protected():
    text = (
        card("Ark", 0, rules='{ protect = ["trait:Animal"], choose = 1 }')
        + card("Dove", 5, traits=["Animal"])
        + card("Lion", 6, traits=["Animal"])
        + card("Flood", 0, rules='{ destroy = ["trait:Animal"] }')
    )
    team = cards(text)
    with pytest.raises(ChoiceError, match="2 cards chosen, but Ark may protect 1"):
        find_best(team, Choices(protect={"Ark": ("Dove", "Lion")}))
    best = find_best(team)
    assert best.best.total == 6 and best.best.choices.protect == {"Ark": ("Lion",)}
    assert best.runner_up is not None and best.runner_up.total == 5


def test_too_many_open_choices_asks_the_player_to_fix_some():
    from companion.games.otdraft.rules.errors import TooManyChoices

    text = card("Plague", 0, rules='{ destroy = ["trait:Man"] }, { per_destroyed = 1 }')
    for i in range(3):
        text += card(
            f"Guard{i}", 1, traits=["Man"], rules='{ protect = ["trait:Man"], choose = 6 }'
        )
    for i in range(3):
        text += card(f"Man{i}", 1, traits=["Man"])
    with pytest.raises(TooManyChoices, match="262144 possible choices for Guard0, Guard1, Guard2"):
        find_best(cards(text))
    fixed = Choices(protect={"Guard0": (), "Guard1": ()})
    assert find_best(cards(text), fixed).tried == 64
