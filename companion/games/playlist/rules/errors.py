"""The specific mistakes an All Stars Playlist command can refuse."""

from __future__ import annotations

from companion.engine.errors import BadInput, RuleViolation, UnknownName


class UnknownIcon(UnknownName):
    """An icon name or prefix the rulebook's icon list does not have."""


class UnknownGenre(UnknownName):
    """A genre that is not one of the (up to four) genres in play."""


class BadCard(BadInput):
    """A music card that breaks the card format (icons, points, fields)."""


class BadAssignment(BadInput):
    """An assignment card written wrongly."""


class UnknownCard(UnknownName):
    """A catalogue card number or title that names no card."""


class CsvProblem(BadInput):
    """A catalogue CSV file that cannot be read; the message names the line."""


class ShortPlaylist(RuleViolation):
    """A playlist started with fewer cards than the rulebook's minimum."""


class BrokenLink(RuleViolation):
    """A card that does not share enough icons with its neighbour."""


class CardAlreadyPlaced(RuleViolation):
    """A card that already lies in a playlist."""


class TurnOrder(RuleViolation):
    """A move made out of turn, or after the round is over."""


class StillFits(RuleViolation):
    """A solo playlist counted while a laid-out card could still join it."""


class NoCardList(RuleViolation):
    """A deal asked of a catalogue that lists no music cards: nothing it could check."""
