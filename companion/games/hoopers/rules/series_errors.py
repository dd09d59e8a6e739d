"""What the table can get wrong about a Series, each naming the offending input."""

from __future__ import annotations

from companion.engine.errors import BadInput, RuleViolation


class BadScore(BadInput):
    """A score or period score that is not two non-negative whole numbers."""


class TiedScore(RuleViolation):
    """A game cannot end level: Valley Hoopers plays overtime until someone wins."""


class PeriodsMismatch(BadInput):
    """Period scores that do not add up to the game score, or too few of them."""


class BadReward(BadInput):
    """A chip count or gameplan milestone count the rulebook cannot produce."""


class SeriesDecided(RuleViolation):
    """A game recorded after one tribe has already won the series."""


class NoSuchGame(BadInput):
    """A game number the series has not played."""
