import sys
import types

from companion.store import Store
from tests.conftest import assert_user_error
from tests.events import append
from tests.history.factory import match, record

EVENTS = [
    {"type": "score", "data": {"player": "Ana", "points": 7}, "at": "2026-01-01T19:00:00+00:00"},
    {"type": "score", "data": {"player": "Ben", "points": 5}, "at": "2026-01-01T19:05:00+00:00"},
]


def fake_replay(monkeypatch):
    """An otdraft replay that folds `score` events, standing in for the game's own."""

    def replay(m):
        scores = {p: 0 for p in m["players"]}
        for event in m["events"]:
            scores[event["data"]["player"]] += event["data"]["points"]
        return {"scores": scores, "winner": max(scores, key=scores.get)}

    module = types.ModuleType("companion.games.otdraft.rules.replay")
    module.replay = replay
    monkeypatch.setitem(sys.modules, "companion.games.otdraft.rules.replay", module)


def test_replay_confirms_the_stored_result(cli, db, monkeypatch):
    fake_replay(monkeypatch)
    record(db, match("r1", "otdraft", {"Ana": 7, "Ben": 5}, "2026-01-01", events=EVENTS))
    result = cli("history", "replay", "r1", "--json")
    assert result.exit_code == 0
    assert result.json["verified"] is True and result.json["differences"] == []
    assert cli("history", "replay", "r1").stdout == (
        "otdraft r1: replayed 2 events: the stored result matches\n"
    )


def test_replay_mismatch_exits_1(cli, db, monkeypatch):
    fake_replay(monkeypatch)
    record(db, match("r2", "otdraft", {"Ana": 7, "Ben": 9}, "2026-01-01", events=EVENTS))
    result = cli("history", "replay", "r2", "--json")
    assert result.exit_code == 1
    assert result.json["verified"] is False
    assert [d["key"] for d in result.json["differences"]] == ["scores", "winner"]


def test_replay_without_a_fold_says_so(cli, db, monkeypatch):
    monkeypatch.setitem(sys.modules, "companion.games.otdraft.rules.replay", None)
    record(db, match("r3", "otdraft", {"Ana": 7, "Ben": 5}, "2026-01-01", events=EVENTS))
    result = cli("history", "replay", "r3", "--json")
    assert result.exit_code == 0
    assert (result.json["replayable"], result.json["verified"]) == (False, None)
    assert result.json["message"] == (
        "otdraft has no replay yet (looked for companion.games.otdraft.rules.replay.replay)"
    )


def test_delete_needs_yes_off_a_terminal(cli, db):
    record(db, match("d1", "otdraft", {"Ana": 7, "Ben": 5}, "2026-01-01"),
           match("d2", "otdraft", {"Ana": 1, "Ben": 5}, "2026-01-02"))  # fmt: skip
    assert_user_error(cli("history", "delete", "d1"), "needs --yes")
    assert [m["id"] for m in Store(db).archived()] == ["d1", "d2"]
    result = cli("history", "delete", "d1", "--yes", "--json")
    assert result.json["deleted"]["id"] == "d1"
    assert [m["id"] for m in Store(db).archived()] == ["d2"]
    assert cli("history", "list", "--json").json["matches"][0]["id"] == "d2"
    assert_user_error(cli("history", "delete", "d1", "--yes"), "no match 'd1'")


def test_delete_asks_on_a_terminal(cli, db, monkeypatch):
    monkeypatch.setattr("companion.cli.history.on_terminal", lambda: True)
    record(db, match("d1", "otdraft", {"Ana": 7, "Ben": 5}, "2026-01-01"))
    kept = cli("history", "delete", "d1", input="n\n")
    # (CliRunner echoes the typed answer to stdout; a terminal would echo it itself.)
    assert kept.exit_code == 0 and kept.stdout.endswith("Nothing deleted.\n")
    assert "Delete otdraft match d1 (Ana, Ben)? [y/N]" in kept.stderr
    assert [m["id"] for m in Store(db).archived()] == ["d1"]
    gone = cli("history", "delete", "d1", input="y\n")
    assert gone.stdout.endswith("deleted otdraft match d1\n")
    assert list(Store(db).archived()) == []


def test_delete_refuses_a_live_match(cli, db):
    live = Store(db).start_match("otdraft", ["Ana", "Ben"], seed=1)
    assert_user_error(cli("history", "delete", live["id"], "--yes"), "is live")


def test_undo_puts_the_last_finished_match_back_live(cli, db):
    record(db, match("old", "otdraft", {"Ana": 7, "Ben": 5}, "2020-01-01"))
    store = Store(db)
    store.start_match("otdraft", ["Ana", "Ben"], seed=3)
    append(store, "otdraft", "pick", {"player": "Ana", "card": "Adam"})
    finished = store.finish_match(
        "otdraft", {"scores": {"Ana": 1, "Ben": 0}, "ranks": {}, "winner": "Ana"}
    )
    result = cli("history", "undo", "--yes", "--json")
    assert result.exit_code == 0, result.stderr
    assert result.json["reopened"]["id"] == finished["id"]
    live = store.current_match("otdraft")
    assert (live["status"], live["result"], len(live["events"])) == ("live", None, 1)
    assert [m["id"] for m in store.archived()] == ["old"]
    # Another undo would need the live otdraft slot.
    assert_user_error(cli("history", "undo", "--yes"), "a otdraft match is already live")


def test_undo_with_nothing_finished(cli):
    assert_user_error(cli("history", "undo", "--yes"), "no finished match to undo")


def test_replay_of_a_match_typed_in_by_hand(cli, db):
    record(db, match("g1", "hoopers-series-game", {"K": 70, "U": 60}, "2026-01-01", events=[]))
    result = cli("history", "replay", "g1", "--json")
    assert result.exit_code == 0
    assert result.json["message"] == "recorded by hand, without events: nothing to replay"
    assert result.json["verified"] is None
