"""`companion allstar` one-off commands, with every worked example of the rulebook."""

from __future__ import annotations

from tests.conftest import assert_user_error


def ranking(result):
    assert result.exit_code == 0, result.stderr
    return [
        (r["manager"], r["rank"], r["power"], r["criterion"], r["value"], r["points"])
        for r in result.json["ranking"]
    ]


def test_aline_best_of_six_is_three_fours(cli):
    out = cli(
        "allstar",
        "best",
        "duc-4-goal",
        "bea-4-helmet",
        "tig-4-puck",
        "sha-1-stick",
        "eag-7-goal",
        "pen-9-skate",
        "--managers",
        "3",
        "--json",
    )
    assert out.exit_code == 0
    assert (out.json["power"], out.json["criterion"], out.json["value"]) == (3, "number", 4)
    assert out.json["team"] == [
        "Ducks-4-goal",
        "Bears-4-helmet",
        "Tigers-4-puck",
        "Sharks-1-stick",
        "Eagles-7-goal",
    ]
    assert out.json["bench"] == ["Penguins-9-skate"]
    assert out.json["runner_up"]["power"] == 2
    assert out.json["considered"] == 6


def test_aline_eric_and_magalie(cli):
    out = cli(
        "allstar",
        "rank",
        "--managers",
        "3",
        "Aline=duc-1-goal,duc-2-helmet,duc-3-puck,duc-5-skate,duc-7",
        "Eric=bea-1-puck,tig-2-puck,sha-3-puck,eag-5-goal,pen-7",
        "Magalie=bea-2-goal,bea-4-helmet,bea-6-skate,eag-8-stick,pen-9",
        "--json",
    )
    assert ranking(out) == [
        ("Aline", 1, 5, "species", "Ducks", None),
        ("Eric", 2, 3, "symbol", "puck", None),
        ("Magalie", 3, 3, "species", "Bears", None),
    ]
    assert out.json["explanation"] == [
        "Aline ahead of Eric: Power 5 beats Power 3",
        "Eric ahead of Magalie: both Power 3; symbol (gold) beats species (bronze)",
    ]
    assert out.json["unconfirmed"] == []


def test_paul_beats_juliette_symbols_over_numbers(cli):
    out = cli(
        "allstar",
        "rank",
        "--managers",
        "2",
        "Juliette=duc-6,bea-6,tig-6,sha-1,eag-2",
        "Paul=duc-1-goal,bea-2-goal,tig-3-goal,sha-5,eag-7",
        "--json",
    )
    assert ranking(out) == [
        ("Paul", 1, 3, "symbol", "goal", None),
        ("Juliette", 2, 3, "number", 6, None),
    ]
    assert "symbol (gold) beats number (silver)" in out.json["explanation"][0]


def test_isa_beats_nathan_on_the_symbol_order(cli):
    out = cli(
        "allstar",
        "rank",
        "--managers",
        "2",
        "Nathan=duc-1-puck,bea-2-puck,tig-3-puck,sha-5,eag-7",
        "Isa=pan-1-stick,rab-2-stick,hor-3-stick,sha-6,eag-8",
        "--json",
    )
    assert ranking(out) == [
        ("Isa", 1, 3, "symbol", "stick", None),
        ("Nathan", 2, 3, "symbol", "puck", None),
    ]
    assert out.json["explanation"] == [
        "Isa ahead of Nathan: both Power 3 on symbol (gold); stick beats puck in the symbol order"
    ]
    # The symbol order is a default until the table confirms it from its box.
    assert out.json["unconfirmed"] == ["symbols"]
    human = cli(
        "allstar",
        "rank",
        "--managers",
        "2",
        "Nathan=duc-1-puck,bea-2-puck,tig-3-puck,sha-5,eag-7",
        "Isa=pan-1-stick,rab-2-stick,hor-3-stick,sha-6,eag-8",
    )
    assert "default symbols order, not confirmed" in human.stdout
    cli("allstar", "config", "confirm", "symbols")
    again = cli(
        "allstar",
        "rank",
        "Nathan=duc-1-puck,bea-2-puck,tig-3-puck,sha-5,eag-7",
        "Isa=pan-1-stick,rab-2-stick,hor-3-stick,sha-6,eag-8",
        "--json",
    )
    assert again.json["unconfirmed"] == []


def test_manue_benoit_carine_denis_share_second(cli):
    out = cli(
        "allstar",
        "rank",
        "--points",
        "13,10,7,5",
        "Manue=duc-1,duc-2,duc-3,duc-4,duc-5",
        "Benoit=bea-3-puck,bea-4-goal,tig-3-helmet,sha-3-skate,eag-5",
        "Carine=pan-3-puck,pen-3-goal,rab-3-helmet,hor-1,car-2",
        "Denis=hor-5,car-6,pan-7,rab-8,pen-9",
        "--json",
    )
    assert ranking(out) == [
        ("Manue", 1, 5, "species", "Ducks", 13),
        ("Benoit", 2, 3, "number", 3, 10),
        ("Carine", 2, 3, "number", 3, 10),
        ("Denis", 4, 1, "number", 9, 5),
    ]
    assert out.json["explanation"][1] == (
        "Benoit and Carine tie: both Power 3 on number 3; they share the rank"
    )
    human = cli(
        "allstar",
        "rank",
        "--points",
        "13,10,7,5",
        "Manue=duc-1,duc-2,duc-3,duc-4,duc-5",
        "Benoit=bea-3-puck,bea-4-goal,tig-3-helmet,sha-3-skate,eag-5",
        "Carine=pan-3-puck,pen-3-goal,rab-3-helmet,hor-1,car-2",
        "Denis=hor-5,car-6,pan-7,rab-8,pen-9",
    )
    assert "=2nd" in human.stdout and "+10" in human.stdout and "4th" in human.stdout


def test_bastien_and_clara_shootout(cli):
    out = cli(
        "allstar", "shootout", "--managers", "5", "Bastien=hor-3-puck", "Clara=car-2-puck", "--json"
    )
    assert out.exit_code == 0
    assert (out.json["winner"], out.json["loser"], out.json["order"]) == (
        "Clara",
        "Bastien",
        ["Clara", "Bastien"],
    )
    assert out.json["explanation"] == [
        "Clara ahead of Bastien: silver (species) Caribou beats Horses"
    ]
    four = cli(
        "allstar", "shootout", "--managers", "4", "Bastien=hor-3-puck", "Clara=car-2-puck", "--json"
    )
    assert four.json["winner"] == "Bastien"  # with 2-4 managers Number is Silver


def test_power_json_and_arena_combos(cli):
    out = cli("allstar", "power", "duc-3", "bea-4", "tig-5", "sha-6", "eag-7", "--json")
    assert out.exit_code == 0
    assert {k: out.json[k] for k in ("power", "criterion", "value", "medal", "combo")} == {
        "power": 1,
        "criterion": "number",
        "value": 7,
        "medal": "silver",
        "combo": None,
    }
    assert (
        cli(
            "allstar", "arena", "add", "Skyline", "--points", "9,7,5", "--rule", "straight"
        ).exit_code
        == 0
    )
    straight = cli("allstar", "power", "duc-3,bea-4,tig-5,sha-6,eag-7", "--arena", "sky", "--json")
    assert straight.json["combo"] == "straight"
    rainbow = cli(
        "allstar",
        "power",
        "duc-1-goal,duc-2-helmet,duc-3-puck,bea-5-skate,tig-6-stick",
        "--rule",
        "rainbow",
        "--json",
    )
    assert rainbow.json["combo"] == "rainbow"


def test_full_house_beats_power_five_in_its_arena(cli):
    teams = ["Five=pan-1,pan-2,pan-3,pan-4,pan-6", "House=duc-1,duc-2,duc-3,bea-5,tig-5"]
    plain = cli("allstar", "rank", *teams, "--json")
    assert [r["manager"] for r in plain.json["ranking"]] == ["Five", "House"]
    icon = cli("allstar", "rank", *teams, "--rule", "full-house", "--json")
    assert [r["manager"] for r in icon.json["ranking"]] == ["House", "Five"]
    assert icon.json["explanation"] == ["House ahead of Five: full-house beats any Power"]


def test_setup_json(cli):
    out = cli("allstar", "setup", "--players", "Ana,Ben,Cy", "--seed", "3", "--json")
    assert out.exit_code == 0
    data = out.json
    assert data["managers"] == ["Ana", "Ben", "Cy"]
    assert len(data["species"]) == 6 and data["draw_pile"] == 54
    assert data["tickets"] == {"Ana": 1, "Ben": 1, "Cy": 1}
    assert data["tiebreaker_face"] == "2-4"
    assert [(r["round"], r["arenas"], r["direction"], r["deal"]) for r in data["rounds"]] == [
        (1, 1, "left", 6),
        (2, 2, "right", 6),
        (3, 3, "left", 6),
    ]
    assert cli("allstar", "setup", "--players", "Ana,Ben,Cy", "--seed", "3", "--json").json == data
    duel = cli("allstar", "setup", "--players", "Ana,Ben", "--mode", "duel", "--json").json
    assert (len(duel["species"]), duel["draw_pile"], duel["tickets"]) == (
        5,
        45,
        {"Ana": 2, "Ben": 2},
    )
    # Six managers draw all twelve Species: the table names the two the defaults do not.
    assert cli("allstar", "setup", "--players", "A,B,C,D,E,F").exit_code == 2
    twelve = "Bears,Ducks,Horses,Caribou,Pandas,Tigers,Sharks,Eagles,Penguins,Rabbits,Owls,Wolves"
    assert cli("allstar", "config", "set", "species", twelve).exit_code == 0
    six = cli("allstar", "setup", "--players", "A,B,C,D,E,F", "--json").json
    assert (six["tiebreaker_face"], six["draw_pile"], six["tickets"]["F"]) == ("5-6", 108, 0)


def test_setup_removes_two_manager_arenas(cli):
    cli("allstar", "arena", "add", "Frozen Lake", "--points", "8,4,2", "--rule", "no-two-managers")
    out = cli("allstar", "setup", "--players", "Ana,Ben", "--mode", "open-market", "--json")
    assert out.json["removed_arenas"] == ["Frozen Lake"]
    assert out.json["rounds"][0]["first_chooser"] in ("Ana", "Ben")
    assert out.json["rounds"][1]["first_chooser"] == "fewest Supporters"


def test_bad_input(cli):
    five = ["duc-1", "duc-2", "duc-3", "duc-4"]
    assert_user_error(cli("allstar", "power", *five), "a team is 5 cards; got 4")
    assert_user_error(cli("allstar", "power", *five, "duc-5", "duc-6"), "got 6")
    assert_user_error(cli("allstar", "power", *five, "duc-1-goal"), "card Ducks-1 is given twice")
    assert_user_error(cli("allstar", "power", *five, "dux-5"), "did you mean Ducks?")
    assert_user_error(cli("allstar", "setup", "--players", "Ana"), "1 manager(s)")
    assert_user_error(cli("allstar", "setup", "--players", "A,B,C,D,E,F,G"), "7 manager(s)")
    assert_user_error(cli("allstar", "setup", "--players", "Ana,Ben"), "two managers need a mode")
    assert_user_error(
        cli(
            "allstar",
            "rank",
            "--points",
            "13,10",
            "--managers",
            "3",
            "A=duc-1,duc-2,duc-3,duc-4,duc-5",
        ),
        "pays 2 places (13,10) but 3 managers play",
    )
    assert_user_error(cli("allstar", "rank", "A duc-1"), "is not NAME=")
    assert_user_error(cli("allstar", "shootout", "A=duc-1", "B=duc-1-goal"), "both play")
    assert_user_error(
        cli("allstar", "best", *five, "duc-5"), "give 6 to 18 cards to choose from (got 5)"
    )
    assert_user_error(cli("allstar", "power", *five, "duc-5", "-m", "7"), "7 manager(s)")


def test_unknown_arena_needs_points_without_a_terminal(cli, db):
    out = cli("allstar", "rank", "--arena", "Igloo", "A=duc-1,duc-2,duc-3,duc-4,duc-5", "-m", "2")
    assert_user_error(out, "arena 'Igloo' is not known yet; give its Supporters with --points")
    assert not db.exists()
    first = cli(
        "allstar",
        "rank",
        "--arena",
        "Igloo",
        "--points",
        "6,3",
        "A=duc-1,duc-2,duc-3,duc-4,duc-5",
        "B=bea-1,bea-2,bea-3,bea-4,tig-5",
        "--json",
    )
    assert [r["points"] for r in first.json["ranking"]] == [6, 3]
    remembered = cli(
        "allstar", "rank", "--arena", "igl", "A=duc-1,duc-2,duc-3,duc-4,duc-5", "-m", "2", "--json"
    )
    assert remembered.json["arena"] == {"name": "Igloo", "points": [6, 3], "rules": []}


def test_arena_catalogue(cli):
    assert cli("allstar", "arena", "list", "--json").json == {"arenas": []}
    add = cli(
        "allstar", "arena", "add", "Dome", "--points", "13,10,7,5", "--rule", "unusual", "--json"
    )
    assert add.json == {
        "arena": {"name": "Dome", "points": [13, 10, 7, 5], "rules": ["unusual"]},
        "replaced": False,
    }
    assert (
        cli("allstar", "arena", "add", "dome", "--points", "12,9", "--json").json["replaced"]
        is True
    )
    assert cli("allstar", "arena", "list", "--json").json == {
        "arenas": [{"name": "dome", "points": [12, 9], "rules": []}]
    }
    assert_user_error(cli("allstar", "arena", "add", "X", "--points", "a,b"), "not whole numbers")
    assert_user_error(
        cli("allstar", "arena", "add", "X", "--points", "1", "--rule", "zz"), "no arena rule 'zz'"
    )
    assert cli("allstar", "arena", "remove", "do", "--json").json == {"removed": "dome"}
    assert_user_error(cli("allstar", "arena", "remove", "do"), "no arena 'do'")


def test_config_show_set_confirm_edit(cli, tmp_path):
    shown = cli("allstar", "config", "show", "--json").json
    assert shown["settings"]["symbols"] == {
        "value": ["goal", "helmet", "puck", "skate", "stick"],
        "status": "default",
    }
    assert shown["settings"]["numbers"]["value"] == list(range(1, 10))
    changed = cli(
        "allstar", "config", "set", "symbols", "stick,skate,puck,helmet,goal", "--json"
    ).json
    assert changed["settings"]["symbols"] == {
        "value": ["stick", "skate", "puck", "helmet", "goal"],
        "status": "confirmed",
    }
    out = cli(
        "allstar",
        "rank",
        "Nathan=duc-1-puck,bea-2-puck,tig-3-puck,sha-5,eag-7",
        "Isa=pan-1-stick,rab-2-stick,hor-3-stick,sha-6,eag-8",
        "--json",
    )
    assert out.json["ranking"][0]["manager"] == "Nathan"
    assert_user_error(
        cli("allstar", "config", "set", "numbers", "1,2,3"), "give each of 1 to 9 once"
    )
    assert_user_error(cli("allstar", "config", "set", "colours", "red"), "no setting 'colours'")
    assert_user_error(cli("allstar", "config", "edit"), "--file")
    path = tmp_path / "mine.toml"
    path.write_text('species = ["Owls", "Bears", "Moose"]\n', encoding="utf-8")
    edited = cli("allstar", "config", "edit", "--file", str(path), "--json").json
    assert edited["settings"]["species"] == {
        "value": ["Owls", "Bears", "Moose"],
        "status": "confirmed",
    }
    assert cli("allstar", "power", "owl-1,owl-2,moo-3,bea-4,bea-5", "--json").json["power"] == 2
    row = cli("allstar", "config", "set", "playoff-points", "15,13,11,9", "--json").json
    assert row["playoff_points"] == [15, 13, 11, 9]


def test_asks_once_on_a_terminal(cli, monkeypatch):
    import questionary

    import companion.games.allstar.cli.commands as allstar_cli

    asked = []

    class Answer:
        def __init__(self, text):
            asked.append(text)

        def ask(self):
            return "13,10"

    monkeypatch.setattr(allstar_cli, "on_terminal", lambda: True)
    monkeypatch.setattr(questionary, "text", Answer)
    teams = ["A=duc-1,duc-2,duc-3,duc-4,duc-5", "B=bea-1,bea-2,bea-3,bea-4,tig-5"]
    first = cli("allstar", "rank", "--arena", "Igloo", *teams, "--json")
    assert [r["points"] for r in first.json["ranking"]] == [13, 10]
    again = cli("allstar", "rank", "--arena", "Igloo", *teams, "--json")
    assert again.json["arena"]["points"] == [13, 10]
    assert asked == ["Supporters for 1st, 2nd, ... place in arena 'Igloo':"]


def test_demo_plays_a_seeded_game(cli, tmp_path):
    out = cli("demo", "allstar", "--seed", "7")
    assert out.exit_code == 0, out.stderr
    assert "wins the Play-Offs" in out.stdout and "allstar season end" in out.stdout
    assert "Magalie" in out.stdout and "Fan Zone:" in out.stdout


def test_known_arena_refuses_a_different_row(cli):
    cli("allstar", "arena", "add", "Dome", "--points", "13,10,7,5")
    teams = ["A=duc-1,duc-2,duc-3,duc-4,duc-5", "B=bea-1,bea-2,bea-3,bea-4,tig-5"]
    assert_user_error(
        cli("allstar", "rank", "--arena", "dome", "--points", "9,9", *teams),
        "arena 'Dome' already pays 13,10,7,5",
    )
    same = cli("allstar", "rank", "--arena", "dome", "--points", "13,10,7,5", *teams, "--json")
    assert [r["points"] for r in same.json["ranking"]] == [13, 10]


def test_human_output_shows_the_working(cli):
    out = cli("allstar", "power", "duc-4-goal", "bea-4-helmet", "tig-4-puck", "sha-1", "eag-7")
    assert out.exit_code == 0
    assert out.stdout == (
        "Team: Ducks-4-goal Bears-4-helmet Tigers-4-puck Sharks-1 Eagles-7\n"
        "Power 3: 3 cards share number 4 (silver criterion)\n"
        "Tie-breaker with 4 managers: number is silver; a team with several groups of its "
        "Power counts its best one\n"
    )
    shot = cli("allstar", "shootout", "-m", "5", "Bastien=hor-3-puck", "Clara=car-2-puck")
    assert shot.stdout == (
        "  Clara: Caribou-2-puck\n"
        "  Bastien: Horses-3-puck\n"
        "  Clara ahead of Bastien: silver (species) Caribou beats Horses\n"
        "Clara wins the Penalty Shot; Bastien loses it.\n"
        "note: this relies on the default species order, not confirmed from your box "
        "(see 'companion allstar config show')\n"
    )


def test_two_manager_setup_always_reminds_to_remove_arenas(cli):
    out = cli("allstar", "setup", "--players", "Ana,Ben", "--mode", "duel", "--json").json
    assert out["removed_arenas"] == []
    assert out["arena_reminder"].startswith(
        'put back in the box every Arena with the "remove for two Managers" icon'
    )
    assert "--rule no-two-managers" in out["arena_reminder"]
    text = cli("allstar", "setup", "--players", "Ana,Ben", "--mode", "duel").stdout
    assert 'Two managers: put back in the box every Arena with the "remove' in text
    cli("allstar", "arena", "add", "Frozen Lake", "--points", "8,4,2", "--rule", "no-two-managers")
    marked = cli("allstar", "setup", "--players", "Ana,Ben", "--mode", "heritage", "--json").json
    assert marked["arena_reminder"].endswith("(of the arenas entered here: Frozen Lake)")
    three = cli("allstar", "setup", "--players", "Ana,Ben,Cy", "--json").json
    assert three["arena_reminder"] is None


def test_removing_an_arena_when_none_are_entered(cli):
    out = cli("allstar", "arena", "remove", "Forum")
    assert_user_error(out, "no arena 'Forum' to remove: no arenas are entered yet")
    assert "choose from" not in out.stderr


def test_unknown_arena_hint_sizes_the_row_for_the_table(cli):
    teams = ["A=duc-1,duc-2,duc-3,duc-4,duc-5", "B=bea-1,bea-2,bea-3,bea-4,bea-5"]
    teams.append("C=hor-1,hor-2,hor-3,hor-4,hor-5")
    out = cli("allstar", "rank", "--arena", "Forum", *teams)
    assert_user_error(out, "give its Supporters with --points 13,10,7 (1st place first, 3 places")


FOUR = [
    "A=duc-1,duc-2,duc-3,duc-4,duc-5",
    "B=bea-1,bea-2,bea-3,bea-4,tig-5",
    "C=sha-1,sha-2,sha-3,eag-4,eag-6",
    "D=tig-1,tig-2,eag-1,eag-2,eag-3",
]


def test_rank_extends_a_three_manager_row_when_four_play(cli, db):
    cli("allstar", "arena", "add", "Rink", "--points", "13,10,7")
    before = db.read_bytes()
    assert_user_error(
        cli("allstar", "rank", "--arena", "rink", *FOUR),
        "give its 4th place with --points 13,10,7,N (remembered afterwards)",
    )
    assert db.read_bytes() == before
    done = cli("allstar", "rank", "--arena", "rink", "--points", "13,10,7,5", *FOUR, "--json")
    assert sorted(r["points"] for r in done.json["ranking"]) == [5, 7, 10, 13]
    assert cli("allstar", "arena", "list", "--json").json["arenas"] == [
        {"name": "Rink", "points": [13, 10, 7, 5], "rules": []}
    ]


def test_a_terminal_asks_only_the_missing_place(cli, monkeypatch):
    import questionary

    import companion.games.allstar.cli.commands as allstar_cli

    asked = []

    class Answer:
        def __init__(self, text):
            asked.append(text)

        def ask(self):
            return "4"

    cli("allstar", "arena", "add", "Rink", "--points", "13,10,7")
    monkeypatch.setattr(allstar_cli, "on_terminal", lambda: True)
    monkeypatch.setattr(allstar_cli, "_order_asker", lambda: None)  # the orders: not asked here
    monkeypatch.setattr(questionary, "text", Answer)
    done = cli("allstar", "rank", "--arena", "rink", *FOUR, "--json")
    assert sorted(r["points"] for r in done.json["ranking"]) == [4, 7, 10, 13]
    assert asked == [
        "Supporters for 1st, 2nd, ... place in arena 'Rink' "
        "(entered 13,10,7; type its 4th place, or the whole row):"
    ]
    again = cli("allstar", "rank", "--arena", "rink", *FOUR, "--json")
    assert again.json["arena"]["points"] == [13, 10, 7, 4] and len(asked) == 1
