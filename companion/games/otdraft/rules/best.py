"""The best Protect/Silence choice for a team, found by trying every choice left open.

Hands are at most nine or so cards, so an exhaustive search is small; only choices that
can change the outcome are tried (protecting a card nobody attacks changes nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from companion.games.otdraft.rules.cards import Card, Destroy, PerDestroyed, Silence
from companion.games.otdraft.rules.errors import TooManyChoices, UnresolvableCycle
from companion.games.otdraft.rules.scoring import (
    Choices,
    Links,
    Resolution,
    TeamScore,
    destroy_targets,
    protect_choice_rules,
    protect_limit,
    resolve_silence,
    score_resolution,
    score_team,
    silence_limit,
    silence_targets,
    validate_choices,
)

# Up to this many assignments every one is tried, so the runner-up is exact.
FULL_SEARCH = 4096
# Beyond FULL_SEARCH, only when protecting more can never cost points.
MAX_SEARCH = 20_000


@dataclass(frozen=True)
class Search:
    best: TeamScore
    runner_up: TeamScore | None  # best choice with a different outcome
    tried: int
    open_cards: tuple[str, ...]  # cards whose choice the companion made
    skipped_rings: int = 0  # choices that made an unresolvable silence ring

    def to_json(self, secret: str | None = None) -> dict[str, Any]:
        """`otdraft score --json`: the best total, each card's score and the choices."""
        best = self.best
        return {
            "total": best.total,
            "cards": [c.to_json() for c in best.cards],
            "secret": secret,
            "choices": {
                **best.choices.to_json(),
                "chosen_by_companion": list(self.open_cards),
                "tried": self.tried,
                "runner_up": outcome_json(self.runner_up) if self.runner_up else None,
            },
        }


def outcome_json(score: TeamScore) -> dict[str, Any]:
    """A choice's outcome in short: its total, the choices, who is destroyed or silenced."""
    return {
        "total": score.total,
        **score.choices.to_json(),
        "destroyed": [c.name for c in score.cards if c.destroyed],
        "silenced": [c.name for c in score.cards if c.silenced],
    }


def _subsets(items: Sequence[str], limit: int | None, largest_first: bool) -> list[tuple[str, ...]]:
    top = len(items) if limit is None else min(limit, len(items))
    sizes = range(top, -1, -1) if largest_first else range(0, top + 1)
    return [combo for size in sizes for combo in combinations(items, size)]


def protect_candidates(card: Card, team: Sequence[Card]) -> list[str]:
    """Team cards this card could usefully choose to protect: those some destroyer that a
    `choose` rule of it covers attacks."""
    rules = protect_choice_rules(card)
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
        if protect_choice_rules(card) and card.name not in fixed.protect:
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


def _mask(names: Sequence[str], index: dict[str, int]) -> int:
    bits = 0
    for name in names:
        bits |= 1 << index[name]
    return bits


# An attack in bit-mask form: (attacker, target, who may shield it, who shields it
# automatically as a mask), every index a card's place in the team.
Attack = tuple[int, int, tuple[int, ...], int]


def _open_attacks(
    links: Links, index: dict[str, int], silenced: dict[str, tuple[str, ...]]
) -> list[Attack]:
    """The attacks of the cards not silenced, shields silenced cards would give left out."""
    return [
        (
            index[d],
            index[t],
            tuple(index[p] for p in links.coverers[(d, t)] if p not in silenced),
            sum(1 << index[p] for p in links.automatic[(d, t)] if p not in silenced),
        )
        for d, t in links.attacks
        if d not in silenced
    ]


def _destroyed(attacks: list[Attack], chosen: dict[int, int]) -> tuple[int, int]:
    """(destroyed cards, attacks that got through) as masks, once destruction settles: a
    destroyed card shields no more, so destroy until nothing new falls."""
    destroyed = 0
    while True:
        through = hit = 0
        for i, (_, t, shields, automatic) in enumerate(attacks):
            if not any(
                (automatic >> p & 1 or chosen.get(p, 0) >> t & 1) and not destroyed >> p & 1
                for p in shields
            ):
                through |= 1 << i
                hit |= 1 << t
        if hit == destroyed:
            return destroyed, through
        destroyed = hit


def _score_through(
    team: Sequence[Card], attacks: list[Attack], silenced: dict[str, tuple[str, ...]], through: int
) -> int:
    """The team's total when the attacks in the `through` mask land."""
    hits: dict[str, list[str]] = {}
    for i, (d, t, _, _) in enumerate(attacks):
        if through >> i & 1:
            hits.setdefault(team[t].name, []).append(team[d].name)
    res = Resolution(silenced, {k: tuple(v) for k, v in hits.items()}, {})
    return score_resolution(team, res, Choices()).total


def find_best(team: Sequence[Card], fixed: Choices | None = None) -> Search:
    """The highest-scoring choice for every Protect/Silence card not fixed by the player.

    Ties keep the first choice tried: protecting more, silencing less. Silence is settled
    once per silence choice; the protect choices inside it only change who is destroyed,
    so that inner loop works on bit masks and each distinct outcome is scored once.
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
    index = {c.name: i for i, c in enumerate(team)}
    silence_open = [(name, subsets) for kind, name, subsets in options if kind == "silence"]
    protect_open = [
        (index[name], [(_mask(s, index), s) for s in subsets])
        for kind, name, subsets in options
        if kind == "protect"
    ]
    fixed_masks = {index[p]: _mask(t, index) for p, t in fixed.protect.items()}
    inner = _count([("protect", "", subsets) for _, subsets in protect_open])

    totals: dict[tuple, int] = {}  # (silenced, attacks that got through) -> total
    # (destroyed, silenced) -> (total, silence choice, open protect choice)
    by_outcome: dict[tuple[int, frozenset[str]], tuple[int, dict, tuple]] = {}
    tried = rings = 0
    last_ring: UnresolvableCycle | None = None
    for silence_pick in product(*(subsets for _, subsets in silence_open)):
        silence = {
            **fixed.silence,
            **dict(zip((n for n, _ in silence_open), silence_pick, strict=True)),
        }
        try:
            silenced = resolve_silence(links, Choices({}, silence))
        except UnresolvableCycle as err:
            tried += inner
            rings += inner
            last_ring = err
            continue
        silence_key = frozenset(silenced)
        attacks = _open_attacks(links, index, silenced)
        for protect_pick in product(*(masks for _, masks in protect_open)):
            tried += 1
            chosen = dict(fixed_masks)
            for (protector, _), (bits, _) in zip(protect_open, protect_pick, strict=True):
                chosen[protector] = bits
            destroyed, through = _destroyed(attacks, chosen)
            total = totals.get((silence_key, through))
            if total is None:
                total = _score_through(team, attacks, silenced, through)
                totals[(silence_key, through)] = total
            key = (destroyed, silence_key)
            kept = by_outcome.get(key)
            if kept is None or total > kept[0]:
                by_outcome[key] = (total, silence, protect_pick)
    if not by_outcome:
        assert last_ring is not None
        raise last_ring

    def as_choices(silence: dict, protect_pick: tuple) -> Choices:
        protect = dict(fixed.protect)
        for (protector, _), (_, names) in zip(protect_open, protect_pick, strict=True):
            protect[team[protector].name] = names
        return Choices(protect, silence)

    ranked = sorted(by_outcome.values(), key=lambda kept: -kept[0])  # stable: first tried wins
    best = score_team(team, as_choices(*ranked[0][1:]))
    runner_up = score_team(team, as_choices(*ranked[1][1:])) if len(ranked) > 1 else None
    # The search's bit-mask destruction must agree with the explained scoring.
    assert best.total == ranked[0][0], (best.total, ranked[0][0])
    assert runner_up is None or runner_up.total == ranked[1][0]
    return Search(
        best=best,
        runner_up=runner_up,
        tried=tried,
        open_cards=tuple(name for _, name, _ in options),
        skipped_rings=rings,
    )
