"""The rules engine, from the rulebook's own numbers and a few properties."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.engine.errors import CompanionError
from companion.engine.rng import TableRng
from companion.games.allstar.rules.arenas import Arena, parse_points
from companion.games.allstar.rules.best import best_team
from companion.games.allstar.rules.cards import Card, parse_card, parse_cards, parse_team
from companion.games.allstar.rules.errors import BadCard, BadManagers, BadTeam
from companion.games.allstar.rules.facts import default_config, with_value
from companion.games.allstar.rules.playoffs import PlayOffs
from companion.games.allstar.rules.ranking import rank_teams, shared_ranks
from companion.games.allstar.rules.setup import plan_setup
from companion.games.allstar.rules.shootout import resolve_shootout
from companion.games.allstar.rules.teams import (
    is_full_house,
    is_rainbow,
    is_straight,
    medal_order,
    power,
    team_strength,
)

CONFIG = default_config()


def team(text: str) -> tuple[Card, ...]:
    return parse_team([text], CONFIG)


def test_medal_order_follows_the_tiebreaker_table():
    for n in (2, 3, 4):
        assert medal_order(n) == ("symbol", "number", "species")
    for n in (5, 6):
        assert medal_order(n) == ("symbol", "species", "number")
    with pytest.raises(BadManagers, match="7 manager"):
        medal_order(7)


def test_card_prefixes_and_errors():
    assert parse_card("duc-4-pu", CONFIG) == Card("Ducks", 4, "puck")
    assert parse_card("CARIBOU-9", CONFIG) == Card("Caribou", 9, None)
    with pytest.raises(BadCard, match=r"no species 'dux' \(did you mean Ducks\?\)"):
        parse_card("dux-4", CONFIG)
    with pytest.raises(BadCard, match="number '10' is not 1 to 9"):
        parse_card("ducks-10", CONFIG)
    with pytest.raises(BadCard, match="symbol 's' is ambiguous: skate, stick"):
        parse_card("ducks-1-s", CONFIG)
    with pytest.raises(BadTeam, match="twice"):
        parse_cards(["duc-1-goal", "duc-1"], CONFIG)


def test_aline_best_team_is_three_fours():
    six = parse_cards(
        ["duc-4-goal,bea-4-helmet,tig-4-puck,sha-1-stick,eag-7-goal,pen-9-skate"], CONFIG
    )
    found = best_team(six, 3, CONFIG)
    assert (found.best.power, found.best.criterion, found.best.value) == (3, "number", 4)
    assert Card("Penguins", 9, "skate") not in found.best.cards
    assert found.runner_up is not None and found.runner_up.power == 2


def test_best_group_counts_when_a_team_has_several():
    # Two pairs: symbol (gold) beats number (silver) with four managers.
    strength = team_strength(team("duc-1-puck,bea-1,tig-2-puck,sha-3,eag-5"), 4, CONFIG)
    assert (strength.power, strength.criterion, strength.value, strength.medal) == (
        2,
        "symbol",
        "puck",
        "gold",
    )


def test_combos():
    assert is_straight(team("duc-3,bea-4,tig-5,sha-6,eag-7"))
    assert not is_straight(team("duc-3,bea-4,tig-5,sha-6,eag-8"))
    assert is_full_house(team("duc-1,duc-2,duc-3,bea-5,tig-5"))
    assert not is_full_house(team("duc-1,duc-2,duc-3,bea-5,tig-6"))
    assert is_rainbow(
        team("duc-1-goal,duc-2-helmet,duc-3-puck,bea-5-skate,tig-6-stick"), CONFIG.symbols
    )
    straight = team("duc-3,bea-4,tig-5,sha-6,eag-7")
    five = team("pan-1,pan-2,pan-3,pan-4,pan-6")
    plain = rank_teams({"S": straight, "F": five}, 2, CONFIG)
    assert [p.manager for p in plain.placings] == ["F", "S"]
    icon = rank_teams({"S": straight, "F": five}, 2, CONFIG, combos=frozenset({"straight"}))
    assert [p.manager for p in icon.placings] == ["S", "F"]
    assert icon.placings[0].strength.combo == "straight"


def test_arena_row_shorter_than_the_table():
    arena = Arena("Small", (5, 3), frozenset())
    with pytest.raises(CompanionError, match="pays 2 places .* but 3 managers play"):
        rank_teams({"A": team("duc-1,duc-2,duc-3,duc-4,duc-5")}, 3, CONFIG, arena)
    with pytest.raises(CompanionError, match="not whole numbers"):
        parse_points("13,x")


def test_bastien_and_clara_shootout():
    shot = resolve_shootout(
        {"Bastien": parse_card("hor-3-puck", CONFIG), "Clara": parse_card("car-2-puck", CONFIG)},
        5,
        CONFIG,
    )
    assert (shot.winner, shot.loser) == ("Clara", "Bastien")
    assert (shot.steps[0].medal, shot.steps[0].criterion) == ("silver", "species")


def test_damien_is_first_out_of_a_four_manager_playoff():
    playoffs = PlayOffs(
        ("Ana", "Ben", "Cy", "Damien"), {m: 0 for m in ("Ana", "Ben", "Cy", "Damien")}
    )
    teams = {
        "Ana": team("duc-1,duc-2,duc-3,duc-4,duc-5"),
        "Ben": team("bea-1,bea-2,bea-3,bea-4,tig-5"),
        "Cy": team("sha-1,sha-2,sha-3,pan-4,pan-5"),
        "Damien": team("hor-1,hor-2,car-3,rab-4,eag-5"),
    }
    outcome = playoffs.play_round(teams, (20, 15, 13, 11), CONFIG)
    (gone,) = outcome.aftermath.eliminated
    assert (gone.manager, gone.place, gone.points) == ("Damien", 4, 11)
    assert playoffs.stage == "swap" and playoffs.active == ["Ana", "Ben", "Cy"]


def test_managers_who_cannot_swap_two_go_out_together_at_the_lowest_place():
    names = ("A", "B", "C", "D")
    playoffs = PlayOffs(names, {m: 0 for m in names})
    playoffs.hand = {"A": 6, "B": 1, "C": 1, "D": 6}
    playoffs.round = 1
    teams = {
        "A": team("duc-1,duc-2,duc-3,duc-4,duc-5"),
        "B": team("bea-1,bea-2,bea-3,bea-4,tig-5"),
        "C": team("sha-1,sha-2,sha-3,pan-4,pan-5"),
        "D": team("hor-1,hor-2,car-3,rab-4,eag-5"),
    }
    outcome = playoffs.play_round(teams, (20, 15, 13, 11), CONFIG)
    out = [(e.manager, e.place, e.points) for e in outcome.aftermath.eliminated]
    assert out == [("D", 4, 11), ("B", 3, 13), ("C", 3, 13)]
    assert outcome.aftermath.champion == "A"
    assert playoffs.scores == {"A": 20, "B": 13, "C": 13, "D": 11}


def test_setup_tables():
    rng = TableRng(1)
    plan = plan_setup(["A", "B", "C", "D", "E"], None, CONFIG, rng)
    assert len(plan.species) == 10 and plan.draw_pile == 90
    assert plan.tickets == dict.fromkeys("ABCDE", 0) and plan.tiebreaker_face == "5-6"
    assert [r.direction for r in plan.rounds] == ["left", "right", "left"]
    two = plan_setup(["A", "B"], "her", CONFIG, rng, {"Ice": {"rules": ["no-two-managers"]}})
    assert (two.mode, len(two.species), two.draw_pile, two.rounds[0].deal) == ("heritage", 5, 45, 7)
    assert two.tickets == {"A": 2, "B": 2} and two.removed_arenas == ("Ice",)
    market = plan_setup(["A", "B"], "open-market", CONFIG, rng)
    assert market.draw_pile == 54 and market.rounds[0].first_chooser in ("A", "B")
    with pytest.raises(BadManagers, match="two managers need a mode"):
        plan_setup(["A", "B"], None, CONFIG, rng)
    with pytest.raises(BadManagers, match="for two managers"):
        plan_setup(["A", "B", "C"], "duel", CONFIG, rng)


def test_config_orders_change_the_tiebreak():
    mine = with_value(CONFIG, "symbols", ["stick", "skate", "puck", "helmet", "goal"])
    a, b = (
        team("duc-1-goal,bea-2-goal,tig-3-goal,sha-5,eag-7"),
        team("pan-1-stick,rab-2-stick,hor-3-stick,sha-6,eag-8"),
    )
    assert rank_teams({"A": a, "B": b}, 3, CONFIG).placings[0].manager == "B"
    assert rank_teams({"A": a, "B": b}, 3, mine).placings[0].manager == "A"
    assert mine.is_confirmed("symbols") and not mine.is_confirmed("species")


# --- properties ---------------------------------------------------------------

SPECIES = list(CONFIG.species)
SYMBOLS = [None, *CONFIG.symbols]


@st.composite
def teams(draw: st.DrawFn) -> tuple[Card, ...]:
    cards = draw(
        st.lists(
            st.builds(
                Card,
                st.sampled_from(SPECIES[:4]),
                st.integers(1, 9),
                st.sampled_from(SYMBOLS),
            ),
            min_size=5,
            max_size=5,
            unique_by=lambda c: c.identity,
        )
    )
    return tuple(cards)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(st.lists(teams(), min_size=2, max_size=6), st.sampled_from([2, 3, 4, 5, 6]))
def test_ranking_is_a_total_preorder(many, managers):
    if len(many) > managers:
        many = many[:managers]
    ids = [c.identity for t in many for c in t]
    assume(len(ids) == len(set(ids)))  # teams that play at once share no card
    named = {f"M{i}": t for i, t in enumerate(many)}
    ranking = rank_teams(named, managers, CONFIG)
    rank = {p.manager: p.rank for p in ranking.placings}
    key = {p.manager: p.strength.key for p in ranking.placings}
    for a in named:
        for b in named:
            assert (rank[a] < rank[b]) == (key[a] > key[b])
            assert (rank[a] == rank[b]) == (key[a] == key[b])
    ranks = [p.rank for p in ranking.placings]
    assert ranks == sorted(ranks) and ranks[0] == 1


@settings(max_examples=200, deadline=None)
@given(teams(), st.sampled_from(["species", "number", "symbol"]), st.sampled_from(SPECIES[4:]))
def test_adding_a_card_to_a_group_never_lowers_power(cards, criterion, species):
    four = cards[:4]
    target = max(
        (c for c in four if c.value(criterion) is not None),
        key=lambda c: sum(o.value(criterion) == c.value(criterion) for o in four),
        default=None,
    )
    if target is None:
        return
    # A fifth card from a species not yet in the team joins `target`'s group on `criterion`.
    new = {
        "species": Card(target.species, 9 if target.number != 9 else 8, None),
        "number": Card(species, target.number, None),
        "symbol": Card(species, 1, target.symbol),
    }[criterion]
    if new.identity in {c.identity for c in four}:
        return
    group = sum(c.value(criterion) == target.value(criterion) for c in four)
    assert power([*four, new]) >= power(four)
    assert power([*four, new]) >= group + 1


@given(st.lists(st.integers(0, 5), min_size=1, max_size=6))
def test_shared_ranks_skip_correctly(scores):
    keys = [(s,) for s in scores]
    ranks = shared_ranks(keys)
    for r in set(ranks):
        sharing = ranks.count(r)
        # r is shared by `sharing` teams, so the next `sharing - 1` ranks are skipped
        assert not any(r < other < r + sharing for other in ranks)
        assert r == 1 + sum(k > keys[ranks.index(r)] for k in keys)


@settings(max_examples=150, deadline=None)
@given(
    teams(),
    st.sampled_from([2, 4, 5]),
    st.sets(st.sampled_from(["straight", "full-house", "rainbow"])),
)
def test_best_team_search_key_matches_team_strength(cards, managers, combos):
    from companion.games.allstar.rules.best import team_key

    key = team_key(cards, managers, CONFIG, frozenset(combos))
    assert key((0, 1, 2, 3, 4)) == team_strength(cards, managers, CONFIG, frozenset(combos)).key
