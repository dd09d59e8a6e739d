"""Which tribe a side plays: read from its roster, for matches that did not record it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from companion.games.hoopers.data import load


def tribes() -> dict[str, dict[str, Any]]:
    """The box's tribes (name -> label and hoopers): read here, not with the match rules,
    so that naming a side's tribe (history's summed figures) loads no rules engine."""
    return load("game")["tribes"]


@cache
def _by_hooper() -> dict[str, str]:
    return {h: t["label"] for t in tribes().values() for h in t["hoopers"]}


def tribe_of_roster(roster: Iterable[str]) -> str | None:
    """The tribe whose hoopers make up `roster` (all from one tribe), else None."""
    found = {_by_hooper().get(h) for h in roster}
    return found.pop() if len(found) == 1 and None not in found else None


def tribes_of(rosters: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """Each side whose roster is one tribe's hoopers -> that tribe's name."""
    found = {team: tribe_of_roster(roster) for team, roster in rosters.items()}
    return {team: tribe for team, tribe in found.items() if tribe is not None}


def tribe_label(typed: str) -> str:
    """A tribe by name or unique prefix (`unl` is Unleashed), as the rulebook spells it."""
    from companion.engine.names import match_prefix

    return tribes()[match_prefix(typed, tribes(), what="tribe")]["label"]


def tribe_key(typed: str) -> str:
    """A tribe by name, label or unique prefix, as match options keep it (`unleashed`)."""
    from companion.engine.names import match_prefix

    return match_prefix(typed.casefold(), tribes(), what="tribe")
