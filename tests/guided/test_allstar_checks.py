"""All-Star guided play asks the checks `allstar season` and `allstar rank` make (issue 29, 32)."""

from __future__ import annotations


def test_guided_play_asks_the_same_arena_check(cli, scripted):
    assert cli("allstar", "arena", "add", "Pond", "--points", "5,3", "--rule",
               "no-two-managers").exit_code == 0  # fmt: skip
    start = ("--players", "Ana,Ben", "--mode", "heritage", "--species", "duc,hor,bea,tig,car")
    assert cli("allstar", "season", "start", *start).exit_code == 0
    flow = scripted
    flow.answer("Bus 1 arena?", "Pond")
    flow.expect("arena 'Pond' is removed in two-manager games")
    flow.answer("Bus 1 arena?", "Rink")
    flow.answer("Supporters for 1st, 2nd, … place in Rink?", "5,2")
    flow.expect("Ana's Bus 1 team")
    flow.interrupt()
    assert flow.run("allstar", "play").exit_code == 130
    arenas = cli("allstar", "season", "status", "--json").json["arenas"]
    assert [a["name"] for a in arenas] == ["Rink"]


def test_guided_start_asks_the_species_the_table_has_not_named_once(cli, scripted):
    # Issue 32: six managers draw all twelve Species; the defaults name ten.
    flow = scripted
    flow.answer("What now?", "start")
    flow.answer("Which game?", "allstar")
    flow.answer("Managers, in seating order", "A,B,C,D,E,F")
    flow.expect("This table names 10 Species")
    flow.answer("The other 2 Species in your box?", "Owls")
    flow.expect("give 2 Species name(s), comma separated; got 1")
    flow.answer("The other 2 Species in your box?", "Owls,Wolves")
    flow.answer("The 12 Species of the draw pile?", "")
    flow.answer("Does the companion hold the decks", "y")
    flow.expect("6 managers (seating, clockwise)")
    flow.expect("The companion holds the decks: the Hockey Player pile (108 cards)")
    flow.answer("Play the first round now?", "n")
    flow.answer("What now?", "quit")
    assert flow.run().exit_code == 0
    assert sum("Species in your box" in q for q in flow.asked) == 2
    species = cli("allstar", "season", "status", "--json")
    assert species.exit_code == 0 and species.json["deck"] is True
    shown = cli("allstar", "config", "show", "--json").json["settings"]["species"]
    assert shown["value"][-2:] == ["Owls", "Wolves"]


def test_guided_resolve_asks_the_unconfirmed_order_once(cli, scripted):
    start = ("--players", "Ana,Ben", "--mode", "heritage", "--species", "duc,hor,bea,tig,car")
    assert cli("allstar", "season", "start", *start).exit_code == 0
    assert cli("allstar", "season", "arenas", "Rink", "--points", "5,2").exit_code == 0
    flow = scripted
    flow.answer("Ana's Bus 1 team (Rink)?", "duc-1,duc-2,duc-3,duc-4,duc-5")
    flow.answer("Ben's Bus 1 team (Rink)?", "bea-1,bea-2,bea-3,bea-4,bea-5")
    flow.answer("resolve round 1?", "")
    flow.expect("depends on the species order on your Tie-Breaker card")
    flow.answer("The species, weakest first?", "bears,ducks")
    flow.expect("give each of Bears, Ducks")
    order = "Ducks,Bears,Horses,Caribou,Pandas,Tigers,Sharks,Eagles,Penguins,Rabbits"
    flow.answer("The species, weakest first?", order)
    flow.expect("Ben ahead of Ana")
    flow.interrupt()
    flow.run("allstar", "play")
    assert cli("allstar", "season", "status", "--json").json["scores"] == {"Ana": 2, "Ben": 5}
    shown = cli("allstar", "config", "show", "--json").json["settings"]["species"]
    assert (shown["status"], shown["value"][:2]) == ("confirmed", ["Ducks", "Bears"])


def test_guided_play_runs_the_companions_draft_with_the_same_checks(cli, scripted):
    # "Each Manager looks at their hand, selects one Hockey Player card ... passes the
    # remaining cards to their neighbour on the left."
    for i in range(6):
        assert cli("allstar", "arena", "add", f"Arena{i}", "--points", "9,6,3").exit_code == 0
    assert cli("allstar", "season", "start", "--players", "Ana,Ben,Cy", "--deck",
               "--seed", "5").exit_code == 0  # fmt: skip
    assert cli("allstar", "season", "arenas").exit_code == 0
    ana = cli("allstar", "season", "hand", "Ana", "--json").json["hand"]
    ben = cli("allstar", "season", "hand", "Ben", "--json").json["hand"]
    flow = scripted
    # Issue 41: a hand is shown only once the screen has passed to its manager.
    flow.expect("Your hand: pass the screen to Ana; the others look away")
    flow.answer("Ana: press Enter when only you can see the screen", "")
    flow.expect(f"Ana's hand: {' '.join(ana)}")
    flow.answer("Ana's pick onto the Bench?", ben[0])
    flow.expect(f"card {ben[0]} is not in Ana's hand")
    flow.answer("Ana's pick onto the Bench?", ana[0])
    flow.expect("A card, face down, goes onto Ana's Bench")
    flow.answer("Ben: press Enter when only you can see the screen", "")
    flow.answer("Ben's pick onto the Bench?", ben[0])
    flow.expect("A card, face down, goes onto Ben's Bench")
    flow.interrupt()
    assert flow.run("allstar", "play").exit_code == 130
    status = cli("allstar", "season", "status", "--json").json
    assert status["bench_size"] == {"Ana": 1, "Ben": 1, "Cy": 0}
    assert status["draft_waiting"] == ["Cy"]


def test_guided_duel_gives_a_card_to_the_opponent_and_discards_the_seventh(cli, scripted):
    for i in range(6):
        assert cli("allstar", "arena", "add", f"Arena{i}", "--points", "5,2").exit_code == 0
    assert cli("allstar", "season", "start", "--players", "Ana,Ben", "--mode", "duel",
               "--deck", "--seed", "2").exit_code == 0  # fmt: skip
    assert cli("allstar", "season", "arenas").exit_code == 0
    ana = cli("allstar", "season", "hand", "Ana", "--json").json["hand"]
    ben = cli("allstar", "season", "hand", "Ben", "--json").json["hand"]
    flow = scripted
    flow.answer("Ana: press Enter when only you can see the screen", "")
    flow.answer("Ana's pick onto the Bench?", ana[0])
    flow.answer("Ana's second card, onto their own Bench?", ana[1])
    flow.answer("Ana's card for the opponent's Bench?", ben[0])
    flow.expect(f"card {ben[0]} is not in Ana's hand")
    flow.answer("Ana's card for the opponent's Bench?", ana[2])
    flow.expect("A card, face down, goes onto Ben's Bench")
    flow.answer("Ben: press Enter when only you can see the screen", "")
    flow.expect("Ben's pick onto the Bench?")
    flow.interrupt()
    assert flow.run("allstar", "play").exit_code == 130
    assert cli("allstar", "season", "hand", "Ben", "--json").json["bench"] == [ana[2]]


def test_guided_play_extends_a_three_manager_row_when_four_play(cli, scripted):
    # Issue 32: a row entered on a 3-manager evening is given its 4th place, not refused.
    assert cli("allstar", "arena", "add", "Rink", "--points", "13,10,7").exit_code == 0
    players = ("--players", "Ana,Ben,Cy,Dee", "--species", "duc,hor,bea,tig,car,pan,sha,eag")
    assert cli("allstar", "season", "start", *players).exit_code == 0, "start"
    flow = scripted
    flow.answer("Bus 1 arena?", "Rink")
    flow.expect("Rink pays 13,10,7, entered for 3 managers: its 4th place is remembered")
    flow.answer("Supporters for the 4th place in Rink?", "5")
    flow.expect("Ana's Bus 1 team")
    flow.interrupt()
    assert flow.run("allstar", "play").exit_code == 130
    placed = cli("allstar", "season", "status", "--json").json["arenas"]
    assert placed == [{"name": "Rink", "points": [13, 10, 7, 5], "rules": []}]
    remembered = cli("allstar", "arena", "list", "--json").json["arenas"]
    assert remembered == [{"name": "Rink", "points": [13, 10, 7, 5], "rules": []}]
