"""Fixtures of the history tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def summarised(monkeypatch):
    """The archive files whose summaries a command loads, in order (`2026-03.<machine>`)."""
    from companion.store import archive

    loaded: list[str] = []
    real = archive.shard_summaries

    def spy(store, name, path=None):
        loaded.append(name)
        return real(store, name, path)

    monkeypatch.setattr(archive, "shard_summaries", spy)
    return loaded
