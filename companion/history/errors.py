"""What can go wrong with a history query, an alias or an import file."""

from __future__ import annotations

from companion.engine.errors import BadInput, RuleViolation
from companion.engine.figures import NoChart


class BadDate(BadInput):
    """A --since/--until that is not a date, or a range that is empty."""


class NotAnExport(BadInput):
    """An import file that is not a companion history export."""


class NewerExport(BadInput):
    """An export written by a newer companion than this one."""


class BadOutput(BadInput):
    """An export destination that cannot be written."""


class SelfMerge(RuleViolation):
    """Merging or renaming a player into themselves."""


class PlayerExists(RuleViolation):
    """Renaming a player to a name another player already has."""


# A game's own chart raises it too, from the games layer: defined there.
NoChart = NoChart
