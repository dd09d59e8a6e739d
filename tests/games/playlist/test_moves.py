"""Issue 40 for All Stars Playlist: the legal-moves query of a game (the table's cards and
the companion's deck) and of a solo run; the table's commands, guided play's lists and
refusals, Tab.

"Each player takes 2 assignment cards, 2 music cards and 2 action cards and does not show
these to the other players." — a hand is only ever in its owner's moves.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from companion.engine.errors import CompanionError
from companion.engine.events import play, replay
from companion.engine.moves import from_json
from companion.games.playlist.rules.game import RULES
from companion.store import Store
from companion.tables import table_for
from tests.games.playlist.test_solo_cli import fill_catalogue
from tests.test_completion_values import offered

P1, P2 = "pop/1/love+piano+ballad/p1", "pop/2/love+dancing+feel-good/p2"


def hands_seen_by_others(answer, state) -> list[str]:
    """A card of a player's hand found in another player's move, label or reason."""
    found = []
    why = {id(r.move): r.why for r in answer.not_legal}
    moves = [*answer.moves, *(r.move for r in answer.not_legal)]
    for owner, hand in state.deck.hands.items():
        for move in (m for m in moves if m.who != owner):
            shown = json.dumps(move.to_json()) + move.words + why.get(id(move), "")
            found += [
                f"{owner}'s {c.name()} in {move.words}"
                for c in hand
                if c.name() in shown or json.dumps(c.to_dict()) in shown
            ]
    return found


@pytest.fixture
def dealt(cli, db, tmp_path):
    """A three-player game dealt by the companion from a catalogue of 80 music cards."""
    fill_catalogue(cli, tmp_path)
    started = cli("playlist", "game", "start", "-p", "Ana,Ben,Cy", "--first", "Ana", "--deck",
                  "--seed", "4")  # fmt: skip
    assert started.exit_code == 0, started.stderr
    return table_for(Store(db), "playlist")


@pytest.mark.parametrize("seed", [2, 9])
def test_a_dealt_game_offers_only_what_the_rules_accept_and_no_hand_leaks(dealt, seed):
    pick, kinds, reasons = random.Random(seed), set(), set()
    for _ in range(60):
        match = dealt.current()
        state = replay(RULES, match)
        answer = dealt.legal(match=match)
        assert hands_seen_by_others(answer, state) == []
        for move in answer.moves:  # every offered move is accepted, on a copy
            play(RULES, copy.deepcopy(match), [move.event(move.samples())])
            sent, _ = from_json(json.loads(json.dumps(move.to_json())), state.players)
            assert answer.find(sent) == move  # a page sends it back as plain values
        for refused in pick.sample(answer.not_legal, min(5, len(answer.not_legal))):
            with pytest.raises(CompanionError) as err:
                play(RULES, copy.deepcopy(match), [refused.move.event(refused.move.samples())])
            assert err.value.line() == refused.why
            reasons.add(refused.why.split(":")[0])
        if not answer.moves:
            break
        # the game's own moves more often than the lost songs a table rarely records
        weights = [1 if m.kind in ("lose", "bluff") else 4 for m in answer.moves]
        chosen = pick.choices(answer.moves, weights)[0]
        kinds.add(chosen.kind)
        dealt.make(chosen, chosen.samples(), seen=answer.seen, by=chosen.who)
    assert {"download", "play", "turn"} <= kinds
    assert any(r.startswith("it is ") for r in reasons)  # a move out of turn


def test_a_dealt_turn_downloads_from_the_open_list_and_asks_the_hand(dealt):
    state = dealt.fold(dealt.current())
    answer = dealt.legal("Ana")
    shown = [c.name() for c in state.deck.download]
    assert answer.labels()[:5] == [f"Ana downloads {c}" for c in shown]
    assert dealt.command(answer.moves[0]) == (
        f"companion playlist game download '#{state.deck.download[0].number}'"
    )
    dealt.make(answer.moves[0], seen=answer.seen, by="Ana")  # a download: Ana's hand grows
    state = dealt.fold(dealt.current())
    answer = dealt.legal()
    every = [*answer.moves, *(r.move for r in answer.not_legal)]
    adds = {m.who: m for m in every if m.kind == "play"}
    for player, move in adds.items():  # a player with a card to play is asked which
        assert move.words == f"{player} adds a song" and move.what == {"player": player}
        assert move.asks[0].choices == tuple(c.name() for c in state.deck.hands[player])
        assert [a.name for a in move.asks] == ["card", "next"]  # no playlist yet: two cards
        assert dealt.command(move) == f"companion playlist game play {player} CARD NEXT"
        if player != "Ana":
            assert answer.why_not(move) == "it is Ana's turn, not " + player + "'s"
    assert len(adds) >= 2


def test_tab_offers_the_open_download_list_first(monkeypatch, capsys, db, dealt):
    numbers = [str(c.number) for c in dealt.fold(dealt.current()).deck.download]
    assert offered(monkeypatch, capsys, db, "companion playlist game download ")[:5] == numbers


# --- the table's own cards: the CLI and guided play ----------------------------------------


@pytest.fixture
def sung(cli):
    """Ann has started a playlist (the table's cards) and sings its last song."""
    assert cli("playlist", "game", "start", "--players", "Ann,Bob", "--first", "Ann").exit_code == 0
    assert cli("playlist", "game", "play", "Ann", P1, P2).exit_code == 0


def test_the_cli_refusal_is_the_rule_then_what_is_legal_now(cli, db, sung):
    before = db.read_bytes()
    refused = cli("playlist", "game", "claim", "Ann")
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert refused.stderr == (
        "error: Ann cannot claim their own song: another player sings it or calls the bluff; "
        "legal now: Bob sings Ann's song, Bob catches Ann's bluff, Ann loses the last song, "
        "Ann ends the turn\n"
    )
    assert db.read_bytes() == before


def test_moves_says_who_may_sing_call_and_end_and_why_not(cli, sung):
    shown = cli("moves", "playlist", "--player", "Bob")
    assert shown.exit_code == 0, shown.stderr
    assert shown.stdout.splitlines()[1:] == [
        "  Bob sings Ann's song  →  companion playlist game claim Bob",
        "  Bob catches Ann's bluff  →  companion playlist game bluff Bob",
        "Not legal now:",
        "  Bob calls Ann's bluff wrongly: Bob has no playlist, so no last card to lose",
        "  Bob loses the last song: Bob has no playlist, so no last card to lose",
        "  Bob ends the turn: it is Ann's turn, not Bob's",
    ]


def test_a_turn_ended_by_another_player_is_refused(db, sung):
    from companion.engine.errors import NotYourMove, RuleViolation

    table = table_for(Store(db), "playlist")
    answer = table.legal()
    bobs = next(r.move for r in answer.not_legal if r.move.kind == "turn")
    with pytest.raises(RuleViolation, match="it is Ann's turn, not Bob's"):
        table.make(bobs)
    anns = next(m for m in answer.moves if m.kind == "turn")
    with pytest.raises(NotYourMove):
        table.make(anns, seen=answer.seen, by="Bob")
    assert table.make(anns, seen=answer.seen, by="Ann").status.state.current == "Bob"


def test_tab_offers_the_players_with_a_legal_move_first(monkeypatch, capsys, db, sung):
    assert offered(monkeypatch, capsys, db, "companion playlist game bluff ") == ["Bob", "Ann"]


def test_guided_play_lists_the_legal_players_and_says_why_none_may(cli, scripted):
    assert cli("playlist", "game", "start", "--players", "Ann,Bob", "--first", "Ann").exit_code == 0
    scripted.answer("Ann's assignment cards (first turn)?", "none")
    scripted.answer("Ann adds songs", f"{P1}, {P2}")
    scripted.answer("Ann's song?", "false-call")  # Bob has no song to lose: not legal
    scripted.expect("error: Bob has no playlist, so no last card to lose")
    scripted.answer("Ann's song?", "taken")
    scripted.answer("Taken by? [Bob]", "")
    scripted.expect("Bob takes p2")
    scripted.answer("End Ann's turn?", "stop")
    assert scripted.run("playlist", "play").exit_code == 0


# --- a solo run ------------------------------------------------------------------------------


def test_a_solo_run_offers_its_round_then_the_next_deal(cli, db, tmp_path):
    fill_catalogue(cli, tmp_path)
    assert cli("playlist", "solo", "goal", "1").exit_code == 0
    started = cli("playlist", "solo", "start", "--cards", "6", "--player", "Ana", "--seed", "3")
    assert started.exit_code == 0, started.stderr
    table = table_for(Store(db), "playlist-solo")
    answer = table.legal("Ana")
    assert answer.labels() == ["count the round's playlist", "count the playlist as it is"]
    assert [table.command(m) for m in answer.moves] == [
        "companion playlist solo score PLAYLIST",
        "companion playlist solo score PLAYLIST --anyway",
    ]
    assert answer.not_legal[0].why == (
        "the round with 6 cards has no playlist yet "
        "(hint: record it with 'companion playlist solo score CARD...')"
    )
    counted = answer.moves[0]
    assert counted.asks[0].to_json() == {
        "name": "playlist",
        "label": "the playlist's cards in order (numbers or titles)",
        "type": "text",
    }  # the companion's own playlist is only tried: showing it would play the round
    laid = table.fold(table.current()).last.deal.cards
    with pytest.raises(CompanionError, match="breaks the playlist|fits"):
        table.make(counted, {"playlist": f"#{laid[0].number}, #{laid[1].number}"})
    table.make(counted, counted.samples(), seen=answer.seen, by="Ana")
    now = table.legal("Ana")
    assert now.labels() == ["deal the next round"]
    table.make(now.moves[0], seen=now.seen, by="Ana")  # dealt from the box, as 'solo next'
    assert table.fold(table.current()).last.deal.count == 5


def test_a_claim_or_bluff_without_its_player_is_the_only_one_who_may(cli, sung):
    claimed = cli("playlist", "game", "claim", "--json")
    assert claimed.exit_code == 0, claimed.stderr
    assert claimed.json["event"]["data"]["player"] == "Bob"
    refused = cli("playlist", "game", "bluff", "--wrong")
    assert refused.stderr == (
        "error: Ann cannot call their own bluff; Bob has no playlist, so no last card to lose; "
        "legal now: Bob sings Ann's song, Bob catches Ann's bluff, Ann loses the last song, "
        "Ann ends the turn\n"
    )


def test_a_claim_without_its_player_names_them_when_several_may(cli, db):
    cli("playlist", "game", "start", "--players", "Ann,Bob,Cy", "--first", "Ann")
    cli("playlist", "game", "play", "Ann", P1, P2)
    before = db.read_bytes()
    refused = cli("playlist", "game", "claim")
    assert (refused.exit_code, refused.stderr) == (2, "error: name the player: Bob, Cy may\n")
    assert db.read_bytes() == before


def test_a_seat_sees_its_own_hand_and_no_other(dealt):
    """Issue 41 item 2: a player's seat shows the hand the companion dealt them ("does not
    show these to the other players"), as 'game hand PLAYER' does; a table's own cards, none."""
    state = dealt.fold(dealt.current())
    for player in ("Ana", "Ben", "Cy"):
        hand = dealt.hand(player)
        assert dealt.own(state, player) == {
            "hand": [c.name() for c in hand.music],
            "assignments": [a.text() for a in hand.assignments],
            "actions": list(hand.actions),
        }
    assert not set(dealt.own(state, "Ana")["hand"]) & set(dealt.own(state, "Ben")["hand"])
    assert dealt.own(state, "Nobody") == {}


def test_a_seat_at_the_tables_own_cards_holds_nothing(db, sung):
    table = table_for(Store(db), "playlist")
    assert table.own(table.fold(table.current()), "Ann") == {}


def test_once_the_last_round_is_over_any_seat_counts_the_points_and_files_the_game(cli, db):
    # "Once a player has been able to add 15 songs or more to their playlist, you finish the
    # round and then the game stops. At that moment the points are counted": a move any
    # phone offers (asked twice: it files the game), the CLI's `end` as its command.
    from companion.engine.errors import RuleViolation

    cli("playlist", "game", "start", "-p", "Ana,Ben", "--first", "Ana")
    long = [f"pop/1/love+piano+ballad/a{i}" for i in range(15)]
    cli("playlist", "game", "play", "ana", *long)
    table = table_for(Store(db), "playlist")
    early = table.legal("Ben")
    assert [m for m in (*early.moves, *(r.move for r in early.not_legal)) if m.kind == "end"] == []
    cli("playlist", "game", "turn")
    cli("playlist", "game", "turn")
    answer = cli("moves", "--player", "Ben", "--json").json
    assert answer["moves"] == [
        {
            "move": {"kind": "end", "who": None, "what": {}, "confirm": True},
            "label": "count the points and file the game",
            "command": "companion playlist game end",
        }
    ]
    count = table.legal("Ben").moves[0]
    assert (count.kind, count.who, count.confirm) == ("end", None, True)
    live = table.current()
    made = table.make(count, seen=len(live["events"]), by="Ben")
    assert made.match["status"] == "finished"
    filed = Store(db).get_match(live["id"])
    assert filed["result"]["scores"] == {"Ana": 15 + 1 + 13, "Ben": 0}
    assert filed["events"][-1]["type"] == "end"
    from companion.games.playlist.rules.replay import replay as replayed

    assert replayed(filed) == filed["result"]  # the log gives the result again
    with pytest.raises(RuleViolation):
        table.current()  # nothing live
