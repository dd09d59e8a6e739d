"""After an import, the caches `history stats` and `history ratings` read, made at once.

An import of a year's matches into a big archive files them beside every month's file
(a further part of the month, companion.store.archive.PART). Each month's two files then
overlap in time, so the sums count them together (a run, companion.history.summed), and
every rating checkpoint after the oldest imported match is stale: the first `stats`
after it would rate every match again and count every month's run match by match. The
import makes them itself, exactly as that reader would (the same functions, so the same
caches under the same digests), reading each file's summaries once for both: the runs'
partials are made as the ratings' replay reads their files.

Only an import that brings at least a sixteenth as many matches as the archive held does
this (`after_import`): making the caches costs about 45 µs a match of the archive (the
replay rates every match after the oldest one imported), filing a match about 400 µs, so
then it costs the import at most about twice what the filing did (10,000 matches into
100,000: 3.5 s of 7.9 s). A smaller import, whose filing is quick, leaves them to the next
reader, as any other write into an old month does.

Best effort, as every reader's cache writes are: the import is committed before this
runs, and whatever is not made here is made by the next reader.
"""

from __future__ import annotations

from typing import Any

from companion.history import summed

SHARE = 16  # an import of at least 1/SHARE of the archive's matches makes the caches


def after_import(store: Any, added: int) -> None:
    """Make the caches after an import of `added` matches, if it is big enough (above)."""
    from pathlib import Path

    from companion.store.machines import classify

    held = -added  # what the archive held before: this machine's files, as counted now
    for name, count in store.view().counts.items():
        file = classify(name, Path())
        if file is not None and file.kind == "shard":
            held += count
    if added * SHARE >= held:
        warm(store)


def warm(store: Any) -> None:
    """Make every run's partial and the rating checkpoints over the whole history."""
    from companion.engine.errors import StoreError

    try:
        summed.make_caches(store)
    except (summed.NotSummable, KeyError, TypeError, ValueError, IndexError, AttributeError):
        return  # (as summed.quick_stats: the next reader counts)
    except (StoreError, OSError):
        return  # the import is made; a file unreadable now is the next reader's to say
