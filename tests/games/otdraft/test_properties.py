"""Properties the issue asks for, over random teams written in the rules language."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.games.otdraft.rules.best import find_best, is_protection_monotone
from companion.games.otdraft.rules.cards import (
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
from companion.games.otdraft.rules.errors import ChoiceError, TooManyChoices, UnresolvableCycle
from companion.games.otdraft.rules.scoring import (
    Choices,
    protect_choice_rules,
    protect_limit,
    score_team,
    silence_limit,
    silence_targets,
    validate_choices,
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

    from companion.games.otdraft.rules.best import _open_options

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


# --- issue 15: the audit's cases, as properties -------------------------------------------
#
# Each builds the case the rulebook describes inside a random team of plain cards (random
# categories, traits, points and harmless bonus rules), so the rule must hold whatever else
# is on the team.

FILLER = [f"F{i}" for i in range(5)]
harmless = st.one_of(
    st.builds(Each, selectors, st.integers(0, 4)),
    st.builds(All, selector_lists, st.integers(0, 9)),
    st.builds(UniquePoints, st.just(1), st.integers(1, 10), st.integers(0, 3)),
)


@st.composite
def fillers(draw, max_size=4):
    """Plain cards that neither destroy, protect, silence nor double anything."""
    size = draw(st.integers(0, max_size))
    return [
        Card(
            FILLER[i],
            draw(st.sampled_from(CATEGORIES)),
            draw(st.integers(0, 12)),
            tuple(draw(st.lists(st.sampled_from(TRAITS), max_size=2, unique=True))),
            tuple(draw(st.lists(harmless, max_size=1))),
        )
        for i in range(size)
    ]


def by_name(score):
    return {c.name: c for c in score.cards}


def name(n):
    return (Selector("name", n),)


@settings(max_examples=40, deadline=None)
@given(fillers(), st.integers(0, 12), st.integers(0, 12), st.data())
def test_mutual_destruction_destroys_both(rest, a_points, b_points, data):
    """ "Destroyed cards are worth no points": two cards that destroy each other both go,
    because destruction is simultaneous — a destroyed card's Destroy still happens."""
    a = Card("A", "Regular", a_points, (), (Destroy(name("B")),))
    b = Card("B", "Thing", b_points, (), (Destroy(name("A")),))
    team = data.draw(st.permutations([a, b, *rest]))
    score = score_team(team)
    cards = by_name(score)
    assert cards["A"].destroyed and cards["B"].destroyed
    assert cards["A"].total == cards["B"].total == 0
    assert cards["A"].destroyed_by == ("B",) and cards["B"].destroyed_by == ("A",)
    assert find_best(team).best.total == score.total  # nothing to choose changes it


@settings(max_examples=40, deadline=None)
@given(fillers(), st.integers(1, 12), st.data())
def test_a_destroyed_protector_protects_nothing(rest, target_points, data):
    """ "If a card that is Protecting another card is itself Destroyed, it no longer Protects
    the other card(s)": P shields T from D, but E destroys P, so D destroys T."""
    p = Card("P", "Prophet", 3, (), (Protect(name("T")),))
    t = Card("T", "Regular", target_points)
    d = Card("D", "Thing", 2, (), (Destroy(name("T")),))
    e = Card("E", "Thing", 2, (), (Destroy(name("P")),))
    team = data.draw(st.permutations([p, t, d, e, *rest]))
    cards = by_name(score_team(team))
    assert cards["P"].destroyed and cards["T"].destroyed
    assert cards["T"].destroyed_by == ("D",) and cards["T"].total == 0
    # Without E the protector stands, and so does T.
    standing = by_name(score_team([c for c in team if c.name != "E"]))
    assert not standing["T"].destroyed and standing["T"].protected_by == ("P",)
    # A protector destroyed by a card it shields itself from still stands (it protects
    # itself, as Jonah does); only an attack that gets through removes its protection.
    shielded = Card(
        "P", "Prophet", 3, (), (Protect((Selector("name", "T"), Selector("name", "P"))),)
    )
    kept = by_name(score_team([shielded if c.name == "P" else c for c in team]))
    assert not kept["P"].destroyed and not kept["T"].destroyed


@settings(max_examples=40, deadline=None)
@given(fillers(), st.integers(0, 12), st.integers(0, 12), st.data())
def test_a_silenced_destroyer_destroys_nothing(rest, d_points, t_points, data):
    """ "If a card has been Silenced, then act as if it has no Rules … a Silenced card cannot
    Destroy": S silences D, so T survives and D scores exactly its starting points."""
    s = Card("S", "Prophet", 1, (), (Silence(name("D")),))
    d = Card("D", "Thing", d_points, (), (Destroy(name("T")), Each(Selector("name", "T"), 5)))
    t = Card("T", "Regular", t_points)
    team = data.draw(st.permutations([s, d, t, *rest]))
    silenced = by_name(score_team(team, Choices({}, {"S": ("D",)})))
    assert silenced["D"].silenced and silenced["D"].total == d_points
    assert not silenced["T"].destroyed and silenced["T"].total == t_points
    loud = by_name(score_team(team, Choices({}, {"S": ()})))
    assert loud["T"].destroyed and loud["D"].total == d_points  # T gone: no +5 for it
    best = find_best(team).best  # the companion silences D whenever T is worth keeping
    assert best.total == max(
        score_team(team, Choices({}, {"S": ("D",)})).total,
        score_team(team, Choices({}, {"S": ()})).total,
    )


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 6), fillers(max_size=2), st.data())
def test_silence_chains_alternate_from_the_card_nobody_silences(length, rest, data):
    """A silenced card "cannot … Silence": in a chain C0 → C1 → … (each silencing the next)
    C0 acts, so C1 is silenced, so C2 is not, so C3 is … — every other card."""
    chain = [
        Card(f"C{i}", "Regular", i + 1, (), (Silence(name(f"C{i + 1}")),) if i + 1 < length else ())
        for i in range(length)
    ]
    chain[-1] = Card(f"C{length - 1}", "Regular", length, (), (Each(Selector("trait", "Food"), 2),))
    team = data.draw(st.permutations([*chain, *rest]))
    choices = Choices({}, {f"C{i}": (f"C{i + 1}",) for i in range(length - 1)})
    cards = by_name(score_team(team, choices))
    for i in range(length):
        assert cards[f"C{i}"].silenced == (i % 2 == 1), (i, length)
        if cards[f"C{i}"].silenced:
            assert cards[f"C{i}"].silenced_by == (f"C{i - 1}",)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(1, 12), min_size=1, max_size=5, unique=True),
    st.integers(1, 3),
    st.data(),
)
def test_protect_with_a_choice_saves_the_best_n(animal_points, choose, data):
    """ "Players choose which cards are Protected": an Ark that may protect `choose` of the
    Animals a Flood destroys saves at most that many — the best choice the most valuable."""
    animals = [Card(f"A{i}", "Regular", p, ("Animal",)) for i, p in enumerate(animal_points)]
    ark = Card("Ark", "Thing", 0, (), (Protect((Selector("trait", "Animal"),), None, choose),))
    flood = Card("Flood", "Thing", 0, (), (Destroy((Selector("trait", "Animal"),)),))
    team = data.draw(st.permutations([ark, flood, *animals]))
    search = find_best(team)
    saved = sorted(animal_points, reverse=True)[:choose]
    assert search.best.total == sum(saved)
    chosen = search.best.choices.protect["Ark"]
    assert len(chosen) == min(choose, len(animals))
    assert sorted((by_name(search.best)[n].total for n in chosen), reverse=True) == saved
    assert "Ark" in search.open_cards
    # A choice of more than `choose` is refused, naming the card.
    if len(animals) > choose:
        too_many = tuple(a.name for a in animals[: choose + 1])
        try:
            validate_choices(team, Choices({"Ark": too_many}, {}))
        except ChoiceError as err:
            assert f"Ark may protect {choose}" in str(err)
        else:
            raise AssertionError("a choice beyond `choose` was accepted")
    # Fixing the choice by hand scores exactly the cards chosen.
    pick = tuple(a.name for a in animals[: min(choose, len(animals))])
    fixed = find_best(team, Choices({"Ark": pick}, {}))
    assert fixed.best.total == sum(a.points for a in animals[: len(pick)])
    assert fixed.open_cards == ()


@settings(max_examples=25, deadline=None)
@given(
    count=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    reveal_round=st.one_of(st.none(), st.integers(1, 7)),
    deck=st.booleans(),
)
def test_leftover_abilities_work_at_the_end_of_every_round(count, seed, reveal_round, deck):
    """ "You may take a leftover card… At the end of the round, before the cards are
    discarded": the ability works at the end of every round, the seventh included — from
    the round its card is drafted, or (a secret card) revealed. One card per round, and
    only for its holder. An unrevealed secret card with the ability holds each round's end
    open, since it may be revealed then ("reveal it anytime")."""
    from companion.engine.rng import TableRng, step_rng
    from companion.games.otdraft.rules.draft import (
        apply,
        leftover_event,
        new_state,
        pick_event,
        reveal_event,
        secret_event,
        turn_event,
    )
    from companion.games.otdraft.rules.errors import DraftError
    from companion.games.otdraft.rules.results import final_result
    from tests.games.otdraft.helpers import full_deck

    players = ["Ana", "Ben", "Cy", "Di"][:count]
    catalogue = full_deck(leftover_card=True)  # C01: "may take 1 leftover card each round"
    names = catalogue.names
    holder = players[0]
    state = new_state(players, holder, catalogue, deck=deck)
    if deck:  # unshuffled: C01 lies in the Draftline or is Ana's first secret candidate
        rest = names[5:]
        first_cards = ["C01", *rest[: 2 * count - 1]] if reveal_round else rest[: 2 * count]
        line = names[1:6] if reveal_round else names[:5]
        pile = [n for n in names if n not in line and n not in first_cards]
        candidates = {p: first_cards[2 * i : 2 * i + 2] for i, p in enumerate(players)}
        apply(state, {"type": "deal", "data": {"draftline": line, "candidates": candidates,
                                               "draw_pile": pile}})  # fmt: skip
        for p in players:
            apply(state, secret_event(state, p, state.candidates[p][0]))
    else:
        apply(state, secret_event(state, holder, "C01" if reveal_round else "C54"))
        for i, other in enumerate(players[1:]):
            apply(state, secret_event(state, other, names[-2 - i]))
    able_from = reveal_round or 1
    step = 0
    taken = []
    while not (state.is_draft_over and state.phase == "over"):
        step += 1
        rng = step_rng(seed, step)
        if state.phase == "draft":
            player = state.current
            if reveal_round == state.round and state.picks == 0:
                apply(state, reveal_event(state, holder))
            if deck:
                card = "C01" if ("C01" in state.draftline and player == holder) else None
                card = card or next(c for c in state.draftline if c != "C01")
            else:
                card = "C01" if (player == holder and not reveal_round and state.round == 1
                                 and "C01" not in state.team(holder)) else None  # fmt: skip
                card = card or next(n for n in names[1:] if state.owner(n) is None and n != "C54")
            apply(state, pick_event(state, player, card, rng))
            continue
        assert state.phase == "leftovers", state.round
        if state.round < able_from:
            # The unrevealed secret C01 holds the round open: it "may" be revealed "anytime",
            # and only then takes a leftover.
            assert state.secret_leftover(holder)
            try:
                leftover_event(state, holder, names[-1])
            except DraftError as err:
                assert "no leftover ability" in str(err)
            else:
                raise AssertionError("a leftover was taken by an unrevealed secret card")
            apply(state, turn_event(state, TableRng(seed)))
            continue
        for other in players[1:]:
            try:
                leftover_event(state, other, names[-1])
            except DraftError as err:
                assert "no leftover ability" in str(err)
            else:
                raise AssertionError(f"{other} took a leftover without the ability")
        pool = state.draftline if deck else [n for n in names if state.owner(n) is None]
        card = next(c for c in pool if c not in ("C01", "C54"))
        apply(state, leftover_event(state, holder, card))
        taken.append(state.round)
        try:
            leftover_event(state, holder, pool[-1])
        except DraftError as err:
            assert "already took 1 leftover" in str(err)
        else:
            raise AssertionError("a second leftover in one round was accepted")
        if not state.is_draft_over:
            apply(state, turn_event(state, TableRng(seed)))
    assert taken == list(range(able_from, 8))
    assert len(state.leftovers[holder]) == 8 - able_from
    assert all(len(state.drafted[p]) == 7 for p in players)
    result, _ = final_result(state)
    assert len(result["teams"][holder]) == 7 + (8 - able_from) + 1
