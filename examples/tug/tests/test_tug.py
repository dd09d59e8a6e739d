"""The tug's own behaviour, with the kit's fixtures (`cli`, `assert_user_error`)."""

from companion.testing import assert_user_error


def test_a_pull_of_four_or_more_moves_the_rope_and_undo_takes_it_back(cli):
    assert cli("tug", "start", "--players", "Ann,Bob", "--seed", "1").exit_code == 0
    pulled = cli("tug", "pull", "--json").json
    ((event,),) = [[e for e in cli("history", "show", pulled["id"], "--json").json["events"]]]
    roll = event["data"]["roll"]
    assert pulled["rope"] == (1 if roll >= 4 else 0) and pulled["next"] == "Bob pulls"
    undone = cli("tug", "undo", "--json").json
    assert undone["rope"] == 0 and undone["next"] == "Ann pulls"
    assert_user_error(cli("tug", "end"), "not 3 steps to one side yet")


def test_it_takes_two_players(cli):
    assert_user_error(cli("tug", "start", "--players", "Ann,Bob,Cy"), "two players")


def test_a_logged_tug_ranks_the_side_with_more_pulls_first(cli):
    logged = cli("log", "tug", "Ann=2", "Bob=3", "--json").json
    assert logged["ranks"] == {"Ann": 2, "Bob": 1} and logged["winner"] == "Bob"
    assert_user_error(cli("log", "tug", "Ann=2", "Bob=2"), "cannot be equal")


def test_its_web_board_is_on_the_page():
    from companion.ui.web.server import page

    assert 'board("tug", s =>' in page().decode()
