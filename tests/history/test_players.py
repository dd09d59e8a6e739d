from companion.store import Store
from tests.conftest import assert_user_error
from tests.history.factory import match, record


def aliases(db):
    """The alias map every machine's records give (what history shows)."""
    from companion.history.book import side_tables

    return side_tables(Store(db))[0]


def seed(db):
    return record(
        db,
        match("m1", "otdraft", {"Ana": 98, "Ben": 80}, "2026-01-10"),
        match("m2", "otdraft", {"anna": 50, "Ben": 60}, "2026-01-11"),
        match("m3", "playlist", {"ANA": 20, "Cy": 25}, "2026-01-12"),
    )


def test_players_list(cli, db):
    seed(db)
    assert cli("players", "list", "--json").json == {
        "players": [
            {
                "player": "Ana",
                "matches": 2,
                "last_played": "2026-01-12T21:00:00+00:00",
                "aliases": [],
            },
            {
                "player": "Ben",
                "matches": 2,
                "last_played": "2026-01-11T21:00:00+00:00",
                "aliases": [],
            },
            {
                "player": "anna",
                "matches": 1,
                "last_played": "2026-01-11T21:00:00+00:00",
                "aliases": [],
            },
            {
                "player": "Cy",
                "matches": 1,
                "last_played": "2026-01-12T21:00:00+00:00",
                "aliases": [],
            },
        ]
    }
    assert (
        cli("players", "list", "--game", "playlist", "--json").json["players"][0]["player"] == "Ana"
    )


def test_merge_makes_matches_follow(cli, db):
    seed(db)
    result = cli("players", "merge", "anna", "Ana", "--json")
    assert result.exit_code == 0, result.stderr
    assert result.json == {"merged": "anna", "into": "Ana", "matches": 3}
    listed = cli("players", "list", "--json").json["players"]
    assert listed[0] == {
        "player": "Ana",
        "matches": 3,
        "last_played": "2026-01-12T21:00:00+00:00",
        "aliases": ["anna"],
    }
    found = cli("history", "list", "--player", "ana", "--json").json["matches"]
    assert [m["id"] for m in found] == ["m3", "m2", "m1"]
    rows = {r["player"]: r for r in cli("history", "stats", "-g", "otd", "--json").json["players"]}
    assert (rows["Ana"]["plays"], rows["Ana"]["wins"]) == (2, 1)
    # The archive keeps what was typed; only the reading changes.
    assert cli("history", "show", "m2", "--json").json["players"] == ["anna", "Ben"]


def test_rename_then_new_matches_under_the_old_name_follow(cli, db):
    seed(db)
    result = cli("players", "rename", "be", "Benjamin", "--json")
    assert result.json == {"renamed": "Ben", "to": "Benjamin", "matches": 2}
    record(db, match("m4", "otdraft", {"ben": 1, "Cy": 0}, "2026-01-13"))
    names = [r["player"] for r in cli("players", "list", "--json").json["players"]]
    assert names == ["Benjamin", "Ana", "Cy", "anna"]
    # A rename of a renamed player moves every alias along.
    cli("players", "rename", "Benjamin", "Benji")
    assert aliases(db) == {"Ben": "Benji", "Benjamin": "Benji"}
    assert cli("history", "list", "-p", "benji", "--json").json["matches"][0]["id"] == "m4"
    assert (
        cli("players", "rename", "Benji", "Benjamin").stdout
        == "Benji is now Benjamin (3 matches)\n"
    )


def test_rename_case_only(cli, db):
    seed(db)
    assert cli("players", "rename", "cy", "CY", "--json").json["to"] == "CY"
    assert {"player": "CY", "matches": 1} in cli("history", "players", "--json").json["players"]


def test_bad_renames_and_merges_write_nothing(cli, db):
    seed(db)
    cli("players", "merge", "anna", "Ana")
    before = db.read_bytes()
    assert_user_error(
        cli("players", "merge", "Ana", "ana"), "cannot merge player 'Ana' into itself"
    )
    assert_user_error(cli("players", "rename", "Ana", "Ana"), "already called 'Ana'")
    assert_user_error(cli("players", "rename", "Cy", "ben"), "player 'Ben' already exists")
    assert_user_error(cli("players", "merge", "Ben", "Ana"), "played each other in match m1")
    assert_user_error(cli("players", "merge", "Zed", "Ana"), "no player 'Zed'")
    assert_user_error(cli("players", "rename", "Cy", "  "), "the new name is empty")
    assert_user_error(
        cli("players", "rename", "Cy", "ANNA"), "'ANNA' is already another spelling of 'Ana'"
    )
    assert db.read_bytes() == before


def test_aliases_keep_the_spelling_typed(cli, db):
    record(
        db,
        match("b1", "otdraft", {"Bobby": 5, "Ana": 3}, "2026-01-10"),
        match("b2", "otdraft", {"Robert": 4, "Ana": 6}, "2026-01-11"),
        match("b3", "otdraft", {"BOBBY": 2, "Ana": 1}, "2026-01-12"),
    )
    assert cli("players", "merge", "bob", "rob", "--json").json == {
        "merged": "Bobby",
        "into": "Robert",
        "matches": 3,
    }
    assert aliases(db) == {"Bobby": "Robert"}
    rows = {r["player"]: r for r in cli("players", "list", "--json").json["players"]}
    assert rows["Robert"]["aliases"] == ["Bobby"]
    assert "Bobby" in cli("players", "list").stdout
    assert "bobby" not in cli("players", "list").stdout
    # Matched case-insensitively: a later rename moves it along, one key per spelling.
    cli("players", "rename", "Robert", "Rob")
    assert aliases(db) == {"Bobby": "Rob", "Robert": "Rob"}
    assert cli("players", "rename", "Rob", "BOBBY").exit_code == 0
    assert aliases(db) == {"Bobby": "BOBBY", "Robert": "BOBBY", "Rob": "BOBBY"}
    rows = {r["player"]: r for r in cli("players", "list", "--json").json["players"]}
    assert rows["BOBBY"]["aliases"] == ["Rob", "Robert"]


def test_aliases_stored_casefolded_are_shown_as_typed(cli, db):
    # Alias maps written by earlier versions have casefolded keys.
    store = record(
        db,
        match("b1", "otdraft", {"Bobby": 5, "Ana": 3}, "2026-01-10"),
        match("b2", "otdraft", {"Robert": 4, "Ana": 6}, "2026-01-11"),
    )
    store.put_doc("players", "bobby", "Robert")
    rows = {r["player"]: r for r in cli("players", "list", "--json").json["players"]}
    assert rows["Robert"] == {
        "player": "Robert",
        "matches": 2,
        "last_played": "2026-01-11T21:00:00+00:00",
        "aliases": ["Bobby"],
    }
    cli("players", "rename", "Robert", "Rob")
    assert aliases(db) == {"bobby": "Rob", "Robert": "Rob"}
