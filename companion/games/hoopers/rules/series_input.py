"""Reading what the table types about a game: `78-75`, `Keepers:lv1=3,lv2=1`, ..."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from companion.engine.errors import BadInput
from companion.engine.names import match_prefix
from companion.games.hoopers.rules.series import Chips
from companion.games.hoopers.rules.series_errors import BadReward, BadScore

_PAIR = re.compile(r"^\s*(-?\d+)\s*-\s*(-?\d+)\s*$")


def parse_pair(text: str, what: str = "score") -> tuple[int, int]:
    """`78-75` -> (78, 75); in the order the tribes were named."""
    match = _PAIR.match(text)
    if not match:
        raise BadScore(f"{what} '{text}' is not two whole numbers like 78-75")
    a, b = int(match[1]), int(match[2])
    if a < 0 or b < 0:
        raise BadScore(f"{what} '{text}' has a negative score")
    return a, b


def parse_periods(text: str) -> tuple[tuple[int, int], ...]:
    """`20-18,15-22,21-17,22-18` (overtimes follow the fourth period)."""
    parts = [p for p in text.split(",") if p.strip()]
    if not parts:
        raise BadScore(f"periods '{text}' names no period")
    return tuple(parse_pair(p, what="period score") for p in parts)


def _split_tribe(text: str, tribes: Iterable[str], what: str) -> tuple[str, str]:
    tribe, sep, rest = text.partition(":")
    if not sep or not tribe.strip() or not rest.strip():
        raise BadScore(f"{what} '{text}' is not TRIBE:VALUE")
    return match_prefix(tribe, tribes, what="tribe"), rest.strip()


def parse_tribe_hooper(text: str, tribes: Iterable[str]) -> tuple[str, str]:
    """`Keepers:Edd Trapp` -> ("Keepers", "Edd Trapp")."""
    return _split_tribe(text, tribes, "hooper")


def resolve_tribe_hooper(
    text: str, tribes: Iterable[str], rosters: Mapping[str, Sequence[str]]
) -> tuple[str, str]:
    """`Keepers:edd` -> ("Keepers", "Edd Trapp"): the hooper by unique prefix in the roster.

    A tribe missing from `rosters` (no hoopers known for it) keeps the name as typed.
    Raises UnknownName, listing the candidates, for an unknown or ambiguous hooper.
    """
    tribe, typed = parse_tribe_hooper(text, tribes)
    roster = rosters.get(tribe)
    if roster is None:
        return tribe, typed
    return tribe, match_prefix(typed, roster, what=f"{tribe} hooper")


def parse_chips(text: str, tribes: Iterable[str]) -> tuple[str, Chips]:
    """`Keepers:lv1=3,lv2=1` -> ("Keepers", Chips(3, 1)); a level left out counts 0."""
    tribe, rest = _split_tribe(text, tribes, "chips")
    counts = {"lv1": 0, "lv2": 0}
    for item in rest.split(","):
        key, sep, value = item.partition("=")
        key = key.strip().lower().replace(".", "")
        if not sep or key not in counts:
            raise BadReward(f"chips '{text}': write lv1=N,lv2=N")
        try:
            counts[key] = int(value)
        except ValueError:
            raise BadReward(f"chips '{text}': '{value.strip()}' is not a whole number") from None
        if counts[key] < 0:
            raise BadReward(f"chips '{text}': {key}={counts[key]} is negative")
    return tribe, Chips(**counts)


def parse_gameplan(text: str, tribes: Iterable[str], most: int = 2) -> tuple[str, int]:
    """`Keepers:2` -> ("Keepers", 2): gameplan milestones completed this game."""
    tribe, rest = _split_tribe(text, tribes, "gameplan")
    try:
        done = int(rest)
    except ValueError:
        raise BadReward(f"gameplan '{text}': '{rest}' is not 0, 1 or 2") from None
    if not 0 <= done <= most:
        raise BadReward(
            f"gameplan '{text}': {done} milestones; a gameplan has 0 to {most} per game"
        )
    return tribe, done


def parse_managers(items: Sequence[str], tribes: Sequence[str] = ()) -> dict[str, str]:
    """`Ana=Keepers,Ben=Unleashed` -> {"Keepers": "Ana", "Unleashed": "Ben"}, in that order.

    Each person is checked like every player name. A tribe matches `tribes` by unique
    prefix when they are given, else a tribe the rulebook names (`keep` is Keepers), else
    it is taken as typed (a tribe the companion does not know).
    """
    from companion.engine.decks import parse_players
    from companion.engine.errors import BadInput, UnknownName
    from companion.games.hoopers.rules.tribes_of import tribe_label

    pairs = [p.strip() for item in items for p in item.split(",") if p.strip()]
    by_tribe: dict[str, str] = {}
    people: list[str] = []
    for pair in pairs:
        person, sep, tribe = pair.partition("=")
        if not sep or not person.strip() or not tribe.strip():
            raise BadInput(
                f"--players '{pair}' is not PERSON=TRIBE",
                hint="e.g. --players Ana=Keepers,Ben=Unleashed",
            )
        if tribes:
            tribe = match_prefix(tribe, tribes, what="tribe")
        else:
            try:
                tribe = tribe_label(tribe)
            except UnknownName:
                tribe = tribe.strip()
        if tribe in by_tribe:
            raise BadInput(f"{tribe} is managed by {by_tribe[tribe]}; one person per tribe")
        by_tribe[tribe] = person.strip()
        people.append(person.strip())
    if len(pairs) != 2:
        raise BadInput(
            f"--players names {len(pairs)} {'person' if len(pairs) == 1 else 'people'}: "
            "a Series is two people, one per tribe",
            hint="e.g. --players Ana=Keepers,Ben=Unleashed",
        )
    parse_players(people, low=2, high=2)  # each name checked, none twice
    parse_players(list(by_tribe), low=2, high=2)
    named = {t.casefold() for t in by_tribe}
    for person in people:
        if person.casefold() in named:
            raise BadInput(
                f"'{person}' is a tribe of this series, not a person",
                hint="--players names who manages each tribe: Ana=Keepers,Ben=Unleashed",
            )
    if tribes and len(set(by_tribe)) != len(set(tribes)):
        missing = [t for t in tribes if t not in by_tribe]
        raise BadInput(f"nobody manages {', '.join(missing)}")
    return by_tribe


def parse_tribe_lists(
    items: Iterable[str], tribes: Iterable[str], option: str, once: bool = True
) -> dict[str, list[str]]:
    """`Keepers:A,B,…` items (`--roster`, `--seven`, `--five`) -> {tribe: [A, B, …]};
    `once`: a tribe named twice is refused (one line-up per tribe)."""
    tribes = list(tribes)
    found: dict[str, list[str]] = {}
    for item in items:
        tribe, names = parse_tribe_hooper(item, tribes)
        if once and tribe in found:
            raise BadInput(f"{option} names {tribe} twice: one line-up per tribe")
        found[tribe] = [n.strip() for n in names.split(",") if n.strip()]
    return found
