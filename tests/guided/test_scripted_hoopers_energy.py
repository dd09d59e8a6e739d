"""Guided play and the energy tracks (issue 22): a card's energy is asked the first time a
hooper plays a card (remembered for every match), each fundamental is recorded with its
energy, and a hooper with no energy left is warned of as it is picked."""

from __future__ import annotations

from tests.guided.test_scripted_hoopers import start_match, status, types


def test_a_cards_energy_is_asked_once_and_remembered(cli, db, scripted, unknown_card_energy):
    start_match(cli)
    flow = scripted
    flow.answer("F1: Lucy's fundamental?", "dr")
    flow.answer("dribble by?", "Muy")
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
    flow.answer("Muy Schillato's energy on the card? (0: do not track it)", "")
    flow.answer("dribble bonus on the card?", "")
    flow.expect("Muy Schillato's energy is not tracked")
    flow.answer("Karl counters the dribble?", "")
    flow.answer("Lucy runs a playbook?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "3")
    flow.answer("3 points shot by? [Muy Schillato]", "")
    flow.answer("Muy Schillato's 3PS?", "70")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert types(db) == ["opening", "fundamental"]
    assert status(cli)["hoopers"]["Lucy"]["Muy Schillato"]["energy"] == {"now": None, "max": None}


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
