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
