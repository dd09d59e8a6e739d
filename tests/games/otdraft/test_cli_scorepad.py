"""A draft of cards no catalogue describes ends with the table's scorepad totals (issue 32)."""

from companion.games.otdraft.rules.replay import replay
from companion.store import Store
from tests.conftest import assert_user_error
from tests.games.otdraft.helpers import full_deck_toml
from tests.games.otdraft.test_cli_free_names import play_free_draft, status


def test_a_whole_draft_of_unknown_cards_ends_with_the_scorepad(cli, db):
    play_free_draft(cli)  # Ana and Ben, seven rounds of C-cards nobody described
    refused = cli("otdraft", "game", "end")
    assert_user_error(refused, "cannot score yet: no card catalogue describes C01")
    assert "--total Ana=POINTS --total Ben=POINTS" in refused.stderr  # how, exactly
    assert "otdraft cards" in refused.stderr
    live = Store(db).current_match("otdraft")
    ended = cli("otdraft", "game", "end", "--total", "Ana=41", "--total", "Ben=38", "--json")
    assert ended.exit_code == 0, ended.stderr
    doc = ended.json
    assert (doc["scores"], doc["winner"], doc["tied"]) == ({"Ana": 41, "Ben": 38}, "Ana", [])
    assert doc["ranks"] == {"Ana": 1, "Ben": 2} and doc["scored_by"] == "scorepad"
    assert doc["teams"]["Ben"][-1] == "c21" and len(doc["teams"]["Ana"]) == 8
    assert doc["status"] == "finished" and doc["details"] == {}
    archived = Store(db).get_match(live["id"])
    assert archived["result"]["scores"] == {"Ana": 41, "Ben": 38}
    assert replay(archived) == archived["result"]
    assert cli("otdraft", "game", "status").exit_code == 2  # no live draft any more
    shown = cli("history", "show", live["id"], "--json").json
    assert shown["result"]["winner"] == "Ana"


def test_a_tie_on_the_totals_goes_to_the_player_who_took_a_turn_most_recently(cli):
    play_free_draft(cli)  # round 7's order: Ana, Ben (Ana started round 1 of 2 players)
    assert status(cli)["turn_order"] == ["Ana", "Ben"]
    ended = cli("otdraft", "game", "end", "--total", "ana=40", "--total", "Ben=40")
    assert ended.exit_code == 0, ended.stderr
    assert "Tie on 40: Ben, Ana; Ben took a turn most recently and wins." in ended.stdout
    assert "Totals from the table's scorepad:" in ended.stdout


def test_bad_totals_are_refused_with_nothing_stored(cli):
    play_free_draft(cli)
    before = status(cli)
    for totals, fragment in [
        (["Ana=41"], "no total for Ben"),
        (["Ana=41", "Zed=3"], "no player 'Zed'"),
        (["Ana=41", "Ben=lots"], "Ben's total 'lots' is not a whole number"),
        (["Ana=41", "Ben=38.5"], "is not a whole number"),
        (["Ana=41", "Ben=-2"], "a team scores 0 points or more"),
        (["Ana=41", "Ana=40", "Ben=3"], "Ana's total is given twice"),
        (["Ana:41", "Ben=3"], "'Ana:41' is not NAME=POINTS"),
    ]:
        args = [a for t in totals for a in ("--total", t)]
        assert_user_error(cli("otdraft", "game", "end", *args), fragment)
        assert_user_error(cli("otdraft", "game", "end", *args, "--json"), fragment)
    assert status(cli) == before  # still live, nothing written


def test_totals_before_round_seven_are_refused(cli):
    cli("otdraft", "game", "start", "--players", "Ana,Ben")
    assert_user_error(
        cli("otdraft", "game", "end", "--total", "Ana=1", "--total", "Ben=2"), "round 1 of 7"
    )


def test_the_scorepad_wins_over_the_catalogue_and_both_are_shown(cli, tmp_path):
    full = tmp_path / "full.toml"
    full.write_text(full_deck_toml())
    play_free_draft(cli)
    cli("otdraft", "cards", "import", str(full))  # now the catalogue can score them too
    counted = cli("otdraft", "game", "end", "--json", "--total", "Ana=1", "--total", "Ben=2")
    assert counted.exit_code == 0, counted.stderr
    doc = counted.json
    assert doc["scores"] == {"Ana": 1, "Ben": 2} and doc["winner"] == "Ben"
    for player, team in doc["teams"].items():  # the catalogue's count, as `score` gives it
        alone = cli("otdraft", "score", *team[:-1], "--secret", team[-1], "--json").json
        assert doc["companion_scores"][player] == alone["total"] != doc["scores"][player]
    assert set(doc["details"]) == {"Ana", "Ben"}


def test_the_terminal_output_shows_both_counts_when_they_differ(cli, tmp_path):
    full = tmp_path / "full.toml"
    full.write_text(full_deck_toml())
    play_free_draft(cli)
    cli("otdraft", "cards", "import", str(full))  # now the catalogue can score them too
    ended = cli("otdraft", "game", "end", "--total", "Ana=1", "--total", "Ben=2")
    assert ended.exit_code == 0, ended.stderr
    assert "Totals from the table's scorepad (the companion counts differently):" in ended.stdout
    assert "1. Ben 2 (the companion counts " in ended.stdout


def test_a_card_described_with_cards_add_is_remembered_and_scores(cli):
    added = cli(
        "otdraft", "cards", "add", "Burning Bush", "--category", "thing", "--points", "4",
        "--rules", '{ each = "category:Thing", points = 1 }', "--json",
    )  # fmt: skip
    assert added.exit_code == 0, added.stderr
    assert added.json["category"] == "Thing" and added.json["points"] == 4
    shown = cli("otdraft", "cards", "show", "burn", "--json").json
    assert shown["rules_text"] and shown["name"] == "Burning Bush"
    assert_user_error(
        cli("otdraft", "cards", "add", "Ark", "-c", "Boat", "--points", "3"), "no category 'Boat'"
    )
    assert_user_error(
        cli("otdraft", "cards", "add", "Ark", "-c", "Thing", "--points", "3", "--rules", "{ x"),
        "not in the card language",
    )
    assert_user_error(
        cli("otdraft", "cards", "add", "Ark", "-c", "Thing", "--points", "3",
            "--rules", '{ destroy = ["Goliath"] }'),
        "no card in the catalogue",
    )  # fmt: skip
    assert cli("otdraft", "cards", "list", "--json").json["cards"][0]["name"] == "Burning Bush"
    assert len(cli("otdraft", "cards", "list", "--json").json["cards"]) == 1


def test_each_player_types_their_own_total_and_the_last_one_files_the_draft(cli, db):
    # "After the end of the 7th round, players add their secret card to their Drafted Team
    # and proceed to score their hand": each types their team's total (a phone's move, or
    # `game total` here); the last one in files the draft, as `end --total` would.
    play_free_draft(cli)
    live = Store(db).current_match("otdraft")
    ana = cli("moves", "--player", "Ana", "--json").json
    totals = [m for m in ana["moves"] if m["move"]["kind"] == "total"]
    assert totals == [
        {
            "move": {
                "kind": "total",
                "who": "Ana",
                "what": {"player": "Ana"},
                "asks": [
                    {
                        "name": "points",
                        "label": "Ana's team total (the scorepad's points)",
                        "type": "int",
                        "min": 0,
                    }
                ],
                "confirm": True,
            },
            "label": "Ana types the team's total",
            "command": "companion otdraft game total Ana POINTS",
        }
    ]
    typed = cli("otdraft", "game", "total", "Ana", "41")
    assert typed.exit_code == 0, typed.stderr
    assert typed.stdout.startswith("Ana's total is in.\n")
    assert "41" not in typed.stdout  # Ana's until every total is in
    now = status(cli)
    assert (now["totals_typed"], now["scores"]) == (["Ana"], {"Ana": None, "Ben": None})
    assert now["next"] == (
        "Ben to type the team's total ('companion otdraft game total PLAYER POINTS'); "
        "the draft is filed when the last is in"
    )
    assert [m["label"] for m in cli("moves", "--json").json["moves"]][:1] == [
        "Ben types the team's total"
    ]
    assert_user_error(
        cli("otdraft", "game", "total", "Ana", "40"), "Ana's total is in already (41): undo"
    )
    assert_user_error(cli("otdraft", "game", "total", "Ben", "--", "-3"), "a team scores 0 points")
    filed = cli("otdraft", "game", "total", "Ben", "38", "--json")
    assert filed.exit_code == 0, filed.stderr
    doc = filed.json
    assert (doc["status"], doc["scores"], doc["winner"]) == (
        "finished",
        {"Ana": 41, "Ben": 38},
        "Ana",
    )
    assert doc["scored_by"] == "scorepad"
    archived = Store(db).get_match(live["id"])
    assert [e["data"] for e in archived["events"][-2:]] == [
        {"player": "Ana", "points": 41},
        {"player": "Ben", "points": 38},
    ]
    assert replay(archived) == archived["result"]  # the totals replay from the log
    assert cli("otdraft", "game", "status").exit_code == 2  # filed: no live draft


def test_end_takes_the_totals_typed_so_far_and_the_rest_from_the_command(cli, db):
    play_free_draft(cli)
    assert cli("otdraft", "game", "total", "Ben", "38").exit_code == 0
    assert_user_error(cli("otdraft", "game", "end"), "no total for Ana")
    ended = cli("otdraft", "game", "end", "--total", "Ana=41", "--json")
    assert ended.exit_code == 0, ended.stderr
    assert ended.json["scores"] == {"Ana": 41, "Ben": 38}


def test_a_total_before_the_draft_is_over_is_refused(cli):
    cli("otdraft", "game", "start", "--players", "Ana,Ben")
    assert_user_error(cli("otdraft", "game", "total", "Ana", "12"), "round 1 of 7")
