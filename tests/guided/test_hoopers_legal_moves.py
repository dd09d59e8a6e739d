"""Issue 40: guided play asks the legal-moves query — its lists are what the query offers,
and an answer the query refuses is refused with the rule's words, the CLI's own."""

from __future__ import annotations

from tests.guided.test_scripted_hoopers import start_match, types

SHOOTERS = (
    "Dime N'Shons / Joy Kill / Faust Exit / Serge Ceptor / Sin Miedo / Reley Baton / "
    "Never Tired / Lance Endure / Wally Block"
)
PASSER_SHOOTS = (
    "Muy Schillato cannot shoot: 'The hooper who performs a pass can't perform the very "
    "following action (F2 or A) if it involves the ball'; who may shoot now: "
    + SHOOTERS.replace(" / ", ", ")
)
STEAL_ON_A_PASS = (
    "a steal answers a dribble: 'STEAL DRIBBLE: It is used to contest a dribble'; Muy "
    "Schillato played a pass, not a dribble; legal now: intercept --against 'Muy Schillato'"
)


def to_muys_pass(flow) -> None:
    flow.answer("F1: Lucy's fundamental?", "pa")
    flow.answer("pass by?", "Muy")
    flow.answer("pass bonus on the card?", "")


def test_the_passer_typed_as_shooter_is_told_why_he_may_not_shoot(cli, db, scripted):
    start_match(cli)
    flow = scripted
    to_muys_pass(flow)
    flow.answer("Karl counters the pass?", "")
    flow.answer("Lucy runs a playbook?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "3ps")
    # The list is the query's: every hooper but the passer.
    flow.answer(f"3 points shot by? [{SHOOTERS}]", "Muy")
    flow.expect(f"  {PASSER_SHOOTS}\n? 3 points shot by?")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert types(db) == ["opening", "fundamental"]
    # The CLI says the same words.
    shot = cli("hoopers", "match", "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "70")
    assert (shot.exit_code, shot.stderr) == (2, f"error: {PASSER_SHOOTS}\n")
    assert types(db) == ["opening", "fundamental"]


def test_a_steal_against_a_pass_says_a_steal_answers_a_dribble(cli, db, scripted):
    start_match(cli)
    flow = scripted
    to_muys_pass(flow)
    flow.answer("Karl counters the pass? [intercept / none]", "steal")
    flow.expect(f"  {STEAL_ON_A_PASS}\n? Karl counters the pass?")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert types(db) == ["opening", "fundamental"]
    # The CLI, right after the pass, needs no --against and says the same words.
    steal = cli("hoopers", "match", "counter", "Karl", "steal", "--hooper", "May", "--o", "40")
    assert (steal.exit_code, steal.stderr) == (2, f"error: {STEAL_ON_A_PASS}\n")
    assert types(db) == ["opening", "fundamental"]


def test_the_counterers_offered_are_the_querys(cli, db, scripted):
    """An intercept right after the pass: the interceptor is picked from the hoopers the
    query offers, and the event names the passer."""
    start_match(cli)
    flow = scripted
    to_muys_pass(flow)
    flow.answer("Karl counters the pass?", "int")
    flow.answer("intercept pass by? [Edd Trapp / Manny Gentle / May Friend", "May")
    flow.answer("foul die for the intercept pass", "blank")
    flow.answer("May Friend's O-stat?", "40")
    flow.answer("roll ≤ 40 succeeds", "90")
    flow.expect("Counter failed")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert types(db) == ["opening", "fundamental", "counter"]
