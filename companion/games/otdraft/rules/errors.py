"""The ways an OT Fantasy Draft input can be wrong, each naming what was wrong."""

from __future__ import annotations

from companion.engine.errors import BadInput, RuleViolation


class CatalogueError(BadInput):
    """A catalogue file that does not describe cards the companion can use."""


class TeamError(RuleViolation):
    """A team that cannot be scored as given (too many cards, a card twice)."""


class ChoiceError(BadInput):
    """A Protect or Silence choice the card's rules do not allow."""


class UnresolvableCycle(RuleViolation):
    """Cards whose rules depend on each other with no single answer."""


class TooManyChoices(RuleViolation):
    """More open choices than an exhaustive search should try."""


class DraftError(RuleViolation):
    """A draft move the rulebook does not allow at this point."""


class OutOfTurn(DraftError):
    """A player acting when it is someone else's turn."""
