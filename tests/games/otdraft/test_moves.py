"""Issue 40 for the OT Fantasy Draft: the legal-moves query (`DraftRules.moves`, the
table's commands, guided play's lists and refusals, Tab), a whole dealt draft walked.

"On each player's turn they will: 1. Take (draft) a card from the Draftline." and "Each
player keeps one card and discards the other. The selected card is kept secret."
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from companion.engine.errors import CompanionError
from companion.engine.events import event, play, replay
from companion.engine.moves import Move, from_json, legal
from companion.games.otdraft.rules.draft import RULES
from companion.games.otdraft.rules.scoring import ROUNDS
from tests.games.otdraft.helpers import full_deck, full_deck_toml
from tests.test_completion_values import offered

PLAYERS = ["Ana", "Ben", "Cy"]


def dealt(seed: int, players=PLAYERS) -> dict:
    """A draft the companion deals from a 54-card deck whose C01 takes a leftover."""
    options = {"first": players[0], "deck": True, "catalogue": full_deck(54, True).to_raw()}
    blank = {"id": "m", "players": list(players), "options": options, "seed": seed, "events": []}
    blank["events"] = play(RULES, blank, [event("deal")]).events
    return blank


def secrets_seen_by_others(answer, state) -> list[str]:
    """Each player's unrevealed secret card (or, before it is kept, the two dealt) found in
    a move, label, command or reason that is not that player's own."""
    found = []
    for owner in state.players:
        if owner in state.revealed:
            continue
        hidden = [state.secrets[owner]] if owner in state.secrets else state.candidates[owner]
        moves = [*answer.moves, *(r.move for r in answer.not_legal)]
        why = {id(r.move): r.why for r in answer.not_legal}
        for move in moves:
            if move.who == owner:
                continue
            shown = json.dumps(move.to_json()) + move.words + why.get(id(move), "")
            found += [f"{owner}'s {card} in {move.words}" for card in hidden if card in shown]
    return found


@pytest.mark.parametrize("seed", [1, 7, 42])
def test_a_whole_dealt_draft_offers_only_what_the_rules_accept(seed):
    match, pick = dealt(seed), random.Random(seed)
    kinds: set[str] = set()
    refusals: set[str] = set()
    while True:
        state = replay(RULES, match)
        answer = legal(RULES, match, state=state)
        assert secrets_seen_by_others(answer, state) == []
        for move in answer.moves:  # every offered move is accepted, on a copy
            play(RULES, copy.deepcopy(match), [move.event(move.samples())])
            sent, _ = from_json(json.loads(json.dumps(move.to_json())), PLAYERS)
            assert answer.find(sent) == move  # a page sends it back as plain values
            for ask in move.asks:  # and with each of its choices
                for choice in ask.choices:
                    play(RULES, copy.deepcopy(match), [move.event({ask.name: choice})])
        for refused in pick.sample(answer.not_legal, min(6, len(answer.not_legal))):
            with pytest.raises(CompanionError) as err:
                play(RULES, copy.deepcopy(match), [refused.move.event(refused.move.samples())])
            assert err.value.line() == refused.why
            refusals.add(refused.why.split(" ")[0])
        if not answer.moves:
            break
        chosen = pick.choice(answer.moves)
        kinds.add(chosen.kind)
        match["events"] += play(RULES, match, [chosen.event(chosen.samples())]).events
    assert state.is_draft_over and len(state.secrets) == len(PLAYERS)
    assert all(len(state.drafted[p]) == ROUNDS for p in PLAYERS)
    assert {"secret", "pick", "reveal"} <= kinds
    assert {"it", "secret"} <= refusals  # out of turn; a pick before the secret cards


def test_the_secret_cards_come_first_and_are_only_their_owners():
    match = dealt(1)
    state = replay(RULES, match)
    answer = legal(RULES, match, state=state)
    assert answer.labels() == ["Ana keeps a secret card", "Ben keeps a secret card",
                               "Cy keeps a secret card"]  # fmt: skip
    ana = answer.moves[0]
    assert ana.what == {"player": "Ana"} and ana.asks[0].choices == tuple(state.candidates["Ana"])
    first = state.draftline[0]
    assert answer.why_not(Move("pick", "Ana", {"player": "Ana", "card": first})) == (
        "secret cards first: Ana, Ben, Cy still to keep one of two"
    )
    assert [m.who for m in legal(RULES, match, "Ben").moves] == ["Ben"]


def test_a_pick_is_offered_to_the_player_whose_turn_it_is_for_each_draftline_card():
    match = dealt(1)
    for player in PLAYERS:
        keep = replay(RULES, match).candidates[player][0]
        match["events"] += play(RULES, match, [event("secret", player=player, card=keep)]).events
    state = replay(RULES, match)
    answer = legal(RULES, match, state=state)
    reveals = [f"{p} reveals the secret card" for p in PLAYERS]
    assert answer.labels() == [*(f"Ana takes {c}" for c in state.draftline), *reveals]
    assert answer.why_not(Move("pick", "Ben", {"player": "Ben", "card": state.draftline[0]})) == (
        "it is Ana's turn, not Ben's (round 1, turn 1 of 3)"
    )
    assert answer.why_not(Move("turn")) == (
        "round 1 is still going: it is Ana's turn (3 turn(s) to go)"
    )


def test_the_shared_screen_never_shows_a_dealt_secret_card(cli, tmp_path):
    """`companion moves` on the table's one screen: each player's secret move asks the card
    (CARD), its two choices only in that player's own move, never in a command."""
    path = tmp_path / "deck.toml"
    path.write_text(full_deck_toml())
    cli("otdraft", "game", "start", "-p", "Ana,Ben", "--catalogue", str(path), "--seed", "3")
    shown = cli("moves", "otdraft")
    assert shown.exit_code == 0, shown.stderr
    assert shown.stdout.splitlines()[1:3] == [  # each one's own: asked with their name
        "  Ana: Ana's own moves (secret)  →  companion moves --player Ana",
        "  Ben: Ben's own moves (secret)  →  companion moves --player Ben",
    ]
    assert cli("moves", "otdraft", "--json").json["private"] == ["Ana", "Ben"]
    for player in ("Ana", "Ben"):
        dealt = cli("otdraft", "game", "hand", player, "--json").json["candidates"]
        assert not any(card in shown.stdout for card in dealt)
        own = cli("moves", "otdraft", "--player", player, "--json").json["moves"][0]["move"]
        assert own["asks"][0]["choices"] == dealt and "default" not in own["asks"][0]


# --- the table, the CLI and Tab ---------------------------------------------------------


@pytest.fixture
def deck(cli, tmp_path):
    """A dealt two-player draft (seed 3) with every secret card kept."""
    path = tmp_path / "deck.toml"
    path.write_text(full_deck_toml())
    started = cli("otdraft", "game", "start", "-p", "Ana,Ben", "--catalogue", str(path),
                  "--seed", "3")  # fmt: skip
    assert started.exit_code == 0, started.stderr
    for player in ("Ana", "Ben"):
        keep = cli("otdraft", "game", "hand", player, "--json").json["candidates"][0]
        assert cli("otdraft", "game", "secret", player, keep).exit_code == 0
    return cli("otdraft", "game", "status", "--json").json["draftline"]


def test_the_cli_refusal_is_the_rule_then_what_is_legal_now(cli, db, deck):
    before = db.read_bytes()
    refused = cli("otdraft", "game", "pick", "Ben", deck[0])
    assert (refused.exit_code, refused.stdout) == (2, "")
    takes = ", ".join(f"Ana takes {c}" for c in deck)
    assert refused.stderr == (
        f"error: it is Ana's turn, not Ben's (round 1, turn 1 of 2); legal now: {takes}, "
        "Ana reveals the secret card, Ben reveals the secret card\n"
    )
    assert db.read_bytes() == before


def test_moves_gives_each_move_its_command_and_the_command_makes_it(cli, deck):
    shown = cli("moves", "otdraft", "--player", "Ana", "--json")
    assert shown.exit_code == 0, shown.stderr
    commands = [m["command"] for m in shown.json["moves"]]
    assert commands == [
        *(f"companion otdraft game pick Ana {c}" for c in deck),
        "companion otdraft game reveal Ana",
    ]
    assert cli(*commands[2].split()[1:]).exit_code == 0
    assert cli("otdraft", "game", "status", "--json").json["teams"]["Ana"] == [deck[2]]


def test_a_free_name_draft_asks_the_card_and_offers_the_pick(cli):
    assert cli("otdraft", "game", "start", "--players", "Ana,Ben").exit_code == 0
    shown = cli("moves", "otdraft", "--player", "Ana", "--json").json["moves"]
    pick = next(m for m in shown if m["move"]["kind"] == "pick")
    assert pick["command"] == "companion otdraft game pick Ana CARD"
    assert pick["move"]["asks"] == [{"name": "card", "label": "the card taken", "type": "text"}]


def test_tab_offers_the_draftline_first(monkeypatch, capsys, cli, db, deck):
    cards = offered(monkeypatch, capsys, db, "companion otdraft game pick Ana ")
    assert cards[: len(deck)] == deck and len(cards) == 54
    assert offered(monkeypatch, capsys, db, "companion otdraft game pick ") == ["Ana", "Ben"]


# --- guided play -------------------------------------------------------------------------


def test_guided_play_lists_the_legal_cards_and_refuses_with_the_rules_words(cli, scripted, deck):
    shown = " / ".join([*deck, "reveal", "stop"])
    scripted.answer(f"Round 1, turn 1 of 2: Ana drafts? [{shown}]", "C54")
    scripted.expect(f"C54 is not in the Draftline ({', '.join(deck)})")
    scripted.send("\x15" + deck[1] + "\r")
    scripted.expect(f"Ana drafts {deck[1]}")
    scripted.answer("Round 1, turn 2 of 2: Ben drafts?", "stop")
    assert scripted.run("otdraft", "play").exit_code == 0
    assert cli("otdraft", "game", "status", "--json").json["teams"]["Ana"] == [deck[1]]


def test_a_pick_without_its_player_is_the_turns_player(cli, deck):
    """What the query can infer is not asked: only the player whose turn it is may pick."""
    taken = cli("otdraft", "game", "pick", deck[3], "--json")
    assert taken.exit_code == 0, taken.stderr
    assert taken.json["event"]["data"]["player"] == "Ana" and taken.json["teams"]["Ana"] == [
        deck[3]
    ]


def test_a_pick_without_its_player_before_the_secret_cards_says_why(cli, tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text(full_deck_toml())
    cli("otdraft", "game", "start", "-p", "Ana,Ben", "--catalogue", str(path), "--seed", "3")
    refused = cli("otdraft", "game", "pick", "C01")
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert refused.stderr == (
        "error: secret cards first: Ana, Ben still to keep one of two; legal now: Ana's own "
        "moves, Ben's own moves\n"  # the two cards dealt are each one's own: not on this screen
    )


def test_a_secret_card_chosen_on_a_page_is_made_by_its_owner_only(cli, db, tmp_path):
    """What a phone sends: the secret move with the card filled in, by its owner."""
    from companion.engine.errors import NotYourMove
    from companion.store import Store
    from companion.tables import table_for

    path = tmp_path / "deck.toml"
    path.write_text(full_deck_toml())
    cli("otdraft", "game", "start", "-p", "Ana,Ben", "--catalogue", str(path), "--seed", "3")
    table = table_for(Store(db), "otdraft")
    answer = table.legal("Ana")
    secret = answer.moves[0]
    second = secret.asks[0].choices[1]
    with pytest.raises(NotYourMove):
        table.make(secret, {"card": second}, seen=answer.seen, by="Ben")
    table.make(secret, {"card": second}, seen=answer.seen, by="Ana")
    assert cli("otdraft", "game", "hand", "Ana", "--json").json["secret"] == second
