"""Issue 29: the referee finished — ball handling, the answers a counter may give, the
dribble's bonus, one upgrade per hooper, the Unleashed power's one energy, the opponent's
coach token in a timeout, playbooks in the match, points by kind, personal skills.

Each test quotes the sentence of /work/shared/rulebooks/valley-hoopers.md it checks. A
refusal exits 2 with one `error:` line and writes nothing.
"""

from __future__ import annotations

from companion.engine.errors import RuleViolation
from tests.conftest import assert_user_error

H = "hoopers"
M = (H, "match")
TEAMS = ("--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed", "--away-tribe", "keepers")


def start(cli, first="Lucy"):
    ok(cli(*M, "start", *TEAMS, "--first", first, "--seed", "4"))


def ok(result):
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def refused(cli, db, args, fragment):
    """Exit 2, one error line naming the refusal; nothing written."""
    before = db.read_bytes()
    result = cli(*args)
    assert_user_error(result, fragment)
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert db.read_bytes() == before
    return result


def status(cli) -> dict:
    return ok(cli(*M, "status", "--json")).json


def shot(hooper, *more):
    return (*M, "shot", "Lucy", "2ps", hooper, "--stat", "60", "--roll", "5", *more)


# --- 1. Ball handling --------------------------------------------------------------------


def test_after_a_dribble_only_the_dribbler_shoots(cli, db):
    """'DRIBBLE: ... The hooper who performs this action must perform another action (F2 or
    A) which involves the ball in hand'."""
    start(cli)
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Muy"))
    refused(cli, db, shot("Sin"), "Sin Miedo cannot shoot: Muy Schillato dribbled")
    result = refused(cli, db, shot("Sin"), "may shoot now: Muy Schillato")
    assert result.stderr.rstrip().endswith("may shoot now: Muy Schillato")
    refused(cli, db, (*M, "fundamental", "Lucy", "pass", "Serge"), "may pass now: Muy Schillato")
    # "NOTE: a screen by another hooper can be made between F1 and A".
    ok(cli(*M, "fundamental", "Lucy", "screen", "Reley"))
    ok(cli(*M, *shot("Muy")[2:]))
    assert status(cli)["hoopers"]["Lucy"]["Muy Schillato"]["points"] == 2


def test_the_passer_may_not_play_the_very_following_action(cli, db):
    """'PASS: ... The hooper who performs a pass can't perform the very following action (F2
    or A) if it involves the ball'; "You play in F1 a pass by using your SF then in F2 a
    pass by using your PF, then you can choose which hooper is going to attack. The only one
    that is not eligible is the PF who has lastly passed the ball." """
    start(cli)
    ok(cli(*M, "fundamental", "Lucy", "pass", "Dime"))
    refused(cli, db, (*M, "fundamental", "Lucy", "dribble", "Dime"),
            "Dime N'Shons cannot dribble: 'The hooper who performs a pass")  # fmt: skip
    ok(cli(*M, "fundamental", "Lucy", "pass", "Lance"))
    refused(cli, db, shot("Lance"), "The hooper who performs a pass can't perform")
    ok(cli(*M, *shot("Dime")[2:]))  # the first passer may be the target of the second pass


def test_after_a_pass_and_a_screen_neither_attacks(cli, db):
    """ "You play in F1 a pass by using your SG, then in F2 a screen by using your C, then
    both the C and the SG are not eligible for the attack because they don't have the ball
    possession." """
    start(cli)
    ok(cli(*M, "fundamental", "Lucy", "pass", "Muy"))
    ok(cli(*M, "fundamental", "Lucy", "screen", "Reley"))
    refused(cli, db, shot("Muy"), "Muy Schillato cannot shoot")
    result = refused(
        cli, db, shot("Reley"), "Reley Baton cannot shoot: 'The hooper who performs a screen"
    )
    assert (
        "may shoot now: " in result.stderr
        and "Reley" not in result.stderr.split("may shoot now")[1]
    )
    ok(cli(*M, *shot("Serge")[2:]))


def test_a_screen_then_a_pass_frees_the_screener(cli):
    """ "You play in F1 a screen by using your C, then in F2 a pass by using your PF, then
    just the PF is not eligible for the attack ... the pass of the PF allows the C (who was
    the first screener) to attack"."""
    start(cli)
    ok(cli(*M, "fundamental", "Lucy", "screen", "Reley"))
    ok(cli(*M, "fundamental", "Lucy", "pass", "Lance"))
    ok(cli(*M, *shot("Reley")[2:]))


def test_a_counter_foul_gives_the_ball_back_as_before(cli):
    """'Steal Dribble - Intercept Pass': "The attacking action continues but the slot (F1 or
    F2) where the fundamental has been played is no more available"; the rulebook's Foul
    example then passes with another hooper ("Karl loses the bonus of his previous dribble
    and plays a new pass in F2 ... by using May Friend")."""
    start(cli, "Karl")
    ok(cli(*M, "fundamental", "Karl", "dribble", "Hector"))
    ok(cli(*M, "counter", "Lucy", "steal", "--hooper", "Never", "--against", "Hector",
           "--o", "40", "--v", "45", "--face", "whistle"))  # fmt: skip
    ok(cli(*M, "fundamental", "Karl", "pass", "May"))
    ok(cli(*M, "shot", "Karl", "2ps", "Chus", "--stat", "55", "--bonus", "25", "--roll", "5"))


# --- 2. A counter answers the fundamental it names ---------------------------------------


def test_a_counter_must_answer_its_own_fundamental(cli, db):
    """'STEAL DRIBBLE: It is used to contest a dribble'; 'INTERCEPT PASS: It is used to
    contest a pass'; 'SCREEN: ... A screen can't be countered by any card'."""
    start(cli)
    ok(cli(*M, "fundamental", "Lucy", "screen", "Reley"))
    steal = (*M, "counter", "Karl", "steal", "--hooper", "May", "--against", "Reley",
             "--o", "50", "--v", "40", "--face", "blank", "--roll", "100")  # fmt: skip
    refused(cli, db, steal, "A screen can't be countered by any card")
    ok(cli(*M, "fundamental", "Lucy", "pass", "Lance"))
    steal_lance = (*steal[:8], "Lance", *steal[9:])
    refused(cli, db, steal_lance, "Lance Endure played a pass, not a dribble")
    result = refused(cli, db, steal_lance, "legal now: intercept --against 'Lance Endure'")
    assert "contest a dribble" in result.stderr
    intercept = (*M, "counter", "Karl", "intercept", "--hooper", "May", "--against", "Lance",
                 "--o", "50", "--face", "blank", "--roll", "100")  # fmt: skip
    ok(cli(*intercept))


# --- 3. The recorded dribble's +15 -------------------------------------------------------


def test_a_recorded_dribble_gives_its_bonus_to_the_shot(cli):
    """'DRIBBLE: ... Every dribble gives a +15 bonus'."""
    start(cli)
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Muy"))
    done = ok(cli(*M, "shot", "Lucy", "2ps", "Muy", "--stat", "60", "--roll", "70", "--json"))
    assert (done.json["target"], done.json["scored"], done.json["points"]) == (75, True, 2)
    assert "Muy Schillato's recorded dribble: +15" in " ".join(done.json["match"]["notes"])
    assert status(cli)["score"]["Lucy"] == 2  # replayed the same: counted once


def test_a_dribble_bonus_typed_by_the_table_is_not_counted_twice(cli):
    """'Every dribble gives a +15 bonus' — once: a typed 15 is the dribble's (Rulings)."""
    start(cli)
    ok(cli(*M, "fundamental", "Lucy", "pass", "Serge"))
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Muy"))
    done = ok(cli(*M, "shot", "Lucy", "3ps", "Muy", "--stat", "60", "--bonus", "25",
                  "--bonus", "15", "--roll", "100", "--json"))  # fmt: skip
    assert done.json["target"] == 100  # 60 + 25 + 15, not 115


# --- 4. One upgrade per hooper, everywhere -----------------------------------------------


def test_a_milestone_upgrade_is_refused_on_the_star_hooper_and_back(cli, db):
    """'Be careful! - Every hooper can gain only one upgrade.' The Setup's [star] upgrade
    is one ("Choose one [star] upgrade ... and sleeve it onto an un-stellar hooper")."""
    from tests.games.hoopers.test_match_upgrades import PERIOD_WON_BY_LUCY
    from tests.games.hoopers.test_match_wording import _play

    start(cli)
    ok(cli(*M, "energy", "Lucy", "Muy", "--star"))
    _play(db, PERIOD_WON_BY_LUCY * 2)
    refused(cli, db, (*M, "upgrade", "Lucy", "Muy"),
            'Muy Schillato (Lucy) already carries the [star] upgrade: "Every hooper can gain '
            'only one upgrade"')  # fmt: skip
    ok(cli(*M, "upgrade", "Lucy", "Serge"))
    refused(cli, db, (*M, "energy", "Lucy", "Serge", "--star"), "already carries an upgrade")


def test_series_amend_refuses_two_cards_for_one_hooper(cli, db):
    """ "Every hooper can gain only one upgrade": two cards for one hooper in one command
    are refused, not reduced to the last."""
    series = ("hoopers", "series")
    ok(cli(*series, "start", "--tribes", "Keepers,Unleashed", "--home", "Keepers"))
    ok(cli(*series, "record", "--score", "79-66", "--periods", "20-18,22-15,17-21,20-12",
           "--gameplan", "Keepers:2"))  # fmt: skip
    refused(cli, db, (*series, "amend", "--upgrade", "Keepers:Edd=ten", "--upgrade",
                      "Keepers:Edd=star"),
            "Edd Trapp (Keepers) is given two upgrades ('ten' and 'star')")  # fmt: skip
    ok(cli(*series, "amend", "--upgrade", "Keepers:Edd=ten", "--upgrade", "Keepers:May=star"))


# --- 5. The Unleashed power's one energy -------------------------------------------------


def _power(cli, steal_by="Serge"):
    start(cli, "Karl")
    for hooper in ("Serge", "Muy"):
        ok(cli(*M, "energy", "Lucy", hooper, "--max", "5"))
    ok(cli(*M, "fundamental", "Karl", "dribble", "Hector"))
    ok(cli(*M, "counter", "Lucy", "steal", steal_by, "--against", "Hector", "--v", "60",
           "--face", "blank", "--roll", "5"))  # fmt: skip
    ok(cli(*M, "turn", "--power"))


def energy_of(cli, hooper):
    return status(cli)["hoopers"]["Lucy"][hooper]["energy"]["now"]


def test_the_power_hooper_assigned_to_both_actions_spends_one_energy(cli):
    """'Unleashed: Tribe power': "Then you can activate one additional action of the same
    card that you have already played ... If the hooper is assigned to both actions, then
    you spend only one energy." """
    _power(cli)
    assert energy_of(cli, "Serge Ceptor") == 4  # the steal
    done = ok(cli(*M, "fundamental", "Lucy", "dribble", "Serge", "--json")).json
    assert energy_of(cli, "Serge Ceptor") == 4
    assert any("assigned to both actions and spends only one energy" in n for n in done["notes"])
    ok(cli(*M, "shot", "Lucy", "2ps", "Serge", "--stat", "50", "--roll", "100"))
    assert energy_of(cli, "Serge Ceptor") == 3  # the attack after it is a card of its own


def test_another_hooper_on_the_power_action_spends_as_usual(cli):
    """ "If the hooper is assigned to both actions" — only then."""
    _power(cli)
    ok(cli(*M, "shot", "Lucy", "2ps", "Muy", "--stat", "50", "--roll", "100"))
    assert energy_of(cli, "Muy Schillato") == 4


# --- 6. The opponent's coach token during a timeout --------------------------------------


def test_the_opponents_coach_token_gains_the_timeouts_benefits(cli, db):
    """'Coach Action Tokens': "To call a timeout ... each hooper of yours recover one energy
    and you can do substitutions. NOTE: the hoopers of your opponent recover a total of two
    energies ... He/She can spend one of his/her coach action tokens to gain all the
    benefits of the timeout without spending any cube." """
    start(cli)
    for team, hooper in (("Lucy", "Muy"), ("Karl", "Edd"), ("Karl", "May"), ("Karl", "Chus")):
        ok(cli(*M, "energy", team, hooper, "--max", "5"))
        ok(cli(*M, "energy", team, hooper, "2"))
    refused(cli, db, (*M, "timeout", "Lucy", "--opponent-token", "--rest", "Edd"),
            "one or the other")  # fmt: skip
    done = ok(cli(*M, "timeout", "Lucy", "--opponent-token", "--json")).json
    assert (done["coach_tokens"], done["timeouts"]) == ({"Lucy": 7, "Karl": 7},
                                                        {"Lucy": 2, "Karl": 3})  # fmt: skip
    karl = done["hoopers"]["Karl"]
    assert [karl[h]["energy"]["now"] for h in ("Edd Trapp", "May Friend", "Chus Kinder")] == [3] * 3
    assert done["hoopers"]["Lucy"]["Muy Schillato"]["energy"]["now"] == 3
    # ... and its substitutions: free for Karl now.
    subbed = ok(cli(*M, "sub", "Karl", "--out", "Edd", "--in", "Hector", "--json")).json
    assert subbed["coach_tokens"]["Karl"] == 7


# --- 7. The jump ball face means something only on a counter -----------------------------


def test_the_jump_ball_face_is_no_jump_ball_on_a_defence_or_a_screen(cli):
    """'Foul: Summary Table': the jump ball is a counter's ("He was required to consider the
    hooper's O-stat, but now he needs to consider his hooper's V-stat"); 'Screen': "An
    offensive foul is committed if the die shows one of this two faces" — no jump ball."""
    for action in ("d2", "d3", "dlu", "screen", "block"):
        done = ok(cli(H, "foul", action, "--face", "jump-ball", "--json")).json
        assert (done["jump_ball"], done["foul"]) == (False, False), action
    for action in ("steal", "intercept", "rebound"):
        assert ok(cli(H, "foul", action, "--face", "jump-ball", "--json")).json["jump_ball"]


# --- 8. Playbooks in the match -----------------------------------------------------------


def test_the_hot_zone_example_a_common_playbook_cannot_be_countered_or_defended(cli, db):
    """'To Activate and Resolve a Playbook': "Lucy plays a screen in F1 by using Reley Baton
    ... Lucy declares to activate the common playbook HOT ZONE, she takes the card and locks
    into it one coach action token. Then she plays consecutively a dribble and a 3 point
    shot by using her PG Serge Ceptor ... NOTE: That Karl cannot interfere because of the
    playbook activation. ... 60 (Serge Ceptor 3PS stat) + 25 (screen) + 15 (dribble) = 100.
    She scores 3 points without rolling the d20 die"."""
    start(cli)
    refused(cli, db, (*M, "playbook", "Lucy", "use", "Hot Zone"), "after a successful F1 action")
    ok(cli(*M, "fundamental", "Lucy", "screen", "Reley"))
    done = ok(cli(*M, "playbook", "Lucy", "use", "Hot Zone", "--json")).json
    assert done["playbook_run"] == {"team": "Lucy", "name": "Hot Zone", "common": True}
    assert done["playbook_board"] == 3
    assert done["coach_tokens"]["Lucy"] == 8  # locked, "but they are still available"
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Serge"))
    refused(cli, db, (*M, "counter", "Karl", "steal", "May", "--against", "Serge", "--v", "40"),
            "a counter against Hot Zone is refused")  # fmt: skip
    refused(cli, db, (*M, "shot", "Lucy", "3ps", "Serge", "--stat", "60", "--bonus", "25",
                      "--defense", "20", "--defender", "Edd"),
            "cannot either be countered and defended")  # fmt: skip
    scored = ok(cli(*M, "shot", "Lucy", "3ps", "Serge", "--stat", "60", "--bonus", "25",
                    "--json")).json  # fmt: skip
    assert (scored["target"], scored["roll"], scored["points"]) == (100, None, 3)
    board = ok(cli(*M, "status")).stdout
    assert "Lucy playbooks: Pick 'N' Stay, Hot Zone (common, 1 token locked)" in board
    assert "Karl playbooks: High Post" in board
    assert status(cli)["playbook_run"] is None


def test_a_common_playbook_that_misses_is_discarded_with_its_token(cli, db):
    """ "If you don't score the basket, you must discard ... only if you were resolving a
    common playbook, discard also: the playbook, the coach action token"; the personal one
    stays: "At the beginning of the game, you already have one active personal playbook"."""
    start(cli)
    ok(cli(*M, "fundamental", "Lucy", "screen", "Reley"))
    ok(cli(*M, "playbook", "Lucy", "use", "Hot"))
    # "Hot" names no active playbook: a new common one called "Hot".
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Serge"))
    ok(cli(*M, "shot", "Lucy", "2ps", "Serge", "--stat", "40", "--roll", "100"))
    now = status(cli)
    assert now["playbooks"]["Lucy"] == [{"name": "Pick 'N' Stay", "common": False}]
    assert now["coach_tokens"]["Lucy"] == 7
    ok(cli(*M, "turn"))
    ok(cli(*M, "fundamental", "Karl", "pass", "May"))
    done = ok(cli(*M, "playbook", "Karl", "use", "--json")).json  # the personal one
    assert done["playbook_run"] == {"team": "Karl", "name": "High Post", "common": False}
    ok(cli(*M, "shot", "Karl", "2ps", "Chus", "--stat", "40", "--roll", "100"))
    assert status(cli)["playbooks"]["Karl"] == [{"name": "High Post", "common": False}]


def test_locked_tokens_are_spent_only_by_renouncing_the_playbook(cli, db):
    """ "The coach action tokens that you use to activate a playbook are "locked" into the
    playbook but they are still available. You may decide during the game to spend those
    tokens and, by renouncing to the playbooks, discard them. If all the coach action
    tokens are already locked into playbooks achieved, then the common playbooks can no
    longer be obtained." """
    ok(cli(*M, "start", *TEAMS, "--first", "Lucy", "--seed", "4", "--variant", "fast"))
    tokens = status(cli)["coach_tokens"]["Lucy"]
    for _ in range(tokens - 1):
        ok(cli(*M, "coach", "Lucy"))
    ok(cli(*M, "fundamental", "Lucy", "screen", "Reley"))
    ok(cli(*M, "playbook", "Lucy", "use", "Hot Zone"))
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Serge"))
    ok(cli(*M, "shot", "Lucy", "3ps", "Serge", "--stat", "60", "--bonus", "25"))
    ok(cli(*M, "turn"))
    ok(cli(*M, "turn"))
    refused(cli, db, (*M, "coach", "Lucy"), "all locked in playbooks (Hot Zone)")
    ok(cli(*M, "fundamental", "Lucy", "screen", "Reley"))
    held = "a playbook Lucy holds (Pick 'N' Stay, Hot Zone), or the F2 without one"
    refused(cli, db, (*M, "playbook", "Lucy", "use", "Iso"), f"obtained'; legal now: {held}")
    ok(cli(*M, "playbook", "Lucy", "drop", "Hot"))
    ok(cli(*M, "coach", "Lucy"))
    assert status(cli)["coach_tokens"]["Lucy"] == 0


# --- 11. Personal skills: Maddy Cure, Perry Hel -------------------------------------------


def test_maddy_cures_basket_gives_a_teammate_one_energy(cli, db):
    """'The Tribes', Keepers: "PF - Maddy Cure: If her attack is successful, then one
    teammate of your choice recovers one energy." """
    start(cli, "Karl")
    ok(cli(*M, "energy", "Karl", "Chus", "--max", "5"))
    ok(cli(*M, "energy", "Karl", "Chus", "3"))
    maddy = (*M, "shot", "Karl", "2ps", "Maddy", "--stat", "60")
    refused(cli, db, (*maddy, "--roll", "5", "--gift", "Maddy"), "not to herself; legal now: ")
    not_maddy = (*M, "shot", "Karl", "2ps", "Chus", "--stat", "60", "--roll", "5", "--gift", "May")
    refused(cli, db, not_maddy, "one energy'; legal now: the shot without a gift")
    done = ok(cli(*maddy, "--roll", "5", "--gift", "Chus", "--json")).json
    assert "Maddy Cure scored: Chus Kinder recovers 1 → 4 of 5" in done["match"]["notes"]
    assert status(cli)["hoopers"]["Karl"]["Chus Kinder"]["energy"]["now"] == 4  # replayed


def test_a_missed_maddy_shot_gives_nothing(cli, db):
    """ "If her attack is successful" — only then."""
    start(cli, "Karl")
    refused(cli, db, (*M, "shot", "Karl", "2ps", "Maddy", "--stat", "60", "--roll", "100",
                      "--gift", "Chus"), "If her attack is successful")  # fmt: skip


def test_perry_hel_adds_his_defence_to_a_teammates(cli, db):
    """'The Tribes', Keepers: "C - Perry Hel: He can spend one energy to add his defense
    stat to one defending teammate. If he does not have the defensive position required,
    then add only the half the value." """
    start(cli)
    ok(cli(*M, "energy", "Karl", "Perry", "--max", "4"))
    shot = (*M, "shot", "Lucy", "2ps", "Muy", "--stat", "60", "--defense", "20", "--defender",
            "Edd", "--face", "blank", "--roll", "25", "--json")  # fmt: skip
    full = ok(cli(*shot, "--perry", "20")).json
    assert (full["target"], full["scored"]) == (20, False)  # 60 − (20 + 20)
    assert "Perry Hel adds his defence 20 to Edd Trapp's" in full["match"]["notes"]
    assert status(cli)["hoopers"]["Karl"]["Perry Hel"]["energy"]["now"] == 3
    ok(cli(*M, "undo"))
    half = ok(cli(*shot, "--perry", "20", "--perry-half")).json
    assert (half["target"], half["scored"]) == (30, True)  # 60 − (20 + 10)
    ok(cli(*M, "undo"))
    refused(cli, db, (*shot[:-7], "--defender", "Perry", "--face", "blank", "--roll", "25",
                      "--perry", "20"), "not to his own; legal now: his defence alone")  # fmt: skip


# --- 10. Points by kind, and the gameplan milestones the match can decide -----------------


def test_points_markers_keep_the_kind_and_the_gameplan_milestones_follow(cli):
    """The Series: "Points markers: Use the points markers to keep track of the points (and
    which kind of points) and place them on the card of the hooper who scored"; 'Game 1-2
    Milestones': "One single hooper of yours scores at least 10 points considering only the
    shots that worth two points (2PS and Lay-Up)", "Score at least 7 free throws as a
    team". "NOTE: Consider only the milestones of the current game." """
    series = ("hoopers", "series")
    ok(cli(*series, "start", "--tribes", "Keepers,Unleashed", "--home", "Keepers"))
    ok(cli(*series, "game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge",
           "--first", "Keepers"))  # fmt: skip
    for kind in ("2ps", "lup", "2ps", "lup", "2ps"):
        ok(cli(*M, "shot", "Keepers", kind, "Chus", "--stat", "60", "--roll", "5"))
        ok(cli(*M, "turn"))
        ok(cli(*M, "turn"))
    ok(cli(*M, "shot", "Keepers", "3ps", "Chus", "--stat", "60", "--defense", "20",
           "--defender", "Faust", "--face", "whistle", "--roll", "5", "--ft-stat", "50",
           "--ft-roll", "5"))  # fmt: skip
    now = status(cli)
    assert now["hoopers"]["Keepers"]["Chus Kinder"]["made"] == {
        "2ps": 3, "3ps": 1, "lup": 2, "ft": 1
    }  # fmt: skip
    assert now["hoopers"]["Keepers"]["Chus Kinder"]["points"] == 14
    assert now["gameplan_pair"] == "1/2"
    met = {m["milestone"]: m["met"] for m in now["gameplan_milestones"]["Keepers"]}
    assert met["One single hooper of yours scores at least 10 points considering only the "
               "shots that worth two points (2PS and Lay-Up)."] is True  # fmt: skip
    assert met["Score at least 7 free throws as a team."] is False
    assert met["One single hooper of yours scores at least 15 points."] is False


def test_the_series_mini_track_moves_are_recorded_during_the_game(cli, db):
    """The Series, 'Series track': "Move the Tribe marker on the series mini track one step
    towards your board every time that the condition displayed is satisfied. Before moving
    the marker from the central zone, if it does not show your tribe, flip it and remain
    there. If you should move the marker outside the track (follow the arrows) place it on
    the action upgrade card. This milestone will no longer be triggered." 'Prepare the
    Series track mini board': "Set the Tribe marker in the middle of the track on the side
    of the Home Tribe"."""
    from tests.games.hoopers.test_series_cli import play_match_to_the_end

    series = ("hoopers", "series")
    ok(cli(*series, "start", "--tribes", "Keepers,Unleashed", "--home", "Keepers"))
    ok(cli(*series, "game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge",
           "--first", "Keepers"))  # fmt: skip
    assert status(cli)["series_track"] == {"shows": "Keepers", "steps": 0, "off": False,
                                           "moves": []}  # fmt: skip
    flipped = ok(cli(*M, "track", "Unl", "--json")).json
    assert flipped["series_track"]["shows"] == "Unleashed"
    assert flipped["series_track"]["steps"] == 0
    assert flipped["notes"] == ["Series track (Unleashed): the marker is flipped to show "
                                "Unleashed and remains in the central zone; it shows "
                                "Unleashed, in the central zone"]  # fmt: skip
    ok(cli(*M, "track", "Unleashed"))
    assert status(cli)["series_track"]["steps"] == 1
    refused(cli, db, (*M, "track", "Keepers", "--off"), "goes back towards the middle")
    ok(cli(*M, "track", "Keepers"))  # back to the middle, still showing Unleashed
    ok(cli(*M, "track", "Unleashed"))
    ok(cli(*M, "track", "Unleashed", "--off"))
    track = status(cli)["series_track"]
    assert (track["shows"], track["off"], len(track["moves"])) == ("Unleashed", True, 5)
    assert track["moves"][0] == {"team": "Unleashed", "period": 1, "turn": 1, "did":
        "the marker is flipped to show Unleashed and remains in the central zone"}  # fmt: skip
    refused(cli, db, (*M, "track", "Keepers"), "This milestone will no longer be triggered")
    assert "Series track: the tribe marker shows Unleashed, on the action upgrade card (5 "\
        "moved)" in ok(cli(*M, "status")).stdout  # fmt: skip
    # Stored with the game: the Reward Phase's card goes to the tribe the marker shows.
    play_match_to_the_end(db, [(10, 8)] * 4)
    ok(cli(*M, "end"))
    game = ok(cli(*series, "status", "--json")).json["games"][0]
    assert game["series_track"] == "Unleashed"
    assert game["rewards"]["Unleashed"]["series_track"] == 1
    ok(cli(*M, "start", *TEAMS, "--first", "Lucy"))
    refused(cli, db, (*M, "track", "Lucy"), "'match track' is for a Series game")


# --- 9. Hooper cards, asked once ---------------------------------------------------------


def test_a_shot_takes_the_numbers_from_the_hooper_cards(cli, db, tmp_path):
    """'Steal Dribble': "you have to consider the Position token of the hooper who's
    dribbling to select your countering hooper by looking at your hoopers' defense position
    flags" ("As for a defense action"); the Defense example: "70 (Muy Schillato 3PS stat)",
    "the D3 stat of the hooper chosen to play the defense card". The cards' numbers are the
    table's, given once and remembered; typed numbers win."""
    cards = tmp_path / "cards.toml"
    cards.write_text('["Muy Schillato"]\n3ps = 70\n2ps = 60\n\n["May Friend"]\nd3 = 15\n'
                     'guards = ["PG", "SG"]\n\n["Edd Trapp"]\nd3 = 30\nguards = ["SF"]\n',
                     encoding="utf-8")  # fmt: skip
    ok(cli(H, "card", "--import", str(cards)))
    assert ok(cli(H, "card", "Muy", "--json")).json == {
        "cards": {"Muy Schillato": {"3ps": 70, "2ps": 60}}
    }
    start(cli)
    ok(cli(*M, "fundamental", "Lucy", "dribble", "Muy"))
    refused(cli, db, (*M, "shot", "Lucy", "3ps", "Muy", "--defender", "Edd"),
            "Edd Trapp's card does not guard a SG")  # fmt: skip
    refused(cli, db, (*M, "shot", "Lucy", "3ps", "Muy", "--defender", "Chus"),
            "Chus Kinder's D3 is not known: give --defense N")  # fmt: skip
    shot = ok(cli(*M, "shot", "Lucy", "3ps", "Muy", "--defender", "May", "--face", "blank",
                  "--roll", "70", "--json")).json  # fmt: skip
    assert (shot["target"], shot["points"]) == (70, 3)  # 70 + 15 − 15, the Defense example
    ok(cli(*M, "undo"))
    typed = ok(
        cli(
            *M,
            "shot",
            "Lucy",
            "3ps",
            "Muy",
            "--stat",
            "50",
            "--defender",
            "May",
            "--defense",
            "20",
            "--face",
            "blank",
            "--roll",
            "70",
            "--json",
        )
    ).json
    assert typed["target"] == 45  # typed numbers override


def example_cards(cli, tmp_path):
    """The Gameplay Example's two cards on file (Never Tired guards PF and C, Sin Miedo PG
    and SG), and a match with Karl attacking first."""
    cards = tmp_path / "cards.json"
    cards.write_text('{"Never Tired": {"o": 40, "v": 55, "guards": ["PF", "C"]},'
                     ' "Sin Miedo": {"o": 70, "v": 70, "guards": ["PG", "SG"]}}',
                     encoding="utf-8")  # fmt: skip
    ok(cli(H, "card", "--import", str(cards)))
    start(cli, "Karl")


def test_a_counter_takes_o_and_v_from_the_countering_hoopers_card(cli, db, tmp_path):
    """The Gameplay Example: "Lucy has a Steal Dribble in her hand and she decides to
    counter the dribble. By considering the opponent's hooper Position token (PF) she can
    select her hooper by looking at her hoopers' defensive flags. In addition, to counter a
    dribble played by a PF, she needs to consider the V-stats of her hoopers: she chooses
    her C "Never Tired" ... identified by Never Tired's V-stat ... which is 55. She rolls 80
    and this means that the attempt to steal fails." 'Counter': "b) use your V-stat if you
    are countering a PF or C"; the jump ball "impose the countering hooper to consider his/her
    O-stat if the V-stat was required"."""
    example_cards(cli, tmp_path)
    steal = (*M, "counter", "Lucy", "steal", "--against", "Hector", "--face", "blank")
    refused(cli, db, (*steal, "--defender", "Sin", "--roll", "5"),
            "Sin Miedo's card does not guard a PF")  # fmt: skip
    # 'Intercept pass': "the Position token of the hooper who's passing ... flags" too.
    refused(
        cli,
        db,
        (
            *M,
            "counter",
            "Lucy",
            "intercept",
            "Sin",
            "--against",
            "Hector",
            "--face",
            "blank",
            "--roll",
            "5",
        ),
        "Sin Miedo's card does not guard a PF",
    )
    refused(cli, db, (*steal, "--defender", "Muy", "--roll", "5"),
            "Muy Schillato's V is not known (this steal uses the V stat): give --v N, or the "
            "card once: 'companion hoopers card \"Muy Schillato\" --v N'")  # fmt: skip
    failed = ok(cli(*steal, "--defender", "Never", "--roll", "80", "--json")).json
    assert (failed["stat"], failed["target"], failed["success"]) == ("v", 55, False)
    ok(cli(*M, "undo"))
    jump = (*M, "counter", "Lucy", "steal", "Never", "--against", "Hector", "--face")
    assert ok(cli(*jump, "jump-ball", "--roll", "45", "--json")).json["target"] == 40
    ok(cli(*M, "undo"))
    typed = ok(cli(*steal, "--defender", "Never", "--v", "80", "--roll", "80", "--json")).json
    assert (typed["target"], typed["success"]) == (80, True)  # typed numbers override


def test_off_a_terminal_a_number_the_cards_lack_is_one_line_saying_how_to_give_it(cli, db):
    """The Defense example: "The maximum value reached from the attacking action is: 70
    (Muy Schillato 3PS stat) +15 (dribble move bonus) = 85" — the card's number, which the
    rulebook does not print: off a terminal nothing is asked (a terminal asks it once,
    tests/guided/test_scripted_hoopers_cards.py), the refusal names both ways to give it."""
    start(cli)
    refused(cli, db, (*M, "shot", "Lucy", "3ps", "Muy", "--roll", "5"),
            "no 3PS given yet for Muy Schillato (Lucy) in this match nor on the hooper cards: "
            "give --stat N, or the card once: 'companion hoopers card \"Muy Schillato\" "
            "--3ps N'")  # fmt: skip
    ok(cli(H, "card", "Muy", "--3ps", "70"))
    assert ok(cli(*M, "shot", "Lucy", "3ps", "Muy", "--roll", "70", "--json")).json["points"] == 3


def test_a_stellar_card_takes_no_upgrade(cli, db):
    """'Be careful! - A former stellar hooper cannot be upgraded.' ("sleeve it onto an
    un-stellar hooper")."""
    ok(cli(H, "card", "Serge", "--stellar"))
    start(cli)
    refused(cli, db, (*M, "energy", "Lucy", "Serge", "--star"),
            "A former stellar hooper cannot be upgraded")  # fmt: skip
    ok(cli(*M, "energy", "Lucy", "Muy", "--star"))


def test_maddy_cures_gift_named_after_the_shot(cli, db):
    """ "If her attack is successful, then one teammate of your choice recovers one energy":
    `match gift TEAM HOOPER` after her basket, once."""
    start(cli, "Karl")
    ok(cli(*M, "energy", "Karl", "Chus", "--max", "5"))
    ok(cli(*M, "energy", "Karl", "Chus", "3"))
    refused(cli, db, (*M, "gift", "Karl", "Chus"), "follows her successful attack")
    ok(cli(*M, "shot", "Karl", "2ps", "Maddy", "--stat", "60", "--roll", "5"))
    done = ok(cli(*M, "gift", "Karl", "Chus", "--json")).json
    assert done["hoopers"]["Karl"]["Chus Kinder"]["energy"]["now"] == 4
    refused(cli, db, (*M, "gift", "Karl", "May"), "given already; legal now: the turn goes on")


def test_a_counter_made_from_a_seat_is_held_to_the_cards_as_the_cli_is(cli, db, tmp_path):
    """A move a phone makes (`Table.make`, by its seat's player) goes through the checks the
    CLI's `record` makes of the cards on file, in the same transaction: Sin Miedo's flags
    (PG, SG) do not guard Hector's PF, from a phone as from the CLI, and nothing is
    written."""
    from companion.games.hoopers.table import HoopersTable
    from companion.store import Store

    example_cards(cli, tmp_path)
    ok(cli(*M, "fundamental", "Karl", "dribble", "Hector"))
    table = HoopersTable(Store(db))
    steals = [m for m in table.legal("Lucy").moves if m.kind == "counter"
              and m.what.get("kind") == "steal" and "Sin" in str(m.what.get("hooper"))]  # fmt: skip
    assert steals, "the query offers Sin's steal: the cards are the table's check"
    before = db.read_bytes()
    try:
        table.make(steals[0], {"o": 70, "v": 70}, seen=table.legal().seen, by="Lucy")
    except RuleViolation as err:
        assert "Sin Miedo's card does not guard a PF" in str(err)
    else:
        raise AssertionError("a seat's counter skipped the cards on file")
    assert db.read_bytes() == before
