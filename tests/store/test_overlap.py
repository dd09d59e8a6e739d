"""Several machines' files read without merging them all (companion.store.overlap).

Over random archive folders of two or three machines — a match reopened and finished
again on another machine, deletions and revivals, renames, sync engines' conflict copies,
files from before machine ids, unreadable matches — the reads that touch one match or
one screen (`history list`, `history show`, the id check of `log`) give exactly what
merging every file gives (companion.store.merge.winners, read through
companion.store.archive._merged), order and warnings included.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.store import Store
from companion.store import archive as archive_module
from companion.store.archive import _known_ids, _merged, load_match, summaries
from companion.store.index import (
    _when,
    id_index,
    newest_with_files,
    simple,
    spellings,
    total,
)
from tests.store.folders import write_folder

PLAYERS = ["Ana", "Ben", "Cy", "Dee", "ana", "Eve"]
# Few distinct times, so copies and matches tie on them and every tie-break is used.
DAYS = ["2026-01-05", "2026-01-20", "2026-02-03", "2026-03-09"]
CONFLICTS = (
    ".sync-conflict-20261201-101010-ABCDEF7",
    " (Ben's conflicted copy 2026-12-01)",
    " (conflicted copy 2026-12-01 101010)",
)


def at(rng: random.Random) -> str:
    return f"{rng.choice(DAYS)}T{rng.choice(['10', '18'])}:00:00+00:00"


def match(rng: random.Random, match_id: str, finished: str) -> dict:
    a, b = rng.sample(PLAYERS, 2)
    return {
        "updated": rng.choice([finished, at(rng)]),
        "id": match_id,
        "game": "otdraft",
        "players": [a, b],
        "options": {"logged": True},
        "seed": None,
        "status": "finished",
        "created": finished,
        "finished": finished,
        "events": [],
        "result": {"scores": {a: 3, b: 1}, "ranks": {a: 1, b: 2}, "winner": a},
    }


def folder(rng: random.Random, into: Path) -> str:
    """A random archive folder as several machines and sync engines leave it; the id of
    the machine reading it."""
    archive = into / "companion.archive"
    archive.mkdir(parents=True)
    machines = ["a", "b", "c"][: rng.choice([2, 3])]
    files: dict[str, list[dict]] = {}
    records: dict[str, list[dict]] = {m: [] for m in machines}
    ids = [f"m{n:03d}" for n in range(rng.randint(5, 40))]

    def put(name: str, doc: dict) -> None:
        files.setdefault(name, []).append(doc)

    def record(kind: str, **fields) -> None:
        m = rng.choice(machines)
        records[m].append(
            {"type": kind, **fields, "machine": m, "seq": len(records[m]) + 1, "at": at(rng)}
        )

    for match_id in ids:
        finished = at(rng)
        doc = match(rng, match_id, finished)
        month = finished[:7]
        home = rng.choice(machines)
        put(f"{month}.{home}", doc)
        roll = rng.random()
        if roll < 0.15:  # reopened and finished again, on another machine
            again = match(rng, match_id, at(rng))
            put(f"{again['finished'][:7]}.{rng.choice(machines)}", again)
            if rng.random() < 0.7:
                record("delete", id=match_id, finished=finished)
        elif roll < 0.25:  # a conflict copy: the same match, maybe an older version
            older = dict(doc, updated=rng.choice([doc["updated"], at(rng)]))
            put(f"{month}.{home}{rng.choice(CONFLICTS)}", older)
        elif roll < 0.32:  # a file from before machine ids still holds it
            put(month, dict(doc, players=list(reversed(doc["players"]))))
        elif roll < 0.36:  # twice in one file
            put(f"{month}.{home}", dict(doc, updated=at(rng)))
        if rng.random() < 0.2:
            record("delete", id=match_id, finished=rng.choice([finished, None]))
            if rng.random() < 0.4:
                record("revive", id=match_id, finished=finished)
    for n in range(rng.randint(0, 3)):  # matches readers skip, some of them deleted
        name = rng.choice(sorted(files))
        broken = f"bad{n}"
        put(name, {"id": broken, "game": "otdraft"})
        if rng.random() < 0.5:
            record("delete", id=broken, finished=None)
    if rng.random() < 0.7:  # a rename
        record("aliases", set={"ana": "Ana", "Cy": "Cyrus"}, unset=[])
    write_folder(archive, files, records)
    return rng.choice([*machines, "reader"])


def full_merge(store: Store) -> dict:
    """Every answer as merging every file gives it (the reads before companion.store.overlap)."""
    view = store.view()
    merged = [(name, m) for name, _, m in _merged(store, view)]
    seen: dict[str, None] = {}
    for m in summaries(store):
        seen.update(dict.fromkeys(m.get("players") or ()))
    everything = {m["id"]: name for name, m in merged}
    return {
        "ids": everything,
        "with unreadable": {
            **dict.fromkeys(_known_ids(store) - set(everything)),
            **everything,
        },
        "newest": sorted(merged, key=lambda f: _when(f[1]), reverse=True),
        "spellings": list(seen),
        "total": len(merged),
        "shown": {i: load_match(store, i) for i in everything},
    }


def fast(store: Store) -> dict:
    ids = id_index(store, unreadable=False)
    return {
        "ids": ids,
        "with unreadable": id_index(store),
        "newest": list(newest_with_files(store)),
        "spellings": spellings(store),
        "total": total(store),
        "shown": {i: load_match(store, i, holder) for i, holder in ids.items()},
    }


# Six seeds in the fast loop; the full suite runs all sixty.
@pytest.mark.parametrize(
    "seed", [s if s < 6 else pytest.param(s, marks=pytest.mark.slow) for s in range(60)]
)
def test_reads_of_several_machines_files_equal_the_full_merge(seed, tmp_path, monkeypatch):
    rng = random.Random(seed)
    reader = folder(rng, tmp_path)
    monkeypatch.setenv("COMPANION_MACHINE", reader)
    warned: dict[str, list[str]] = {"full": [], "fast": []}
    full_store = Store(tmp_path / "companion.json", warn=warned["full"].append)
    expected = full_merge(full_store)
    assert not simple(full_store.view())
    fast_store = Store(tmp_path / "companion.json", warn=warned["fast"].append)
    assert fast(fast_store) == expected
    assert set(warned["fast"]) == set(warned["full"])


def two_machines(cli, db: Path, monkeypatch) -> None:
    """Machine b's matches, then machine a reading them beside its own."""
    monkeypatch.setenv("COMPANION_MACHINE", "b")
    for day in ("2026-01-05", "2026-02-03"):
        assert cli("log", "otdraft", "Ana=3", "Ben=1", "--when", day).exit_code == 0
    monkeypatch.setenv("COMPANION_MACHINE", "a")
    assert cli("log", "otdraft", "Cy=2", "Dee=4", "--when", "2026-02-04").exit_code == 0


def test_two_machines_files_are_read_without_merging_every_file(cli, db, monkeypatch):
    two_machines(cli, db, monkeypatch)
    names = sorted(p.name for p in db.with_name("companion.archive").glob("*.json"))
    # (each machine's records say the format it writes, companion.store.formats)
    months = ["2026-01.b.json", "2026-02.a.json", "2026-02.b.json"]
    assert names == [*months, "records.a.json", "records.b.json"]

    def merged_every_file(*args, **kwargs):
        raise AssertionError("merged every archive file")

    monkeypatch.setattr(archive_module, "_merged", merged_every_file)
    listed = cli("history", "list")
    assert listed.exit_code == 0, listed.stderr
    rows = [line.split()[1] for line in listed.stdout.splitlines()[1:]]
    assert rows == ["2026-02-04", "2026-02-03", "2026-01-05"]
    first = listed.stdout.splitlines()[2].split()[0]
    shown = cli("history", "show", first, "--json")
    assert shown.exit_code == 0, shown.stderr
    assert shown.json["players"] == ["Ana", "Ben"]
    assert cli("history", "show").exit_code == 0
    logged = cli("log", "otdraft", "Eve=1", "Ana=2", "--when", "2026-02-05")
    assert logged.exit_code == 0, logged.stderr
