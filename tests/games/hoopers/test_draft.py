"""The Draft variant ('Variants: Draft'), in the rulebook's words, as a tracked match."""

from __future__ import annotations

from companion.games.hoopers.rules.draft import (
    HOOPER_UPGRADES,
    deck_upgrades,
    draft_pool,
    steps_of,
)
from companion.games.hoopers.rules.match import fold, new_match, play
from tests.conftest import assert_user_error

M = ("hoopers", "match")
DRAFT = (*M, "start", "--home", "Ana", "--away", "Ben", "--draft", "--first-pick", "Ana")


def order(kind, deck=0):
    return "".join(
        s.team[0] for s in steps_of("Ana", "Ben", False) if (s.kind, s.deck) == (kind, deck)
    )


def test_the_order_is_one_then_two_by_two_as_the_rulebook_sets_it():
    # "the first player who will start the draft by selecting one hooper, then the opponent
    # will select two hoopers, then the first player takes two hoopers, and so on until the
    # first player has completed a team of seven hoopers, then the second player has his
    # last choice."
    assert order("hooper") == "A" + "BBAA" * 3 + "B"
    # "The player who ended the hoopers draft now begins by selecting just one upgrade, then
    # the opponent chooses two upgrades, then the first player select two upgrades and, to
    # conclude, the opponent chooses his last card (three hooper upgrades for each player)."
    assert order("hooper-upgrade") == "BAABBA"
    # "proceed as before by changing the starting player, the last card remaining will be
    # discarded. Repeat the process with the second deck." (Rulings: the second deck
    # changes the starting player again.)
    assert order("deck-upgrade", 1) == "ABBAABBA"
    assert order("deck-upgrade", 2) == "BAABBAAB"
    # "Each player gains 8 deck upgrade translucent cards."
    deck = [s.team for s in steps_of("Ana", "Ben", False) if s.kind == "deck-upgrade"]
    assert deck.count("Ana") == deck.count("Ben") == 8
    # "all the 15 translucent cards of the hooper upgrade deck"
    assert sum(HOOPER_UPGRADES.values()) == 15
    # "Shuffle the 18 deck upgrades": "all the 8 action upgrades with the position upgrade"
    deck = deck_upgrades()
    assert sum(deck.values()) == 18 and "From the Elbow" in deck and deck["position-PG"] == 2


def rules_draft(seed=3):
    draft = {"pool": draft_pool(), "first": "Ana", "stellar": [], "discard": None, "energy": {}}
    _, options, events = new_match("Ana", "Ben", seed, rosters={}, draft=draft)
    return {"id": "d1", "seed": seed, "options": options, "events": events}


def do(match, kind, **data):
    played = play(match, kind, data)
    match["events"].append(played.event)
    return played


def status(cli):
    return cli(*M, "status", "--json").json


def test_a_whole_draft_makes_the_teams_and_the_match_plays_them(cli):
    started = cli(*DRAFT, "--seed", "4", "--json")
    assert started.exit_code == 0, started.stderr
    assert started.json["draft"]["chooser"] == "Ana"
    assert started.json["next"] == (
        "Ana chooses a hooper (pick 1 of 36): 'companion hoopers match pick Ana CARD'"
    )
    # "Create a deck composed by 21 hooper cards": both tribes' ten and Susan Peg.
    assert len(started.json["draft"]["on_table"]) == 21
    while (draft := status(cli)["draft"])["chooser"]:
        picked = cli(*M, "pick", draft["chooser"], draft["on_table"][0], "--json")
        assert picked.exit_code == 0, picked.stderr
    teams = draft["teams"]
    for team in ("Ana", "Ben"):
        assert len(teams[team]["hoopers"]) == 7
        assert len(teams[team]["hooper_upgrades"]) == 3
        assert len(teams[team]["deck_upgrades"]) == 8
    # "the last card remaining will be discarded", once a deck.
    assert len(draft["discarded"]) == 2
    after = status(cli)
    assert {t: sorted(h) for t, h in after["hoopers"].items()} == {
        t: sorted(teams[t]["hoopers"]) for t in teams
    }
    assert after["next"].startswith(f"{after['attacking']} attacks (period 1, turn 1)")
    assert_user_error(cli(*M, "pick", "Ana", "Curl"), "the draft is over")
    shooter = teams[after["attacking"]]["hoopers"][0]
    shot = cli(*M, "shot", after["attacking"], "2ps", "--hooper", shooter, "--stat", "100")
    assert shot.exit_code == 0, shot.stderr


def test_each_pick_is_checked_with_the_rulebook_words_and_nothing_is_written(cli):
    assert cli(*DRAFT, "--seed", "4").exit_code == 0
    assert cli(*M, "pick", "Ana", "may").exit_code == 0
    assert_user_error(
        cli(*M, "pick", "Ana", "edd", "--json"),
        'Ben chooses a hooper now, not Ana: "by selecting one hooper, then the opponent will '
        "select two hoopers",
    )
    assert_user_error(cli(*M, "pick", "Ben", "may friend"), "May Friend is drafted by Ana")
    assert_user_error(
        cli(*M, "pick", "Ben", "ten"), "ten is a hooper upgrade: Ben chooses a hooper"
    )
    assert_user_error(cli(*M, "discard", "Ben", "edd"), "the draft discards no hooper now")
    assert_user_error(cli(*M, "pick", "Ben", "Nobody"), "no card of the draft 'Nobody'")
    assert_user_error(
        cli(*M, "shot", "Ana", "2ps", "--hooper", "may", "--stat", "50"),
        "the draft comes first: Ben chooses a hooper (pick 2 of 36)",
    )
    assert status(cli)["draft"]["pick"] == 2
    assert cli(*M, "undo").exit_code == 0
    assert status(cli)["draft"]["teams"]["Ana"]["hoopers"] == []


def test_a_deck_upgrade_is_taken_from_the_deck_on_the_table(cli):
    assert cli(*DRAFT, "--seed", "4").exit_code == 0
    while (draft := status(cli)["draft"])["choosing"] != "deck-upgrade":
        assert cli(*M, "pick", draft["chooser"], draft["on_table"][0]).exit_code == 0
    # "Place the first 9 cards on the table": the other nine wait as the second deck.
    assert len(draft["on_table"]) == 9 and draft["deck"] == 1
    absent = next(
        c for c in ("No-Look", "Curl", "Wall of Death", "Hook Shot") if c not in draft["on_table"]
    )
    assert_user_error(
        cli(*M, "pick", draft["chooser"], absent),
        f"{absent} is not among the deck upgrades on the table (deck 1",
    )


def test_the_draft_picks_are_legal_moves_with_their_command(cli):
    assert cli(*DRAFT, "--seed", "4").exit_code == 0
    moves = cli("moves", "hoopers", "--json").json["moves"]
    assert len(moves) == 21
    assert {m["move"]["who"] for m in moves} == {"Ana"}
    edd = next(m for m in moves if m["move"]["what"]["card"] == "Edd Trapp")
    assert edd["label"] == "Ana drafts Edd Trapp (SF)"
    assert edd["command"] == "companion hoopers match pick Ana 'Edd Trapp'"


def test_an_unequal_number_of_stellar_hoopers_has_the_second_player_discard_first(cli):
    # "NOTE: If you have an unequal number of stellar hooper, then the second player starts
    # the hooper's draft by discarding one hooper."
    assert cli("hoopers", "card", "Edd Trapp", "--stellar").exit_code == 0
    started = cli(*DRAFT, "--seed", "4", "--json").json
    assert started["draft"]["chooser"] == "Ben" and started["draft"]["choosing"] == "discard"
    assert_user_error(cli(*M, "pick", "Ben", "edd"), "Ben discards one hooper first")
    assert cli(*M, "discard", "Ben", "edd").exit_code == 0
    draft = status(cli)["draft"]
    assert draft["discarded"] == ["Edd Trapp"] and draft["chooser"] == "Ana"
    assert "Edd Trapp" not in draft["on_table"] and len(draft["on_table"]) == 20


def test_the_table_says_who_discards_when_the_cards_do_not(cli):
    started = cli(*DRAFT, "--no-discard", "--seed", "4", "--json").json
    assert started["draft"]["choosing"] == "hooper"
    assert cli(*M, "abandon").exit_code == 0
    started = cli(*DRAFT, "--discard", "--seed", "4", "--json").json
    assert started["draft"]["choosing"] == "discard"


def test_no_milestones_in_a_draft_match(cli):
    # "You will not use the milestones during the game."
    assert_user_error(
        cli(*DRAFT, "--milestones", "lose"), '"You will not use the milestones during the game"'
    )
    match = rules_draft()
    while (step := fold(match).draft.step) is not None:
        do(match, "pick", team=step.team, card=fold(match).draft.on_table(step)[0])
    do(match, "score", team="Ana", points=2)
    for _ in range(16):
        state = do(match, "turn").state
    assert state.period == 2 and state.milestones == []
    assert match["options"]["milestones"] == "off"  # stored: a replay is the same
    assert fold(match).milestones == []


def test_a_draft_match_takes_no_roster(cli):
    assert_user_error(
        cli(*DRAFT, "--home-roster", "A,B,C"), "--home-roster: a Draft match drafts its teams"
    )


def test_random_first_chooser_comes_from_the_seed(cli):
    start = (*M, "start", "--home", "Ana", "--away", "Ben", "--draft", "--seed", "11", "--json")
    first = cli(*start).json["draft"]["first"]
    assert cli(*M, "abandon").exit_code == 0
    assert cli(*start).json["draft"]["first"] == first


def test_tab_offers_the_cards_on_the_table_to_the_chooser(cli, db, monkeypatch, capsys):
    from tests.test_completion_values import offered

    assert cli(*DRAFT, "--seed", "4").exit_code == 0
    assert cli(*M, "pick", "Ana", "May").exit_code == 0
    cards = offered(monkeypatch, capsys, db, "companion hoopers match pick Ben ")
    assert cards[:2] == ["Edd Trapp", "Manny Gentle"] and "May Friend" not in cards
    assert len(cards) == 20
    assert offered(monkeypatch, capsys, db, "companion hoopers match pick ") == ["Ana", "Ben"]


def test_the_rules_refuse_a_roster_for_a_draft_match():
    import pytest

    from companion.engine.errors import BadInput

    draft = {"pool": draft_pool(), "first": "Ana", "stellar": [], "discard": None, "energy": {}}
    with pytest.raises(BadInput, match="a Draft match drafts its teams: no roster for Ana"):
        new_match("Ana", "Ben", 1, rosters={"Ana": ["Edd Trapp"]}, draft=draft)


def test_a_drafted_hooper_upgrade_is_sleeved_once_a_hooper(cli):
    # "Now the players can prepare their team and then they will draft the deck upgrades."
    assert cli("hoopers", "energy", "Edd Trapp", "4").exit_code == 0
    assert cli(*DRAFT, "--seed", "4").exit_code == 0
    assert_user_error(
        cli(*M, "upgrade", "Ana", "--hooper", "Edd", "--card", "ten"), "the draft comes first"
    )
    for card in ["Edd Trapp", "May", "Vernon", "Manny", "Chus", "Henry", "Perry", "Linda"]:
        draft = status(cli)["draft"]
        assert cli(*M, "pick", draft["chooser"], card).exit_code == 0
    while (draft := status(cli)["draft"])["choosing"] == "hooper":
        assert cli(*M, "pick", draft["chooser"], draft["on_table"][0]).exit_code == 0
    # Ben ended the hoopers draft: he begins the hooper upgrades.
    for who, card in [("Ben", "two"), ("Ana", "three"), ("Ana", "ten"), ("Ben", "ten")]:
        assert cli(*M, "pick", who, card).exit_code == 0
    assert cli(*M, "pick", "Ben", "star-C").exit_code == 0
    assert cli(*M, "pick", "Ana", "star-PG").exit_code == 0
    assert status(cli)["draft"]["choosing"] == "deck-upgrade"
    sleeved = cli(*M, "upgrade", "Ana", "--hooper", "Edd", "--card", "three", "--json")
    assert sleeved.exit_code == 0, sleeved.stderr
    # "three energies", on the track at once: 4 + 3.
    assert sleeved.json["hoopers"]["Ana"]["Edd Trapp"]["energy"] == {"now": 7, "max": 7}
    assert sleeved.json["draft"]["teams"]["Ana"]["sleeved"] == {"Edd Trapp": "three"}
    assert_user_error(
        cli(*M, "upgrade", "Ana", "--hooper", "Edd", "--card", "ten"),
        '"Every hooper can gain only one upgrade"',
    )
    assert_user_error(
        cli(*M, "upgrade", "Ana", "--hooper", "Chus", "--card", "two"),
        "no upgrade Ana drafted 'two'",
    )


def test_a_phone_seat_offers_the_chooser_the_cards_and_makes_the_pick(cli, db):
    import json

    from tests.web.test_seats import post, seats
    from tests.web.test_server import board, get

    assert cli(*DRAFT, "--seed", "4").exit_code == 0
    tokens = seats(cli)
    with board(db) as port:
        ana = json.loads(get(port, f"/seat/{tokens['Ana']}/state")[1])
        ben = json.loads(get(port, f"/seat/{tokens['Ben']}/state")[1])
        assert ben["moves"] == []
        edd = next(m for m in ana["moves"] if m["move"]["what"]["card"] == "Edd Trapp")
        body = json.dumps({"move": edd["move"], "seen": ana["seen"]})
        code, answer = post(port, f"/seat/{tokens['Ben']}/move", body)
        assert code == 403  # Ana's pick, not Ben's
        code, answer = post(port, f"/seat/{tokens['Ana']}/move", body)
        assert code == 200, answer
    assert status(cli)["draft"]["teams"]["Ana"]["hoopers"] == ["Edd Trapp"]


def test_promo_cards_join_the_table_and_a_hostile_name_is_refused(cli):
    # "Create a deck composed by 21 hooper cards (plus other hooper promo cards you may have)"
    assert_user_error(
        cli(*DRAFT, "--promos", "Evil\x1b[31m"), "hooper 'Evil\\x1b[31m' contains a control"
    )
    started = cli(*DRAFT, "--promos", "Zed Promo", "--seed", "4", "--json")
    assert started.json["draft"]["on_table"][-1] == "Zed Promo"
    assert len(started.json["draft"]["on_table"]) == 22
