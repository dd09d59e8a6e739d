"""Every operation that touches more than one file, on a small known database.

Shared by the failpoint tests (`tests/store/test_failpoints.py`, forked
children) and the torture script (`tests/benchmarks/torture_failpoints.py`,
real processes):

    python tests/store/ops.py DB OP     run one operation; exit 0, 2 (refused) or 137 (failpoint)

`build(folder)` makes the database every run starts from; `state(db)` is what
a user can see (matches with status, events and result; aliases), read the
way the next command would read it; `duplicates(db)` counts match ids held in
more than one place on disk.
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.store import Store  # noqa: E402

LIVE_GAME = "table"  # a roll-off: everyone has rolled, so it can be ended or abandoned


def archived(match_id: str, day: str, players: list[str], scores: list[int]) -> dict[str, Any]:
    return {
        "id": match_id,
        "game": "otdraft",
        "players": players,
        "options": {},
        "seed": 7,
        "status": "finished",
        "created": f"{day}T19:00:00+00:00",
        "updated": f"{day}T21:00:00+00:00",
        "finished": f"{day}T21:00:00+00:00",
        "events": [{"type": "pick", "data": {"n": 1}, "at": f"{day}T19:05:00+00:00"}],
        "result": {
            "scores": dict(zip(players, scores, strict=True)),
            "winner": players[scores.index(max(scores))],
        },
    }


BASE = [
    archived("aaa111", "2025-12-05", ["Ana", "Ben"], [5, 3]),
    archived("aaa222", "2025-12-20", ["Ana", "Bobby"], [2, 4]),
    archived("bbb111", "2026-01-10", ["Robert", "Cy"], [6, 1]),
    archived("bbb222", "2026-01-25", ["Ben", "Cy"], [3, 7]),
]
IMPORTED = [
    archived("ccc111", "2025-12-28", ["Dee", "Eli"], [1, 2]),
    archived("ccc222", "2026-01-02", ["Dee", "Ana"], [4, 2]),
    archived("ccc333", "2026-02-01", ["Eli", "Fay"], [5, 5]),
    archived("ccc444", "2026-02-14", ["Fay", "Dee"], [9, 1]),
    archived("ccc555", "2026-02-28", ["Gus", "Eli"], [3, 8]),
    BASE[0],  # already here: skipped
]
RECORD = archived("ddd111", "2026-03-03", ["Hal", "Ivy"], [70, 61])


def build(folder: Path) -> Path:
    """The starting database: four archived matches over two months, one live roll-off."""
    from companion.store.archive import archive_many
    from companion.tables.rolloff import RollOffTable

    db = folder / "db.json"
    store = Store(db)
    archive_many(store, BASE)
    from companion.history.book import rename_player, take_backup

    rename_player(store, "Cy", "Cyrus")
    take_backup(store, folder / "backup.json")  # what `restore` puts back
    table = RollOffTable(store)
    table.start(["Ana", "Ben"], seed=3)
    table.roll("Ana", 12)
    table.roll("Ben", 17)
    # A Series at 2-0 (games typed in by hand): recording, undoing or abandoning it
    # changes the series document and history records together.
    from companion.games.hoopers.series_table import SeriesTable

    series = SeriesTable(store)
    series.start(("Keepers", "Unleashed"), home="Keepers", seed=5)
    series.record("78-75")
    series.record("70-60")
    export = folder / "import.json"
    export.write_text(
        json.dumps(
            {
                "format": "companion-history",
                "version": 1,
                "exported": "2026-03-01T00:00:00+00:00",
                "matches": IMPORTED,
                "players": {"Cyrus": "Cy"},
            }
        )
    )
    return db


def _cli(db: Path, *args: str) -> int:
    from companion.cli.main import app

    try:
        app(args=["--db", str(db), *args], prog_name="companion")
    except SystemExit as done:
        return int(done.code or 0)
    return 0


def run(db: Path, op: str) -> int:
    """Run one operation; its exit status (0 done, 2 refused)."""
    from companion.engine.errors import CompanionError
    from companion.tables.rolloff import RollOffTable

    folder = db.parent
    try:
        if op == "finish":
            RollOffTable(Store(db)).end()
        elif op.startswith(BEHIND):  # (on a database `reopened` made)
            from companion.store import clock

            back = timedelta(seconds=int(op[len(BEHIND) :]))
            held, clock.wall = clock.wall, lambda: (FIRST - back).isoformat()
            try:  # put back: some ops run in the test's process
                RollOffTable(Store(db)).end()
            finally:
                clock.wall = held
        elif op == "abandon":
            RollOffTable(Store(db)).abandon()
        elif op == "record":
            Store(db).archive_match(RECORD)
        elif op == "undo":
            return _cli(db, "history", "undo", "--yes")
        elif op == "delete":
            return _cli(db, "history", "delete", "bbb111", "--yes")
        elif op == "import":
            return _cli(db, "history", "import", str(folder / "import.json"))
        elif op == "import-part":  # every month with a file is full: filed in a new part
            from companion.store import archive

            full, archive.PART = archive.PART, 1  # put back: some ops run in the test's process
            try:
                return _cli(db, "history", "import", str(folder / "import.json"))
            finally:
                archive.PART = full
        elif op == "rename":
            return _cli(db, "players", "rename", "Ana", "Anna")
        elif op == "merge":
            return _cli(db, "players", "merge", "Bobby", "Robert")
        elif op == "series-record":
            return _cli(db, "hoopers", "series", "record", "--score", "80-70")
        elif op == "series-undo":
            return _cli(db, "hoopers", "series", "undo")
        elif op == "series-abandon":
            return _cli(db, "hoopers", "series", "abandon")
        elif op == "series-start":  # (on a database whose Series is over: `series_over`)
            args = ("--tribes", "Keepers,Unleashed", "--home", "Keepers", "--seed", "7")
            return _cli(db, "hoopers", "series", "start", *args)
        elif op == "log":  # the catalogue read and the id picked inside the transaction
            return _cli(db, "log", "playlist", "Hal=12", "Ivy=9", "--when", "2026-03-03")
        elif op == "restore":
            return _cli(db, "restore", str(folder / "backup.json"), "--yes")
        else:
            raise SystemExit(f"unknown operation {op}")
    except CompanionError as err:
        sys.stderr.write(f"error: {err.line()}\n")
        return 2
    return 0


OPERATIONS = (
    *("finish", "abandon", "undo", "delete", "import", "import-part", "record", "rename"),
    "merge",
    *("series-record", "series-undo", "series-abandon", "restore", "log"),
)


# Ending a match again with the clock stepped back (5 s, an hour, a day) behind the first
# ending, on a database `reopened` made: `finish-behind-SECONDS`.
BEHIND = "finish-behind-"
STEPS = (5, 3600, 86400)
FIRST = datetime(2026, 2, 10, 20, 0, tzinfo=UTC)  # when the roll-off was first ended
CONFLICT = "2026-02.here.sync-conflict-20260210-200000-ABCDEF7.json"


def reopened(db: Path) -> str:
    """The roll-off ended at FIRST, taken back with `history undo` and corrected (Ben's
    17 rolled again as 3); a sync engine's conflict copy of the month holds the first
    ending. Its id."""
    from companion.store import clock
    from companion.tables.rolloff import RollOffTable

    held, clock.wall = clock.wall, lambda: FIRST.isoformat()
    try:
        from companion.store.archive import take_back

        ended = RollOffTable(Store(db)).end()
        archive = db.with_name(db.stem + ".archive")
        first = (archive / "2026-02.here.json").read_bytes()
        # What `history undo` does to a tracked game's match (the roll-off is no game's).
        take_back(
            Store(db), lambda _, found: ("reopen", *[m for m in found if m["id"] == ended.id])
        )
        table = RollOffTable(Store(db))
        table.undo()
        table.roll("Ben", 3)
        (archive / CONFLICT).write_bytes(first)
        return table.current()["id"]
    finally:
        clock.wall = held


def unmarked(db: Path) -> None:
    """This machine's files as a companion from before the format markers left them (its
    next write into the archive marks its records file, in the same transaction)."""
    for path in [db, *db.with_name(db.stem + ".archive").glob("*.json")]:
        body = json.loads(path.read_text())
        path.write_text(json.dumps({**body, "_meta": {"1": {"schema": 1}}}))


def newer(db: Path) -> None:
    """Another machine writes the folder in a format newer than this companion's."""
    from companion.store.formats import FORMAT

    marker = {"schema": 1, "format": FORMAT + 1, "release": "9.0"}
    path = db.with_name(db.stem + ".archive") / "records.future.json"
    path.write_text(json.dumps({"records": {}, "_meta": {"1": marker}}))


def series_over(db: Path) -> None:
    """The Series abandoned, so that another can start (`series-start`)."""
    assert run(db, "series-abandon") == 0


def make_legacy(db: Path) -> None:
    """Turn the database into one an older companion left, and add conflict copies: the
    archive files without a machine in their names, the aliases in the main file, and
    copies a sync engine set aside of this machine's records and of a month of its own
    (holding a match found nowhere else). The next write settles them all."""
    archive = db.with_name(db.stem + ".archive")
    records = archive / "records.here.json"
    copy = json.loads(records.read_text())
    (archive / "records.here.sync-conflict-20261201-101010-ABCDEF7.json").write_text(
        json.dumps(copy)
    )
    records.unlink()
    main = json.loads(db.read_text())
    main["players"] = {"1": {"key": "Cy", "value": "Cyrus"}}
    main["_shards"]["1"]["counts"] = {}
    db.write_text(json.dumps(main))
    for shard in sorted(archive.glob("*.here.json")):
        shard.rename(shard.with_name(shard.name.replace(".here", "")))
    extra = archived("eee111", "2025-12-30", ["Ana", "Zed"], [1, 9])
    (archive / "2025-12.here (Ben's conflicted copy 2026-12-01).json").write_text(
        json.dumps({"matches": {"1": extra}, "_meta": {"1": {"schema": 1}}})
    )


def state(db: Path) -> dict[str, Any]:
    """What the user sees: every match (id, status, events, result) and the aliases."""
    from companion.history.book import side_tables

    store = Store(db, warn=lambda message: None)
    matches = sorted(
        (_stable_id(m), m["status"], len(m.get("events") or []), json.dumps(m.get("result")))
        for m in store.list_matches()
    )
    series = {k: v for k, v in store.all_docs("series").items() if isinstance(v, dict)}
    current = store.get_doc("series", "current")
    return {
        "matches": matches,
        "aliases": side_tables(store)[0],
        # A new Series gets a fresh random id each run: known by what it holds.
        "series": sorted(
            (v.get("status"), len(v.get("games") or []), v.get("seed")) for v in series.values()
        ),
        # What `series status` shows: the current Series (None: a flag naming no Series).
        "current series": series[current].get("seed") if current in series else current,
        "stats summed as counted": _summed_as_counted(store),
        "seats": _seats_say(store),
    }


def _seats_say(store: Store) -> list[tuple[str, ...]]:
    """What each kept seat's phone is told (live, or how its game ended): the roll-off's
    seats are live before it is filed and say so after it, from the same write."""
    from companion.store.layout import CLOSED_SEATS, SEATS
    from companion.tables.seats import SeatClosed, SeatGone, find_seat

    snapshot = store.snapshot()
    tokens = [t for row in snapshot.table(SEATS).all() for t in row["value"].values()]
    for row in snapshot.table(CLOSED_SEATS).all():
        tokens += row["value"]["seats"].values()
    said: list[tuple[str, ...]] = []
    for token in tokens:
        try:
            said.append(("live", find_seat(store, token).player))
        except SeatClosed as closed:
            said.append((closed.status, closed.seat.player))
        except SeatGone:
            said.append(("gone",))
    return sorted(said)


def _summed_as_counted(store: Store) -> bool:
    """Whether `history stats` summed from the archive files' partials is what counting
    every match gives (a crash may leave a partial stale: it must be made again, never
    used). Only this is kept: the figures themselves hold times (a match finished now)."""
    from companion.history.book import history, quick_stats
    from companion.history.queries import Filter, select
    from companion.history.stats import stats

    summed = quick_stats(store, Filter())
    counted = stats(select(history(store)[1], Filter()))
    assert summed is None or summed == counted, ("summed stats differ", summed, counted)
    return True


def _stable_id(match: dict[str, Any]) -> str:
    """A Series game typed in by hand, or a logged game, gets a fresh random id each run: name
    it by its place, or by when and who."""
    options = match.get("options") or {}
    if options.get("series") and options.get("game_number"):
        return f"series {options['series']} game {options['game_number']}"
    if options.get("logged"):
        return f"logged {match['finished']} {','.join(match['players'])}"
    return match["id"]


def duplicates(db: Path) -> list[str]:
    """Match ids stored in more than one place (live and archived, or two archive files)."""
    from companion.store.machines import SHARD_FILE

    seen: list[str] = []
    main = json.loads(db.read_text())
    seen += [doc["id"] for doc in (main.get("live") or {}).values()]
    archive = db.with_name(db.stem + ".archive")
    for shard in sorted(archive.glob("*.json")):
        if SHARD_FILE.fullmatch(shard.stem):
            matches = json.loads(shard.read_text()).get("matches") or {}
            seen += [m["id"] for m in matches.values()]
    return sorted({i for i in seen if seen.count(i) > 1})


def leftovers(db: Path) -> list[str]:
    """Temp files and an unfinished journal, which the next write must have cleared."""
    from companion.store.atomic import TMP_PREFIX

    archive = db.with_name(db.stem + ".archive")
    found = [p.name for p in db.parent.glob(f"{TMP_PREFIX}*")]
    if archive.is_dir():
        found += [p.name for p in archive.glob(f"{TMP_PREFIX}*")]
        # and the summary cache's, which a killed reader or writer leaves
        from companion.store.archive import TMP_PREFIX as INDEX_TMP

        found += [f"{p.parent.name}/{p.name}" for p in archive.glob(f".index.*/{INDEX_TMP}*")]
    if "_journal" in json.loads(db.read_text()):
        found.append("_journal")
    return found


COUNT = "count:0"  # a failpoint that never fires: `python ops.py DB OP` then prints the count


if __name__ == "__main__":
    import os

    from companion.store import failpoint

    status = run(Path(sys.argv[1]), sys.argv[2])
    if os.environ.get(failpoint.VARIABLE) == COUNT:
        print(failpoint.passed())
    sys.exit(status)
