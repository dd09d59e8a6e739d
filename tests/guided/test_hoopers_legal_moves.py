"""Issue 40: guided play asks the legal-moves query — its lists are what the query offers,
and an answer the query refuses is refused with the rule's words, the CLI's own."""

from __future__ import annotations

from tests.guided.test_scripted_hoopers import start_match, types
from tests.guided.test_terminal import events

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


def said_alike(cli, db, flow, words: str, *move: str) -> None:
    """Guided play stopped after its refusal, nothing recorded after the pass; the CLI's
    move refused with the same words, and nothing written."""
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert types(db) == ["opening", "fundamental"]
    done = cli("hoopers", "match", *move)
    assert (done.exit_code, done.stderr) == (2, f"error: {words}\n")
    assert types(db) == ["opening", "fundamental"]


def to_muys_pass(cli, flow):
    """A match started, and Lucy's F1 answered: Muy Schillato passes."""
    start_match(cli)
    flow.answer("F1: Lucy's fundamental?", "pa")
    flow.answer("pass by?", "Muy")
    flow.answer("pass bonus on the card?", "")
    return flow


def test_the_passer_typed_as_shooter_is_told_why_he_may_not_shoot(cli, db, scripted):
    flow = to_muys_pass(cli, scripted)
    flow.answer("Karl counters the pass?", "")
    flow.answer("Lucy runs a playbook?", "")
    flow.answer("F2: Lucy's fundamental?", "")
    flow.answer("A: Lucy's attack?", "3ps")
    # The list is the query's: every hooper but the passer.
    flow.answer(f"3 points shot by? [{SHOOTERS}]", "Muy")
    flow.expect(f"  {PASSER_SHOOTS}\n? 3 points shot by?")
    said_alike(
        cli, db, flow, PASSER_SHOOTS, "shot", "Lucy", "3ps", "--hooper", "Muy", "--stat", "70"
    )


def test_a_steal_against_a_pass_says_a_steal_answers_a_dribble(cli, db, scripted):
    flow = to_muys_pass(cli, scripted)
    flow.answer("Karl counters the pass? [intercept / none]", "steal")
    flow.expect(f"  {STEAL_ON_A_PASS}\n? Karl counters the pass?")
    # The CLI, right after the pass, needs no --against.
    said_alike(
        cli, db, flow, STEAL_ON_A_PASS, "counter", "Karl", "steal", "--hooper", "May", "--o", "40"
    )


def test_the_counterers_offered_are_the_querys(cli, db, scripted):
    """An intercept right after the pass: the interceptor is picked from the hoopers the
    query offers, and the event names the passer."""
    flow = to_muys_pass(cli, scripted)
    flow.answer("Karl counters the pass?", "int")
    flow.answer("intercept pass by? [Edd Trapp / Manny Gentle / May Friend", "May")
    flow.answer("foul die for the intercept pass", "blank")
    flow.answer("May Friend's O-stat?", "40")
    flow.answer("roll ≤ 40 succeeds", "90")
    flow.expect("Counter failed")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert types(db) == ["opening", "fundamental", "counter"]
    assert events(db)[-1]["data"]["against"] == "Muy Schillato"
