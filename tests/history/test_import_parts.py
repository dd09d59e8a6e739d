"""Issue 30 item 12: an import into a big month files its matches beside the month's file
(`YYYY-MM.<machine>.2.json`, a further part of the month) instead of reading and writing
that file whole, and every reader takes the part as one more file of the month.

`companion.store.archive.PART` (500 matches) is set to 3 here: a month of three matches is
then "big". How fast is measured by tests/benchmarks/history_bench.py (`--flat`).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from companion.store import archive
from companion.store.layout import MANIFEST
from tests.history.factory import match, record
from tests.test_completion_values import offered

HERE = [  # three in January (a full month), one in February
    match("jan1", "otdraft", {"Ana": 9, "Ben": 3}, "2026-01-05"),
    match("jan2", "otdraft", {"Ana": 2, "Cy": 7}, "2026-01-12"),
    match("jan3", "otdraft", {"Ben": 5, "Cy": 4}, "2026-01-26"),
    match("feb1", "otdraft", {"Ana": 6, "Ben": 6}, "2026-02-03"),
]
BROUGHT = [  # between January's (so the month's two files interleave), and in February
    match("imp1", "otdraft", {"Ben": 8, "Dee": 1}, "2026-01-08"),
    match("imp2", "otdraft", {"Dee": 4, "Ana": 5}, "2026-01-20"),
    match("imp3", "otdraft", {"Cy": 3, "Dee": 9}, "2026-02-10"),
    match("jan1", "otdraft", {"Ana": 9, "Ben": 3}, "2026-01-05"),  # already here: skipped
]


@pytest.fixture(autouse=True)
def small_part(monkeypatch):
    monkeypatch.setattr(archive, "PART", 3, raising=False)


def export(path: Path, matches: list[dict]) -> Path:
    path.write_text(
        json.dumps(
            {
                "format": "companion-history",
                "version": 1,
                "exported": "2026-03-01T00:00:00+00:00",
                "matches": matches,
            }
        )
    )
    return path


def folder(db: Path) -> Path:
    return db.with_name(db.stem + ".archive")


def held(path: Path) -> list[str]:
    return sorted(m["id"] for m in json.loads(path.read_text())["matches"].values())


def version(path: Path) -> tuple[int, int, int]:
    st = path.stat()
    return st.st_ino, st.st_size, st.st_mtime_ns


def everything_at_once(tmp_path: Path, *matches: dict) -> Path:
    """The same matches filed one by one into one file a month: what the answers must be."""
    db = tmp_path / "whole" / "companion.json"
    db.parent.mkdir()
    record(db, *matches)
    return db


def answers(cli, db: Path) -> dict:
    return {
        "list": [m["id"] for m in cli("--db", db, "history", "list", "--json").json["matches"]],
        "stats": cli("--db", db, "history", "stats", "--json").json,
        "ratings": cli("--db", db, "history", "ratings", "--json").json,
        "player": cli("--db", db, "history", "stats", "--player", "Ana", "--json").json,
    }


def test_an_import_into_a_full_month_leaves_its_file_as_it_was(cli, db, tmp_path):
    record(db, *HERE)
    january = folder(db) / "2026-01.here.json"
    before = version(january)
    done = cli("history", "import", export(tmp_path / "in.json", BROUGHT), "--json")
    assert done.exit_code == 0, done.stderr
    assert (done.json["added"], done.json["skipped"]) == (3, 1)
    assert version(january) == before  # not read into a new version, not written
    assert held(january) == ["jan1", "jan2", "jan3"]
    assert held(folder(db) / "2026-01.here.2.json") == ["imp1", "imp2"]
    # February held one match: below PART, so the import added to its file.
    assert held(folder(db) / "2026-02.here.json") == ["feb1", "imp3"]
    assert not (folder(db) / "2026-02.here.2.json").exists()
    manifest = json.loads(db.read_text())[MANIFEST]["1"]["counts"]
    files = {"2026-01.here": 3, "2026-01.here.2": 2, "2026-02.here": 2, "records.here": 0}
    assert manifest == files
    # Every reader sees the month's two files as one history, as if filed one by one.
    whole = everything_at_once(tmp_path, *HERE, *BROUGHT[:3])
    assert answers(cli, db) == answers(cli, whole)
    assert answers(cli, db)["list"] == ["imp3", "feb1", "jan3", "imp2", "jan2", "imp1", "jan1"]
    shown = cli("history", "show", "imp1", "--json")
    assert shown.exit_code == 0, shown.stderr
    assert shown.json["id"] == "imp1"


def test_tab_offers_the_imported_ids(cli, db, tmp_path, monkeypatch, capsys):
    record(db, *HERE)
    cli("history", "import", export(tmp_path / "in.json", BROUGHT))
    assert offered(monkeypatch, capsys, db, "companion history show im") == [
        "imp3",
        "imp2",
        "imp1",
    ]


def test_the_next_import_fills_the_part_then_opens_another(cli, db, tmp_path):
    record(db, *HERE)
    cli("history", "import", export(tmp_path / "one.json", BROUGHT[:2]))
    more = [
        match(f"more{n}", "otdraft", {"Ana": n, "Eli": 5}, f"2026-01-1{n + 4}") for n in range(3)
    ]
    done = cli("history", "import", export(tmp_path / "two.json", more[:1]))
    assert done.exit_code == 0, done.stderr
    assert held(folder(db) / "2026-01.here.2.json") == ["imp1", "imp2", "more0"]  # was 2 < 3
    done = cli("history", "import", export(tmp_path / "three.json", more[1:]))
    assert done.exit_code == 0, done.stderr
    assert held(folder(db) / "2026-01.here.2.json") == ["imp1", "imp2", "more0"]  # full
    assert held(folder(db) / "2026-01.here.3.json") == ["more1", "more2"]
    whole = everything_at_once(tmp_path, *HERE, *BROUGHT[:2], *more)
    assert answers(cli, db) == answers(cli, whole)


def test_the_first_stats_after_an_import_reads_what_a_warm_one_reads(cli, db, tmp_path, summarised):
    # The import makes the month runs' partials and the rating checkpoints itself, so the
    # first `history stats` after it reads no file's summaries, as a warm one does not.
    record(db, *HERE)
    assert cli("history", "stats", "--json").exit_code == 0  # the checkpoints, made
    cli("history", "import", export(tmp_path / "in.json", BROUGHT))
    summarised.clear()
    first = cli("history", "stats", "--json")
    ratings = cli("history", "ratings", "--json")
    assert summarised == []
    whole = everything_at_once(tmp_path, *HERE, *BROUGHT[:3])
    assert first.json == cli("--db", whole, "history", "stats", "--json").json
    assert ratings.json == cli("--db", whole, "history", "ratings", "--json").json


def test_records_apply_to_imported_matches(cli, db, tmp_path, monkeypatch):
    from companion.store import clock

    # Both databases amend "at once": an amendment says when it was made, and a second
    # ticking over between the two (a loaded machine) made them differ.
    monkeypatch.setattr(clock, "wall", lambda: "2026-03-01T20:00:00+00:00")
    record(db, *HERE)
    cli("history", "import", export(tmp_path / "in.json", BROUGHT))
    whole = everything_at_once(tmp_path, *HERE, *BROUGHT[:3])
    for each in (db, whole):
        for args in (
            ("players", "rename", "Dee", "Deirdre"),
            ("history", "amend", "imp2", "Ana=7"),
            ("history", "delete", "imp1", "--yes"),
        ):
            done = cli("--db", each, *args)
            assert done.exit_code == 0, (args, done.stderr)
    part = folder(db) / "2026-01.here.2.json"
    assert held(part) == ["imp2"]  # taken out of the part that held it
    got = answers(cli, db)
    assert got["list"] == ["imp3", "feb1", "jan3", "imp2", "jan2", "jan1"]
    assert "Deirdre" in {row["player"] for row in got["stats"]["players"]}
    assert got == answers(cli, whole)
    shown = cli("history", "show", "imp2", "--json").json
    assert shown == cli("--db", whole, "history", "show", "imp2", "--json").json
    assert shown["result"]["scores"]["Ana"] == 7


def test_an_export_of_split_months_imports_back_whole(cli, db, tmp_path):
    record(db, *HERE)
    cli("history", "import", export(tmp_path / "in.json", BROUGHT))
    saved = tmp_path / "out.json"
    assert cli("history", "export", "-o", saved).exit_code == 0
    other = tmp_path / "other" / "companion.json"
    other.parent.mkdir()
    done = cli("--db", other, "history", "import", saved, "--json")
    assert done.json["added"] == 7
    assert answers(cli, other) == answers(cli, db)


def test_a_backup_holds_the_parts_and_restores_them(cli, db, tmp_path):
    record(db, *HERE)
    cli("history", "import", export(tmp_path / "in.json", BROUGHT))
    saved = tmp_path / "backup.json"
    assert cli("backup", saved).exit_code == 0, "backup"
    assert "2026-01.here.2" in json.loads(saved.read_text())["archive"]
    part = folder(db) / "2026-01.here.2.json"
    part.unlink()
    done = cli("restore", saved, "--yes")
    assert done.exit_code == 0, done.stderr
    assert held(part) == ["imp1", "imp2"]
    assert "imp1" in [m["id"] for m in cli("history", "list", "--json").json["matches"]]


def test_a_part_that_shrank_is_never_written_over(cli, db, tmp_path):
    record(db, *HERE)
    cli("history", "import", export(tmp_path / "in.json", BROUGHT[:1]))
    part = folder(db) / "2026-01.here.2.json"
    cli("history", "import", export(tmp_path / "two.json", BROUGHT[1:2]))
    assert held(part) == ["imp1", "imp2"]
    shutil.copy(part.with_name(part.name + ".bak"), part)  # an older copy put back
    late = match("late", "otdraft", {"Ana": 1, "Ben": 2}, "2026-01-30")
    refused = cli("history", "import", export(tmp_path / "three.json", [late]))
    assert refused.exit_code == 2
    assert refused.stderr.startswith(f"error: archive file {part} holds 1 match, 2 expected")
    assert "'companion history accept-loss 2026-01.2'" in refused.stderr
    assert held(part) == ["imp1"]
    accepted = cli("history", "accept-loss", "2026-01.2")
    assert accepted.stdout == (
        "accepted the loss of 1 match in 2026-01.here.2.json: 1 kept, 2 were written\n"
    )
    done = cli("history", "import", export(tmp_path / "three.json", [late]))
    assert done.exit_code == 0, done.stderr
    assert held(part) == ["imp1", "late"]


def test_a_conflict_copy_of_a_part_is_merged_back_into_it(cli, db, tmp_path):
    record(db, *HERE)
    cli("history", "import", export(tmp_path / "in.json", BROUGHT))
    part = folder(db) / "2026-01.here.2.json"
    copy = part.with_name("2026-01.here.2.sync-conflict-20260201-101010-ABCDEFG.json")
    body = json.loads(part.read_text())
    extra = match("lost", "otdraft", {"Ana": 3, "Cy": 1}, "2026-01-22")
    body["matches"]["9"] = {**extra, "updated": "2026-01-22T21:00:00+00:00"}
    copy.write_text(json.dumps(body))
    january = folder(db) / "2026-01.here.json"
    before = version(january)
    assert cli("players", "rename", "Cy", "Cyrus").exit_code == 0  # any write settles
    assert not copy.exists()
    assert held(part) == ["imp1", "imp2", "lost"]
    assert version(january) == before
    assert os.path.exists(part)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_run_of_files_sums_as_its_matches_counted_together(seed):
    # The partial of a month's two files is made from each file's partial and the matches
    # in time order (`aggregates.joined`): it must be the one `partial` makes of them all.
    import random

    from companion.history import aggregates
    from tests.benchmarks.history_generate import generate

    rng = random.Random(seed)
    matches = generate(300, seed=seed)
    files: list[list[dict]] = [[], [], []]
    for m in matches:  # interleaved in time, as an import's part and its month's file are
        files[rng.randrange(3)].append(m)
    files[0].append({**matches[0], "id": "stray", "result": {"scores": {"Nobody": 1}}})
    made = [aggregates.partial(each) for each in files]
    everything = [m for each in files for m in each]
    assert aggregates.joined(made, everything) == aggregates.partial(everything)
    assert aggregates.joined([made[0], aggregates.partial([])], files[0]) == made[0]
    # given the files' heads only (no head-to-head to add), the records are counted
    heads = [{k: v for k, v in each.items() if k != "pairs"} for each in made]
    assert aggregates.joined(heads, everything) == aggregates.partial(everything)


def test_a_small_import_leaves_the_caches_to_the_next_reader(cli, db, tmp_path, summarised):
    # Making them replays every rating after the oldest match imported: an import of
    # less than a sixteenth of the archive is not made to pay for it.
    many = [
        match(f"old{n:02}", "otdraft", {"Ana": n, "Ben": 3}, f"2025-{n % 12 + 1:02}-1{n % 9}")
        for n in range(34)
    ]
    record(db, *many)
    summarised.clear()
    done = cli("history", "import", export(tmp_path / "in.json", BROUGHT[:2]))  # 2 of 36
    assert done.exit_code == 0, done.stderr
    assert summarised == []
    done = cli("history", "import", export(tmp_path / "in.json", BROUGHT[2:3]))  # 1 of 36
    assert summarised == []
    more = [match(f"new{n}", "otdraft", {"Cy": n, "Dee": 1}, f"2026-03-0{n}") for n in range(1, 4)]
    done = cli("history", "import", export(tmp_path / "more.json", more))  # 3 of 37: made
    assert done.exit_code == 0, done.stderr
    assert summarised != []
    whole = everything_at_once(tmp_path, *many, *BROUGHT[:3], *more)
    assert answers(cli, db) == answers(cli, whole)


def test_another_machine_reads_the_parts_as_the_writer_does(cli, db, tmp_path, monkeypatch):
    # A shared archive folder (docs/sharing.md): the parts are this machine's files, and the
    # other computer merges them with its own by match id, as it does the months' files.
    record(db, *HERE)
    cli("history", "import", export(tmp_path / "in.json", BROUGHT))
    mine = answers(cli, db)
    monkeypatch.setenv("COMPANION_MACHINE", "other")
    theirs = answers(cli, db)
    assert theirs == mine
    late = match("late", "otdraft", {"Ana": 1, "Dee": 2}, "2026-01-30")
    done = cli("history", "import", export(tmp_path / "late.json", [late, *BROUGHT]), "--json")
    assert (done.json["added"], done.json["skipped"]) == (1, 4)  # the parts' ids are known
    assert held(folder(db) / "2026-01.other.json") == ["late"]  # its own file of the month
    whole = everything_at_once(tmp_path, *HERE, *BROUGHT[:3], late)
    assert answers(cli, db) == answers(cli, whole)
