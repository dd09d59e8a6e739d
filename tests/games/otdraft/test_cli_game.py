"""`companion otdraft game …` through the CLI."""

import json

import pytest

from companion.games.otdraft.rules.replay import replay
from companion.store import Store
from tests.conftest import assert_user_error
from tests.games.otdraft.helpers import EXAMPLE_TOML, full_deck_toml


@pytest.fixture
def full(tmp_path):
    path = tmp_path / "full.toml"
    path.write_text(full_deck_toml())
    return path


def status(cli):
    result = cli("otdraft", "game", "status", "--json")
    assert result.exit_code == 0, result.stderr
    return result.json


def start_deck(cli, full, players="Ana,Ben,Cy", seed="3"):
    result = cli(
        "otdraft", "game", "start", "--players", players, "--catalogue", str(full),
        "--seed", seed, "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    return result.json


def keep_secrets(cli):
    for player in status(cli)["players"]:
        candidates = cli("otdraft", "game", "hand", player, "--json").json["candidates"]
        assert cli("otdraft", "game", "secret", player, candidates[0]).exit_code == 0


def test_seeded_start_deals_the_same_cards(cli, full):
    payload = start_deck(cli, full)
    assert payload["seed"] == 3
    assert {k: payload[k] for k in ("round", "turn_order", "current", "phase", "deck")} == {
        "round": 1,
        "turn_order": ["Ana", "Ben", "Cy"],
        "current": "Ana",
        "phase": "secrets",
        "deck": True,
    }
    assert payload["draftline"] == ["C21", "C44", "C49", "C16", "C13"]
    assert payload["draw_pile"] == 54 - 5 - 6
    assert payload["discard"] == []
    assert payload["teams"] == {"Ana": [], "Ben": [], "Cy": []}
    assert payload["secret_held"] == {"Ana": False, "Ben": False, "Cy": False}
    assert cli("otdraft", "game", "hand", "Ana", "--json").json == {
        "player": "Ana",
        "candidates": ["C22", "C11"],
        "secret": None,
        "revealed": False,
    }


def _pick_in_store(db, now):
    """One pick through the same engine call and store update the CLI makes (faster)."""
    from companion.engine.rng import step_rng
    from companion.games.otdraft.rules.draft import pick_event, state_of

    def change(match):
        rng = step_rng(match["seed"], len(match["events"]))
        return [pick_event(state_of(match), now["current"], now["draftline"][0], rng)]

    match, _ = Store(db).update_live("otdraft", change)
    return {"id": match["id"], "players": match["players"], **state_of(match).to_json()}


def test_a_whole_seeded_draft_to_the_end(cli, full, db):
    start_deck(cli, full)
    keep_secrets(cli)
    assert status(cli)["discard"] == ["C11", "C20", "C15"]
    seen_orders = []
    now = status(cli)
    for turn in range(21):
        if now["turn_order"] not in seen_orders:
            seen_orders.append(now["turn_order"])
        if turn < 4 or turn == 20:  # the first round, a new round's start, the last turn
            picked = cli("otdraft", "game", "pick", now["current"], now["draftline"][0], "--json")
            assert picked.exit_code == 0, picked.stderr
            now = picked.json
        else:
            now = _pick_in_store(db, now)
        assert len(now["draftline"]) == (4 if now["phase"] == "over" else 5)
    assert seen_orders == [["Ana", "Ben", "Cy"], ["Cy", "Ana", "Ben"], ["Ben", "Cy", "Ana"]]
    final = status(cli)
    assert final["phase"] == "over" and final["reshuffles"] == 1
    assert all(len(team) == 7 for team in final["teams"].values())
    assert_user_error(
        cli("otdraft", "game", "pick", "Ana", final["draftline"][0]),
        "the draft is over: Ana already has 7 drafted cards",
    )
    live = Store(db).current_match("otdraft")
    ended = cli("otdraft", "game", "end", "--json")
    assert ended.exit_code == 0, ended.stderr
    payload = ended.json
    assert set(payload["scores"]) == {"Ana", "Ben", "Cy"}
    assert payload["winner"] == min(payload["ranks"], key=payload["ranks"].get)
    assert payload["details"]["Ana"]["total"] == payload["scores"]["Ana"]
    archived = Store(db).get_match(live["id"])
    assert archived["status"] == "finished"
    assert archived["result"] == replay(archived)
    assert archived["result"]["scores"] == payload["scores"]
    assert json.dumps(archived["result"])  # plain JSON


def test_refusals_write_nothing(cli, full):
    start_deck(cli, full)
    before = status(cli)
    assert_user_error(
        cli("otdraft", "game", "pick", "Ana", "C21"), "secret cards first: Ana, Ben, Cy"
    )
    assert_user_error(cli("otdraft", "game", "secret", "Ana", "C21"), "no secret candidate")
    keep_secrets(cli)
    before = status(cli)
    assert_user_error(cli("otdraft", "game", "pick", "Ben", "C21"), "it is Ana's turn, not Ben's")
    assert_user_error(cli("otdraft", "game", "pick", "Ana", "C01"), "C01 is not in the Draftline")
    assert_user_error(cli("otdraft", "game", "leftover", "Ana", "C21"), "end of the round")
    assert_user_error(cli("otdraft", "game", "turn"), "round 1 is still going")
    assert_user_error(cli("otdraft", "game", "end"), "the draft is in round 1 of 7")
    assert status(cli) == before


@pytest.mark.parametrize("players", ["Solo", "A,B,C,D,E,F"])
def test_one_or_six_players(cli, full, players):
    assert_user_error(
        cli("otdraft", "game", "start", "--players", players, "--catalogue", str(full)),
        "this needs 2 to 5",
    )
    assert_user_error(cli("otdraft", "game", "status"), "no live otdraft match")


def test_record_mode_with_the_example_catalogue(cli):
    result = cli(
        "otdraft", "game", "start", "--players", "Ana,Ben", "--first", "b",
        "--catalogue", str(EXAMPLE_TOML), "--json",
    )  # fmt: skip
    payload = result.json
    assert payload["deck"] is False and payload["draftline"] is None
    assert payload["turn_order"] == ["Ben", "Ana"]
    picked = cli("otdraft", "game", "pick", "Ben", "saul", "--json").json
    assert picked["teams"]["Ben"] == ["Saul"] and picked["current"] == "Ana"
    assert picked["event"]["data"] == {"player": "Ben", "card": "Saul", "round": 1}
    assert_user_error(cli("otdraft", "game", "pick", "Ana", "Saul"), "Saul is already Ben's")
    cli("otdraft", "game", "secret", "Ana", "Snake")
    assert cli("otdraft", "game", "reveal", "Ana").stdout.startswith(
        "Ana reveals the secret card Snake."
    )
    undone = cli("otdraft", "game", "undo", "--json").json
    assert undone["undone"]["type"] == "reveal" and undone["revealed"] == {}


def test_undo_takes_back_a_pick_and_its_refill(cli, full):
    start_deck(cli, full)
    keep_secrets(cli)
    before = status(cli)
    cli("otdraft", "game", "pick", "Ana", "C44")
    after = status(cli)
    assert after["draftline"][:4] == ["C21", "C49", "C16", "C13"]
    assert after["draw_pile"] == before["draw_pile"] - 1
    undone = cli("otdraft", "game", "undo", "--json").json
    assert undone["undone"]["type"] == "pick"
    assert status(cli) == before


def test_human_status_shows_whose_turn(cli, full):
    start_deck(cli, full)
    keep_secrets(cli)
    lines = cli("otdraft", "game", "status").stdout.splitlines()
    assert lines[1:3] == [
        "Next: Ana picks from the Draftline.",
        "Draftline: C21, C44, C49, C16, C13",
    ]
    assert lines[4] == "  Ana: — (0 cards; secret kept)"


def test_the_deal_cannot_be_undone(cli, full):
    start_deck(cli, full)
    assert_user_error(cli("otdraft", "game", "undo"), "nothing to undo: only the deal")
    assert cli("otdraft", "game", "abandon", "--json").json["status"] == "abandoned"
    assert_user_error(cli("otdraft", "game", "status"), "no live otdraft match")


def test_leftover_window_in_record_mode(cli, tmp_path):
    from companion.games.otdraft.rules.catalogue import catalogue_to_toml
    from tests.games.otdraft.helpers import full_deck

    path = tmp_path / "leftover.toml"
    path.write_text(catalogue_to_toml(full_deck(leftover_card=True)))
    cli("otdraft", "game", "start", "-p", "Ana,Ben", "--catalogue", str(path), "--no-deck")
    cli("otdraft", "game", "pick", "Ana", "C01")
    lines = cli("otdraft", "game", "pick", "Ben", "C02").stdout.splitlines()
    assert lines[:3] == [
        "Round 1: Ben drafts C02.",
        "OT Fantasy Draft " + lines[1].split()[3] + " — round 1 of 7; order Ana → Ben",
        "Round over: leftover abilities may take a Draftline card now; "
        "'turn' starts the next round.",
    ]
    assert_user_error(cli("otdraft", "game", "leftover", "Ben", "C03"), "Ben has no leftover")
    taken = cli("otdraft", "game", "leftover", "Ana", "C03", "--json").json
    assert taken["teams"]["Ana"] == ["C01", "C03"] and taken["leftovers"]["Ana"] == ["C03"]
    turned = cli("otdraft", "game", "turn", "--json").json
    assert (turned["round"], turned["current"], turned["phase"]) == (2, "Ben", "draft")
