"""The guided flows driven through a real pseudo-terminal: typed answers, read screens."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.guided.terminal import Terminal, json_of, run

NAMES = ("--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed", "--away-tribe", "keepers")


def start_match(db: Path) -> None:
    done = run(db, "hoopers", "match", "start", *NAMES, "--first", "Lucy", "--seed", "7")
    assert done.returncode == 0, done.stderr


def status(db: Path) -> dict:
    return json_of(db, "hoopers", "match", "status")


def events(db: Path) -> list[dict]:
    return json.loads(db.read_text())["live"]["1"]["events"]


def test_menu_rolls_a_die_shows_history_and_quits(db):
    term = Terminal(db)
    term.answer("What now?", "roll")
    term.answer("Which die?", "")  # the default: the Valley Hoopers d20
    term.expect("d20:")
    term.answer("What now?", "hist")
    term.expect("No matches yet.")
    term.answer("What now?", "q")
    assert term.finish() == 0


@pytest.mark.slow  # a real pty; the fast loop keeps this file's Ctrl-C and menu runs
def test_menu_offers_the_live_match_and_its_scoreboard(db):
    start_match(db)
    term = Terminal(db)
    term.expect("live: hoopers match")
    term.answer("What now?", "")  # default: continue the live match
    term.expect("Lucy 0 – 0 Karl")
    term.answer("Play the next attacking turn", "no")
    term.answer("What now?", "quit")
    assert term.finish() == 0


@pytest.mark.slow
def test_a_full_attacking_turn_is_recorded(db):
    start_match(db)
    term = Terminal(db, "hoopers", "play", "--seed", "1")
    # F1: Serge passes (+25); Karl's May Friend tries to intercept and fails.
    term.answer("F1: Lucy's fundamental?", "pa")
    term.answer("pass by?", "Ser")
    term.answer("pass bonus on the card?", "")
    term.answer("Karl counters the pass?", "int")
    term.answer("intercept pass by?", "May")
    term.answer("foul die for the intercept pass", "blank")
    term.answer("May Friend's O-stat?", "40")  # no jump ball: the V-stat is not asked
    term.answer("roll ≤ 40 succeeds", "90")
    term.expect("Counter failed")
    term.answer("Lucy runs a playbook?", "")
    # F2: Muy dribbles (+15), then must shoot himself (ball dynamics).
    term.answer("F2: Lucy's fundamental?", "dr")
    term.answer("dribble by?", "Muy")
    term.answer("dribble bonus on the card?", "")
    term.answer("Karl counters the dribble?", "")
    term.answer("A: Lucy's attack?", "3")
    term.answer("3 points shot by? [Muy Schillato]", "")
    term.answer("Muy Schillato's 3PS?", "70")
    term.answer("Karl defends with a D3?", "d3")
    term.answer("D3 by?", "Edd")
    term.answer("Edd Trapp's D3?", "30")
    term.answer("Perry Hel adds his defence", "")  # his skill offered: no
    term.answer("foul die for the D3", "whistle")
    term.answer("70 + 25 + 15 − (30 + 25) = 55 → roll ≤ 55", "60")
    term.answer("Muy Schillato's 2PS (free throws)?", "50")
    term.answer("free throw 1: roll ≤ 65 scores", "5")
    term.answer("free throw 2: roll ≤ 65 scores", "70")
    term.answer("free throw 3: roll ≤ 65 scores", "65")
    term.expect("Lucy's attacking turn is over")
    term.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert term.finish() == 0

    now = status(db)
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


def test_ctrl_c_keeps_everything_recorded(db):
    start_match(db)
    term = Terminal(db, "hoopers", "play")
    term.answer("F1: Lucy's fundamental?", "dr")
    term.answer("dribble by?", "Muy")
    term.answer("dribble bonus on the card?", "15")
    term.answer("Karl counters the dribble?", "steal")
    term.answer("steal dribble by?", "Hector")
    term.answer("foul die for the steal dribble", "whistle")  # a foul: no stat, no token
    term.expect("Defensive foul")
    term.expect("F2: Lucy's fundamental?")
    term.interrupt()
    assert term.finish() == 130
    assert "interrupted; everything recorded so far is kept" in term.text
    now = status(db)
    assert now["hoopers"]["Karl"]["Hector Pröt"]["fouls"] == 1
    assert now["hoopers"]["Lucy"]["Muy Schillato"]["injury_cubes"] == 1
    assert now["team_fouls"]["Karl"] == 1
    assert [e["type"] for e in events(db)] == ["opening", "fundamental", "foul", "injure"]


@pytest.mark.slow
def test_watch_redraws_when_another_process_records(db):
    start_match(db)
    term = Terminal(db, "watch")
    term.expect("Lucy 0 – 0 Karl")  # drawn: a move from now on is a change watch shows
    done = run(db, "hoopers", "match", "score", "Lucy", "3")
    assert done.returncode == 0, done.stderr
    term.expect("Lucy 3 – 0 Karl")
    done = run(db, "hoopers", "match", "foul", "Karl", "Edd")
    assert done.returncode == 0, done.stderr
    term.expect("Edd Trapp")
    term.interrupt()
    assert term.finish() == 0


@pytest.mark.slow
def test_menu_starts_a_hoopers_match(db):
    term = Terminal(db)
    term.answer("What now?", "start")
    term.answer("Which game?", "")
    term.answer("Home team", "Lucy")
    term.answer("Away team?", "Karl")
    term.answer("Lucy's tribe?", "unl")
    term.answer("Karl's tribe?", "kee")
    term.answer("Give the line-ups", "")  # issue 15 item 14: default no line-up
    term.answer("Period milestones", "")  # issue 15 item 9: default win
    term.answer("Who attacks first?", "Karl")
    term.expect("Karl attacks first")
    term.answer("Play the first attacking turn now?", "n")
    term.expect("live: hoopers match")
    term.answer("What now?", "quit")
    assert term.finish() == 0
    now = status(db)
    assert (now["attacking"], now["score"]) == ("Karl", {"Lucy": 0, "Karl": 0})
    assert "Muy Schillato" in now["hoopers"]["Lucy"]


@pytest.mark.slow  # a real pty; the fast loop keeps this file's Ctrl-C and menu runs
def test_play_without_a_live_match_can_be_declined(db):
    term = Terminal(db, "hoopers", "play")
    term.answer("Start one now?", "no")
    term.expect("'companion hoopers match start --help' shows how")
    assert term.finish() == 0
    assert run(db, "hoopers", "match", "status").returncode == 2


# --- issue 15: the whole Turn Sequence, the line-up ------------------------------------------


@pytest.mark.slow
def test_guided_start_takes_the_line_ups_and_offers_only_hoopers_on_court(db):
    # Setup: "Select seven out of ten hoopers" / "Place the remaining hoopers on the two
    # bench spaces"; a steal takes the dribbler's Position token from the board.
    term = Terminal(db, "hoopers", "play", "--seed", "5")
    term.answer("Start one now?", "")
    term.answer("Home team", "Lucy")
    term.answer("Away team?", "Karl")
    term.answer("Lucy's tribe?", "unl")
    term.answer("Karl's tribe?", "kee")
    term.answer("Give the line-ups", "yes")
    term.answer("Lucy's seven", "Dime,Joy,Faust,Serge,Sin,Muy,Reley")
    term.answer("Lucy's five on court?", "Faust,Muy,Dime,Joy=PF,Reley")
    term.answer("Karl's seven", "Edd,Manny,May,Chus,Linda,Hector,Perry")
    term.answer("Karl's five on court?", "May,Chus,Edd,Hector,Linda")
    term.answer("Period milestones", "win,lose,off")
    term.answer("Who attacks first?", "Lucy")
    term.expect("Lucy on court: PG Faust Exit SG Muy Schillato SF Dime N'Shons PF Joy Kill C")
    term.answer("F1: Lucy's fundamental?", "dr")
    term.answer("dribble by?", "Muy")
    term.answer("dribble bonus on the card?", "")
    term.answer("Karl counters the dribble?", "steal")
    term.answer("steal dribble by?", "Hector")
    # The foul die first; then the dribbler's token says which stat (SG: the O-stat only).
    term.answer("foul die for the steal dribble", "blank")
    term.expect("Muy Schillato stands on the SG Position token")
    term.expect("Hector Pröt's O-stat?")
    offered = [line for line in term.text.splitlines() if "by? [" in line]
    assert "Muy Schillato" in offered[0] and "Sin Miedo" not in offered[0]
    assert "Hector Pröt" in offered[1] and "Manny Gentle" not in offered[1]
    term.send("40\r")
    term.answer("roll ≤ 40 succeeds", "90")
    term.answer("Lucy runs a playbook?", "")
    term.answer("F2: Lucy's fundamental?", "")
    term.answer("A: Lucy's attack?", "3ps")
    term.answer("3 points shot by?", "")
    term.answer("Muy Schillato's 3PS?", "70")
    term.answer("Karl defends with a D3?", "d3")
    term.answer("D3 by?", "Linda")
    term.answer("Linda Siempre's D3?", "30")  # Perry Hel is on the bench: no help offered
    term.answer("foul die for the D3", "whistle")
    # Linda Siempre's whistle: no foul, +25, no free throws; the shooter's white cube.
    term.answer("70 + 15 − (30 + 25) = 30 → roll ≤ 30", "100")
    term.expect("Linda Siempre does not commit a foul on the whistle")
    term.answer("F3: Lucy plays an offensive rebound?", "")
    term.interrupt()
    assert term.finish() == 130
    assert "free throw 1" not in term.text
    now = status(db)
    assert now["hoopers"]["Lucy"]["Muy Schillato"]["injury_cubes"] == 1
    assert now["hoopers"]["Karl"]["Linda Siempre"]["fouls"] == 0
    assert now["line_ups"]["Karl"]["bench"] == ["Manny Gentle", "Perry Hel"]
    # Friendly Play: "You can try all the possible combination" (one setting per period).
    assert json.loads(db.read_text())["live"]["1"]["options"]["milestones"] == [
        "win",
        "lose",
        "off",
    ]


@pytest.mark.slow
def test_guided_turn_offers_the_timeout_and_substitutions_first(db):
    # "At THE BEGINNING of your attacking turn: To do substitutions / To call a timeout
    # ... each hooper of yours recover one energy and you can do substitutions."
    start_match(db)
    term = Terminal(db, "hoopers", "play")
    term.expect("beginning of Lucy's turn: timeout or substitution")
    term.answer("F1: Lucy's fundamental?", "time")
    term.answer("Karl spends a coach action token for all the timeout's benefits", "")
    term.expect("Lucy timeout")
    term.answer("F1: Lucy's fundamental?", "sub")
    term.answer("Lucy: who leaves the court?", "Muy")
    term.answer("who comes in for Muy Schillato?", "Sin")
    term.answer("Lucy: who leaves the court?", "")  # done
    term.expect("Sin Miedo in for Muy Schillato")
    term.answer("F1: Lucy's fundamental?", "")
    term.answer("F2: Lucy's fundamental?", "<")  # undo: back one question, to F1
    term.answer("F1: Lucy's fundamental?", "<")  # and to the substitution's last answer
    term.expect("undone: sub (Lucy)")
    term.answer("Lucy: who leaves the court?", "<")
    term.answer("who comes in for Muy Schillato?", "<")
    term.answer("Lucy: who leaves the court?", "<")
    term.answer("F1: Lucy's fundamental?", "")
    term.interrupt()
    assert term.finish() == 130
    assert [e["type"] for e in events(db)] == ["opening", "timeout"]
    now = status(db)
    assert (now["coach_tokens"]["Lucy"], now["timeouts"]["Lucy"]) == (7, 2)


@pytest.mark.slow
def test_guided_unleashed_power_after_a_won_steal_and_the_flagrant_whistle(db):
    # "After having retrieved the ball without game interruption if: a) a counter action
    # has successfully been played ... Then you can activate one additional action of the
    # same card ..., do not move the turn token" / "the outcome 'whistle' becomes a
    # flagrant foul: the Unleashed gets 2 FREE THROWS"
    done = run(db, "hoopers", "match", "start", *NAMES, "--first", "Karl", "--seed", "7")
    assert done.returncode == 0, done.stderr
    term = Terminal(db, "hoopers", "play")
    term.answer("F1: Karl's fundamental?", "dr")
    term.answer("dribble by?", "Hector")
    term.answer("dribble bonus on the card?", "")
    term.answer("Lucy counters the dribble?", "steal")
    term.answer("steal dribble by?", "Never")
    term.answer("foul die for the steal dribble", "blank")
    term.answer("Hector Pröt's Position token? [PG / SG / SF / PF / C] (PF)", "")
    term.answer("Never Tired's V-stat?", "55")  # a PF: the V-stat only
    term.answer("roll ≤ 55 succeeds", "10")
    term.answer("Lucy (Unleashed power): play the other action of the same card now", "yes")
    term.expect("the turn token stays")
    term.answer("F1: Lucy's fundamental?", "")
    term.answer("F2: Lucy's fundamental?", "")
    term.answer("A: Lucy's attack?", "2ps")
    term.answer("2 points shot by?", "Never")
    term.answer("Never Tired's 2PS?", "50")
    term.answer("Karl defends with a D2?", "d2")
    term.answer("D2 by?", "Edd")
    term.answer("Edd Trapp's D2?", "30")
    term.answer("Perry Hel adds his defence", "")  # his skill offered: no
    term.answer("foul die for the D2", "whistle")
    term.expect("Flagrant foul")
    term.answer("free throw 1: roll ≤ 65 scores", "5")
    term.answer("free throw 2: roll ≤ 65 scores", "5")
    term.answer("F2: Lucy's fundamental?", "")  # "F1 is no more available"
    term.answer("A: Lucy's attack?", "none")
    term.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert term.finish() == 0
    now = status(db)
    assert now["score"] == {"Lucy": 2, "Karl": 0}
    assert (now["turn"], now["attacking"]) == (2, "Lucy")
    assert [e["type"] for e in events(db)][-3:] == ["turn", "shot", "turn"]
    assert events(db)[-3]["data"]["power"] is True


@pytest.mark.slow
def test_guided_keepers_face_down_card_becomes_a_block(db):
    # "Before the beginning of your opponent's attacking turn, you may play a defensive
    # action card face down. a) If the attack action matches your defense, then that
    # defense becomes a Block."
    start_match(db)
    term = Terminal(db, "hoopers", "play")
    term.answer("F1: Lucy's fundamental?", "")
    term.answer("F2: Lucy's fundamental?", "")
    term.answer("A: Lucy's attack?", "none")
    term.answer("The turn token moves on: the next turn, or stop here?", "")
    term.answer("F1: Karl's fundamental?", "")
    term.answer("F2: Karl's fundamental?", "")
    term.answer("A: Karl's attack?", "none")
    term.answer("The turn token moves on: the next turn, or stop here?", "")
    term.answer("Karl (Keepers power): a defence card face down before Lucy's turn?", "d3")
    term.answer("F1: Lucy's fundamental?", "")
    term.answer("F2: Lucy's fundamental?", "")
    term.answer("A: Lucy's attack?", "3ps")
    term.answer("3 points shot by?", "Muy")
    term.answer("Muy Schillato's 3PS?", "70")
    term.expect("Karl's face-down D3 matches: it becomes a block")
    term.answer("block (D3) by?", "May")
    term.answer("foul die for the block", "blank")
    term.expect("Lucy's attacking turn is over: blocked: the ball is recovered")
    term.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert term.finish() == 0
    block = events(db)[-2]
    assert block["type"] == "block" and block["data"]["keepers_block"] is True
    assert status(db)["hoopers"]["Lucy"]["Muy Schillato"]["onfire"] == "light-blue"


@pytest.mark.slow
def test_guided_playbook_reward_and_the_lv1_chips(db):
    # "If you score the basket, you can choose between ... Additionally, if any chip has
    # been placed over the card: Redeem the chip" / "When the LV.I space is reached the
    # hooper may redeem an Onfire LV.1 chip"
    start_match(db)
    assert run(db, "hoopers", "match", "onfire", "Lucy", "Muy", "up").returncode == 0
    term = Terminal(db, "hoopers", "play")
    term.answer("F1: Lucy's fundamental?", "scr")
    term.answer("screen by?", "Rel")
    term.answer("screen bonus on the card?", "")
    term.answer("foul die for Reley Baton's screen", "blank")
    term.answer("Lucy runs a playbook?", "common")
    term.answer("which common playbook", "Hot Zone")
    term.answer("F2: Lucy's fundamental?", "dr")
    term.answer("dribble by?", "Muy")
    term.answer("dribble bonus on the card?", "")
    term.answer("A: Lucy's attack?", "3ps")
    term.answer("3 points shot by?", "")
    term.answer("Muy Schillato's 3PS?", "60")
    term.expect("≥ 100: scores without a roll")
    term.answer("Muy Schillato reaches LV.I: take the Onfire LV.1 chip now", "")  # no
    term.answer("Playbook scored: the reward?", "")
    term.answer("Was an Onfire LV.1 chip on the playbook card", "yes")
    term.expect("redeems the playbook's Onfire LV.1 chip")
    term.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert term.finish() == 0
    muy = status(db)["hoopers"]["Lucy"]["Muy Schillato"]
    assert (muy["onfire"], muy["chips"]["lv1"]) == ("lv1", 1)
    # "The coach action tokens that you use to activate a playbook are "locked" into the
    # playbook but they are still available": achieved, Hot Zone keeps it locked.
    assert status(db)["coach_tokens"]["Lucy"] == 8
    assert status(db)["playbooks"]["Lucy"][1] == {"name": "Hot Zone", "common": True}


@pytest.mark.slow
def test_match_shot_on_a_terminal_asks_the_owed_free_throws(db):
    # "If a foul is committed by contesting an attack action, then the attacker will get
    # FREE THROWS": they are asked for at once, never lost.
    start_match(db)
    term = Terminal(
        db, "hoopers", "match", "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "70",
        "--defense", "40", "--defender", "Edd", "--face", "whistle", "--roll", "100",
    )  # fmt: skip
    term.answer("Muy Schillato's 2PS (free throws)?", "50")
    term.answer("free throw 1: roll ≤ 65 scores", "5")
    term.answer("free throw 2: roll ≤ 65 scores", "65")
    term.answer("free throw 3: roll ≤ 65 scores", "70")
    term.expect("makes 2 of 3 free throw(s)")
    assert term.finish() == 0
    now = status(db)
    assert now["score"]["Lucy"] == 2 and now["free_throws_owed"] is None


@pytest.mark.slow  # a real pty, seconds: the full suite runs it
def test_no_cpr_warning_on_a_terminal_that_does_not_answer_cursor_requests(db, monkeypatch):
    # This pty never answers a cursor-position request, as some consoles do not: prompt_toolkit
    # would print "WARNING: your terminal doesn't support cursor position requests (CPR)".
    from tests.guided import terminal

    plain = terminal.environment

    def asking_for_cpr() -> dict[str, str]:
        return {k: v for k, v in plain().items() if k != "PROMPT_TOOLKIT_NO_CPR"}

    monkeypatch.setattr(terminal, "environment", asking_for_cpr)
    term = terminal.Terminal(db)
    term.expect("What now?")

    waited = time.monotonic() + 3  # prompt_toolkit gives up waiting after 2 s, then warns
    while time.monotonic() < waited:
        term._read(0.2)
    term.send("roll\r")
    term.answer("Which die?", "")
    term.expect("d20:")
    term.answer("What now?", "q")
    assert term.finish() == 0
    assert "CPR" not in term.text and "cursor position" not in term.text
