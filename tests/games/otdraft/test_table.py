"""The draft's table: the common status core, the scoreboard, abandon, undo under the lock,
watch, and the protocol fold."""

from __future__ import annotations

import pytest

from companion.engine.errors import NothingToUndo
from companion.engine.events import event, play, replay
from companion.games.otdraft.rules.draft import RULES, state_of
from companion.games.otdraft.table import DraftTable
from companion.store import Store
from companion.tables import table_for
from tests.conftest import assert_user_error
from tests.games.otdraft.helpers import EXAMPLE_TOML, example_catalogue, full_deck, full_deck_toml

CORE = {"id", "game", "status", "players", "scores", "next"}


@pytest.fixture
def full(tmp_path):
    path = tmp_path / "full.toml"
    path.write_text(full_deck_toml())
    return path


def start_deck(cli, full, players="Ana,Ben,Cy"):
    started = cli(
        "otdraft", "game", "start", "-p", players, "--catalogue", str(full), "--seed", "3",
        "--json",
    )  # fmt: skip
    assert started.exit_code == 0, started.stderr
    for player in started.json["players"]:
        candidates = cli("otdraft", "game", "hand", player, "--json").json["candidates"]
        assert cli("otdraft", "game", "secret", player, candidates[0]).exit_code == 0
    return started.json


def test_status_json_has_the_common_core_and_the_drafts_own_keys(cli, full):
    started = start_deck(cli, full)
    assert set(started) >= CORE and started["status"] == "live"
    cli("otdraft", "game", "pick", "Ana", "C21")
    now = cli("otdraft", "game", "status", "--json").json
    assert set(now) >= CORE
    assert (now["game"], now["status"], now["players"]) == ("otdraft", "live", ["Ana", "Ben", "Cy"])
    assert now["scores"] == {"Ana": 21 % 11, "Ben": 0, "Cy": 0}  # C21: 10 starting points
    assert now["next"] == "Ben picks (round 1, turn 2 of 3)"
    for key in ("round", "turn_order", "current", "phase", "draftline", "teams", "secret_held"):
        assert key in now
    # every move answers with the same document plus the event
    moved = cli("otdraft", "game", "pick", "Ben", "C44", "--json").json
    assert set(moved) >= CORE and moved["event"]["type"] == "pick"


def test_running_scores_count_only_what_the_table_can_see(cli):
    """The scoreboard scores drafted cards and a *revealed* secret card, never a hidden one."""
    cli("otdraft", "game", "start", "-p", "Ana,Ben", "--catalogue", str(EXAMPLE_TOML))
    cli("otdraft", "game", "pick", "Ana", "Saul")
    cli("otdraft", "game", "secret", "Ana", "Music")
    hidden = cli("otdraft", "game", "status", "--json").json
    assert hidden["scores"] == {"Ana": 8, "Ben": 0}  # Saul alone: the pair bonus is missing
    lines = cli("otdraft", "game", "status").stdout.splitlines()
    assert "  Ana: Saul (1 card; secret kept) — 8 points" in lines
    cli("otdraft", "game", "reveal", "Ana")
    shown = cli("otdraft", "game", "status", "--json").json
    assert shown["scores"] == {"Ana": 8 + 2 + 4, "Ben": 0}  # Music: 2 + 4 for Saul, a Leader


def test_scores_are_unknown_without_a_catalogue(cli):
    cli("otdraft", "game", "start", "-p", "Ana,Ben")
    cli("otdraft", "game", "pick", "Ana", "Ark")
    now = cli("otdraft", "game", "status", "--json").json
    assert now["scores"] == {"Ana": None, "Ben": None}
    assert (
        "  Ana: Ark (1 card; no secret yet) — score -"
        in cli("otdraft", "game", "status").stdout.splitlines()
    )


def test_watch_once_json_has_per_player_scores(cli, full):
    start_deck(cli, full)
    cli("otdraft", "game", "pick", "Ana", "C21")
    watched = cli("watch", "--once", "--json", "--game", "otdraft")
    assert watched.exit_code == 0, watched.stderr
    assert watched.json == cli("otdraft", "game", "status", "--json").json
    assert watched.json["scores"] == {"Ana": 10, "Ben": 0, "Cy": 0}


def test_watch_once_draws_the_scoreboard(cli, full):
    start_deck(cli, full)
    cli("otdraft", "game", "pick", "Ana", "C21")
    frame = cli("watch", "--once", "--game", "otdraft")
    assert frame.exit_code == 0, frame.stderr
    text = frame.stdout
    assert "round 1 of 7; order Ana → Ben → Cy" in text
    assert "Draftline: C44, C49, C16, C13," in text
    assert "Ana: C21 (1 card; secret kept) — 10 points" in text
    assert "next: Ben picks (round 1, turn 2 of 3)" in text


def test_abandon_keeps_the_draft_in_history(cli, full):
    start_deck(cli, full)
    cli("otdraft", "game", "pick", "Ana", "C21")
    live = cli("otdraft", "game", "status", "--json").json
    done = cli("otdraft", "game", "abandon", "--json")
    assert done.exit_code == 0
    assert (done.json["id"], done.json["status"]) == (live["id"], "abandoned")
    assert cli("otdraft", "game", "abandon").exit_code == 2  # nothing live any more
    listed = cli("history", "list", "--game", "otdraft", "--json").json["matches"]
    assert [(m["id"], m["status"]) for m in listed] == [(live["id"], "abandoned")]
    assert_user_error(cli("otdraft", "game", "status"), "no live otdraft match")


def test_end_is_refused_while_the_draft_runs_and_writes_nothing(cli, full, db):
    start_deck(cli, full)
    before = Store(db).current_match("otdraft")
    assert_user_error(cli("otdraft", "game", "end"), "the draft is in round 1 of 7")
    assert Store(db).current_match("otdraft")["events"] == before["events"]


def test_undo_is_decided_inside_the_lock_on_the_freshest_log(db, monkeypatch):
    """A face that saw an undoable move must not undo the deal that another terminal
    left last: the check runs under the store's lock, on the match as it is then."""
    from filelock import FileLock, Timeout

    store = Store(db)
    table = DraftTable(store)
    table.start("Ana,Ben", catalogue=full_deck(), deck=True, seed=3)
    table.secret("Ana", table.hand("Ana").candidates[0])
    seen = table.current()  # this face sees a secret card it could undo
    assert seen["events"][-1]["type"] == "secret"

    held = []
    check = DraftTable.check_undo

    def spy(self, match):
        try:
            FileLock(str(db) + ".lock", timeout=0).acquire()
            held.append(False)
        except Timeout:
            held.append(True)
        return check(self, match)

    monkeypatch.setattr(DraftTable, "check_undo", spy)
    DraftTable(Store(db)).undo()  # another terminal takes the secret back first
    with pytest.raises(NothingToUndo, match="only the deal is recorded"):
        table.undo()
    assert held == [True, True]
    assert [e["type"] for e in table.current()["events"]] == ["deal"]


def test_undo_of_a_step_refuses_when_another_terminal_moved(db):
    table = DraftTable(Store(db))
    table.start("Ana,Ben", catalogue=full_deck(), deck=True, seed=3)
    mine = table.secret("Ana", table.hand("Ana").candidates[0]).event
    table.secret("Ben", table.hand("Ben").candidates[0])  # elsewhere, meanwhile
    with pytest.raises(NothingToUndo, match="changed in another terminal"):
        table.undo(expected=[mine])
    assert len(table.current()["events"]) == 3


def test_table_for_finds_the_draft_table(db):
    assert isinstance(table_for(Store(db), "otdraft"), DraftTable)


def test_the_engine_folds_through_the_shared_protocol():
    """`play` records moves (validated, the cards drawn written in); `replay` folds the
    stored events back to the same state; the old `state_of` is that replay."""
    catalogue = full_deck()
    match = {
        "players": ["Ana", "Ben"],
        "options": {"first": "Ana", "deck": True, "catalogue": catalogue.to_raw()},
        "seed": 4,
        "events": [],
    }
    dealt = play(RULES, match, [event("deal")])
    match["events"] = dealt.events
    state = dealt.state
    moves = [event("secret", player=p, card=state.candidates[p][0]) for p in ("Ana", "Ben")]
    moves.append(event("pick", player="a", card=state.draftline[0]))
    played = play(RULES, match, moves)
    assert played.events[-1]["data"]["player"] == "Ana"  # the stored event is completed
    assert "ops" in played.events[-1]["data"]
    match["events"] = [*match["events"], *played.events]
    assert replay(RULES, match).to_json() == played.state.to_json()
    assert state_of(match).to_json() == played.state.to_json()


def test_a_match_started_without_options_still_folds():
    state = RULES.initial({"players": ["Ana", "Ben"], "options": {}, "events": []})
    assert (state.first, state.deck, state.catalogue) == ("Ana", False, None)


def test_the_deal_is_refused_as_a_move_once_dealt():
    from companion.engine.errors import RuleViolation

    match = {
        "players": ["Ana", "Ben"],
        "options": {"first": "Ana", "deck": True, "catalogue": example_catalogue().to_raw()},
        "seed": 1,
        "events": [],
    }
    match["events"] = play(RULES, match, [event("deal")]).events
    with pytest.raises(RuleViolation, match="dealt already"):
        play(RULES, match, [event("deal")])
