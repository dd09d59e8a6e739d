"""The room's server cannot be filled: viewers that leave free their slot at once, one
client address gets a share of the room and no more, streams end and the page comes back,
and odd requests get proper answers. Real HTTP on 127.0.0.1; every loop is bounded."""

from __future__ import annotations

import http.client
import json
import socket
import struct
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.store import Store
from companion.ui.web import guard
from companion.ui.web.server import Board, serve, stop

START = ("hoopers", "match", "start", "--home", "Lucy", "--away", "Karl")
TRIBES = ("--home-tribe", "unleashed", "--away-tribe", "keepers", "--first", "Lucy", "--seed", "3")


@contextmanager
def room(db: Path, **options) -> Iterator[tuple[int, guard.GuardedServer]]:
    b = Board(Store(db), None, **options)
    server = serve(b, "127.0.0.1", 0)
    try:
        yield server.server_address[1], server
    finally:
        stop(b, server)


def stream(port: int, source: str = "127.0.0.1", token: str = "") -> socket.socket:
    """A viewer's stream, opened from `source`; the socket, its answer not yet read."""
    s = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0))
    query = f"?token={token}" if token else ""
    s.sendall(f"GET /api/events{query} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    return s


def status_of(s: socket.socket) -> int:
    """The status code of the answer on `s` (its first line)."""
    line = b""
    while not line.endswith(b"\n"):
        chunk = s.recv(1)
        if not chunk:
            break
        line += chunk
    return int(line.split()[1]) if line.startswith(b"HTTP/1.1 ") else 0


def admitted(port: int, source: str = "127.0.0.1") -> bool:
    s = stream(port, source)
    try:
        return status_of(s) == 200
    finally:
        s.close()


def wait_until(condition, within: float = 60.0) -> bool:
    """True once `condition()` holds, polled for at most `within` seconds."""
    deadline = time.monotonic() + within
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def second_address() -> str:
    """127.0.0.2 as a client's own address (Linux answers all of 127/8 on loopback)."""
    try:
        with socket.socket() as probe:
            probe.bind(("127.0.0.2", 0))
    except OSError:
        pytest.skip("this system has no 127.0.0.2 on loopback")
    return "127.0.0.2"


# --- 8. a viewer that leaves frees its slot at once ----------------------------------


def test_viewers_that_close_their_pages_free_the_room_at_once(cli, db, monkeypatch):
    """Today a closed page keeps its slot until a heartbeat write fails (14–27 s): a full
    room that closes its pages stays shut for that long."""
    monkeypatch.setattr(guard, "MAX_CONNECTIONS", 8)
    monkeypatch.setattr(guard, "MAX_PER_ADDRESS", 8, raising=False)
    # No heartbeat within the wait below: only a slot freed at the close frees the room.
    monkeypatch.setattr("companion.ui.web.server.HEARTBEAT_S", 600.0)
    cli(*START, *TRIBES)
    with room(db) as (port, _):
        viewers = [stream(port) for _ in range(8)]
        assert [status_of(s) for s in viewers] == [200] * 8
        assert not admitted(port)  # the room is full: 503
        for i, s in enumerate(viewers):
            if i % 2:  # half vanish with a reset, half close their page
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.close()
        # Eight new viewers get in, with no heartbeat's failed write to free their slots.
        again: list[socket.socket] = []

        def one_more() -> bool:
            s = stream(port)
            if status_of(s) == 200:
                again.append(s)
            else:
                s.close()
            return len(again) == 8

        assert wait_until(one_more), f"{len(again)} of 8 got in"
        for s in again:
            s.close()


# --- 9. one client cannot fill the room ----------------------------------------------


def each_address_a_computer(monkeypatch) -> None:
    """Loopback addresses taken as other computers' (as a LAN's viewers would be)."""
    monkeypatch.setattr(guard, "client_of", lambda address: address)


def test_sixty_four_streams_from_one_address_leave_the_room_open(cli, db, monkeypatch):
    other = second_address()
    each_address_a_computer(monkeypatch)
    cli(*START, *TRIBES)
    with room(db) as (port, server):
        mine = [stream(port) for _ in range(guard.MAX_CONNECTIONS)]
        codes = [status_of(s) for s in mine]
        assert guard.MAX_PER_ADDRESS < guard.MAX_CONNECTIONS
        # Refused at the door (its connections waiting) or in the room: 429 either way.
        assert sorted(codes) == [200] * guard.MAX_PER_ADDRESS + [429] * (
            guard.MAX_CONNECTIONS - guard.MAX_PER_ADDRESS
        )
        # Another viewer still gets in and sees the game.
        theirs = stream(port, other)
        assert status_of(theirs) == 200
        theirs.settimeout(5)
        seen = b""
        while b"\ndata: " not in seen:
            seen += theirs.recv(4096)
        assert b'"Lucy": 0' in seen
        theirs.close()
        # Once its streams close, the first address has its share back.
        for s in mine:
            s.close()
        assert wait_until(lambda: not server.streams.taken), server.streams.taken
        assert admitted(port)


def local_addresses(count: int) -> list[str]:
    addresses = [f"127.0.0.{n}" for n in range(1, count + 1)]
    for address in addresses:
        try:
            with socket.socket() as probe:
                probe.bind((address, 0))
        except OSError:
            pytest.skip(f"this system has no {address} on loopback")
    return addresses


def test_six_local_addresses_take_one_share_of_the_room(cli, db):
    """Issue 38 item 4: all of 127/8 reaches the server, and six addresses of this computer
    took 96 streams' worth of shares (the room is 64). This computer is one client."""
    cli(*START, *TRIBES)
    with room(db) as (port, server):
        opened = [stream(port, a) for a in local_addresses(6) for _ in range(guard.MAX_PER_ADDRESS)]
        codes = [status_of(s) for s in opened]
        assert codes.count(200) == guard.MAX_PER_ADDRESS
        assert server.streams.taken == {guard.THIS_COMPUTER: guard.MAX_PER_ADDRESS}
        for s in opened:
            s.close()
        assert wait_until(lambda: not server.streams.taken), server.streams.taken
    assert guard.client_of("127.0.0.5") == guard.client_of("::1") == guard.THIS_COMPUTER
    assert guard.client_of("::ffff:127.0.0.2") == guard.THIS_COMPUTER
    assert guard.client_of("192.0.2.1") == "192.0.2.1"  # TEST-NET: no computer's own


def test_a_stream_takes_a_slot_in_the_room_only_once_its_token_is_checked(cli, db, monkeypatch):
    """Issue 38 item 4: with --lan a connection took a slot before its token was read, so
    requests that never finish (or that ask without the token, again and again on one
    connection) filled the room."""
    monkeypatch.setattr(guard, "MAX_CONNECTIONS", 8)
    monkeypatch.setattr(guard, "MAX_PER_ADDRESS", 4)
    each_address_a_computer(monkeypatch)
    first, slow, slower, asker, late = local_addresses(6)[1:]
    cli(*START, *TRIBES)
    with room(db, token="s3cret") as (port, server):
        viewer = stream(port, first, token="s3cret")
        assert status_of(viewer) == 200
        half = f"GET /api/events?token=s3cret HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode()
        stalled = []
        for source, count in ((slow, 4), (slower, 3)):
            for _ in range(count):
                s = socket.create_connection(("127.0.0.1", port), 5, source_address=(source, 0))
                s.sendall(half)
                stalled.append(s)
        # Without the token: refused, and the connection is closed, not kept for asking again.
        bare = stream(port, asker)
        assert status_of(bare) == 403
        bare.settimeout(5)
        while bare.recv(4096):
            pass
        bare.close()
        assert wait_until(lambda: server.waiting.taken.get(asker) is None)
        # Seven connections not yet in, one viewer in: the room has seven seats left.
        assert server.streams.taken == {first: 1}
        theirs = stream(port, late, token="s3cret")
        assert status_of(theirs) == 200
        assert server.streams.taken == {first: 1, late: 1}
        for s in (viewer, theirs, *stalled):
            s.close()


def test_admission_counts_each_client_and_the_room(monkeypatch):
    """The admission rule alone, with the clients given: a share per client, the room's
    total, and a slot back on leaving."""
    slots = guard.Slots(6, 4)
    assert [slots.take("192.0.2.1") for _ in range(5)] == [None] * 4 + [guard.TOO_MANY]
    assert slots.take("192.0.2.2") is None
    assert slots.take("192.0.2.2") is None
    assert slots.take("192.0.2.3") == guard.BUSY  # the room is full
    slots.give("192.0.2.1")
    assert slots.take("192.0.2.3") is None
    assert slots.taken == {"192.0.2.1": 3, "192.0.2.2": 2, "192.0.2.3": 1}
    for client, count in list(slots.taken.items()):
        for _ in range(count):
            slots.give(client)
    assert slots.taken == {}
    assert [slots.take("192.0.2.9") for _ in range(4)] == [None] * 4
    assert guard.TOO_MANY.startswith(b"HTTP/1.1 429 ") and b"Retry-After: " in guard.TOO_MANY


def test_a_stream_ends_after_a_while_and_says_how_soon_to_come_back(cli, db, monkeypatch):
    monkeypatch.setattr(guard, "STREAM_S", 0.5, raising=False)
    cli(*START, *TRIBES)
    with room(db) as (port, server):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/api/events")
        events = conn.getresponse()
        body = events.read()  # to its end: the server closed the stream
        conn.close()
        first = body.split(b"\n\n")[0].split(b"\n")
        assert first[0].startswith(b"data: ") and first[1] == f"retry: {guard.RETRY_MS}".encode()
        assert json.loads(first[0].removeprefix(b"data: "))["state"]["scores"]["Lucy"] == 0
        assert wait_until(lambda: not server.streams.taken), server.streams.taken


# --- 10. odd tokens and odd request lines --------------------------------------------


def raw(port: int, request: bytes) -> tuple[bytes, dict[str, str], bytes]:
    """Send `request` as is; (status line, headers, body) of the answer, read to its end."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(request)
        answer = b""
        while chunk := s.recv(4096):  # the server closes the connection after an error
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines)
    return status.encode(), headers, body


@pytest.mark.parametrize(
    "token",
    ["%C3%A9", "s3cr%C3%A9t", "%E2%80%8B", "%FF", "\u00e9".encode().decode("latin-1"), "%00"],
    ids=["e-acute", "inside", "zero-width", "invalid-utf8", "raw-bytes", "nul"],
)
def test_a_token_that_is_not_ascii_is_refused_quietly(cli, db, capfd, token):
    cli(*START, *TRIBES)
    capfd.readouterr()
    with room(db, token="s3cret") as (port, _):
        request = f"GET /api/state?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        status, headers, body = raw(port, request.encode("latin-1") + b"Connection: close\r\n\r\n")
        assert status.startswith(b"HTTP/1.1 403 ") and b"Lucy" not in body
        assert headers["X-Content-Type-Options"] == "nosniff"
        good = f"GET /api/state?token=s3cret HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        answer = raw(port, good.encode() + b"Connection: close\r\n\r\n")
        assert answer[0].startswith(b"HTTP/1.1 200")
    assert capfd.readouterr().err == ""  # nothing on the table's terminal


@pytest.mark.parametrize(
    "line",
    [
        b"NONSENSE",
        b"GET / HTTP/x.y",
        b"GET / HTTP/1.1 extra",
        b"GET /",  # HTTP/0.9: an answer with no status line and no headers
        b"GET / FTP/1.0",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",  # https:// to a plain-HTTP port
    ],
    ids=["one-word", "bad-version", "four-words", "http-0.9", "not-http", "tls-hello"],
)
def test_a_malformed_request_line_gets_a_proper_400(cli, db, capfd, line):
    cli(*START, *TRIBES)
    capfd.readouterr()
    with room(db) as (port, _):
        status, headers, body = raw(port, line + b"\r\n\r\n")
        assert status.startswith(b"HTTP/1.1 400 "), (status, body[:80])
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Cache-Control"] == "no-store"
        assert headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert headers["Content-Type"] == "text/plain; charset=utf-8"
        assert headers["Connection"] == "close"
        assert int(headers["Content-Length"]) == len(body) and body == b"bad request\n"
        assert ask_state(port) == 200  # still serving
    assert capfd.readouterr().err == ""


def ask_state(port: int) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/api/state")
    code = conn.getresponse().status
    conn.close()
    return code
