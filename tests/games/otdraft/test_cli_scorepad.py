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
