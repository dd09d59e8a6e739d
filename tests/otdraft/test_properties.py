"""Properties the issue asks for, over random teams written in the rules language."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.games.otdraft.best import find_best, is_protection_monotone
from companion.games.otdraft.cards import (
    CATEGORIES,
    TRAITS,
    All,
    Card,
    Destroy,
    Double,
    Each,
    PerDestroyed,
    Protect,
    Selector,
    Silence,
    UniquePoints,
    matches_any,
)
from companion.games.otdraft.errors import TooManyChoices, UnresolvableCycle
from companion.games.otdraft.scoring import (
    Choices,
    protect_choice_rules,
    protect_limit,
    score_team,
    silence_limit,
    silence_targets,
)

NAMES = [f"K{i}" for i in range(7)]

selectors = st.one_of(
    st.sampled_from(NAMES).map(lambda n: Selector("name", n)),
    st.sampled_from(CATEGORIES).map(lambda c: Selector("category", c)),
    st.sampled_from(TRAITS).map(lambda t: Selector("trait", t)),
)
selector_lists = st.lists(selectors, min_size=1, max_size=2).map(tuple)
rules = st.one_of(
    selector_lists.map(Destroy),
    selector_lists.map(Destroy),
    st.builds(Protect, selector_lists),
    st.builds(
        Protect,
        selector_lists,
        st.none() | selector_lists,
        st.none() | st.integers(1, 2),
    ),
    st.builds(Silence, selector_lists, st.integers(1, 2)),
    st.builds(Each, selectors, st.integers(0, 4)),
    st.builds(All, selector_lists, st.integers(0, 9)),
    st.builds(PerDestroyed, st.integers(0, 4)),
    st.builds(UniquePoints, st.just(1), st.integers(1, 10), st.integers(0, 3)),
    selector_lists.map(Double),
)


@st.composite
def teams(draw):
    size = draw(st.integers(2, len(NAMES)))
    return [
        Card(
            NAMES[i],
            draw(st.sampled_from(CATEGORIES)),
            draw(st.integers(0, 12)),
            tuple(draw(st.lists(st.sampled_from(TRAITS), max_size=2, unique=True))),
            tuple(draw(st.lists(rules, max_size=2))),
        )
        for i in range(size)
    ]


@st.composite
def choices_for(draw, team):
    """Choices the cards' own rules allow (right targets, at most `choose` of them)."""
    protect, silence = {}, {}
    for card in team:
        if protect_choice_rules(card):  # only `choose = N` rules leave a choice
            rules = protect_choice_rules(card)
            allowed = [t.name for t in team if any(matches_any(r.targets, t) for r in rules)]
            limit = protect_limit(card)
            picks = (
                draw(st.lists(st.sampled_from(allowed), unique=True, max_size=limit))
                if allowed
                else []
            )
            protect[card.name] = tuple(picks)
        if card.rules_of(Silence):
            allowed = [t.name for t in silence_targets(card, team)]
            picks = (
                draw(st.lists(st.sampled_from(allowed), unique=True, max_size=silence_limit(card)))
                if allowed
                else []
            )
            silence[card.name] = tuple(picks)
    return Choices(protect, silence)


def best_or_skip(team, fixed=None):
    try:
        return find_best(team, fixed)
    except (UnresolvableCycle, TooManyChoices):
        assume(False)


def score_or_skip(team, choices):
    try:
        return score_team(team, choices)
    except UnresolvableCycle:
        assume(False)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.data())
def test_protection_never_lowers_the_best_total(data):
    team = data.draw(teams())
    silence = data.draw(choices_for(team)).silence
    unprotected = score_or_skip(team, Choices({}, silence))
    # Protect choices left open: the companion may protect, so it never does worse.
    assert best_or_skip(team, Choices({}, silence)).best.total >= unprotected.total


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.data())
def test_protecting_more_never_lowers_a_total(data):
    team = data.draw(teams())
    assume(is_protection_monotone(team))
    choices = data.draw(choices_for(team))
    fewer = Choices({k: v[: len(v) // 2] for k, v in choices.protect.items()}, choices.silence)
    assert score_or_skip(team, choices).total >= score_or_skip(team, fewer).total


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_silenced_card_scores_exactly_its_starting_points(data):
    team = data.draw(teams())
    choices = data.draw(choices_for(team))
    score = score_or_skip(team, choices)
    by_name = {c.name: c for c in team}
    for result in score.cards:
        if result.silenced and not result.destroyed:
            assert result.total == by_name[result.name].points
        if result.destroyed:
            assert result.total == 0


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_best_is_at_least_every_choice_tried_by_hand(data):
    team = data.draw(teams())
    choices = data.draw(choices_for(team))
    by_hand = score_or_skip(team, choices)
    assert best_or_skip(team).best.total >= by_hand.total


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_fast_search_agrees_with_scoring_every_choice_one_by_one(data):
    from itertools import product

    from companion.games.otdraft.best import _open_options

    team = data.draw(teams())
    options = _open_options(team, Choices(), greedy_protect=False)
    assume(_count_ok(options))
    totals = []
    for picks in product(*(subsets for _, _, subsets in options)):
        protect = {n: p for (k, n, _), p in zip(options, picks, strict=True) if k == "protect"}
        silence = {n: p for (k, n, _), p in zip(options, picks, strict=True) if k == "silence"}
        try:
            totals.append(score_team(team, Choices(protect, silence)).total)
        except UnresolvableCycle:
            continue
    assume(totals)
    assert best_or_skip(team).best.total == max(totals)


def _count_ok(options) -> bool:
    count = 1
    for _, _, subsets in options:
        count *= len(subsets)
    return count <= 512
