"""Issue 22 item 9 in guided play: the injury marker's −10 is the one the CLI applies."""

from __future__ import annotations

from tests.guided.test_terminal import NAMES, events


def test_guided_shot_takes_the_injury_marker_off_the_typed_stat(cli, db, scripted):
    # "Your injured hooper gets a -10 malus to all his/her attack stats."
    assert cli("hoopers", "markers", "--set", ",".join(["attack-10"] * 8)).exit_code == 0
    assert cli("hoopers", "match", "start", *NAMES, "--first", "Lucy", "--seed", "7").exit_code == 0
    for _ in range(3):
        assert cli("hoopers", "match", "injure", "Lucy", "Muy").exit_code == 0
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "3")
    flow.answer("3 points shot by?", "Muy")
    flow.answer("Muy Schillato's 3PS?", "70")
    flow.answer("Karl defends with a D3?", "")
    flow.expect("Muy Schillato: -10 to attack stats (injury marker)")
    flow.answer("70 − 10 = 60 → roll ≤ 60", "65")
    flow.answer("F3: Lucy plays an offensive rebound?", "")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    shot = [e for e in events(db) if e["type"] == "shot"][-1]
    assert shot["data"]["spec"]["stat"] == 70
    assert shot["data"]["maluses"] == {"attack": [["injury marker", -10]], "defense": []}
    assert cli("hoopers", "match", "status", "--json").json["score"] == {"Lucy": 0, "Karl": 0}


def test_guided_joy_kills_failed_intercept_takes_ten_off_the_pass(cli, db, scripted):
    # "Joy Kill: If her counter is not successful, then the opponent's fundamental
    # receives a -10 malus."
    assert cli("hoopers", "match", "start", *NAMES, "--first", "Karl", "--seed", "7").exit_code == 0
    flow = scripted
    flow.answer("F1: Karl's fundamental?", "pa")
    flow.answer("pass by?", "May")
    flow.answer("pass bonus on the card?", "")
    flow.answer("Lucy counters the pass?", "int")
    flow.answer("intercept pass by?", "Joy")
    flow.answer("foul die for the intercept pass", "blank")
    flow.answer("Joy Kill's O-stat?", "40")
    flow.answer("roll ≤ 40 succeeds", "90")
    flow.expect("Joy Kill's counter failed: the pass receives a -10 malus")
    flow.answer("Karl runs a playbook?", "")
    flow.answer("F2: Karl's fundamental?", "")
    flow.answer("A: Karl's attack?", "2")
    flow.answer("2 points shot by?", "Chus")
    flow.answer("Chus Kinder's 2PS?", "50")
    flow.answer("Lucy defends with a D2?", "")
    flow.answer("50 + 15 = 65 → roll ≤ 65", "90")
    flow.answer("F3: Karl plays an offensive rebound?", "")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    shot = [e for e in events(db) if e["type"] == "shot"][-1]
    assert shot["data"]["spec"]["bonuses"] == [15]


def test_guided_play_asks_for_the_benchwarmer_of_an_ejected_hooper(cli, db, scripted):
    # "A benchwarmer of your choice will take the vacant position."
    five = ("--home-seven", "Muy,Serge,Dime,Never,Lance,Joy,Faust",
            "--home-five", "Serge,Muy,Dime,Lance,Never")  # fmt: skip
    start = ("hoopers", "match", "start", *NAMES, *five, "--first", "Lucy", "--seed", "7")
    assert cli(*start).exit_code == 0
    for _ in range(4):  # --json: recorded as a script would, with no question asked
        assert cli("hoopers", "match", "foul", "Lucy", "Muy", "--json").exit_code == 0
    flow = scripted
    flow.answer("Muy Schillato is ejected: who comes in on Lucy's SG?", "Joy")
    flow.expect("Joy Kill in on the SG token for Muy Schillato")
    flow.answer("F1: Lucy's fundamental?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "none")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    line_up = cli("hoopers", "match", "status", "--json").json["line_ups"]["Lucy"]
    assert line_up["court"]["SG"] == "Joy Kill"
    assert [e["type"] for e in events(db)][-2:] == ["sub", "turn"]


def test_guided_play_offers_edd_trapps_defence_lay_up_on_a_3ps(cli, db, scripted):
    # "SF - Edd Trapp: You can play a defense lay-up to defend a 3 points shot by using him."
    assert cli("hoopers", "match", "start", *NAMES, "--first", "Lucy", "--seed", "7").exit_code == 0
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "3")
    flow.answer("3 points shot by?", "Muy")
    flow.answer("Muy Schillato's 3PS?", "70")
    flow.answer("Karl defends with a D3? [d3 / dlu / block / none]", "dlu")
    flow.answer("DLU by? [Edd Trapp]", "")
    flow.answer("Edd Trapp's DLU?", "40")
    flow.answer("Perry Hel adds his defence", "")  # his skill offered: no
    flow.answer("foul die for the DLU", "blank")
    flow.answer("70 − 40 = 30 → roll ≤ 30", "90")
    flow.answer("Lucy plays an offensive rebound?", "")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    shot = [e for e in events(db) if e["type"] == "shot"][-1]
    assert (shot["data"]["defender"], shot["data"]["spec"]["defense_card"]) == ("Edd Trapp", "dlu")


def test_guided_play_swaps_position_tokens_on_court(cli, db, scripted):
    # "You can change in the same way the Position token of the hoopers on the court."
    five = ("--home-seven", "Muy,Serge,Dime,Never,Lance,Joy,Faust",
            "--home-five", "Serge,Muy,Dime,Lance,Never")  # fmt: skip
    start = ("hoopers", "match", "start", *NAMES, *five, "--first", "Lucy", "--seed", "7")
    assert cli(*start).exit_code == 0
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "swap")
    flow.answer("swap whose Position token?", "Muy")
    flow.answer("with whose (Muy Schillato)?", "Dime")
    flow.expect("Muy Schillato takes the SF token")
    flow.answer("F1: Lucy's fundamental?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "none")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    court = cli("hoopers", "match", "status", "--json").json["line_ups"]["Lucy"]["court"]
    assert (court["SG"], court["SF"]) == ("Dime N'Shons", "Muy Schillato")


def test_guided_series_game_offers_the_gameplan_card_once(cli, db, scripted):
    # "At the beginning of your attacking turn you can spend one coach action token to
    # select and take a gameplan card. You can take only one card for a game."
    series = ("hoopers", "series")
    assert cli(*series, "start", "--tribes", "Keepers,Unleashed", "--home", "kee").exit_code == 0
    start = cli(*series, "game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge",
                "--first", "Keepers")  # fmt: skip
    assert start.exit_code == 0, start.stderr
    flow = scripted
    flow.answer("F1: Keepers' fundamental?", "gameplan")
    flow.expect("spends a coach action token on a gameplan card")
    flow.answer("F1: Keepers' fundamental? [dribble / pass / screen / none / timeout / "
                "substitution]", "")  # fmt: skip
    flow.answer("F2: Keepers' fundamental?", "")
    flow.answer("A: Keepers' attack?", "none")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    match = cli("hoopers", "match", "status", "--json").json
    assert (match["gameplans"]["Keepers"], match["coach_tokens"]["Keepers"]) == (True, 8)
