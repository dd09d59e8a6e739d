"""`history stats --player NAME` answered from one kept document while nothing changed.

Summed month by month (companion.history.summed), the answer still opens three caches
per archive file (its keys, its partial, the player's partial) and a rating checkpoint:
at 60 months, a tenth of a second of JSON for a document of a few kilobytes. So the
answer is kept too, in this machine's index folder as `stats.player-<tag>.json` (one per
typed player and options), under the digest of everything it was made from:

- every archive file (shards and records, every machine's, conflict copies) by name and
  signature (inode, size, mtime), and the manifest's counts; a missing file, or a
  change being filed, and nothing is kept or used;
- the folded records (aliases, amendments, deletions) and the live matches, less what
  a move changes (their events and the time of the last): the sums count no live match,
  and read of one only its id, players, result and options (its names, and whether it
  is scored), so a move at the table leaves the answer kept;
- the options as typed (the player's name is resolved against the spellings, which the
  files' signatures fix) and the versions of the partials and the ratings.

The chances of a game's players (`book.predicted`: a Series' odds ask them on every
`series status`) are kept the same way, as `predicted-<tag>.json`: the ratings depend
on nothing the sums do not.

A kept answer is also passed over when an installed game now counts one of the stored
game names, or its figures, otherwise (as a file's partial is), when its text does not
match its digest, or when it is not this version's. It is kept only when it was summed
(not counted match by match: then the caller reads every match anyway) and making it
warned of nothing (a warning must be said again by the next read).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path
from typing import Any

VERSION = 1
PREFIX = "stats.player-"
PREDICTED = "predicted-"  # book.predicted: a game's players' chances, kept the same way
STATS = "stats-"  # `history stats` without --player or --series, kept the same way


def _digest(body: Any) -> str:
    text = json.dumps(body, ensure_ascii=True, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


class Kept:
    """The kept answer of one `stats --player` (its file and the digest it must match)."""

    def __init__(self, store: Any, options: list[Any], prefix: str = PREFIX) -> None:
        from companion.store.archive import index_dir

        self.store = store
        folder = index_dir(store)
        tag = _digest(options)[:16]
        self.path: Path | None = folder / f"{prefix}{tag}.json" if folder is not None else None
        self.key = _key(store, options) if self.path is not None else None

    def doc(self) -> dict[str, Any] | None:
        """The kept answer when it is current; else None (made again by the caller)."""
        if self.key is None or self.path is None:
            return None
        with contextlib.suppress(
            OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError
        ):
            body = json.loads(self.path.read_bytes())
            if body["key"] != self.key or body["check"] != _digest([body["counted"], body["doc"]]):
                return None
            if _stale(body["counted"]):
                return None
            doc = json.loads(body["doc"])
            return doc if isinstance(doc, dict) else None
        return None

    def keep(self, doc: dict[str, Any], counted: dict[str, Any]) -> None:
        """Keep `doc`, summed from files whose stored games counted as `counted` says."""
        from companion.store.archive import write_cache

        if self.key is None:
            return
        text = json.dumps(doc, ensure_ascii=True, separators=(",", ":"))
        write_cache(
            self.path,
            {"key": self.key, "counted": counted, "check": _digest([counted, text]), "doc": text},
        )


def _key(store: Any, options: list[Any]) -> str | None:
    """The digest of what the answer depends on; None when it must not be kept."""
    from companion import __version__
    from companion.history import aggregates, summed
    from companion.store.archive import file_signature

    view = store.view()
    if view.finishing or view.pending:
        return None  # a change being filed: the sums count every match then
    try:
        files = [[f.name, f.kind, f.machine, file_signature(f.path)] for f in view.files()]
    except OSError:
        return None  # a file vanished under us: the full read warns
    folded = view.folded()
    return _digest(
        [
            VERSION,  # raised when the document `stats` makes changes
            __version__,
            aggregates.VERSION,
            summed.RATINGS_VERSION,
            options,
            files,
            sorted(view.counts.items()),
            folded.aliases,
            folded.amendments,
            sorted((list(d) for d in folded.dead), key=json.dumps),
            [{k: v for k, v in m.items() if k not in MOVED} for m in view.live],
        ]
    )


# What a move or an undo changes in a live match (companion.store.live): nothing the
# archive's sums, the names or the player's resolution read.
MOVED = frozenset(("events", "updated"))


def _stale(counted: dict[str, Any]) -> bool:
    """Whether an installed game now counts a stored game name, or its figures, otherwise."""
    from companion.history import aggregates

    return any(
        aggregates.game_of({"game": raw}) != game or aggregates.extras_kind(game) != kind
        for raw, (game, kind) in counted.items()
    )
