"""Guided play and the energy tracks (issue 22): a card's energy is asked the first time a
hooper plays a card (remembered for every match), each fundamental is recorded with its
energy, and a hooper with no energy left is warned of as it is picked."""

from __future__ import annotations

from tests.guided.test_scripted_hoopers import start_match, status, types
from tests.guided.test_terminal import events


def test_a_cards_energy_is_asked_once_and_remembered(cli, db, scripted, unknown_card_energy):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "dr")
    flow.answer("dribble by?", "Muy")
    flow.answer("Track energy in this match?", "")  # yes: each card's energy, once
    flow.answer("Muy Schillato's energy on the card? (0: do not track it)", "4")
    flow.expect("Muy Schillato (Lucy): the card's energy is 4; the track is full (4)")
    flow.answer("dribble bonus on the card?", "")
    flow.expect("Muy Schillato (Lucy) spends one energy on the dribble: 3 left")
    flow.answer("Karl counters the dribble?", "")
    flow.answer("Lucy runs a playbook?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "3")
    flow.answer("3 points shot by? [Muy Schillato]", "")  # known now: not asked again
    flow.answer("Muy Schillato's 3PS?", "70")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert types(db) == ["opening", "energy", "fundamental"]
    assert status(cli)["hoopers"]["Lucy"]["Muy Schillato"]["energy"] == {"now": 3, "max": 4}
    catalogue = cli("hoopers", "energy", "--json").json
    assert catalogue == {"energy": {"Muy Schillato": {"max": 4, "source": "table"}}}


def test_zero_leaves_a_hooper_untracked_and_is_not_asked_again(
    cli, db, scripted, unknown_card_energy
):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "dr")
    flow.answer("dribble by?", "Muy")
    flow.answer("Track energy in this match?", "")
    flow.answer("Muy Schillato's energy on the card? (0: do not track it)", "")
    flow.expect("Muy Schillato (Lucy): energy not tracked in this match")  # the table's word
    flow.answer("dribble bonus on the card?", "")
    flow.answer("Karl counters the dribble?", "")
    flow.answer("Lucy runs a playbook?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "3")
    flow.answer("3 points shot by? [Muy Schillato]", "")
    flow.answer("Muy Schillato's 3PS?", "70")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert types(db) == ["opening", "energy", "fundamental"]
    assert status(cli)["hoopers"]["Lucy"]["Muy Schillato"]["energy"] == {"now": None, "max": None}
    # Chosen not to track: no "not tracked: set it with …" reminder, no energy warning.
    assert "energy is not tracked" not in flow.text
    assert "warning:" not in flow.text


def test_a_hooper_with_no_energy_left_is_warned_of_as_picked(cli, db, scripted):
    start_match(cli)
    assert cli("hoopers", "match", "energy", "Lucy", "Muy", "0").exit_code == 0
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "dr")
    flow.answer("dribble by?", "Muy")
    flow.expect(
        "warning: Muy Schillato (Lucy) has no energy left for this dribble: 'If you are not "
        "able to attack, for example if you are out of energy or out of cards, you need to "
        "end up your turn'"
    )
    flow.answer("dribble bonus on the card?", "")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert status(cli)["hoopers"]["Lucy"]["Muy Schillato"]["energy"] == {"now": 0, "max": 9}


def _playbook_turn(flow, f2: str, f2_by: str) -> None:
    # 'To Activate and Resolve a Playbook': F1 screen (Reley Baton), the playbook, F2 a
    # dribble or pass by `f2_by`, A Muy Schillato's 3 points shot that scores (≥ 100).
    flow.answer("F1: Lucy's fundamental?", "scr")
    flow.answer("screen by?", "Rel")
    flow.answer("screen bonus on the card?", "")
    flow.answer("foul die for Reley Baton's screen", "blank")
    flow.answer("Lucy runs a playbook?", "yours")
    flow.answer("F2: Lucy's fundamental?", f2)
    flow.answer(f"{f2} by?", f2_by)
    flow.answer(f"{f2} bonus on the card?", "")
    flow.answer("A: Lucy's attack?", "3ps")
    flow.answer("3 points shot by?", "Muy")
    flow.answer("Muy Schillato's 3PS?", "60")


def test_a_scored_playbook_recovers_the_energy_its_f2_and_a_spent(cli, db, scripted):
    # "If you score the basket, you can choose between: - Recover the energy spent in F2
    # and A ... NOTE: The F1 energy is always spent." Every card here is 9 (conftest).
    start_match(cli)
    flow = scripted
    _playbook_turn(flow, "dribble", "Muy")
    flow.answer("Playbook scored: the reward?", "energy")
    flow.expect(
        "Lucy's playbook scored: recover the energy spent in F2 and A — Muy Schillato +2 → 9 of 9"
    )
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert types(db)[-1] == "playbook"
    assert events(db)[-1]["data"] == {
        "team": "Lucy", "reward": "energy", "attacker": "Muy Schillato", "f2": "Muy Schillato"
    }  # fmt: skip
    hoopers = status(cli)["hoopers"]["Lucy"]
    assert hoopers["Muy Schillato"]["energy"] == {"now": 9, "max": 9}  # dribble + shot back
    assert hoopers["Reley Baton"]["energy"] == {"now": 8, "max": 9}  # the F1 stays spent
    # Undo drops the recovery, and the log replays to the same tracks.
    undone = cli("hoopers", "match", "undo", "--json")
    assert undone.exit_code == 0
    assert undone.json["hoopers"]["Lucy"]["Muy Schillato"]["energy"] == {"now": 7, "max": 9}


def test_the_mixed_reward_recovers_the_one_card_picked(cli, db, scripted):
    # "Recover one energy spent (F2 or A) and draw 1 card": the F2's hooper here.
    start_match(cli)
    flow = scripted
    _playbook_turn(flow, "pass", "Serge")
    flow.answer("Playbook scored: the reward?", "both")
    flow.answer("Recover the energy spent in F2 (Serge Ceptor) or in A (Muy Schillato)?", "f2")
    flow.expect(
        "Lucy's playbook scored: recover one energy spent (F2 or A) and draw 1 card — "
        "Serge Ceptor +1 → 9 of 9 and draw 1 card"
    )
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    hoopers = status(cli)["hoopers"]["Lucy"]
    assert hoopers["Serge Ceptor"]["energy"] == {"now": 9, "max": 9}
    assert hoopers["Muy Schillato"]["energy"] == {"now": 8, "max": 9}


def test_a_table_that_tracks_no_energy_is_asked_once_not_per_hooper(
    cli, db, scripted, unknown_card_energy
):
    # Issue 43 item 4: "Energy is asked once. One question at a match's start ("track
    # energy?"); a table that says no is not asked per hooper".
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "dr")
    flow.answer("dribble by?", "Muy")
    flow.answer("Track energy in this match? (no: no hooper's energy is asked)", "no")
    flow.expect("energy not tracked in this match")
    flow.answer("dribble bonus on the card?", "")
    flow.answer("Karl counters the dribble?", "")
    flow.answer("Lucy runs a playbook?", "")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    # every hooper whose card's energy is unknown, on both teams: none is asked again
    untracked = {e["data"]["hooper"] for e in events(db) if e["type"] == "energy"}
    assert {"Muy Schillato", "Serge Ceptor", "Edd Trapp"} <= untracked
    assert len(untracked) == 20
