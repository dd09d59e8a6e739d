import json
import tempfile
from datetime import date
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.history.formats import backup, backup_chunks, read_backup
from companion.store import Store
from companion.store.archive import archive_many
from tests.conftest import assert_user_error
from tests.history.factory import match, record

PAIR = (
    match(
        "m1", "otdraft", {"Ana": 98, "Ben": 80, "Cy": 80}, "2026-01-10", options={"first": "Ben"}
    ),
    match("m2", "hoopers-series", {"Keepers": 4, "Unleashed": 1}, "2026-02-11"),
    match("m3", "playlist", {"Ana": 3, "Ben": 5}, "2026-03-12", status="abandoned"),
)


def aliases(db):
    """The alias map every machine's records give (what history shows)."""
    from companion.history.book import side_tables

    return side_tables(Store(db))[0]


def test_json_backup_restores_exactly_and_twice_adds_nothing(cli, db, tmp_path):
    record(db, *PAIR)
    cli("players", "rename", "Cy", "Cyril")
    out = tmp_path / "backup.json"
    report = cli("history", "export", "--output", out, "--json").json
    assert report == {"format": "json", "output": str(out), "matches": 3}
    data = json.loads(out.read_text())
    assert (data["format"], data["version"], data["players"]) == (
        "companion-history",
        1,
        {"Cy": "Cyril"},
    )
    other = tmp_path / "other.json"
    first = cli("history", "import", out, "--json", database=other)
    assert first.json == {"added": 3, "skipped": 0, "aliases_added": 1}
    again = cli("history", "import", out, "--json", database=other)
    assert again.json == {"added": 0, "skipped": 3, "aliases_added": 0}
    restored = json.loads(cli("history", "export", database=other).stdout)
    assert restored["matches"] == data["matches"] and restored["players"] == data["players"]
    assert cli("history", "import", out, database=other).stdout == (
        "imported 0 matches (3 already here), 0 aliases\n"
    )


def test_csv_one_row_per_player_per_match(cli, db):
    record(db, *PAIR)
    cli("players", "rename", "Cy", "Cyril")
    # Issue 16: ISO 8601 dates with the offset; a Series appears through its games only.
    assert cli("history", "export", "--format", "csv").stdout == (
        "date,game,match_id,player,score,rank,winner,series,playoff\n"
        "2026-01-10T21:00:00+00:00,otdraft,m1,Ana,98,1,yes,,\n"
        "2026-01-10T21:00:00+00:00,otdraft,m1,Ben,80,2,no,,\n"
        "2026-01-10T21:00:00+00:00,otdraft,m1,Cyril,80,2,no,,\n"
    )
    doc = cli("history", "export", "-f", "csv", "--game", "otd", "--json").json
    assert (doc["format"], doc["matches"], doc["rows"]) == ("csv", 1, 3)


def test_bgstats_plays(cli, db, tmp_path):
    record(db, *PAIR)
    out = tmp_path / "plays.json"
    assert cli("history", "export", "-f", "bgstats", "-o", out).stdout == (
        f"exported 1 match (bgstats) to {out}\n"
    )
    assert json.loads(out.read_text()) == [
        {
            "sourceName": "Table Companion",
            "sourcePlayId": "m1",
            "playDate": "2026-01-10 21:00:00",
            "game": {  # no durationMin: a match filed without its minutes
                "name": "OT Fantasy Draft",
                "sourceGameId": "otdraft",
                "highestWins": True,
                "noPoints": False,
            },
            "players": [
                {
                    "name": "Ana",
                    "sourcePlayerId": "player:ana",
                    "score": 98,
                    "rank": 1,
                    "winner": True,
                    "startPlayer": False,
                    "newPlayer": True,
                },
                {
                    "name": "Ben",
                    "sourcePlayerId": "player:ben",
                    "score": 80,
                    "rank": 2,
                    "winner": False,
                    "startPlayer": True,
                    "newPlayer": True,
                },
                {
                    "name": "Cy",
                    "sourcePlayerId": "player:cy",
                    "score": 80,
                    "rank": 2,
                    "winner": False,
                    "startPlayer": False,
                    "newPlayer": True,
                },
            ],  # fmt: skip
        }
    ]


def test_bad_exports_and_imports_write_nothing(cli, db, tmp_path):
    record(db, *PAIR)
    missing = tmp_path / "nope" / "out.csv"
    assert_user_error(cli("history", "export", "-f", "csv", "-o", missing), "folder")
    assert not missing.parent.exists()
    assert_user_error(cli("history", "export", "-o", tmp_path), "it is a folder")
    assert_user_error(cli("history", "export", "-f", "xml"), "no export format 'xml'")
    target = tmp_path / "target.json"
    cases = {
        "list.json": ("[1, 2]", "is not a companion history export"),
        "text.json": ("date,game\n", "is not a companion history export (not JSON)"),
        "newer.json": (
            json.dumps({"format": "companion-history", "version": 99, "matches": []}),
            "was exported by a newer companion (version 99; this one reads up to 1)",
        ),
        "broken.json": (
            json.dumps({"format": "companion-history", "version": 1, "matches": [{"id": 3}]}),
            "match #1 is not a match document",
        ),
    }
    for name, (body, message) in cases.items():
        path = tmp_path / name
        path.write_text(body)
        assert_user_error(cli("history", "import", path, database=target), message)
    assert_user_error(cli("history", "import", tmp_path / "absent.json"), "no file")
    assert not target.exists() and not (tmp_path / "target.archive").exists()


names = st.sampled_from(["Ana", "Ben", "Cy", "Dee", "Éa"])
matches = st.lists(
    st.builds(
        lambda players, day, game, scores: match(
            "", game, dict(zip(players, scores, strict=False)), day
        ),
        st.lists(names, min_size=1, max_size=4, unique=True),
        # Within what an import accepts: from 1900 to today.
        st.dates(date(1900, 1, 1), date.today()).map(lambda d: d.isoformat()),
        st.sampled_from(["hoopers", "allstar", "playlist", "otdraft"]),
        st.lists(st.integers(-5, 200), min_size=4, max_size=4),
    ),
    max_size=12,
)


@settings(max_examples=25, deadline=None)
@given(matches, st.dictionaries(st.sampled_from(["ana", "bob"]), names, max_size=2))
def test_round_trip_property(docs, aliases):
    for n, doc in enumerate(docs):
        doc["id"] = f"id{n:04d}"
    with tempfile.TemporaryDirectory() as tmp:
        source = Store(Path(tmp) / "a.json")
        for doc in docs:
            source.archive_match(doc)
        when = "2026-01-01T00:00:00+00:00"
        text = "".join(backup_chunks(source.archived(), aliases, when))
        assert json.loads(text) == backup(list(source.archived()), aliases, when)
        restored, kept = read_backup(json.loads(text), "backup")
        target = Store(Path(tmp) / "b.json")
        assert archive_many(target, restored) == (len(docs), 0)
        assert archive_many(target, restored) == (0, len(docs))
        key = lambda m: m["id"]  # noqa: E731
        assert sorted(target.archived(), key=key) == sorted(source.archived(), key=key)
        assert kept == aliases


def test_import_matches_alias_spellings_case_insensitively(cli, db, tmp_path):
    record(db, *PAIR)
    cli("players", "rename", "Cy", "Cyril")
    out = tmp_path / "old.json"
    out.write_text(
        json.dumps(
            {"format": "companion-history", "version": 1, "exported": "2026-01-01T00:00:00+00:00",
             "matches": [], "players": {"cy": "Cyrus", "ben": "Benji"}}
        )
    )  # fmt: skip
    assert cli("history", "import", out, "--json").json["aliases_added"] == 1
    assert aliases(db) == {"Cy": "Cyril", "ben": "Benji"}
