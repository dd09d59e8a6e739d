"""`companion roll`: the Valley Hoopers dice and ordinary dice."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.dice import declared, parse_dice
from companion.engine.errors import BadInput
from companion.engine.rng import TableRng, step_rng
from companion.games.hoopers.rules.dice import D8, D20
from tests.conftest import assert_user_error

# Chi-square critical values at p = 0.001: a fair die fails about once in a
# thousand seeds, and these seeds are fixed, so the test is deterministic.
CHI2_CRITICAL_P001 = {5: 20.515, 7: 24.322, 19: 43.820}


def chi_square(observed: Counter, expected: dict) -> float:
    return sum((observed[k] - e) ** 2 / e for k, e in expected.items())


def test_d20_faces_are_fives_to_one_hundred():
    assert D20.faces == tuple(range(5, 101, 5))


def test_d8_has_named_faces_and_three_blanks():
    assert D8.faces == (
        "whistle", "whistle-2", "whistle-3", "charging", "jump-ball", "blank", "blank", "blank",
    )  # fmt: skip


def test_seeded_d20_rolls_are_fixed_across_runs_and_machines(cli):
    result = cli("roll", "d20", "--count", "5", "--seed", "1", "--json")
    assert result.exit_code == 0
    assert result.json == {"die": "d20", "results": [25, 95, 15, 45, 20], "seed": 1}


def test_human_d20_output(cli):
    result = cli("roll", "d20", "--count", "2", "--seed", "1")
    assert result.stdout == "d20: 25\nd20: 95\n"
    assert result.stderr == ""


def test_d8_json_gives_face_names(cli):
    result = cli("roll", "d8", "--count", "3", "--seed", "1", "--json")
    assert result.json["results"] == ["whistle-3", "whistle-2", "jump-ball"]


def test_d8_human_output_draws_symbol_and_word(cli):
    result = cli("roll", "d8", "--count", "3", "--seed", "1")
    assert result.stdout.splitlines() == [
        "d8: 🔔³ WHISTLE 3",
        "d8: 🔔² WHISTLE 2",
        "d8: ⇅ JUMP BALL",
    ]


def test_ndm_sums_and_shows_each_die(cli):
    result = cli("roll", "3d6", "--seed", "1", "--json")
    assert result.json == {"die": "3d6", "results": [8], "seed": 1, "dice": [[2, 5, 1]]}
    human = cli("roll", "3d6", "--seed", "1")
    assert human.stdout == "3d6: 2 + 5 + 1 = 8\n"


def test_plain_dn_is_an_ordinary_die(cli):
    result = cli("roll", "d6", "--count", "50", "--seed", "4", "--json")
    assert set(result.json["results"]) == {1, 2, 3, 4, 5, 6}


def test_unseeded_rolls_report_the_seed_that_reproduces_them(cli):
    first = cli("roll", "d20", "--count", "10", "--json").json
    again = cli("roll", "d20", "--count", "10", "--seed", str(first["seed"]), "--json").json
    assert again["results"] == first["results"]


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["d0"], "2 to 1000 sides"),
        (["d7x"], "'d7x' is not a die"),
        (["0d6"], "1 to 100 dice"),
        (["101d6"], "1 to 100 dice"),
        (["d1001"], "2 to 1000 sides"),
        (["d20", "--count", "-1"], "--count must be 1 to 1000"),
        (["d20", "--count", "0"], "--count must be 1 to 1000"),
        (["d20", "--count", "x"], "invalid value"),
    ],
)
def test_bad_dice_are_one_error_line(cli, argv, fragment):
    assert_user_error(cli("roll", *argv), fragment)


def test_d20_is_uniform_over_20000_seeded_rolls():
    rng = TableRng(2026)
    counts = Counter(rng.roll(D20) for _ in range(20_000))
    expected = {face: 1000 for face in D20.faces}
    assert chi_square(counts, expected) < CHI2_CRITICAL_P001[19]


def test_d8_faces_follow_the_face_list_over_16000_rolls():
    rng = TableRng(8)
    counts = Counter(rng.roll(D8) for _ in range(16_000))
    expected = {face: 16_000 * float(p) for face, p in D8.distribution().items()}
    assert chi_square(counts, expected) < CHI2_CRITICAL_P001[5]


def test_step_rng_is_deterministic_and_differs_by_step():
    assert step_rng(5, 1).roll(D20) == step_rng(5, 1).roll(D20)
    assert [step_rng(5, n).roll(D20) for n in range(20)] != [
        step_rng(6, n).roll(D20) for n in range(20)
    ]


@given(
    st.integers(min_value=1, max_value=100), st.integers(min_value=2, max_value=1000), st.integers()
)
def test_ndm_rolls_stay_in_range(count, sides, seed):
    if count > 1 and f"d{sides}" in declared():
        count = 1  # N of a game's die: its faces, tested apart
    spec = parse_dice(f"{count}d{sides}")
    total, parts = spec.roll(TableRng(seed))
    assert len(parts) == count
    assert all(1 <= p <= sides for p in parts)
    assert total == sum(parts)


@given(st.text(max_size=12))
def test_parse_dice_accepts_or_raises_bad_input(text):
    try:
        spec = parse_dice(text)
    except BadInput:
        return
    assert spec.die.faces


def test_edited_rulebook_tables_take_effect_at_once(tmp_path, monkeypatch):
    """The parsed-table cache never serves a table older than its TOML file."""
    import companion.data as data

    load = data.reader(str(tmp_path / "__init__.py"))
    (tmp_path / "faces.toml").write_text('faces = ["a", "b"]\n')
    assert load("faces") == {"faces": ["a", "b"]}
    assert (tmp_path / "__pycache__" / "faces.toml.marshal").exists()
    (tmp_path / "faces.toml").write_text('faces = ["a", "b", "c", "d"]\n')
    load.cache_clear()
    assert load("faces") == {"faces": ["a", "b", "c", "d"]}


def test_a_plain_die_says_it_is_not_a_valley_hoopers_die(cli):
    result = cli("roll", "d21", "--seed", "1")
    assert result.stdout.splitlines()[0] == "(plain d21; the Valley Hoopers dice are d20 and d8)"
    assert cli("roll", "d20", "--seed", "1").stdout.count("plain") == 0
    assert "note" not in cli("roll", "d21", "--seed", "1", "--json").json


def test_ndm_of_a_games_die_rolls_its_faces_as_count_does(cli):
    # `2d8` is the Valley Hoopers d8 twice, not a sum of 1..8: its faces are what the table reads
    asked = cli("roll", "2d8", "--seed", "1", "--json")
    assert asked.json == cli("roll", "d8", "--count", "2", "--seed", "1", "--json").json
    assert asked.json["results"] == ["whistle-3", "whistle-2"]
    human = cli("roll", "2d8", "--seed", "1")
    assert human.stdout.splitlines() == ["d8: 🔔³ WHISTLE 3", "d8: 🔔² WHISTLE 2"]
    assert len(cli("roll", "2d20", "--count", "3", "--seed", "1", "--json").json["results"]) == 6
    # a die no game declares still sums, and 1dM is the ordinary die a game's name has taken
    assert cli("roll", "1d20", "--seed", "3", "--json").json["dice"] == [[8]]
    assert cli("roll", "2d6", "--seed", "1", "--json").json["dice"] == [[2, 5]]
