"""`history undo` takes back the match recorded last, says which, and asks first."""

from __future__ import annotations

import json

from companion.store import Store
from tests.conftest import assert_user_error
from tests.events import append
from tests.history.factory import match, record


def finish_tracked(db, seed: int = 3) -> dict:
    store = Store(db)
    store.start_match("otdraft", ["Ana", "Ben"], seed=seed)
    append(store, "otdraft", "pick", {"player": "Ana", "card": "Adam"})
    return store.finish_match(
        "otdraft", {"scores": {"Ana": 1, "Ben": 0}, "ranks": {"Ana": 1, "Ben": 2}, "winner": "Ana"}
    )


def backup_file(tmp_path, *matches: dict) -> str:
    path = tmp_path / "backup.json"
    body = {"format": "companion-history", "version": 1, "players": {}, "matches": list(matches)}
    path.write_text(json.dumps(body))
    return str(path)


def test_undo_takes_the_match_recorded_last_even_if_played_earlier(cli, db, tmp_path):
    tracked = finish_tracked(db)
    older = match("imp1", "otdraft", {"Ana": 3, "Ben": 9}, "2026-01-05")
    assert cli("history", "import", backup_file(tmp_path, older)).exit_code == 0
    undone = cli("history", "undo", "--yes", "--json")
    assert undone.exit_code == 0, undone.stderr
    assert undone.json["reopened"]["id"] == "imp1"
    # Next in recording order: the tracked match finished before the import.
    Store(db).abandon_match("otdraft")
    again = cli("history", "undo", "--yes", "--json")
    assert again.exit_code == 0, again.stderr
    # The abandoned one is not a result: the tracked finished match is.
    assert again.json["reopened"]["id"] == tracked["id"]


def test_undo_after_logging_an_older_game_in_the_same_game(cli, db):
    tracked = finish_tracked(db)
    logged = cli("log", "otdraft", "Ana=90", "Ben=80", "--when", "2025-05-01", "--json").json
    assert cli("history", "undo", "--yes", "--json").json["removed"]["id"] == logged["id"]
    assert cli("history", "undo", "--yes", "--json").json["reopened"]["id"] == tracked["id"]


def test_undo_off_a_terminal_needs_yes_and_changes_nothing(cli, db):
    record(db, match("t1", "otdraft", {"Ana": 1, "Ben": 0}, "2026-01-01"))
    result = cli("history", "undo")
    assert_user_error(result, "needs --yes")
    assert result.stderr.count("\n") == 1
    assert [m["id"] for m in Store(db).archived()] == ["t1"]


def test_undo_says_what_it_will_take_back_and_asks(cli, db, monkeypatch):
    monkeypatch.setattr("companion.cli.history.on_terminal", lambda: True)
    tracked = finish_tracked(db)
    kept = cli("history", "undo", input="n\n")
    assert kept.exit_code == 0 and kept.stdout.endswith("Nothing undone.\n")
    assert (
        f"Put otdraft match {tracked['id']} (Ana, Ben) back live without its result? [y/N]"
        in kept.stderr
    )
    assert [m["id"] for m in Store(db).archived()] == [tracked["id"]]
    done = cli("history", "undo", input="y\n")
    assert done.stdout.endswith(f"otdraft match {tracked['id']} is live again\n")
    assert list(Store(db).archived()) == []
