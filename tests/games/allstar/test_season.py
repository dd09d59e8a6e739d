"""A tracked game through `companion allstar season`, Play-Offs and history."""

from __future__ import annotations

import pytest

from companion.games.allstar.rules.playoffs import PlayOffs
from companion.games.allstar.rules.replay import replay
from companion.games.allstar.rules.season import Season
from tests.conftest import assert_user_error

MANAGERS = ["Ana", "Ben", "Cy", "Damien"]
SPECIES = {
    "Ana": ("duc", "hor"),
    "Ben": ("bea", "tig"),
    "Cy": ("sha", "pan"),
    "Damien": ("eag", "rab"),
}


def bus_team(manager: str, bus: int) -> str:
    one, two = SPECIES[manager]
    cards = {
        1: [f"{one}-{n}" for n in range(1, 6)],
        2: [f"{one}-{n}" for n in range(6, 10)] + [f"{two}-9"],
        3: [f"{two}-{n}" for n in range(1, 6)],
    }[bus]
    return ",".join(cards)


# Two-manager modes draw five or six Species: the managers' four, and these.
MODE_SPECIES = {"heritage": ["car"], "duel": ["car"], "open-market": ["car", "pan"]}


def species_for(players, extra) -> str:
    """The draw pile's Species for a game whose teams `bus_team` types (only those count)."""
    mode = extra[extra.index("--mode") + 1] if "--mode" in extra else None
    names = [s for p in players for s in SPECIES[p]] + MODE_SPECIES.get(mode, [])
    return ",".join(names)


def start(cli, players=MANAGERS, *extra, species=True):
    chosen = ("--species", species_for(players, extra)) if species else ()
    out = cli(
        "allstar",
        "season",
        "start",
        "--players",
        ",".join(players),
        "--seed",
        "5",
        *chosen,
        *extra,
        "--json",
    )
    assert out.exit_code == 0, out.stderr
    return out


def play_round(cli, round_no: int, arenas: list[str], rows: list[str], managers=MANAGERS):
    args = [a for row in rows for a in ("--points", row)]
    assert cli("allstar", "season", "arenas", *arenas, *args).exit_code == 0
    for manager in managers:
        for bus in range(1, round_no + 1):
            out = cli("allstar", "season", "team", manager, str(bus), bus_team(manager, bus))
            assert out.exit_code == 0, out.stderr
    out = cli("allstar", "season", "resolve", "--json")
    assert out.exit_code == 0, out.stderr
    return out


ROWS = {
    1: {"Rink": [13, 10, 7, 5]},
    2: {"Dome": [8, 6, 4, 2], "Bowl": [4, 3, 2, 1]},
    3: {"Ice": [3, 2, 1, 0], "Lake": [3, 2, 1, 0], "Hall": [3, 2, 1, 0]},
}


def stored_regular_season(
    db, managers=MANAGERS, version: int | None = None, mode: str | None = None
) -> None:
    """A live game whose three rounds are played, written straight to the store.

    The CLI path for the regular season is tested round by round below; writing the
    events here keeps the Play-Off tests from paying for thirty CLI calls each.

    Without `version` it is a log as recorded before the teams were tracked (every Bus's
    team typed each round, the Play-Offs unchecked); with `version=2`, as recorded now:
    the game's Species are the managers', and each round types only the new team (on
    the round's last Bus; the earlier teams keep theirs).
    """
    from companion.engine.rng import TableRng
    from companion.games.allstar.rules.cards import parse_card
    from companion.games.allstar.rules.facts import default_config
    from companion.games.allstar.rules.season import fold
    from companion.games.allstar.rules.setup import plan_setup
    from companion.store import Store

    config = default_config()
    setup = plan_setup(managers, mode, config, TableRng(5)).to_dict()
    if version is not None:
        species = [parse_card(f"{s}-1", config).species for m in managers for s in SPECIES[m]]
        setup.update(version=version, species=species)
    events = [{"type": "setup", "data": setup}]
    for round_no, arenas in ROWS.items():
        docs = [{"name": n, "points": row, "rules": []} for n, row in arenas.items()]
        events.append({"type": "arenas", "data": {"round": round_no, "arenas": docs}})
        for manager in managers:
            for bus in range(1 if version is None else round_no, round_no + 1):
                cards = [str(parse_card(c, config)) for c in bus_team(manager, bus).split(",")]
                data = {"round": round_no, "manager": manager, "bus": bus, "cards": cards}
                events.append({"type": "team", "data": data})
        events.append({"type": "resolve", "data": {"config": config.to_doc()}})
    assert fold(events).phase == "playoffs"
    Store(db).start_match("allstar", managers, {"mode": mode or "standard"}, 5, events)


def test_first_round_ranks_and_pays(cli):
    start(cli)
    first = play_round(cli, 1, ["Rink"], ["13,10,7,5"])
    ranking = first.json["outcome"]["rankings"][0]["ranking"]
    # Ranked on the species order, which is still a default at this table.
    assert first.json["outcome"]["rankings"][0]["unconfirmed"] == ["species"]
    # Four Power-5 teams of one species each: the species order decides.
    assert [(r["manager"], r["rank"], r["points"]) for r in ranking] == [
        ("Damien", 1, 13),
        ("Cy", 2, 10),
        ("Ana", 3, 7),
        ("Ben", 4, 5),
    ]
    assert first.json["outcome"]["gained"] == {"Ana": 7, "Ben": 5, "Cy": 10, "Damien": 13}
    assert first.json["scores"] == {"Ana": 7, "Ben": 5, "Cy": 10, "Damien": 13}
    second = play_round(cli, 2, ["Dome", "Bowl"], ["8,6,4,2", "4,3,2,1"])
    # Bus 2 teams: four of one species and a ninth card: Power 4 each, species order again.
    assert second.json["outcome"]["gained"] == {
        "Ana": 4 + 2,
        "Ben": 2 + 1,
        "Cy": 6 + 3,
        "Damien": 8 + 4,
    }
    assert second.json["round"] == 3 and second.json["phase"] == "arenas"


def test_status_keys(cli):
    start(cli)
    status = cli("allstar", "season", "status", "--json").json
    for key in (
        "round",
        "phase",
        "scores",
        "playoff_scores",
        "tickets",
        "eliminated",
        "arenas",
        "winner",
    ):
        assert key in status
    assert (status["round"], status["phase"], status["winner"]) == (1, "arenas", None)
    cli("allstar", "season", "arenas", "Rink", "--points", "13,10,7,5")
    status = cli("allstar", "season", "status", "--json").json
    assert status["arenas"] == [{"name": "Rink", "points": [13, 10, 7, 5], "rules": []}]
    assert status["missing_teams"] == ["Ana Bus 1", "Ben Bus 1", "Cy Bus 1", "Damien Bus 1"]


def test_damien_is_eliminated_first_for_eleven_then_a_full_playoff(cli, db):
    stored_regular_season(db)
    status = cli("allstar", "season", "status", "--json").json
    assert status["phase"] == "playoffs" and status["round"] == "playoffs"
    assert sum(status["scores"].values()) == sum(sum(r.values()) for r in status["rounds"])
    assert len(status["rounds"]) == 3
    assert status["tickets"] == dict.fromkeys(MANAGERS, 0)
    before = status["scores"]
    teams = [f"{m}={bus_team(m, 1)}" for m in ("Ana", "Ben", "Cy")]
    damien = "Damien=eag-1,eag-2,rab-3,rab-4,car-5"
    no_row = cli("allstar", "season", "playoff", "round", *teams, damien)
    assert_user_error(
        no_row, "Play-Off Points card is not known yet; give its Supporters with --points"
    )
    out = cli(
        "allstar", "season", "playoff", "round", *teams, damien, "--points", "20,15,13,11", "--json"
    )
    assert out.exit_code == 0, out.stderr
    assert out.json["outcome"]["lowest"] == ["Damien"]
    assert out.json["eliminations"] == [
        {"manager": "Damien", "place": 4, "points": 11, "reason": "lowest Power"}
    ]
    assert out.json["playoff_scores"]["Damien"] == 11
    assert out.json["swaps_waiting"] == ["Ana", "Ben", "Cy"]
    assert_user_error(
        cli("allstar", "season", "playoff", "swap", "Ana", "1"), "swap 2 to 4 cards (got 1)"
    )
    assert_user_error(
        cli("allstar", "season", "playoff", "swap", "Ana", "5"), "swap 2 to 4 cards (got 5)"
    )
    assert_user_error(cli("allstar", "season", "playoff", "swap", "Damien", "2"), "Damien is out")
    for manager in ("Ana", "Ben", "Cy"):
        assert cli("allstar", "season", "playoff", "swap", manager, "3").exit_code == 0
    cy_weak = "Cy=sha-1,sha-2,pan-3,pan-4,car-6"
    # The row is remembered: no --points this time.
    out = cli("allstar", "season", "playoff", "round", teams[0], teams[1], cy_weak, "--json")
    assert out.json["eliminations"][-1] == {
        "manager": "Cy",
        "place": 3,
        "points": 13,
        "reason": "lowest Power",
    }
    for manager in ("Ana", "Ben"):
        cli("allstar", "season", "playoff", "swap", manager, "2")
    tied = cli("allstar", "season", "playoff", "round", teams[0], teams[1], "--json")
    assert tied.json["shootout_between"] == ["Ana", "Ben"]
    undone = cli("allstar", "season", "undo", "--json").json
    assert (undone["playoff_stage"], undone["shootout_between"]) == ("team", [])
    tied = cli("allstar", "season", "playoff", "round", teams[0], teams[1], "--json")
    assert tied.json["shootout_between"] == ["Ana", "Ben"]
    assert_user_error(
        cli("allstar", "season", "playoff", "swap", "Ana", "2"), "must shoot out first"
    )
    shot = cli(
        "allstar", "season", "playoff", "shootout", "Ana=duc-9-stick", "Ben=tig-8-goal", "--json"
    )
    assert shot.exit_code == 0, shot.stderr
    assert shot.json["outcome"]["shot"]["order"] == ["Ana", "Ben"]
    assert shot.json["playoff_scores"] == {"Ana": 20, "Ben": 15, "Cy": 13, "Damien": 11}
    assert shot.json["phase"] == "over"
    end = cli("allstar", "season", "end", "--json")
    assert end.exit_code == 0
    result = end.json["result"]
    assert result["scores"] == {m: before[m] + result["playoff_scores"][m] for m in MANAGERS}
    assert result["playoff_scores"] == {"Ana": 20, "Ben": 15, "Cy": 13, "Damien": 11}
    best = max(result["scores"].values())
    assert result["scores"][result["winner"]] == best
    assert result["ranks"][result["winner"]] == 1
    assert len(result["rounds"]) == 3
    listed = cli("history", "list", "--game", "allstar", "--json").json["matches"]
    assert listed[0]["status"] == "finished" and listed[0]["result"] == result
    match = cli("history", "show", listed[0]["id"], "--json").json
    assert replay(match) == result
    checked = cli("history", "replay", listed[0]["id"], "--json")
    assert checked.exit_code == 0 and checked.json["verified"] is True
    assert_user_error(cli("allstar", "season", "status"), "no live allstar match")


def test_two_managers_tickets_and_bonus(cli):
    start(cli, ["Ana", "Ben"], "--mode", "heritage")
    play_round(cli, 1, ["Rink"], ["5,2"], ["Ana", "Ben"])
    play_round(cli, 2, ["Dome", "Bowl"], ["5,2", "5,2"], ["Ana", "Ben"])
    third = play_round(cli, 3, ["Ice", "Lake", "Hall"], ["5,2", "5,2", "5,2"], ["Ana", "Ben"])
    assert third.json["phase"] == "playoffs" and len(third.json["rounds"]) == 3
    weak, strong = "Ben=bea-1,bea-2,tig-3,tig-4,car-5", f"Ana={bus_team('Ana', 1)}"
    out = cli("allstar", "season", "playoff", "round", strong, weak, "--points", "9,4", "--json")
    assert out.json["tickets"] == {"Ana": 2, "Ben": 1} and out.json["eliminated"] == []
    # "must compulsorily substitute between 2 and 4 Hockey Player cards": named, the next
    # teams follow (Ana keeps Power 5, Ben stays below).
    swaps = [
        (("duc-1,duc-2", "duc-6,duc-7"), ("bea-1,bea-2", "tig-6,tig-7")),
        (("duc-3,duc-4", "duc-8,duc-9"), ("tig-6,tig-7", "bea-6,bea-7")),
    ]
    for ana, ben in swaps:
        for manager, (gone, came) in (("Ana", ana), ("Ben", ben)):
            swap = cli("allstar", "season", "playoff", "swap", manager, "--out", gone, "--in", came)
            assert swap.exit_code == 0, swap.stderr
        out = cli("allstar", "season", "playoff", "round", "--json")
    assert out.json["eliminations"] == [
        {"manager": "Ben", "place": 2, "points": 4, "reason": "lowest Power"}
    ]
    # Ana keeps both tickets: 9 for first place + 2 × 2.
    assert out.json["playoff_scores"] == {"Ana": 13, "Ben": 4}


def test_bad_season_input_writes_nothing(cli, db):
    start(cli)
    assert_user_error(
        cli("allstar", "season", "playoff", "swap", "Ana", "2"), "round 3 is resolved"
    )
    assert_user_error(cli("allstar", "season", "playoffs"), "round 3 is resolved")
    assert_user_error(
        cli("allstar", "season", "playoff", "shootout", "Ana=duc-1", "Ben=bea-1"),
        "round 3 is resolved",
    )
    assert_user_error(
        cli("allstar", "season", "playoff", "round", "Ana=duc-1,duc-2,duc-3,duc-4,duc-5"),
        "round 3 is resolved",
    )
    assert_user_error(
        cli("allstar", "season", "arenas", "A", "B", "--points", "1,1,1,1", "--points", "1,1,1,1"),
        "round 1 plays 1 arena(s); got 2",
    )
    assert_user_error(
        cli("allstar", "season", "arenas", "Tiny", "--points", "3,2,1"),
        "pays 3 places (3,2,1) but 4 managers play",
    )
    cli("allstar", "season", "arenas", "Rink", "--points", "13,10,7,5")
    cli("allstar", "season", "team", "Ana", "1", bus_team("Ana", 1))
    before = db.read_bytes()
    assert_user_error(
        cli("allstar", "season", "team", "Ana", "1", bus_team("Ana", 3)),
        "Ana has already used Bus 1 this round",
    )
    assert_user_error(
        cli("allstar", "season", "team", "Zed", "1", bus_team("Ben", 1)), "no manager 'Zed'"
    )
    assert_user_error(
        cli("allstar", "season", "team", "Ben", "2", bus_team("Ben", 1)),
        "round 1 uses Bus 1 (got Bus 2)",
    )
    assert_user_error(
        cli("allstar", "season", "team", "Ben", "1", "bea-1,bea-2,bea-3,bea-4"),
        "a team is 5 cards; got 4",
    )
    assert_user_error(
        cli("allstar", "season", "team", "Ben", "1", "bea-1,bea-2,bea-3,bea-4,bea-1-goal"),
        "given twice",
    )
    assert_user_error(
        cli("allstar", "season", "team", "Ben", "1", "duc-1,bea-2,bea-3,bea-4,bea-5"),
        "already in Ana's Bus 1 team",
    )
    assert_user_error(
        cli("allstar", "season", "resolve"),
        "teams still missing: Ben Bus 1, Cy Bus 1, Damien Bus 1",
    )
    assert_user_error(start_again(cli), "already live")
    assert db.read_bytes() == before


def start_again(cli):
    return cli("allstar", "season", "start", "--players", "X,Y,Z")


def test_two_manager_game_refuses_removed_arenas(cli):
    cli("allstar", "arena", "add", "Frozen", "--points", "5,3", "--rule", "no-two-managers")
    start(cli, ["Ana", "Ben"], "--mode", "duel")
    assert_user_error(cli("allstar", "season", "arenas", "Frozen"), "removed in two-manager games")


def test_undo_every_step(cli):
    start(cli)
    cli("allstar", "season", "arenas", "Rink", "--points", "13,10,7,5")
    cli("allstar", "season", "team", "Ana", "1", bus_team("Ana", 1))
    undone = cli("allstar", "season", "undo", "--json").json
    assert undone["undone"]["type"] == "team" and undone["missing_teams"][0] == "Ana Bus 1"
    assert cli("allstar", "season", "undo", "--json").json["phase"] == "arenas"
    assert_user_error(cli("allstar", "season", "undo"), "nothing to undo since the setup")
    # The arena row entered once stays in the catalogue after the undo.
    assert cli("allstar", "season", "arenas", "Rink", "--json").json["arenas"][0]["points"] == [
        13,
        10,
        7,
        5,
    ]


def test_season_start_runs_the_setup(cli):
    out = start(cli, ["Ana", "Ben", "Cy"], species=False)
    again = cli("allstar", "setup", "--players", "Ana,Ben,Cy", "--seed", "5", "--json").json
    assert out.json["setup"]["species"] == again["species"]
    assert out.json["tickets"] == {"Ana": 1, "Ben": 1, "Cy": 1}
    assert_user_error(cli("allstar", "season", "start", "--players", "A,B,C"), "already live")


def test_end_tie_goes_to_the_playoff_supporters():
    season = Season({"managers": ["Ana", "Ben"], "mode": "duel", "tickets": {"Ana": 2, "Ben": 2}})
    season.scores = {"Ana": 30, "Ben": 25}
    season.playoffs = PlayOffs(("Ana", "Ben"), {"Ana": 0, "Ben": 0})
    season.playoffs.scores = {"Ana": 4, "Ben": 9}
    season.playoffs.stage = "done"
    result = season.final_result()
    assert result["scores"] == {"Ana": 34, "Ben": 34}
    assert (result["winner"], result["ranks"]) == ("Ben", {"Ana": 2, "Ben": 1})
    season.playoffs.scores = {"Ana": 9, "Ben": 14}
    season.scores = {"Ana": 30, "Ben": 25}
    assert season.final_result()["winner"] == "Ben"
    season.playoffs.stage = "swap"
    with pytest.raises(Exception, match="not over yet"):
        season.final_result()


def test_open_market_fewest_supporters_chooses_first(cli):
    out = start(cli, ["Ana", "Ben"], "--mode", "open-market")
    first = out.json["setup"]["rounds"][0]["first_chooser"]
    assert first in ("Ana", "Ben")
    # issue 43 item 16: named in every round, round 1's the setup's random pick
    assert out.json["first_chooser"] == first
    status = cli("allstar", "season", "status", "--json").json
    assert status["first_chooser"] == first and status["setup"] == out.json["setup"]
    after = play_round(cli, 1, ["Rink"], ["5,2"], ["Ana", "Ben"])
    # Ben's Bears rank below Ana's Ducks, so Ben has fewer Supporters and chooses first.
    assert after.json["scores"] == {"Ana": 5, "Ben": 2}
    assert after.json["first_chooser"] == "Ben"


def test_unknown_arenas_need_one_points_row_each_sized_for_the_table(cli):
    three = ["Aline", "Eric", "Magalie"]
    start(cli, three, species=False)
    out = cli("allstar", "season", "arenas", "R1", "R2", "--points", "13,10,5")
    assert_user_error(out, "2 arena(s) not known yet (R1, R2) but 1 --points row(s) given")
    assert "no row for R2" in out.stderr
    assert "one --points per unknown arena, in the order named" in out.stderr
    assert "at least 3 places" in out.stderr and "--points 13,10,7 --points 13,10,7" in out.stderr
    assert "13,10,7,5" not in out.stderr
    assert_user_error(
        cli("allstar", "season", "arenas", "R1", "--points", "13,10"),
        "arena 'R1' pays 2 places (13,10) but 3 managers play",
    )
    ok = cli("allstar", "season", "arenas", "R1", "--points", "13,10,5", "--json")
    assert ok.exit_code == 0, ok.stderr


def test_a_row_entered_for_three_managers_is_extended_when_four_play(cli):
    """Issue 32: `13,10,7` from a 3-manager evening is given its 4th place, not refused."""
    cli("allstar", "arena", "add", "Rink", "--points", "13,10,7")
    start(cli)  # four managers
    assert_user_error(
        cli("allstar", "season", "arenas", "Rink"),
        "arena 'Rink' pays 13,10,7 (entered for 3 managers) but 4 play: "
        "give its 4th place with --points 13,10,7,N",
    )
    assert cli("allstar", "arena", "list", "--json").json["arenas"][0]["points"] == [13, 10, 7]
    placed = cli("allstar", "season", "arenas", "Rink", "--points", "13,10,7,5", "--json")
    assert placed.exit_code == 0, placed.stderr
    status = cli("allstar", "season", "status", "--json").json
    assert status["arenas"] == [{"name": "Rink", "points": [13, 10, 7, 5], "rules": []}]
    remembered = cli("allstar", "arena", "list", "--json").json["arenas"]
    assert remembered == [{"name": "Rink", "points": [13, 10, 7, 5], "rules": []}]
