"""All-Star Draft's own mistakes, each a CompanionError so the CLI exits 2."""

from __future__ import annotations

from companion.engine.errors import BadInput, RuleViolation, UnknownName


class BadCard(UnknownName):
    """A card that does not parse or names no species/symbol of the table."""


class BadTeam(BadInput):
    """A team that is not five different cards."""


class BadManagers(BadInput):
    """A manager count outside 2–6, or two managers without a mode."""


class BadArena(BadInput):
    """An unknown arena, a bad Supporter row or a row too short for the table."""


class BadConfig(BadInput):
    """A table configuration value that cannot be used."""


class OutOfTurn(RuleViolation):
    """A season or Play-Off step the rules do not allow now."""
