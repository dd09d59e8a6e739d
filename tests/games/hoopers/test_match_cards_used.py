"""Issue 43 item 14: the cards the catalogue knows are used, and the last of the playbooks'
tokens and chips and the gameplans the match can decide.

Each test quotes the sentence of /work/shared/rulebooks/valley-hoopers.md it checks. A
refusal exits 2 with one `error:` line and writes nothing.
"""

from __future__ import annotations

import pytest

from tests.games.hoopers.test_match_referee import H, M, ok, refused, start, status

# --- free throws take the shooter's 2PS from the card -------------------------------------


def test_a_fouled_3ps_shoots_its_free_throws_with_the_cards_2ps(cli, db):
    """'Foul: Basic Concepts': "A FREE THROW is a shot that can't be defended and it worths
    just one point. Its related stat is built by adding a fixed +15 to the 2PS stat of the
    hooper"; '3 Points Shot': "if his/her 3 points shot is not successful he/she gains
    three FREE THROWS". The 2PS is the card's, given once (`hoopers card`)."""
    ok(cli(H, "card", "Muy", "--3ps", "70", "--2ps", "55"))
    start(cli)
    shot = ok(cli(*M, "shot", "Lucy", "3ps", "Muy", "--defense", "15", "--defender", "May",
                  "--face", "whistle", "--roll", "100", "--ft-roll", "70", "--ft-roll", "75",
                  "--ft-roll", "5", "--json")).json  # fmt: skip
    assert [ft["target"] for ft in shot["free_throws"]] == [70, 70, 70]  # 55 + 15
    assert [ft["made"] for ft in shot["free_throws"]] == [True, False, True]
    assert shot["match"]["free_throws_owed"] is None
    assert shot["match"]["hoopers"]["Lucy"]["Muy Schillato"]["made"]["ft"] == 2


def test_owed_free_throws_take_the_2ps_given_afterwards_on_the_card(cli, db):
    """A lay-up fouled while its shooter's 2PS is known nowhere: the free throws wait ("if
    his/her lay-up is not successful he/she gains two FREE THROWS"); the card given, they
    are shot without --stat; with none, the refusal says both ways to give it."""
    start(cli)
    ok(cli(*M, "shot", "Lucy", "lup", "Serge", "--stat", "60", "--defense", "10",
           "--defender", "May", "--face", "whistle", "--roll", "100"))  # fmt: skip
    assert status(cli)["free_throws_owed"]["count"] == 2
    refused(cli, db, (*M, "free-throw", "Lucy", "--roll", "5"),
            "Serge Ceptor's 2PS is not known: give --stat N, or the card once: "
            "'companion hoopers card \"Serge Ceptor\" --2ps N'")  # fmt: skip
    ok(cli(H, "card", "Serge", "--2ps", "50"))
    done = ok(cli(*M, "free-throw", "Lucy", "--roll", "65", "--roll", "70", "--json")).json
    assert done["free_throws_owed"] is None
    assert done["hoopers"]["Lucy"]["Serge Ceptor"]["made"]["ft"] == 1  # 50 + 15 = 65: 65 in


# --- Perry Hel's help reads his card and the Position token --------------------------------

PERRY_SHOT = (*M, "shot", "Lucy", "2ps", "Muy", "--stat", "60", "--defender", "Edd",
              "--defense", "20", "--face", "blank", "--roll", "25")  # fmt: skip


def test_perry_hels_help_reads_his_card_and_the_position_token(cli, db):
    """'The Tribes', Keepers: "C - Perry Hel: He can spend one energy to add his defense
    stat to one defending teammate. If he does not have the defensive position required,
    then add only the half the value." His D2 and his flags are his card's; Muy Schillato
    attacks as a SG (his card's first position: no line-up given)."""
    start(cli)
    refused(cli, db, (*PERRY_SHOT, "--perry-help"),
            "Perry Hel's D2 is not known: give --perry N, or the card once: "
            "'companion hoopers card \"Perry Hel\" --d2 N'")  # fmt: skip
    ok(cli(H, "card", "Perry", "--d2", "20", "--guards", "PF,C"))
    half = ok(cli(*PERRY_SHOT, "--perry-help", "--json")).json
    assert (half["target"], half["scored"]) == (30, True)  # 60 − (20 + 10), rolled 25
    assert ("Perry Hel adds his defence 10 to Edd Trapp's (half: he does not have the "
            "defensive position required: his card's flags do not cover the SG)"
            ) in half["match"]["notes"]  # fmt: skip
    ok(cli(*M, "undo"))
    ok(cli(H, "card", "Perry", "--guards", "SG,SF"))
    full = ok(cli(*PERRY_SHOT, "--perry-help", "--json")).json
    assert (full["target"], full["scored"]) == (20, False)  # 60 − (20 + 20)
    assert (
        "Perry Hel adds his defence 20 to Edd Trapp's (his card's flags cover the SG)"
        in (full["match"]["notes"])
    )
    ok(cli(*M, "undo"))
    # Typed numbers win: his stat typed, the half still from his flags; --perry-half typed.
    typed = ok(cli(*PERRY_SHOT, "--perry", "30", "--json")).json
    assert typed["target"] == 10  # 60 − (20 + 30)
    ok(cli(*M, "undo"))
    assert ok(cli(*PERRY_SHOT, "--perry-help", "--perry-half", "--json")).json["target"] == 30


def test_perry_hels_position_unknown_is_said_not_guessed(cli, db):
    """His card gives his D2 but no defence flags: the whole value, and the note says the
    position was not checked."""
    ok(cli(H, "card", "Perry", "--d2", "20"))
    start(cli)
    done = ok(cli(*PERRY_SHOT, "--perry-help", "--json")).json
    assert done["target"] == 20
    assert ("Perry Hel adds his defence 20 to Edd Trapp's (his defensive position is not "
            "checked: his card's flags or the shooter's Position token are not known; "
            "--perry-half halves it)") in done["match"]["notes"]  # fmt: skip


# --- a locked coach token is spent in one step ---------------------------------------------


def _all_locked_in_hot_zone(cli):
    """Fast Play: every token spent but one, and that one locked into Hot Zone achieved."""
    ok(cli(*M, "start", "--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed",
           "--away-tribe", "keepers", "--first", "Lucy", "--seed", "4",
           "--variant", "fast"))  # fmt: skip
    for _ in range(status(cli)["coach_tokens"]["Lucy"] - 1):
        ok(cli(*M, "coach", "Lucy"))
    ok(cli(*M, "fundamental", "Lucy", "screen", "Reley"))
    ok(cli(*M, "playbook", "Lucy", "use", "Hot Zone"))
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Serge"))
    ok(cli(*M, "shot", "Lucy", "3ps", "Serge", "--stat", "60", "--bonus", "25"))


def test_a_locked_token_is_spent_with_its_playbook_in_one_step(cli, db):
    """'Playbooks': "The coach action tokens that you use to activate a playbook are
    "locked" into the playbook but they are still available. You may decide during the
    game to spend those tokens and, by renouncing to the playbooks, discard them." """
    _all_locked_in_hot_zone(cli)
    refused(cli, db, (*M, "coach", "Lucy"),
            "by renouncing to the playbooks, discard them'; legal now: 'match coach Lucy "
            "--renounce \"Hot Zone\"' (one step)")  # fmt: skip
    refused(cli, db, (*M, "coach", "Lucy", "--renounce", "Pick"),
            "no common playbook of Lucy")  # fmt: skip
    done = ok(cli(*M, "coach", "Lucy", "--renounce", "hot", "--json")).json
    assert done["coach_tokens"]["Lucy"] == 0
    assert done["playbooks"]["Lucy"] == [{"name": "Pick 'N' Stay", "common": False}]
    assert done["notes"] == ["Lucy renounces Hot Zone and spends its coach action token: "
                             "the playbook and the token are discarded (0 left)"]  # fmt: skip
    assert status(cli) == {**done, "notes": status(cli)["notes"]}  # replayed the same
    refused(cli, db, (*M, "coach", "Lucy"), "no coach action token left")


# --- a common playbook's LV.1 chip, recorded and redeemed ----------------------------------


def test_a_common_playbooks_chip_is_recorded_and_redeemed_after_its_basket(cli, db):
    """'Setup': "Place a face down Onfire chip LV.1 over the playbooks that request it";
    'Playbooks': "An Onfire LV.1 icon in the lower right corner of the card represents the
    extra reward that you'll achieve by successfully completing it"; 'To Activate and
    Resolve a Playbook': "If you score the basket ... Additionally, if any chip has been
    placed over the card: - Redeem the chip and place it face down on the hooper card - Put
    a new chip on the playbook card"."""
    start(cli)
    refused(cli, db, (*M, "chip", "Lucy", "Serge", "--playbook"),
            "Lucy has no playbook that scored in this turn")  # fmt: skip
    ok(cli(*M, "fundamental", "Lucy", "screen", "Reley"))
    run = ok(cli(*M, "playbook", "Lucy", "use", "Hot Zone", "--chip", "--json")).json
    assert run["playbook_run"] == {"team": "Lucy", "name": "Hot Zone", "common": True,
                                   "chip": True}  # fmt: skip
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Serge"))
    scored = ok(cli(*M, "shot", "Lucy", "3ps", "Serge", "--stat", "60", "--bonus", "25",
                    "--json")).json  # fmt: skip
    assert ("Hot Zone scored with an Onfire LV.1 chip on its card: redeem it onto a hooper "
            "('match chip Lucy HOOPER --playbook') and put a new chip on the playbook card"
            ) in scored["match"]["notes"]  # fmt: skip
    done = ok(cli(*M, "chip", "Lucy", "Serge", "--playbook", "--json")).json
    assert done["hoopers"]["Lucy"]["Serge Ceptor"]["chips"] == {"lv1": 1, "lv2": 0}
    assert done["hoopers"]["Lucy"]["Serge Ceptor"]["onfire"] == "orange"  # the track stays
    assert done["playbooks"]["Lucy"][1] == {"name": "Hot Zone", "common": True, "chip": True}
    refused(cli, db, (*M, "chip", "Lucy", "Serge", "--playbook"), "is redeemed already")
    ok(cli(*M, "turn"))
    assert status(cli)["hoopers"]["Lucy"]["Serge Ceptor"]["chips"]["lv1"] == 1  # replayed
    refused(cli, db, (*M, "playbook", "Karl", "cards", "--chip"),
            "--chip marks the playbook declared")  # fmt: skip


# --- the gameplan milestones the match can decide ------------------------------------------

SERIES = ("hoopers", "series")
ONE_TWO = "GAME 1/2"


def _series_game(cli, *line_up, hot="May,Vernon,Chus"):
    ok(cli(*SERIES, "start", "--tribes", "Keepers,Unleashed", "--home", "Keepers"))
    ok(cli(*SERIES, "game", "start", "--hot", hot, "--cold", "Faust,Serge",
           "--first", "Keepers", *line_up))  # fmt: skip


def _met(doc, team):
    return {m["milestone"]: m["met"] for m in doc["gameplan_milestones"][team]}


def test_the_game_1_2_milestones_the_match_knows_are_decided(cli):
    """'Gameplan Milestone': "These conditions are divided into three pairs that are related
    to a specific game: GAME 1/2; GAME 3/4; GAME 5/6 ... NOTE: Consider only the milestones
    of the current game." 'Game 1-2 Milestones': "Score more free throws than your opponent
    considering only one single hooper", "Do not spend two or more coach action tokens",
    "No hooper of yours gets injured", "At least one hooper of your opponent gets injured",
    "Two or more hoopers of yours do not receive any injury cube or injury marker", "All
    your starting five hoopers (the hoopers placed on the court side of your player board)
    score at least 1 point"."""
    _series_game(cli)
    ok(cli(*M, "shot", "Keepers", "3ps", "Chus", "--stat", "60", "--defense", "20",
           "--defender", "Faust", "--face", "whistle", "--roll", "5", "--ft-stat", "50",
           "--ft-roll", "5"))  # fmt: skip
    ok(cli(*M, "coach", "Unleashed"))
    ok(cli(*M, "coach", "Unleashed"))
    for _ in range(3):  # "injury at the 3rd white cube": Serge gets injured
        ok(cli(*M, "injure", "Unleashed", "Serge"))
    now = status(cli)
    keepers, unleashed = _met(now, "Keepers"), _met(now, "Unleashed")
    one = "Score more free throws than your opponent considering only one single hooper."
    assert (keepers[one], unleashed[one]) == (True, False)
    tokens = "Do not spend two or more coach action tokens."
    assert (keepers[tokens], unleashed[tokens]) == (True, False)
    hurt = "No hooper of yours gets injured."
    assert (keepers[hurt], unleashed[hurt]) == (True, False)
    assert keepers["At least one hooper of your opponent gets injured."] is True
    # Chus took the whistle's white cube: still two hoopers of the Keepers without any.
    clean = "Two or more hoopers of yours do not receive any injury cube or injury marker."
    assert keepers[clean] is True
    assert keepers["Do not commit three or more fouls as a team during the fourth period."]
    # No line-up given: the court and bench sides are not known, and that is said.
    assert now["gameplan_undecided"]["Keepers"] == [
        "All your starting five hoopers (the hoopers placed on the court side of your player "
        "board) score at least 1 point.",
        "Score at least 8 points considering the two hoopers placed on the bench side of "
        "your player board.",
    ]


def test_the_court_and_bench_sides_are_the_line_up_the_game_started_with(cli):
    """The starting five are "the hoopers placed on the court side of your player board";
    "you do not need to move the hooper cards that remain in their respective spaces for
    all the length of the game": a benchwarmer brought in still scores for the bench side
    ("Score at least 8 points considering the two hoopers placed on the bench side of your
    player board")."""
    _series_game(cli, "--seven", "Keepers:May,Chus,Edd,Hector,Perry,Vernon,Henry",
                 "--five", "Keepers:May,Chus,Edd,Hector,Perry", hot="May,Edd,Chus")  # fmt: skip
    ok(cli(*M, "sub", "Keepers", "--out", "Edd", "--in", "Vernon"))
    bench = ("Score at least 8 points considering the two hoopers placed on the bench side "
             "of your player board.")  # fmt: skip
    for _ in range(4):
        assert _met(status(cli), "Keepers")[bench] is False
        ok(cli(*M, "shot", "Keepers", "2ps", "Vernon", "--stat", "60", "--roll", "5"))
        ok(cli(*M, "turn"))
        ok(cli(*M, "turn"))
    now = status(cli)
    assert _met(now, "Keepers")[bench] is True
    five = ("All your starting five hoopers (the hoopers placed on the court side of your "
            "player board) score at least 1 point.")  # fmt: skip
    assert _met(now, "Keepers")[five] is False  # Vernon is no starter
    assert now["gameplan_undecided"]["Keepers"] == []
    assert five in now["gameplan_undecided"]["Unleashed"]  # its line-up was not given


def test_a_log_recorded_before_the_playbook_chip_rule_replays_as_it_was():
    """A playbook's chip redeemed in a log recorded before the check (guided play asked it
    after any common playbook) folds as it was: the check is made when a move is recorded."""
    from companion.engine.errors import RuleViolation
    from companion.games.hoopers.rules.match import fold, play
    from tests.games.hoopers.test_match_engine import start as new

    match = new()
    match["events"].append(
        {"type": "chip", "data": {"team": "Lucy", "hooper": "Serge Ceptor", "playbook": True}}
    )
    assert fold(match).teams["Lucy"].hoopers["Serge Ceptor"].chips["lv1"] == 1
    with pytest.raises(RuleViolation, match="no playbook that scored in this turn"):
        play(match, "chip", {"team": "Lucy", "hooper": "Serge", "playbook": True})
