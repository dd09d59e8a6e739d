"""A guided start says its players' openskill prediction once, as a command-line start does
(issue 31: "a tracked start shows the line once")."""

from __future__ import annotations


def test_a_menu_start_says_who_is_likely_to_win_once(cli, scripted):
    for ana, ben in [(30, 10), (25, 12)]:
        assert cli("log", "playlist", f"Ana={ana}", f"Ben={ben}").exit_code == 0
    scripted.answer("What now?", "start")
    scripted.answer("Which game?", "playlist")
    scripted.answer("Players in seat order", "Ana,Ben")
    scripted.answer("Who starts?", "Ben")
    scripted.expect("playlist, who is likely to win (openskill): Ana")
    scripted.answer("Play the first turns now?", "n")
    scripted.answer("What now?", "quit")
    result = scripted.run()
    assert result.exit_code == 0
    assert scripted.text.count("who is likely to win") == 1
    assert "(provisional: 2 plays)" in scripted.text


def test_a_start_of_unrated_players_says_nothing_of_it(scripted):
    scripted.answer("What now?", "start")
    scripted.answer("Which game?", "playlist")
    scripted.answer("Players in seat order", "Ana,Ben")
    scripted.answer("Who starts?", "Ben")
    scripted.answer("Play the first turns now?", "n")
    scripted.answer("What now?", "quit")
    result = scripted.run()
    assert result.exit_code == 0
    assert "who is likely to win" not in scripted.text
