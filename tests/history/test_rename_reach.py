"""A rename reaches everything: the live game, the Series, the room's board and the seats,
`history show`; players are listed case-insensitively (issue 43 item 8)."""

from __future__ import annotations

from companion.store import Store


def live_game_and_series(cli):
    cli("log", "otdraft", "ben=3", "Ana=5")
    assert cli("otdraft", "game", "start", "--players", "ben,Ana", "--seed", "1").exit_code == 0
    series = ("hoopers", "series", "start", "--players", "ben=Keepers,Ana=Unleashed")
    assert cli(*series, "--home", "Keepers", "--seed", "1").exit_code == 0


def test_a_rename_reaches_the_live_game_its_board_and_seats_and_the_series(cli, db):
    live_game_and_series(cli)
    renamed = cli("players", "rename", "ben", "Ben")
    assert renamed.stdout == "ben is now Ben (2 matches)\n"
    status = cli("otdraft", "game", "status", "--json").json
    assert status["players"] == ["Ben", "Ana"]
    assert cli("otdraft", "game", "status").stdout.splitlines()[1] == (
        "Next: Ben picks from the Draftline."
    )
    board = cli("watch", "--once", "--game", "otdraft", "--json").json  # the room's board
    assert board["players"] == ["Ben", "Ana"]
    seats = cli("seats", "otdraft", "--json").json["seats"]
    assert [s["player"] for s in seats] == ["Ben", "Ana"]
    series = cli("hoopers", "series", "status", "--json").json
    assert series["managers"] == {"Keepers": "Ben", "Unleashed": "Ana"}
    assert (
        cli("hoopers", "series", "status")
        .stdout.splitlines()[0]
        .endswith("Keepers (Ben) v Unleashed (Ana) — live")
    )
    # the game goes on under the new name, and is filed so
    assert cli("otdraft", "game", "abandon").exit_code == 0
    live = [m for m in Store(db).view().live if m["game"] == "otdraft"]
    assert live == []
    assert "Ben" in cli("history", "list").stdout and "ben" not in cli("history", "list").stdout


def test_history_show_prints_the_name_as_it_is_now_and_json_as_stored(cli):
    cli("log", "otdraft", "ben=3", "Ana=5")
    match_id = cli("history", "list", "--json").json["matches"][0]["id"]
    cli("players", "rename", "ben", "Ben")
    shown = cli("history", "show", match_id).stdout.splitlines()
    assert shown[1] == "players: Ben, Ana"
    assert shown[3] == "result: Ana 5 · Ben 3 — Ana won"
    assert cli("history", "show", match_id, "--json").json["players"] == ["ben", "Ana"]


def test_players_are_listed_case_insensitively(cli):
    for name in ("Cy", "bea", "Al"):
        cli("log", "otdraft", f"{name}=3", "Zed=5")
    rows = cli("history", "players", "--json").json
    listed = rows["players"] if isinstance(rows, dict) else rows
    assert [r["player"] for r in listed] == ["Zed", "Al", "bea", "Cy"]
