"""Machine ids: made once outside the data folder; a main file synced by mistake is named."""

from __future__ import annotations

import os
import shutil

import pytest


def test_a_machine_id_is_made_once_outside_the_data_folder(tmp_path, monkeypatch):
    from companion.store import machines

    monkeypatch.delenv(machines.MACHINE_ENV)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    machines._kept_id.cache_clear()
    try:
        made = machines.machine_id()
        assert machines.MACHINE_ID.fullmatch(made)
        kept = tmp_path / "config" / "companion" / "machine-id"
        assert kept.read_text().strip() == made
        machines._kept_id.cache_clear()
        assert machines.machine_id() == made
        monkeypatch.setenv(machines.MACHINE_ENV, "Bad Id")
        from companion.engine.errors import StoreError

        with pytest.raises(StoreError, match="is not a machine id"):
            machines.machine_id()
    finally:
        machines._kept_id.cache_clear()
    assert os.environ.get(machines.MACHINE_ENV) == "Bad Id"


def test_a_main_file_written_by_another_machine_is_named_once(cli, db, tmp_path, monkeypatch):
    cli("log", "otdraft", "Ana=5", "Ben=3", "--when", "2026-01-05")
    other = tmp_path / "other" / "companion.json"
    other.parent.mkdir()
    shutil.copyfile(db, other)  # a sync engine carried the whole folder, main file too
    shutil.copytree(db.with_name("companion.archive"), other.with_name("companion.archive"))
    monkeypatch.setenv("COMPANION_MACHINE", "laptop")
    seen = cli("history", "list", database=other)
    assert seen.exit_code == 0
    assert seen.stderr == (
        f"warning: {other} was last written by machine here, not this one (laptop): if it is "
        "synced between computers, share only companion.archive/ instead (see docs/sharing.md)\n"
    )
    # Its next change makes it this machine's own; the warning goes.
    assert cli("players", "rename", "Ben", "Benji", database=other).exit_code == 0
    assert cli("history", "list", database=other).stderr == ""
    monkeypatch.setenv("COMPANION_MACHINE", "here")
    assert "was last written by machine laptop" in cli("history", "list", database=other).stderr
    assert cli("history", "list").stderr == ""  # a main file that never travelled: no word


def test_a_match_finished_again_elsewhere_is_one_match_before_the_record_arrives(tmp_path):
    import json

    from companion.store import Store
    from companion.store.archive import summaries
    from tests.history.factory import match

    db = tmp_path / "companion.json"
    archive = tmp_path / "companion.archive"
    archive.mkdir()
    first = match("x1", "otdraft", {"Ana": 5, "Ben": 3}, "2026-01-05")
    # Machine a reopened x1 and finished it again in February; its February file has
    # arrived here, the record deleting the January finishing has not yet.
    again = {**match("x1", "otdraft", {"Ana": 5, "Ben": 9}, "2026-02-01")}
    for name, doc in (("2026-01.b", first), ("2026-02.a", again)):
        (archive / f"{name}.json").write_text(json.dumps({"matches": {"1": doc}}))
    found = list(summaries(Store(db)))
    assert [(m["id"], m["result"]["scores"]["Ben"]) for m in found] == [("x1", 9)]
    exported = list(Store(db).archived())
    assert [(m["id"], m["result"]["scores"]["Ben"]) for m in exported] == [("x1", 9)]
