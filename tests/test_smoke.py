from tests.conftest import assert_user_error


def test_roll_json_reproducible(cli):
    first = cli("roll", "d20", "--count", "5", "--seed", "3", "--json")
    again = cli("roll", "d20", "--count", "5", "--seed", "3", "--json")
    assert first.exit_code == 0
    assert first.json["results"] == again.json["results"]


def test_bad_die(cli):
    assert_user_error(cli("roll", "d0"), "d0")
