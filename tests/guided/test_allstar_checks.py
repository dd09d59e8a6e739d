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
