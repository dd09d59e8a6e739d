"""The rules second pass (issue 15, items 16-19), each test citing the rulebook's sentence."""

from __future__ import annotations

from tests.conftest import assert_user_error

S = ("allstar", "season")
THREE = ["Ana", "Ben", "Cy"]


def start_three(cli) -> None:
    species = "duc,hor,bea,tig,sha,pan"
    out = cli(*S, "start", "--players", ",".join(THREE), "--species", species, "--json")
    assert out.exit_code == 0, out.stderr


def ok(result):
    assert result.exit_code == 0, result.stderr
    return result.json if result.stdout.startswith("{") else result


def round_one(cli) -> None:
    ok(cli(*S, "arenas", "Rink", "--points", "13,10,7"))
    ok(cli(*S, "team", "Ana", "1", "duc-1,duc-2,duc-3,duc-4,duc-5"))
    ok(cli(*S, "team", "Ben", "1", "bea-1,bea-2,bea-3,bea-4,bea-5"))
    ok(cli(*S, "team", "Cy", "1", "sha-1,sha-2,sha-3,sha-4,sha-5"))
    ok(cli(*S, "resolve"))


def lineup(status: dict, manager: str) -> list[tuple]:
    return [
        (t["bus"], t["team"], t["cards"][0], t["swap"] and t["swap"]["in"])
        for t in status["lineups"][manager]
    ]


# --- 16. "The Teams stay in play" --------------------------------------------------------


def test_the_round_one_team_stays_in_play_and_only_the_new_team_is_typed(cli):
    """g. End of the Round: "The Teams stay in play, cards face up, in front of each Manager."
    c. Building the Teams: "They build a new Team of five Hockey Players"."""
    start_three(cli)
    round_one(cli)
    ok(cli(*S, "arenas", "Dome", "Bowl", "--points", "8,6,4", "--points", "4,3,2"))
    status = ok(cli(*S, "status", "--json"))
    assert status["missing_teams"] == ["Ana new team", "Ben new team", "Cy new team"]
    assert lineup(status, "Ana") == [(1, "round 1", "Ducks-1", None)]
    # One command per manager: the new team and its Bus; the round-1 team takes the other Bus.
    new = ok(cli(*S, "team", "Ana", "1", "duc-6,duc-7,duc-8,hor-1,hor-2", "--json"))
    assert new["outcome"]["team"] == "new"
    assert lineup(new, "Ana") == [(1, "new", "Ducks-6", None), (2, "round 1", "Ducks-1", None)]
    ok(cli(*S, "team", "Ben", "2", "tig-1,tig-2,tig-3,tig-4,tig-5"))
    ok(cli(*S, "team", "Cy", "1", "pan-1,pan-2,pan-3,pan-4,pan-5"))
    resolved = ok(cli(*S, "resolve", "--json"))
    bowl = {r["manager"]: r["cards"] for r in resolved["outcome"]["rankings"][1]["ranking"]}
    assert bowl["Ana"][0] == "Ducks-1" and bowl["Ben"][0] == "Tigers-1"
    # Round 3: both earlier teams stay; again one command per manager.
    ok(cli(*S, "arenas", "Ice", "Lake", "Hall", *["--points", "3,2,1"] * 3))
    third = ok(cli(*S, "team", "Ana", "3", "hor-3,hor-4,hor-5,hor-6,hor-7", "--json"))
    assert [t[:3] for t in lineup(third, "Ana")] == [
        (1, "round 1", "Ducks-1"),
        (2, "round 2", "Ducks-6"),
        (3, "new", "Horses-3"),
    ]


def test_one_card_of_an_earlier_team_is_swapped_with_season_swap(cli):
    """c. Building the Teams: "each Manager may swap a single Hockey Player card of a
    previously played team with a card from their Bench"."""
    start_three(cli)
    round_one(cli)
    assert_user_error(cli(*S, "swap", "Ben", "bea-5", "bea-9"), "place round 2's arenas first")
    ok(cli(*S, "arenas", "Dome", "Bowl", "--points", "8,6,4", "--points", "4,3,2"))
    swapped = ok(cli(*S, "swap", "Ben", "bea-5", "bea-9-goal", "--bus", "2", "--json"))
    assert swapped["outcome"] == {
        "manager": "Ben",
        "team": "round 1",
        "out": "Bears-5",
        "in": "Bears-9-goal",
        "bus": 2,
        "cards": ["Bears-1", "Bears-2", "Bears-3", "Bears-4", "Bears-9-goal"],
    }
    assert_user_error(
        cli(*S, "swap", "Ben", "bea-4", "bea-8"),
        "Ben's round-1 team has had its one swap this round (Bears-5 → Bears-9)",
    )
    assert_user_error(cli(*S, "swap", "Ben", "duc-1", "bea-8"), "card Ducks-1 is in none of Ben")
    assert_user_error(cli(*S, "swap", "Ana", "duc-1", "bea-1"), "Bears-1 is already in Ben's Bus 2")
    # Bears-5 left Ben's team for his Bench: it is still his.
    assert_user_error(
        cli(*S, "swap", "Ana", "duc-1", "bea-5"),
        "card Bears-5 is Ben's: it played in Ben's teams this season",
    )
    # The swapped-out card went to the Bench: it may join the new team.
    ok(cli(*S, "team", "Ben", "1", "bea-5,tig-1,tig-2,tig-3,tig-4"))
    # Typing an earlier team again, unchanged or with one card swapped, stays accepted.
    again = ok(cli(*S, "team", "Cy", "2", "sha-1,sha-2,sha-3,sha-4,pan-9", "--json"))
    assert again["outcome"]["team"] == "round 1"
    assert again["outcome"]["swap"] == {"out": "Sharks-5", "in": "Pandas-9"}
    same = ok(cli(*S, "team", "Ana", "2", "duc-1,duc-2,duc-3,duc-4,duc-5", "--json"))
    assert (same["outcome"]["team"], same["outcome"]["swap"]) == ("round 1", None)


def test_a_team_neither_new_nor_one_card_from_an_earlier_one_is_refused(cli, db):
    """ "a single Hockey Player card" per team in play; the rest of a round's cards make
    the new team."""
    start_three(cli)
    round_one(cli)
    ok(cli(*S, "arenas", "Dome", "Bowl", "--points", "8,6,4", "--points", "4,3,2"))
    before = db.read_bytes()
    refused = cli(*S, "team", "Cy", "1", "sha-1,sha-2,pan-3,pan-4,pan-5")
    assert_user_error(
        refused,
        "Cy's round-1 team (Sharks-1 Sharks-2 Sharks-3 Sharks-4 Sharks-5) is in play: typed "
        "again it may differ by one swapped card, but this differs by 3 (out: Sharks-3, "
        "Sharks-4, Sharks-5; in: Pandas-3, Pandas-4, Pandas-5)",
    )
    assert db.read_bytes() == before
    ok(cli(*S, "team", "Cy", "1", "pan-1,pan-2,pan-3,pan-4,pan-5"))
    # A round has one new team; the round-1 team cannot be replaced outright.
    assert_user_error(
        cli(*S, "team", "Cy", "2", "pan-6,pan-7,pan-8,pan-9,hor-1"),
        "Cy's new team is already in (Pandas-1 Pandas-2 Pandas-3 Pandas-4 Pandas-5)",
    )
    assert_user_error(
        cli(*S, "team", "Ana", "1", "sha-1,duc-6,duc-7,duc-8,duc-9"),
        "card Sharks-1 is already in Cy's Bus 2 team",
    )


def test_the_bus_of_a_team_in_play_is_chosen_with_season_bus(cli):
    """d. Assigning the Buses: "Bus no. 1 to indicate that the Team will go and face its
    opponents in the first Arena"; each team takes one Bus."""
    start_three(cli)
    round_one(cli)
    ok(cli(*S, "arenas", "Dome", "Bowl", "--points", "8,6,4", "--points", "4,3,2"))
    for manager, cards in (
        ("Ana", "duc-6,duc-7,duc-8,duc-9,hor-1"),
        ("Ben", "tig-1,tig-2,tig-3,tig-4,tig-5"),
        ("Cy", "pan-1,pan-2,pan-3,pan-4,pan-5"),
    ):
        ok(cli(*S, "team", manager, "1", cards))
    ok(cli(*S, "resolve"))
    ok(cli(*S, "arenas", "Ice", "Lake", "Hall", *["--points", "3,2,1"] * 3))
    ok(cli(*S, "team", "Ana", "1", "hor-2,hor-3,hor-4,hor-5,hor-6"))
    chosen = ok(cli(*S, "bus", "Ana", "2", "duc-9", "--json"))
    assert chosen["outcome"]["team"] == "round 2"
    assert [t[:2] for t in lineup(chosen, "Ana")] == [(1, "new"), (2, "round 2"), (3, "round 1")]
    assert_user_error(cli(*S, "bus", "Ana", "1", "duc-1"), "Ana has already used Bus 1")
    assert_user_error(cli(*S, "bus", "Ana", "3", "bea-1"), "card Bears-1 is in none of Ana")
    assert_user_error(cli(*S, "bus", "Ana", "4", "duc-1"), "round 3 uses Bus 1 to 3 (got Bus 4)")


def test_a_whole_season_takes_one_team_command_per_manager_and_round(cli):
    start_three(cli)
    teams = {
        "Ana": [
            "duc-1,duc-2,duc-3,duc-4,duc-5",
            "duc-6,duc-7,duc-8,duc-9,hor-1",
            "hor-2,hor-3,hor-4,hor-5,hor-6",
        ],
        "Ben": [
            "bea-1,bea-2,bea-3,bea-4,bea-5",
            "bea-6,bea-7,bea-8,bea-9,tig-1",
            "tig-2,tig-3,tig-4,tig-5,tig-6",
        ],
        "Cy": [
            "sha-1,sha-2,sha-3,sha-4,sha-5",
            "sha-6,sha-7,sha-8,sha-9,pan-1",
            "pan-2,pan-3,pan-4,pan-5,pan-6",
        ],
    }
    arenas = [["Rink"], ["Dome", "Bowl"], ["Ice", "Lake", "Hall"]]
    commands = 0
    for round_no, names in enumerate(arenas, 1):
        ok(cli(*S, "arenas", *names, *["--points", "3,2,1"] * round_no))
        for manager in THREE:
            ok(cli(*S, "team", manager, "1", teams[manager][round_no - 1]))
            commands += 1
        out = ok(cli(*S, "resolve", "--json"))
    assert commands == 9 and out["phase"] == "playoffs"
    assert sum(len(r["ranking"]) for r in out["outcome"]["rankings"]) == 9


# --- 17. Play-Off substitutions are checked -------------------------------------------------

P = ("allstar", "season", "playoff")
TWO_TEAMS = {
    "Ann": [
        "hor-1,hor-2,hor-3,hor-4,hor-5",
        "duc-1,duc-2,duc-3,duc-4,duc-5",
        "duc-6,duc-7,duc-8,duc-9,hor-6",
    ],
    "Bob": [
        "bea-1,bea-2,bea-3,bea-4,bea-5",
        "tig-1,tig-2,tig-3,tig-4,tig-5",
        "bea-6,bea-7,bea-8,bea-9,tig-6",
    ],
}


def two_manager_playoffs(cli) -> None:
    """Ann and Bob (Heritage) through the regular season, one team command each per round."""
    species = ("--species", "hor,duc,bea,tig,pan")
    out = cli(*S, "start", "--players", "Ann,Bob", "--mode", "heritage", *species, "--json")
    assert out.exit_code == 0, out.stderr
    for round_no, names in enumerate([["Rink"], ["Dome", "Bowl"], ["Ice", "Lake", "Hall"]], 1):
        ok(cli(*S, "arenas", *names, *["--points", "5,2"] * round_no))
        for manager in ("Ann", "Bob"):
            ok(cli(*S, "team", manager, "1", TWO_TEAMS[manager][round_no - 1]))
        ok(cli(*S, "resolve"))


def test_playoff_teams_are_checked_against_the_declared_substitutions(cli, db):
    """d. Changing Team Members: the Managers "must compulsorily substitute between 2 and 4
    Hockey Player cards of their Team"; "Each Manager then chooses the same number of cards
    from their Team and discards them (puts them back in the game box)"."""
    two_manager_playoffs(cli)
    first = ok(
        cli(
            *P,
            "round",
            "Ann=hor-1,hor-2,hor-3,hor-4,hor-5",
            "Bob=bea-1,bea-2,bea-3,tig-1,tig-2",
            "--points",
            "9,4",
            "--json",
        )
    )
    assert first["outcome"]["lowest"] == ["Bob"] and first["tickets"] == {"Ann": 2, "Bob": 1}
    ok(cli(*P, "swap", "Ann", "2"))
    named = ok(cli(*P, "swap", "Bob", "--out", "bea-1,bea-2", "--in", "bea-6,bea-7", "--json"))
    assert named["outcome"]["team"] == ["Bears-3", "Tigers-1", "Tigers-2", "Bears-6", "Bears-7"]
    assert (
        named["next"]
        == "Play-Off round 2: Ann reveal their teams (the others' follow from their substitutions)"
    )
    before = db.read_bytes()
    # A declared swap of two: Ann's unchanged team is refused, and so is one four cards apart.
    assert_user_error(
        cli(*P, "round", "Ann=hor-1,hor-2,hor-3,hor-4,hor-5"),
        "Ann substitutes 2 cards, but this team differs from Ann's last one "
        "(Horses-1 Horses-2 Horses-3 Horses-4 Horses-5) by 0 (the same five cards)",
    )
    assert_user_error(
        cli(*P, "round", "Ann=hor-1,duc-1,duc-2,duc-3,duc-4"),
        "by 4 (out: Horses-2 Horses-3 Horses-4 Horses-5; in: Ducks-1 Ducks-2 Ducks-3 Ducks-4)",
    )
    # A card from another manager's teams, played by Bob all season.
    assert_user_error(
        cli(*P, "round", "Ann=hor-1,hor-2,hor-3,bea-8,bea-9"),
        "card Bears-8 in Ann's team is Bob's: it played in Bob's teams",
    )
    # Bob named his cards: his team follows; typed, it must be that team.
    assert_user_error(
        cli(*P, "round", "Ann=hor-1,hor-2,hor-3,duc-1,duc-2", "Bob=bea-3,tig-1,tig-2,tig-3,tig-4"),
        "Bob's team after the substitution is Bears-3 Tigers-1 Tigers-2 Bears-6 Bears-7",
    )
    assert db.read_bytes() == before
    second = ok(cli(*P, "round", "Ann=hor-1,hor-2,hor-3,hor-6,hor-7", "--json"))
    assert second["outcome"]["teams"]["Bob"] == [
        "Bears-3",
        "Tigers-1",
        "Tigers-2",
        "Bears-6",
        "Bears-7",
    ]
    assert second["playoff_teams"]["Ann"] == [
        "Horses-1",
        "Horses-2",
        "Horses-3",
        "Horses-6",
        "Horses-7",
    ]
    # Cards swapped out are back in the game box: they cannot come in again.
    assert_user_error(
        cli(*P, "swap", "Ann", "--out", "hor-6,hor-7", "--in", "hor-4,duc-3"),
        "card Horses-4 in Ann's substitution is back in the game box (Ann substituted it "
        "after Play-Off round 1)",
    )
    assert_user_error(
        cli(*P, "swap", "Ann", "--out", "hor-6,hor-7", "--in", "duc-3"),
        "substitute as many cards in as out (2 out, 1 in)",
    )
    assert_user_error(
        cli(*P, "swap", "Ann", "--out", "hor-1,tig-9", "--in", "duc-3,duc-4"),
        "Tigers-9 is not in Ann's team",
    )
    assert_user_error(
        cli(*P, "swap", "Ann", "--out", "hor-6,hor-7", "--in", "hor-3,duc-4"),
        "Horses-3 already in Ann's team",
    )


def test_a_penalty_shot_comes_from_the_hand_and_goes_back_in_the_box(cli):
    """c. Handling Ties: "Each Manager plays a single Hockey Player card from their hand";
    "the Hockey Player cards that were played for the Penalty Shot are discarded (they are
    put back in the game box)"."""
    two_manager_playoffs(cli)
    tied = ok(
        cli(
            *P,
            "round",
            "Ann=hor-1,hor-2,hor-3,hor-4,hor-5",
            "Bob=bea-1,bea-2,bea-3,bea-4,bea-5",
            "--points",
            "9,4",
            "--json",
        )
    )
    assert tied["shootout_between"] == ["Ann", "Bob"]
    assert_user_error(
        cli(*P, "shootout", "Ann=hor-1", "Bob=tig-9"),
        "Ann's Horses-1 is in Ann's team: a Penalty Shot is played from the hand",
    )
    ok(cli(*P, "shootout", "Ann=duc-9", "Bob=tig-9"))
    ok(cli(*P, "swap", "Ann", "--out", "hor-1,hor-2", "--in", "duc-1,duc-2"))
    assert_user_error(
        cli(*P, "swap", "Bob", "--out", "bea-1,bea-2", "--in", "tig-9,tig-8"),
        "card Tigers-9 in Bob's substitution is back in the game box (Bob played it in a shootout)",
    )


# --- 18. No dead ends --------------------------------------------------------------------


def test_tied_managers_with_no_card_left_lose_the_shootout_and_the_game_can_finish(cli):
    """c. Handling Ties: "Each Manager plays a single Hockey Player card from their hand";
    d.: "If several Managers are eliminated at the same time in this way, each one gains the
    number of points of the lowest rank available"."""
    two_manager_playoffs(cli)
    first = ok(
        cli(
            *P,
            "round",
            "Ann=duc-1,duc-2,duc-3,hor-1,hor-2",
            "Bob=bea-1,bea-2,bea-3,bea-4,bea-5",
            "--points",
            "9,4",
            "--json",
        )
    )
    assert first["outcome"]["lowest"] == ["Ann"]
    swaps = [
        (
            ("duc-1,duc-2,duc-3,hor-1", "hor-3,hor-4,hor-5,hor-6"),
            ("bea-1,bea-2,bea-3,bea-4", "tig-1,tig-2,tig-3,tig-4"),
        ),
        (
            ("hor-2,hor-3,hor-4,hor-5", "duc-4,duc-5,hor-7,hor-8"),
            ("bea-5,tig-1,tig-2,tig-3", "bea-6,bea-7,bea-8,bea-9"),
        ),
        (("hor-6,hor-7,hor-8", "duc-6,duc-7,duc-8"), ("bea-6,bea-7,bea-8", "tig-5,tig-6,tig-7")),
        (("duc-4,duc-5", "duc-9,hor-9"), ("tig-4,tig-5", "tig-8,tig-9")),
    ]
    for ann, bob in swaps:
        ok(cli(*P, "swap", "Ann", "--out", ann[0], "--in", ann[1]))
        ok(cli(*P, "swap", "Bob", "--out", bob[0], "--in", bob[1]))
        last = ok(cli(*P, "round", "--json"))
    # The fifth round: both Power 4, both with every ticket spent and no card left in hand.
    assert last["outcome"]["powers"] == {"Ann": 4, "Bob": 4}
    assert last["outcome"]["no_card"] == ["Ann", "Bob"]
    assert last["eliminated"][-2:] == ["Ann", "Bob"]
    assert last["eliminations"][-2:] == [
        {"manager": "Ann", "place": 2, "points": 4, "reason": "no card left for the shootout"},
        {"manager": "Bob", "place": 2, "points": 4, "reason": "no card left for the shootout"},
    ]
    assert (last["phase"], last["next"]) == (
        "over",
        "the game is over: record it with 'companion allstar season end'",
    )
    text = cli(*S, "status").stdout
    assert "Play-Offs over: 'season end' to finish the game" in text
    end = ok(cli(*S, "end", "--json"))
    assert end["result"]["playoff_scores"] == {"Ann": 4, "Bob": 4}
    assert end["result"]["playoff_champion"] is None
    checked = ok(cli("history", "replay", end["id"], "--json"))
    assert checked["verified"] is True


def test_one_tied_manager_without_a_card_loses_the_shootout_alone():
    """No card is weaker than any card: the manager who cannot shoot pays, the others don't."""
    from companion.games.allstar.rules.cards import parse_team
    from companion.games.allstar.rules.facts import default_config
    from companion.games.allstar.rules.playoffs import PlayOffs

    config = default_config()
    playoffs = PlayOffs(("Ann", "Bob", "Cy"), {"Ann": 1, "Bob": 1, "Cy": 1})
    playoffs.hand = {"Ann": 0, "Bob": 3, "Cy": 3}
    playoffs.round = 2
    teams = {
        "Ann": parse_team(["duc-1,duc-2,duc-3,bea-4,tig-5"], config),
        "Bob": parse_team(["bea-1,bea-2,bea-3,duc-4,tig-6"], config),
        "Cy": parse_team(["sha-1,sha-2,sha-3,sha-4,sha-5"], config),
    }
    outcome = playoffs.play_round(teams, (9, 5, 2), config)
    assert (outcome.lowest, outcome.no_card) == (("Ann", "Bob"), ("Ann",))
    assert [(p.manager, p.ticket_used) for p in outcome.penalties] == [("Ann", True)]
    assert playoffs.tickets == {"Ann": 0, "Bob": 1, "Cy": 1}


# --- 19. Species in play -----------------------------------------------------------------


def test_cards_of_species_not_in_the_draw_pile_are_refused(cli, db):
    """Setup: "choose two different Species from among the Hockey Player cards ... per
    Manager and shuffle them together, in order to form the Hockey Player draw pile"."""
    start_three(cli)  # Ducks, Horses, Bears, Tigers, Sharks, Pandas
    ok(cli(*S, "arenas", "Rink", "--points", "13,10,7"))
    before = db.read_bytes()
    assert_user_error(
        cli(*S, "team", "Ana", "1", "duc-1,duc-2,duc-3,duc-4,pen-5"),
        "card Penguins-5: Penguins are not in this game's draw pile (its Species: Ducks, "
        "Horses, Bears, Tigers, Sharks, Pandas)",
    )
    assert db.read_bytes() == before
    round_one_teams = {
        "Ana": "duc-1,duc-2,duc-3,duc-4,duc-5",
        "Ben": "bea-1,bea-2,bea-3,bea-4,bea-5",
        "Cy": "sha-1,sha-2,sha-3,sha-4,sha-5",
    }
    for manager, cards in round_one_teams.items():
        ok(cli(*S, "team", manager, "1", cards))
    ok(cli(*S, "resolve"))
    ok(cli(*S, "arenas", "Dome", "Bowl", "--points", "8,6,4", "--points", "4,3,2"))
    assert_user_error(cli(*S, "swap", "Ana", "duc-5", "car-5"), "Caribou are not in this game")


def test_the_species_drawn_or_chosen_are_the_games(cli):
    drawn = ok(cli(*S, "start", "--players", "Ana,Ben,Cy", "--seed", "4", "--json"))
    assert len(drawn["setup"]["species"]) == 6
    ok(cli(*S, "abandon"))
    assert_user_error(
        cli(*S, "start", "--players", "Ana,Ben,Cy", "--species", "duc,hor,bea"),
        "this table's draw pile has 6 Species; 3 named (Ducks, Horses, Bears)",
    )
    assert_user_error(
        cli(*S, "start", "--players", "Ana,Ben", "--mode", "duel", "--species", "duc,du,b,t,c"),
        "species Ducks is named twice",
    )
    chosen = cli(
        "allstar",
        "setup",
        "-p",
        "Ana,Ben",
        "--mode",
        "open-market",
        "--species",
        "duc,hor,bea,tig,car,pan",
        "--json",
    )
    assert ok(chosen)["species"] == ["Ducks", "Horses", "Bears", "Tigers", "Caribou", "Pandas"]


def test_playoff_cards_of_other_species_are_refused(cli):
    two_manager_playoffs(cli)  # Horses, Ducks, Bears, Tigers, Pandas
    assert_user_error(
        cli(
            *P,
            "round",
            "Ann=hor-1,hor-2,hor-3,hor-4,rab-5",
            "Bob=bea-1,bea-2,bea-3,bea-4,bea-5",
            "--points",
            "9,4",
        ),
        "card Rabbits-5 in Ann's team: Rabbits are not in this game's draw pile",
    )
    ok(
        cli(
            *P,
            "round",
            "Ann=hor-1,hor-2,hor-3,hor-4,hor-5",
            "Bob=bea-1,bea-2,bea-3,bea-4,pan-5",
            "--points",
            "9,4",
        )
    )
    assert_user_error(
        cli(*P, "swap", "Bob", "--out", "pan-5,bea-4", "--in", "eag-1,bea-6"),
        "card Eagles-1 in Bob's substitution: Eagles are not in this game's draw pile",
    )
