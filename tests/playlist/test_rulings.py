"""The rules of the second pass (issue 15), through the CLI; each test quotes its rule."""

from __future__ import annotations

from companion.store import Store
from tests.conftest import assert_user_error

P1, P2, P3 = (
    "pop/1/love+piano+ballad/p1",
    "pop/2/love+dancing+feel-good/p2",
    "pop/3/love+drums+synth/p3",
)
R1, R2 = "rock/1/drums+bass+sad/r1", "rock/1/drums+bass+death/r2"
C1, C2 = "country/1/guitar+wind+movie/c1", "country/2/guitar+wind+strings/c2"


def titles(body: dict, player: str) -> list[str]:
    return [c["title"] for c in body["playlists"][player]]


def events(db) -> list[dict]:
    return Store(db).current_match("playlist")["events"]


def ben_sings(cli, cy_cards=(R1, R2)) -> None:
    """Cy has a playlist, Ana none; it is Ben's turn and he has just added p3, the song to sing."""
    cli("playlist", "game", "start", "-p", "Cy,Ben,Ana", "--first", "Cy")
    cli("playlist", "game", "play", "cy", *cy_cards)
    cli("playlist", "game", "turn")
    cli("playlist", "game", "play", "ben", P1, P2, P3)


# --- item 20: claims ------------------------------------------------------------------------
# "If someone else can sing or hum at least 2 lines … that player can add the song to their
# playlist, but only if it matches the last card. If not, the card is put away."


def test_a_claim_takes_the_singers_last_song_in_one_step(cli, db):
    ben_sings(cli, cy_cards=(R1, R2))  # Cy's last card r2 shares drums with p3
    count = len(events(db))
    claimed = cli("playlist", "game", "claim", "cy", "--json").json
    assert len(events(db)) == count + 1  # one step, no 'lose' first
    assert (titles(claimed, "Ben"), titles(claimed, "Cy")) == (["p1", "p2"], ["r1", "r2", "p3"])
    assert claimed["event"]["data"] | {"card": None} == {
        "player": "Cy",
        "card": None,
        "joined": True,
        "from": "Ben",
        "how": "sung",
    }
    assert claimed["notes"] == [
        "p3 leaves Ben's playlist.",
        "p3 joins Cy's playlist (it matches the last card).",
    ]
    # one undo gives the song back to Ben
    undone = cli("playlist", "game", "undo", "--json").json
    assert (titles(undone, "Ben"), titles(undone, "Cy")) == (["p1", "p2", "p3"], ["r1", "r2"])


def test_a_claim_that_does_not_match_puts_the_card_away(cli):
    ben_sings(cli, cy_cards=(C1, C2))  # no icon of p3 on c2
    claimed = cli("playlist", "game", "claim", "cy", P3, "--json").json  # naming the song
    assert (titles(claimed, "Ben"), titles(claimed, "Cy")) == (["p1", "p2"], ["c1", "c2"])
    assert claimed["event"]["data"]["joined"] is False
    assert "p3 does not match Cy's last card: put away." in claimed["notes"]
    human = cli("playlist", "game", "status").stdout
    assert "p1 → p2 " in human and "p3" not in human


def test_a_claim_is_refused_for_the_singer_and_for_an_older_song(cli, db):
    ben_sings(cli)
    before = db.read_bytes()
    assert_user_error(cli("playlist", "game", "claim", "ben"), "cannot claim their own song")
    assert_user_error(
        cli("playlist", "game", "claim", "cy", P1),
        "already in Ben's playlist; only the last song Ben added can be claimed",
    )
    assert db.read_bytes() == before


# "Bluff … if you are called out and indeed it is wrong, the person that called you out can take
# the card and add that card to their playlist, but only if it matches the last card of their
# playlist." — "If you are accused of bluffing, but you were actually correct, then the person
# calling you out loses their last card in their playlist."


def test_a_caught_bluff_works_the_same_way(cli):
    ben_sings(cli)
    caught = cli("playlist", "game", "bluff", "cy", "--json").json
    assert (titles(caught, "Ben"), titles(caught, "Cy")) == (["p1", "p2"], ["r1", "r2", "p3"])
    assert caught["event"]["data"]["how"] == "bluff"
    assert caught["notes"][0] == "the bluff is called out: p3 leaves Ben's playlist."


def test_a_wrong_bluff_call_costs_the_caller_their_last_song(cli, db):
    ben_sings(cli)
    wrong = cli("playlist", "game", "bluff", "cy", "--wrong", "--json").json
    assert (titles(wrong, "Ben"), titles(wrong, "Cy")) == (["p1", "p2", "p3"], ["r1"])
    assert wrong["notes"] == ["a wrong bluff call: Cy loses the last card of their playlist (r2)."]
    before = db.read_bytes()
    assert_user_error(cli("playlist", "game", "bluff", "ben"), "cannot claim their own song")
    assert_user_error(
        cli("playlist", "game", "bluff", "ana", "--wrong"), "no playlist, so no last card"
    )
    assert db.read_bytes() == before


# --- item 21: a solo playlist is counted when nothing more fits -----------------------------
# "Once you have a Playlist, you can add songs by finding a song that matches with the last or
# the first card in the Playlist." — "If you cannot add more songs to the Playlist, you can
# count your score."

LAID_OUT = [
    "pop/3/love+piano+ballad/a",
    "pop/3/love+drums+sad/b",
    "pop/3/love+bass+death/c",
    "rock/0/bass+death+movie/x",  # different genre: two icons shared with c
    "country/1/guitar+wind+strings/d",  # fits nothing
]


def lay_out(cli) -> None:
    for card in LAID_OUT:
        assert cli("playlist", "cards", "add", card).exit_code == 0
    dealt = cli("playlist", "solo", "start", "--cards", "5", "--seed", "1", "--json").json
    assert sorted(c["title"] for c in dealt["cards"]) == ["a", "b", "c", "d", "x"]


def test_solo_score_is_refused_while_a_laid_out_card_still_fits(cli, db):
    lay_out(cli)
    before = db.read_bytes()
    assert_user_error(
        cli("playlist", "solo", "score", "a", "b", "c"),
        "not recorded: #4 x still fits after #3 c; a playlist is counted when no more songs",
    )
    refused = cli("playlist", "solo", "score", "b", "c", "x")
    assert_user_error(refused, "#1 a still fits before #2 b")
    assert db.read_bytes() == before
    done = cli("playlist", "solo", "score", "a", "b", "c", "x", "--json").json
    assert (done["recorded"], done["total"], done["still_fits"]) == (True, 10, [])


def test_solo_score_anyway_counts_it_and_says_what_still_fitted(cli):
    lay_out(cli)
    done = cli("playlist", "solo", "score", "a", "b", "c", "--anyway", "--json").json
    assert (done["recorded"], done["total"]) == (True, 10)
    assert [c["title"] for c in done["still_fits"]] == ["x"]
    human = cli("playlist", "solo", "status", "--json").json
    assert human["rounds"] == [{"cards": 5, "score": 10, "wins": True}]


def test_the_solver_answers_a_playlist_nothing_more_fits(cli):
    lay_out(cli)
    best = cli("playlist", "solo", "solve", "--json").json
    assert sorted(c["title"] for c in best["playlist"]) == ["a", "b", "c", "x"]
    played = [str(c["number"]) for c in best["playlist"]]
    assert cli("playlist", "solo", "score", *played, "--json").json["recorded"] is True


# --- item 22: the solo goal is a table setting ----------------------------------------------
# "The goal is to make a playlist with at least 10 points." — "If you have scored more than 10
# points, you won that round."

TEN = ["pop/3/love+piano+ballad/a", "pop/3/love+drums+sad/b", "pop/3/love+bass+death/c"]  # 9 + 1


def test_the_solo_goal_reads_at_least_ten_by_default(cli, db):
    assert cli("playlist", "solo", "goal", "--json").json == {"points": 10, "reading": "at-least"}
    assert cli("playlist", "score", *TEN, "--solo", "--json").json["wins"] is True
    assert not db.exists()  # showing the goal writes nothing


def test_the_solo_goal_can_be_changed_from_the_cli(cli):
    body = cli("playlist", "solo", "goal", "--reading", "more", "--json").json
    assert body == {"points": 10, "reading": "more-than"}
    scored = cli("playlist", "score", *TEN, "--solo", "--json").json
    assert (scored["total"], scored["wins"], scored["goal_reading"]) == (10, False, "more-than")
    assert (
        "solo goal: 10 vs more than 10 points → not won"
        in cli("playlist", "solo", "score", *TEN).stdout
    )
    assert cli("playlist", "solo", "goal", "9", "--json").json == {
        "points": 9,
        "reading": "more-than",
    }
    assert cli("playlist", "solo", "score", *TEN, "--json").json["wins"] is True
    shown = cli("playlist", "solo", "goal").stdout
    assert shown == "A solo round is won with more than 9 points (the next solo run plays to it).\n"
    reset = cli("playlist", "solo", "goal", "--reset", "--json").json
    assert reset == {"points": 10, "reading": "at-least"}
    assert_user_error(cli("playlist", "solo", "goal", "--reading", "maybe"), "no reading 'maybe'")


def test_a_run_keeps_the_goal_it_was_dealt_with(cli):
    cli("playlist", "solo", "goal", "--reading", "more-than")
    cli("playlist", "solo", "start", "--seed", "3", "--player", "Ana")
    cli("playlist", "solo", "goal", "--reading", "at-least")  # too late for this run
    status = cli("playlist", "solo", "status", "--json").json
    assert (status["goal"], status["goal_reading"]) == (10, "more-than")
    assert "goal: more than 10 points" in cli("playlist", "solo", "status").stdout
    lost = cli("playlist", "solo", "score", *TEN, "--json").json
    assert (lost["total"], lost["wins"]) == (10, False)
    assert_user_error(
        cli("playlist", "solo", "next"),
        "scored 10 (goal: more than 10 points): the run is over",
    )
