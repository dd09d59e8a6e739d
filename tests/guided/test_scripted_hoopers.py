"""The hoopers guided flows in-process, answered by a script (tests/guided/scripted.py).

The same sessions as tests/guided/test_terminal.py, which drives them through a real
pseudo-terminal (and is marked slow): the answers, the screens and the store are checked
alike, without a process and a pty per test.
"""

from __future__ import annotations

from companion.testing.scripted import CTRL_Z
from tests.guided.test_terminal import NAMES, events


def start_match(cli) -> None:
    done = cli("hoopers", "match", "start", *NAMES, "--first", "Lucy", "--seed", "7")
    assert done.exit_code == 0, done.stderr


def status(cli) -> dict:
    done = cli("hoopers", "match", "status", "--json")
    assert done.exit_code == 0, done.stderr
    return done.json


def types(db) -> list[str]:
    return [e["type"] for e in events(db)]


def to_muys_three(flow) -> None:
    """Lucy's first turn answered straight to its attack: Muy Schillato's 3 points shot."""
    flow.answer("F1: Lucy's fundamental?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "3ps")
    flow.answer("3 points shot by?", "Muy")


def test_a_full_attacking_turn_is_recorded(cli, db, scripted):
    start_match(cli)
    flow = scripted
    # F1: Serge passes (+25); Karl's May Friend tries to intercept and fails.
    flow.answer("F1: Lucy's fundamental?", "pa")
    flow.answer("pass by?", "Ser")
    flow.answer("pass bonus on the card?", "")
    flow.answer("Karl counters the pass?", "int")
    flow.answer("intercept pass by?", "May")
    flow.answer("foul die for the intercept pass", "blank")
    flow.answer("May Friend's O-stat?", "40")  # no jump ball: the V-stat is not asked
    flow.answer("roll ≤ 40 succeeds", "90")
    flow.expect("Counter failed")
    flow.answer("Lucy runs a playbook?", "")
    # F2: Muy dribbles (+15), then must shoot himself (ball dynamics).
    flow.answer("F2: Lucy's fundamental?", "dr")
    flow.answer("dribble by?", "Muy")
    flow.answer("dribble bonus on the card?", "")
    flow.answer("Karl counters the dribble?", "")
    flow.answer("A: Lucy's attack?", "3")
    flow.answer("3 points shot by? [Muy Schillato]", "")
    flow.answer("Muy Schillato's 3PS?", "70")
    flow.answer("Karl defends with a D3?", "d3")
    flow.answer("D3 by?", "Edd")
    flow.answer("Edd Trapp's D3?", "30")
    flow.answer("Perry Hel adds his defence", "")  # his skill offered: no
    flow.answer("foul die for the D3", "whistle")
    flow.answer("70 + 25 + 15 − (30 + 25) = 55 → roll ≤ 55", "60")
    flow.answer("Muy Schillato's 2PS (free throws)?", "50")
    flow.answer("free throw 1: roll ≤ 65 scores", "5")
    flow.answer("free throw 2: roll ≤ 65 scores", "70")
    flow.answer("free throw 3: roll ≤ 65 scores", "65")
    flow.expect("Lucy's attacking turn is over")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0

    now = status(cli)
    assert now["score"] == {"Lucy": 2, "Karl": 0}
    assert (now["turn"], now["attacking"]) == (2, "Karl")
    assert now["hoopers"]["Karl"]["Edd Trapp"]["fouls"] == 1
    assert now["hoopers"]["Lucy"]["Muy Schillato"]["injury_cubes"] == 1
    assert now["hoopers"]["Lucy"]["Muy Schillato"]["points"] == 2
    shot = events(db)[-2]
    assert shot["type"] == "shot"
    assert shot["data"]["spec"]["bonuses"] == [25, 15]
    assert (shot["data"]["face"], shot["data"]["roll"]) == ("whistle", 60)
    assert shot["data"]["ft_rolls"] == [5, 70, 65]
    assert events(db)[-1]["type"] == "turn"


def test_undo_from_within_the_flow(cli, db, scripted):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "2ps")
    flow.answer("2 points shot by?", "Dime")
    flow.answer("Dime N'Shons' 2PS?", "55")
    flow.answer("Karl defends with a D2?", "")
    flow.answer("roll ≤ 55", "5")
    flow.expect("scores 2")
    flow.check(lambda: status(cli)["score"]["Lucy"], 2)
    flow.answer("The turn token moves on: the next turn, or stop here?", "<")  # typed undo
    flow.expect("undone: shot (Dime N'Shons, Lucy)")
    flow.answer("roll ≤ 55", "<")  # undo goes back one question at a time
    flow.answer("Karl defends with a D2?", "<")
    flow.answer("Dime N'Shons' 2PS?", "<")
    flow.answer("2 points shot by?", "<")
    flow.expect("A: Lucy's attack?")
    flow.check(lambda: status(cli)["score"]["Lucy"], 0)
    flow.check(lambda: types(db), ["opening"])
    flow.send("lup\r")
    flow.answer("lay-up by?", "Dime")
    flow.answer("Dime N'Shons' LUP?", "60")
    flow.answer("Karl defends with a DLU?", "")
    flow.answer("roll ≤ 60", "100")
    flow.expect("misses")
    flow.expect("F3: Lucy plays an offensive rebound?")
    flow.send(CTRL_Z)  # Ctrl-Z: undo in one keystroke
    flow.expect("undone: shot")
    flow.answer("roll ≤ 60", "<")
    flow.answer("Karl defends with a DLU?", "<")
    flow.answer("Dime N'Shons' LUP?", "<")
    flow.answer("lay-up by?", "<")
    flow.expect("A: Lucy's attack?")
    flow.check(lambda: types(db), ["opening"])
    flow.interrupt()
    assert flow.run("hoopers", "play", "--seed", "2").exit_code == 130


def test_stat_prompts_default_to_what_the_table_typed_never_an_invented_value(cli, db, scripted):
    start_match(cli)
    flow = scripted
    to_muys_three(flow)
    flow.expect("Muy Schillato's 3PS?")
    flow.send("\r")  # never typed in this match: no default, Enter alone is refused
    flow.expect("an answer is needed: type a whole number")
    flow.send("70\r")
    flow.answer("Karl defends with a D3?", "d3")
    flow.answer("D3 by?", "Edd")
    flow.answer("Edd Trapp's D3?", "30")
    flow.answer("Perry Hel adds his defence", "")  # his skill offered: no
    flow.answer("foul die for the D3", "blank")
    flow.answer("roll ≤", "100")
    flow.expect("F3: Lucy plays an offensive rebound?")
    flow.send("<\r")  # undo the shot: the session remembers what was typed
    flow.answer("roll ≤", "<")
    flow.answer("foul die for the D3", "<")
    flow.answer("Perry Hel adds his defence", "<")
    flow.answer("Edd Trapp's D3?", "<")
    flow.answer("D3 by?", "<")
    flow.answer("Karl defends with a D3?", "<")
    flow.answer("Muy Schillato's 3PS?", "<")
    flow.answer("3 points shot by?", "<")
    flow.expect("A: Lucy's attack?")
    flow.send("3ps\r")
    flow.answer("3 points shot by?", "Muy")
    flow.expect("Muy Schillato's 3PS? (70)")
    flow.send("\r")
    flow.answer("Karl defends with a D3?", "d3")
    flow.answer("D3 by?", "Edd")
    flow.expect("Edd Trapp's D3? (30)")
    flow.send("\r")
    flow.answer("Perry Hel adds his defence", "")  # his skill offered: no
    flow.answer("foul die for the D3", "blank")
    flow.answer("roll ≤", "100")
    flow.expect("F3: Lucy plays an offensive rebound?")
    flow.interrupt()
    assert flow.run("hoopers", "play", "--seed", "3").exit_code == 130
    assert "(50)" not in flow.text
    shot = events(db)[-1]["data"]
    assert (shot["spec"]["stat"], shot["spec"]["defense"]) == (70, 30)
    # A new session resumes the turn at the question it stopped at; going back, the
    # defaults are still what the table typed (the match keeps them).
    flow.answer("F3: Lucy plays an offensive rebound?", "<")
    flow.answer("roll ≤", "<")
    flow.answer("foul die for the D3", "<")
    flow.answer("Perry Hel adds his defence", "<")
    flow.answer("Edd Trapp's D3?", "<")
    flow.answer("D3 by?", "<")
    flow.answer("Karl defends with a D3?", "<")
    flow.expect("Muy Schillato's 3PS? (70)")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130


def test_ctrl_c_keeps_everything_recorded(cli, db, scripted):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "dr")
    flow.answer("dribble by?", "Muy")
    flow.answer("dribble bonus on the card?", "15")
    flow.answer("Karl counters the dribble?", "steal")
    flow.answer("steal dribble by?", "Hector")
    flow.answer("foul die for the steal dribble", "whistle")  # a foul: no stat, no token
    flow.expect("Defensive foul")
    flow.expect("F2: Lucy's fundamental?")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert "interrupted; everything recorded so far is kept" in flow.text
    now = status(cli)
    assert now["hoopers"]["Karl"]["Hector Pröt"]["fouls"] == 1
    assert now["hoopers"]["Lucy"]["Muy Schillato"]["injury_cubes"] == 1
    assert now["team_fouls"]["Karl"] == 1
    assert types(db) == ["opening", "fundamental", "foul", "injure"]


def test_menu_offers_the_live_match_and_its_scoreboard(cli, scripted):
    start_match(cli)
    flow = scripted
    flow.expect("live: hoopers match")
    flow.answer("What now?", "")  # default: continue the live match
    flow.expect("Lucy 0 – 0 Karl")
    flow.answer("Play the next attacking turn", "no")
    flow.answer("What now?", "quit")
    assert flow.run().exit_code == 0


def answer_the_start(flow, first: str) -> None:
    """The guided start: Lucy (Unleashed) at home against Karl (Keepers), defaults after."""
    flow.answer("Home team", "Lucy")
    flow.answer("Away team?", "Karl")
    flow.answer("Lucy's tribe?", "unl")
    flow.answer("Karl's tribe?", "kee")
    flow.answer("Give the line-ups", "")  # issue 15 item 14: default no line-up
    flow.answer("Period milestones", "")  # issue 15 item 9: default win
    flow.answer("Who attacks first?", first)


def test_menu_starts_a_hoopers_match(cli, scripted):
    flow = scripted
    flow.answer("What now?", "start")
    flow.answer("Which game?", "")
    answer_the_start(flow, first="Karl")
    flow.expect("Karl attacks first")
    flow.answer("Play the first attacking turn now?", "n")
    flow.expect("live: hoopers match")
    flow.answer("What now?", "quit")
    assert flow.run().exit_code == 0
    now = status(cli)
    assert (now["attacking"], now["score"]) == ("Karl", {"Lucy": 0, "Karl": 0})
    assert "Muy Schillato" in now["hoopers"]["Lucy"]


def test_play_without_a_live_match_offers_to_start_one(cli, scripted):
    flow = scripted
    flow.expect("No live hoopers match.")
    flow.answer("Start one now?", "")  # default: yes
    answer_the_start(flow, first="Lucy")
    flow.expect("F1: Lucy's fundamental?")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert "no live hoopers match" not in flow.text
    now = status(cli)
    assert (now["attacking"], now["score"]) == ("Lucy", {"Lucy": 0, "Karl": 0})


def test_play_without_a_live_match_can_be_declined(cli, scripted):
    flow = scripted
    flow.answer("Start one now?", "no")
    flow.expect("'companion hoopers match start --help' shows how")
    assert flow.run("hoopers", "play").exit_code == 0
    assert cli("hoopers", "match", "status").exit_code == 2


def test_undo_takes_back_a_whole_counter_foul_and_the_companion_rolls(cli, db, scripted):
    start_match(cli)
    flow = scripted  # --seed 2 = TableRng(2): d8 whistle first
    flow.answer("F1: Lucy's fundamental?", "pass")
    flow.answer("pass by?", "Serge")
    flow.answer("pass bonus on the card?", "")
    flow.answer("Karl counters the pass?", "i")
    flow.answer("intercept pass by?", "Vern")
    flow.answer("foul die for the intercept pass", "")  # Enter: the companion rolls
    flow.expect("rolled 🔔 WHISTLE")
    flow.expect("Defensive foul")
    flow.answer("F2: Lucy's fundamental?", "<")
    flow.expect("undone: foul (Vernon Dely, Karl); injure (Serge Ceptor, Lucy)")
    flow.answer("foul die for the intercept pass", "<")
    flow.answer("intercept pass by?", "<")
    flow.expect("Karl counters the pass?")
    flow.check(lambda: types(db), ["opening", "fundamental"])
    flow.send("none\r")
    flow.answer("Lucy runs a playbook?", "")
    flow.interrupt()
    assert flow.run("hoopers", "play", "--seed", "2").exit_code == 130
    assert types(db) == ["opening", "fundamental"]


def test_an_offensive_foul_on_a_screen_ends_the_turn(cli, db, scripted):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "scr")
    flow.answer("screen by?", "Rel")
    flow.answer("screen bonus on the card?", "")
    flow.answer("foul die for Reley Baton's screen", "whistle")
    flow.expect("Offensive foul")
    flow.answer("Karl: who takes the white cube?", "May")
    flow.expect("Lucy's attacking turn is over: offensive foul on Reley Baton's screen")
    flow.answer("The turn token moves on: the next turn, or stop here?", "")
    flow.expect("F1: Karl's fundamental?")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert types(db) == ["opening", "fundamental", "foul", "injure", "turn"]
    now = status(cli)
    assert now["hoopers"]["Lucy"]["Reley Baton"]["fouls"] == 1
    assert now["hoopers"]["Karl"]["May Friend"]["injury_cubes"] == 1
    assert now["attacking"] == "Karl"


def test_a_won_rebound_attacks_again_without_moving_the_turn_token(cli, db, scripted):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "")
    flow.answer("2 points shot by?", "Dime")
    flow.answer("Dime N'Shons' 2PS?", "55")
    flow.answer("Karl defends with a D2?", "")
    flow.answer("roll ≤ 55", "100")
    flow.answer("F3: Lucy plays an offensive rebound?", "reb")
    flow.answer("rebound by?", "Lance")
    flow.answer("foul die for the rebound", "blank")
    flow.answer("Lance Endure's V-stat?", "60")  # no jump ball: the O-stat is not asked
    flow.answer("roll ≤ 60 succeeds", "10")
    flow.answer("Rebound won:", "again")
    flow.expect("attacks again (offensive rebound)")
    flow.expect("F1: Lucy's fundamental?")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    log = events(db)
    assert [e["type"] for e in log] == ["opening", "shot", "counter", "turn"]
    assert log[-1]["data"]["again"] is True
    assert (status(cli)["attacking"], status(cli)["turn"]) == ("Lucy", 1)


def test_menu_rolls_a_die_shows_history_and_quits(scripted):
    flow = scripted
    flow.answer("What now?", "roll")
    flow.answer("Which die?", "")  # the default: the Valley Hoopers d20
    flow.expect("d20:")
    flow.answer("What now?", "hist")
    flow.expect("No matches yet.")
    flow.answer("What now?", "q")
    assert flow.run().exit_code == 0


def test_names_like_markup_are_shown_as_typed_in_the_flow(cli, db, scripted):
    """Team names are the users' text: the flow's questions and lines show them as typed."""
    home, away = "[red]Lu", "Ka[/b]"
    tribes = ("--home-tribe", "unleashed", "--away-tribe", "keepers")
    done = cli("hoopers", "match", "start", "--home", home, "--away", away, *tribes,
               "--first", home, "--seed", "7")  # fmt: skip
    assert done.exit_code == 0, done.stderr
    flow = scripted
    flow.answer(f"F1: {home}'s fundamental?", "")
    flow.answer(f"F2: {home}'s fundamental?", "")
    flow.answer(f"A: {home}'s attack?", "2ps")
    flow.answer("2 points shot by?", "Dime")
    flow.answer("Dime N'Shons' 2PS?", "55")
    flow.answer(f"{away} defends with a D2?", "")
    flow.answer("roll ≤ 55", "5")
    flow.expect("scores 2")
    flow.expect(f"{home}'s attacking turn is over")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    result = flow.run("hoopers", "play", "--seed", "1")
    assert result.exit_code == 0, result.stderr
    assert f"{home} 2 – 0 {away}" in flow.text
    assert "[red]" not in flow.text.replace(home, "")  # no name lost, no tag of ours shown
