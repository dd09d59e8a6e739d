"""`history stats` on a first evening (issue 24 item 14): a logged game with no tribe shows no
player's name as a tribe, and the columns that need it are explained on screen."""

from __future__ import annotations


def test_wins_by_tribe_never_shows_a_player_as_a_tribe(cli):
    assert cli("log", "hoopers", "Ann=80", "Bob=70").exit_code == 0
    game = cli("history", "stats", "--json").json["games"][0]
    assert (game["by_tribe"], game["no_tribe"]) == ({}, 2)
    out = cli("history", "stats").stdout
    assert "wins by tribe: 2 sides with no tribe logged" in out
    assert "Ann 1/1" not in out


def test_a_logged_tribe_counts_and_the_other_side_is_counted_apart(cli):
    assert cli("log", "hoopers", "Ann=80", "Bob=70", "--tribe", "Ann=keepers").exit_code == 0
    game = cli("history", "stats", "--json").json["games"][0]
    assert game["by_tribe"] == {"Keepers": {"plays": 1, "wins": 1, "win_rate": 1.0}}
    out = cli("history", "stats").stdout
    assert "wins by tribe: Keepers 1/1 (1 side with no tribe logged)" in out


def test_sides_named_after_their_tribes_still_count(cli):
    assert cli("log", "hoopers", "Keepers=80", "Unleashed=70").exit_code == 0
    game = cli("history", "stats", "--json").json["games"][0]
    assert set(game["by_tribe"]) == {"Keepers", "Unleashed"} and game["no_tribe"] == 0


def test_nemesis_and_favourite_are_explained_under_the_table(cli):
    assert cli("log", "otdraft", "Ana=98", "Ben=80").exit_code == 0
    lines = cli("history", "stats").stdout.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("player"))
    assert "favourite" in lines[head]
    legend = "  nemesis: the opponent who beat them most · favourite: the opponent they beat most"
    assert legend in lines[head:]
