"""One error family and one set of exit statuses for the whole companion.

Every mistake a user can make is a `CompanionError`; the CLI turns it into a
single `error: ...` line on stderr and exit status 2. Anything else that
escapes is a bug and exits 1.
"""

from __future__ import annotations

from enum import IntEnum


class ExitStatus(IntEnum):
    OK = 0
    CHECK_FAILED = 1  # a check found a problem (`history replay`: the events disagree)
    BAD_INPUT = 2


class CompanionError(ValueError):
    """A user mistake or a move the rules refuse. Message is one line."""

    exit_status = ExitStatus.BAD_INPUT

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.hint = hint

    def line(self) -> str:
        text = str(self)
        return f"{text} (hint: {self.hint})" if self.hint else text


class BadInput(CompanionError):
    """Input that cannot be parsed or is out of range."""


class UnknownName(BadInput):
    """A name or prefix that matches nothing (or too much)."""


class RuleViolation(CompanionError):
    """Input that parses but the rulebook does not allow."""


class NoLiveMatch(RuleViolation):
    """A change or a status of `game` with no match of it live. Its hint (the command that
    starts one) is the tables layer's to give (companion.tables.base.hinted)."""

    def __init__(self, game: str) -> None:
        super().__init__(f"no live {game} match")
        self.game = game
        self.wants = "start"


class AlreadyLive(RuleViolation):
    """A second live match of `game`; the tables layer hints how to end the first."""

    def __init__(self, game: str, match_id: str) -> None:
        super().__init__(f"a {game} match is already live (id {match_id})")
        self.game = game
        self.wants = "end"


class NothingToUndo(RuleViolation):
    """`undo` with an empty event log."""


class StaleMove(RuleViolation):
    """A move made on an answer that is no longer the match's: the page had seen `seen`
    moves, the match holds more (a second tap, another seat was quicker)."""


class NotYourMove(RuleViolation):
    """A move offered to another player than the one making it (a seat moves only for its
    own player)."""


class StoreError(CompanionError):
    """The database cannot be read or written (corrupt, newer, read-only)."""
