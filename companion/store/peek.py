"""A quick look at a database for the shell's Tab: names and ids, read as plain JSON.

A shell runs the whole program on every Tab, so this reader imports no tinydb, takes no
lock and writes nothing: the main file and the archive's summaries (this machine's
`.index.<machine>/`, kept current by companion.store.archive) are read as JSON, and only
as far as needed (regular files only). Whatever it cannot read it treats as empty: a Tab
must never fail.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import cached_property, partial
from pathlib import Path
from typing import Any

# Only regular files, and never without a limit: a Tab must never block on a FIFO.
from companion.store.layout import LIVE
from companion.store.regular import read


class Peek:
    """The database file and its archive, read as JSON and only as far as needed."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @cached_property
    def main(self) -> dict[str, Any]:
        try:
            found = json.loads(read(self.path))
        except (OSError, ValueError, RecursionError):  # nested too deeply: not a database
            return {}
        return found if isinstance(found, dict) else {}

    def rows(self, table: str) -> list[dict[str, Any]]:
        rows = self.main.get(table)
        return [r for r in rows.values() if isinstance(r, dict)] if isinstance(rows, dict) else []

    def doc(self, table: str, key: str, default: Any = None) -> Any:
        for row in self.rows(table):
            if row.get("key") == key:
                return row.get("value")
        return default

    def docs(self, table: str) -> dict[str, Any]:
        return {row["key"]: row.get("value") for row in self.rows(table) if "key" in row}

    def live(self) -> list[dict[str, Any]]:
        return [m for m in self.rows(LIVE) if "finishing" not in m and "id" in m]

    @cached_property
    def records(self) -> list[dict[str, Any]]:
        """Every machine's records that Tab reads (aliases, deletions, revivals), each once,
        in the one order every machine folds them (companion.store.records.ordered)."""
        folder = self.path.with_name(self.path.stem + ".archive")
        rows: dict[str, dict[str, Any]] = {}
        try:
            files = [p for p in folder.iterdir() if p.name.startswith("records.")]
        except OSError:
            files = []
        for path in files:
            try:
                table = json.loads(read(path)).get("records") or {}
                rows.update({r["rid"]: r for r in table.values() if _readable(r)})
            except (OSError, ValueError, AttributeError, TypeError, KeyError, RecursionError):
                continue
        from companion.store.clock import order_key

        return sorted(rows.values(), key=order_key)

    def aliases(self) -> dict[str, str]:
        """Player aliases (casefolded spelling -> name): the main file's from before records,
        then every machine's alias records in their order (companion.store.records)."""
        found = {str(k).casefold(): v for k, v in self.docs("players").items()}
        for row in self.records:
            if row["type"] != "aliases":
                continue
            for key in row["unset"]:
                found.pop(str(key).casefold(), None)
            for key, value in row["set"].items():
                found[str(key).casefold()] = value
        return {k: v for k, v in found.items() if isinstance(v, str)}

    @cached_property
    def dead(self) -> set[tuple[str, str | None]]:
        """The finishings (id, finished) deleted by a record and not revived since: a
        deletion travels as a record while another machine's file still holds the match
        (companion.store.records.fold)."""
        found: set[tuple[str, str | None]] = set()
        for row in self.records:
            if row["type"] == "delete":
                found.add((row["id"], row.get("finished")))
            elif row["type"] == "revive":
                found.discard((row["id"], row.get("finished")))
        return found

    def alive(self, match: dict[str, Any]) -> bool:
        finished = match.get("finished")
        return (match.get("id"), finished if isinstance(finished, str) else None) not in self.dead

    def live_match(self, game: str) -> dict[str, Any] | None:
        return next((m for m in self.live() if m.get("game") == game), None)

    def shards(self) -> Iterator[list[dict[str, Any]]]:
        """The archived matches (without their events) of each archive file, newest first."""
        for _, summaries in self.shard_files():
            yield summaries()

    def shard_files(self) -> Iterator[tuple[str, Callable[[], list[dict[str, Any]]]]]:
        """Each archive file's name (`2026-11.<machine>.json`: its month first) and what
        reads its matches as `shards` gives them, newest first: a caller that stops at a
        name reads no further."""
        folder = self.path.with_name(self.path.stem + ".archive")
        try:
            shards = [p for p in folder.iterdir() if _is_shard(p.name)]
        except OSError:
            return
        from companion.store.machines import known_id

        machine = known_id()  # no id yet: nothing cached by this machine to read
        cache = folder / f".index.{machine}" if machine else None
        for shard in sorted(shards, reverse=True):
            yield shard.name, partial(_summaries, shard, cache)

    def spellings(self) -> Iterator[str]:
        """Every player name the live matches and the archive's matches seat, newest file
        first and in each file's order, as `matches` gives them (each match once, none a
        record deleted): from each file's keys (its names in the order first seen, a few kB
        a month) while they are current, else from its summaries (a month's are 700 kB).

        This machine's own files hold each match once (the store's keys readers take it
        so too: companion.store.index.simple), so their ids are compared only with the few
        a live match or a deletion names: a file whose keys hold one is read from its
        summaries. With another machine's files, or one from before machine ids, every
        file's ids are compared, as `matches` does."""
        from companion.store.machines import SHARD_FILE, known_id

        live = self.live()
        for match in live:
            yield from _names(match)
        files = list(self.shard_files())
        owners = {SHARD_FILE.fullmatch(name[:-5])["machine"] for name, _ in files}
        alone = owners == {known_id()}
        seen = {m["id"] for m in live}
        named = [*seen, *(match_id for match_id, _ in self.dead)]
        for _, summaries in files:
            held = _keys(*summaries.args, named if alone else None)
            if held is not None and not alone:
                ids = set(held[0])
                if len(ids) < len(held[0]) or not ids.isdisjoint(seen):
                    held = None  # a match twice, or live: its first copy's names count
                elif not ids.isdisjoint(named):
                    held = None  # a deleted one, unless revived for that finishing
                else:
                    seen |= ids
            if held is not None:
                yield from held[1]
                continue
            for match in summaries():
                if match.get("id") not in seen and self.alive(match):
                    seen.add(match.get("id"))
                    yield from _names(match)

    def matches(self, enough: int | None = None) -> Iterator[dict[str, Any]]:
        """Live matches, then archived ones, newest archive file first (and no further
        once `enough` have been given): each id once, none a record deleted."""
        live = self.live()
        yield from live
        seen, given = {m["id"] for m in live}, len(live)
        for shard in self.shards():
            if enough is not None and given >= enough:
                return
            for match in shard:
                if match.get("id") not in seen and self.alive(match):
                    seen.add(match.get("id"))
                    given += 1
                    yield match


def _readable(row: Any) -> bool:
    """A record Tab folds: well formed, as companion.store.records.problem asks."""
    if not (
        isinstance(row, dict)
        and isinstance(row.get("rid"), str)
        and isinstance(row.get("at"), str)
        and isinstance(row.get("machine"), str)
        and type(row.get("seq")) is int
        and type(row.get("tick", 0)) is int
        and row.get("tick", 0) >= 0
    ):
        return False
    kind = row.get("type")
    if kind == "aliases":
        return isinstance(row.get("set"), dict) and isinstance(row.get("unset"), list)
    if kind in ("delete", "revive"):
        finished = row.get("finished")
        return isinstance(row.get("id"), str) and (finished is None or isinstance(finished, str))
    return False


def _is_shard(name: str) -> bool:
    """An archive file (`2026-11.<machine>.json`, a further part of that month
    `2026-11.<machine>.2.json`, or `2026-11.json` from before machine ids)."""
    from companion.store.machines import SHARD_FILE

    return name.endswith(".json") and SHARD_FILE.fullmatch(name[:-5]) is not None


def _names(match: dict[str, Any]) -> list[str]:
    players = match.get("players")
    return [n for n in players if isinstance(n, str)] if isinstance(players, list) else []


def _keys(
    shard: Path, cache: Path | None, named: list[str] | None
) -> tuple[list[str], list[str]] | None:
    """A shard's (match ids, player names) from its keys in this machine's cache
    (companion.store.index, written with its summary), None unless current: they record
    the shard's inode, size and modification time as the summary does. Matches readers
    skip (its `bad`) are in neither, as in the summary.

    Given `named` (ids to look for), the ids are not decoded (a month of a big club's is
    a tenth of the keys' text and most of their reading): None when any of `named` is in
    the text, and no ids."""
    if cache is None:
        return None
    try:
        stat = shard.stat()
        raw = read(cache / (shard.name[:-5] + ".keys.json"))
        if named is None:
            body = json.loads(raw)
            source, ids, names = body["source"], body["ids"], body["players"]
        else:
            # Written by json.dumps with compact separators, "players" last: a name is a
            # JSON string, inside which `"players":` cannot stand unescaped.
            text = raw.decode()
            if not text.startswith('{"source":') or not text.endswith("]}"):
                return None
            source = _DECODER.raw_decode(text, 10)[0]
            at = text.rindex('"players":') + 10
            names, end = _DECODER.raw_decode(text, at)
            if end != len(text) - 1 or any(json.dumps(i) in text for i in named):
                return None
            ids = []
        if list(source[1:]) != [stat.st_ino, stat.st_size, stat.st_mtime_ns]:
            return None
        if not isinstance(ids, list) or not isinstance(names, list):
            return None
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    return ids, [n for n in names if isinstance(n, str)]


_DECODER = json.JSONDecoder()


def _summaries(shard: Path, cache: Path | None) -> list[dict[str, Any]]:
    """A shard's matches: from its summary in this machine's cache (`cache`) while that is
    current (it records the shard's inode, size and modification time last), else from the
    shard itself."""
    try:
        if cache is None:
            raise OSError
        stat = shard.stat()
        index = json.loads(read(cache / shard.name))
        source = index["source"]
        if list(source[1:]) == [stat.st_ino, stat.st_size, stat.st_mtime_ns]:
            return [m for m in index["matches"] if isinstance(m, dict)]
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        pass
    try:
        tables = json.loads(read(shard))
        return [m for m in tables["matches"].values() if isinstance(m, dict)]
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return []
