"""`companion watch --web`: the scoreboard server, in-process over real HTTP on loopback."""

from __future__ import annotations

import http.client
import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from companion.store import Store
from companion.ui.web.server import Board, serve, stop
from tests.conftest import assert_user_error

START = ("hoopers", "match", "start", "--home", "Lucy", "--away", "Karl")
TRIBES = ("--home-tribe", "unleashed", "--away-tribe", "keepers", "--first", "Lucy", "--seed", "3")


@contextmanager
def board(db, token: str | None = None, errors: list[str] | None = None) -> Iterator[int]:
    """A running server on a free loopback port; yields the port."""
    on_error = errors.append if errors is not None else (lambda line: None)
    b = Board(Store(db), None, token=token, on_error=on_error)
    server = serve(b, "127.0.0.1", 0)
    try:
        yield server.server_address[1]
    finally:
        stop(b, server)


def get(port: int, path: str) -> tuple[int, bytes, dict[str, str]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, body, dict(response.getheaders())


def test_api_state_is_what_watch_once_json_prints(cli, db):
    cli(*START, *TRIBES)
    cli("hoopers", "match", "score", "Karl", "2")
    with board(db) as port:
        code, body, headers = get(port, "/api/state")
    assert code == 200 and headers["Content-Type"] == "application/json"
    assert json.loads(body) == cli("watch", "--once", "--json").json
    assert json.loads(body)["scores"] == {"Lucy": 0, "Karl": 2}


def test_the_page_is_served_by_the_program_with_no_outside_assets(cli, db):
    with board(db) as port:
        code, body, headers = get(port, "/")
    page = body.decode()
    assert code == 200 and headers["Content-Type"].startswith("text/html")
    assert "EventSource" in page and "/api/events" in page
    # Nothing fetched from anywhere else: no external scripts, styles, fonts or images.
    assert "http://" not in page and "https://" not in page and "//cdn" not in page
    # Names are set as text only.
    assert "innerHTML" not in page and "textContent" in page


def test_a_move_reaches_an_open_stream(cli, db):
    """How soon is measured by tests/benchmarks/ (a timed assertion fails on a busy machine):
    here, that it comes, on the open stream, waited for with a generous deadline."""
    cli(*START, *TRIBES)
    with board(db) as port:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("GET", "/api/events")
        stream = conn.getresponse()
        assert stream.getheader("Content-Type") == "text/event-stream"
        first = json.loads(stream.readline().decode().removeprefix("data: "))
        assert first["code"] == 200 and first["state"]["scores"] == {"Lucy": 0, "Karl": 0}
        stream.readline()
        assert cli("hoopers", "match", "score", "Lucy", "3").exit_code == 0
        line = stream.readline().decode()
        while not line.startswith("data: "):
            line = stream.readline().decode()
        conn.close()
    update = json.loads(line.removeprefix("data: "))
    assert update["state"]["scores"] == {"Lucy": 3, "Karl": 0}


def test_without_a_live_game_the_page_waits(db):
    with board(db) as port:
        code, body, _ = get(port, "/api/state")
    assert code == 404 and "no live match" in json.loads(body)["waiting"]


def test_a_token_guards_every_path(cli, db):
    cli(*START, *TRIBES)
    with board(db, token="s3cret") as port:
        for path in ("/", "/api/state", "/api/events", "/api/state?token=wrong"):
            code, body, _ = get(port, path)
            assert code == 403, path
            assert b"Lucy" not in body
        assert get(port, "/api/state?token=s3cret")[0] == 200
        assert get(port, "/?token=s3cret")[0] == 200


def test_nothing_changes_anything(cli, db):
    cli(*START, *TRIBES)
    before = db.read_bytes()
    with board(db) as port:
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            conn.request(method, "/api/state", body=b"{}")
            assert conn.getresponse().status == 405
            conn.close()
    assert db.read_bytes() == before


def test_a_corrupt_database_gives_an_error_page_and_one_line(cli, db):
    cli(*START, *TRIBES)
    errors: list[str] = []
    with board(db, errors=errors) as port:
        broken = db.with_name("broken.json")
        broken.write_text("{ not json")
        broken.replace(db)  # whole, as any writer replaces it: never seen half-written
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            code, body, _ = get(port, "/api/state")
            if code == 503:
                break
            time.sleep(0.05)
        assert code == 503 and "not JSON" in json.loads(body)["error"]
        assert get(port, "/")[0] == 200  # the page itself still loads and shows the error
    assert len(errors) == 1 and "not JSON" in errors[0]


def test_ten_viewers_and_one_that_vanishes_do_not_disturb_the_table(cli, db):
    cli(*START, *TRIBES)
    with board(db) as port:
        viewers = []
        for _ in range(10):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            conn.request("GET", "/api/events")
            viewers.append((conn, conn.getresponse()))
        rude = socket.create_connection(("127.0.0.1", port))
        rude.sendall(b"GET /api/events HTTP/1.1\r\nHost: x\r\n\r\n")
        rude.close()  # gone mid-stream
        assert cli("hoopers", "match", "score", "Karl", "1").exit_code == 0  # not held up
        for conn, stream in viewers:
            line = stream.readline()
            while not line.startswith(b"data: ") or b'"Karl": 1' not in line:
                line = stream.readline()
            conn.close()


def test_a_taken_port_is_said_with_a_suggestion(cli, db):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert_user_error(cli("watch", "--web", "--port", str(port)), f"port {port} is taken")


@pytest.mark.parametrize("extra", [("--once",), ("--json",)])
def test_web_does_not_go_with_once_or_json(cli, extra):
    assert_user_error(cli("watch", "--web", *extra), "--web")


def test_port_and_lan_need_web(cli):
    assert_user_error(cli("watch", "--lan"), "--web")


def test_lan_prints_a_tokened_url_and_a_qr_code(db, monkeypatch, capsys):
    """`--lan` prints the LAN address with the token, and a QR code of that link."""
    from companion.ui.web import run

    # A documentation address: it only appears in the printed link and the Host header.
    monkeypatch.setattr(run, "lan_address", lambda: "192.0.2.7")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    answers: dict[str, Any] = {}

    def visit(board):  # what phones do while the server runs, then Ctrl-C
        answers["printed"] = capsys.readouterr().out
        token = answers["printed"].splitlines()[0].rsplit("?token=", 1)[1]
        for name, path in (("bare", "/api/state"), ("tokened", f"/api/state?token={token}")):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            conn.putrequest("GET", path, skip_host=True)
            conn.putheader("Host", f"192.0.2.7:{port}")
            conn.endheaders()
            answers[name] = conn.getresponse().status
            conn.close()
        raise KeyboardInterrupt

    monkeypatch.setattr(run, "wait_forever", visit)
    run.run(Store(db), None, port, lan=True)
    first, *rest = answers["printed"].splitlines()
    assert first.startswith(f"Scoreboard at http://192.0.2.7:{port}/?token=")
    assert len(first.rsplit("?token=", 1)[1]) >= 16
    assert any("█" in line or "▀" in line or "▄" in line for line in rest)  # the QR code
    assert answers["bare"] == 403
    assert answers["tokened"] == 404  # allowed; nothing live yet


def test_lan_serves_every_interface_from_a_real_process(tmp_path):
    """A real process: `--lan` binds every interface; the URL it prints carries the token."""
    db = tmp_path / "db.json"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", str(db), "watch", "--web", "--lan",
         "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        first = process.stdout.readline()
        assert first.startswith("Scoreboard at http://") and "?token=" in first
        token = first.strip().rsplit("?token=", 1)[1]
        assert get(port, "/api/state")[0] == 403
        assert get(port, f"/api/state?token={token}")[0] == 404  # allowed; nothing live yet
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_watch_web_starts_again_on_its_port_while_a_viewer_is_still_connected(tmp_path):
    """Issue 38 item 4: stopped with a page still open, `watch --web` could not bind its
    port again for a minute ("port N is taken": the closed connection's TIME_WAIT)."""
    db = tmp_path / "db.json"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "companion", "--db", str(db), "watch", "--web"]
    command += ["--port", str(port)]

    def started() -> subprocess.Popen:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        first = process.stdout.readline()  # the server listens once this is printed
        assert first.startswith(b"Scoreboard at http://127.0.0.1:"), process.stderr.read()
        return process

    process = started()
    viewer = socket.create_connection(("127.0.0.1", port), timeout=10)
    try:
        viewer.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        assert viewer.recv(12).startswith(b"HTTP/1.1 200")
        process.send_signal(signal.SIGINT)  # Ctrl-C, the viewer's page still open
        # stopped either way: served out (0), or Ctrl-C met mid-shutdown on a loaded machine
        # (130, "interrupted"); what is tested is the port taken again below
        assert process.wait(timeout=30) in (0, 130)
        viewer.recv(65536)  # the server's end of the stream: the viewer sees it close
        again = started()
        try:
            assert get(port, "/api/state")[0] == 404  # serving; nothing live
        finally:
            again.send_signal(signal.SIGINT)
            again.wait(timeout=30)
    finally:
        viewer.close()
        if process.poll() is None:
            process.kill()


def test_a_game_just_ended_shows_its_bg_stats_link_as_a_qr_code(cli, db):
    import base64

    with board(db) as port:
        code, body, _ = get(port, "/api/state")
        assert code == 404 and "last_play" not in json.loads(body)  # no play yet
    cli("log", "otdraft", "Ana=9", "Ben=3", "--minutes", "30")
    with board(db) as port:
        code, body, _ = get(port, "/api/state")
    doc = json.loads(body)
    assert code == 404 and doc["waiting"]
    last = doc["last_play"]
    assert last["url"] == cli("history", "link", "--json").json["url"]
    prefix = "data:image/svg+xml;base64,"
    assert last["qr"].startswith(prefix)
    svg = base64.b64decode(last["qr"][len(prefix) :]).decode()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    with board(db) as port:
        _, page, _ = get(port, "/")
    assert b"last-play" in page  # the page draws it
