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


def _terminal_answers(monkeypatch, answers):
    """questionary at a terminal answering `answers` in turn; returns the questions asked."""
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
        return Answer(answers.pop(0))

    monkeypatch.setattr(commands, "on_terminal", lambda: True)
    monkeypatch.setattr(questionary, "text", text)
    return asked


SHOTS = ("--managers", "5", "Bastien=hor-3-puck", "Clara=car-2-puck")


def test_an_unconfirmed_order_a_result_needs_is_asked_once_at_a_terminal(cli, monkeypatch):
    # "The Caribou being higher than the Horse on the Power scale, it is therefore Clara who
    # wins": the shootout rests on the species order, which the rulebook does not print.
    asked = _terminal_answers(monkeypatch, [""])  # Enter: the order shown is the box's
    first = cli("allstar", "shootout", *SHOTS, "--json")
    assert first.exit_code == 0, first.stderr
    assert (first.json["winner"], first.json["unconfirmed"]) == ("Clara", [])
    assert len(asked) == 1 and "depends on the species order" in asked[0]
    again = cli("allstar", "shootout", *SHOTS)
    assert "note:" not in again.stdout and len(asked) == 1  # remembered
    shown = cli("allstar", "config", "show", "--json").json["settings"]["species"]
    assert shown["status"] == "confirmed"


def test_the_order_given_at_the_terminal_decides_the_result(cli, monkeypatch):
    order = "Caribou,Horses,Bears,Ducks,Pandas,Tigers,Sharks,Eagles,Penguins,Rabbits"
    asked = _terminal_answers(monkeypatch, ["caribou,horses", order])  # a short list: again
    done = cli("allstar", "shootout", *SHOTS, "--json")
    assert done.exit_code == 0, done.stderr
    assert done.json["winner"] == "Bastien" and len(asked) == 2
    assert "give each of Bears, Ducks" in done.stderr


def test_off_a_terminal_the_result_names_the_default_it_rests_on(cli):
    done = cli("allstar", "shootout", *SHOTS)
    assert done.exit_code == 0
    assert done.stdout.strip().splitlines()[-1] == (
        "note: this relies on the default species order, not confirmed from your box "
        "(see 'companion allstar config show')"
    )
    assert "Unknown" not in done.stdout
    assert cli("allstar", "shootout", *SHOTS, "--json").json["unconfirmed"] == ["species"]


def test_a_result_that_needs_no_order_asks_nothing(cli, monkeypatch):
    asked = _terminal_answers(monkeypatch, [])
    done = cli(
        "allstar", "rank", "A=duc-1,duc-2,duc-3,duc-4,duc-5", "B=bea-1,bea-2,hor-3,pan-4,tig-5"
    )
    assert done.exit_code == 0, done.stderr
    assert asked == []


def test_season_resolve_asks_the_order_its_ranking_needs(cli, monkeypatch):
    start = ("--players", "Ana,Ben", "--mode", "heritage", "--species", "duc,hor,bea,tig,car")
    assert cli("allstar", "season", "start", *start).exit_code == 0
    assert cli("allstar", "season", "arenas", "Rink", "--points", "5,2").exit_code == 0
    assert cli("allstar", "season", "team", "Ana", "1", "duc-1,duc-2,duc-3,duc-4,duc-5")
    assert cli("allstar", "season", "team", "Ben", "1", "bea-1,bea-2,bea-3,bea-4,bea-5")
    order = "Ducks,Bears,Horses,Caribou,Pandas,Tigers,Sharks,Eagles,Penguins,Rabbits"
    asked = _terminal_answers(monkeypatch, [order])  # the table's box: Bears beat Ducks
    done = cli("allstar", "season", "resolve", "--json")
    assert done.exit_code == 0, done.stderr
    assert done.json["scores"] == {"Ana": 2, "Ben": 5} and len(asked) == 1
