"""Issue 29 item 12: the companion holds the decks (`allstar season start --deck`).

"Deal 6 Hockey Player cards from the common draw pile to each Manager. Each Manager looks at
their hand, selects one Hockey Player card and places it face down under their Fan Zone card.
This zone is their Bench. Each Manager then passes the remaining cards to their neighbour on
the left. [...] Each Manager must therefore have six Hockey Players on their Bench."
"In the second round the cards move to the right, and in the third round to the left."
"""

from __future__ import annotations

from tests.conftest import assert_user_error

S = ("allstar", "season")
PLAYERS = ("--players", "Ana,Ben,Cy")


def start(cli, *extra, arenas=6):
    for i in range(arenas):
        assert cli("allstar", "arena", "add", f"Arena{i}", "--points", "9,6,3").exit_code == 0
    done = cli(*S, "start", *PLAYERS, "--deck", "--seed", "5", *extra, "--json")
    assert done.exit_code == 0, done.stderr
    return done.json


def hand(cli, manager):
    return cli(*S, "hand", manager, "--json").json["hand"]


def pick_all(cli, managers=("Ana", "Ben", "Cy")):
    for m in managers:
        assert cli(*S, "pick", m, hand(cli, m)[0]).exit_code == 0


def test_the_deal_is_six_each_from_the_shuffled_pile_of_the_chosen_species(cli, db):
    started = start(cli)
    species = started["setup"]["species"]
    assert cli(*S, "arenas").exit_code == 0  # "Draw the first card of the Arena deck"
    hands = {m: hand(cli, m) for m in ("Ana", "Ben", "Cy")}
    cards = [c for h in hands.values() for c in h]
    assert [len(h) for h in hands.values()] == [6, 6, 6]
    assert len(set(cards)) == 18
    assert {c.split("-")[0] for c in cards} <= set(species)
    status = cli(*S, "status", "--json").json
    assert (status["phase"], status["draw_pile"]) == ("draft", 6 * 9 - 18)
    assert status["draft_waiting"] == ["Ana", "Ben", "Cy"]
    # Seeded: the same seed deals the same hands.
    assert cli(*S, "abandon").exit_code == 0
    assert cli(*S, "start", *PLAYERS, "--deck", "--seed", "5").exit_code == 0
    assert cli(*S, "arenas").exit_code == 0
    assert {m: hand(cli, m) for m in ("Ana", "Ben", "Cy")} == hands


def test_picks_pass_left_in_round_one_and_fill_six_on_each_bench(cli):
    start(cli)
    assert cli(*S, "arenas").exit_code == 0
    ana = hand(cli, "Ana")
    assert cli(*S, "pick", "Ana", ana[0] + "-puck").exit_code == 0
    # One pick per hand: the hands pass once every manager has picked.
    assert_user_error(cli(*S, "pick", "Ana", ana[1]), "Ana has picked")
    assert cli(*S, "pick", "Ben", hand(cli, "Ben")[0]).exit_code == 0
    cy = hand(cli, "Cy")
    passed = cli(*S, "pick", "Cy", cy[0], "--json").json["outcome"]
    assert passed["passed"] is True
    assert hand(cli, "Ben") == ana[1:]  # Ana's hand went to her left, Ben
    assert hand(cli, "Ana") == cy[1:]
    for _ in range(5):
        pick_all(cli)
    status = cli(*S, "status", "--json").json
    assert status["bench_size"] == {"Ana": 6, "Ben": 6, "Cy": 6}
    assert status["phase"] == "teams"
    bench = cli(*S, "hand", "Ana", "--json").json["bench"]
    assert bench[0] == ana[0] + "-puck"  # the Symbol typed at the pick is kept


def test_round_two_passes_right(cli):
    start(cli)
    assert cli(*S, "arenas").exit_code == 0
    for _ in range(6):
        pick_all(cli)
    for m in ("Ana", "Ben", "Cy"):
        bench = cli(*S, "hand", m, "--json").json["bench"]
        assert cli(*S, "team", m, "1", ",".join(bench[:5])).exit_code == 0
    assert cli(*S, "resolve").exit_code == 0
    drawn = cli(*S, "arenas", "--json")
    assert len(drawn.json["outcome"]) == 2  # "draw the first two cards of the Arena deck"
    ana = hand(cli, "Ana")
    pick_all(cli)
    assert hand(cli, "Cy") == ana[1:]  # to the right: Ana's hand goes to Cy


def test_a_team_is_built_from_the_bench(cli):
    start(cli)
    assert cli(*S, "arenas").exit_code == 0
    early = cli(*S, "team", "Ana", "1", ",".join(hand(cli, "Ana")[:5]))
    assert_user_error(early, "round 1's draft is not over: Ana, Ben, Cy still pick")
    for _ in range(6):
        pick_all(cli)
    bench = cli(*S, "hand", "Ana", "--json").json["bench"]
    other = cli(*S, "hand", "Ben", "--json").json["bench"][0]
    result = cli(*S, "team", "Ana", "1", ",".join([*bench[:4], other]))
    assert_user_error(result, f"card {other} is not on Ana's Bench")


def test_a_pick_not_in_the_hand_is_refused_and_nothing_written(cli):
    start(cli)
    assert cli(*S, "arenas").exit_code == 0
    ben = hand(cli, "Ben")
    before = cli(*S, "status", "--json").json
    assert_user_error(cli(*S, "pick", "Ana", ben[0]), f"card {ben[0]} is not in Ana's hand")
    assert cli(*S, "status", "--json").json == before


def test_without_the_deck_the_table_holds_the_cards(cli):
    assert cli(*S, "start", *PLAYERS).exit_code == 0
    assert_user_error(cli(*S, "pick", "Ana", "duc-1"), "started without --deck")
    assert_user_error(cli(*S, "arenas"), "name this round's arenas")


def test_without_six_arenas_the_arena_deck_stays_the_tables(cli):
    start(cli, arenas=2)
    assert_user_error(cli(*S, "arenas"), "name this round's arenas")
    assert cli(*S, "arenas", "Arena0").exit_code == 0
    assert cli(*S, "status", "--json").json["phase"] == "draft"


# --- the two-manager modes ------------------------------------------------------------

TWO = ("--players", "Ana,Ben")


def start_two(cli, mode):
    for i in range(6):
        assert cli("allstar", "arena", "add", f"Arena{i}", "--points", "5,2").exit_code == 0
    done = cli(*S, "start", *TWO, "--mode", mode, "--deck", "--seed", "2", "--json")
    assert done.exit_code == 0, done.stderr
    assert cli(*S, "arenas").exit_code == 0
    return done.json


def bench(cli, manager):
    return cli(*S, "hand", manager, "--json").json["bench"]


def test_heritage_seven_each_passed_to_the_opponent_then_one_discarded(cli):
    # "Each Manager chooses a card and places it face down on their Bench, then gives the
    # remaining cards to their opponent. Start again until each Manager has seven cards on
    # their Bench. Choose one card from among your seven cards and discard it face down."
    start_two(cli, "heritage")
    ana = hand(cli, "Ana")
    assert len(ana) == 7
    assert cli(*S, "pick", "Ana", ana[0]).exit_code == 0
    assert cli(*S, "pick", "Ben", hand(cli, "Ben")[0]).exit_code == 0
    assert hand(cli, "Ben") == ana[1:]
    for _ in range(6):
        pick_all(cli, ("Ana", "Ben"))
    assert len(bench(cli, "Ana")) == 7
    status = cli(*S, "status", "--json").json
    assert (status["phase"], status["draft_waiting"]) == ("draft", ["Ana", "Ben"])
    assert_user_error(cli(*S, "team", "Ana", "1", ",".join(bench(cli, "Ana")[:5])),
                      "draft is not over")  # fmt: skip
    assert_user_error(cli(*S, "discard", "Ana", bench(cli, "Ben")[0]), "is not in Ana's cards")
    gone = bench(cli, "Ana")[6]
    assert cli(*S, "discard", "Ana", gone).exit_code == 0
    assert cli(*S, "discard", "Ben", bench(cli, "Ben")[0]).exit_code == 0
    assert len(bench(cli, "Ana")) == 6 and gone not in bench(cli, "Ana")
    assert cli(*S, "status", "--json").json["phase"] == "teams"


def test_duel_keeps_one_and_gives_one_to_the_opponent(cli):
    # "Then they choose 2 from their hand, place one face down on their Bench and the other
    # face down on their opponent's Bench. Pass the remaining cards to your opponent".
    start_two(cli, "duel")
    ana = hand(cli, "Ana")
    assert_user_error(cli(*S, "pick", "Ana", ana[0]), "--keep CARD --give CARD")
    assert cli(*S, "pick", "Ana", ana[0], "--keep", ana[1], "--give", ana[2]).exit_code == 0
    ben = hand(cli, "Ben")
    assert cli(*S, "pick", "Ben", ben[0], "--keep", ben[1], "--give", ben[2]).exit_code == 0
    assert bench(cli, "Ana") == [ana[0], ana[1], ben[2]]
    assert bench(cli, "Ben") == [ana[2], ben[0], ben[1]]
    assert hand(cli, "Ben") == ana[3:]  # four left, passed
    for m in ("Ana", "Ben"):
        h = hand(cli, m)
        assert cli(*S, "pick", m, h[0], "--keep", h[1], "--give", h[2]).exit_code == 0
    pick_all(cli, ("Ana", "Ben"))  # one card left each: a pick alone
    assert [len(bench(cli, m)) for m in ("Ana", "Ben")] == [7, 7]
    for m in ("Ana", "Ben"):
        assert cli(*S, "discard", m, bench(cli, m)[0]).exit_code == 0
    assert cli(*S, "status", "--json").json["phase"] == "teams"


def test_open_market_draws_three_chooser_takes_one_opponent_one_third_discarded(cli):
    # "The Manager who starts draws 3 cards from the pile and places them in the centre of the
    # table face up. Then they choose one of them [...] The opposing Manager then chooses one
    # card from among the two remaining and discards the third. Start again, alternating who
    # begins the choosing, until each Manager has six cards on their Bench."
    started = start_two(cli, "open-market")
    first = started["setup"]["rounds"][0]["first_chooser"]
    other = "Ben" if first == "Ana" else "Ana"
    status = cli(*S, "status", "--json").json
    market = status["market"]
    assert len(market) == 3 and status["draft_waiting"] == [first]
    assert_user_error(cli(*S, "pick", other, market[0]), f"{first} chooses from the market now")
    assert cli(*S, "pick", first, market[0]).exit_code == 0
    took = cli(*S, "pick", other, market[1], "--json").json["outcome"]
    assert took["discarded"] == [market[2]]
    status = cli(*S, "status", "--json").json
    assert status["draft_waiting"] == [other]  # alternating who begins
    assert len(status["market"]) == 3 and market[0] not in status["market"]
    for turn in range(5):
        chooser = [other, first][turn % 2]
        for m in (chooser, "Ben" if chooser == "Ana" else "Ana"):
            now = cli(*S, "status", "--json").json["market"]
            assert cli(*S, "pick", m, now[0]).exit_code == 0
    status = cli(*S, "status", "--json").json
    assert status["bench_size"] == {"Ana": 6, "Ben": 6} and status["phase"] == "teams"


def test_a_whole_season_from_the_companions_deck_reaches_the_play_offs(cli):
    # Three rounds: deal, draft, a new team from the round's six; the teams stay in play.
    start(cli)
    for rnd in (1, 2, 3):
        assert cli(*S, "arenas").exit_code == 0
        for _ in range(6):
            pick_all(cli)
        for m in ("Ana", "Ben", "Cy"):
            new = bench(cli, m)[-6:-1]  # five of this round's six
            assert cli(*S, "team", m, "1", ",".join(new)).exit_code == 0, rnd
        assert cli(*S, "resolve").exit_code == 0
    status = cli(*S, "status", "--json").json
    assert status["phase"] == "playoffs"
    assert status["bench_size"] == {"Ana": 18, "Ben": 18, "Cy": 18}
    # "Each Manager takes into hand all the cards drafted onto their Bench": only those.
    ana, ben, cy = bench(cli, "Ana"), bench(cli, "Ben"), bench(cli, "Cy")
    teams = ["Ben=" + ",".join(ben[6:11]), "Cy=" + ",".join(cy[:5])]
    foreign = "Ana=" + ",".join([*ana[:4], ben[5]])  # Ben's sixth card of round 1
    result = cli(*S, "playoff", "round", foreign, *teams, "--points", "9,6,3")
    assert_user_error(
        result, f"card {ben[5]} in Ana's team is not one of the 18 cards drafted onto Ana's Bench"
    )
    mine = "Ana=" + ",".join(ana[:5])
    assert cli(*S, "playoff", "round", mine, *teams, "--points", "9,6,3").exit_code == 0
