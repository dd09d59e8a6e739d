"""Tab on a player's name reads each archive file's keys, not its summaries.

`history stats --player <Tab>`, `log otdraft <Tab>` and `hoopers match start --home <Tab>`
offer everyone in the history. A big club's month holds 1,700 matches whose summaries are
700 kB of JSON, and its keys (companion.store.index) name its players in a few hundred
bytes: the names must be the ones the summaries give, in the same order (the first
spelling seen of a name is the one offered), whatever the folder holds.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.store import Store
from companion.store import peek as peek_module
from companion.store.index import shard_keys
from companion.store.layout import LIVE
from companion.store.peek import Peek
from tests.history.factory import match, record
from tests.store.folders import write_folder
from tests.store.test_overlap import folder
from tests.test_completion_values import offered


def by_summaries(db: Path) -> list[str]:
    """The names in the order Tab read them before keys: every match's, as `matches` gives
    them (each id once, newest file first, none a record deleted)."""
    seen: dict[str, None] = {}
    for found in Peek(db).matches():
        seen.update(dict.fromkeys(n for n in found.get("players") or () if isinstance(n, str)))
    return list(seen)


def by_keys(db: Path) -> list[str]:
    return list(dict.fromkeys(Peek(db).spellings()))


def keys_made(db: Path) -> None:
    """Every archive file's summary and keys written, as any reader of the store leaves them."""
    store = Store(db)
    for name, path in store.view().shards():
        shard_keys(store, name, path)


@pytest.fixture
def read(monkeypatch) -> list[str]:
    """The archive files whose summaries Tab reads."""
    loaded: list[str] = []
    real = peek_module._summaries

    def spy(shard: Path, cache: Path | None):
        loaded.append(shard.name)
        return real(shard, cache)

    monkeypatch.setattr(peek_module, "_summaries", spy)
    return loaded


def club(db: Path) -> None:
    """Three months of one machine's matches, a spelling of Ana's in an older month."""
    record(
        db,
        match("m1", "otdraft", {"ana": 3, "Ben": 1}, "2026-01-05"),
        match("m2", "otdraft", {"Cy": 3, "Dee": 1}, "2026-02-05"),
        match("m3", "otdraft", {"Ana": 3, "Eve": 1}, "2026-03-05"),
        match("m4", "otdraft", {"Fay": 3, "Ben": 1}, "2026-03-06"),
    )


def test_names_come_from_the_keys_and_no_summary_is_read(tmp_path, monkeypatch, read):
    monkeypatch.setenv("COMPANION_MACHINE", "here")
    db = tmp_path / "db.json"
    club(db)
    assert by_keys(db) == ["Ana", "Eve", "Fay", "Ben", "Cy", "Dee", "ana"]
    assert read == []
    assert by_summaries(db) == by_keys(db)


def test_a_file_whose_keys_are_stale_or_lost_is_read_from_its_summaries(
    tmp_path, monkeypatch, read
):
    monkeypatch.setenv("COMPANION_MACHINE", "here")
    db = tmp_path / "db.json"
    club(db)
    index = tmp_path / "db.archive" / ".index.here"
    (index / "2026-02.here.keys.json").unlink()
    stale = '{"source":[2,1,2,3],"ids":[],"bad":[],"players":[]}'
    (index / "2026-01.here.keys.json").write_text(stale)
    expected = by_summaries(db)
    read.clear()
    assert by_keys(db) == expected
    assert sorted(read) == ["2026-01.here.json", "2026-02.here.json"]


def test_a_live_or_deleted_match_sends_its_file_to_the_summaries(tmp_path, monkeypatch, read):
    monkeypatch.setenv("COMPANION_MACHINE", "here")
    db = tmp_path / "db.json"
    club(db)
    # A live match under an archived id (a change a crash left half done): its copy counts.
    data = json.loads(db.read_text())
    data[LIVE] = {"1": dict(match("m2", "otdraft", {"Gus": 0, "Hal": 0}, "2026-04-01"))}
    db.write_text(json.dumps(data))
    # Another machine deleted m4 while this machine's file still holds it.
    deleted = {"type": "delete", "id": "m4", "finished": "2026-03-06T21:00:00+00:00"}
    rows = {"1": {**deleted, "rid": "x1", "machine": "there", "seq": 1, "at": "2026-04-02"}}
    (tmp_path / "db.archive" / "records.there.json").write_text(json.dumps({"records": rows}))
    expected = by_summaries(db)
    read.clear()
    assert by_keys(db) == expected
    assert "Fay" not in expected and "Cy" not in expected and "Gus" in expected
    assert sorted(read) == ["2026-02.here.json", "2026-03.here.json"]


# Several machines' files, conflict copies, legacy files, matches twice, deletions and
# revivals (tests/store/test_overlap.py's folders): the names are the summaries' names.
@pytest.mark.parametrize(
    "seed", [s if s < 8 else pytest.param(s, marks=pytest.mark.slow) for s in range(40)]
)
def test_names_equal_the_summaries_names_in_any_folder(seed, tmp_path, monkeypatch):
    rng = random.Random(seed)
    reader = folder(rng, tmp_path)
    monkeypatch.setenv("COMPANION_MACHINE", reader)
    db = tmp_path / "companion.json"
    keys_made(db)
    assert by_keys(db) == by_summaries(db)
    # The matches in the reader's own files alone, each once as one machine files them
    # (deletions still named by others' records, a live match under an archived id): the
    # keys alone, ids unread.
    archive = tmp_path / "companion.archive"
    months: dict[str, dict[str, dict]] = {}
    filed: set[str] = set()
    for path in sorted(archive.glob("*.json")):
        if not path.name.startswith("records."):
            for doc in json.loads(path.read_text())["matches"].values():
                if doc["id"] not in filed:
                    filed.add(doc["id"])
                    month = str(doc.get("finished") or "2026-01")[:7]
                    months.setdefault(month, {})[doc["id"]] = doc
            path.unlink()
    write_folder(archive, {f"{m}.{reader}": list(d.values()) for m, d in months.items()}, {})
    keys_made(db)
    if rng.random() < 0.5 and db.exists():  # read as Tab reads it: as plain JSON
        again = dict(rng.choice(list(rng.choice(list(months.values())).values())))
        data = json.loads(db.read_text())
        data[LIVE] = {"1": dict(again, players=["Zed", "Ana"])}
        db.write_text(json.dumps(data))
    assert by_keys(db) == by_summaries(db)


def test_tab_offers_the_names_of_every_month(cli, db, monkeypatch, capsys):
    for when, scores in (("2026-01-05", ["Ana=3", "Ben=1"]), ("2026-03-05", ["Cy=3", "Dee=1"])):
        assert cli("log", "otdraft", *scores, "--when", when).exit_code == 0
    everyone = ["Ana", "Ben", "Cy", "Dee"]
    assert offered(monkeypatch, capsys, db, "companion history stats --player ") == everyone
    assert offered(monkeypatch, capsys, db, "companion log otdraft C") == ["Cy="]
