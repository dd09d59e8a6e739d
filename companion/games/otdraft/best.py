"""The best Protect/Silence choice for a team, found by trying every choice left open.

Hands are at most nine or so cards, so an exhaustive search is small; only choices that
can change the outcome are tried (protecting a card nobody attacks changes nothing).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from companion.games.otdraft.cards import Card, Destroy, PerDestroyed, Protect, Silence
from companion.games.otdraft.errors import TooManyChoices, UnresolvableCycle
from companion.games.otdraft.scoring import (
    Choices,
    Links,
    TeamScore,
    destroy_targets,
    protect_limit,
    resolve,
    score_resolution,
    score_team,
    silence_limit,
    silence_targets,
    validate_choices,
)

# Up to this many assignments every one is tried, so the runner-up is exact.
FULL_SEARCH = 4096
# Beyond FULL_SEARCH, only when protecting more can never cost points.
MAX_SEARCH = 50_000


@dataclass(frozen=True)
class Search:
    best: TeamScore
    runner_up: TeamScore | None  # best choice with a different outcome
    tried: int
    open_cards: tuple[str, ...]  # cards whose choice the companion made
    skipped_rings: int = 0  # choices that made an unresolvable silence ring


def _subsets(items: Sequence[str], limit: int | None, largest_first: bool) -> list[tuple[str, ...]]:
    top = len(items) if limit is None else min(limit, len(items))
    sizes = range(top, -1, -1) if largest_first else range(0, top + 1)
    return [combo for size in sizes for combo in combinations(items, size)]


def protect_candidates(card: Card, team: Sequence[Card]) -> list[str]:
    """Team cards this card could usefully protect: those some destroyer it covers attacks."""
    rules = card.rules_of(Protect)
    return [
        t.name
        for t in team
        if any(
            t in destroy_targets(d, team) and any(r.covers(t, d) for r in rules)
            for d in team
            if d.rules_of(Destroy)
        )
    ]


def is_protection_monotone(team: Sequence[Card]) -> bool:
    """True when protecting more cards can never lower the total.

    A saved card adds its non-negative points and can only add to others' bonuses;
    the exceptions are bonuses for destroying cards and negative numbers.
    """
    for card in team:
        if card.points < 0:
            return False
        for rule in card.rules:
            if isinstance(rule, PerDestroyed):
                return False
            if getattr(rule, "points", 0) < 0:
                return False
    return True


def _open_options(
    team: Sequence[Card], fixed: Choices, greedy_protect: bool
) -> list[tuple[str, str, list[tuple[str, ...]]]]:
    options = []
    for card in team:
        if card.rules_of(Protect) and card.name not in fixed.protect:
            candidates = protect_candidates(card, team)
            limit = protect_limit(card)
            subsets = _subsets(candidates, limit, largest_first=True)
            if greedy_protect:
                subsets = [s for s in subsets if len(s) == len(subsets[0])]
            options.append(("protect", card.name, subsets))
        if card.rules_of(Silence) and card.name not in fixed.silence:
            candidates = [t.name for t in silence_targets(card, team) if t.rules]
            options.append(("silence", card.name, _subsets(candidates, silence_limit(card), False)))
    return options


def _count(options: Sequence[tuple[str, str, list]]) -> int:
    total = 1
    for _, _, subsets in options:
        total *= len(subsets)
    return total


def _assignments(fixed: Choices, options) -> Iterator[Choices]:
    for picks in product(*(subsets for _, _, subsets in options)):
        protect = dict(fixed.protect)
        silence = dict(fixed.silence)
        for (kind, name, _), chosen in zip(options, picks, strict=True):
            (protect if kind == "protect" else silence)[name] = chosen
        yield Choices(protect, silence)


def find_best(team: Sequence[Card], fixed: Choices | None = None) -> Search:
    """The highest-scoring choice for every Protect/Silence card not fixed by the player.

    Ties keep the first choice tried: protecting more, silencing less.
    """
    fixed = fixed or Choices()
    validate_choices(team, fixed)
    options = _open_options(team, fixed, greedy_protect=False)
    if _count(options) > FULL_SEARCH and is_protection_monotone(team):
        options = _open_options(team, fixed, greedy_protect=True)
    count = _count(options)
    if count > MAX_SEARCH:
        names = ", ".join(name for _, name, _ in options)
        raise TooManyChoices(
            f"{count} possible choices for {names}; fix some with --protect/--silence"
        )
    links = Links(team)
    totals: dict[tuple, int] = {}  # outcome in full -> total, so each is scored once
    by_outcome: dict[tuple[frozenset[str], frozenset[str]], tuple[int, Choices]] = {}
    tried = rings = 0
    last_ring: UnresolvableCycle | None = None
    for choices in _assignments(fixed, options):
        tried += 1
        try:
            res = resolve(links, choices)
        except UnresolvableCycle as err:
            rings += 1
            last_ring = err
            continue
        full = (tuple(sorted(res.silenced)), tuple(sorted(res.destroyed.items())))
        if full not in totals:
            totals[full] = score_resolution(team, res, choices).total
        total = totals[full]
        key = (frozenset(res.destroyed), frozenset(res.silenced))
        kept = by_outcome.get(key)
        if kept is None or total > kept[0]:
            by_outcome[key] = (total, choices)
    if not by_outcome:
        assert last_ring is not None
        raise last_ring
    ranked = sorted(by_outcome.values(), key=lambda kept: -kept[0])  # stable: first tried wins
    best = score_team(team, ranked[0][1])
    runner_up = score_team(team, ranked[1][1]) if len(ranked) > 1 else None
    return Search(
        best=best,
        runner_up=runner_up,
        tried=tried,
        open_cards=tuple(name for _, name, _ in options),
        skipped_rings=rings,
    )
