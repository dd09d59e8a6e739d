"""Finding matches, live and archived, and filing a complete one."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from companion.engine.errors import StoreError, UnknownName
from companion.store.atomic import backup_path
from companion.store.clock import unfiled
from companion.store.ids import Match
from companion.store.validate import describe, match_problem


class Matches:
    """Finding matches of `Store`, live and archived, and filing a complete one."""

    def archive_match(self, match: Match) -> Match:
        """Store a complete match directly (manual records, imports)."""
        with self.change() as txn:
            return txn.archive(match)

    def archived(self) -> Iterator[Match]:
        """Every readable finished or abandoned match, oldest file first.

        A match that does not have a match's shape is skipped with a warning.
        """
        from companion.store.archive import _merged

        view = self.view()
        dead_ids = {match_id for match_id, _ in view.folded().dead}
        # Which file's copy of each match is the one in history (read from the summaries).
        chosen = {match["id"]: name for name, _, match in _merged(self, view)}
        for name, path in view.shards():
            try:
                tables = self.files.read_shard(path) or {}
            except StoreError as err:
                self.warn(self.unreadable_shard(name, err))
                continue
            for match in (tables.get("matches") or {}).values():
                problem = match_problem(match, shallow=True)
                if problem is None:
                    if chosen.get(match["id"]) == name:
                        yield unfiled(match)
                elif not (isinstance(match, dict) and _key(match.get("id")) in dead_ids):
                    self.warn(self.skipped(match, name, problem))
        yield from view.finishing

    def skipped(self, match: Any, shard: str, problem: tuple[str, str]) -> str:
        """The warning for a match that cannot be read, and how to get rid of it."""
        path = self.shard_path(shard)
        what = describe(match, str(path))
        match_id = match.get("id") if isinstance(match, dict) else None
        if what.startswith("match ") and isinstance(match_id, str) and match_id.strip():
            how = f"remove it with 'companion history delete {match_id} --yes'"
        else:
            how = f"fix it by hand in {path} or restore {backup_path(path)}"
        return f"skipped {what} in {path}: {problem[0]} {problem[1]} ({how})"

    def list_matches(self, game: str | None = None, player: str | None = None) -> list[Match]:
        """Live and archived matches, newest first."""
        live = self.view().live
        unique = {m["id"]: m for m in [*self.archived(), *live]}
        found = [
            dict(m)
            for m in unique.values()
            if (game is None or m["game"] == game)
            and (player is None or player.casefold() in {p.casefold() for p in m["players"]})
        ]
        return sorted(found, key=lambda m: m.get("created") or "", reverse=True)

    def get_match(self, typed_id: str) -> Match:
        """A live or archived match by id or unique id prefix."""
        return find_id(typed_id, self.list_matches())


def find_id(typed: str, matches: Iterable[Match]) -> Match:
    """The one match whose id is `typed` or starts with it (one rule for every reader)."""
    key = typed.strip().lower()
    hits = [m for m in matches if m["id"].startswith(key)] if key else []
    exact = [m for m in hits if m["id"] == key]
    if exact:
        return exact[0]
    if len(hits) == 1:
        return hits[0]
    if hits:
        ids = ", ".join(sorted(m["id"] for m in hits))
        raise UnknownName(f"match id '{typed}' is ambiguous: {ids}")
    raise UnknownName(f"no match '{typed}'", hint="see 'companion history list'")


def _key(value: Any) -> Any:
    """A match's id as a set key (an id of the wrong type is no id)."""
    return value if isinstance(value, str) else None
