"""The menu's "log a finished game", driven through a real pseudo-terminal."""

from __future__ import annotations

import pytest

from tests.guided.terminal import Terminal, json_of


def test_menu_logs_a_finished_game(db):
    term = Terminal(db)
    term.answer("What now?", "log")
    term.answer("Which game was played?", "all")
    term.answer("Final scores?", "Ana=30 Ben=30, Cy=20")
    term.answer("Play-Off Supporters of Ana, Ben", "Ana=6 Ben=9")
    term.answer("When was it played?", "2026-11-28 20:30")
    term.answer("How many minutes did it take?", "")
    term.answer("Where was it played?", "")
    term.answer("A note?", "")
    term.expect("Ben 30 · Ana 30 · Cy 20 — Ben won")
    term.answer("What now?", "q")
    assert term.finish() == 0
    (row,) = json_of(db, "history", "list")["matches"]
    assert (row["game"], row["logged"], row["result"]["winner"]) == ("allstar", True, "Ben")


@pytest.mark.slow  # a real pty, seconds: the full suite runs it
def test_a_draw_cannot_be_submitted(db):
    term = Terminal(db)
    term.answer("What now?", "log")
    term.answer("Which game was played?", "")  # hoopers
    term.answer("Final scores?", "Ann=80 Bob=80")
    term.expect("overtime decides")
    term.send("\x15Ann=88 Bob=80\r")  # Ctrl-U clears the line
    term.answer("Tribes?", "Ann=keep Bob=unl")
    term.answer("When was it played?", "")
    term.answer("How many minutes did it take?", "")
    term.answer("Where was it played?", "")
    term.answer("A note?", "")
    term.expect("Ann 88 · Bob 80 — Ann won")
    term.answer("What now?", "q")
    assert term.finish() == 0
    (row,) = json_of(db, "history", "list")["matches"]
    assert row["result"]["scores"] == {"Ann": 88, "Bob": 80}


@pytest.mark.slow  # a real pty, seconds: the full suite runs it
def test_the_guided_log_records_minutes_and_keeps_the_default_location(db):
    from tests.guided.terminal import Terminal as Again

    term = Terminal(db)
    term.answer("What now?", "log")
    term.answer("Which game was played?", "ot")
    term.answer("Final scores?", "Ana=30 Ben=20")
    term.answer("When was it played?", "")
    term.answer("How many minutes did it take?", "forty")
    term.expect("is not a whole number")
    term.send("\x1545\r")
    term.answer("Where was it played?", "Club")
    term.answer("A note?", "")
    term.expect("45 min, at Club")
    term.answer("What now?", "q")
    assert term.finish() == 0
    again = Again(db)  # the next game: Club is offered, and taken as it is
    again.answer("What now?", "log")
    again.answer("Which game was played?", "ot")
    again.answer("Final scores?", "Ana=10 Ben=20")
    again.answer("When was it played?", "")
    again.answer("How many minutes did it take?", "")
    again.expect("Where was it played? [a place (the default: Club)] (Club)")
    again.send("\r")
    again.answer("A note?", "")
    again.expect("at Club (the last one used")
    again.answer("What now?", "q")
    assert again.finish() == 0
    rows = json_of(db, "history", "list")["matches"]
    shown = [json_of(db, "history", "show", r["id"])["options"] for r in rows]
    found = sorted((o.get("minutes", 0), o["location"]) for o in shown)
    assert found == [(0, "Club"), (45, "Club")]


@pytest.mark.slow  # a real pty, seconds: the full suite runs it
def test_when_was_it_played_takes_yesterday_and_never_shows_a_flag(db):
    from datetime import datetime, timedelta

    term = Terminal(db)
    term.answer("What now?", "log")
    term.answer("Which game was played?", "ot")
    term.answer("Final scores?", "Ana=30 Ben=20")
    term.answer("When was it played?", "yestrday")
    refused = term.expect("is not a date")
    assert "--when" not in refused
    term.send("yesterday\r")  # asked again on an empty line: nothing to clear
    term.answer("How many minutes did it take?", "")
    term.answer("Where was it played?", "")
    term.answer("A note?", "")
    term.expect("Ana 30 · Ben 20 — Ana won")
    term.answer("What now?", "q")
    assert term.finish() == 0
    assert "yestrdayyesterday" not in term.text
    (row,) = json_of(db, "history", "list")["matches"]
    local = datetime.fromisoformat(row["finished"]).astimezone()
    today = datetime.now().astimezone().date()
    assert (local.date(), local.hour) in {
        (today - timedelta(days=1), 12),
        (today - timedelta(days=2), 12),
    }
