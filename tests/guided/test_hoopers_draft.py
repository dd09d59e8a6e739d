"""Guided play of the Draft variant: offered at setup, each pick asked of its player."""

from __future__ import annotations


def status(cli) -> dict:
    done = cli("hoopers", "match", "status", "--json")
    assert done.exit_code == 0, done.stderr
    return done.json


def test_the_draft_is_offered_at_setup_and_each_pick_asked_of_its_player(cli, scripted):
    flow = scripted
    flow.answer("What now?", "start")
    flow.answer("Which game?", "")
    flow.answer("Home team", "Lucy")
    flow.answer("Away team?", "Karl")
    flow.answer("Lucy's tribe?", "unl")
    flow.answer("Karl's tribe?", "kee")
    flow.answer("Give the line-ups (seven hoopers, five of them on court), or draft", "draft")
    # No milestones question: "You will not use the milestones during the game."
    flow.answer("Who chooses first in the draft?", "Lucy")
    flow.answer("Who attacks first?", "Karl")
    flow.expect("Draft: Lucy chooses a hooper (pick 1 of 36)")
    flow.answer("Play the first attacking turn now?", "yes")
    flow.answer("Lucy chooses a hooper (pick 1 of 36)?", "Muy")
    flow.expect("Lucy drafts Muy Schillato")
    # "then the opponent will select two hoopers"
    flow.answer("Karl chooses a hooper (pick 2 of 36)?", "Muy")  # drafted: not offered
    flow.expect("no card 'Muy'")
    flow.answer("Karl chooses a hooper (pick 2 of 36)?", "Edd")
    flow.answer("Karl chooses a hooper (pick 3 of 36)?", "<")  # takes Edd Trapp back
    flow.answer("Karl chooses a hooper (pick 2 of 36)?", "May")
    flow.answer("Karl chooses a hooper (pick 3 of 36)?", "stop")
    flow.answer("What now?", "quit")
    assert flow.run().exit_code == 0
    draft = status(cli)["draft"]
    assert draft["teams"]["Lucy"]["hoopers"] == ["Muy Schillato"]
    assert draft["teams"]["Karl"]["hoopers"] == ["May Friend"]
    assert draft["chooser"] == "Karl" and draft["pick"] == 3


def test_guided_play_asks_who_carries_each_drafted_hooper_upgrade(cli, scripted):
    m = ("hoopers", "match")
    start = (*m, "start", "--home", "Ana", "--away", "Ben", "--draft", "--first-pick", "Ana")
    assert cli(*start, "--first", "Ana", "--seed", "4").exit_code == 0
    while (draft := status(cli)["draft"])["choosing"] == "hooper":
        assert cli(*m, "pick", draft["chooser"], draft["on_table"][0]).exit_code == 0
    for who, card in [("Ben", "two"), ("Ana", "three"), ("Ana", "ten"), ("Ben", "ten")]:
        assert cli(*m, "pick", who, card).exit_code == 0
    assert cli(*m, "pick", "Ben", "star-C").exit_code == 0
    assert cli(*m, "pick", "Ana", "star-PG").exit_code == 0
    ana = status(cli)["draft"]["teams"]["Ana"]["hoopers"]
    flow = scripted
    # "Now the players can prepare their team and then they will draft the deck upgrades."
    flow.answer("Ana: which hooper carries three (three energies)?", ana[0])
    flow.expect(f"{ana[0]} (Ana) carries three (three energies)")
    flow.answer("Ana: which hooper carries ten", ana[0])  # one upgrade a hooper
    flow.expect(f"no hooper '{ana[0]}'")
    flow.answer("Ana: which hooper carries ten", ana[1])
    flow.answer("Ana: which hooper carries star-PG", "later")
    flow.answer("Ben: which hooper carries two", "later")
    flow.answer("Ana chooses a deck upgrade (pick 21 of 36)?", "stop")
    assert flow.run("hoopers", "play", "--seed", "1").exit_code == 0
    sleeved = status(cli)["draft"]["teams"]["Ana"]["sleeved"]
    assert sleeved == {ana[0]: "three", ana[1]: "ten"}
