"""Guided play asks about a name one slip from a known player's (CLI: `--new`), and takes a
known player typed in another case as that player."""

from __future__ import annotations

from companion.testing.scripted import DOWN


def _logged(cli) -> list[list[str]]:
    return [m["players"] for m in cli("history", "list", "--json").json["matches"]]


def test_the_menu_log_asks_whether_a_slip_is_the_known_player(cli, scripted):
    cli("log", "playlist", "Ana=3", "Ben=9")
    scripted.answer("What now?", "log")
    scripted.answer("Which game was played?", "playlist")
    scripted.answer("Final scores?", "ana=5 Bne=4")
    scripted.answer("Bne is not a known player: is it Ben?", "")  # Enter: Ben
    scripted.answer("When was it played?", "")
    scripted.answer("How many minutes did it take?", "")
    scripted.answer("Where was it played?", "")
    scripted.answer("A note?", "")
    scripted.expect("Ana 5 · Ben 4 — Ana won")
    scripted.answer("What now?", "q")
    assert scripted.run().exit_code == 0
    assert _logged(cli) == [["Ana", "Ben"], ["Ana", "Ben"]]


def test_the_menu_log_keeps_a_new_player_the_table_confirms(cli, scripted):
    cli("log", "playlist", "Anna=3", "Ben=9")
    scripted.answer("What now?", "log")
    scripted.answer("Which game was played?", "playlist")
    scripted.answer("Final scores?", "Anja=5 Ben=4")
    scripted.send(DOWN + "\r")  # Anja is not a known player: is it Anna? ↓ someone new
    scripted.answer("When was it played?", "")
    scripted.answer("How many minutes did it take?", "")
    scripted.answer("Where was it played?", "")
    scripted.answer("A note?", "")
    scripted.expect("Anja 5 · Ben 4 — Anja won")
    scripted.answer("What now?", "q")
    assert scripted.run().exit_code == 0
    assert "? Anja is not a known player: is it Anna? [Anna / Anja (someone new)]" in scripted.text
    assert ["Anja", "Ben"] in _logged(cli)


def test_a_guided_start_folds_case_and_asks_about_a_slip(cli, scripted):
    cli("log", "otdraft", "Ana=30", "Ben=20")
    scripted.answer("Start a draft now?", "")
    scripted.answer("Players, clockwise", "ana,Bne")
    scripted.answer("Bne is not a known player: is it Ben?", "")
    scripted.answer("Who starts?", "")
    scripted.interrupt()
    scripted.run("otdraft", "play")
    assert "? Who starts? [Ana / Ben] (Ana)" in scripted.text
