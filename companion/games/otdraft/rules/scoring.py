"""End-game scoring of one Drafted Team: Silence, then Destroy/Protect, then points.

The order is the rulebook's "Game End and Scoring": (1) the player's Protect and
Silence choices, (2) every unprotected target is destroyed, (3) each card scores.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.otdraft.rules.cards import (
    All,
    Card,
    Catalogue,
    Destroy,
    Double,
    Each,
    Leftover,
    PerDestroyed,
    Protect,
    Silence,
    UniquePoints,
    matches_any,
)
from companion.games.otdraft.rules.errors import ChoiceError, TeamError, UnresolvableCycle

ROUNDS = 7
TEAM_SIZE = ROUNDS + 1  # seven drafted cards and the secret card


@dataclass(frozen=True)
class Choices:
    """Which cards each Protect card protects and each Silence card silences."""

    protect: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    silence: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "protect": {k: list(v) for k, v in self.protect.items()},
            "silence": {k: list(v) for k, v in self.silence.items()},
        }


@dataclass(frozen=True)
class CardScore:
    name: str
    base: int
    bonus: int
    multiplier: int
    total: int
    destroyed: bool
    protected: bool
    silenced: bool
    why: str
    destroyed_by: tuple[str, ...] = ()
    protected_by: tuple[str, ...] = ()
    silenced_by: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "base": self.base,
            "bonus": self.bonus,
            "multiplier": self.multiplier,
            "total": self.total,
            "destroyed": self.destroyed,
            "protected": self.protected,
            "silenced": self.silenced,
            "why": self.why,
            "destroyed_by": list(self.destroyed_by),
            "protected_by": list(self.protected_by),
            "silenced_by": list(self.silenced_by),
        }


@dataclass(frozen=True)
class TeamScore:
    cards: tuple[CardScore, ...]
    total: int
    choices: Choices

    @property
    def destroyed(self) -> frozenset[str]:
        return frozenset(c.name for c in self.cards if c.destroyed)

    @property
    def silenced(self) -> frozenset[str]:
        return frozenset(c.name for c in self.cards if c.silenced)


def parse_choices(
    protect: Sequence[str], silence: Sequence[str], team_names: Sequence[str]
) -> Choices:
    """Choices typed as `CARD=TARGET[,TARGET…]` (repeatable); `CARD=` chooses nothing."""
    return Choices(
        _parse_choice("protect", protect, team_names), _parse_choice("silence", silence, team_names)
    )


def _parse_choice(
    kind: str, given: Sequence[str], team_names: Sequence[str]
) -> dict[str, tuple[str, ...]]:
    from companion.engine.errors import BadInput
    from companion.engine.names import match_prefix

    chosen: dict[str, list[str]] = {}
    for text in given:
        card, sep, targets = text.partition("=")
        if not sep:
            raise BadInput(f"--{kind} '{text}' is not CARD=TARGET")
        name = match_prefix(card, team_names, what="card on the team")
        picks = chosen.setdefault(name, [])
        for target in (t for t in targets.split(",") if t.strip()):
            hit = match_prefix(target, team_names, what="card on the team")
            if hit not in picks:
                picks.append(hit)
    return {k: tuple(v) for k, v in chosen.items()}


# --- the team -------------------------------------------------------------------


def leftover_allowance(team: Iterable[Card]) -> int:
    """Extra cards a team may hold: a leftover ability works at the end of every round."""
    return ROUNDS * sum(r.count for card in team for r in card.rules_of(Leftover))


def build_team(catalogue: Catalogue, typed: Sequence[str], secret: str | None = None) -> list[Card]:
    """The cards named (unique prefixes allowed), checked for repeats and team size."""
    cards = [catalogue.find(name) for name in typed]
    if secret is not None:
        cards.append(catalogue.find(secret))
    seen: set[str] = set()
    for card in cards:
        if card.name in seen:
            raise TeamError(f"card '{card.name}' is on the team twice")
        seen.add(card.name)
    if not cards:
        raise TeamError("no cards given to score")
    limit = TEAM_SIZE + leftover_allowance(cards)
    if len(cards) > limit:
        extra = f" plus {limit - TEAM_SIZE} leftover" if limit > TEAM_SIZE else ""
        raise TeamError(
            f"{len(cards)} cards given: a team at scoring has at most {limit} "
            f"({ROUNDS} drafted + the secret card{extra}); '{cards[limit].name}' is one too many"
        )
    return cards


def destroy_targets(card: Card, team: Sequence[Card]) -> list[Card]:
    """The team cards `card`'s Destroy rules hit; a card never destroys itself."""
    rules = card.rules_of(Destroy)
    return [t for t in team if t is not card and any(matches_any(r.targets, t) for r in rules)]


def silence_targets(card: Card, team: Sequence[Card]) -> list[Card]:
    rules = card.rules_of(Silence)
    return [t for t in team if t is not card and any(matches_any(r.targets, t) for r in rules)]


def protect_choice_rules(card: Card) -> list[Protect]:
    """The card's Protect rules that leave a choice (`choose = N`)."""
    return [r for r in card.rules_of(Protect) if r.choose is not None]


def protect_limit(card: Card) -> int:
    """How many cards the player may choose for this card to protect."""
    return sum(r.choose or 0 for r in protect_choice_rules(card))


def silence_limit(card: Card) -> int:
    return sum(r.choose for r in card.rules_of(Silence))


def validate_choices(team: Sequence[Card], choices: Choices) -> None:
    """Refuse choices the cards' own rules do not offer, naming the card."""
    by_name = {c.name: c for c in team}
    for kind, picks in (("protect", choices.protect), ("silence", choices.silence)):
        rule_type = Protect if kind == "protect" else Silence
        for name, targets in picks.items():
            card = by_name.get(name)
            if card is None:
                raise ChoiceError(f"--{kind} {name}=…: {name} is not on the team")
            rules = card.rules_of(rule_type)
            if not rules:
                raise ChoiceError(f"--{kind} {name}=…: {name} has no {rule_type.__name__} rule")
            if kind == "protect":
                automatic = [r for r in rules if r.choose is None]
                rules = protect_choice_rules(card)
                if not rules:
                    said = "; ".join(r.text() for r in automatic)
                    raise ChoiceError(
                        f"--protect {name}=…: {name} {said} — every one, with no choice to make"
                    )
            for target in targets:
                other = by_name.get(target)
                if other is None:
                    raise ChoiceError(f"--{kind} {name}={target}: {target} is not on the team")
                if kind == "silence" and other is card:
                    raise ChoiceError(f"--silence {name}={target}: a card cannot silence itself")
                if not any(matches_any(r.targets, other) for r in rules):
                    allowed = "; ".join(r.text() for r in rules)
                    raise ChoiceError(f"--{kind} {name}={target}: {name} {allowed}")
            limit = protect_limit(card) if kind == "protect" else silence_limit(card)
            if len(targets) > limit:
                raise ChoiceError(
                    f"--{kind} {name}: {len(targets)} cards chosen, but {name} may {kind} {limit}"
                )


# --- resolution ------------------------------------------------------------------


class Links:
    """Who could silence, attack and shield whom in a team: fixed before any choice.

    Built once per team so that trying many choices only redoes the cheap part.
    """

    def __init__(self, team: Sequence[Card]) -> None:
        self.team = tuple(team)
        self.silencers = tuple(c.name for c in team if c.rules_of(Silence))
        self.attacks = tuple(
            (d.name, t.name) for d in team if d.rules_of(Destroy) for t in destroy_targets(d, team)
        )
        by_name = {c.name: c for c in team}
        # Protectors whose rule without `choose` covers the attack: they always shield.
        self.automatic = {
            (d, t): frozenset(
                p.name
                for p in team
                if any(
                    r.choose is None and r.covers(by_name[t], by_name[d])
                    for r in p.rules_of(Protect)
                )
            )
            for d, t in self.attacks
        }
        self.coverers = {
            (d, t): tuple(
                p.name
                for p in team
                if any(r.covers(by_name[t], by_name[d]) for r in p.rules_of(Protect))
            )
            for d, t in self.attacks
        }


@dataclass(frozen=True)
class Resolution:
    """Steps 1 and 2 of scoring: who is silenced and who is destroyed, and by whom."""

    silenced: Mapping[str, tuple[str, ...]]  # card -> the silencers that acted on it
    destroyed: Mapping[str, tuple[str, ...]]  # card -> the destroyers that got through
    shielded: Mapping[str, tuple[tuple[str, str], ...]]  # card -> (destroyer, protector)


def resolve_silence(links: Links, choices: Choices) -> dict[str, tuple[str, ...]]:
    """Who is silenced, and by whom.

    A silenced card silences nothing, so silencers are settled from the cards nobody
    silences outward; cards left unsettled silence each other in a ring with no
    starting point, which the rules cannot decide.
    """
    attackers = {
        c.name: [s for s in links.silencers if c.name in choices.silence.get(s, ())]
        for c in links.team
    }
    status: dict[str, bool] = {}  # True: silenced
    changed = True
    while changed:
        changed = False
        for name, attacks in attackers.items():
            if name in status:
                continue
            if any(status.get(a) is False for a in attacks):
                status[name] = True
                changed = True
            elif all(status.get(a) is True for a in attacks):
                status[name] = False
                changed = True
    ring = [name for name in attackers if name not in status]
    if ring:
        raise UnresolvableCycle(
            f"{', '.join(ring)} silence each other in a ring; the rules cannot say which "
            "acts first (choose other targets with --silence)"
        )
    return {
        name: tuple(a for a in attacks if not status[a])
        for name, attacks in attackers.items()
        if status[name]
    }


def resolve(team: Sequence[Card] | Links, choices: Choices) -> Resolution:
    """Silence, then destruction.

    Destruction starts with every protector standing and removes the protection of
    each one destroyed, until nothing changes. Destroyed cards still destroy, because
    destruction happens all at once.
    """
    links = team if isinstance(team, Links) else Links(team)
    silenced = resolve_silence(links, choices)
    attacks = [(d, t) for d, t in links.attacks if d not in silenced]
    shields = {
        (d, t): [
            p
            for p in links.coverers[(d, t)]
            if p not in silenced
            and (p in links.automatic[(d, t)] or t in choices.protect.get(p, ()))
        ]
        for d, t in attacks
    }
    destroyed: dict[str, list[str]] = {}
    while True:
        hits: dict[str, list[str]] = {}
        for d, t in attacks:
            if not any(p not in destroyed for p in shields[(d, t)]):
                hits.setdefault(t, []).append(d)
        settled = hits.keys() == destroyed.keys()
        destroyed = hits
        if settled:
            break
    shielded: dict[str, list[tuple[str, str]]] = {}
    for d, t in attacks:
        for p in shields[(d, t)]:
            if p not in destroyed:
                shielded.setdefault(t, []).append((d, p))
    return Resolution(
        silenced,
        {k: tuple(v) for k, v in destroyed.items()},
        {k: tuple(v) for k, v in shielded.items()},
    )


def score_team(team: Sequence[Card], choices: Choices | None = None) -> TeamScore:
    """Score one Drafted Team under the given Protect/Silence choices."""
    choices = choices or Choices()
    return score_resolution(team, resolve(team, choices), choices)


def score_resolution(team: Sequence[Card], res: Resolution, choices: Choices) -> TeamScore:
    """Step 3: each card's points, with the arithmetic shown."""
    silenced, destroyed = res.silenced, res.destroyed
    survivors = [c for c in team if c.name not in destroyed]
    kills: dict[str, int] = {}
    for hitters in destroyed.values():
        for d in hitters:
            kills[d] = kills.get(d, 0) + 1
    scores = []
    for card in team:
        shielded = res.shielded.get(card.name, ())
        protected_by = tuple(dict.fromkeys(p for _, p in shielded))
        note = _shield_note(shielded)
        if card.name in destroyed:
            by = destroyed[card.name]
            why = f"destroyed by {', '.join(by)}, unprotected: scores 0" + note
            scores.append(
                CardScore(
                    card.name,
                    card.points,
                    0,
                    1,
                    0,
                    True,
                    bool(shielded),
                    False,
                    why,
                    by,
                    protected_by,
                )
            )
            continue
        if card.name in silenced:
            by = silenced[card.name]
            why = f"silenced by {', '.join(by)}: starting points only = {card.points}" + note
            scores.append(
                CardScore(
                    card.name,
                    card.points,
                    0,
                    1,
                    card.points,
                    False,
                    bool(shielded),
                    True,
                    why,
                    (),
                    protected_by,
                    by,
                )
            )
            continue
        bonus, parts = _bonus(card, survivors, kills.get(card.name, 0))
        doublers = [
            d.name
            for d in survivors
            if d.name not in silenced
            and any(matches_any(r.targets, card) for r in d.rules_of(Double))
        ]
        multiplier = 2 ** len(doublers)
        total = (card.points + bonus) * multiplier
        why = str(card.points)
        if parts:
            why += "".join(f" + {p}" for p in parts) + f" = {card.points + bonus}"
        else:
            why += " (starting points)"
        if doublers:  # a card whose `double` lists it doubles itself (docs: Rulings)
            by = ", ".join(f"{d} (itself)" if d == card.name else d for d in doublers)
            why += f"; × {multiplier} (doubled by {by}) = {total}"
        scores.append(
            CardScore(
                card.name,
                card.points,
                bonus,
                multiplier,
                total,
                False,
                bool(shielded),
                False,
                why + note,
                (),
                protected_by,
            )
        )
    return TeamScore(tuple(scores), sum(s.total for s in scores), choices)


def _bonus(card: Card, survivors: Sequence[Card], kills: int) -> tuple[int, list[str]]:
    """A card's bonus points and the arithmetic behind each rule."""
    bonus, parts = 0, []
    for rule in card.rules:
        if isinstance(rule, Each):
            hits = [c.name for c in survivors if rule.target.matches(c)]
            bonus += rule.points * len(hits)
            listed = f" ({', '.join(hits)})" if hits else ""
            parts.append(f"{rule.points} × {len(hits)} {rule.target}{listed}")
        elif isinstance(rule, All):
            missing = [str(s) for s in rule.targets if not any(s.matches(c) for c in survivors)]
            if missing:
                parts.append(
                    f"0 (needs all of {', '.join(map(str, rule.targets))}; "
                    f"missing {', '.join(missing)})"
                )
            else:
                bonus += rule.points
                parts.append(f"{rule.points} (has {', '.join(map(str, rule.targets))})")
        elif isinstance(rule, PerDestroyed):
            bonus += rule.points * kills
            parts.append(f"{rule.points} × {kills} destroyed")
        elif isinstance(rule, UniquePoints):
            values = sorted({c.points for c in survivors if rule.low <= c.points <= rule.high})
            bonus += rule.points * len(values)
            shown = ", ".join(map(str, values)) or "none"
            parts.append(
                f"{rule.points} × {len(values)} distinct values {rule.low}-{rule.high} ({shown})"
            )
    return bonus, parts


def _shield_note(shielded: Sequence[tuple[str, str]]) -> str:
    if not shielded:
        return ""
    by_destroyer: dict[str, list[str]] = {}
    for d, p in shielded:
        by_destroyer.setdefault(d, []).append(p)
    return "; protected " + ", ".join(
        f"from {d} by {' and '.join(ps)}" for d, ps in by_destroyer.items()
    )
