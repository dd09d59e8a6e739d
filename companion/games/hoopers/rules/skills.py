"""The hoopers' personal skills and Position tokens a tracked match applies by itself.

Read from games/hoopers/data/game.toml ("The Tribes"). A hooper is known by the name on
its card (accents and case aside); a custom roster name has no skill.
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from typing import Any

from companion.games.hoopers.data import load

NO_SKILL = "no-skill"  # the injury marker "loses his/her personal skill"


@lru_cache(maxsize=1024)  # a replay asks it of the same few names at every event
def _key(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold().strip()


@cache
def _skills() -> dict[str, str]:
    return {_key(name): skill for skill, name in load("game")["skills"].items()}


@cache
def _positions() -> dict[str, str]:
    return {_key(name): pos for name, pos in load("game")["positions"].items()}


def card_key(name: str) -> str:
    """A card's name as a key: accents and case aside ("hector prot" is Hector Pröt)."""
    return _key(name)


def skill_of(name: str) -> str | None:
    """The skill key ("linda", "hector", …) of the hooper called `name`, if any."""
    return _skills().get(_key(name))


def has_skill(hooper: Any, skill: str) -> bool:
    """`hooper` (a HooperState) has `skill` and has not lost it to an injury marker."""
    return skill_of(hooper.name) == skill and NO_SKILL not in hooper.injuries


def first_position(name: str) -> str | None:
    """The first position printed on the hooper's card (PG, SG, SF, PF, C), if known."""
    return _positions().get(_key(name))
