"""Issue 32, item 1 in guided play: a draft of cards no catalogue describes is finished —
with each team's scorepad total, or by describing each unknown card once (remembered)."""

from __future__ import annotations

from tests.games.otdraft.test_cli_free_names import play_free_draft


def finished(cli) -> dict:
    matches = cli("history", "list", "--game", "otdraft", "--json").json["matches"]
    return matches[0]["result"]


def test_guided_end_takes_each_teams_total_from_the_scorepad(cli, scripted):
    play_free_draft(cli)
    scripted.answer("Score the teams and finish?", "")
    scripted.expect("No card catalogue describes 16 cards of these teams: C01, C04")
    scripted.answer("How are the teams scored?", "")  # type each team's total
    scripted.answer("Ana's total on the scorepad?", "40")
    scripted.answer("Ben's total on the scorepad?", "forty")
    scripted.expect("Ben's total 'forty' is not a whole number of points")
    scripted.answer("Ben's total on the scorepad?", "40")
    scripted.expect("Tie on 40: Ben, Ana; Ben took a turn most recently and wins.")
    assert scripted.run("otdraft", "play").exit_code == 0
    result = finished(cli)
    assert (result["scores"], result["winner"]) == ({"Ana": 40, "Ben": 40}, "Ben")
    assert result["scored_by"] == "scorepad"


def test_describing_the_unknown_cards_once_scores_this_draft_and_the_next(cli, scripted):
    play_free_draft(cli)  # nothing imported: all 16 cards are unknown
    teams = cli("otdraft", "game", "status", "--json").json["teams"]
    unknown = [*teams["Ana"], *teams["Ben"], "C20", "c21"]
    # `game end` itself asks, at a terminal
    scripted.expect(f"No card catalogue describes 16 cards of these teams: {', '.join(unknown)}")
    scripted.answer("How are the teams scored?", "desc")
    for name in unknown[:-2]:
        scripted.answer(f"{name}: category?", "Regular")
        scripted.answer(f"{name}: starting points?", "1")
        scripted.answer(f"{name}: traits", "")
        scripted.answer(f"{name}: rules (Enter for none)?", "")
    scripted.answer("C20: category?", "Prophet")
    scripted.answer("C20: starting points?", "9")
    scripted.answer("C20: traits", "")
    scripted.answer("C20: rules (Enter for none)?", '{ destroy = ["Goliath"] }')
    scripted.expect("names 'Goliath', which is no card in the catalogue")
    # a rule may name a card described later in the same round of questions
    scripted.answer("C20: rules (Enter for none)?", '{ all = ["c21"], points = 2 }')
    scripted.answer("c21: category?", "Thing")
    scripted.answer("c21: starting points?", "5")
    scripted.answer("c21: traits", "an")  # Animal
    scripted.answer("c21: rules (Enter for none)?", "")
    scripted.expect("16 card(s) remembered")
    done = scripted.run("otdraft", "game", "end")
    assert done.exit_code == 0, done.stderr
    first = finished(cli)
    assert "scored_by" not in first
    assert first["scores"] == {"Ana": 7 + 9, "Ben": 7 + 5}  # C20 has no c21 on its team
    shown = cli("otdraft", "cards", "show", "c21", "--json").json
    assert (shown["category"], shown["points"], shown["traits"]) == ("Thing", 5, ["Animal"])

    # the next evening: the same cards score themselves, nothing is asked
    play_free_draft(cli)
    again = scripted.run("otdraft", "game", "end")  # at a terminal: a question would fail
    assert again.exit_code == 0, again.stderr
    assert scripted.text.count("No card catalogue describes") == 1  # the first evening only
    assert "1. Ana 16\n2. Ben 12\nAna wins." in again.stdout
    assert finished(cli)["scores"] == first["scores"]


def test_at_a_terminal_an_unfinished_draft_is_refused_before_anything_is_asked(cli, scripted):
    cli("otdraft", "game", "start", "--players", "Ana,Ben")
    cli("otdraft", "game", "pick", "Ana", "Burning Bush")
    done = scripted.run("otdraft", "game", "end")  # no question: a question would fail
    assert done.exit_code == 2 and "the draft is in round 1 of 7" in done.stderr


def test_game_end_at_a_terminal_takes_the_totals_and_has_no_move_to_undo(cli, scripted):
    play_free_draft(cli)
    scripted.answer("How are the teams scored?", "type")
    scripted.answer("Ana's total on the scorepad?", "<")  # nothing to take back here
    scripted.expect("Ana's total '<' is not a whole number of points")
    scripted.answer("Ana's total on the scorepad?", "38")
    scripted.answer("Ben's total on the scorepad?", "41")
    done = scripted.run("otdraft", "game", "end")
    assert done.exit_code == 0, done.stderr
    assert "Totals from the table's scorepad:" in done.stdout and "Ben wins." in done.stdout
    assert finished(cli)["scores"] == {"Ana": 38, "Ben": 41}
