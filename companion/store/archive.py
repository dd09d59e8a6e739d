"""Fast, bulk access to the archive of finished matches.

Reading every archived match means parsing every event of every match, which
for 100,000 matches is far more JSON than a history query needs. So each
monthly shard gets a summary file in this machine's cache folder,
`<name>.archive/.index.<machine>/` (see `index_dir`), holding every match without its
events. A summary records the shard's (inode, size, mtime)
and is rebuilt whenever the shard changes, so it can never be stale; losing
it costs one rebuild. Writes here (bulk insert, delete, reopen) are store
transactions (see `companion.store.store`): all of a change lands, or none.

Every match is checked against the match schema when its shard is indexed;
one that fails is left out, and each reader warns about it once, naming it
and how to remove it, rather than failing the whole history.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from companion.engine.errors import BadInput, RuleViolation, StoreError, UnknownName
from companion.engine.values import dataclass
from companion.store import atomic, failpoint, quick_json
from companion.store.cache import INDEX as INDEX  # where readers found it before
from companion.store.cache import TMP_PREFIX, index_dir, remove_leftovers
from companion.store.change import Change
from companion.store.clock import unfiled
from companion.store.ids import Match, now
from companion.store.index import keys_body, keys_path
from companion.store.layout import LIVE
from companion.store.machines import classify
from companion.store.order import KEPT, forget_recorded, note_recorded
from companion.store.store import Store
from companion.store.validate import match_problem, shard_name
from companion.store.view import View

SUMMARY_VERSION = 2


def summarise(match: Match) -> Match:
    """A match without its events (their number is kept)."""
    summary = {k: v for k, v in match.items() if k != "events"}
    summary["events"] = len(match.get("events") or [])
    return summary


@dataclass
class Shard:
    """What one archive file holds: readable summaries, the matches left out, the count."""

    matches: list[Match]
    bad: list[dict[str, Any]]  # {"id": its id if it is a string, "message": the warning}
    total: int


def file_signature(path: Path) -> list[int]:
    """What identifies an archive file's version (its inode, size and mtime): a cache made
    from the file records it and is trusted only while the file still has it."""
    return _signature(path)


def write_cache(path: Path | None, body: dict[str, Any]) -> None:
    """Keep `body` at `path` in this machine's index folder (`index_dir`), atomically and
    best effort: a cache that cannot be written is made again by its next reader."""
    _write_index(path, body)


def _signature(shard: Path) -> list[int]:
    st = shard.stat()
    return [SUMMARY_VERSION, st.st_ino, st.st_size, st.st_mtime_ns]


def _index_path(store: Store, name: str) -> Path | None:
    folder = index_dir(store)
    return folder / f"{name}.json" if folder is not None else None


def _write_index(path: Path | None, body: dict[str, Any]) -> None:
    # Best effort: an index that cannot be written is rebuilt next time.
    if path is None:
        return
    with contextlib.suppress(OSError):
        path.parent.mkdir(exist_ok=True)
        remove_leftovers(path.parent)
        # The writer's pid in the name: the next write can tell a dead writer's leftover.
        fd, tmp = atomic.temp_file(path.parent, f"{TMP_PREFIX}{os.getpid()}-")
        try:
            # dumps, not dump: json.dump streams through the pure-Python encoder.
            text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
            try:
                data = text.encode()
            except UnicodeEncodeError:  # a lone surrogate somewhere: keep it escaped
                data = json.dumps(body, separators=(",", ":")).encode()
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            # A crash point like every write of a change (tests/store/test_failpoints.py):
            # the index is checked against its file's signature, so losing it here, or
            # a stale one left, costs a rebuild and never a match.
            failpoint.point(f"index {path.name}")
            os.replace(tmp, path)
            failpoint.after(f"index {path.name}")
        except (OSError, ValueError):
            os.unlink(tmp)
            raise


def _sort(store: Store, name: str, docs: dict[str, Any]) -> Shard:
    matches, bad = [], []
    for doc in docs.values():
        problem = match_problem(doc, shallow=True)
        if problem is None:
            matches.append(summarise(doc))
        else:
            raw_id = doc.get("id") if isinstance(doc, dict) else None
            bad.append(
                {
                    "id": raw_id if isinstance(raw_id, str) else None,
                    "message": store.skipped(doc, name, problem),
                }
            )
    return Shard(matches, bad, len(docs))


def _cached(index: Path | None, signature: list[int]) -> Shard | None:
    if index is None:
        return None
    with contextlib.suppress(OSError, ValueError, TypeError, KeyError, RecursionError):
        cached = quick_json.loads(index.read_bytes())
        if cached.get("source") == signature:
            shard = Shard(cached["matches"], cached["bad"], cached["total"])
            if isinstance(shard.matches, list) and isinstance(shard.bad, list):
                return shard
    return None


def shard_summaries(store: Store, name: str, path: Path | None = None) -> Shard:
    """The summaries of one archive file (read from `path`), from its index when current.

    Raises StoreError when the file cannot be read.
    """
    path = path or store.shard_path(name)
    try:
        signature = _signature(path)
    except FileNotFoundError:
        return Shard([], [], 0)
    except OSError as err:
        raise StoreError(f"cannot read {path}: {err.strerror or err}") from None
    index = _index_path(store, name)
    cached = _cached(index, signature)
    if cached is not None:
        return cached
    tables = store.files.read_shard(path) or {}
    found = _sort(store, name, tables.get("matches") or {})
    _write_index(
        index,
        {"source": signature, "matches": found.matches, "bad": found.bad, "total": found.total},
    )
    _write_index(keys_path(store, name), keys_body(signature, found.matches, found.bad))
    return found


def index_staged(store: Store, name: str, staged: Path, docs: dict[str, Any]) -> None:
    """Index a staged archive file now: renamed into place, it keeps its signature."""
    with contextlib.suppress(OSError):
        found = _sort(store, name, docs)
        signature = _signature(staged)
        body = {
            "source": signature,
            "matches": found.matches,
            "bad": found.bad,
            "total": found.total,
        }
        _write_index(_index_path(store, name), body)
        _write_index(keys_path(store, name), keys_body(signature, found.matches, found.bad))
        # The layers above keep their caches of this file in step the same way (the history
        # layer's sums for `history stats`), through the hooks they registered.
        from companion.store.hooks import STAGED

        for hook in STAGED:
            hook(store, name, signature, found.matches)


def _each_shard(store: Store, view: View) -> Iterator[tuple[str, Path, Shard]]:
    """Every readable archive file with its summaries; warns about the rest."""
    counts = view.counts
    for name, path in view.shards():
        try:
            shard = shard_summaries(store, name, path)
        except StoreError as err:
            store.warn(store.unreadable_shard(name, err))
            continue
        if not path.exists() and counts.get(name):
            store.warn(store.missing_shard(name, counts[name]))
            continue
        expected = counts.get(name)
        if expected is not None and shard.total < expected:
            shard_path = store.shard_path(name)
            store.warn(
                f"archive file {shard_path} holds {shard.total} matches, "
                f"{expected} expected{store._restore(shard_path)}"
            )
        yield name, path, shard


def _merged(store: Store, view: View) -> Iterator[tuple[str, Path, Match]]:
    """Every match in history once, without its events, oldest file first, with the
    file it is read from: every machine's copies merged (companion.store.merge).

    Copies are merged across months too: a match reopened and finished again in a
    later month is one match even before the record deleting its first finishing
    has arrived from the machine that reopened it.
    """
    from companion.store.merge import winners

    folded = view.folded()
    dead_ids = {match_id for match_id, _ in folded.dead}
    files: list[tuple[Any, list[Match]]] = []
    for name, path, shard in _each_shard(store, view):
        for bad in shard.bad:
            if bad["id"] not in dead_ids:
                store.warn(bad["message"])
        files.append((classify(name, path), shard.matches))
    place = {file.name: n for n, (file, _) in enumerate(files)}
    found = sorted(winners(files, folded), key=lambda won: place[won[0].name])
    for file, match in found:
        yield file.name, file.path, match


def summaries(store: Store) -> Iterator[Match]:
    """Every readable archived match without its events, oldest month first."""
    view = store.view()
    index = index_dir(store)
    if index is not None and index.is_dir():
        remove_leftovers(index)
    for _, _, match in _merged(store, view):
        yield match
    for match in view.finishing:
        if match_problem(match, shallow=True) is None:
            yield summarise(match)


def live_matches(store: Store) -> list[Match]:
    return store.view().live


def load_match(store: Store, match_id: str, holder: str | None = None) -> Match:
    """The full document of one archived or live match, by exact id (`holder`: the archive
    file it is in, when the caller knows it from the keys)."""
    from companion.store.index import read_one

    view = store.view()
    for match in view.live:
        if match["id"] == match_id:
            return match
    if holder is not None:  # the file whose copy is in history (id_index, newest_with_files)
        path = dict(view.shards()).get(holder)
        alone = read_one(path, match_id) if path is not None else None
        if alone is not None:
            return unfiled(alone)
    for name, path, summary in _merged(store, view):
        if summary["id"] == match_id:
            for match in ((store.files.read_shard(path) or {}).get("matches") or {}).values():
                if isinstance(match, dict) and match.get("id") == match_id:
                    problem = match_problem(match)
                    if problem is not None:
                        store.warn(store.skipped(match, name, problem))
                        break
                    return unfiled(dict(match))
    for match in view.finishing:
        if match["id"] == match_id:
            return match
    raise UnknownName(f"no match '{match_id}'", hint="see 'companion history list'")


def _known_ids(store: Store) -> set[str]:
    """Every id an import must not add again: live, in history, or skipped by readers."""
    from companion.store.index import each_keys, simple

    view = store.view()
    known = {m["id"] for m in view.live}
    dead_ids = {match_id for match_id, _ in view.folded().dead}
    if simple(view):
        # One machine's files, each match in one: their keys say it, without the 100,000
        # summaries a merge would hold in memory (issue 30 item 12).
        for keys in each_keys(store, view, dead=dead_ids):
            known.update(keys.ids)  # this machine's files lose a deleted match (`withdraw`)
            known.update(
                b["id"]
                for b in keys.bad
                if isinstance(b.get("id"), str) and b["id"] not in dead_ids
            )
        return known
    known.update(m["id"] for _, _, m in _merged(store, view))
    dead_ids = {match_id for match_id, _ in view.folded().dead}
    for _, _, shard in _each_shard(store, view):
        known.update(b["id"] for b in shard.bad if b["id"] is not None and b["id"] not in dead_ids)
    return known


# Matches an import holds before filing them (about a month of a busy club's): an export
# lists them month by month, so each archive file is then written once, and memory holds
# this many matches and one archive file however big the import.
WAITING = 2000
# The most matches a month's file may hold for an import to add to it. An import into a
# big month (a club's 1,700 matches with their events: 10 MB of JSON) would read, merge
# and write that file whole for the few matches it brings; it files them in a further
# part of the month instead (`YYYY-MM.<machine>.2.json`, companion.store.machines.
# part_name), which every reader takes as one more file of the month.
PART = 500


def _filing(store: Store, view: View) -> Callable[[str], str]:
    """Which of this machine's files of a month an import adds to: the month's last part
    while it holds fewer than PART matches (the first file, when the month has none yet),
    else a new part after it. Asked once per month, so an import files each month's
    matches in one file."""
    from companion.store.machines import part_name, part_of

    machine = store.machine
    last: dict[str, int] = {}  # month -> its highest part, on disk or in the manifest
    counts = view.counts
    names = [f.name for f in view.files() if f.kind == "shard" and not f.copy]
    for name in [*names, *counts]:
        file = classify(name, Path())
        if file is not None and file.kind == "shard" and file.machine == machine:
            assert file.month is not None
            last[file.month] = max(last.get(file.month, 1), part_of(name))
    chosen: dict[str, str] = {}

    def target(month: str) -> str:
        if month not in chosen:
            part = last.get(month, 1)
            name = part_name(month, machine, part)
            if counts.get(name, 0) >= PART:
                name = part_name(month, machine, part + 1)
            chosen[month] = name
        return chosen[month]

    return target


def archive_many(
    store: Store,
    matches: Iterable[Match],
    progress: Callable[[int], None] | None = None,
    also: Callable[[Change], None] | None = None,
) -> tuple[int, int]:
    """Insert complete matches, skipping ids already stored; (added, skipped).

    One transaction: every match lands, or (on any failure) none does.
    `also(txn)` changes more in the same transaction (an import's aliases).
    """
    with store.change() as txn:
        known = _known_ids(store)
        filing = _filing(store, View(store, txn.main))
        by_shard: dict[str, int] = {}
        added: list[str] = []
        skipped = 0
        waiting: dict[str, list[Match]] = {}

        def flush() -> None:
            # One archive file in memory at a time: each is read, merged, written out
            # (staged) and let go before the next; the commit puts them all in place.
            for shard in sorted(waiting):
                for stamped in waiting.pop(shard):
                    txn.put(shard, stamped)
                    by_shard[shard] = by_shard.get(shard, 0) + 1
                txn.release(shard)

        reported: dict[str, int] = {}

        def staged(name: str) -> None:
            if progress is not None:
                progress(by_shard.get(name, 0) - reported.get(name, 0))
            reported[name] = by_shard.get(name, 0)

        txn.on_staged = staged
        for match in matches:
            if match["id"] in known:
                skipped += 1
                continue
            known.add(match["id"])
            stamped = {"updated": now(), **match}
            stamped.setdefault("finished", now())
            try:
                shard = filing(shard_name(stamped["finished"]))
            except ValueError:
                raise BadInput(f"match {match['id']}: 'finished' is not a date") from None
            if shard not in waiting and sum(map(len, waiting.values())) >= WAITING:
                flush()  # the input moved on to another month: file what it holds
            waiting.setdefault(shard, []).append(stamped)
            added.append(match["id"])
        flush()
        note_recorded(txn.db, added[-KEPT:])
        if also is not None:
            also(txn)
    return sum(by_shard.values()), skipped


def _copies(store: Store, holding: list[tuple[str, Path]], match_id: str) -> dict[str, Any]:
    """The match's document in each archive file that holds it (by file name)."""
    docs = {}
    for name, path in holding:
        for doc in ((store.files.read_shard(path) or {}).get("matches") or {}).values():
            if isinstance(doc, dict) and doc.get("id") == match_id:
                docs[name] = doc
    return docs


def withdraw(txn: Change, match_id: str, *, unreadable: bool = True) -> Match | None:
    """Take a match out of history inside `txn`; its full document, or None if it is
    not there (with `unreadable`: a match readers skip, too).

    Deletions travel as records: a `delete` record names the finishing taken out,
    whichever machine's file holds it; this machine's own files also lose the match.
    """
    from companion.store.records import new

    store = txn.store
    view = store.view()
    dead_ids = {i for i, _ in view.folded().dead}
    winner = next(((n, p) for n, p, m in _merged(store, view) if m["id"] == match_id), None)
    broken = unreadable and match_id not in dead_ids
    holding = [
        (name, path)
        for name, path, shard in _each_shard(store, view)
        if (winner and any(s["id"] == match_id for s in shard.matches))
        or (broken and any(b["id"] == match_id for b in shard.bad))
    ]
    if winner is None and not (unreadable and holding):
        return None
    docs = _copies(store, holding, match_id)
    chosen = docs.get(winner[0]) if winner else next(iter(docs.values()), None)
    for name in docs:
        file = classify(name, Path())
        if file is not None and file.machine == store.machine and not file.copy:
            txn.remove(name, match_id)
    for doc in docs.values():
        txn.saw(doc)  # the records below, and the match if filed again, go after each copy
    finishings = {d.get("finished") for d in docs.values()}
    for finished in sorted(f if isinstance(f, str) else "" for f in finishings):
        txn.note(new("delete", id=match_id, finished=finished or None))
    return chosen


def find_unreadable(store: Store, typed: str) -> str | None:
    """The exact id of a match that readers skip (so it can still be deleted)."""
    wanted = typed.strip()
    dead_ids = {i for i, _ in store.view().folded().dead}
    if wanted in dead_ids:
        return None
    for _, _, shard in _each_shard(store, store.view()):
        for bad in shard.bad:
            if bad["id"] is not None and bad["id"] == wanted:
                return wanted
    return None


def delete_archived(
    store: Store,
    match_id: str,
    *,
    unreadable: bool = False,
    also: Callable[[Change], None] | None = None,
) -> Match:
    """Remove one archived match for good; returns what was removed.

    `unreadable`: a match the readers skip may be removed too (by its exact id).
    `also(txn)` changes more in the same transaction.
    """
    with store.change() as txn:
        doc = withdraw(txn, match_id, unreadable=unreadable)
        if doc is None:
            raise UnknownName(
                f"no finished match '{match_id}'", hint="see 'companion history list'"
            )
        forget_recorded(txn.db, match_id)
        if also is not None:
            also(txn)
    return dict(doc) if isinstance(doc, dict) else {"id": match_id}


def take_back(
    store: Store,
    choose: Callable[[Any, list[Match]], tuple[str, Match]],
    also: Callable[[Change], None] | None = None,
) -> Match:
    """Take one finished match out of history, in one transaction; returns it.

    `choose(db, summaries)` runs under the lock on the freshest copies and names
    ("reopen" or "remove", the match's summary): a reopened match goes back live
    without its result (the match is live or archived, never both, never neither);
    a removed one is gone. `also(txn)` changes more in the same transaction.
    """
    with store.change() as txn:
        action, chosen = choose(txn.db, list(summaries(store)))
        if action == "reopen":
            from tinydb import Query

            current = txn.db.table(LIVE).get(Query().game == chosen["game"])
            if current is not None:
                raise RuleViolation(
                    f"a {chosen['game']} match is already live (id {current['id']}); "
                    f"cannot reopen {chosen['id']}"
                )
        doc = withdraw(txn, chosen["id"], unreadable=False)
        if doc is None:
            raise UnknownName(f"no finished match '{chosen['id']}'")
        forget_recorded(txn.db, chosen["id"])
        if also is not None:
            also(txn)
        if action == "remove":
            return dict(doc)
        if match_problem(doc) is not None:
            raise RuleViolation(f"match {chosen['id']} cannot be reopened: it is not readable")
        doc = dict(doc)
        doc.pop("finished", None)
        doc.pop("filed", None)  # filed again, it is stamped then
        reopened = {**doc, "status": "live", "result": None, "updated": now()}
        reopened["options"] = dict(doc.get("options") or {})
        reopened["events"] = list(doc.get("events") or [])
        reopened.setdefault("seed", None)
        txn.db.table(LIVE).insert(reopened)
    return reopened
