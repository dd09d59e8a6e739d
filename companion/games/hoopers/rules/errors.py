"""Errors specific to Valley Hoopers; each message names the offending input."""

from __future__ import annotations

from typing import Any

from companion.engine.errors import BadInput, RuleViolation


class BadStat(BadInput):
    """A stat, bonus or count outside what the cards can show."""


class MissingInput(BadInput):
    """A value the resolution needs was not given and cannot be rolled."""


class MissingStat(MissingInput):
    """A counter's O or V (`stat`) not given: the hooper card may hold it."""

    def __init__(self, message: str, stat: str) -> None:
        super().__init__(message)
        self.stat = stat


class NotAllowedHere(RuleViolation):
    """An option that the rulebook does not allow for this action."""


class HooperUnavailable(RuleViolation):
    """An ejected or injured-out hooper asked to act."""


class MatchOver(RuleViolation):
    """A move on a match whose last period has ended."""


class NotYourTurn(RuleViolation):
    """A shot by the side that is not attacking."""


class OutOfTokens(RuleViolation):
    """A coach token or timeout cube spent when none is left."""


class MatchNotOver(RuleViolation):
    """`end` before the last period is over."""


class FreeThrowsOwed(RuleViolation):
    """A move while free throws are still to be shot: `owed` ({team, hooper, count, why})
    names the fact a face at a terminal asks (companion/games/hoopers/askers.py)."""

    def __init__(self, owed: dict[str, Any], away: bool = False) -> None:
        super().__init__(
            f"{owed['count']} free throw(s) owed to {owed['hooper']} ({owed['team']}) "
            f"after the {owed['why']} come first",
            hint=f"'companion hoopers match free-throw {owed['team']} --stat 2PS "
            "[--roll N]…', or 'companion hoopers match undo'",
        )
        self.owed, self.away = owed, away
