import json

from companion.store import Store
from companion.store.archive import INDEX, archive_many, summaries
from tests.history.factory import match, record


def test_index_follows_every_change_to_a_shard(db):
    store = record(db, match("i1", "otdraft", {"Ana": 1, "Ben": 0}, "2026-01-01"))
    assert [s["id"] for s in summaries(store)] == ["i1"]
    index = store.archive_dir / f"{INDEX}.here" / "2026-01.here.json"
    assert json.loads(index.read_text())["matches"][0]["events"] == 1
    store.archive_match(match("i2", "otdraft", {"Ana": 1, "Ben": 0}, "2026-01-02"))
    assert [s["id"] for s in summaries(store)] == ["i1", "i2"]


def test_a_corrupt_index_is_rebuilt(db):
    store = record(db, match("i1", "otdraft", {"Ana": 1, "Ben": 0}, "2026-01-01"))
    list(summaries(store))
    (store.archive_dir / f"{INDEX}.here" / "2026-01.here.json").write_text("{not json")
    assert [s["id"] for s in summaries(store)] == ["i1"]


def test_a_forged_index_is_not_trusted(db):
    store = record(db, match("i1", "otdraft", {"Ana": 1, "Ben": 0}, "2026-01-01"))
    list(summaries(store))
    index = store.archive_dir / f"{INDEX}.here" / "2026-01.here.json"
    index.write_text(json.dumps({"source": [0, 0, 0, 0], "matches": [{"id": "ghost"}]}))
    assert [s["id"] for s in summaries(store)] == ["i1"]


def test_bulk_insert_writes_each_shard_once(db):
    store = Store(db)
    docs = [
        match(f"b{n}", "otdraft", {"Ana": n, "Ben": 1}, f"2026-0{1 + n % 3}-01") for n in range(9)
    ]
    seen = []
    assert archive_many(store, docs, seen.append) == (9, 0)
    assert seen == [3, 3, 3, 0]  # and the records file, which says the folder's format
    assert sorted(p.name for p in store.archive_dir.glob("*.json")) == [
        "2026-01.here.json", "2026-02.here.json", "2026-03.here.json", "records.here.json"
    ]  # fmt: skip
    assert archive_many(store, docs[:2]) == (0, 2)


def test_bulk_insert_leaves_a_current_index(db):
    store = Store(db)
    archive_many(store, [match("b1", "otdraft", {"Ana": 1, "Ben": 0}, "2026-05-01")])
    index = json.loads((store.archive_dir / f"{INDEX}.here" / "2026-05.here.json").read_text())
    assert [m["id"] for m in index["matches"]] == ["b1"]
    assert [s["id"] for s in summaries(store)] == ["b1"]


def test_old_index_leftovers_are_cleaned(db):
    import os

    store = record(db, match("i1", "otdraft", {"Ana": 1, "Ben": 0}, "2026-01-01"))
    folder = store.archive_dir / f"{INDEX}.here"
    folder.mkdir(exist_ok=True)
    old, fresh = folder / ".tmp-old", folder / ".tmp-fresh"
    old.write_text("{")
    fresh.write_text("{")
    os.utime(old, (0, 0))
    list(summaries(store))
    assert not old.exists() and fresh.exists()


def test_the_next_write_clears_a_dead_writers_cache_temp_file_and_keeps_a_live_ones(cli, db):
    import os
    import subprocess
    import sys

    assert cli("log", "otdraft", "Ana=5", "Ben=3", "--when", "2026-11-02").exit_code == 0
    cache = db.with_name("companion.archive") / ".index.here"
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    dead = cache / f".tmp-{done.stdout.strip()}-x1"  # its writer was killed mid-write
    alive = cache / f".tmp-{os.getpid()}-x2"  # a reader writing it right now
    for path in (dead, alive):
        path.write_text("{")
    assert cli("players", "rename", "Ben", "Benji").exit_code == 0  # a write, no summaries()
    assert (dead.exists(), alive.exists()) == (False, True)
