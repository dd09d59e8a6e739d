"""The scoreboard server against hostile or clumsy clients, over real HTTP on 127.0.0.1.

Every loop here is bounded and every socket goes to loopback only.
"""

from __future__ import annotations

import http.client
import json
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.store import Store
from companion.ui.web import guard, run
from companion.ui.web.server import Board, serve, stop

START = ("hoopers", "match", "start", "--home", "Lucy", "--away", "Karl")
TRIBES = ("--home-tribe", "unleashed", "--away-tribe", "keepers", "--first", "Lucy", "--seed", "3")


@contextmanager
def board(db: Path, **options) -> Iterator[int]:
    b = Board(Store(db), None, **options)
    server = serve(b, "127.0.0.1", 0)
    try:
        yield server.server_address[1]
    finally:
        stop(b, server)


def ask(port: int, method: str, path: str, host: str | None = None) -> tuple[int, bytes, dict]:
    """One request with the Host header given (default: what a browser sends)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.putrequest(method, path, skip_host=True)
    conn.putheader("Host", f"127.0.0.1:{port}" if host is None else host)
    conn.endheaders()
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, body, dict(response.getheaders())


# --- 1. the Host header: DNS rebinding reads nothing ---------------------------------


def test_only_the_names_it_was_started_for_are_answered(cli, db):
    cli(*START, *TRIBES)
    with board(db) as port:
        for host in ("attacker.example", f"attacker.example:{port}", f"127.0.0.1.nip.io:{port}",
                     f"localhost:{port + 1}", "127.0.0.1", ""):  # fmt: skip
            for path in ("/", "/api/state", "/api/events"):
                code, body, _ = ask(port, "GET", path, host)
                assert code == 421, (host, path, code)
                assert b"Lucy" not in body and b"Karl" not in body
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}",
                     f"[::1]:{port}"):  # fmt: skip
            code, body, _ = ask(port, "GET", "/api/state", host)
            assert code == 200 and json.loads(body)["scores"] == {"Lucy": 0, "Karl": 0}, host


def test_on_the_lan_the_printed_address_is_answered_too(cli, db):
    cli(*START, *TRIBES)
    # 192.0.2.7 is a documentation address: it only appears in the Host header, the
    # request itself goes to 127.0.0.1.
    with board(db, token="s3cret", names=(*guard.LOOPBACK, "192.0.2.7")) as port:
        assert ask(port, "GET", "/api/state?token=s3cret", f"192.0.2.7:{port}")[0] == 200
        assert ask(port, "GET", "/api/state?token=s3cret", f"127.0.0.1:{port}")[0] == 200
        code, body, _ = ask(port, "GET", "/api/state?token=s3cret", f"192.0.2.8:{port}")
        assert code == 421 and b"Lucy" not in body


# --- 2. a viewer that goes away prints nothing ----------------------------------------


@contextmanager
def process(db: Path, *extra: str) -> Iterator[tuple[subprocess.Popen, int, str]]:
    """`companion watch --web` in its own process: (process, port, query with any token)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", str(db), "watch", "--web",
         "--port", str(port), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        first = proc.stdout.readline()
        assert first.startswith("Scoreboard at "), first + proc.stderr.read()
        query = "?" + first.strip().split("?", 1)[1] if "?" in first else ""
        yield proc, port, query
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=30)


def reset(port: int, payload: bytes, pause: float = 0.0) -> None:
    """Connect, send `payload`, then vanish with a TCP reset (SO_LINGER 0)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=2)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    if payload:
        s.sendall(payload)
    if pause:
        time.sleep(pause)
    s.close()


def threads_of(proc: subprocess.Popen) -> int:
    """How many threads `proc` runs (Linux's /proc; elsewhere 0: nothing to wait for)."""
    tasks = Path(f"/proc/{proc.pid}/task")
    return len(list(tasks.iterdir())) if tasks.is_dir() else 0


def handled(proc: subprocess.Popen, threads: int, within: float = 60.0) -> None:
    """Wait until the server runs no more threads than `threads`, the number it ran idle:
    every connection it has taken is handled to its end."""
    deadline = time.monotonic() + within
    while threads_of(proc) > threads:
        assert time.monotonic() < deadline, f"connections still open after {within} s"
        time.sleep(0.02)


@pytest.mark.slow  # a real process and a few hundred connections
@pytest.mark.parametrize("lan", [False, True], ids=["localhost", "lan-without-token"])
def test_viewers_that_reset_print_nothing_on_the_scoreboard_terminal(cli, db, lan):
    cli(*START, *TRIBES)
    with process(db, *(["--lan"] if lan else [])) as (proc, port, query):
        threads = threads_of(proc)
        host = f"Host: 127.0.0.1:{port}\r\n".encode()
        requests = [
            b"GET /api/sta",  # half a request line
            b"GET /api/events HTTP/1.1\r\n" + host + b"\r\n",  # without any token on --lan
            b"GET / HTTP/1.1\r\n" + host + b"\r\n",
            f"GET /api/events{query} HTTP/1.1\r\n".encode() + host + b"\r\n",
            f"GET /{query} HTTP/1.1\r\n".encode() + host + b"\r\n",
        ]
        for _ in range(8):
            for request in requests:
                reset(port, request)
                reset(port, request, pause=0.02)  # after the server began to answer
        # Answered, so it has taken every connection before (one at a time, in order).
        assert ask(port, "GET", f"/api/state{query}")[0] == 200  # still serving
        handled(proc, threads)  # and ended each, printing what it would print
        proc.terminate()
        _, stderr = proc.communicate(timeout=30)
    assert not stderr, f"{stderr.count('Traceback')} tracebacks, ending: {stderr[-600:]}"


# --- 3. slow clients are timed out; the room still sees the game ----------------------


def open_sockets(port: int, count: int, payload: bytes) -> list[socket.socket]:
    opened = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        s.sendall(payload)
        opened.append(s)
    return opened


def closed_by_server(s: socket.socket, within: float) -> bool:
    """True when the server closes `s` (end of stream or reset) within `within` seconds."""
    s.settimeout(within)
    try:
        while s.recv(4096):  # a 503 or 408 may come first; the end is what counts
            pass
    except TimeoutError:
        return False
    except OSError:
        return True
    return True


@pytest.mark.slow  # waits out the header time of 40 stalled requests
def test_slow_clients_are_cut_off_while_a_viewer_still_sees_every_move(cli, db, monkeypatch):
    monkeypatch.setattr(guard, "HEADER_S", 1.0)
    monkeypatch.setattr(guard, "MAX_CONNECTIONS", 16)
    cli(*START, *TRIBES)
    threads_before = threading.active_count()
    # The most threads alive as any request's thread starts: the cap is checked at its
    # fullest, whenever a busy machine gets round to accepting the connections.
    most = [threads_before]
    handle = guard.GuardedServer.process_request_thread

    def counted(server, request, client_address):
        most[0] = max(most[0], threading.active_count())
        handle(server, request, client_address)

    monkeypatch.setattr(guard.GuardedServer, "process_request_thread", counted)
    with board(db) as port:
        viewer = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        viewer.request("GET", "/api/events")
        stream = viewer.getresponse()
        assert stream.status == 200 and stream.readline().startswith(b"data: ")
        stream.readline()
        # 40 requests that never finish their headers (the issue held 403 threads).
        half = f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ".encode()
        slow = open_sockets(port, 40, half)
        assert cli("hoopers", "match", "score", "Lucy", "3").exit_code == 0
        line = stream.readline()  # the viewer is not held up by them (how soon: benchmarks)
        while not line.startswith(b"data: "):
            line = stream.readline()
        assert json.loads(line.removeprefix(b"data: "))["state"]["scores"]["Lucy"] == 3
        # Each half-sent request is closed once its header time is up (1 s; waited for
        # generously: a busy machine is slow to get round to it, not the test's point).
        assert all(closed_by_server(s, 30.0) for s in slow)
        assert most[0] - threads_before <= 16 + 3  # the cap, watcher, server
        for s in slow:
            s.close()
        # A dribbler that sends a byte now and then is cut at the same bound.
        dribbler = socket.create_connection(("127.0.0.1", port), timeout=30)
        dribbler.sendall(b"GET / HTTP/1.1\r\n")
        cut = False
        for _ in range(150):  # at most 150 × 0.2 s, where the header time is 1 s
            try:
                dribbler.sendall(b"X")
            except OSError:
                cut = True
                break
            time.sleep(0.2)
        cut = cut or closed_by_server(dribbler, 5.0)
        assert cut
        dribbler.close()
        # Room for viewers again.
        assert ask(port, "GET", "/api/state")[0] == 200
        viewer.close()


# --- 4. methods, the error page, no LAN address ---------------------------------------


@pytest.mark.parametrize("method", ["HEAD", "OPTIONS", "TRACE", "BREW"])
def test_every_method_but_get_is_405(cli, db, method):
    cli(*START, *TRIBES)
    with board(db) as port:
        code, body, headers = ask(port, method, "/api/state")
    assert code == 405 and headers.get("Allow") == "GET"
    assert b"Lucy" not in body


def test_the_error_page_does_not_show_where_the_database_is(cli, db):
    cli(*START, *TRIBES)
    errors: list[str] = []
    with board(db, on_error=errors.append) as port:
        broken = db.with_name("broken.json")
        broken.write_text("{ not json")
        broken.replace(db)
        code, body = 0, b""
        for _ in range(600):  # at most 30 s
            code, body, _ = ask(port, "GET", "/api/state")
            if code == 503:
                break
            time.sleep(0.05)
    assert code == 503
    error = json.loads(body)["error"]
    assert "not JSON" in error and db.name in error
    assert str(db.parent) not in error and "/" not in error.split(db.name)[0]
    assert str(db) in errors[0]  # the terminal, on this computer, says where


def test_lan_without_a_lan_address_says_none_was_found(db, monkeypatch, capsys):
    monkeypatch.setattr(run, "lan_address", lambda: None)

    def interrupted(board):
        raise KeyboardInterrupt

    monkeypatch.setattr(run, "wait_forever", interrupted)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    run.run(Store(db), None, port, lan=True)
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert first.startswith(f"Scoreboard at http://127.0.0.1:{port}/?token=")
    assert "no address on the local network was found" in out.lower()
    assert f"http://{socket.gethostname()}:" not in out
