"""A scored playbook's reward gives back the energy its F2 and A spent ('To Activate and
Resolve a Playbook'): "If you score the basket, you can choose between: - Recover the
energy spent in F2 and A - Draw 2 cards - Recover one energy spent (F2 or A) and draw 1
card. NOTE: The F1 energy is always spent." `match playbook TEAM REWARD` counts for the
table; guided play records the same move (tests/guided/test_scripted_hoopers_energy.py).
"""

from __future__ import annotations

from tests.conftest import assert_user_error
from tests.games.hoopers.test_match_energy import LUCY_FIRST, M, cards, energy, ok


def _action(cli, f2_kind="dribble", f2="Serge", shooter="Serge", roll="5"):
    """Lucy's action: F1 pass (Sin Miedo: the F2 and A are a teammate's), F2 `f2_kind`
    by `f2`, a 3 points shot."""
    ok(cli(*M, "fundamental", "Lucy", "pass", "Sin"))
    ok(cli(*M, "fundamental", "Lucy", f2_kind, f2))
    bonus = "45" if roll == "5" else "0"
    return ok(cli(*M, "shot", "Lucy", "3ps", shooter, "--stat", "60", "--bonus", bonus,
                  "--roll", roll, "--json")).json  # fmt: skip


def test_the_energy_reward_gives_back_what_f2_and_a_spent(cli):
    cards(cli, Serge=5, Sin=4)
    ok(cli(*LUCY_FIRST))
    _action(cli)
    done = ok(cli(*M, "playbook", "Lucy", "energy", "--json")).json
    assert done["notes"] == [
        "Lucy's playbook scored: recover the energy spent in F2 and A — Serge Ceptor +2 → 5 of 5"
    ]
    assert energy(done, "Lucy", "Serge Ceptor") == {"now": 5, "max": 5}
    assert energy(done, "Lucy", "Sin Miedo") == {"now": 3, "max": 4}  # F1 always spent
    # Twice is refused, nothing written; undo gives back the spent track.
    assert_user_error(cli(*M, "playbook", "Lucy", "energy"), "already took its reward")
    undone = ok(cli(*M, "undo", "--json")).json
    assert energy(undone, "Lucy", "Serge Ceptor") == {"now": 3, "max": 5}
    again = ok(cli(*M, "playbook", "Lucy", "en", "--json")).json  # a prefix, as elsewhere
    assert again["hoopers"] == done["hoopers"]
    assert ok(cli(*M, "status", "--json")).json["hoopers"] == done["hoopers"]  # replayed


def test_two_hoopers_each_recover_their_own_card(cli):
    cards(cli, Faust=5, Sin=4, Serge=5)
    ok(cli(*LUCY_FIRST))
    _action(cli, "pass", "Serge", "Faust")
    done = ok(cli(*M, "playbook", "Lucy", "energy", "--json")).json
    assert done["notes"] == [
        "Lucy's playbook scored: recover the energy spent in F2 and A — "
        "Serge Ceptor +1 → 5 of 5, Faust Exit +1 → 5 of 5"
    ]


def test_cards_a_skill_made_free_give_nothing_back(cli):
    # Wally Block "does not spend any energy to screen"; Faust Exit after a teammate's
    # screen "does not spend any energy to attack": nothing was spent, nothing comes back.
    cards(cli, Faust=5, Sin=4, Wally=3)
    ok(cli(*LUCY_FIRST))
    _action(cli, "screen", "Wally", "Faust")
    done = ok(cli(*M, "playbook", "Lucy", "energy", "--json")).json
    assert done["notes"] == [
        "Lucy's playbook scored: recover the energy spent in F2 and A — "
        "no energy was spent on those cards (or none tracked)"
    ]
    assert energy(done, "Lucy", "Faust Exit") == {"now": 5, "max": 5}


def test_the_mixed_reward_needs_the_card_picked(cli):
    cards(cli, Serge=5, Sin=4)
    ok(cli(*LUCY_FIRST))
    _action(cli)
    assert_user_error(cli(*M, "playbook", "Lucy", "both"), "--pick f2 or --pick a")
    done = ok(cli(*M, "playbook", "Lucy", "both", "--pick", "a", "--json")).json
    assert done["notes"] == [
        "Lucy's playbook scored: recover one energy spent (F2 or A) and draw 1 card — "
        "Serge Ceptor +1 → 4 of 5 and draw 1 card"
    ]


def test_the_cards_reward_recovers_nothing(cli):
    cards(cli, Serge=5, Sin=4)
    ok(cli(*LUCY_FIRST))
    _action(cli)
    done = ok(cli(*M, "playbook", "Lucy", "cards", "--json")).json
    assert done["notes"] == ["Lucy's playbook scored: draw 2 cards"]
    assert energy(done, "Lucy", "Serge Ceptor") == {"now": 3, "max": 5}


def test_refused_rewards_write_nothing(cli):
    cards(cli, Serge=5, Sin=4)
    ok(cli(*LUCY_FIRST))
    assert_user_error(cli(*M, "playbook", "Lucy", "energy"), "no attack of this turn to reward")
    _action(cli, roll="95")  # 60 + 0, rolled 95: missed
    assert_user_error(cli(*M, "playbook", "Lucy", "energy"), "did not score")
    assert_user_error(cli(*M, "playbook", "Lucy", "nap"), "playbook reward")
    before = ok(cli(*M, "status", "--json")).json
    ok(cli(*M, "turn"))
    assert_user_error(cli(*M, "playbook", "Lucy", "energy"), "no attack of this turn")
    assert ok(cli(*M, "undo", "--json")).json["hoopers"] == before["hoopers"]


def test_the_f2_is_named_when_it_was_not_recorded(cli):
    cards(cli, Serge=5)
    ok(cli(*LUCY_FIRST))
    ok(cli(*M, "shot", "Lucy", "3ps", "Serge", "--stat", "60", "--bonus", "45"))
    assert_user_error(cli(*M, "playbook", "Lucy", "energy"), "which hooper of Lucy played the F2")
    done = ok(cli(*M, "playbook", "Lucy", "energy", "--f2", "Serge", "--json")).json
    assert energy(done, "Lucy", "Serge Ceptor") == {"now": 5, "max": 5}
