"""A file of this machine's that shrank behind the companion's back is never written over.

A sync engine restoring an older version, or an old folder copied back, leaves a month's
archive file (or the records file) holding less than this machine wrote. Reads warn; a
write into that file is refused in one line naming what is missing and how to get it
back, until the file is restored or the loss accepted (`history accept-loss`).
"""

from __future__ import annotations

import json

from tests.conftest import Result, assert_user_error
from tests.history.test_log import files


def log(cli, when: str, *scores: str):
    return cli("log", "otdraft", *(scores or ("Ana=5", "Ben=3")), "--when", when)


def assert_refused(result: Result, fragment: str) -> None:
    """Exit 2 and exactly one line on stderr, the `error:` (issue 30: the warning a read
    of the short file gives is not said before the refusal, which names it already)."""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert_user_error(result, fragment)


def archive(db):
    return db.with_name("companion.archive")


def test_a_write_into_a_month_file_that_shrank_is_refused_until_restored(cli, db, tmp_path):
    assert log(cli, "2026-11-02").exit_code == 0
    assert log(cli, "2026-11-03").exit_code == 0
    shard = archive(db) / "2026-11.here.json"
    older = shard.read_bytes()  # what a sync engine will put back
    assert log(cli, "2026-11-04").exit_code == 0
    full = shard.read_bytes()
    assert cli("backup", str(tmp_path / "full.json")).exit_code == 0
    shard.write_bytes(older)

    warned = cli("history", "list")
    assert f"archive file {shard} holds 2 matches, 3 expected" in warned.stderr
    before = files(db)
    refused = log(cli, "2026-11-20")
    assert_refused(refused, f"archive file {shard} holds 2 matches, 3 expected; not written")
    assert f"cp {shard}.bak {shard}" in refused.stderr
    assert "'companion restore FILE'" in refused.stderr
    assert "'companion history accept-loss 2026-11'" in refused.stderr
    assert files(db) == before  # nothing written: the .bak and the count are as they were
    assert log(cli, "2026-12-01").exit_code == 0  # another month's file is not short

    shard.write_bytes(full)  # put back
    assert log(cli, "2026-11-20").exit_code == 0
    assert len(cli("history", "list", "--json").json["matches"]) == 5

    shard.write_bytes(older)  # and again, restored with 'companion restore' this time
    assert cli("restore", str(tmp_path / "full.json"), "--yes").exit_code == 0
    assert log(cli, "2026-11-21").exit_code == 0


def test_a_loss_accepted_is_recorded_and_writes_go_on(cli, db):
    for day in ("02", "03", "04"):
        assert log(cli, f"2026-11-{day}").exit_code == 0
    shard = archive(db) / "2026-11.here.json"
    body = json.loads(shard.read_text())
    body["matches"] = dict(list(body["matches"].items())[:1])
    shard.write_text(json.dumps(body))
    assert_user_error(cli("history", "accept-loss", "2026-13x"), "is not a month")
    accepted = cli("history", "accept-loss", "2026-11")
    assert accepted.exit_code == 0, accepted.stderr
    assert accepted.stdout == (
        "accepted the loss of 2 matches in 2026-11.here.json: 1 kept, 3 were written\n"
    )
    main = json.loads(db.read_text())
    (held,) = main["accepted_losses"].values()
    assert held["key"] == "2026-11.here.json"
    assert [{k: loss[k] for k in ("expected", "found")} for loss in held["value"]] == [
        {"expected": 3, "found": 1}
    ]
    assert cli("history", "list").stderr == ""  # the warning is gone: the loss is known
    assert log(cli, "2026-11-20").exit_code == 0
    assert len(cli("history", "list", "--json").json["matches"]) == 2
    assert_user_error(cli("history", "accept-loss", "2026-11"), "nothing lost")


def test_a_missing_month_file_is_not_recreated_short(cli, db):
    assert log(cli, "2026-11-02").exit_code == 0
    assert log(cli, "2026-11-03").exit_code == 0
    shard = archive(db) / "2026-11.here.json"
    shard.unlink()
    assert_refused(log(cli, "2026-11-20"), f"archive file {shard} is missing (2 matches)")
    assert not shard.exists()
    done = cli("history", "accept-loss", "2026-11", "--json")
    assert done.exit_code == 0 and done.json["lost"] == 2
    assert log(cli, "2026-11-20").exit_code == 0
    assert len(cli("history", "list", "--json").json["matches"]) == 1


def test_a_records_file_that_shrank_is_warned_about_and_not_written_over(cli, db):
    assert log(cli, "2026-11-02").exit_code == 0
    assert cli("players", "rename", "Ben", "Benji").exit_code == 0
    records = archive(db) / "records.here.json"
    older = records.read_bytes()
    assert cli("players", "rename", "Ana", "Anna").exit_code == 0
    records.write_bytes(older)  # the rename of Ana is gone from the file

    shown = cli("players", "list")
    assert f"archive file {records} holds 1 record, 2 expected" in shown.stderr
    before = files(db)
    refused = cli("players", "rename", "Benji", "Bo")
    assert_refused(refused, f"archive file {records} holds 1 record, 2 expected")
    assert "'companion history accept-loss records'" in refused.stderr
    assert files(db) == before
    accepted = cli("history", "accept-loss", "records")
    assert accepted.stdout == (
        "accepted the loss of 1 record in records.here.json: 1 kept, 2 were written\n"
    )
    assert cli("players", "rename", "Benji", "Bo").exit_code == 0
    assert cli("players", "list").stderr == ""


def test_a_conflict_copy_holding_what_was_lost_is_merged_back(cli, db):
    for day in ("02", "03", "04"):
        assert log(cli, f"2026-11-{day}").exit_code == 0
    shard = archive(db) / "2026-11.here.json"
    full = shard.read_bytes()
    body = json.loads(full)
    body["matches"] = dict(list(body["matches"].items())[:1])
    short = json.dumps(body)
    # The engine put an older version under the name and set the newer one aside.
    shard.write_text(short)
    copy = archive(db) / "2026-11.here.sync-conflict-20261201-101010-ABCDEF7.json"
    copy.write_bytes(full)
    assert log(cli, "2026-11-20").exit_code == 0  # merged whole again, then written
    assert not copy.exists()
    assert len(cli("history", "list", "--json").json["matches"]) == 4


def test_a_conflict_copy_that_does_not_make_it_whole_is_kept_and_the_write_refused(cli, db):
    for day in ("02", "03", "04"):
        assert log(cli, f"2026-11-{day}").exit_code == 0
    shard = archive(db) / "2026-11.here.json"
    body = json.loads(shard.read_text())
    items = list(body["matches"].items())
    shard.write_text(json.dumps({**body, "matches": dict(items[:1])}))
    copy = archive(db) / "2026-11.here.sync-conflict-20261201-101010-ABCDEF7.json"
    copy.write_text(json.dumps({**body, "matches": dict(items[1:2])}))  # one of the two lost
    before = files(db)
    assert_refused(log(cli, "2026-11-20"), f"archive file {shard} holds 1 match, 3 expected")
    assert files(db) == before and copy.exists()
    assert log(cli, "2026-12-01").exit_code == 0  # another month: written, the copy kept
    assert copy.exists()
