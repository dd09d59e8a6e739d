"""Live matches: starting, waiting, recording and undoing events, finishing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from companion.engine.errors import AlreadyLive, NoLiveMatch, NothingToUndo, RuleViolation
from companion.store import ids as store_ids  # new_id patched there by tests
from companion.store.change import Change, Test, keyed
from companion.store.ids import Match, now
from companion.store.kept import entry
from companion.store.layout import LIVE, SEATS, SHOWN, WAITING
from companion.store.order import note_recorded
from companion.store.seats import close_seats, drop_closed_seats
from companion.store.validate import shard_name

T = TypeVar("T")
# What a layer above keeps beside a live match, made from the match as written (None: keep
# nothing): companion.store.kept. A write that takes `keep` stores the value in the same
# transaction as the match, so it is never a change behind nor a change ahead of it.
Keep = Callable[[Match], Any]


class LiveMatches:
    """The live matches of `Store`: start, wait and resume, record and undo events, finish."""

    def start_match(
        self,
        game: str,
        players: list[str],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        events: list[dict[str, Any]] | None = None,
        can_wait: Callable[[Match], bool] | None = None,
        keep: Keep | None = None,
    ) -> Match:
        """Create a live match; it becomes the game's current match.

        A current match for which `can_wait(match)` holds (the table's say: a game that
        belongs to something bigger, like a Series) waits beside the new one instead of
        refusing it: it stays live, is no longer current, and becomes current again when
        the new one is ended or abandoned (or at once with `resume_match`). One match of a
        game waits at a time.
        """
        from companion.engine.rng import fresh_seed

        with self.change() as txn:
            db = txn.db
            live = db.table(LIVE)
            current = live.get(_live(game))
            waiting = live.get(_waiting(game))
            if current is not None and (
                waiting is not None or can_wait is None or not can_wait(dict(current))
            ):
                raise AlreadyLive(game, current["id"])
            if current is not None:
                live.update({WAITING: True}, doc_ids=[current.doc_id])
            match: Match = {
                "id": self._unused_id(live),
                "game": game,
                "players": list(players),
                "options": dict(options or {}),
                "seed": fresh_seed() if seed is None else seed,
                "status": "live",
                "created": self.now(),
                "updated": self.now(),
                "events": [stamp_event(e, self.now) for e in events or []],
                "result": None,
            }
            live.insert(match)
            _keep(txn, match, keep)
            db.table(SEATS).insert({"key": match["id"], "value": new_seats(match["players"])})
            drop_closed_seats(db, game)  # the last game's phones give way to this one's
            return match

    def _unused_id(self, live: Any) -> str:
        from tinydb import Query

        while True:
            candidate = store_ids.new_id()
            if not live.contains(Query().id == candidate):
                return candidate

    def waiting_match(self, game: str) -> Match | None:
        """The game's live match that waits while another is played (None: none waits)."""
        found = self.snapshot().table(LIVE).get(_waiting(game))
        return dict(found) if found is not None else None

    def resume_match(self, game: str, match_id: str | None = None) -> Match:
        """Make the waiting match (`match_id`: that one) current again; the current one, if
        any, waits in its place. Returns the resumed match."""
        with self.transaction() as db:
            live = db.table(LIVE)
            waiting = live.get(_waiting(game))
            if waiting is None or (match_id is not None and waiting["id"] != match_id):
                current = live.get(_live(game))
                if current is not None and match_id in (None, current["id"]):
                    return dict(current)  # already the current one
                raise RuleViolation(
                    f"no {game} match {match_id + ' ' if match_id else ''}is waiting"
                )
            current = live.get(_live(game))
            if current is not None:
                live.update({WAITING: True}, doc_ids=[current.doc_id])
            live.update(_unwait, doc_ids=[waiting.doc_id])
            return {k: v for k, v in waiting.items() if k != WAITING}

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
        self,
        game: str,
        change: Callable[[Match], tuple[list[dict[str, Any]], T]],
        keep: Callable[[Match, T], Any] | None = None,
        files: Callable[[Match, T], dict[str, Any] | None] | None = None,
    ) -> tuple[Match, T]:
        """Like `update_live`, for a `change` that also returns a value: (events, value).

        Returns the match with the new events appended and the value, both
        decided inside the one locked transaction. `keep(match, value)`: what to keep
        beside the match as written (see `Keep`). `files(match, value)`: the result when
        the new events complete the game by themselves (the last total typed), filed in
        the same transaction (the match returned is then the finished one); None: it goes on.
        """
        return self.change_live_with(game, lambda match, _txn: change(match), keep, files)

    def change_live_with(
        self,
        game: str,
        change: Callable[[Match, Change], tuple[list[dict[str, Any]], T]],
        keep: Callable[[Match, T], Any] | None = None,
        files: Callable[[Match, T], dict[str, Any] | None] | None = None,
    ) -> tuple[Match, T]:
        """Like `change_live`, where `change` also reads and writes documents in the same
        transaction (`txn.get_doc` / `txn.put_doc`): one move, one unit of work."""
        with self.change() as txn:
            found = txn.row(LIVE, _live(game))
            if found is None:
                raise no_live_match(game)
            doc_id, match = found[0], dict(found[1])
            events, value = change(match, txn)
            new_events = [stamp_event(e, self.now) for e in events]
            match["events"] = [*match["events"], *new_events]
            match["updated"] = self.now()
            result = None if files is None else files(match, value)
            if result is not None:
                return self._file(txn, game, match, doc_id, result, "finished"), value
            txn.update_row(LIVE, doc_id, {"events": match["events"], "updated": match["updated"]})
            _keep(txn, match, None if keep is None else lambda written: keep(written, value))
            return match, value

    def undo_events(
        self,
        game: str,
        count: int,
        check: Callable[[Match], None] | None = None,
        keep: Keep | None = None,
    ) -> tuple[Match, list[dict[str, Any]]]:
        """Drop the last `count` events of the game's live match in one transaction."""
        with self.change() as txn:
            found = txn.row(LIVE, _live(game))
            if found is None:
                raise no_live_match(game)
            doc_id, doc = found
            events = list(doc["events"])
            if len(events) < count or not events:
                raise NothingToUndo(f"nothing to undo in {game} match {doc['id']}")
            if check is not None:
                check(dict(doc))
            kept, removed = events[: len(events) - count], events[len(events) - count :]
            match = {**doc, "events": kept, "updated": now()}
            txn.update_row(LIVE, doc_id, {"events": kept, "updated": match["updated"]})
            _keep(txn, match, keep)
            return match, removed

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

        Two files change, in one transaction (see the module's docstring): the
        match is live or archived, never both and never neither.
        """
        with self.change() as txn:
            live = txn.db.table(LIVE)
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
            return self._file(txn, game, dict(doc), doc.doc_id, result, status)

    def _file(
        self, txn: Change, game: str, doc: Match, doc_id: int, result: dict[str, Any], status: str
    ) -> Match:
        """Move live `doc` (row `doc_id`) to the archive with `result`, inside `txn`."""
        live = txn.db.table(LIVE)
        stamp = self.now()
        from companion.engine.played import match_stamps, minutes_played

        # Kept with the options, as a logged game's typed minutes are: history reads
        # matches without their events.
        options = {**(doc.get("options") or {})}
        options["minutes"] = minutes_played(match_stamps(doc, stamp))
        match = {
            **doc,
            "options": options,
            "status": status,
            "result": result,
            "finished": stamp,
            "updated": stamp,
        }
        txn.put(shard_name(stamp), match)
        live.remove(doc_ids=[doc_id])
        close_seats(txn.db, doc, status)  # its phones say how it ended, from this same write
        for kept in (SHOWN, SEATS):  # its kept status and its seats go with it
            if kept in txn.db.tables():
                txn.db.table(kept).remove(keyed(doc["id"]))
        waiting = live.get(_waiting(game))
        if waiting is not None:  # the match that waited for this one is current again
            live.update(_unwait, doc_ids=[waiting.doc_id])
        note_recorded(txn.db, [match["id"]])
        return match

    def abandon_match(self, game: str) -> Match:
        return self.finish_match(game, result={}, status="abandoned")


def _keep(txn: Change, match: Match, keep: Keep | None) -> None:
    """Keep `keep(match)` beside the live match just written (see `Keep`), or drop what was
    kept for it; what is kept for a match no longer live goes too."""
    value = keep(match) if keep is not None else None
    if value is None and SHOWN not in txn.tables():
        return  # nothing kept, nothing to drop: the file keeps no table for it
    if value is None:
        txn.remove_rows(SHOWN, [i for i, row in txn.rows(SHOWN) if keyed(match["id"])(row)])
    else:
        txn.upsert_row(SHOWN, entry(match, value), keyed(match["id"]))
    live_ids = {m.get("id") for _, m in txn.rows(LIVE)}
    gone = [i for i, row in txn.rows(SHOWN) if row.get("key") not in live_ids]
    if gone:
        txn.remove_rows(SHOWN, gone)


def rename_live(db: Any, rename: Callable[[str], str | None]) -> list[str]:
    """Each live match (a waiting one too) with the players `rename` renames (a name as the
    match holds it -> the new one, None: unchanged) spelled anew in its players, options,
    events and seats, inside the caller's transaction; what was kept beside it is dropped
    (made again from the match). The ids of the matches changed.

    A live match is a fold over its events, which name the players as typed: respelled in
    the events too, the fold gives the new name everywhere it is shown (the status, the
    room's board, a seat) and the result it files names them so."""
    from companion.engine.names import renamed

    live, changed = db.table(LIVE), []
    for doc in live.all():
        if "finishing" in doc:
            continue
        players = [p for p in doc.get("players", []) if isinstance(p, str)]
        names = {p: new for p in players if (new := rename(p)) is not None and new != p}
        if not names:
            continue
        events = [
            {k: (v if k in ("type", "at") else renamed(v, names)) for k, v in e.items()}
            if isinstance(e, dict)
            else e
            for e in doc.get("events", [])
        ]
        fields = {k: renamed(doc[k], names) for k in ("players", "options") if k in doc}
        live.update({**fields, "events": events}, doc_ids=[doc.doc_id])
        changed.append(doc["id"])
    for kept in (SHOWN, SEATS):
        if changed and kept in db.tables():
            table = db.table(kept)
            for row in table.all():
                if row.get("key") not in changed:
                    continue
                if kept == SHOWN:
                    table.remove(doc_ids=[row.doc_id])
                else:
                    seats = {rename(p) or p: t for p, t in (row.get("value") or {}).items()}
                    table.update({"value": seats}, doc_ids=[row.doc_id])
    return changed


def new_seats(players: list[str]) -> dict[str, str]:
    """A seat per player: an unguessable token (128 bits), new for each game. A token is the
    seat's whole key: whoever holds its link makes that player's moves."""
    import secrets

    return {player: secrets.token_urlsafe(16) for player in players}


def no_live_match(game: str) -> NoLiveMatch:
    # No hint here: the commands to type are the tables layer's (tables.base.hinted).
    return NoLiveMatch(game)


def _live(game: str) -> Test:
    """The test of a game's current live match (one being finished no longer counts, nor
    one that waits while another is played): TinyDB's `(Query().game == game) &
    ~Query().finishing.exists() & ~Query().waiting.exists()`."""
    return lambda doc: _of(doc, game) and WAITING not in doc


def _waiting(game: str) -> Test:
    return lambda doc: _of(doc, game) and WAITING in doc


def _of(doc: dict[str, Any], game: str) -> bool:
    return "game" in doc and doc["game"] == game and "finishing" not in doc


def _unwait(doc: dict[str, Any]) -> None:
    doc.pop(WAITING, None)


def stamp_event(event: dict[str, Any], clock: Callable[[], str] = now) -> dict[str, Any]:
    return {"type": event["type"], "data": event.get("data", {}), "at": event.get("at") or clock()}
