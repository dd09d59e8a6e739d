"""All-Star from the deck, one command a pick (issue 43 item 16): a pick names who picks
next and the command that shows each hand (a hand is secret: only `season hand NAME`
prints it); `hand` lists the Bench cards free for a new team; `status --json` repeats the
setup and names the first chooser; `eliminated` names managers as `active` does."""

from __future__ import annotations

from tests.games.allstar.test_deck import S, hand, pick_all, start


def test_a_pick_names_who_picks_next_and_how_each_sees_their_hand(cli):
    start(cli)
    assert cli(*S, "arenas").exit_code == 0
    ana = hand(cli, "Ana")
    picked = cli(*S, "pick", "Ana", ana[0])
    assert picked.stdout.splitlines()[1:] == [
        "Next: round 1 draft: Ben, Cy pick a card from their hand ('season hand NAME' shows "
        "it), then pass left",
        "  Ben's hand: companion allstar season hand Ben",
        "  Cy's hand: companion allstar season hand Cy",
    ]
    assert not any(card in picked.stdout for card in ana[1:])  # no hand on a shared screen
    cli(*S, "pick", "Ben", hand(cli, "Ben")[0])
    passed = cli(*S, "pick", "Cy", hand(cli, "Cy")[0]).stdout.splitlines()
    assert passed[1] == "Hands pass left." and passed[-3:] == [
        "  Ana's hand: companion allstar season hand Ana",
        "  Ben's hand: companion allstar season hand Ben",
        "  Cy's hand: companion allstar season hand Cy",
    ]


def test_hand_lists_the_bench_cards_free_for_a_new_team(cli):
    start(cli)
    assert cli(*S, "arenas").exit_code == 0
    for _ in range(6):
        pick_all(cli)
    bench = cli(*S, "hand", "Ana", "--json").json["bench"]
    assert cli(*S, "hand", "Ana", "--json").json["free"] == bench
    assert cli(*S, "team", "Ana", "1", *bench[:5]).exit_code == 0
    shown = cli(*S, "hand", "Ana")
    assert shown.stdout.splitlines()[-1] == f"Free for a new team (1): {bench[5]}"
    assert cli(*S, "hand", "Ana", "--json").json["free"] == [bench[5]]


def test_status_repeats_the_setup(cli):
    started = start(cli)
    status = cli(*S, "status", "--json").json
    assert status["setup"] == started["setup"]
    assert status["eliminated"] == [] and status["active"] == ["Ana", "Ben", "Cy"]
