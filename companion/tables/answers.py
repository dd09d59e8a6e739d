"""An answer kept under the digest of the whole database, read as plain JSON.

Some answers are made from a game's own document and from the whole history at once (odds
from its players' ratings, which come from every match ever rated). Such an answer cannot
be kept with the document, as a match's status is (companion.tables.shown): any match
filed, amended, deleted or renamed anywhere changes it. So it is kept in this
machine's index folder (`<archive>/.index.<machine>/answer.<name>.json`), under the digest
of everything a read of the database could see (`key`):

- the main file as read, less what a move or an undo of a live match changes (its events,
  its last change, its kept status): every document, catalogue and live match;
- every archive file (every machine's shards and records, conflict copies) by name and
  signature (inode, size, mtime): a match filed, amended, deleted, renamed or synced in
  changes one of them;
- the installed games that are on, the local time zone (dates are drawn in it), the
  companion's version and the caller's own version of the answer.

The key is made from the files alone, without the store: no tinydb, no lock, nothing
written. A file being changed (a journal in the main file, a match being filed) or
written by another machine is never keyed (None): the store reads those, and says what
it finds. The key is taken *before* the answer is made, so a change made meanwhile leaves
a key no later read computes, never a stale answer under a current key.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from companion.store.peek import Peek

VERSION = 1
PREFIX = "answer."
MOVED = frozenset(("events", "updated"))  # what a move or an undo changes in a live match


def key(path: Path, name: str, version: int) -> str | None:
    """The digest of the database at `path` as answer `name` (at its `version`) reads it;
    None when it must not be kept (or read) there."""
    from companion.store.kept import usable
    from companion.store.layout import LIVE, SHOWN
    from companion.store.machines import archive_files

    main = Peek(path).main
    if not usable(main):
        return None
    rows = main.get(LIVE) or {}
    if not isinstance(rows, dict) or not all(isinstance(m, dict) for m in rows.values()):
        return None  # not a table: the store says what is wrong with it
    if any("finishing" in m for m in rows.values()):
        return None  # a match being filed
    read = {table: docs for table, docs in main.items() if table not in (SHOWN, LIVE)}
    live = {i: {k: v for k, v in m.items() if k not in MOVED} for i, m in rows.items()}
    folder = path.with_name(path.stem + ".archive")
    try:
        files = [[f.name, _signature(f.path)] for f in archive_files(folder)]
    except OSError:
        return None  # a file vanished under us
    from companion import __version__, registry

    body = [VERSION, __version__, name, version, read, live, files, registry.installed(), _zone()]
    return _digest(body)


def found(path: Path, name: str, digest: str | None) -> Any:
    """The answer kept as `name` under `digest` for the database at `path`, else None."""
    file = _file(path, name)
    if digest is None or file is None:
        return None
    from companion.store.regular import read

    with contextlib.suppress(OSError, ValueError, TypeError, KeyError, RecursionError):
        body = json.loads(read(file))
        if body["key"] == digest and body["check"] == _digest([digest, body["answer"]]):
            return body["answer"]
    return None


def keep(store: Any, name: str, digest: str | None, answer: Any) -> None:
    """Keep `answer` as `name` under `digest` (best effort: the next read makes it again)."""
    if digest is None:
        return
    from companion.store.archive import index_dir, write_cache

    folder = index_dir(store)
    if folder is not None:
        body = {"key": digest, "check": _digest([digest, answer]), "answer": answer}
        write_cache(folder / f"{PREFIX}{name}.json", body)


def _file(path: Path, name: str) -> Path | None:
    from companion.store.machines import known_id

    machine = known_id()  # no id yet: nothing was kept by this machine
    if machine is None:
        return None
    return path.with_name(path.stem + ".archive") / f".index.{machine}" / f"{PREFIX}{name}.json"


def _signature(path: Path) -> list[int]:
    st = os.stat(path)
    return [st.st_ino, st.st_size, st.st_mtime_ns]


def _zone() -> list[Any]:
    import time

    return [os.environ.get("TZ"), time.tzname, time.timezone, time.altzone, time.daylight]


def _digest(body: Any) -> str:
    import hashlib

    text = json.dumps(body, ensure_ascii=True, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()
