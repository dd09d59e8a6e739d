"""Issue 41: a seat per player (`companion seats`), served by the room's server at
`/seat/TOKEN`: its state (the public board, that player's own information, their moves),
its stream, and the refusals of its move route, in-process over real HTTP on loopback.
(Moves made from phones, with games that answer the legal-moves query, are in
test_seats_browser.py.)"""

from __future__ import annotations

import http.client
import json
import re

import pytest

from companion.store import Store
from companion.tables.seats import SeatGone, find_seat
from tests.conftest import assert_user_error
from tests.games.allstar.test_deck import hand
from tests.games.allstar.test_deck import start as start_deck_season
from tests.web.test_server import START, TRIBES, board, get

MANAGERS = ("Ana", "Ben", "Cy")


def seats(cli) -> dict[str, str]:
    done = cli("seats", "--json")
    assert done.exit_code == 0, done.stderr
    return {s["player"]: s["token"] for s in done.json["seats"]}


def post(port: int, path: str, body: bytes | str, **headers: str) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    sent = body.encode() if isinstance(body, str) else body
    conn.request("POST", path, sent, {"Content-Type": "application/json", **headers})
    response = conn.getresponse()
    answer = json.loads(response.read() or b"{}")
    conn.close()
    return response.status, answer


def move(port: int, token: str, kind: str, who: str, seen: int, **headers: str):
    body = json.dumps({"move": {"kind": kind, "who": who, "what": {}}, "seen": seen})
    return post(port, f"/seat/{token}/move", body, **headers)


def test_seats_give_each_player_a_128_bit_link_new_for_each_game(cli, db):
    assert cli(*START, *TRIBES).exit_code == 0
    done = cli("seats", "--json", "--port", "9000")
    assert done.exit_code == 0
    found = done.json["seats"]
    assert [s["player"] for s in found] == ["Lucy", "Karl"]
    for seat in found:
        # 16 random bytes, URL-safe: 22 characters of 6 bits.
        assert re.fullmatch(r"[A-Za-z0-9_-]{22}", seat["token"])
        assert seat["url"].endswith(f":9000/seat/{seat['token']}")
    assert found[0]["token"] != found[1]["token"]
    assert seats(cli) == {s["player"]: s["token"] for s in found}  # kept with the match
    text = cli("seats")
    assert text.exit_code == 0 and f"Lucy: {found[0]['url'].replace('9000', '8765')}" in text.stdout
    assert "█" in text.stdout  # a QR code per player
    assert cli("hoopers", "match", "abandon").exit_code == 0
    with pytest.raises(SeatGone):  # dead once the game is filed
        find_seat(Store(db), found[0]["token"])
    assert cli(*START, *TRIBES).exit_code == 0
    assert set(seats(cli).values()).isdisjoint(s["token"] for s in found)


def test_seats_need_a_live_game(cli):
    assert_user_error(cli("seats"), "no live match")


def test_each_seat_shows_its_own_hand_and_no_other_and_the_board_none(cli, db):
    start_deck_season(cli)
    assert cli("allstar", "season", "arenas").exit_code == 0
    hands = {m: hand(cli, m) for m in MANAGERS}
    tokens = seats(cli)
    with board(db) as port:
        _, room, _ = get(port, "/api/state")
        for m in MANAGERS:
            code, body, headers = get(port, f"/seat/{tokens[m]}/state")
            assert code == 200 and headers["Content-Type"] == "application/json"
            state = json.loads(body)
            assert (state["player"], state["game"], state["seen"]) == (m, "allstar", 2)
            assert state["own"] == {"hand": hands[m], "bench": [], "teams": []}
            others = [c for o in MANAGERS if o != m for c in hands[o]]
            assert not [c for c in others if c.encode() in body], m
            # Its stream carries the same, and nothing of another's hand either.
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", f"/seat/{tokens[m]}/events")
            line = conn.getresponse().readline()
            conn.close()
            event = json.loads(line.decode().removeprefix("data: "))
            assert event == {"code": 200, "state": state}
        for card in [c for h in hands.values() for c in h]:
            assert card.encode() not in room, card


def test_playlist_assignment_cards_the_companion_dealt_are_on_their_owners_seat_only(cli, db):
    """ "Each player takes 2 assignment cards … and does not show these to the other
    players": dealt by the companion, a card not yet turned over is on its owner's seat and
    in 'game hand NAME' only; no shared screen (the room's board, a terminal's watch or
    status, another seat's public board) lists it."""
    for i in range(1, 13):
        assert cli("playlist", "cards", "add", f"pop/1/love+piano+ballad/t{i}").exit_code == 0
    cards = ("1:pop=2", "2:rock=3", "3:rnb=2", "2:country=1", "1:rock=1")
    assert cli("playlist", "deck", "assignments", *cards).exit_code == 0
    start = ("playlist", "game", "start", "-p", "Ana,Ben", "--first", "Ana", "--deck")
    assert cli(*start, "--seed", "3").exit_code == 0
    held = {
        p: [a["text"] for a in cli("playlist", "game", "hand", p, "--json").json["assignments"]]
        for p in ("Ana", "Ben")
    }
    dealt = held["Ana"] + held["Ben"]
    assert len(set(dealt)) == 4 and set(dealt) <= set(cards)  # two each, one left to draw
    for shared in (("watch", "--once", "--json"), ("playlist", "game", "status", "--json")):
        shown = cli(*shared)
        assert shown.json["assignments"] == {"Ana": [], "Ben": []}
        assert [c for c in dealt if c in shown.stdout] == []
    tokens = seats(cli)
    with board(db) as port:
        _, room, _ = get(port, "/api/state")
        assert [c for c in dealt if c.encode() in room] == []
        for player, other in (("Ana", "Ben"), ("Ben", "Ana")):
            _, body, _ = get(port, f"/seat/{tokens[player]}/state")
            assert json.loads(body)["own"]["assignments"] == held[player]
            assert [c for c in held[other] if c.encode() in body] == []


def test_a_move_not_offered_another_players_move_and_bad_bodies_change_nothing(cli, db):
    assert cli(*START, *TRIBES).exit_code == 0
    tokens = seats(cli)
    before = cli("hoopers", "match", "status", "--json").json
    lucy = tokens["Lucy"]
    with board(db) as port:
        seen = json.loads(get(port, f"/seat/{lucy}/state")[1])["seen"]
        code, answer = move(port, lucy, "score", "Karl", seen)
        assert (code, answer) == (403, {"error": "that move is Karl's to make, not Lucy's"})
        code, answer = move(port, lucy, "score", "Lucy", seen)
        assert code == 409 and answer["error"] == (
            "'score' is not a move Lucy has now; legal now: a timeout (coach actions), a "
            "fundamental, a shot or block, or 'match turn'"
        )
        assert answer["state"]["player"] == "Lucy"  # the game as it is now, to choose again
        assert post(port, f"/seat/{lucy}/move", "{not json") == (
            400,
            {"error": "the move is not JSON"},
        )
        code, answer = post(port, f"/seat/{lucy}/move", json.dumps({"move": {}, "seen": "0"}))
        assert (code, answer["error"]) == (
            400,
            "a move says how many moves its page has seen (a whole number)",
        )
        code, answer = post(port, f"/seat/{lucy}/move", json.dumps({"move": [], "seen": 0}))
        assert (code, answer["error"]) == (400, "a move is a JSON object")
        big = json.dumps({"move": {"kind": "x" * 5000}, "seen": 0})
        assert post(port, f"/seat/{lucy}/move", big) == (
            413,
            {"error": "a move is at most 4096 bytes"},
        )
        assert post(port, f"/seat/{lucy}/move", "{}", **{"Content-Type": "text/plain"}) == (
            415,
            {"error": "a move is sent as JSON"},
        )
        code, answer = move(port, lucy, "score", "Lucy", seen, Origin="http://evil.example")
        assert (code, answer) == (403, {"error": "a move is made from this table's own page"})
        code, answer = move(port, "A" * 22, "score", "Lucy", seen)
        assert code == 404 and "this seat's game is over or was never here" in answer["error"]
        assert post(port, "/seat/short/move", "{}")[0] == 404
    assert cli("hoopers", "match", "status", "--json").json == before


def test_a_seat_opens_a_few_streams_at_most(cli, db):
    assert cli(*START, *TRIBES).exit_code == 0
    lucy = seats(cli)["Lucy"]
    with board(db) as port:
        held = []
        for _ in range(3):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", f"/seat/{lucy}/events")
            response = conn.getresponse()
            assert response.status == 200
            response.readline()
            held.append(response)  # the stream's socket is its response's (Connection: close)
        code, body, _ = get(port, f"/seat/{lucy}/events")
        assert code == 429 and json.loads(body) == {"error": "this seat is open elsewhere"}
        for response in held:
            response.close()


def test_the_seat_page_is_served_at_its_link_and_sets_names_as_text(cli, db):
    assert cli(*START, *TRIBES).exit_code == 0
    lucy = seats(cli)["Lucy"]
    with board(db, token="board-token") as port:
        code, body, headers = get(port, f"/seat/{lucy}")  # the seat's token is its own key
        assert code == 200 and headers["Content-Type"].startswith("text/html")
        page = body.decode()
        assert "innerHTML" not in page and "http://" not in page and "https://" not in page
        assert get(port, "/api/state")[0] == 403  # the board still needs its own token


def test_the_room_shows_the_seats_at_the_start_and_keeps_the_result_after_end(cli, db):
    assert cli(*START, *TRIBES).exit_code == 0
    tokens = seats(cli)
    with board(db) as port:
        _, body, _ = get(port, "/api/state")
        shown = json.loads(body)["seats"]
        assert [(s["player"], s["url"].rsplit("/", 1)[1]) for s in shown] == list(tokens.items())
        assert all(s["url"].startswith(f"http://127.0.0.1:{port}/seat/") for s in shown)
        assert all(s["qr"].startswith("data:image/svg+xml;base64,") for s in shown)
    assert cli("hoopers", "match", "score", "Lucy", "2").exit_code == 0
    with board(db) as port:
        assert "seats" not in json.loads(get(port, "/api/state")[1])  # the game is under way
    assert cli("hoopers", "match", "end").exit_code == 2  # not over: the match goes on
    assert cli("hoopers", "match", "abandon").exit_code == 0
    with board(db) as port:
        code, body, _ = get(port, "/api/state")
    kept = json.loads(body)
    assert code == 404 and "hint" not in kept["waiting"] and "companion" not in kept["waiting"]


def test_with_nothing_live_the_room_shows_the_last_result_with_how_it_was_decided(cli, db):
    assert cli("log", "hoopers", "Lucy=31", "Karl=28").exit_code == 0
    with board(db) as port:
        code, body, _ = get(port, "/api/state")
    kept = json.loads(body)
    assert code == 404 and kept["last_play"]["qr"].startswith("data:image/svg+xml;base64,")
    final = kept["final"]
    assert (final["game"], final["status"], final["scores"]) == (
        "hoopers",
        "finished",
        {"Lucy": 31, "Karl": 28},
    )
    assert final["decided"] == "Lucy wins, 31 to 28"


def test_a_seat_moves_only_in_its_own_match(cli, db):
    from companion.engine.errors import StaleMove
    from companion.engine.moves import Move
    from companion.games.hoopers.table import HoopersTable

    assert cli(*START, *TRIBES).exit_code == 0
    table = HoopersTable(Store(db))
    before = table.current()
    with pytest.raises(StaleMove, match="hoopers match zzzzzz is not the one being played"):
        table.make(Move("score", "Lucy"), seen=len(before["events"]), by="Lucy", match_id="zzzzzz")
    assert table.current()["events"] == before["events"]


def test_a_live_match_without_seats_gets_them_when_first_asked(cli, db):
    from companion.store.layout import SEATS

    assert cli(*START, *TRIBES).exit_code == 0
    first = seats(cli)
    match = cli("hoopers", "match", "status", "--json").json["id"]
    Store(db).delete_doc(SEATS, match)  # a match started by a companion before seats
    again = seats(cli)
    assert set(again) == {"Lucy", "Karl"} and set(again.values()).isdisjoint(first.values())
    assert seats(cli) == again  # made once, then kept


def test_a_seat_and_an_address_make_so_many_requests_a_minute(monkeypatch):
    from companion.ui.web import seats as routes

    monkeypatch.setattr(routes, "PER_SEAT", 3)
    monkeypatch.setattr(routes, "PER_ADDRESS", 4)
    limits = routes.Limits()
    assert [limits.allow("seat:a", "address:x") for _ in range(4)] == [True, True, True, False]
    assert limits.allow("seat:b", "address:x") is True  # another seat, same address
    assert limits.allow("seat:c", "address:x") is False  # the address's share is spent
    assert limits.allow("seat:c", "address:y") is True


def test_a_seat_offers_what_the_query_offers_its_player_with_the_tables_completion(
    cli, db, tmp_path
):
    """A table completing a move from its catalogue (a solo run's next deal, from the box):
    the seat's page offers it as `companion moves --player` does, and the tap makes it."""
    from companion.tables import table_for
    from companion.tables.seats import make_move, seat_state, seats_of
    from tests.games.playlist.test_solo_cli import fill_catalogue

    fill_catalogue(cli, tmp_path)
    assert cli("playlist", "solo", "goal", "1").exit_code == 0
    started = cli("playlist", "solo", "start", "--cards", "6", "--player", "Ana", "--seed", "3")
    assert started.exit_code == 0, started.stderr
    store = Store(db)
    table = table_for(store, "playlist-solo")
    counted = table.legal("Ana").moves[0]
    table.make(counted, counted.samples(), seen=1, by="Ana")
    (seat,) = seats_of(store, table.current())
    state = seat_state(store, seat)
    assert [m["label"] for m in state["moves"]] == table.legal("Ana").labels()
    assert [m["label"] for m in state["moves"]] == ["deal the next round"]
    make_move(store, seat, {"move": state["moves"][0]["move"], "seen": state["seen"]})
    assert table.fold(table.current()).last.deal.count == 5


PLAYLIST = ("playlist", "game", "start", "-p", "Ana,Ben", "--first", "Ana")


def playlist_over(cli) -> None:
    """A Playlist game whose last round is over (Ana's 15 songs): ready to be filed."""
    assert cli(*PLAYLIST).exit_code == 0
    songs = [f"pop/1/love+piano+ballad/a{i}" for i in range(15)]
    assert cli("playlist", "game", "play", "ana", *songs).exit_code == 0
    assert cli("playlist", "game", "turn").exit_code == 0
    assert cli("playlist", "game", "turn").exit_code == 0


def files_of(db) -> dict[str, bytes]:
    """Every file of the database, by name: what a refused move must leave as it was."""
    return {str(p): p.read_bytes() for p in sorted(db.parent.rglob("*")) if p.is_file()}


def first_event(port: int, token: str) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", f"/seat/{token}/events")
    line = conn.getresponse().readline()
    conn.close()
    return json.loads(line.decode().removeprefix("data: "))


def test_a_filed_games_seats_say_so_with_the_result_and_open_no_move(cli, db):
    # Filed at the terminal: every phone, not only one whose tap filed it, says so, with
    # the result as the room's final board says it, until the next game of its kind.
    playlist_over(cli)
    tokens = seats(cli)
    assert cli("playlist", "game", "end").exit_code == 0
    with board(db) as port:
        _, room, _ = get(port, "/api/state")
        final = json.loads(room)["final"]
        assert final["decided"] == "Ana wins, 29 to 0"
        for player in ("Ana", "Ben"):
            code, body, _ = get(port, f"/seat/{tokens[player]}/state")
            state = json.loads(body)
            assert code == 200 and state == {
                "player": player,
                "game": "playlist",
                "match": final["id"],
                "seen": state["seen"],
                "moves": [],
                "board": final,
                "own": {},
                "closed": "finished",
                "said": "The game is filed: Ana wins, 29 to 0.",
            }
            assert first_event(port, tokens[player]) == {"code": 200, "state": state}
        # A tap at a filed game's seat is refused, and nothing anywhere is written.
        before = files_of(db)
        code, answer = move(port, tokens["Ben"], "end", "Ben", state["seen"])
        assert code == 410
        assert answer["error"] == "the game is filed: nothing more is played at this seat"
        assert answer["state"]["said"] == "The game is filed: Ana wins, 29 to 0."
        assert post(port, f"/seat/{tokens['Ben']}/move", "{not json")[0] == 410  # unread
        assert files_of(db) == before
        # A token that never was still gets the old refusal.
        code, answer = move(port, "B" * 22, "end", "Ben", 0)
        assert (code, answer) == (
            404,
            {"error": "this seat's game is over or was never here: ask the table for a new link"},
        )
    # The next Playlist game has seats of its own: the last one's links are gone.
    assert cli(*PLAYLIST).exit_code == 0
    with pytest.raises(SeatGone) as gone:
        find_seat(Store(db), tokens["Ana"])
    assert str(gone.value).startswith("this seat's game is over or was never here")


def test_an_abandoned_games_seats_say_it_was_abandoned(cli, db):
    assert cli(*START, *TRIBES).exit_code == 0
    tokens = seats(cli)
    assert cli("hoopers", "match", "abandon").exit_code == 0
    with board(db) as port:
        code, body, _ = get(port, f"/seat/{tokens['Karl']}/state")
        state = json.loads(body)
        assert code == 200
        assert (state["closed"], state["said"], state["board"], state["moves"]) == (
            "abandoned",
            "The game was abandoned: nothing was filed.",
            None,
            [],
        )
        before = files_of(db)
        code, answer = move(port, tokens["Karl"], "score", "Karl", state["seen"])
        assert (code, answer["error"]) == (
            410,
            "the game was abandoned: nothing more is played at this seat",
        )
        assert files_of(db) == before


def test_a_filed_games_seat_opens_nothing_once_its_match_is_live_again(cli, db):
    # `history undo` makes the match live again with new seats: the old links show neither
    # its moves nor anything of their player's, and make no move.
    playlist_over(cli)
    old = seats(cli)
    assert cli("playlist", "game", "end").exit_code == 0
    assert cli("history", "undo", "--yes").exit_code == 0
    new = seats(cli)
    assert set(new.values()).isdisjoint(old.values())
    with board(db) as port:
        before = files_of(db)
        code, body, _ = get(port, f"/seat/{old['Ana']}/state")
        assert code == 404 and b"was never here" in body
        assert move(port, old["Ana"], "end", "Ana", 0)[0] == 404
        assert files_of(db) == before
        assert get(port, f"/seat/{new['Ana']}/state")[0] == 200


def test_a_game_filed_from_one_phone_is_filed_on_every_phone(cli, db):
    playlist_over(cli)
    tokens = seats(cli)
    with board(db) as port:
        ana = json.loads(get(port, f"/seat/{tokens['Ana']}/state")[1])
        (count,) = [m for m in ana["moves"] if m["label"] == "count the points and file the game"]
        code, filed = post(port, f"/seat/{tokens['Ana']}/move",
                           json.dumps({"move": count["move"], "seen": ana["seen"]}))  # fmt: skip
        assert code == 200 and filed["closed"] == "finished"
        assert filed["said"] == "The game is filed: Ana wins, 29 to 0."
        ben = json.loads(get(port, f"/seat/{tokens['Ben']}/state")[1])
        assert (ben["said"], ben["board"]) == (filed["said"], filed["board"])
        assert ben["board"]["scores"] == {"Ana": 29, "Ben": 0}
    assert cli("history", "list", "--json").json["matches"][0]["status"] == "finished"
