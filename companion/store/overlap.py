"""Several machines' archive files read as one history, merging only what overlaps.

`companion.store.merge.winners` keeps one copy of each match id across every file,
and drops one whose finishing a `delete` record names. Almost every id, though, is
in exactly one file and named by no record: that copy is the one in history, as
the keys files say (companion.store.index). Only the rest are *contested*: ids in
more than one file (a match reopened and finished again on another machine, a
conflict copy's overlap, a file from before machine ids beside its successor) and
ids a `delete` record names. Only those go through `winners`, and only the
summaries of the files holding them are read for it, so a read that touches one
match or one screen stays as cheap with two machines' files as with one.

The answers are the full merge's (`companion.store.archive._merged`), order
included: files oldest first, and within a file in the order each id was first
seen across the files (the order `winners` keeps them in).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from companion.engine.errors import StoreError
from companion.store.ids import Match
from companion.store.index import Keys, each_keys
from companion.store.machines import ArchiveFile, classify
from companion.store.merge import winners
from companion.store.store import Store
from companion.store.view import View


@dataclass
class Overlap:
    """Every readable archive file's keys, and which ids need the merge."""

    store: Store
    view: View
    keys: list[Keys]  # oldest file first, as `View.shards()` lists them
    contested: set[str]
    holders: dict[str, list[int]]  # contested id -> the files holding it (indexes into keys)
    dead_ids: set[str]
    _copies: dict[int, dict[str, list[Match]]] = field(default_factory=dict)
    _summaries: dict[int, list[Match] | None] = field(default_factory=dict)
    _won: dict[str, tuple[int, Match] | None] = field(default_factory=dict)

    @classmethod
    def read(cls, store: Store, view: View) -> Overlap:
        dead_ids = {match_id for match_id, _ in view.folded().dead}
        keys = list(each_keys(store, view, dead=dead_ids))
        every = list(chain.from_iterable(held.ids for held in keys))
        seen = set(every)
        contested: set[str] = set()
        if len(seen) < len(every):  # some id is in two files (or twice in one)
            contested = {match_id for match_id, n in Counter(every).items() if n > 1}
        contested.update(dead_ids & seen)
        holders: dict[str, list[int]] = {}
        if contested:
            for n, held in enumerate(keys):
                for match_id in contested.intersection(held.ids):
                    holders.setdefault(match_id, []).append(n)
        return cls(store, view, keys, contested, holders, dead_ids)

    def again(self, view: View) -> Overlap:
        """The same keys for another read (nothing read from summaries is shared)."""
        return Overlap(self.store, view, self.keys, self.contested, self.holders, self.dead_ids)

    def file(self, n: int) -> ArchiveFile:
        held = self.keys[n]
        found = classify(held.name, held.path)
        assert found is not None  # the view listed it as a shard
        return found

    def summaries(self, n: int) -> list[Match] | None:
        """File n's summaries (None, warned about, when it cannot be read now)."""
        if n not in self._summaries:
            from companion.store.archive import shard_summaries

            held = self.keys[n]
            try:
                found: list[Match] | None = shard_summaries(
                    self.store, held.name, held.path
                ).matches
            except StoreError as err:
                self.store.warn(self.store.unreadable_shard(held.name, err))
                found = None
            self._summaries[n] = found
            copies: dict[str, list[Match]] = {}
            for match in found or ():
                if match["id"] in self.contested:
                    copies.setdefault(match["id"], []).append(match)
            self._copies[n] = copies
        return self._summaries[n]

    def winner(self, match_id: str) -> tuple[int, Match] | None:
        """The copy of a contested id in history (file index, summary); None if none is."""
        if match_id not in self._won:
            per_file: list[tuple[Any, list[Match]]] = []
            for n in self.holders.get(match_id, ()):
                self.summaries(n)
                per_file.append(((n, self.file(n)), self._copies[n].get(match_id, [])))
            found = None
            for file, match in _winners(per_file, self.view.folded()):
                found = (file[0], match)
            self._won[match_id] = found
        return self._won[match_id]

    def first_seen(self, match_id: str, n: int, at: int) -> tuple[int, int]:
        """Where `winners` first met an id: (file index, position in that file's ids)."""
        if match_id not in self.contested:
            return n, at
        first = self.holders[match_id][0]
        return first, self.keys[first].ids.index(match_id)

    def in_history(self, n: int) -> list[Match]:
        """File n's matches that are in history, in the full merge's order."""
        matches = self.summaries(n) or []
        if not self._copies.get(n):
            return matches
        placed = []
        for at, match in enumerate(matches):
            match_id = match["id"]
            if match_id in self.contested:
                won = self.winner(match_id)
                if won is None or won[1] is not match:
                    continue
            placed.append((self.first_seen(match_id, n, at), match))
        placed.sort(key=lambda p: p[0])
        return [match for _, match in placed]

    def has_contested(self, n: int) -> bool:
        if not self.contested:
            return False
        return not self.contested.isdisjoint(self.keys[n].ids)

    def ids(self) -> dict[str, str]:
        """Every archived id in history -> its file's name."""
        found: dict[str, str] = {}
        for held in self.keys:
            found.update(dict.fromkeys(held.ids, held.name))
        for match_id in self.contested:
            won = self.winner(match_id)
            if won is None:
                found.pop(match_id, None)
            else:
                found[match_id] = self.keys[won[0]].name
        return found

    def unreadable(self) -> set[str]:
        """The ids of matches readers skip, but for those a record deletes."""
        return {
            bad["id"]
            for held in self.keys
            for bad in held.bad
            if isinstance(bad.get("id"), str) and bad["id"] not in self.dead_ids
        }

    def newest_first(self) -> Iterator[tuple[str, Match]]:
        """Every archived match in history, newest first (ties as the full merge's
        order leaves them), one month's files at a time."""
        from companion.store.index import _when

        month: list[tuple[tuple[int, int], str, Match]] = []
        current = None

        def flush() -> Iterator[tuple[str, Match]]:
            month.sort(key=lambda f: f[0])  # the full merge's order, then newest first
            month.sort(key=lambda f: _when(f[2]), reverse=True)
            for _, name, match in month:
                yield name, match
            month.clear()

        for n in reversed(range(len(self.keys))):
            held = self.keys[n]
            if not held.ids:
                continue
            if held.name[:7] != current:
                yield from flush()
                current = held.name[:7]
            month.extend(((n, at), held.name, m) for at, m in enumerate(self.in_history(n)))
        yield from flush()

    def players(self) -> Iterator[str]:
        """Every player spelling of the matches in history, oldest file first."""
        for n, held in enumerate(self.keys):
            if not self.has_contested(n):
                yield from held.players
                continue
            for match in self.in_history(n):
                yield from match.get("players") or ()


def _winners(per_file: list[tuple[Any, list[Match]]], folded: Any) -> Iterator[tuple[Any, Match]]:
    # `winners` wants ArchiveFiles; each is carried with its index to be found again.
    files = {id(file): (n, file) for (n, file), _ in per_file}
    for file, match in winners([(file, matches) for (_, file), matches in per_file], folded):
        yield files[id(file)], match
