"""One rule for every way a name or a number comes in: typed, logged, renamed, imported.

What the companion accepts it can export, and what it exports imports back: a name
over 200 characters, or holding a character no one can see (U+200B and the like), is
refused the same way by `log`, `players rename` and `history import`; a number of
5,000 digits is out of range, not "not a whole number" or "not JSON"; and a CSV cell a
spreadsheet would run as a formula is neutralised whatever sign or space it starts with.
"""

from __future__ import annotations

import json

import pytest

from companion.history import formats
from tests.conftest import assert_user_error
from tests.history.factory import match, record

HEAD = {"format": "companion-history", "version": 1, "exported": "2026-03-01T00:00:00+00:00"}


def export_file(tmp_path, *matches: dict) -> str:
    path = tmp_path / "export.json"
    path.write_text(json.dumps({**HEAD, "matches": list(matches), "players": {}}))
    return str(path)


def test_a_name_over_the_limit_is_refused_by_every_way_in(cli, tmp_path):
    long = "A" * 201
    assert_user_error(cli("log", "otdraft", f"{long}=5", "Ben=3"), "is longer than 200 characters")
    assert cli("log", "otdraft", "Ana=5", "Ben=3").exit_code == 0
    assert_user_error(cli("players", "rename", "Ana", long), "is longer than 200 characters")
    bad = export_file(tmp_path, match("m1", "otdraft", {long: 5, "Ben": 3}, "2026-01-05"))
    assert_user_error(cli("history", "import", bad), "is longer than 200 characters")


def test_the_longest_name_log_takes_exports_and_imports_back(cli, tmp_path, db):
    longest = "A" * 200
    assert cli("log", "otdraft", f"{longest}=5", "Ben=3").exit_code == 0
    path = tmp_path / "all.json"
    assert cli("history", "export", "--format", "json", "--output", str(path)).exit_code == 0
    other = tmp_path / "other" / "companion.json"
    other.parent.mkdir()
    done = cli("history", "import", str(path), "--json", database=other)
    assert done.exit_code == 0, done.stderr
    assert done.json["added"] == 1


def test_an_invisible_character_is_refused_by_import_as_when_typed(cli, tmp_path):
    hidden = "A\u200bna"  # looks like Ana
    typed = cli("log", "otdraft", f"{hidden}=5", "Ben=3")
    assert_user_error(typed, "contains an invisible character (U+200B)")
    for char in ("\u200b", "\u200d", "\ufeff", "\u00a0"):
        doc = match("m1", "otdraft", {f"A{char}na": 5, "Ben": 3}, "2026-01-05")
        result = cli("history", "import", export_file(tmp_path, doc))
        assert_user_error(result, f"contains an invisible character (U+{ord(char):04X})")
    assert cli("history", "list", "--json").json["matches"] == []


def test_a_5000_digit_number_is_out_of_range(cli, tmp_path):
    digits = "9" * 5000
    assert_user_error(cli("log", "otdraft", f"Ana={digits}", "Ben=3"), "is out of range")
    doc = match("m1", "otdraft", {"Ana": 5, "Ben": 3}, "2026-01-05")
    path = tmp_path / "export.json"
    text = json.dumps({**HEAD, "matches": [doc], "players": {}})
    path.write_text(text.replace('"Ana": 5', f'"Ana": {digits}', 1))
    result = cli("history", "import", str(path))
    assert_user_error(result, "match #1 (m1) is not a match document")
    assert "out of range" in result.stderr and "not JSON" not in result.stderr


def test_csv_cells_a_spreadsheet_would_run_are_neutralised(cli, db):
    # Names stored before names were stripped, and full-width signs a spreadsheet reads.
    record(db, match("m1", "otdraft", {" =1+1": 5, "\uff1dHYPERLINK(1)": 3}, "2026-01-05"))
    record(db, match("m2", "otdraft", {"\uff0bcmd": 5, "Ana": 3}, "2026-01-06"))
    out = cli("history", "export", "--format", "csv")
    assert out.exit_code == 0, out.stderr
    players = [line.split(",")[3] for line in out.stdout.splitlines()[1:]]
    assert sorted(players) == sorted(["' =1+1", "'\uff1dHYPERLINK(1)", "'\uff0bcmd", "Ana"])


def mixed_export(tmp_path) -> str:
    good = [match(f"g{n}", "otdraft", {"Ana": n, "Ben": 3}, "2026-01-05") for n in range(1, 4)]
    bad_name = match("b1", "otdraft", {"A" * 300: 5, "Ben": 3}, "2026-01-06")
    bad_score = match("b2", "otdraft", {"Ana": 5, "Ben": 3}, "2026-01-07")
    bad_score["result"]["scores"]["Ana"] = 10**12
    return export_file(tmp_path, good[0], bad_name, good[1], bad_score, good[2])


@pytest.mark.parametrize("streamed", [False, True])
def test_an_import_names_every_bad_match_and_imports_none(cli, tmp_path, monkeypatch, streamed):
    if streamed:  # a big file is read a match at a time: the same answer
        monkeypatch.setattr(formats, "BIG_FILE", 10)
    path = mixed_export(tmp_path)
    refused = cli("history", "import", path)
    assert_user_error(refused, f"{path}: 2 of 5 matches cannot be imported: match #2 (b1)")
    assert "match #4 (b2) is not a match document ('result.scores'" in refused.stderr
    assert "nothing imported" in refused.stderr
    assert "add --skip-bad to import the other 3" in refused.stderr
    assert cli("history", "list", "--json").json["matches"] == []

    kept = cli("history", "import", path, "--skip-bad", "--json")
    assert kept.exit_code == 0, kept.stderr
    assert kept.json["added"] == 3
    assert [why.split(" is ")[0] for why in kept.json["left_out"]] == [
        "match #2 (b1)",
        "match #4 (b2)",
    ]
    ids = sorted(m["id"] for m in cli("history", "list", "--json").json["matches"])
    assert ids == ["g1", "g2", "g3"]
    shown = cli("history", "import", path, "--skip-bad").stdout.splitlines()
    assert shown[0] == "imported 0 matches (3 already here), 0 aliases"
    assert shown[1].startswith("left out match #2 (b1) is not a match document")
