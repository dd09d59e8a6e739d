"""`history amend`: a typo in a finished or logged result fixed, the original kept."""

from __future__ import annotations

import json

from tests.conftest import assert_user_error
from tests.history.factory import match, record
from tests.history.test_log import files, logged


def test_amend_a_logged_result_recomputes_ranks_and_winner(cli):
    got = logged(cli, "hoopers", "Ann=80", "Bob=70", "--when", "2026-11-28")
    fixed = cli("history", "amend", got["id"][:3], "bob=87", "--json")
    assert fixed.exit_code == 0, fixed.stderr
    assert fixed.json == {
        "id": got["id"], "game": "hoopers",
        "scores": {"Ann": 80, "Bob": 87}, "ranks": {"Ann": 2, "Bob": 1},
        "winner": "Bob", "winners": ["Bob"], "amendments": 1, "was": {"Ann": 80, "Bob": 70},
    }  # fmt: skip
    row = cli("history", "list", "--json").json["matches"][0]
    assert row["result"]["winner"] == "Bob" and row["amended"] == 1
    assert "logged*" in cli("history", "list").stdout
    stats = {r["player"]: r for r in cli("history", "stats", "--json").json["players"]}
    assert (stats["Bob"]["wins"], stats["Ann"]["wins"]) == (1, 0)


def test_show_keeps_the_original_and_replay_checks_it(cli, db):
    events = [{"type": "setup", "data": {}, "at": "2026-01-01T19:00:00+00:00"}]
    record(db, match("m1", "otdraft", {"Ana": 98, "Ben": 80, "Cy": 70}, "2026-01-10",
                     options={"first": "Ana"}, events=events))  # fmt: skip
    assert cli("history", "amend", "m1", "Ben=89").exit_code == 0
    out = cli("history", "amend", "m1", "Ben=98").stdout
    # Round 7 of a three-player draft Ana started: Ana, Ben, Cy. Ben went later: Ben wins the tie.
    assert out == ("amended otdraft match m1: Ben 89 → 98\nnow Ben 98 · Ana 98 · Cy 70 — Ben won\n")
    shown = cli("history", "show", "m1").stdout
    assert "result as recorded: Ana 98 · Ben 80 · Cy 70 — Ana won" in shown
    assert shown.count("amended ") == 2
    doc = cli("history", "show", "m1", "--json").json
    assert doc["result"]["scores"] == {"Ana": 98, "Ben": 98, "Cy": 70}
    assert [a["was"]["scores"]["Ben"] for a in doc["amendments"]] == [80, 89]
    # The archive itself is never rewritten.
    archived = json.loads(next(db.parent.glob("*.archive/2026-01.here.json")).read_text())
    assert next(iter(archived["matches"].values()))["result"]["scores"]["Ben"] == 80


def test_amend_follows_the_rules_and_writes_nothing_when_refused(cli, db):
    got = logged(cli, "hoopers", "Ann=80", "Bob=70")
    before = files(db)
    assert_user_error(cli("history", "amend", got["id"], "Bob=80"), "is a draw")
    assert_user_error(cli("history", "amend", got["id"], "Bob=-1"), "cannot be negative")
    assert_user_error(cli("history", "amend", got["id"], "Cy=3"), "no player of")
    assert_user_error(cli("history", "amend", got["id"], "Bob=70"), "already has these scores")
    assert_user_error(cli("history", "amend", got["id"], "Bob"), "is not NAME=SCORE")
    assert_user_error(cli("history", "amend", "zzz", "Bob=3"), "no match 'zzz'")
    assert files(db) == before


def test_only_finished_results(cli, db):
    from companion.store import Store

    live = Store(db).start_match("otdraft", ["Ana", "Ben"], seed=1)
    assert_user_error(cli("history", "amend", live["id"], "Ana=3"), "no finished result")
    record(db, match("s1", "hoopers-series", {"Keepers": 4, "Unleashed": 2}, "2026-01-01"))
    assert_user_error(cli("history", "amend", "s1", "Keepers=3"), "not amended directly")


def test_amendments_travel_with_a_backup_and_go_with_their_match(cli, db, tmp_path):
    got = logged(cli, "playlist", "Ana=20", "Ben=29")
    cli("history", "amend", got["id"], "Ana=30")
    out = tmp_path / "backup.json"
    cli("history", "export", "-o", out)
    other = tmp_path / "other.json"
    cli("history", "import", out, database=other)
    again = cli("history", "list", "--json", database=other).json["matches"][0]
    assert again["result"]["winner"] == "Ana" and again["amended"] == 1
    cli("history", "delete", got["id"], "--yes")
    assert "amendments" not in json.loads(cli("history", "export").stdout)


def test_a_reopened_match_is_not_amended_by_mistake(cli, db):
    from companion.store import Store

    store = Store(db)
    store.start_match("otdraft", ["Ana", "Ben"], seed=3)
    done = store.finish_match(
        "otdraft", {"scores": {"Ana": 10, "Ben": 5}, "ranks": {"Ana": 1, "Ben": 2}, "winner": "Ana"}
    )
    cli("history", "amend", done["id"], "Ben=50")
    assert cli("history", "undo", "--yes", "--json").json["reopened"]["id"] == done["id"]
    store.finish_match(
        "otdraft", {"scores": {"Ana": 7, "Ben": 5}, "ranks": {"Ana": 1, "Ben": 2}, "winner": "Ana"}
    )
    row = cli("history", "list", "--json").json["matches"][0]
    assert row["result"]["scores"] == {"Ana": 7, "Ben": 5} and "amended" not in row
