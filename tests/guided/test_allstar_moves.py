"""Issue 40, item 2 for All-Star Draft: guided play offers what the legal-moves query offers
and refuses a typed answer in the same words as the CLI."""

from __future__ import annotations

from companion.games.allstar.table import AllStarTable
from companion.store import Store


def deck_game(cli, *start):
    for i in range(6):
        assert cli("allstar", "arena", "add", f"Arena{i}", "--points", "9,6,3").exit_code == 0
    assert cli("allstar", "season", "start", *start, "--deck").exit_code == 0
    assert cli("allstar", "season", "arenas").exit_code == 0


def test_the_pick_offers_the_querys_cards_and_refuses_with_the_clis_words(cli, db, scripted):
    deck_game(cli, "--players", "Ana,Ben,Cy", "--seed", "5")
    offered = [m.what["card"] for m in AllStarTable(Store(db)).legal("Ana").moves]
    ben = cli("allstar", "season", "hand", "Ben", "--json").json["hand"]
    said = cli("allstar", "season", "pick", "Ana", ben[0])
    assert said.exit_code == 2
    flow = scripted
    flow.answer("Ana: press Enter when only you can see the screen", "")  # her hand is hers
    flow.expect(f"Ana's hand: {' '.join(offered)}")
    flow.answer("Ana's pick onto the Bench?", ben[0])
    flow.expect(said.stderr.removeprefix("error: ").strip())  # card … not in Ana's hand (…)
    flow.answer("Ana's pick onto the Bench?", offered[2])
    flow.expect("A card, face down, goes onto Ana's Bench")
    flow.interrupt()
    assert flow.run("allstar", "play").exit_code == 130


def test_the_open_market_offers_the_chooser_the_three_cards_face_up(cli, db, scripted):
    deck_game(cli, "--players", "Ana,Ben", "--mode", "open-market", "--seed", "3")
    table = AllStarTable(Store(db))
    status = cli("allstar", "season", "status", "--json").json
    chooser = status["draft_waiting"][0]
    other = "Ben" if chooser == "Ana" else "Ana"
    assert [m.what["card"] for m in table.legal(chooser).moves] == status["market"]
    refused = table.legal(other)
    assert refused.moves == ()
    assert {r.why for r in refused.not_legal} == {
        f"{chooser} chooses from the market now, not {other}"
    }
    flow = scripted
    flow.expect(f"the market: {' '.join(status['market'])}")
    flow.answer(f"{chooser}'s pick onto the Bench?", status["market"][1])
    flow.expect(f"{status['market'][1]} goes onto {chooser}'s Bench")
    flow.interrupt()
    assert flow.run("allstar", "play").exit_code == 130


def test_a_new_teams_cards_offer_the_managers_bench_first(cli, db):
    from companion.games.allstar.guided import Flow

    deck_game(cli, "--players", "Ana,Ben,Cy", "--seed", "5")
    table = AllStarTable(Store(db))
    while table.status().state.phase == "draft":
        table.make(table.legal().moves[0])
    season = table.status().state
    bench = [str(c).casefold() for c in season.bench["Ana"]]
    offered = Flow(Store(db)).team_cards(season, "Ana")
    assert sorted(offered[:6]) == sorted(bench)
    assert len(offered) == len(set(offered)) > 6  # then every card of the game's Species
