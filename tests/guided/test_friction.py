"""Issue 17, "Guided prompts", in-process through the scripted prompts (tests/guided/scripted.py).

Lists picked with the arrow keys, names completed with Tab, a refused answer said under a
clear line, a turn resumed at the exact question, undo one question back, only what
matters asked, and the defaults the companion knows. The same through a real terminal:
tests/guided/test_friction_terminal.py.
"""

from __future__ import annotations

from companion.testing.scripted import CTRL_U, DOWN, TAB, UP
from tests.guided.test_scripted_hoopers import start_match, status, to_muys_three, types


def dime_shoots_2ps(flow, stat: str) -> None:
    """Lucy skips F1 and F2 and attacks: Dime N'Shons' 2 points shot with 2PS `stat`."""
    flow.answer("F1: Lucy's fundamental?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "2ps")
    flow.answer("2 points shot by?", "Dime")
    flow.answer("Dime N'Shons' 2PS?", stat)


def test_a_short_list_is_picked_with_the_arrow_keys(cli, scripted):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.expect("A: Lucy's attack? [2ps / 3ps / lup / none] (2ps)")
    flow.send(DOWN + DOWN + "\r")  # 2ps (the default, highlighted) → 3ps → lup
    flow.expect("lay-up by?")
    flow.send(UP + UP + TAB + "\r")  # a name is a line: its completion menu walks with Tab
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert "Dime N'Shons' LUP?" in flow.text


def test_typing_filters_a_list_and_shortcut_letters_pick(cli, db, scripted):
    flow = scripted
    flow.answer("What now?", "start")
    flow.answer("Which game?", "")
    flow.answer("Home team", "Lucy")
    flow.answer("Away team?", "Karl")
    flow.answer("Lucy's tribe?", "unl")  # typing filters: the one left is taken
    flow.answer("Karl's tribe?", "k")  # one letter is enough when it starts one choice
    flow.answer("Give the line-ups", "n")
    flow.answer("Period milestones", "")
    flow.answer("Who attacks first?", "karl")
    flow.answer("Play the first attacking turn now?", "no")
    flow.answer("What now?", "q")
    assert flow.run().exit_code == 0
    assert status(cli)["attacking"] == "Karl"
    assert live_match(db)["options"]["tribes"] == {"Lucy": "unleashed", "Karl": "keepers"}


def test_a_name_is_completed_with_tab_even_misspelt(cli, scripted):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "pa")
    flow.expect("pass by?")
    flow.send("Srge" + TAB + "\r")  # a close spelling is offered; Tab takes it
    flow.answer("pass bonus on the card?", "")
    flow.expect("Karl counters the pass?")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert "? pass by?" in flow.text and "Srge⇥" in flow.text


def test_a_refused_answer_is_said_and_the_line_starts_clear(cli, scripted):
    from companion.testing.scripted import press_enter
    from companion.ui.guided import prompts

    def validate(text):
        return True if text.isdigit() else f"'{text}' is not a whole number"

    ended = press_enter(prompts._line_bindings(validate, True), "abc")
    assert isinstance(ended, prompts.Refused) and ended.reason == "'abc' is not a whole number"
    assert press_enter(prompts._line_bindings(validate, True), "20") == "20"

    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "pa")
    flow.answer("pass by?", "Ser")
    flow.answer("pass bonus on the card?", "abc")
    flow.expect("'abc' is not a whole number")
    flow.answer("pass bonus on the card?", "20")  # asked again, on a clear line
    flow.answer("Karl counters the pass?", "none")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130


def test_a_turn_interrupted_before_the_token_moves_resumes_there(cli, db, scripted):
    # Issue 17: Ctrl-C at "The turn token moves on: the next turn, or stop here?" after
    # Lucy scored, then `hoopers play` again: it must not replay Lucy's attack.
    start_match(cli)
    flow = scripted
    dime_shoots_2ps(flow, "55")
    flow.answer("Karl defends with a D2?", "")
    flow.answer("roll ≤ 55", "5")
    flow.expect("scores 2")
    flow.expect("The turn token moves on: the next turn, or stop here?")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert (status(cli)["turn"], status(cli)["attacking"]) == (1, "Lucy")  # token unmoved
    assert types(db) == ["opening", "shot"]

    flow.expect("Resuming the attacking turn where it stopped")
    flow.expect("→ roll ≤ 55 5")  # the kept answers, shown
    flow.answer(
        "The turn token moves on: the next turn, or stop here?", ""
    )  # the exact question, first
    flow.answer("F1: Karl's fundamental?", "")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert types(db) == ["opening", "shot", "turn"]  # the attack was not played twice
    assert status(cli)["score"] == {"Lucy": 2, "Karl": 0}
    assert (status(cli)["turn"], status(cli)["attacking"]) == (2, "Karl")


def test_a_turn_interrupted_mid_step_resumes_at_the_exact_question(cli, db, scripted):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "dr")
    flow.answer("dribble by?", "Muy")
    flow.answer("dribble bonus on the card?", "15")
    flow.answer("Karl counters the dribble?", "steal")
    flow.answer("steal dribble by?", "Hector")
    flow.answer("foul die for the steal dribble", "whistle")
    flow.expect("Defensive foul")
    flow.answer("F2: Lucy's fundamental?", "pa")
    flow.answer("pass by?", "Ser")
    flow.expect("pass bonus on the card?")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    flow.answer("pass bonus on the card?", "")  # not F1, not F2: the question it stopped at
    flow.answer("Karl counters the pass?", "")
    flow.answer("A: Lucy's attack?", "")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert types(db) == [
        "opening",
        "fundamental",
        "foul",
        "injure",
        "fundamental",
    ]  # the foul is not recorded twice


def test_undo_goes_back_one_question_within_a_step(cli, db, scripted):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "dr")
    flow.answer("dribble by?", "Muy")
    flow.answer("dribble bonus on the card?", "<")  # back to "dribble by?", not a turn back
    flow.answer("dribble by?", "<")
    flow.answer("F1: Lucy's fundamental?", "pa")
    flow.answer("pass by?", "Ser")
    flow.answer("pass bonus on the card?", "")
    flow.answer("Karl counters the pass?", "")
    flow.answer("Lucy runs a playbook?", "")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert "undone: turn" not in flow.text and "nothing to undo" not in flow.text
    assert types(db) == ["opening", "fundamental"]  # the pass, recorded with its energy


def test_undo_after_a_lost_rebound_takes_back_the_rebound_only(cli, db, scripted):
    start_match(cli)
    flow = scripted
    dime_shoots_2ps(flow, "55")
    flow.answer("Karl defends with a D2?", "")
    flow.answer("roll ≤ 55", "100")
    flow.answer("F3: Lucy plays an offensive rebound?", "reb")
    flow.answer("rebound by?", "Lance")
    flow.answer("foul die for the rebound", "blank")
    flow.answer("Lance Endure's V-stat?", "60")
    flow.answer("roll ≤ 60 succeeds", "100")
    flow.expect("Rebound lost")
    flow.answer("The turn token moves on: the next turn, or stop here?", "<")
    # The rebound's d20 again: the shot stays, the rebound is recorded anew.
    flow.answer("roll ≤ 60 succeeds", "10")
    flow.check(lambda: types(db), ["opening", "shot", "counter"])
    flow.answer("Rebound won:", "bonus")
    flow.answer("A: Lucy's attack?", "")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert "undone: shot" not in flow.text


def test_undo_at_a_new_turn_goes_back_to_the_turn_token(cli, db, scripted):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "none")
    flow.answer("The turn token moves on: the next turn, or stop here?", "")
    flow.answer("F1: Karl's fundamental?", "<")
    flow.expect("undone: turn")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play").exit_code == 0
    assert types(db) == ["opening", "turn"]


def test_no_d20_for_a_target_that_cannot_be_hit(cli, db, scripted):
    start_match(cli)
    flow = scripted
    dime_shoots_2ps(flow, "10")
    flow.answer("Karl defends with a D2?", "d2")
    flow.answer("D2 by?", "Edd")
    flow.answer("Edd Trapp's D2?", "60")
    flow.answer("Perry Hel adds his defence", "")  # his skill offered: no
    flow.answer("foul die for the D2", "blank")
    flow.expect("cannot score, no roll")
    flow.answer("F3: Lucy plays an offensive rebound?", "")  # no d20 asked before it
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    shot = [e for e in cli_events(db) if e["type"] == "shot"][0]["data"]
    assert shot["roll"] is None
    assert not any("d20 for the shot" in q for q in flow.asked)


def test_no_d20_for_a_target_that_cannot_be_missed(cli, scripted):
    start_match(cli)
    flow = scripted
    dime_shoots_2ps(flow, "100")
    flow.answer("Karl defends with a D2?", "")
    flow.expect("≥ 100: scores without a roll")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play").exit_code == 0
    assert not any("d20" in q or "roll ≤" in q for q in flow.asked)


def test_an_intercept_asks_for_v_only_when_a_jump_ball_makes_it_matter(cli, scripted):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "pa")
    flow.answer("pass by?", "Ser")
    flow.answer("pass bonus on the card?", "")
    flow.answer("Karl counters the pass?", "int")
    flow.answer("intercept pass by?", "May")
    flow.answer("foul die for the intercept pass", "jump-ball")
    flow.answer("May Friend's V-stat?", "30")  # the jump ball turns the O into the V
    flow.answer("roll ≤ 30 succeeds", "90")
    flow.answer("Lucy runs a playbook?", "")
    flow.answer("F2: Lucy's fundamental?", "pa")
    flow.answer("pass by?", "Dime")
    flow.answer("pass bonus on the card?", "")
    flow.answer("Karl counters the pass?", "int")
    flow.answer("intercept pass by?", "May")
    flow.answer("foul die for the intercept pass", "blank")
    flow.answer("May Friend's O-stat?", "40")  # no jump ball: the O-stat, and only it
    flow.answer("roll ≤ 40 succeeds", "90")
    flow.answer("A: Lucy's attack?", "none")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play").exit_code == 0
    asked = [q for q in flow.asked if "May Friend's" in q]
    assert [q.split("?")[0] for q in asked] == ["May Friend's V-stat", "May Friend's O-stat"]


def test_a_plain_match_shot_remembers_the_hoopers_last_stat(cli, db):
    start_match(cli)
    first = cli("hoopers", "match", "shot", "Lucy", "2ps", "--hooper", "Dime", "--stat", "55",
                "--roll", "100", "--json")  # fmt: skip
    assert first.exit_code == 0, first.stderr
    for _ in range(2):
        assert cli("hoopers", "match", "turn").exit_code == 0
    again = cli("hoopers", "match", "shot", "Lucy", "2ps", "--hooper", "Dime", "--roll", "5",
                "--json")  # fmt: skip
    assert again.exit_code == 0, again.stderr
    assert again.json["target"] == 55 and again.json["scored"] is True
    never = cli("hoopers", "match", "shot", "Lucy", "3ps", "--hooper", "Dime", "--roll", "5")
    assert never.exit_code == 2
    assert "no 3PS given yet for Dime N'Shons (Lucy)" in never.stderr


def test_a_stat_typed_in_the_guided_flow_is_remembered_by_the_plain_command(cli, scripted):
    start_match(cli)
    flow = scripted
    to_muys_three(flow)
    flow.answer("Muy Schillato's 3PS?", "70")
    flow.interrupt()  # nothing recorded: the stat typed is kept all the same
    assert flow.run("hoopers", "play").exit_code == 130
    done = cli("hoopers", "match", "shot", "Lucy", "3ps", "--hooper", "Muy", "--roll", "5",
               "--json")  # fmt: skip
    assert done.exit_code == 0, done.stderr
    assert done.json["target"] == 70


def test_the_hooper_last_used_is_the_default(cli, scripted):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "pa")
    flow.answer("pass by? [Dime N'Shons", "Ser")  # never used: the first one
    flow.answer("pass bonus on the card?", "<")
    flow.answer("pass by?", "<")
    flow.answer("F1: Lucy's fundamental?", "pa")
    flow.expect("(Serge Ceptor)")  # the hooper last used to pass
    flow.send("\r")
    flow.answer("pass bonus on the card?", "")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130


def test_the_menu_offers_the_live_match_played_last(cli, scripted, monkeypatch):
    from companion.store import store

    clock = iter(f"2030-01-01T00:00:{s:02d}+00:00" for s in range(60))
    monkeypatch.setattr(store, "now", lambda: next(clock))
    start_match(cli)
    done = cli("otdraft", "game", "start", "--players", "Ana,Ben", "--no-deck")
    assert done.exit_code == 0, done.stderr
    flow = scripted
    flow.expect("What now? [continue otdraft / continue hoopers")
    flow.answer("What now?", "q")
    assert flow.run().exit_code == 0
    assert cli("hoopers", "match", "score", "Lucy", "2").exit_code == 0
    flow.expect("What now? [continue hoopers / continue otdraft")
    flow.answer("What now?", "q")
    assert flow.run().exit_code == 0


def test_the_menu_takes_a_game_name_for_continue(cli, scripted):
    # Issue 17: "In the menu, `playlist` is refused until you type `continue p`."
    done = cli("otdraft", "game", "start", "--players", "Lucy,Karl", "--no-deck")
    assert done.exit_code == 0, done.stderr
    flow = scripted
    flow.answer("What now?", "otdraft")  # not only `continue o`
    flow.answer("Play the next picks of this otdraft match?", "no")
    flow.answer("What now?", "quit")
    assert flow.run().exit_code == 0


def test_a_list_refuses_what_matches_no_choice_and_asks_again(scripted):
    flow = scripted
    flow.answer("What now?", "zzz")
    flow.expect("'zzz' is none of the choices")
    flow.answer("What now?", "hist" + CTRL_U + "q")  # Ctrl-U clears what was typed
    assert flow.run().exit_code == 0
    assert "No matches yet." not in flow.text


def live_match(db):
    import json

    return json.loads(db.read_text())["live"]["1"]


def cli_events(db):
    from tests.guided.test_terminal import events

    return events(db)


# --- All-Star Draft and All Stars Playlist ---------------------------------------------


def start_allstar(cli) -> None:
    species = ("--species", "duc,hor,bea,tig,car")
    done = cli("allstar", "season", "start", "--players", "Ana,Ben", "--mode", "heritage",
               *species)  # fmt: skip
    assert done.exit_code == 0, done.stderr
    # This table's box confirms the default orders (an unconfirmed one is asked in play).
    for key in ("species", "symbols", "numbers"):
        assert cli("allstar", "config", "confirm", key).exit_code == 0
    assert cli("allstar", "season", "arenas", "Rink", "--points", "5,2").exit_code == 0


def test_allstar_a_refused_bus_2_arena_keeps_bus_1(cli, scripted):
    # Issue 17: "refusing the Bus 2 arena in `allstar play` goes back to Bus 1 and asks
    # again for a row just 'remembered'".
    from tests.games.allstar.test_season import bus_team

    start_allstar(cli)
    flow = scripted
    flow.answer("Ana's Bus 1 team (Rink)?", bus_team("Ana", 1))
    flow.answer("Ben's Bus 1 team (Rink)?", bus_team("Ben", 1))
    flow.answer("resolve round 1?", "")
    flow.answer("Go on to round 2?", "")
    flow.answer("Bus 1 arena?", "Dome")
    flow.answer("Supporters for 1st, 2nd, … place in Dome?", "6,3")
    flow.answer("Bus 2 arena?", "Rink")
    flow.expect("arena 'Rink' was played in round 1")
    flow.answer("Bus 2 arena?", "Dome")
    flow.expect("arena 'Dome' is named twice")
    flow.answer("Bus 2 arena?", "Bowl")  # still Bus 2: Bus 1 and its row are kept
    flow.answer("Supporters for 1st, 2nd, … place in Bowl?", "")  # the row entered last
    flow.expect("Ana's team of round 1")
    flow.interrupt()
    assert flow.run("allstar", "play").exit_code == 130
    assert sum("Bus 1 arena?" in q for q in flow.asked) == 1
    assert sum("place in Dome?" in q for q in flow.asked) == 1
    arenas = cli("allstar", "season", "status", "--json").json["arenas"]
    assert [(a["name"], a["points"]) for a in arenas] == [("Dome", [6, 3]), ("Bowl", [6, 3])]


def test_allstar_an_arena_is_completed_with_tab(cli, scripted):
    start_allstar(cli)
    assert cli("allstar", "arena", "add", "Colosseum", "--points", "8,4").exit_code == 0
    from tests.games.allstar.test_season import bus_team

    flow = scripted
    flow.answer("Ana's Bus 1 team (Rink)?", bus_team("Ana", 1))
    flow.answer("Ben's Bus 1 team (Rink)?", bus_team("Ben", 1))
    flow.answer("resolve round 1?", "")
    flow.answer("Go on to round 2?", "")
    flow.expect("Bus 1 arena?")
    flow.send("Colos" + TAB + "\r")
    flow.answer("Bus 2 arena?", "Dome")
    flow.answer("place in Dome?", "")
    flow.expect("Ana's team of round 1")
    flow.interrupt()
    assert flow.run("allstar", "play").exit_code == 130
    arenas = cli("allstar", "season", "status", "--json").json["arenas"]
    assert [a["name"] for a in arenas] == ["Colosseum", "Dome"]


def test_allstar_the_last_play_off_team_is_the_default(db, scripted):
    from tests.games.allstar.test_season import bus_team, stored_regular_season

    stored_regular_season(db)
    flow = scripted
    flow.answer("The Play-Off Points card", "20,15,13,11")
    for manager in ("Ana", "Ben", "Cy"):
        flow.answer(f"{manager}'s Play-Off team?", bus_team(manager, 1))
    flow.answer("Damien's Play-Off team?", "eag-1,eag-2,rab-3,rab-4,car-5")
    for manager in ("Ana", "Ben", "Cy"):
        flow.answer(f"{manager} substitutes how many cards", "3")
    flow.expect("Ana's Play-Off team? [5 cards, e.g. duc-4-puck] (Ducks-1 Ducks-2 Ducks-3")
    flow.send("\r")  # the team Ana revealed last
    flow.answer("Ben's Play-Off team?", "")
    flow.answer("Cy's Play-Off team?", "sha-1,sha-2,pan-3,pan-4,car-6")
    flow.expect("Cy is eliminated")
    flow.interrupt()
    assert flow.run("allstar", "play").exit_code == 130


def test_playlist_a_song_title_is_completed_and_the_song_picked_from_a_list(cli, scripted):
    for card in ("country/1/guitar+storytelling+love+acoustic/Blowin' in the Wind",
                 "pop/2/piano+love+ballad+beatles/Let It Be"):  # fmt: skip
        assert cli("playlist", "cards", "add", card).exit_code == 0
    done = cli("playlist", "game", "start", "--players", "Ana,Ben", "--first", "Ana")
    assert done.exit_code == 0, done.stderr
    flow = scripted
    flow.answer("Ana's assignment cards (first turn)?", "")
    flow.expect("Ana adds songs")
    flow.send("Blo" + TAB + ", Let" + TAB + "\r")
    flow.expect("2. #2")
    flow.expect("Ana's song? [sung / taken / false-call] (sung)")
    flow.send(DOWN + "\r")  # taken
    flow.answer("Taken by?", "")
    flow.expect("Ana loses Let It Be")
    flow.answer("End Ana's turn?", "stop")
    assert flow.run("playlist", "play").exit_code == 0
    assert "Blo⇥, Let⇥" in flow.text
