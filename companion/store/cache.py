"""This machine's cache folder of the archive (`<archive>/.index.<machine>/`), and the
leftovers of its writers killed mid-write.

Apart from companion.store.archive (which writes the summaries kept there) because every
write clears the leftovers (`clean_index`): a move, which reads no archive file, imports
this and not the archive's reading and filing (2.4 M instructions with its index).
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from companion.engine.errors import StoreError

if TYPE_CHECKING:
    from companion.store.store import Store

INDEX = ".index"  # the cache folder's stem: `.index.<machine>/` (see `index_dir`)
TMP_PREFIX = ".tmp-"
STALE_TMP_S = 600


def index_dir(store: Store) -> Path | None:
    """This machine's cache of the archive: `<archive>/.index.<machine>/`, None when this
    machine has no id and cannot be given one (then nothing is cached: every read rebuilds).

    The cache is rewritten by whichever reader finds it stale, and its signatures name
    inodes, which differ on each machine: one `.index/` in a synced folder would have two
    writers, each rewriting the other's files forever (and a sync engine keeping one
    version of each). So each machine keeps its own folder, named by the id that already
    names its shards; it stays beside the archive (a moved data folder keeps its cache)
    and a sync engine is told to leave out `.index*` (docs/sharing.md). A machine reading
    before it ever wrote is given its id here, as its first write would give it.
    """
    from companion.store.machines import machine_id

    found = getattr(store, "_index_dir", False)
    if found is False:
        try:
            found = store.archive_dir / f"{INDEX}.{machine_id()}"
        except StoreError:
            found = None
        store._index_dir = found  # type: ignore[attr-defined]
    return found


def remove_leftovers(folder: Path) -> None:
    """Temp files of a writer killed mid-write. Index writes take no lock, so a temp file
    may be another reader's at work: removed only when the process named in it is gone
    (the cache folder is this machine's own, so its pids are this machine's), or, named
    by no pid (an older companion's) or a pid that may have been reused, once it is old."""
    cutoff = time.time() - STALE_TMP_S
    for leftover in folder.glob(f"{TMP_PREFIX}*"):
        with contextlib.suppress(OSError):
            if not _writer_alive(leftover.name) or leftover.stat().st_mtime < cutoff:
                leftover.unlink()


def _writer_alive(name: str) -> bool:
    pid = name[len(TMP_PREFIX) :].partition("-")[0]
    if not pid.isdigit():
        return True  # unknown: the age decides
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # someone else's process (EPERM), or no such number: keep it
    return True


def clean_index(store: Store) -> None:
    """The next write clears the cache's leftovers (a reader may never run again)."""
    folder = index_dir(store)
    if folder is not None and folder.is_dir():
        remove_leftovers(folder)
