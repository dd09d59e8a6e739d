"""Issue 13: every tracked game has the same verbs and the same status core, and watch draws it.

The tests are the test kit's contract (companion/testing/contract.py), the one copy a
plug-in runs from its own repository too; here they take every game (`companion_games =
["all"]` in pyproject.toml), so a new game is held to them without anyone adding it here.
"""

from __future__ import annotations

from companion.testing.contract import *  # noqa: F403 - the contract's tests, collected here
