"""Issue 39: a move writes its documents without TinyDB (companion.store.change's rows); the
tables it leaves, and so the file's bytes, are TinyDB's own: older companions and other
machines read the same file."""

from __future__ import annotations

import copy
import json

from tinydb import Query

from companion.store import Store
from companion.store.atomic import encode
from companion.store.change import Change, keyed
from companion.store.layout import LIVE, SHOWN
from companion.store.live import _live

MAIN = {
    "_meta": {"1": {"schema": 1}},
    LIVE: {
        "1": {"id": "aaa", "game": "hoopers", "events": [], "waiting": True},
        "3": {"id": "bbb", "game": "hoopers", "events": [{"type": "score"}]},
        "4": {"id": "ccc", "game": "allstar", "events": [], "finishing": {}},
        "7": {"id": "ddd", "game": "allstar", "events": []},
    },
    "hoopers": {"2": {"key": "remembered:bbb", "value": {"a": 1}}, "5": {"key": "other"}},
    SHOWN: {"1": {"key": "bbb", "value": 1}, "2": {"key": "gone", "value": 2}},
}


def _rows_way(txn: Change) -> list:
    """A move's writes, through the rows."""
    seen = [txn.row(LIVE, _live("hoopers")), txn.row(LIVE, _live("allstar"))]
    seen = [(doc_id, dict(doc)) for doc_id, doc in seen]  # read, as a move copies it
    seen.append(txn.get_doc("hoopers", "remembered:bbb"))
    seen.append(txn.get_doc("hoopers", "nothing", "default"))
    txn.update_row(LIVE, 3, {"events": [{"type": "score"}, {"type": "foul"}], "updated": "x"})
    txn.put_doc("hoopers", "remembered:bbb", {"a": 2})  # an update
    txn.put_doc("hoopers", "remembered:new", [1])  # a new document: id 6
    txn.put_doc("cards", "energy", {"Edd": 3})  # a new table, at the end
    txn.upsert_row(SHOWN, {"key": "bbb", "value": 9}, keyed("bbb"))
    txn.remove_rows(SHOWN, [i for i, row in txn.rows(SHOWN) if row["key"] == "gone"])
    txn.upsert_row(SHOWN, {"key": "ddd", "value": 3}, keyed("ddd"))
    seen.append(sorted(txn.tables()))
    return seen


def _tinydb_way(db) -> list:
    """The same writes, as the code did them through TinyDB before."""
    live = db.table(LIVE)
    game = Query().game
    no_end, no_wait = ~Query().finishing.exists(), ~Query().waiting.exists()
    seen = [live.get((game == g) & no_end & no_wait) for g in ("hoopers", "allstar")]
    seen = [(doc.doc_id, dict(doc)) for doc in seen]
    docs = db.table("hoopers")
    seen.append(docs.get(Query().key == "remembered:bbb")["value"])
    seen.append("default")
    live.update({"events": [{"type": "score"}, {"type": "foul"}], "updated": "x"}, doc_ids=[3])
    docs.upsert({"key": "remembered:bbb", "value": {"a": 2}}, Query().key == "remembered:bbb")
    docs.upsert({"key": "remembered:new", "value": [1]}, Query().key == "remembered:new")
    db.table("cards").upsert({"key": "energy", "value": {"Edd": 3}}, Query().key == "energy")
    shown = db.table(SHOWN)
    shown.upsert({"key": "bbb", "value": 9}, Query().key == "bbb")
    shown.remove(doc_ids=[row.doc_id for row in shown.all() if row["key"] == "gone"])
    shown.upsert({"key": "ddd", "value": 3}, Query().key == "ddd")
    seen.append(sorted(db.tables()))
    return seen


def test_a_moves_rows_leave_the_tables_tinydb_leaves(tmp_path):
    store = Store(tmp_path / "db.json")
    raw = Change(store, copy.deepcopy(MAIN))
    assert raw._db is None
    seen = _rows_way(raw)
    assert raw._db is None  # tinydb was never needed
    assert raw.main_dirty

    through = Change(store, copy.deepcopy(MAIN))
    expected = _tinydb_way(through.db)
    assert seen == expected
    assert raw.main == through.main
    assert list(raw.main) == list(through.main)  # the tables' order too
    assert encode(raw.main) == encode(through.main)  # byte for byte
    assert json.loads(encode(raw.main))["hoopers"]["6"] == {"key": "remembered:new", "value": [1]}


def test_rows_after_tinydb_is_made_go_through_it(tmp_path):
    """Once a change has made TinyDB (another game's code asked `txn.db`), the rows write
    through it, so its caches never hold a table older than the rows wrote."""
    store = Store(tmp_path / "db.json")
    mixed = Change(store, copy.deepcopy(MAIN))
    mixed.db.table("hoopers").insert({"key": "first", "value": 0})  # id 6, via TinyDB
    seen = _rows_way(mixed)
    through = Change(store, copy.deepcopy(MAIN))
    through.db.table("hoopers").insert({"key": "first", "value": 0})
    assert seen == _tinydb_way(through.db)
    assert encode(mixed.main) == encode(through.main)
    assert mixed.main["hoopers"]["7"]["key"] == "remembered:new"


def test_rows_written_before_tinydb_is_made_are_in_it(tmp_path):
    store = Store(tmp_path / "db.json")
    txn = Change(store, copy.deepcopy(MAIN))
    txn.put_doc("hoopers", "remembered:new", [1])
    assert txn.db.table("hoopers").get(Query().key == "remembered:new")["value"] == [1]
    assert txn.main_dirty  # the write before TinyDB was made is still to be committed
    fresh = Change(store, None)
    assert fresh.main == {} and not fresh.main_dirty and fresh.tables() == set()
