"""A Playlist game tied for first: the table names the winner, or the tie is a shared first
("The winner is the one whose playlist was worth the most points"; the rulebook names no
tie-break). Issue 43 item 9."""

from __future__ import annotations

from companion.store import Store
from companion.testing.scripted import UP
from tests.conftest import assert_user_error


def results(cli):
    return [m["result"] for m in cli("history", "list", "--json").json["matches"]]


def test_log_takes_the_winner_the_table_names_or_keeps_a_shared_first(cli):
    named = cli("log", "playlist", "Ana=10", "Ben=10", "Cy=5", "--tie-winner", "be")
    assert named.exit_code == 0, named.stderr
    assert "Ben 10 · Ana 10 · Cy 5 — Ben won" in named.stdout
    assert results(cli)[0] == {
        "scores": {"Ana": 10, "Ben": 10, "Cy": 5}, "ranks": {"Ana": 2, "Ben": 1, "Cy": 3},
        "winner": "Ben",
    }  # fmt: skip
    shared = cli("log", "playlist", "Ana=10", "Ben=10")
    assert "Ana 10 · Ben 10 — shared first: Ana, Ben" in shared.stdout
    assert_user_error(
        cli("log", "playlist", "Ana=10", "Ben=9", "--tie-winner", "Ben"),
        "--tie-winner Ben: there is no tie for first to break (Ana wins alone)",
    )
    assert_user_error(
        cli("log", "playlist", "Ana=10", "Ben=10", "Cy=5", "--tie-winner", "Cy"),
        "--tie-winner Cy: not tied for first (Ana, Ben are)",
    )


def log_guided(flow, scores, tie_answer, said):
    flow.answer("What now?", "log")
    flow.answer("Which game was played?", "playlist")
    flow.answer("Final scores?", scores)
    flow.answer("tie for first: who does the table name the winner?", tie_answer)
    for question in ("When was it", "How many minutes", "Where was it", "A note?"):
        flow.answer(question, "")
    flow.expect(said)
    flow.answer("What now?", "q")
    assert flow.run().exit_code == 0


def test_the_guided_log_asks_who_won_the_tie(cli, scripted):
    log_guided(scripted, "Ana=10 Ben=10 Cy=5", "ana", "Ana won")
    assert "? Ana, Ben tie for first: who does the table name the winner?" in scripted.text
    assert results(cli)[0]["ranks"] == {"Ana": 1, "Ben": 2, "Cy": 3}


def test_the_guided_log_keeps_a_shared_first(cli, scripted):
    log_guided(scripted, "Ana=10 Ben=10", "none", "shared first: Ana, Ben")
    assert results(cli)[0]["winner"] is None


def tied_game(cli):
    cli("playlist", "game", "start", "--players", "Ana,Ben", "--first", "Ana", "--seed", "1")
    cli("playlist", "game", "play", "Ana", "pop/3/love+piano+ballad/a", "pop/3/love+drums+sad/b")
    cli("playlist", "game", "turn")
    cli("playlist", "game", "play", "Ben", "pop/3/love+piano+ballad/c", "pop/3/love+drums+sad/d")


def test_a_tracked_game_tied_for_first_ends_shared_or_with_the_tables_winner(cli, db):
    tied_game(cli)
    assert_user_error(
        cli("playlist", "game", "end", "--now", "--tie-winner", "Cy"), "no player 'Cy'"
    )
    ended = cli("playlist", "game", "end", "--now", "--tie-winner", "ben")
    assert ended.exit_code == 0, ended.stderr
    assert ended.stdout.splitlines()[-1] == (
        "Tie for first: Ana, Ben; the table names Ben the winner, who picks the music."
    )
    match_id = cli("history", "list", "--json").json["matches"][0]["id"]
    stored = Store(db).get_match(match_id)["result"]
    assert (stored["winner"], stored["ranks"]) == ("Ben", {"Ana": 2, "Ben": 1})
    assert cli("history", "replay", match_id).exit_code == 0  # the events give that result
    tied_game(cli)
    shared = cli("playlist", "game", "end", "--now")
    assert shared.stdout.splitlines()[-1] == (
        "Tie for first: Ana, Ben (the rulebook names no tie-break): a shared first "
        "('--tie-winner NAME' names the winner the table chose)."
    )


def test_stats_and_the_win_rate_chart_count_a_shared_first_alike(cli):
    cli("log", "playlist", "Ana=10", "Ben=10")
    cli("log", "playlist", "Ana=12", "Ben=3")
    stats = cli("history", "stats", "--json").json["players"]
    wins = {r["player"]: r["wins"] for r in stats}
    assert wins == {"Ana": 2, "Ben": 1}  # a shared first is a win for each
    for player, won in wins.items():
        chart = cli("history", "chart", "--player", player, "--json").json
        assert chart["points"][0]["wins"] == won
        assert (
            cli("history", "chart", "--player", player, "--game", "playlist", "--json").json[
                "points"
            ][0]["wins"]
            == won
        )
    legend = cli("history", "stats").stdout
    assert "  rating: openskill's μ − 3σ, as 'history ratings --detail' shows it\n" in legend
    detail = cli("history", "ratings", "--detail", "--json").json["ratings"]
    assert {r["player"]: r["rating"] for r in detail} == {r["player"]: r["rating"] for r in stats}


def test_guided_play_asks_who_won_a_tie_at_the_end(cli, scripted):
    cli("playlist", "game", "start", "--players", "Ana,Ben", "--first", "Ana")

    def songs(who):
        return ", ".join(f"pop/1/love+piano+ballad/{who}{n}" for n in range(1, 16))

    flow = scripted
    for who in ("Ana", "Ben"):
        flow.answer(f"{who}'s assignment cards (first turn)?", "")
        flow.answer(f"{who} adds songs", songs(who.lower()))
        flow.answer(f"{who}'s song?", "")
        flow.answer(f"End {who}'s turn?", "")
    flow.answer("Score the playlists and finish?", "")
    flow.answer("Ana, Ben tie for first: who does the table name the winner?", UP + "\r")
    flow.expect("Tie for first: Ana, Ben; the table names Ben the winner, who picks the music.")
    assert flow.run("playlist", "play").exit_code == 0
    assert "(shared first)" in scripted.text
    assert results(cli)[0]["ranks"] == {"Ana": 2, "Ben": 1}
