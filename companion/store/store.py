"""Matches as event logs, kept so that recording stays fast and nothing is lost.

Layout: the database file (`--db`) holds the live matches, series and the
table's catalogues — small, so rewriting it on every event is cheap. Finished
and abandoned matches move to monthly archive files in `<name>.archive/`
beside it, so the size of the archive never slows recording. Every
read-modify-write runs under one inter-process lock (`<file>.lock`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from filelock import FileLock, Timeout
from tinydb import Query, TinyDB
from tinydb.storages import MemoryStorage

from companion.engine.errors import NothingToUndo, RuleViolation, StoreError, UnknownName
from companion.store.atomic import AtomicJSONStorage, read_json, remove_stale_temps

LIVE = "live"
ID_ALPHABET = "bcdfghjkmnpqrstvwxz23456789"
ID_LENGTH = 6
LOCK_TIMEOUT_S = 30

Match = dict[str, Any]
T = TypeVar("T")


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def new_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


class _Buffered(MemoryStorage):
    """Holds one file's tables in memory for the length of a transaction."""

    def __init__(self, data: dict[str, Any] | None) -> None:
        super().__init__()
        self.memory = data
        self.dirty = False

    def write(self, data: dict[str, Any]) -> None:
        super().write(data)
        self.dirty = True


class Store:
    """The companion's database at `path` (created on first write)."""

    def __init__(self, path: Path | str, create_folder: bool = False) -> None:
        """`create_folder` is for the default location only: a folder the user
        named and that does not exist is a typo to report, not to create."""
        self.path = Path(path)
        self.archive_dir = self.path.with_name(self.path.stem + ".archive")
        self.create_folder = create_folder

    def check_folder(self) -> None:
        folder = self.path.parent
        if folder.is_dir():
            return
        if self.create_folder:
            try:
                folder.mkdir(parents=True, exist_ok=True)
                return
            except OSError as err:
                raise StoreError(f"cannot create {folder}: {err.strerror or err}") from None
        raise StoreError(f"cannot use {self.path}: folder {folder} does not exist")

    # --- transactions -----------------------------------------------------

    @contextmanager
    def _locked(self) -> Iterator[None]:
        self.check_folder()
        lock = FileLock(str(self.path) + ".lock", timeout=LOCK_TIMEOUT_S)
        try:
            lock.acquire()
        except PermissionError:
            raise StoreError(
                f"cannot write {self.path}: folder {self.path.parent} is read-only"
            ) from None
        except Timeout:
            raise StoreError(f"{self.path} is locked by another companion") from None
        try:
            remove_stale_temps(self.path.parent)
            if self.archive_dir.is_dir():
                remove_stale_temps(self.archive_dir)
            yield
        finally:
            lock.release()

    @contextmanager
    def _file(self, path: Path) -> Iterator[TinyDB]:
        """TinyDB over one file; written once, at the end, if anything changed."""
        storage = AtomicJSONStorage(path)
        db = TinyDB(storage.read(), storage=_Buffered)
        yield db
        buffered: _Buffered = db.storage  # type: ignore[assignment]
        if buffered.dirty:
            if path.parent != self.path.parent:
                path.parent.mkdir(exist_ok=True)
            storage.write(buffered.memory or {})

    @contextmanager
    def transaction(self) -> Iterator[TinyDB]:
        """Lock, read the main file, yield it, write it if changed.

        An exception inside the block writes nothing.
        """
        with self._locked(), self._file(self.path) as db:
            self._settle(db)
            yield db

    def _settle(self, db: TinyDB) -> None:
        """Complete any finish that a crash interrupted (see finish_match)."""
        live = db.table(LIVE)
        for doc in live.search(Query().finishing.exists()):
            match = doc["finishing"]
            with self._file(self._shard(match["finished"])) as archive:
                matches = archive.table("matches")
                if not matches.contains(Query().id == match["id"]):
                    matches.insert(match)
            live.remove(doc_ids=[doc.doc_id])

    def snapshot(self) -> TinyDB:
        """A read-only view of the main file (no lock: files are replaced whole)."""
        if not self.create_folder:
            self.check_folder()
        return TinyDB(read_json(self.path), storage=_Buffered)

    # --- matches ----------------------------------------------------------

    def start_match(
        self,
        game: str,
        players: list[str],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        events: list[dict[str, Any]] | None = None,
    ) -> Match:
        """Create a live match; it becomes the game's current match."""
        from companion.engine.rng import fresh_seed

        with self.transaction() as db:
            live = db.table(LIVE)
            current = live.get(_live(game))
            if current is not None:
                raise RuleViolation(
                    f"a {game} match is already live (id {current['id']})",
                    hint=f"finish it with '{end_command(game)}' or abandon it first",
                )
            match: Match = {
                "id": self._unused_id(live),
                "game": game,
                "players": list(players),
                "options": dict(options or {}),
                "seed": fresh_seed() if seed is None else seed,
                "status": "live",
                "created": now(),
                "updated": now(),
                "events": [stamp_event(e) for e in events or []],
                "result": None,
            }
            live.insert(match)
            return match

    def _unused_id(self, live: Any) -> str:
        while True:
            candidate = new_id()
            if not live.contains(Query().id == candidate):
                return candidate

    def current_match(self, game: str) -> Match:
        match = self.snapshot().table(LIVE).get(_live(game))
        if match is None:
            raise no_live_match(game)
        return dict(match)

    def live_match(self, game: str) -> Match | None:
        found = self.snapshot().table(LIVE).get(_live(game))
        return dict(found) if found is not None else None

    def update_live(
        self, game: str, change: Callable[[Match], list[dict[str, Any]]]
    ) -> tuple[Match, list[dict[str, Any]]]:
        """Append the events `change(match)` returns to the game's live match.

        `change` runs under the lock on the freshest copy of the match; it
        validates (raising a CompanionError writes nothing) and returns the
        events to append as `{"type": ..., "data": {...}}`.
        """

        def counted(match: Match) -> tuple[list[dict[str, Any]], int]:
            events = change(match)
            return events, len(events)

        match, count = self.change_live(game, counted)
        return match, match["events"][len(match["events"]) - count :]

    def change_live(
        self, game: str, change: Callable[[Match], tuple[list[dict[str, Any]], T]]
    ) -> tuple[Match, T]:
        """Like `update_live`, for a `change` that also returns a value: (events, value).

        Returns the match with the new events appended and the value, both
        decided inside the one locked transaction.
        """
        with self.transaction() as db:
            live = db.table(LIVE)
            doc = live.get(_live(game))
            if doc is None:
                raise no_live_match(game)
            match = dict(doc)
            events, value = change(match)
            new_events = [stamp_event(e) for e in events]
            match["events"] = [*match["events"], *new_events]
            match["updated"] = now()
            live.update(
                {"events": match["events"], "updated": match["updated"]}, doc_ids=[doc.doc_id]
            )
            return match, value

    def append_event(self, game: str, event_type: str, data: dict[str, Any]) -> Match:
        match, _ = self.update_live(game, lambda m: [{"type": event_type, "data": data}])
        return match

    def undo_event(
        self, game: str, check: Callable[[Match], None] | None = None
    ) -> tuple[Match, dict[str, Any]]:
        """Drop the last event of the game's live match.

        `check(match)` runs under the lock first and may refuse (raise).
        """
        match, removed = self.undo_events(game, 1, check)
        return match, removed[-1]

    def undo_events(
        self, game: str, count: int, check: Callable[[Match], None] | None = None
    ) -> tuple[Match, list[dict[str, Any]]]:
        """Drop the last `count` events of the game's live match in one transaction."""
        with self.transaction() as db:
            live = db.table(LIVE)
            doc = live.get(_live(game))
            if doc is None:
                raise no_live_match(game)
            events = list(doc["events"])
            if len(events) < count or not events:
                raise NothingToUndo(f"nothing to undo in {game} match {doc['id']}")
            if check is not None:
                check(dict(doc))
            kept, removed = events[: len(events) - count], events[len(events) - count :]
            live.update({"events": kept, "updated": now()}, doc_ids=[doc.doc_id])
            return {**doc, "events": kept}, removed

    def set_options(self, game: str, options: dict[str, Any]) -> Match:
        with self.transaction() as db:
            live = db.table(LIVE)
            doc = live.get(_live(game))
            if doc is None:
                raise no_live_match(game)
            merged = {**doc["options"], **options}
            live.update({"options": merged}, doc_ids=[doc.doc_id])
            return {**doc, "options": merged}

    def finish_match(
        self,
        game: str,
        result: dict[str, Any] | Callable[[Match], dict[str, Any]],
        status: str = "finished",
        expected_events: int | None = None,
    ) -> Match:
        """Move the game's live match to the archive with its result.

        `result` may be a function of the match: it then runs under the lock on
        the freshest copy, so the result (and any refusal) can miss no move.

        `expected_events`: the number of events the result was computed from;
        if another process recorded something since, nothing is written and
        the command is refused, so a result never misses a recorded move.
        """
        # Two files change, so in two steps that a crash can interrupt safely:
        # first the live document records what it will become ("finishing"),
        # then _settle copies it to the archive (idempotently) and drops it.
        with self._locked():
            with self._file(self.path) as db:
                live = db.table(LIVE)
                doc = live.get(_live(game))
                if doc is None:
                    raise no_live_match(game)
                if expected_events is not None and len(doc["events"]) != expected_events:
                    raise RuleViolation(
                        f"{game} match {doc['id']} changed while it was being ended",
                        hint="run the command again",
                    )
                if callable(result):
                    result = result(dict(doc))
                stamp = now()
                match = {
                    **doc,
                    "status": status,
                    "result": result,
                    "finished": stamp,
                    "updated": stamp,
                }
                live.update({"finishing": match}, doc_ids=[doc.doc_id])
            with self._file(self.path) as db:
                self._settle(db)
        return match

    def abandon_match(self, game: str) -> Match:
        return self.finish_match(game, result={}, status="abandoned")

    def archive_match(self, match: Match) -> Match:
        """Store a complete match directly (manual records, imports)."""
        with self._locked():
            stamped = {"updated": now(), **match}
            stamped.setdefault("finished", now())
            with self._file(self._shard(stamped["finished"])) as archive:
                archive.table("matches").insert(stamped)
        return stamped

    def _shard(self, when: str) -> Path:
        return self.archive_dir / f"{when[:7]}.json"

    def archived(self) -> Iterator[Match]:
        """Every finished or abandoned match, oldest shard first."""
        if not self.archive_dir.is_dir():
            return
        for shard in sorted(self.archive_dir.glob("*.json")):
            tables = read_json(shard) or {}
            yield from tables.get("matches", {}).values()

    def list_matches(self, game: str | None = None, player: str | None = None) -> list[Match]:
        """Live and archived matches, newest first."""
        live = [m.get("finishing", m) for m in self.snapshot().table(LIVE).all()]
        unique = {m["id"]: m for m in [*live, *self.archived()]}  # the archived copy wins
        found = [
            dict(m)
            for m in unique.values()
            if (game is None or m["game"] == game)
            and (player is None or player.casefold() in {p.casefold() for p in m["players"]})
        ]
        return sorted(found, key=lambda m: m.get("created", ""), reverse=True)

    def get_match(self, typed_id: str) -> Match:
        """A live or archived match by id or unique id prefix."""
        key = typed_id.strip().lower()
        hits = [m for m in self.list_matches() if m["id"].startswith(key)] if key else []
        exact = [m for m in hits if m["id"] == key]
        if exact:
            return exact[0]
        if len(hits) == 1:
            return hits[0]
        if hits:
            raise UnknownName(
                f"match id '{typed_id}' is ambiguous: {', '.join(m['id'] for m in hits)}"
            )
        raise UnknownName(f"no match '{typed_id}'", hint="see 'companion history list'")

    # --- documents: series, catalogues, configuration ---------------------

    def get_doc(self, table: str, key: str, default: Any = None) -> Any:
        found = self.snapshot().table(table).get(Query().key == key)
        return found["value"] if found is not None else default

    def put_doc(self, table: str, key: str, value: Any) -> None:
        with self.transaction() as db:
            db.table(table).upsert({"key": key, "value": value}, Query().key == key)

    def delete_doc(self, table: str, key: str) -> bool:
        with self.transaction() as db:
            return bool(db.table(table).remove(Query().key == key))

    def all_docs(self, table: str) -> dict[str, Any]:
        return {d["key"]: d["value"] for d in self.snapshot().table(table).all()}

    def update_doc(self, table: str, key: str, change: Callable[[Any], Any]) -> Any:
        """Read-modify-write one document under the lock; `change` may raise."""
        with self.transaction() as db:
            tbl = db.table(table)
            found = tbl.get(Query().key == key)
            value = change(found["value"] if found is not None else None)
            tbl.upsert({"key": key, "value": value}, Query().key == key)
            return value


# How each game's live match is started, for the hint when there is none.
START_COMMANDS = {
    "hoopers": "companion hoopers match start",
    "allstar": "companion allstar season start",
    "playlist": "companion playlist game start",
    "playlist-solo": "companion playlist solo deal",
    "otdraft": "companion otdraft game start",
}


def no_live_match(game: str) -> RuleViolation:
    start = START_COMMANDS.get(game)
    return RuleViolation(
        f"no live {game} match", hint=f"start one with '{start}'" if start else None
    )


def end_command(game: str) -> str:
    start = START_COMMANDS.get(game, f"companion {game} start")
    return start.rsplit(" ", 1)[0] + " end"


def _live(game: str) -> Any:
    """The query for a game's live match (one being finished no longer counts)."""
    return (Query().game == game) & ~Query().finishing.exists()


def stamp_event(event: dict[str, Any]) -> dict[str, Any]:
    return {"type": event["type"], "data": event.get("data", {}), "at": event.get("at") or now()}
