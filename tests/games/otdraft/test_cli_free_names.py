"""A draft recorded without a catalogue: free card names, scored once they are described."""

import pytest

from companion.games.otdraft.rules.replay import replay
from companion.store import Store
from tests.conftest import assert_user_error
from tests.games.otdraft.helpers import full_deck_toml


def status(cli):
    result = cli("otdraft", "game", "status", "--json")
    assert result.exit_code == 0, result.stderr
    return result.json


def play_free_draft(cli):
    """Two players, seven rounds of C-cards by name (lower case for Ben), secrets kept."""
    started = cli("otdraft", "game", "start", "--players", "Ana,Ben", "--json")
    assert started.exit_code == 0, started.stderr
    assert started.json["free_names"] is True and started.json["deck"] is False
    cli("otdraft", "game", "secret", "Ana", "C20")
    cli("otdraft", "game", "secret", "Ben", "c21")
    number = 1
    for _ in range(7):
        for player in status_order(cli):
            card = f"C{number:02d}" if player == "Ana" else f"c{number:02d}"
            picked = cli("otdraft", "game", "pick", player, card)
            assert picked.exit_code == 0, picked.stderr
            number += 1
    return number


def status_order(cli):
    now = status(cli)
    if now["phase"] == "leftovers":  # the next round's order
        order = now["turn_order"]
        return [order[-1], *order[:-1]]
    return now["turn_order"]


def test_start_without_a_catalogue_records_free_names(cli):
    started = cli("otdraft", "game", "start", "--players", "Ana,Ben", "--json")
    assert started.exit_code == 0, started.stderr
    assert cli("otdraft", "game", "pick", "Ana", "Burning Bush").exit_code == 0
    assert_user_error(
        cli("otdraft", "game", "pick", "Ben", "burning  bush"), "Burning Bush is already Ana's"
    )
    assert_user_error(cli("otdraft", "game", "pick", "Ana", "Ark"), "it is Ben's turn")
    assert_user_error(cli("otdraft", "game", "start", "-p", "A,B", "--deck"), "--deck needs")
    done = cli("otdraft", "game", "pick", "Ben", "Ark", "--json").json
    assert done["phase"] == "leftovers"
    assert cli("otdraft", "game", "leftover", "Ana", "Manna").exit_code == 0
    assert_user_error(cli("otdraft", "game", "pick", "Ana", "Flood"), "it is Ben's turn")
    nxt = cli("otdraft", "game", "pick", "Ben", "Flood", "--json").json
    assert (nxt["round"], nxt["current"], nxt["event"]["data"]["round"]) == (2, "Ana", 2)
    assert nxt["teams"] == {"Ana": ["Burning Bush", "Manna"], "Ben": ["Ark", "Flood"]}
    assert cli("otdraft", "game", "undo", "--json").json["round"] == 1


@pytest.mark.parametrize("players", ["Solo", "A,B,C,D,E,F"])
def test_player_count_is_checked_before_the_catalogue(cli, players):
    assert_user_error(cli("otdraft", "game", "start", "--players", players), "this needs 2 to 5")
    assert_user_error(
        cli("otdraft", "game", "start", "-p", players, "--catalogue", "/no/such.toml"),
        "this needs 2 to 5",
    )


def test_end_names_the_cards_to_describe_then_scores(cli, db, tmp_path):
    play_free_draft(cli)
    assert_user_error(cli("otdraft", "game", "pick", "Ana", "C99"), "the draft is over")
    before = status(cli)
    assert before["phase"] == "over"
    assert_user_error(
        cli("otdraft", "game", "end"),
        "no card catalogue describes C01, C04",
    )
    small = tmp_path / "small.toml"
    small.write_text(full_deck_toml(15))
    assert cli("otdraft", "cards", "import", str(small)).exit_code == 0
    missing = cli("otdraft", "game", "end")
    assert_user_error(missing, "no card catalogue describes C20, c21 (hint:")
    assert "otdraft cards import FILE.toml" in missing.stderr
    assert status(cli) == before  # nothing written
    full = tmp_path / "full.toml"
    full.write_text(full_deck_toml())
    cli("otdraft", "cards", "import", str(full))
    live = Store(db).current_match("otdraft")
    ended = cli("otdraft", "game", "end", "--json")
    assert ended.exit_code == 0, ended.stderr
    payload = ended.json
    assert payload["teams"]["Ben"][0] == "C02" and payload["teams"]["Ben"][-1] == "C21"
    assert payload["details"]["Ben"]["secret"] == "C21"
    assert "catalogue" not in payload
    archived = Store(db).get_match(live["id"])
    assert archived["result"]["scores"] == payload["scores"]
    cli("otdraft", "cards", "import", str(small))  # today's catalogue no longer matters
    assert replay(archived) == archived["result"]
