"""Issue 29 item 9, both faces: a hooper card's number that nobody typed and the cards
lack is asked once at a terminal, by `companion hoopers match …` and by guided play
through the one asker (askers.py), and remembered for every match.

'Anatomy of a Hooper Card' names the stats; the rulebook prints no card's numbers, so
the table gives them: "The maximum value reached from the attacking action is: 70 (Muy
Schillato 3PS stat) +15 (dribble move bonus) = 85"; "The malus that Lucy gets from Karl's
defense action is: 30".
"""

from __future__ import annotations

from tests.guided.test_scripted_hoopers import events, start_match, status, to_muys_three


def cards(cli) -> dict:
    done = cli("hoopers", "card", "--json")
    assert done.exit_code == 0, done.stderr
    return done.json["cards"]


def up_to_perrys_help(flow) -> None:
    """Lucy's Muy shoots a 2PS (60) against Edd Trapp's D2 (20), and Perry Hel helps."""
    flow.answer("F1: Lucy's fundamental?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "2ps")
    flow.answer("2 points shot by?", "Muy")
    flow.answer("Muy Schillato's 2PS?", "60")
    flow.answer("Karl defends with a D2?", "d2")
    flow.answer("D2 by?", "Edd")
    flow.answer("Edd Trapp's D2?", "20")
    flow.answer("Perry Hel adds his defence to Edd Trapp's (one energy)?", "yes")


def test_the_command_line_at_a_terminal_asks_a_missing_card_once(cli, db, scripted):
    start_match(cli)
    assert cli("hoopers", "match", "fundamental", "Lucy", "dribble", "Muy").exit_code == 0
    flow = scripted
    flow.answer("Edd Trapp's D3?", "30")
    flow.answer("Muy Schillato's 3PS?", "70")
    done = flow.run("hoopers", "match", "shot", "Lucy", "3ps", "Muy", "--defender", "Edd",
                    "--face", "blank", "--roll", "45", "--json")  # fmt: skip
    assert done.exit_code == 0, done.stderr
    assert (done.json["target"], done.json["points"]) == (55, 3)  # 70 + 15 − 30, rolled 45
    assert cards(cli) == {"Edd Trapp": {"d3": 30}, "Muy Schillato": {"3ps": 70}}
    # Remembered: the next shot asks nothing (no answer is scripted; one asked would fail).
    for _ in range(2):
        assert cli("hoopers", "match", "turn").exit_code == 0
    again = flow.run("hoopers", "match", "shot", "Lucy", "3ps", "Muy", "--roll", "70", "--json")
    assert again.exit_code == 0 and again.json["target"] == 70


def test_guided_play_asks_a_missing_card_once_and_the_command_line_uses_it(cli, db, scripted):
    start_match(cli)
    flow = scripted
    to_muys_three(flow)
    flow.answer("Muy Schillato's 3PS?", "")  # no default: the card is not known yet
    flow.expect("Muy Schillato's 3PS?")
    flow.send("70\r")
    flow.answer("Karl defends with a D3?", "")
    flow.answer("roll ≤ 70", "70")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    assert cards(cli) == {"Muy Schillato": {"3ps": 70}}
    assert status(cli)["hoopers"]["Lucy"]["Muy Schillato"]["points"] == 3


def test_guided_play_offers_perry_hels_help_through_the_matchs_rule(cli, db, scripted):
    """'C - Perry Hel: He can spend one energy to add his defense stat to one defending
    teammate. If he does not have the defensive position required, then add only the half
    the value.' Guided play asks it as `match shot … --perry 20 --perry-half` records it."""
    start_match(cli)
    assert cli("hoopers", "match", "energy", "Karl", "Perry", "--max", "4").exit_code == 0
    flow = scripted
    up_to_perrys_help(flow)
    flow.answer("Perry Hel's D2?", "20")
    flow.answer("Does Perry Hel have the defensive position required", "no")
    flow.answer("foul die for the D2", "blank")
    flow.answer("60 − 30 = 30 → roll ≤ 30", "30")  # 60 − (20 + 20 ÷ 2)
    flow.expect("Perry Hel adds his defence 10 to Edd Trapp's (half")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    now = status(cli)
    assert now["hoopers"]["Lucy"]["Muy Schillato"]["points"] == 2
    assert now["hoopers"]["Karl"]["Perry Hel"]["energy"]["now"] == 3
    shot = next(e for e in reversed(events(db)) if e["type"] == "shot")
    assert shot["data"]["perry"] == {"stat": 20, "half": True}
    assert shot["data"]["spec"]["defense"] == 20  # the match adds his 10 when it folds


def test_guided_play_reads_perrys_flags_from_his_card(cli, db, scripted):
    """'If he does not have the defensive position required, then add only the half the
    value': his card's defence flags say it, so it is not asked."""
    assert cli("hoopers", "card", "Perry", "--d2", "20", "--guards", "PG,SG,SF,PF,C").exit_code == 0
    start_match(cli)
    flow = scripted
    up_to_perrys_help(flow)
    flow.answer("Perry Hel's D2? (20)", "")
    flow.expect("all of it")
    flow.answer("foul die for the D2", "blank")
    flow.answer("60 − 40 = 20 → roll ≤ 20", "20")  # his whole D2: 60 − (20 + 20)
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    assert status(cli)["hoopers"]["Lucy"]["Muy Schillato"]["points"] == 2


def test_guided_play_records_the_series_mini_track_at_the_end_of_a_turn(cli, db, scripted):
    """The Series, 'Series track': "Move the Tribe marker on the series mini track one step
    towards your board every time that the condition displayed is satisfied. Before moving
    the marker from the central zone, if it does not show your tribe, flip it and remain
    there." Guided play records the same move as `match track TEAM`."""
    series = ("hoopers", "series")
    begun = cli(*series, "start", "--tribes", "Keepers,Unleashed", "--home", "Keepers")
    assert begun.exit_code == 0, begun.stderr
    game = cli(*series, "game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge",
               "--first", "Keepers")  # fmt: skip
    assert game.exit_code == 0, game.stderr
    flow = scripted
    flow.answer("F1: Keepers' fundamental?", "")
    flow.answer("F2: Keepers' fundamental?", "")
    flow.answer("A: Keepers' attack?", "none")
    flow.answer("The turn token moves on: the next turn, or stop here?", "series track")
    flow.answer("which team satisfied the condition displayed?", "Unleashed")
    flow.expect("the marker is flipped to show Unleashed and remains in the central zone")
    flow.answer("The turn token moves on: the next turn, or stop here?", "series track")
    flow.answer("which team satisfied the condition displayed?", "Unleashed")
    flow.answer("outside the track", "no")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    track = status(cli)["series_track"]
    assert (track["shows"], track["steps"], len(track["moves"])) == ("Unleashed", 1, 2)
