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
    laid = [a for card in TEN for a in ("--laid", card)]  # no card list: the table's layout
    assert cli("playlist", "solo", "start", "--player", "Ana", "--cards", "3", *laid).exit_code == 0
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


# --- item 23: the deal and the Download List when the companion holds the deck --------------
# "Each player takes 2 assignment cards, 2 music cards and 2 action cards … Finally, put 5 music
# cards open on the table … These 5 cards together are called the Download List." A turn:
# "Take 1 card from the Download List; Add a new card to the Download List from the stockpile;
# Take another card from the Download List; Add a new card to the Download List from the
# stockpile; Add songs to your playlist; If you have less than 2 Music Cards in your hand, take
# cards from the stockpile until you have 2 … If you have finished an assignment card, turn it
# over and take a new assignment card unless there are no new assignment cards left." — "If you
# have placed 3 songs of the same genre in your playlist, you can take an extra action card …
# If there are no action cards left, take the action cards that have been played, shuffle them
# and this is the new stockpile for action cards."


def deck_table(cli, music=12, assignments=5, actions=5, seed="3"):
    """Every card pop with the same icons, so any cards link; Ana starts."""
    for i in range(1, music + 1):
        assert cli("playlist", "cards", "add", f"pop/1/love+piano+ballad/t{i}").exit_code == 0
    cli("playlist", "deck", "assignments", *["1:pop=2"] * assignments)
    cli("playlist", "deck", "actions", *[f"A{i}" for i in range(1, actions + 1)])
    return cli(
        "playlist",
        "game",
        "start",
        "-p",
        "Ana,Ben",
        "--first",
        "Ana",
        "--deck",
        "--seed",
        seed,
        "--json",
    ).json


def hand(cli, player):
    return cli("playlist", "game", "hand", player, "--json").json


def numbers(cards):
    return [str(c["number"]) for c in cards]


def test_the_companion_deals_the_hands_and_lays_out_the_download_list(cli, tmp_path):
    started = deck_table(cli)
    deck = started["deck"]
    assert len(deck["download_list"]) == 5
    assert (deck["stockpile"], deck["hands"]) == (12 - 4 - 5, {"Ana": 2, "Ben": 2})
    assert (deck["assignment_pile"], deck["action_pile"]) == (1, 1)
    ana, ben = hand(cli, "ana"), hand(cli, "ben")
    assert (len(ana["music"]), len(ana["assignments"]), len(ana["actions"])) == (2, 2, 2)
    assert (len(ben["music"]), len(ben["assignments"]), len(ben["actions"])) == (2, 2, 2)
    everything = numbers(ana["music"] + ben["music"] + deck["download_list"])
    assert len(set(everything)) == 9  # no card twice
    assert started["scores"] == {"Ana": 0, "Ben": 0}
    # the seeded RNG: the same seed deals the same cards at another table
    other = tmp_path / "other.json"
    for i in range(1, 13):
        cli("playlist", "cards", "add", f"pop/1/love+piano+ballad/t{i}", database=other)
    again = cli(
        "playlist",
        "game",
        "start",
        "-p",
        "Ana,Ben",
        "--first",
        "Ana",
        "--deck",
        "--seed",
        "3",
        "--json",
        database=other,
    ).json
    assert again["deck"]["download_list"] == deck["download_list"]
    screen = cli("playlist", "game", "status").stdout
    assert "Download List: #" in screen and "stockpile 3" in screen


def test_each_turn_takes_two_cards_from_the_download_list_refilled_from_the_stockpile(cli, db):
    started = deck_table(cli)
    listed = started["deck"]["download_list"]
    assert_user_error(cli("playlist", "game", "turn"), "Ana has taken 0 of 2 cards")
    took = cli("playlist", "game", "download", listed[0]["title"], "--json").json
    stockpile_top = took["event"]["data"]["refill"]
    assert took["deck"]["download_list"] == [*listed[1:], stockpile_top]
    assert took["deck"]["stockpile"] == 2 and took["deck"]["hands"]["Ana"] == 3
    assert took["notes"] == [
        f"Ana takes {listed[0]['title']} from the Download List; {stockpile_top['title']} refills "
        "it from the stockpile (1 of 2)."
    ]
    cli("playlist", "game", "download", str(listed[1]["number"]))
    before = db.read_bytes()
    assert_user_error(
        cli("playlist", "game", "download", str(listed[2]["number"])), "has taken 2 cards"
    )
    assert_user_error(cli("playlist", "game", "download", "99"), "'99' is not on the Download List")
    mine = numbers(hand(cli, "ana")["music"])
    outside = next(str(n) for n in range(1, 13) if str(n) not in mine)
    assert_user_error(cli("playlist", "game", "play", "ana", mine[0], outside), "not in Ana's hand")
    assert db.read_bytes() == before


def test_the_turns_end_refills_the_hand_replaces_assignments_and_deals_action_cards(cli):
    started = deck_table(cli)
    listed = started["deck"]["download_list"]
    cli("playlist", "game", "download", str(listed[0]["number"]))
    cli("playlist", "game", "download", str(listed[1]["number"]))
    mine = numbers(hand(cli, "ana")["music"])
    assert len(mine) == 4
    # Every card links here, and "You are not allowed to keep any cards in your hand that you
    # are able to play": Ana plays all four pop songs.
    cli("playlist", "game", "play", "ana", *mine)
    turned = cli("playlist", "game", "turn", "--json").json
    data = turned["event"]["data"]
    assert len(data["drawn"]) == 1  # towards 2 music cards: the stockpile's last card
    assert len(data["new_assignments"]) == 1  # both assignments done; only one card was left
    assert len(data["action_draws"]) == 1
    assert turned["deck"]["hands"]["Ana"] == 1 and turned["deck"]["stockpile"] == 0
    assert "  • assignment 1:pop=2 completed: turned over; Ana takes a new one." in turned["notes"]
    assert (
        "  • assignment 1:pop=2 completed: turned over; no new assignment left." in turned["notes"]
    )
    assert "  • three pop songs placed: Ana takes an extra action card." in turned["notes"]
    ana = hand(cli, "ana")
    assert (len(ana["music"]), len(ana["assignments"]), len(ana["actions"])) == (1, 1, 3)
    # Ben's turn: the stockpile is empty, so the Download List is no longer refilled
    ben_list = turned["deck"]["download_list"]
    took = cli("playlist", "game", "download", str(ben_list[0]["number"]), "--json").json
    assert took["event"]["data"]["refill"] is None and len(took["deck"]["download_list"]) == 4
    # one undo puts the card back on the Download List
    undone = cli("playlist", "game", "undo", "--json").json
    assert undone["deck"]["download_list"] == ben_list


def test_played_action_cards_are_shuffled_into_a_new_pile(cli):
    started = deck_table(cli, music=14, actions=4)  # every action card is dealt at the start
    assert started["deck"]["action_pile"] == 0
    played = hand(cli, "ana")["actions"][0]
    acted = cli("playlist", "game", "action", "ana", played, "--json").json
    assert acted["notes"] == [f"Ana plays the action card “{played}”."]
    listed = started["deck"]["download_list"]
    cli("playlist", "game", "download", str(listed[0]["number"]))
    cli("playlist", "game", "download", str(listed[1]["number"]))
    cli("playlist", "game", "play", "ana", *numbers(hand(cli, "ana")["music"]))  # all playable
    turned = cli("playlist", "game", "turn", "--json").json
    data = turned["event"]["data"]
    assert (data["reshuffled"], data["action_draws"]) == ([played], [played])
    assert "  • the played action cards are shuffled into a new action pile." in turned["notes"]
    assert_user_error(cli("playlist", "game", "action", "ben", "Z"), "no action card")


def test_the_deck_needs_enough_catalogue_cards(cli, db):
    for i in range(1, 9):
        cli("playlist", "cards", "add", f"pop/1/love+piano+ballad/t{i}")
    before = db.read_bytes()
    assert_user_error(
        cli("playlist", "game", "start", "-p", "Ana,Ben", "--deck"),
        "the catalogue has 8 music cards of the genres in play, and 2 players and the Download "
        "List need 9",
    )
    assert db.read_bytes() == before


def test_a_table_with_its_own_cards_gets_the_reminders(cli):
    started = cli("playlist", "game", "start", "-p", "Ana,Ben", "--first", "Ana", "--json").json
    assert started["deck"] is None
    assert started["notes"][1:] == [
        "  • deal: each player takes 2 assignment cards, 2 music cards and 2 action cards; lay 5 "
        "music cards open: the Download List.",
        "  • Ana takes a card from the Download List and refills it from the stockpile, 2 times; "
        "then adds songs.",
    ]
    turned = cli("playlist", "game", "turn", "--json").json
    assert turned["notes"][-1] == (
        "  • next: Ben takes a card from the Download List and refills it from the stockpile, "
        "2 times."
    )
    assert_user_error(cli("playlist", "game", "download", "1"), "the table holds the cards")
    assert_user_error(cli("playlist", "game", "hand", "ana"), "the companion knows no hand")


def test_a_deck_game_replays_from_its_log(cli, db):
    started = deck_table(cli)
    listed = started["deck"]["download_list"]
    cli("playlist", "game", "download", str(listed[0]["number"]))
    cli("playlist", "game", "download", str(listed[1]["number"]))
    cli("playlist", "game", "play", "ana", *numbers(hand(cli, "ana")["music"])[:2])
    cli("playlist", "game", "turn")
    ended = cli("playlist", "game", "end", "--now", "--json").json
    from companion.games.playlist.rules.replay import replay

    archived = Store(db).get_match(ended["id"])
    assert replay(archived) == archived["result"]
