"""The menu's "log a finished game", driven through a real pseudo-terminal."""

from __future__ import annotations

from tests.guided.terminal import Terminal, json_of


def test_menu_logs_a_finished_game(db):
    term = Terminal(db)
    term.answer("What now?", "log")
    term.answer("Which game was played?", "all")
    term.answer("Final scores?", "Ana=30 Ben=30, Cy=20")
    term.answer("Play-Off Supporters of Ana, Ben", "Ana=6 Ben=9")
    term.answer("When was it played?", "2026-11-28 20:30")
    term.answer("A note?", "")
    term.expect("Ben 30 · Ana 30 · Cy 20 — Ben won")
    term.answer("What now?", "q")
    assert term.finish() == 0
    (row,) = json_of(db, "history", "list")["matches"]
    assert (row["game"], row["logged"], row["result"]["winner"]) == ("allstar", True, "Ben")


def test_a_draw_cannot_be_submitted(db):
    term = Terminal(db)
    term.answer("What now?", "log")
    term.answer("Which game was played?", "")  # hoopers
    term.answer("Final scores?", "Ann=80 Bob=80")
    term.expect("overtime decides")
    term.send("\x15Ann=88 Bob=80\r")  # Ctrl-U clears the line
    term.answer("Tribes?", "Ann=keep Bob=unl")
    term.answer("When was it played?", "")
    term.answer("A note?", "")
    term.expect("Ann 88 · Bob 80 — Ann won")
    term.answer("What now?", "q")
    assert term.finish() == 0
    (row,) = json_of(db, "history", "list")["matches"]
    assert row["result"]["scores"] == {"Ann": 88, "Bob": 80}
