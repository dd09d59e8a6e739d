"""Shared fixtures: the test kit (companion.testing: `cli`, `db`, `scripted`, the contract
tests' games), loaded for every game of the box, and what only the core's tests need."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

pytest.register_assert_rewrite("companion.testing")  # imported here before pytest loads it

from companion.testing import Result, assert_user_error  # noqa: E402 - rewritten first

__all__ = ["Result", "assert_user_error"]

# The kit: its fixtures, and its contract tests over every game (pyproject.toml's
# `companion_games = ["all"]`), in tests/test_one_table_layer.py.
pytest_plugins = ["companion.testing"]

# Every test writes as one machine with a known id (archive files are named by it:
# `2026-01.here.json`), and never makes the user's own machine id file.
os.environ["COMPANION_MACHINE"] = "here"

# Property tests check what is true, not how fast: on a shared or loaded machine (CI, two
# cores) Hypothesis's 200 ms deadline and too-slow check failed tests that were right.
settings.register_profile("table", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("table")
# The fast loop (`-m "not slow"`) tries fewer examples of the properties that keep
# Hypothesis's default; the full suite (CI) tries them all.
settings.register_profile("fast", parent=settings.get_profile("table"), max_examples=30)


def pytest_configure(config):
    # Started in the background by a script (`pytest ... &`), the run inherits SIGINT
    # ignored, and so does every process a test starts: Ctrl-C to `watch` or to guided play
    # is then lost and the test waits out its deadline. The tests that press it need it
    # heard, as on a terminal; a handler of ours is reset to the default in a child.
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if "not slow" in (config.getoption("markexpr", "") or ""):
        settings.load_profile("fast")
        # The parser fuzz sets its own count (tests/test_fuzz.py): a third of it here.
        os.environ.setdefault("COMPANION_FUZZ_EXAMPLES", "20")


def local_time(monkeypatch: pytest.MonkeyPatch, zone: str):
    """This machine's local time is `zone`'s while the fixture that yields from it lasts."""
    import time

    monkeypatch.setenv("TZ", zone)
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def utc(monkeypatch):
    """Local time read in UTC (the tests' days and hours are UTC's)."""
    yield from local_time(monkeypatch, "UTC")


@pytest.fixture
def cache_reads(monkeypatch):
    """The files of this machine's index folder (the archive's caches) a command reads,
    by name."""
    read: list[str] = []
    real = Path.read_bytes

    def spy(self):
        if self.parent.name.startswith(".index"):
            read.append(self.name)
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", spy)
    return read
