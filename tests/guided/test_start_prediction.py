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


def test_a_guided_series_start_says_its_managers_prediction_once(cli, scripted):
    # `series start --players` prints the managers' Valley Hoopers prediction; the menu's
    # start asked it under the Series' own name, which nobody is rated in, and said nothing.
    assert cli("log", "hoopers", "Ana=70", "Ben=60").exit_code == 0
    scripted.answer("What now?", "start")
    scripted.answer("Which game?", "series")
    scripted.answer("First tribe?", "Keepers")
    scripted.answer("Second tribe?", "Unleashed")
    scripted.answer("Who manages Keepers?", "Ana")
    scripted.answer("Who manages Unleashed?", "Ben")
    scripted.answer("Who is at home in game 1?", "Keepers")
    scripted.answer("Keepers: the setup's star upgrade is sleeved on?", "none")
    scripted.answer("Unleashed: the setup's star upgrade is sleeved on?", "none")
    scripted.expect("hoopers, who is likely to win (openskill): Ana ")
    scripted.answer("Play its first game now?", "n")
    scripted.answer("What now?", "quit")
    result = scripted.run()
    assert result.exit_code == 0, scripted.text
    assert scripted.text.count("who is likely to win") == 1
    said = "hoopers, who is likely to win (openskill): Ana 66% (provisional: 1 play) · Ben 34% "
    assert said + "(provisional: 1 play)" in scripted.text.splitlines()
