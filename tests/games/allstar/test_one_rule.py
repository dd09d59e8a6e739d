"""Issue 29 item 13: `allstar rank` makes the card and arena checks of the tracked season.

The rulebook's Components: "108 Hockey Player cards (9 cards for each of 12 Species)", each
with a "Hockey Player Number (from 1 to 9)" — so a Species and Number is one card, whatever
Symbol is typed. Two-manager Setup: "Put back in the box the Arenas that are not playable
with two Managers (the ones with the "remove for two Managers" icon)."
"""

from __future__ import annotations

from tests.conftest import assert_user_error

BEARS = "A=bea-1-puck,bea-2,bea-3,bea-4,bea-5"
DUCKS = "B=duc-1-goal,duc-2,duc-3,duc-4,duc-5"


def test_rank_refuses_one_card_in_two_teams_whatever_its_symbol(cli):
    # bea-1-puck and bea-1-goal are one card: Bears 1.
    clash = "B=bea-1-goal,duc-2,duc-3,duc-4,duc-5"
    result = cli("allstar", "rank", BEARS, clash)
    assert_user_error(result, "card Bears-1 is already in A's team")
    assert result.stdout == ""
    assert cli("allstar", "rank", BEARS, clash, "--json").exit_code == 2


def test_rank_refuses_a_remove_for_two_managers_arena_with_two_managers(cli):
    assert cli("allstar", "arena", "add", "Pond", "--points", "5,3", "--rule",
               "no-two-managers").exit_code == 0  # fmt: skip
    two = cli("allstar", "rank", "--managers", "2", "--arena", "Pond", BEARS, DUCKS)
    assert_user_error(two, "arena 'Pond' is removed in two-manager games")
    # The same arena is fine with three managers (its row then needs three places).
    assert cli("allstar", "arena", "add", "Pond", "--points", "5,3,1", "--rule",
               "no-two-managers").exit_code == 0  # fmt: skip
    three = cli("allstar", "rank", "--managers", "3", "--arena", "Pond", BEARS, DUCKS, "--json")
    assert three.exit_code == 0, three.stderr
    assert [r["points"] for r in three.json["ranking"]] == [5, 3]


def test_rank_refuses_a_new_two_manager_arena_and_remembers_nothing(cli):
    result = cli("allstar", "rank", "--managers", "2", "--arena", "Rink", "--points", "5,3",
                 "--rule", "no-two-managers", BEARS, DUCKS)  # fmt: skip
    assert_user_error(result, "arena 'Rink' is removed in two-manager games")
    assert cli("allstar", "arena", "list", "--json").json["arenas"] == []


def test_the_season_refuses_with_the_same_words(cli):
    assert cli("allstar", "arena", "add", "Pond", "--points", "5,3", "--rule",
               "no-two-managers").exit_code == 0  # fmt: skip
    start = ("--players", "Ana,Ben", "--mode", "heritage", "--species", "duc,hor,bea,tig,car")
    assert cli("allstar", "season", "start", *start).exit_code == 0
    assert_user_error(
        cli("allstar", "season", "arenas", "Pond"), "arena 'Pond' is removed in two-manager games"
    )
    assert cli("allstar", "season", "arenas", "Rink", "--points", "5,2").exit_code == 0
    assert cli("allstar", "season", "team", "Ana", "1", "bea-1-puck,bea-2,bea-3,bea-4,bea-5")
    assert_user_error(
        cli("allstar", "season", "team", "Ben", "1", "bea-1-goal,duc-2,duc-3,duc-4,duc-5"),
        "card Bears-1 is already in Ana's Bus 1 team",
    )


# --- Issue 32 item 2: facts the rulebook does not print are asked, never guessed ---------

TWELVE = "Bears,Ducks,Horses,Caribou,Pandas,Tigers,Sharks,Eagles,Penguins,Rabbits,Owls,Wolves"


def test_a_setup_draws_only_species_the_table_names(cli):
    # "108 Hockey Player cards (9 cards for each of 12 Species)": the defaults name ten.
    for seed in range(40):
        drawn = cli("allstar", "setup", "--players", "A,B,C", "--seed", str(seed), "--json")
        assert drawn.exit_code == 0, drawn.stderr
        assert not [s for s in drawn.json["species"] if s.startswith("Unknown")]
    shown = cli("allstar", "config", "show", "--json").json
    assert "Unknown1" not in str(shown) and "Unknown2" not in str(shown)


def test_six_managers_off_a_terminal_are_told_how_to_name_the_other_two(cli):
    result = cli("allstar", "season", "start", "--players", "A,B,C,D,E,F")
    assert_user_error(
        result,
        "6 managers draw 12 Species but this table names 10 (Bears, Ducks, Horses, Caribou, "
        "Pandas, Tigers, Sharks, Eagles, Penguins, Rabbits); name the other 2 with 'companion "
        "allstar config set species Bears,Ducks,Horses,Caribou,Pandas,Tigers,Sharks,Eagles,"
        "Penguins,Rabbits,NAME1,NAME2' (every Species of your box, weakest first)",
    )
    assert len(result.stderr.strip().splitlines()) == 1
    assert cli("allstar", "season", "status").exit_code == 2  # nothing started
    assert cli("allstar", "config", "set", "species", TWELVE).exit_code == 0
    started = cli("allstar", "season", "start", "--players", "A,B,C,D,E,F", "--json")
    assert sorted(started.json["setup"]["species"]) == sorted(TWELVE.split(","))


def test_six_managers_at_a_terminal_are_asked_once_and_remembered(cli, monkeypatch):
    import questionary

    import companion.games.allstar.cli.commands as commands

    asked = []

    class Answer:
        def __init__(self, text):
            self.text = text

        def ask(self):
            return self.text

    def text(question, **_):
        asked.append(question)
        return Answer("Owls,Wolves")

    monkeypatch.setattr(commands, "on_terminal", lambda: True)
    monkeypatch.setattr(questionary, "text", text)
    first = cli("allstar", "setup", "--players", "A,B,C,D,E,F", "--json")
    assert first.exit_code == 0, first.stderr
    assert {"Owls", "Wolves"} <= set(first.json["species"])
    assert len(asked) == 1 and "the names of the other 2" in asked[0]
    assert cli("allstar", "setup", "--players", "A,B,C,D,E,F").exit_code == 0
    assert len(asked) == 1  # remembered
    shown = cli("allstar", "config", "show", "--json").json["settings"]["species"]
    assert shown["value"][-2:] == ["Owls", "Wolves"]
    # Where the new names go in the Tie-Breaker order was not asked: still unconfirmed.
    assert shown["status"] == "default"


def test_placeholders_stored_by_an_older_version_are_never_drawn(cli, tmp_path):
    # `config confirm species` used to store the whole default list, placeholders included.
    old = tmp_path / "old.toml"
    old.write_text(
        'species = ["Bears", "Ducks", "Horses", "Caribou", "Pandas", "Tigers", '
        '"Sharks", "Eagles", "Penguins", "Rabbits", "Unknown1", "Unknown2"]\n'
    )
    assert cli("allstar", "config", "edit", "--file", str(old)).exit_code == 0
    assert_user_error(cli("allstar", "setup", "--players", "A,B,C,D,E,F"), "this table names 10")
