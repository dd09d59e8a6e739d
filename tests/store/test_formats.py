"""The folder says which format it holds; an older companion on it is told, not silently wrong.

Every file a companion writes says, in `_meta`, the format of the shared folder it writes
and its release (companion.store.formats). A companion that finds a newer format refuses
to write into the folder, naming the release to install; one that finds another machine
writing without the current format names that machine in one warning. Machines are played
in-process, each with its own COMPANION_MACHINE, on one folder (as a sync engine leaves it).
"""

from __future__ import annotations

import json
from pathlib import Path

from companion import __version__
from companion.store.formats import FORMAT
from tests.conftest import assert_user_error

CURRENT = {"schema": 1, "format": FORMAT, "release": __version__}


def archive(db: Path) -> Path:
    return db.with_name("companion.archive")


def meta(path: Path) -> dict:
    return json.loads(path.read_text())["_meta"]["1"]


def logged(cli, *scores: str, day: str = "2026-01-05", **extra):
    return cli("log", "otdraft", *scores, "--when", day, **extra)


def old_machine(db: Path, machine: str, records: bool = True) -> None:
    """Machine `machine` runs a companion from before the markers: its month and its records
    say no format (what 1134d09 and every release before the markers write)."""
    folder = archive(db)
    folder.mkdir(exist_ok=True)
    match = {
        **{"id": f"{machine}1", "game": "otdraft", "players": ["Cy", "Dee"], "options": {}},
        **{"status": "finished", "created": "2026-01-07T19:00:00+00:00", "seed": None},
        **{"updated": "2026-01-07T21:00:00+00:00", "finished": "2026-01-07T21:00:00+00:00"},
        **{"events": [], "result": {"scores": {"Cy": 3, "Dee": 1}, "winner": "Cy"}},
    }
    (folder / f"2026-01.{machine}.json").write_text(
        json.dumps({"matches": {"1": match}, "_meta": {"1": {"schema": 1}}})
    )
    if records:
        rename = {"type": "aliases", "set": {"Dee": "Deirdre"}, "unset": [], "rid": "r1"}
        rename |= {"machine": machine, "seq": 1, "at": "2026-01-08T10:00:00+00:00"}
        body = {"records": {"1": rename}, "_meta": {"1": {"schema": 1}}}
        (folder / f"records.{machine}.json").write_text(json.dumps(body))


def newer_machine(db: Path, release: str = "0.9.0", held: int = FORMAT + 1) -> Path:
    folder = archive(db)
    folder.mkdir(exist_ok=True)
    path = folder / "records.future.json"
    marker = {"schema": 1, "format": held, "release": release}
    path.write_text(json.dumps({"records": {}, "_meta": {"1": marker}}))
    return path


def files(db: Path) -> dict[str, bytes]:
    found = {p.name: p.read_bytes() for p in archive(db).glob("*.json")}
    return {**found, "main": db.read_bytes() if db.exists() else b""}


def test_every_file_a_companion_writes_says_the_format_and_release(cli, db):
    assert logged(cli, "Ana=5", "Ben=3").exit_code == 0
    assert meta(archive(db) / "2026-01.here.json") == CURRENT
    # The records file is written on the machine's first write into the folder, with no
    # record yet: every machine that writes there says which format it writes.
    assert meta(archive(db) / "records.here.json") == CURRENT
    assert json.loads((archive(db) / "records.here.json").read_text())["records"] == {}
    assert meta(db) == CURRENT


def test_a_folder_of_a_newer_format_is_not_written(cli, db):
    assert logged(cli, "Ana=5", "Ben=3").exit_code == 0
    newer_machine(db)
    before = files(db)
    for args in (
        ("log", "otdraft", "Cy=2", "Dee=4", "--when", "2026-01-06"),
        ("players", "rename", "Ana", "Anna"),
        ("history", "delete", cli("history", "list", "--json").json["matches"][0]["id"], "--yes"),
    ):
        done = cli(*args)
        assert_user_error(done, "install companion 0.9.0 or later on this computer")
        assert f"holds format {FORMAT + 1}, written by companion 0.9.0 on machine future" in (
            done.stderr
        )
        assert files(db) == before, args  # nothing written
    # Reading is not writing: the history is still shown.
    assert cli("history", "list").exit_code == 0


def test_a_newer_format_refusal_is_one_line_under_json(cli, db):
    newer_machine(db)
    done = logged(cli, "Ana=5", "Ben=3", "--json")
    assert_user_error(done, "companion 0.9.0")
    assert not (archive(db) / "2026-01.here.json").exists()


def test_a_release_that_is_not_a_version_is_not_repeated(cli, db):
    newer_machine(db, release="0.9\x1b[31m; rm -rf")
    done = logged(cli, "Ana=5", "Ben=3")
    assert_user_error(done, "install a newer companion on this computer")
    assert "\x1b" not in done.stderr and "rm -rf" not in done.stderr


def test_a_machine_writing_with_an_older_companion_is_named_once(cli, db):
    assert logged(cli, "Ana=5", "Ben=3").exit_code == 0
    old_machine(db, "k3j9x2mb")
    shown = cli("history", "list", "--json")
    assert shown.exit_code == 0
    warnings = [line for line in shown.stderr.splitlines() if line.startswith("warning:")]
    assert warnings == [
        "warning: machine k3j9x2mb writes the shared history with an older companion "
        f"(format 1; this one writes format {FORMAT}): it misses a month's further files "
        "and orders renames, amendments and corrected matches by its own clock; install "
        f"companion {__version__} or later there (see docs/sharing.md)"
    ]
    assert {m["id"] for m in shown.json["matches"]} >= {"k3j9x2mb1"}  # still read
    # A write says it too, once; and it stays said until that machine writes as this one.
    done = logged(cli, "Ana=1", "Ben=2")
    assert done.exit_code == 0 and done.stderr.count("k3j9x2mb") == 1


def test_older_machines_are_named_in_one_warning_even_with_no_records(cli, db):
    assert logged(cli, "Ana=5", "Ben=3").exit_code == 0
    old_machine(db, "oldone")
    old_machine(db, "oldtwo", records=False)  # it only ever filed matches
    lines = cli("history", "list").stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("warning: machines oldone, oldtwo write")


def other_writes(cli, db: Path, monkeypatch, tmp_path: Path) -> None:
    """Machine `other` logs a game with this release, and its files reach this folder."""
    there = tmp_path / "other" / "companion.json"
    there.parent.mkdir()
    monkeypatch.setenv("COMPANION_MACHINE", "other")
    assert logged(cli, "Cy=5", "Dee=3", database=there).exit_code == 0
    monkeypatch.setenv("COMPANION_MACHINE", "here")
    archive(db).mkdir(exist_ok=True)
    for path in archive(there).glob("*.other.json"):
        (archive(db) / path.name).write_bytes(path.read_bytes())


def test_a_current_machine_is_not_named(cli, db, monkeypatch, tmp_path):
    other_writes(cli, db, monkeypatch, tmp_path)
    done = cli("history", "list")
    assert done.exit_code == 0 and done.stderr == ""


def test_this_machines_own_files_from_before_the_markers_are_marked_at_its_next_write(cli, db):
    old_machine(db, "here")  # this machine, before it was updated
    listed = cli("history", "list")
    assert listed.exit_code == 0 and listed.stderr == ""  # it is not another machine
    assert logged(cli, "Ana=5", "Ben=3").exit_code == 0
    assert meta(archive(db) / "records.here.json") == CURRENT
    assert cli("players", "list", "--json").json["players"][0]["player"] == "Ana"
    assert "Deirdre" in {p["player"] for p in cli("players", "list", "--json").json["players"]}


def test_a_machine_that_went_back_to_an_older_companion_is_named(cli, db, monkeypatch, tmp_path):
    other_writes(cli, db, monkeypatch, tmp_path)
    assert cli("history", "list").stderr == ""
    # An older companion on `other` rewrites its records: its `_meta` says no format.
    records = archive(db) / "records.other.json"
    body = json.loads(records.read_text())
    records.write_text(json.dumps({**body, "_meta": {"1": {"schema": 1}}}))
    assert "machine other writes the shared history with an older companion" in (
        cli("history", "list").stderr
    )
