"""Fast, bulk access to the archive of finished matches.

Reading every archived match means parsing every event of every match, which
for 100,000 matches is far more JSON than a history query needs. So each
monthly shard gets a summary file in `<name>.archive/.index/` holding every
match without its events. A summary records the shard's (inode, size, mtime)
and is rebuilt whenever the shard changes, so it can never be stale; losing
it costs one rebuild. Writes here (bulk insert, delete, reopen) run under the
store's lock like every other write.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from tinydb import Query

from companion.engine.errors import RuleViolation, UnknownName
from companion.store.atomic import read_json
from companion.store.store import LIVE, Match, Store, now

INDEX = ".index"
SUMMARY_VERSION = 1
TMP_PREFIX = ".tmp-"
STALE_TMP_S = 600


def summarise(match: Match) -> Match:
    """A match without its events (their number is kept)."""
    summary = {k: v for k, v in match.items() if k != "events"}
    summary["events"] = len(match.get("events") or [])
    return summary


def _signature(shard: Path) -> list[int]:
    st = shard.stat()
    return [SUMMARY_VERSION, st.st_ino, st.st_size, st.st_mtime_ns]


def _shards(store: Store) -> list[Path]:
    if not store.archive_dir.is_dir():
        return []
    return sorted(store.archive_dir.glob("*.json"))


def _write_index(path: Path, body: dict[str, Any]) -> None:
    # Best effort: an index that cannot be written is rebuilt next time.
    with contextlib.suppress(OSError):
        path.parent.mkdir(exist_ok=True)
        _remove_leftovers(path.parent)
        fd, tmp = tempfile.mkstemp(prefix=TMP_PREFIX, dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                # dumps, not dump: json.dump streams through the pure-Python encoder.
                handle.write(json.dumps(body, ensure_ascii=False, separators=(",", ":")))
            os.replace(tmp, path)
        except OSError:
            os.unlink(tmp)
            raise


def _remove_leftovers(folder: Path) -> None:
    """Temp files of a writer killed mid-write (index writes take no lock, so only old ones)."""
    cutoff = time.time() - STALE_TMP_S
    for leftover in folder.glob(f"{TMP_PREFIX}*"):
        with contextlib.suppress(OSError):
            if leftover.stat().st_mtime < cutoff:
                leftover.unlink()


def shard_summaries(shard: Path) -> list[Match]:
    """The summaries of one shard, from its index when that is current."""
    index = shard.parent / INDEX / shard.name
    signature = _signature(shard)
    with contextlib.suppress(OSError, ValueError):
        cached = json.loads(index.read_bytes())
        if cached.get("source") == signature:
            return cached["matches"]
    tables = read_json(shard) or {}
    found = [summarise(m) for m in tables.get("matches", {}).values()]
    _write_index(index, {"source": signature, "matches": found})
    return found


def summaries(store: Store) -> Iterator[Match]:
    """Every archived match without its events, oldest shard first."""
    for shard in _shards(store):
        yield from shard_summaries(shard)


def live_matches(store: Store) -> list[Match]:
    return [dict(m) for m in store.snapshot().table(LIVE).all()]


def load_match(store: Store, match_id: str) -> Match:
    """The full document of one archived or live match, by exact id."""
    for match in live_matches(store):
        if match["id"] == match_id:
            return match
    for shard in _shards(store):
        if any(s["id"] == match_id for s in shard_summaries(shard)):
            for match in (read_json(shard) or {}).get("matches", {}).values():
                if match["id"] == match_id:
                    return dict(match)
    raise UnknownName(f"no match '{match_id}'", hint="see 'companion history list'")


def archive_many(
    store: Store, matches: Iterable[Match], progress: Callable[[int], None] | None = None
) -> tuple[int, int]:
    """Insert complete matches, skipping ids already stored; (added, skipped).

    One lock and one write per monthly shard, however many matches.
    """
    with store._locked():
        known = {s["id"] for s in summaries(store)} | {m["id"] for m in live_matches(store)}
        by_shard: dict[Path, list[Match]] = {}
        skipped = 0
        for match in matches:
            if match["id"] in known:
                skipped += 1
                continue
            known.add(match["id"])
            stamped = {"updated": now(), **match}
            stamped.setdefault("finished", now())
            by_shard.setdefault(store._shard(stamped["finished"]), []).append(stamped)
        for shard, batch in sorted(by_shard.items()):
            with store._file(shard) as archive:
                archive.table("matches").insert_multiple(batch)
            # The matches are in hand: index them now rather than re-reading later.
            found = [summarise(m) for m in archive.table("matches").all()]
            _write_index(
                shard.parent / INDEX / shard.name, {"source": _signature(shard), "matches": found}
            )
            if progress is not None:
                progress(len(batch))
    return sum(len(b) for b in by_shard.values()), skipped


def _shard_of(store: Store, match_id: str) -> Path:
    for shard in _shards(store):
        if any(s["id"] == match_id for s in shard_summaries(shard)):
            return shard
    raise UnknownName(f"no finished match '{match_id}'", hint="see 'companion history list'")


def delete_archived(store: Store, match_id: str) -> Match:
    """Remove one archived match for good; returns what was removed."""
    with store._locked():
        shard = _shard_of(store, match_id)
        with store._file(shard) as archive:
            table = archive.table("matches")
            doc = table.get(Query().id == match_id)
            table.remove(Query().id == match_id)
        return dict(doc)


def reopen_last(store: Store, games: Iterable[str]) -> Match:
    """Put the most recently finished match of `games` back live, without its result."""
    wanted = set(games)
    with store._locked():
        candidates = [
            s for s in summaries(store) if s["status"] == "finished" and s["game"] in wanted
        ]
        if not candidates:
            raise RuleViolation("no finished match to undo")
        last = max(candidates, key=lambda s: (s.get("finished") or "", s.get("created") or ""))
        shard = _shard_of(store, last["id"])
        # The main file is written first (inner block): a crash between the
        # two writes leaves the match in both places, never in neither.
        with store._file(shard) as archive, store._file(store.path) as db:
            live = db.table(LIVE)
            current = live.get(Query().game == last["game"])
            if current is not None:
                raise RuleViolation(
                    f"a {last['game']} match is already live (id {current['id']}); "
                    f"cannot reopen {last['id']}"
                )
            table = archive.table("matches")
            doc = dict(table.get(Query().id == last["id"]))
            doc.pop("finished", None)
            reopened = {**doc, "status": "live", "result": None, "updated": now()}
            live.insert(reopened)
            table.remove(Query().id == last["id"])
        return reopened


def update_docs(
    store: Store, table: str, change: Callable[[dict[str, Any]], dict[str, Any]]
) -> dict[str, Any]:
    """Replace a whole key/value table with `change(current)`, under the lock."""
    with store.transaction() as db:
        docs = db.table(table)
        current = {d["key"]: d["value"] for d in docs.all()}
        updated = change(current)
        if updated != current:
            docs.truncate()
            docs.insert_multiple({"key": k, "value": v} for k, v in updated.items())
        return updated
