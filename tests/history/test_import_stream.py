"""A big export is imported a match at a time, with the same checks and the same outcome."""

from __future__ import annotations

import json

import pytest

from companion.store import Store
from tests.conftest import assert_user_error
from tests.history.factory import match, record


@pytest.fixture(autouse=True)
def every_file_is_big(monkeypatch):
    # Files over formats.BIG_FILE are streamed: make that every file here.
    monkeypatch.setattr("companion.history.formats.BIG_FILE", 0)


def export(tmp_path, matches, **extra) -> str:
    path = tmp_path / "in.json"
    body = {"format": "companion-history", "version": 1, "exported": "2026-11-01T00:00:00+00:00"}
    body.update(matches=matches, players=extra.pop("players", {}), **extra)
    path.write_text(json.dumps(body, ensure_ascii=False))
    return str(path)


def test_a_streamed_backup_restores_exactly(cli, db, tmp_path):
    docs = [
        match("m1", "otdraft", {"Ana": 98, "Ben": 80, "Éa": 80}, "2026-01-10"),
        match("m2", "playlist", {"Ana": 3, "Ben": 5}, "2026-03-12"),
        match("m3", "otdraft", {"Ana": 9, "Ben": 5}, "2026-01-11"),
    ]
    record(db, *docs)
    cli("players", "rename", "Ben", "Benny")
    cli("history", "amend", "m2", "Ana=9")
    out = tmp_path / "backup.json"
    assert cli("history", "export", "-o", out).exit_code == 0
    other = tmp_path / "other.json"
    first = cli("history", "import", out, "--json", database=other)
    assert first.json == {"added": 3, "skipped": 0, "aliases_added": 1}
    again = cli("history", "import", out, "--json", database=other)
    assert again.json == {"added": 0, "skipped": 3, "aliases_added": 0}
    assert (
        json.loads(cli("history", "export", database=other).stdout)["matches"]
        == json.loads(out.read_text())["matches"]
    )
    assert cli("history", "show", "m2", "--json", database=other).json["result"]["winner"] == "Ana"


@pytest.mark.parametrize(
    ("matches", "extra", "message"),
    [
        ([{"id": 3}], {}, "match #4 is not a match document"),
        ([match("a1", "otdraft", {"Ana": 1, "Ben": 2}, "2026-01-01")] * 2, {}, "appears twice"),
        (
            [match("a1", "otdraft", {"Ana\x1b[2J": 1, "Ben": 2}, "2026-01-01")],
            {},
            "contains a control character",
        ),
        (
            [match("a1", "otdraft", {"Ana": 1, "Ben": 2}, "2026-01-01")],
            {"players": {"x": 5}},
            "the alias 'x' -> 5",
        ),
    ],
    ids=["not a match", "twice", "control character", "bad alias after the matches"],
)
def test_a_bad_file_is_refused_whole_and_nothing_written(
    cli, db, tmp_path, matches, extra, message
):
    good = [match(f"g{n}", "otdraft", {"Ana": n, "Ben": 1}, "2025-12-01") for n in range(3)]
    result = cli("history", "import", export(tmp_path, good + matches, **extra))
    assert_user_error(result, message)
    assert not db.exists() or list(Store(db).archived()) == []
    archive = db.with_name(db.stem + ".archive")
    assert not archive.exists() or not [p for p in archive.iterdir() if p.suffix == ".json"]


def test_not_json_and_a_newer_version(cli, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "companion-history", "version": 1, "matches": [{"id": ')
    assert_user_error(cli("history", "import", path), "(not JSON)")
    path.write_text(json.dumps({"format": "companion-history", "version": 99, "matches": []}))
    assert_user_error(cli("history", "import", path), "newer companion (version 99")
