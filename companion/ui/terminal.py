"""Whether a person is at this terminal."""

from __future__ import annotations

import sys


def on_terminal() -> bool:
    """Both ends are a person's terminal: only then may a command ask a question."""
    return sys.stdin.isatty() and sys.stdout.isatty()
