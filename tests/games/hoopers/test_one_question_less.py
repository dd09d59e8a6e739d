"""Issue 43 (Valley Hoopers): what a table types, says and is told."""

from __future__ import annotations

import pytest

from tests.conftest import assert_user_error

M = ("hoopers", "match")
START = (*M, "start", "--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed",
         "--away-tribe", "keepers", "--first", "Lucy", "--seed", "4")  # fmt: skip


def test_a_counter_takes_the_stat_by_the_name_a_shot_uses(cli):
    # Item 5: `--stat` was "No such option: --stat (Possible options: --ft-stat)".
    typed = cli("hoopers", "counter", "rebound", "--stat", "60", "--face", "blank", "--roll",
                "30", "--seed", "1", "--json")  # fmt: skip
    assert typed.exit_code == 0, typed.stderr
    own = cli("hoopers", "counter", "rebound", "--v", "60", "--face", "blank", "--roll", "30",
              "--seed", "1", "--json")  # fmt: skip
    assert typed.json == own.json
    assert "intercept uses O 60" in cli("hoopers", "counter", "intercept", "--stat", "60",
                                         "--face", "blank", "--roll", "30").stdout  # fmt: skip
    assert_user_error(
        cli("hoopers", "counter", "steal", "--stat", "60", "--position", "PG"),
        "a steal reads the O-stat against a PG or SG, the V-stat against a PF or C, the worse "
        "of the two against an SF: give --o N or --v N (both against an SF)",
    )
    assert_user_error(
        cli("hoopers", "counter", "intercept", "--stat", "60", "--o", "50"),
        "--stat and --o: one or the other (an intercept reads --o)",
    )


def test_a_tracked_counter_takes_the_stat_too(cli):
    five = ("--home-seven", "Muy,Serge,Dime,Never,Lance,Joy,Faust",
            "--home-five", "Serge,Muy,Dime,Lance,Never")  # fmt: skip
    assert cli(*START, *five, "--first", "Karl").exit_code == 0
    done = cli(*M, "counter", "Lucy", "intercept", "Dime", "--against", "May", "--stat", "40",
               "--face", "blank", "--roll", "90", "--json")  # fmt: skip
    assert done.exit_code == 0, done.stderr
    assert (done.json["stat"], done.json["target"]) == ("o", 40)


@pytest.mark.slow
def test_abandon_asks_first_at_a_terminal(cli, db):
    # Item 6: "A move that ends something asks first at a terminal (`hoopers match abandon`)".
    from tests.guided.terminal import Terminal, json_of

    assert cli(*START).exit_code == 0
    match_id = json_of(db, *M, "status")["id"]
    term = Terminal(db, *M, "abandon")
    term.answer(f"Abandon hoopers match {match_id} (Lucy v Karl)? [y/N]", "n")
    term.expect("Nothing abandoned.")
    assert term.finish() == 0
    assert json_of(db, *M, "status")["status"] == "live"
    term = Terminal(db, *M, "abandon", "--yes")  # --yes: nothing asked
    term.expect(f"Match {match_id} abandoned.")
    assert term.finish() == 0


def test_abandon_off_a_terminal_asks_nothing(cli):
    assert cli(*START).exit_code == 0
    assert cli(*M, "abandon", "--json").json["status"] == "abandoned"


def test_small_words_an_intercept_and_a_possessive_of_a_name_in_s(cli):
    # Item 10: `a intercept`, `Dime N'Shons's`.
    from companion.engine.names import a_or_an, possessive

    assert [possessive(n) for n in ("Dime N'Shons", "Keepers", "Lucy")] == [
        "Dime N'Shons'", "Keepers'", "Lucy's"]  # fmt: skip
    assert [a_or_an(w) for w in ("intercept pass", "steal", "undefended lay-up")] == [
        "an intercept pass", "a steal", "an undefended lay-up"]  # fmt: skip
    five = ("--home-seven", "Muy,Serge,Dime,Never,Lance,Joy,Faust",
            "--home-five", "Serge,Muy,Dime,Lance,Never")  # fmt: skip
    assert cli(*START, *five, "--first", "Karl").exit_code == 0
    assert_user_error(
        cli(*M, "counter", "Lucy", "intercept", "Dime", "--o", "40"),
        "an intercept pass in a match needs --against (the hooper whose pass it counters)",
    )


def test_the_turn_token_question_says_both_answers_move_it():
    # Item 10: "Move the turn token and go on? [next / stop]" (stop moves it too).
    from companion.games.hoopers.guided.match import TOKEN_MOVES

    assert TOKEN_MOVES == "The turn token moves on: the next turn, or stop here?"
