"""What prompt_toolkit is told before each question of guided play."""

from __future__ import annotations

import functools
import os


def before_question() -> None:
    """Called before each question: quiet cursor requests, one set of default key bindings."""
    quiet_cursor_requests()
    share_default_bindings()


def quiet_cursor_requests() -> None:
    """Never let prompt_toolkit print "WARNING: your terminal doesn't support cursor position
    requests (CPR)" over a question. It asks the terminal where the cursor is, to know the room
    under the line; a console that never answers (some IDE terminals, a serial line, tmux over
    a slow link) gets that warning two seconds into the question. Without asking it reserves
    the completion menu's room itself, which every question here is built for (the pty tests
    run that way). A user's own PROMPT_TOOLKIT_NO_CPR wins."""
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")


def share_default_bindings() -> None:
    """Every question is a new prompt_toolkit Application, and each one builds the default
    emacs, vi, mouse and CPR key bindings again: about 700 bindings, 15 ms a question, the
    largest cost of opening one. They hold no state of their own (their filters and handlers
    read the running application), so one set serves every question of the process."""
    from prompt_toolkit.application import application

    if not hasattr(application.load_key_bindings, "cache_info"):
        application.load_key_bindings = functools.cache(application.load_key_bindings)
