"""Reads that touch one match or one screen read one archive file, not the whole archive.

How fast is measured by tests/benchmarks/history_bench.py; these tests pin down what is
read: which archive files' summaries a command loads, through companion.store.archive.
"""

from __future__ import annotations

import json
import shutil

import pytest

from tests.history.factory import match, record

MONTHS = ["2026-01", "2026-02", "2026-03"]


@pytest.fixture
def three_months(db):
    record(
        db,
        *(
            match(f"m{n}{k}", "otdraft", {"Ana": n, "Ben": k}, f"{month}-1{k}")
            for n, month in enumerate(MONTHS)
            for k in range(3)
        ),
    )
    return db


def months(files: list[str]) -> list[str]:
    return [name[:7] for name in files]  # `2026-03.<machine>`: the month of each file


def ids(result) -> list[str]:
    return [m["id"] for m in result.json["matches"]]


def test_list_with_a_limit_reads_only_the_newest_files(cli, three_months, summarised):
    assert ids(cli("history", "list", "-n", "2", "--json")) == ["m22", "m21"]
    assert months(summarised) == ["2026-03"]
    summarised.clear()
    assert ids(cli("history", "list", "-n", "4", "--json")) == ["m22", "m21", "m20", "m12"]
    assert months(summarised) == ["2026-03", "2026-02"]


def test_list_without_a_limit_still_lists_everything_newest_first(cli, three_months):
    assert ids(cli("history", "list", "--json")) == [
        f"m{n}{k}" for n in (2, 1, 0) for k in (2, 1, 0)
    ]
    assert ids(cli("history", "list", "--player", "an", "-n", "1", "--json")) == ["m22"]


def test_a_screen_says_how_many_are_left_with_and_without_a_filter(cli, db):
    record(
        db, *(match(f"n{n:03d}", "otdraft", {"Ana": n, "Ben": 1}, "2026-01-01") for n in range(52))
    )
    record(db, match("p000", "playlist", {"Ana": 1, "Cy": 2}, "2025-12-01"))
    assert cli("history", "list").stdout.splitlines()[-1] == (
        "… and 3 older (see --limit N, or --json for all)"
    )
    assert cli("history", "list", "--game", "otdraft").stdout.splitlines()[-1] == (
        "… and 2 older (see --limit N, or --json for all)"
    )


def test_show_reads_one_file(cli, three_months, summarised):
    assert cli("history", "show", "--json").json["id"] == "m22"
    assert months(summarised) == ["2026-03"]
    summarised.clear()
    shown = cli("history", "show", "m01", "--json").json
    assert (shown["id"], shown["result"]["scores"]) == ("m01", {"Ana": 0, "Ben": 1})
    assert len(shown["events"]) == 1
    assert summarised == []


def test_log_checks_its_new_id_without_reading_summaries(cli, three_months, summarised):
    assert cli("log", "otdraft", "Ana=3", "Ben=4").exit_code == 0
    assert summarised == []


def test_the_index_is_rebuilt_when_lost_or_stale(cli, three_months):
    assert ids(cli("history", "list", "-n", "1", "--json")) == ["m22"]
    shutil.rmtree(three_months.with_name(three_months.stem + ".archive") / ".index.here")
    assert ids(cli("history", "list", "-n", "1", "--json")) == ["m22"]
    # A month changed behind the index's back (a hand edit, a restored copy).
    (shard,) = three_months.with_name(three_months.stem + ".archive").glob("2026-03*.json")
    data = json.loads(shard.read_text())
    data["matches"]["99"] = match("zz9", "otdraft", {"Ana": 1, "Cy": 2}, "2026-03-30")
    shard.write_text(json.dumps(data))
    assert ids(cli("history", "list", "-n", "1", "--json")) == ["zz9"]
    assert cli("history", "show", "zz", "--json").json["id"] == "zz9"
    assert cli("history", "list", "--player", "cy", "--json").json["matches"][0]["id"] == "zz9"
