"""The archive's keys: which ids and which player spellings each archive file holds.

A command that touches one match or one screen must not read 100,000 summaries to
find it. Beside each archive file's summary (`.index.<machine>/<name>.json`, see
companion.store.archive) sits a much smaller keys file, `<name>.keys.json`:
the file's match ids, the ids of the matches readers skip (with their warnings) and
the player names in the order they first appear. Both are written together, when a
change stages the file (inside its transaction) and whenever a reader finds them
stale; each records the archive file's (inode, size, mtime), so a stale one is
rebuilt from the file, never trusted, and a lost one costs one rebuild.

Everything is per archive file and keyed by its name, and the files come from
`View.shards()`, the one list of the archive's files. The keys are read as they are
as they are while each match is in exactly one file (`simple`: one machine's files, no
sync engine's conflict copies, no deletions left for other machines' files to honour).
Otherwise they still read the keys, and merge (companion.store.merge) only the ids
that more than one file holds or a record deletes (companion.store.overlap).
"""

from __future__ import annotations

import contextlib
import heapq
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.engine.errors import StoreError
from companion.engine.values import dataclass
from companion.store.ids import Match
from companion.store.store import Store
from companion.store.view import View

KEYS_SUFFIX = ".keys.json"


@dataclass
class Keys:
    """What one archive file holds, without the matches themselves."""

    name: str
    path: Path
    ids: list[str]
    bad: list[dict[str, Any]]  # {"id": its id or None, "message": the warning}
    players: list[str]  # every spelling, in the order first seen


def keys_body(signature: list[int], matches: list[Match], bad: list[dict[str, Any]]) -> dict:
    players: dict[str, None] = {}
    for match in matches:
        for name in match.get("players") or ():
            players.setdefault(name, None)
    ids = [m["id"] for m in matches]
    return {"source": signature, "ids": ids, "bad": bad, "players": list(players)}


def keys_path(store: Store, name: str) -> Path | None:
    from companion.store.archive import index_dir

    folder = index_dir(store)
    return folder / f"{name}{KEYS_SUFFIX}" if folder is not None else None


def _cached(path: Path | None, signature: list[int]) -> dict[str, Any] | None:
    if path is None:
        return None
    with contextlib.suppress(OSError, ValueError, TypeError, RecursionError):
        body = json.loads(path.read_bytes())
        if (
            isinstance(body, dict)
            and body.get("source") == signature
            and isinstance(body.get("ids"), list)
            and isinstance(body.get("bad"), list)
            and isinstance(body.get("players"), list)
        ):
            return body
    return None


def shard_keys(store: Store, name: str, path: Path) -> Keys:
    """The keys of one archive file, from `.index/` when current, else rebuilt from it.

    Raises StoreError when the file cannot be read.
    """
    from companion.store.archive import _signature, _write_index, shard_summaries

    try:
        signature = _signature(path)
    except FileNotFoundError:
        return Keys(name, path, [], [], [])
    except OSError as err:
        raise StoreError(f"cannot read {path}: {err.strerror or err}") from None
    body = _cached(keys_path(store, name), signature)
    if body is None:
        shard = shard_summaries(store, name, path)
        body = keys_body(signature, shard.matches, shard.bad)
        _write_index(keys_path(store, name), body)
    return Keys(name, path, body["ids"], body["bad"], body["players"])


def each_keys(
    store: Store,
    view: View | None = None,
    newest_first: bool = False,
    dead: set[str] | None = None,
) -> Iterator[Keys]:
    """The keys of every readable archive file; warns about the rest (as summaries do),
    and about each match readers skip, but for those a record deletes (`dead`)."""
    view = view or store.view()
    counts = view.counts
    shards = view.shards()
    for name, path in reversed(shards) if newest_first else shards:
        try:
            keys = shard_keys(store, name, path)
        except StoreError as err:
            store.warn(store.unreadable_shard(name, err))
            continue
        if not path.exists() and counts.get(name):
            store.warn(store.missing_shard(name, counts[name]))
            continue
        total = len(keys.ids) + len(keys.bad)
        expected = counts.get(name)
        if expected is not None and total < expected:
            shard_path = store.shard_path(name)
            store.warn(
                f"archive file {shard_path} holds {total} matches, "
                f"{expected} expected{store._restore(shard_path)}"
            )
        for bad in keys.bad:
            if dead and isinstance(bad, dict) and bad.get("id") in dead:
                continue
            if isinstance(bad, dict) and isinstance(bad.get("message"), str):
                store.warn(bad["message"])
        yield keys


def simple(view: View) -> bool:
    """Whether each match is in exactly one archive file, as the keys say."""
    from companion.store.machines import known_id

    files = view.files()
    if any(f.copy for f in files):
        return False
    owners = {f.machine for f in files}
    if owners - {None, known_id()}:
        return False  # another machine's files: merged by match id
    legacy = any(f.machine is None for f in files if f.kind == "shard")
    return not (legacy and view.folded().dead)  # a deletion a legacy file still holds


def contested(store: Store, view: View) -> Any:
    """The ids several machines' files hold, and where a merge places them (an `Overlap`,
    companion.store.overlap), for a reader that sums files rather than merging them."""
    return _overlap(store, view)


def _overlap(store: Store, view: View) -> Any:
    """Several machines' keys, and the ids only a merge can place (companion.store.overlap).

    Its keys are kept on the store while no archive file has changed: `history list`
    asks for the rows, the count and the spellings, each through a fresh view.
    """
    from companion.store.overlap import Overlap

    signature = []
    for file in view.files():
        try:
            st = file.path.stat()
        except OSError:
            signature.append((file.name, str(file.path), None))
            continue
        signature.append((file.name, str(file.path), (st.st_ino, st.st_size, st.st_mtime_ns)))
    held = getattr(store, "_overlap", None)
    if held is not None and held[0] == signature:
        return held[1].again(view)  # the keys kept; what was read from summaries, not
    found = Overlap.read(store, view)
    store._overlap = (signature, found)  # type: ignore[attr-defined]
    return found


def id_index(store: Store, *, unreadable: bool = True) -> dict[str, str | None]:
    """Every match id -> its archive file (None: live or being filed); with `unreadable`,
    the ids of matches readers skip too."""
    view = store.view()
    if not simple(view):
        overlap = _overlap(store, view)
        found: dict[str, str | None] = dict(overlap.ids())
        if unreadable:
            found.update(dict.fromkeys(overlap.unreadable() - set(found)))
        found.update((m["id"], None) for m in [*view.live, *view.finishing])
        return found
    found: dict[str, str | None] = {}
    for keys in each_keys(store, view):
        found.update(dict.fromkeys(keys.ids, keys.name))
        if unreadable:
            found.update((b["id"], keys.name) for b in keys.bad if isinstance(b.get("id"), str))
    found.update((m["id"], None) for m in [*view.live, *view.finishing])
    return found


def spellings(store: Store) -> list[str]:
    """Every player spelling in the archive, oldest file first, in the order first seen."""
    seen: dict[str, None] = {}
    view = store.view()
    if not simple(view):
        from companion.store.validate import match_problem

        seen.update(dict.fromkeys(_overlap(store, view).players()))
        for match in view.finishing:  # as a full read of the summaries has them
            if match_problem(match, shallow=True) is None:
                seen.update(dict.fromkeys(match.get("players") or ()))
        return list(seen)
    for keys in each_keys(store, view):
        for name in keys.players:
            seen.setdefault(name, None)
    return list(seen)


def total(store: Store) -> int:
    """How many readable matches there are (live and archived)."""
    view = store.view()
    if not simple(view):
        return len(_overlap(store, view).ids()) + len(view.live)
    return sum(len(k.ids) for k in each_keys(store, view)) + len(view.live)


def _when(match: Match) -> str:
    when = match.get("finished") or match.get("created") or ""
    return when if isinstance(when, str) else ""


def newest_first(store: Store) -> Iterator[Match]:
    """Every readable match (archived ones without events), newest first, read one archive
    file at a time and only as far as the caller takes."""
    for _, match in newest_with_files(store):
        yield match


def newest_with_files(store: Store) -> Iterator[tuple[str | None, Match]]:
    """`newest_first`, each match with the archive file it is in (None: live)."""
    from companion.store.archive import shard_summaries
    from companion.store.validate import match_problem

    view = store.view()

    def archived() -> Iterator[tuple[str | None, Match]]:
        if not simple(view):  # every machine's files, merged where they overlap
            yield from _overlap(store, view).newest_first()
            return
        # A file holds one month of finishing dates, so newest month first is newest first
        # (a month may have two files: one from before machine ids, and this machine's).
        month: list[tuple[str | None, Match]] = []
        current = None
        for keys in each_keys(store, view, newest_first=True):
            if not keys.ids:
                continue
            if keys.name[:7] != current:
                yield from sorted(month, key=lambda f: _when(f[1]), reverse=True)
                month, current = [], keys.name[:7]
            try:
                shard = shard_summaries(store, keys.name, keys.path)
            except StoreError as err:
                store.warn(store.unreadable_shard(keys.name, err))
                continue
            month.extend((keys.name, m) for m in shard.matches)
        yield from sorted(month, key=lambda f: _when(f[1]), reverse=True)

    finishing = [m for m in view.finishing if match_problem(m, shallow=True) is None]
    live = [(None, m) for m in sorted([*view.live, *finishing], key=_when, reverse=True)]
    seen: set[str] = set()
    # Archived before live on the same date, as a full read orders them.
    for found in heapq.merge(archived(), live, key=lambda f: _when(f[1]), reverse=True):
        if found[1]["id"] not in seen:
            seen.add(found[1]["id"])
            yield found


def read_one(path: Path, match_id: str) -> Match | None:
    """One match of an archive file, decoded alone: a month of 1,700 matches with their
    events is 10 MB of JSON, and `history show` needs one of them. None when it cannot be
    found this way (the caller then reads the whole file); what is found is checked whole."""
    from companion.store.validate import match_problem

    try:
        raw = path.read_bytes()
    except OSError:
        return None
    decoder = json.JSONDecoder()
    needle = b'"id":' + json.dumps(match_id).encode()
    at = raw.find(needle)
    while at != -1:
        start = raw.rfind(b"{", 0, at)
        with contextlib.suppress(ValueError, RecursionError):
            doc, _ = decoder.raw_decode(raw[start:].decode())
            if isinstance(doc, dict) and doc.get("id") == match_id and not match_problem(doc):
                return doc
        at = raw.find(needle, at + 1)
    return None
