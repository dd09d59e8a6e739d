"""`companion otdraft cards …` and `companion otdraft score` through the CLI."""

import pytest

from tests.conftest import assert_user_error
from tests.games.otdraft.helpers import EXAMPLE_SECRET, EXAMPLE_TEAM, EXAMPLE_TOML

EXAMPLE_ARGS = [*EXAMPLE_TEAM, "--secret", EXAMPLE_SECRET]


@pytest.fixture
def imported(cli):
    result = cli("otdraft", "cards", "import", str(EXAMPLE_TOML))
    assert result.exit_code == 0, result.stderr
    return cli


def test_import_reports_the_cards(cli):
    result = cli("otdraft", "cards", "import", str(EXAMPLE_TOML))
    assert result.stdout == (
        "Imported 8 cards from example.toml (Leader 2, Prophet 1, Regular 3, Thing 2)\n"
    )
    assert cli("otdraft", "cards", "import", "--example", "--json").json == {
        "imported": True,
        "source": "otdraft_example.toml",
        "cards": 8,
        "categories": {"Leader": 2, "Location": 0, "Prophet": 1, "Regular": 3, "Thing": 2},
    }


def test_check_validates_without_importing(cli):
    result = cli("otdraft", "cards", "check", str(EXAMPLE_TOML), "--json")
    assert result.exit_code == 0 and result.json["ok"] is True
    assert_user_error(cli("otdraft", "cards", "list"), "no OT Fantasy Draft card catalogue")


def test_bad_catalogue_names_card_and_line_and_keeps_the_old_one(imported, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[[cards]]\nname = "Moses"\ncategory = "Prophet"\npoints = 3\nrules = [ { bonus = 3 } ]\n'
    )
    for command in ("check", "import"):
        assert_user_error(
            imported("otdraft", "cards", command, str(bad)),
            "bad.toml:5: card 'Moses': unknown rule kind 'bonus'",
        )
    assert len(imported("otdraft", "cards", "list", "--json").json["cards"]) == 8


def test_missing_file_and_both_sources(cli, tmp_path):
    assert_user_error(cli("otdraft", "cards", "import", str(tmp_path / "no.toml")), "no file")
    assert_user_error(cli("otdraft", "cards", "import"), "give FILE.toml or --example")


def test_list_by_category_and_show(imported):
    listed = imported("otdraft", "cards", "list", "--category", "lead", "--json").json
    assert [c["name"] for c in listed["cards"]] == ["Saul", "David"]
    assert listed["category"] == "Leader"
    shown = imported("otdraft", "cards", "show", "mu", "--json").json
    assert shown == {
        "name": "Music",
        "category": "Thing",
        "points": 2,
        "traits": [],
        "rules": [
            {"each": "category:Leader", "points": 4},
            {"protect": ["David"], "from": ["Saul"]},
        ],
        "rules_text": ["+4 for every category:Leader", "protects David from Saul"],
    }
    assert imported("otdraft", "cards", "show", "Music").stdout == (
        "Music — Thing, 2 points\n  • +4 for every category:Leader\n  • protects David from Saul\n"
    )
    assert_user_error(imported("otdraft", "cards", "show", "Moses"), "no card 'Moses'")


def test_export_round_trips(imported, tmp_path):
    text = imported("otdraft", "cards", "export").stdout
    assert text.startswith("# OT Fantasy Draft card catalogue")
    path = tmp_path / "again.toml"
    assert imported("otdraft", "cards", "export", "--output", str(path)).stdout == (
        f"Wrote 8 cards to {path}\n"
    )
    assert path.read_text() == text
    payload = imported("otdraft", "cards", "export", "--json").json
    assert payload["toml"] == text and payload["cards"] == 8
    again = imported("otdraft", "cards", "check", str(path), "--json").json
    assert again["cards"] == 8


# --- score ------------------------------------------------------------------------------


def test_rulebook_scoring_example_json(imported):
    result = imported("otdraft", "score", *EXAMPLE_ARGS, "--json")
    assert result.exit_code == 0
    payload = result.json
    assert payload["total"] == 98
    totals = {c["name"]: c["total"] for c in payload["cards"]}
    assert totals == {
        "Jonah": 12, "Music": 20, "Saul": 28, "David": 10,
        "Snake": 9, "Famine": 11, "Adam": 0, "Isaac": 8,
    }  # fmt: skip
    music = next(c for c in payload["cards"] if c["name"] == "Music")
    assert {k: music[k] for k in ("base", "bonus", "multiplier", "destroyed", "silenced")} == {
        "base": 2,
        "bonus": 8,
        "multiplier": 2,
        "destroyed": False,
        "silenced": False,
    }
    adam = next(c for c in payload["cards"] if c["name"] == "Adam")
    assert adam["destroyed"] and adam["why"].startswith("destroyed by Snake")
    assert payload["secret"] == "Isaac"
    # Jonah and Music have no `choose`: they protect all they name, nothing is chosen.
    assert payload["choices"] == {
        "protect": {},
        "silence": {},
        "chosen_by_companion": [],
        "tried": 1,
        "runner_up": None,
    }


def test_rulebook_scoring_example_shows_the_working(imported):
    result = imported("otdraft", "score", *EXAMPLE_ARGS)
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Scoring order: 1 choose Protect/Silence")
    assert (
        "  Music    20  2 + 4 × 2 category:Leader (Saul, David) = 10; × 2 (doubled by David) = 20"
        in lines
    )
    assert "Total: 12 + 20 + 28 + 10 + 9 + 11 + 0 + 8 = 98" in lines
    assert lines[-1] == "Choices: no Protect or Silence choice to make"
    assert "protects nothing" not in result.stdout


ARK_TOML = """
[[cards]]
name = "Ark"
category = "Thing"
points = 0
rules = [ { protect = ["trait:Animal"], choose = 1 } ]
[[cards]]
name = "Dove"
category = "Regular"
points = 5
traits = ["Animal"]
[[cards]]
name = "Lion"
category = "Regular"
points = 6
traits = ["Animal"]
[[cards]]
name = "Flood"
category = "Thing"
points = 0
rules = [ { destroy = ["trait:Animal"] } ]
"""


def test_fixed_choices_and_catalogue_file(cli, tmp_path):
    ark = tmp_path / "ark.toml"
    ark.write_text(ARK_TOML)
    args = ["otdraft", "score", "Ark", "Dove", "Lion", "Flood", "--catalogue", str(ark)]
    best = cli(*args, "--json").json
    assert best["total"] == 6 and best["choices"]["protect"] == {"Ark": ["Lion"]}
    assert best["choices"]["runner_up"]["total"] == 5
    payload = cli(*args, "--protect", "ark=Dove", "--json").json
    assert payload["choices"]["chosen_by_companion"] == []
    assert payload["choices"]["runner_up"] is None
    assert payload["total"] == 5
    assert cli(*args, "--protect", "Ark=", "--json").json["total"] == 0


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        ([*EXAMPLE_ARGS, "Moses"], "no card 'Moses'"),
        ([*EXAMPLE_TEAM, "Adam"], "card 'Adam' is on the team twice"),
        ([*EXAMPLE_ARGS, "--protect", "Music"], "--protect 'Music' is not CARD=TARGET"),
        ([*EXAMPLE_ARGS, "--protect", "Music=Isaac"], "Music protects David from Saul"),
        ([*EXAMPLE_ARGS, "--protect", "Music="], "Music protects David from Saul — every one"),
        ([*EXAMPLE_ARGS, "--silence", "Music=Isaac"], "Music has no Silence rule"),
    ],
)
def test_score_refusals(imported, args, fragment):
    assert_user_error(imported("otdraft", "score", *args), fragment)


def test_a_ninth_card_at_scoring_is_refused(cli, tmp_path):
    catalogue = tmp_path / "nine.toml"
    catalogue.write_text(
        "".join(f'[[cards]]\nname = "C{i}"\ncategory = "Regular"\npoints = {i}\n' for i in range(9))
    )
    names = [f"C{i}" for i in range(9)]
    assert_user_error(
        cli("otdraft", "score", *names, "--catalogue", str(catalogue)),
        "9 cards given: a team at scoring has at most 8 (7 drafted + the secret card); "
        "'C8' is one too many",
    )


def test_score_without_a_catalogue(cli):
    assert_user_error(cli("otdraft", "score", "Adam"), "no OT Fantasy Draft card catalogue")


def test_a_silence_ring_given_by_hand_names_the_cards(cli, tmp_path):
    ring = tmp_path / "ring.toml"
    ring.write_text(
        '[[cards]]\nname = "Aaron"\ncategory = "Prophet"\npoints = 2\n'
        'rules = [ { silence = ["Miriam"] } ]\n'
        '[[cards]]\nname = "Miriam"\ncategory = "Prophet"\npoints = 3\n'
        'rules = [ { silence = ["Aaron"] } ]\n'
    )
    args = ["otdraft", "score", "Aaron", "Miriam", "--catalogue", str(ring)]
    assert_user_error(
        cli(*args, "--silence", "Aaron=Miriam", "--silence", "Miriam=Aaron"),
        "Aaron, Miriam silence each other in a ring",
    )
    assert cli(*args, "--json").json["total"] == 5
