"""`companion watch --once` and the guided commands off a terminal (in-process)."""

from __future__ import annotations

import pytest

from tests.conftest import assert_user_error

START = ("hoopers", "match", "start", "--home", "Lucy", "--away", "Karl")
ROSTERS = ("--home-tribe", "unleashed", "--away-tribe", "keepers", "--first", "Lucy")


def test_watch_once_json_is_the_match_status(cli):
    assert cli(*START, *ROSTERS, "--seed", "3").exit_code == 0
    assert cli("hoopers", "match", "score", "Lucy", "3").exit_code == 0
    watched = cli("watch", "--once", "--json")
    assert watched.exit_code == 0
    assert watched.json == cli("hoopers", "match", "status", "--json").json
    assert watched.json["score"] == {"Lucy": 3, "Karl": 0}


def test_watch_once_draws_the_scoreboard(cli):
    cli(*START, *ROSTERS)
    cli("hoopers", "match", "score", "Karl", "2", "--hooper", "Edd")
    frame = cli("watch", "--once", "--game", "hoop")
    assert frame.exit_code == 0
    assert "Lucy 0 – 2 Karl" in frame.stdout
    assert "Edd Trapp" in frame.stdout


def test_watch_without_a_live_match(cli):
    assert_user_error(cli("watch", "--once"), "no live match")


def test_watch_json_needs_once(cli):
    cli(*START, *ROSTERS)
    assert_user_error(cli("watch", "--json"), "--once")


def test_watch_asks_which_game_when_several_are_live(cli, db):
    from companion.store import Store

    cli(*START, *ROSTERS)
    Store(db).start_match("otdraft", ["Ana", "Ben"], {}, seed=1)
    assert_user_error(cli("watch", "--once"), "--game")
    other = cli("watch", "--once", "--game", "otdraft", "--json")
    assert other.exit_code == 0
    assert other.json["game"] == "otdraft" and other.json["players"] == ["Ana", "Ben"]
    assert other.json["events"] == 0


def test_generic_scoreboard_lists_players_and_events(cli, db):
    from companion.store import Store

    Store(db).start_match("nogame", ["Ana", "Ben"], {}, seed=1, events=[{"type": "x"}])
    frame = cli("watch", "--once")
    assert frame.exit_code == 0
    assert "Ana" in frame.stdout and "1 event recorded" in frame.stdout


def test_hoopers_play_needs_a_terminal(cli):
    cli(*START, *ROSTERS)
    assert_user_error(cli("hoopers", "play"), "needs a terminal")


def test_a_move_recorded_while_the_first_frame_is_drawn_is_shown(cli, db, monkeypatch):
    """Issue 38 item 6: watch took its first change stamp after drawing its first frame, so
    a move recorded meanwhile (another process; a busy machine widens the moment) was never
    shown. Here the move is recorded while the first frame is drawn."""
    from companion.store import Store
    from companion.ui import watch

    cli(*START, *ROSTERS, "--seed", "3")
    scores, polls = [], []
    drawn, stamped = watch.frame, watch.change_stamp

    def frame(status, note=""):
        scores.append(status.to_json()["score"])
        if len(scores) == 1:
            assert cli("hoopers", "match", "score", "Lucy", "3").exit_code == 0
        elif len(scores) == 2:
            raise KeyboardInterrupt  # seen: the test is done
        return drawn(status, note)

    def change_stamp(store):
        polls.append(1)
        if len(polls) > 50:  # bounded: missed for good
            raise KeyboardInterrupt
        return stamped(store)

    monkeypatch.setattr(watch, "frame", frame)
    monkeypatch.setattr(watch, "change_stamp", change_stamp)
    monkeypatch.setattr(watch, "POLL_S", 0.01)
    watch.follow(Store(db), None)
    assert scores == [{"Lucy": 0, "Karl": 0}, {"Lucy": 3, "Karl": 0}]


def _companion() -> list[str]:
    import sys
    from pathlib import Path

    script = Path(sys.executable).with_name("companion")
    return [str(script)] if script.exists() else [sys.executable, "-m", "companion"]


@pytest.mark.slow
def test_watch_off_a_terminal_appends_a_frame_per_change(cli, db):
    """Piped: the first frame at once, another when a second process records something."""
    import os
    import queue
    import signal
    import subprocess
    import threading
    import time

    cli(*START, *ROSTERS, "--seed", "3")
    env = {**os.environ, "COLUMNS": "100"}
    for name in ("COMPANION_DB", "PYTHONUNBUFFERED"):  # frames must be flushed by watch
        env.pop(name, None)
    proc = subprocess.Popen(
        [*_companion(), "--db", str(db), "watch"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()

    def read_until(text: str, timeout: float = 60.0) -> list[str]:
        seen, end = [], time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                seen.append(lines.get(timeout=0.2))
            except queue.Empty:
                assert proc.poll() is None, proc.stderr.read()
                continue
            if text in seen[-1]:
                return seen
        raise AssertionError(f"no {text!r} in {seen!r}")

    try:
        first = read_until("Lucy 0 – 0 Karl")
        assert all("\x1b" not in line for line in first)  # plain text, no redraw codes
        assert cli("hoopers", "match", "score", "Lucy", "3").exit_code == 0
        second = read_until("Lucy 3 – 0 Karl")
        assert any(line.startswith("hoopers match ") for line in second)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
