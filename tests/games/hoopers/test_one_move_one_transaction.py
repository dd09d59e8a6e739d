"""Issue 21 item 4: one move is one unit of work — `hoopers match shot` without `--stat`
reads the stat it remembers, records the shot and remembers the stats it used in one
locked transaction, folding the match's log once."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games.hoopers.rules.match import MatchRules
from companion.store import Store
from companion.store.atomic import Files
from tests.conftest import assert_user_error

M = ("hoopers", "match")
TEAMS = ("--home", "Lucy", "--away", "Karl", "--home-tribe", "unleashed", "--away-tribe", "keepers")


def ok(result):
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


@pytest.fixture
def spy(monkeypatch) -> Counter:
    """Counts the store's locked transactions, reads of the main file, and match replays."""
    counts: Counter = Counter()

    def counted(name, original):
        def call(*args, **kwargs):
            counts[name] += 1
            return original(*args, **kwargs)

        return call

    monkeypatch.setattr(Store, "change", counted("transactions", Store.change))
    monkeypatch.setattr(Files, "read_main", counted("main file reads", Files.read_main))
    monkeypatch.setattr(MatchRules, "initial", counted("replays", MatchRules.initial))
    return counts


def test_a_shot_without_stat_is_one_transaction_and_one_replay(cli, spy):
    ok(cli(*M, "start", *TEAMS, "--first", "Lucy", "--seed", "4"))
    ok(cli(*M, "shot", "Lucy", "2ps", "--hooper", "Muy", "--stat", "55", "--roll", "100"))
    ok(cli(*M, "turn"))
    ok(cli(*M, "turn"))
    spy.clear()
    shot = ok(cli(*M, "shot", "Lucy", "2ps", "--hooper", "Muy", "--roll", "5", "--json")).json
    assert spy == {"transactions": 1, "replays": 1, "main file reads": 1}
    assert (shot["target"], shot["total_points"]) == (55, 2)
    # What the move did is said once, in the match the command returns.
    assert shot["match"]["notes"] == ["Muy Schillato (Lucy) scores 2"]


def test_a_new_stat_is_remembered_in_the_same_transaction(cli, spy):
    ok(cli(*M, "start", *TEAMS, "--first", "Lucy", "--seed", "4"))
    spy.clear()
    ok(cli(*M, "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "70", "--roll", "100"))
    assert spy["transactions"] == 1
    ok(cli(*M, "turn"))
    ok(cli(*M, "turn"))
    again = ok(cli(*M, "shot", "Lucy", "3ps", "--hooper", "Muy", "--roll", "5", "--json")).json
    assert again["target"] == 70


def test_a_shot_with_no_stat_known_writes_nothing(cli, db):
    ok(cli(*M, "start", *TEAMS, "--first", "Lucy", "--seed", "4"))
    before = db.read_bytes()
    assert_user_error(
        cli(*M, "shot", "Lucy", "lup", "--hooper", "Muy"),
        "no LUP given yet for Muy Schillato (Lucy) in this match",
    )
    assert db.read_bytes() == before


def test_owed_free_throws_refuse_the_next_move_without_a_prompt(cli, db, monkeypatch):
    # The table says what is owed; the command line refuses the move (exit 2) rather
    # than opening a prompt in the middle of it.
    from companion.ui import terminal

    monkeypatch.setattr(terminal.on_terminal, "__code__", (lambda: True).__code__)
    ok(cli(*M, "start", *TEAMS, "--first", "Lucy", "--seed", "4"))
    ok(cli(*M, "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "70", "--defense", "30",
           "--defender", "Edd", "--face", "whistle", "--roll", "100", "--json"))  # fmt: skip
    before = db.read_bytes()
    assert_user_error(cli(*M, "turn"), "3 free throw(s) owed to Muy Schillato")
    assert db.read_bytes() == before


def test_a_cards_energy_given_in_a_match_is_one_transaction(cli, spy):
    # Issue 22: the move and the catalogue entry that remembers the card's energy are
    # written together, or (refused) neither.
    ok(cli(*M, "start", *TEAMS, "--first", "Lucy", "--seed", "4"))
    spy.clear()
    given = ok(cli(*M, "energy", "Karl", "Edd", "--max", "4", "--json")).json
    assert spy == {"transactions": 1, "replays": 1, "main file reads": 1}
    assert given["hoopers"]["Karl"]["Edd Trapp"]["energy"] == {"now": 4, "max": 4}
    refused = cli(*M, "energy", "Karl", "Hector", "9", "--max", "5")
    assert_user_error(refused, "at most 5 energy, not 9")
    catalogue = ok(cli("hoopers", "energy", "--json")).json["energy"]
    assert list(catalogue) == ["Edd Trapp"]  # Hector's 5 was not kept
