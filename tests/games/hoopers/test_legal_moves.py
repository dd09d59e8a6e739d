"""Issue 40 for Valley Hoopers: the legal-moves query (`companion moves`) is the match's own
answer. A seeded match walked through the rules checks at every step that every move
offered is recorded by the rules and that refused ones are refused with the query's words;
the CLI, Tab and `companion moves` read the same answer."""

from __future__ import annotations

import copy
import random
import shlex

import pytest

from companion.engine.errors import CompanionError
from companion.engine.events import play, replay
from companion.engine.moves import legal
from companion.games.hoopers.rules.legal import counter_move, fundamental_move, shot_move
from companion.games.hoopers.rules.match import RULES, new_match
from companion.testing import assert_user_error

M = ("hoopers", "match")
START = ("--home", "Ann", "--away", "Bob", "--home-tribe", "keepers", "--away-tribe", "unleashed")


def seeded_match(seed: int, **options) -> dict:
    from companion.games.hoopers.rules.match import tribe_roster

    rosters = {"Ann": tribe_roster("keepers"), "Bob": tribe_roster("unleashed")}
    players, opts, events = new_match("Ann", "Bob", seed, rosters=rosters, first="Ann", **options)
    opts["tribes"] = {"Ann": "keepers", "Bob": "unleashed"}
    return {"id": "walk", "game": "hoopers", "players": players, "options": opts,
            "seed": seed, "events": events}  # fmt: skip


def walk(seed: int, steps: int, tried: int | None = None) -> list[str]:
    """Make `steps` moves the query offers, chosen by `seed`; at every step each offered
    move (or a sample of `tried`) is recorded by the rules on a copy and a sample of
    refused ones is refused with the query's reason. The kinds of the moves made."""
    match = seeded_match(seed)
    state = replay(RULES, match)
    pick = random.Random(seed)
    made = []
    for _ in range(steps):
        answer = legal(RULES, match, state=state)
        assert answer.seen == len(match["events"])
        sample = (
            answer.moves
            if tried is None
            else pick.sample(answer.moves, min(tried, len(answer.moves)))
        )
        for move in sample:  # raises if the rules refuse it
            play(RULES, match, [move.event(move.samples())], state=copy.deepcopy(state))
        for refused in pick.sample(answer.not_legal, min(3, len(answer.not_legal))):
            with pytest.raises(CompanionError) as err:
                play(
                    RULES,
                    match,
                    [refused.move.event(refused.move.samples())],
                    state=copy.deepcopy(state),
                )
            assert err.value.line() == refused.why
        if not answer.moves:
            break
        # Turns end often enough: the turn token is one move among the many a turn offers.
        moving = [m for m in answer.moves if m.kind == "turn"]
        chosen = pick.choice(moving if moving and pick.random() < 0.3 else answer.moves)
        played = play(RULES, match, [chosen.event(chosen.samples())], state=state)
        match = {**match, "events": [*match["events"], *played.events]}
        state = played.state
        made.append(chosen.kind)
    return made


@pytest.mark.parametrize(
    ("seed", "steps", "tried"),
    [(1, 20, 6), pytest.param(2, 150, None, marks=pytest.mark.slow),
     pytest.param(3, 150, None, marks=pytest.mark.slow)],
)  # fmt: skip
def test_a_seeded_match_walked_offers_only_what_the_rules_accept(seed, steps, tried):
    made = walk(seed, steps, tried)
    # A stretch of a real match: fundamentals, shots and the turn token, each offered.
    assert {"fundamental", "shot", "turn"} <= set(made), made


def test_the_candidates_cover_what_a_player_decides_and_are_few():
    match = seeded_match(1)
    answer = legal(RULES, match)
    kinds = {m.kind for m in answer.moves}
    assert kinds == {"turn", "fundamental", "shot", "timeout"}
    # Ten hoopers a side with no line-up: 30 fundamentals, 30 shots, tens in all.
    assert len(answer.moves) + len(answer.not_legal) < 100
    assert answer.why_not(shot_move("Ann", "Edd Trapp", "3ps")) is None
    assert answer.find(shot_move("Ann", "Edd Trapp", "3ps")) is not None


def test_each_side_is_offered_its_plays_first_and_the_turn_token_last():
    """The Turn Sequence's order, which a seat's buttons keep: the first thing a phone
    offers is a play, so a thumb's slip never moves the turn token for both sides."""
    match = seeded_match(1)
    match["events"] += [fundamental_move("Ann", "Edd Trapp", "dribble").event()]
    for side, first in (("Ann", "fundamental"), ("Bob", "counter")):
        moves = legal(RULES, match, side).moves
        assert (moves[0].kind, moves[-1].kind, moves[-1].who) == (first, "turn", None), side
        assert [m.kind for m in moves].count("turn") == 1


def test_after_a_pass_the_passer_may_not_shoot_and_a_steal_is_refused_with_the_rule():
    match = seeded_match(1)
    played = play(RULES, match, [fundamental_move("Ann", "Edd Trapp", "pass").event()])
    match = {**match, "events": [*match["events"], *played.events]}
    answer = legal(RULES, match)
    assert answer.why_not(shot_move("Ann", "Edd Trapp", "2ps")) == (
        "Edd Trapp cannot shoot: 'The hooper who performs a pass can't perform the very "
        "following action (F2 or A) if it involves the ball'; who may shoot now: Manny "
        "Gentle, May Friend, Vernon Dely, Chus Kinder, Henry Closure, Perry Hel, Linda "
        "Siempre, Maddy Cure, Hector Pröt"
    )
    assert answer.why_not(counter_move("Bob", "Joy Kill", "steal", "Edd Trapp")) == (
        "a steal answers a dribble: 'STEAL DRIBBLE: It is used to contest a dribble'; Edd "
        "Trapp played a pass, not a dribble; legal now: intercept --against 'Edd Trapp'"
    )
    assert answer.find(counter_move("Bob", "Joy Kill", "intercept", "Edd Trapp")) is not None
    # Tab's answer for an intercept's --against, and a shooter: the legal ones.
    assert answer.values("against") == ["Edd Trapp"]


def test_companion_moves_prints_each_move_with_the_command_that_makes_it(cli):
    assert cli(*M, "start", *START, "--first", "Ann", "--seed", "1").exit_code == 0
    shown = cli("moves", "hoopers", "--player", "Bob", "--json")
    assert shown.exit_code == 0, shown.stderr
    labels = [m["label"] for m in shown.json["moves"]]
    assert labels == ["the turn token moves"]  # Bob defends: only the table's move now
    refused = {r["label"]: r["why"] for r in shown.json["not_legal"]}
    assert refused["Bob calls a timeout"].startswith(
        "a timeout by Bob ('At THE BEGINNING of your attacking turn': Bob defends and may "
        "use 'match coach' for the timeout's benefits) is not legal now"
    )
    mine = cli("moves", "--player", "Ann", "--json").json["moves"]
    commands = {m["label"]: m["command"] for m in mine}
    assert commands["Edd Trapp shoots a 3PS"] == (
        "companion hoopers match shot Ann 3ps --hooper 'Edd Trapp' --stat N"
    )  # a stat the match does not know yet: the player's to give, never a made-up one
    assert commands["Hector Pröt passes"] == (
        "companion hoopers match fundamental Ann pass --hooper 'Hector Pröt'"
    )
    assert commands["Ann calls a timeout"] == "companion hoopers match timeout Ann"


def test_a_shot_made_from_the_query_keeps_its_stat_in_the_spec_and_is_offered_next(cli, db):
    from companion.store import Store
    from companion.tables import table_for

    assert cli(*M, "start", *START, "--first", "Ann", "--seed", "1").exit_code == 0
    table = table_for(Store(db), "hoopers")
    answer = table.legal("Ann")
    move = answer.find(shot_move("Ann", "May Friend", "3ps"))
    table.make(move, {"stat": 65}, seen=answer.seen, by="Ann")
    shot = table.current()["events"][-1]
    assert shot["type"] == "shot" and shot["data"]["spec"]["stat"] == 65
    assert "stat" not in shot["data"]
    # The next time May shoots a 3PS, the query tries her 65, as the CLI's --stat default.
    assert cli(*M, "turn").exit_code == 0
    assert cli(*M, "turn").exit_code == 0
    again = table.legal("Ann").find(shot_move("Ann", "May Friend", "3ps"))
    assert again.asks[0].default == 65


def test_the_cli_counter_right_after_the_pass_needs_no_against(cli, db):
    assert cli(*M, "start", *START, "--first", "Ann", "--seed", "1").exit_code == 0
    assert cli(*M, "fundamental", "Ann", "pass", "--hooper", "May").exit_code == 0
    done = cli(*M, "counter", "Bob", "intercept", "--hooper", "Joy", "--o", "40", "--json")
    assert done.exit_code == 0, done.stderr
    from companion.store import Store
    from companion.tables import table_for

    counter = table_for(Store(db), "hoopers").current()["events"][-1]
    assert (counter["type"], counter["data"]["against"]) == ("counter", "May Friend")


def test_a_counter_with_nothing_to_answer_still_asks_who(cli, db):
    assert cli(*M, "start", *START, "--first", "Ann", "--seed", "1").exit_code == 0
    before = db.read_bytes()
    assert_user_error(
        cli(*M, "counter", "Bob", "steal", "--hooper", "Joy", "--o", "40"),
        "a steal dribble in a match needs --against (the hooper whose dribble it counters)",
    )
    assert db.read_bytes() == before


def test_tab_offers_the_legal_shooters_first(cli, db, monkeypatch, capsys):
    from tests.test_completion_values import offered

    assert cli(*M, "start", *START, "--first", "Ann", "--seed", "1").exit_code == 0
    assert cli(*M, "fundamental", "Ann", "pass", "--hooper", "May").exit_code == 0
    shooters = offered(monkeypatch, capsys, db, "companion hoopers match shot Ann 3ps --hooper ")
    keepers = ["Edd Trapp", "Manny Gentle", "Vernon Dely", "Chus Kinder", "Henry Closure"]
    assert shooters[:5] == keepers  # the passer is not offered first ...
    assert shooters[-1] == "May Friend"  # ... but is still there, last
    against = "companion hoopers match counter Bob intercept --hooper Joy --against "
    assert offered(monkeypatch, capsys, db, against)[0] == "May Friend"


def test_a_series_games_match_answers_the_query(cli):
    series = ("hoopers", "series")
    assert cli(*series, "start", "--tribes", "Keepers,Unleashed", "--home", "kee").exit_code == 0
    started = cli(*series, "game", "start", "--hot", "May,Vernon,Chus", "--cold", "Faust,Serge")
    assert started.exit_code == 0, started.stderr
    shown = cli("moves", "hoopers", "--json")
    assert shown.exit_code == 0, shown.stderr
    attacking = cli(*M, "status", "--json").json["attacking"]
    moves = shown.json["moves"]
    assert {m["move"]["kind"] for m in moves} >= {"turn", "fundamental", "shot"}
    shot = next(m for m in moves if m["move"]["kind"] == "shot")
    assert shot["move"]["who"] == attacking
    words = shlex.split(shot["command"])
    assert words[:4] == ["companion", "hoopers", "match", "shot"]
    assert words[-2:] == ["--stat", "N"]  # the card's number is the player's to give
    made = cli(*words[1:-1], "60", "--roll", "5")
    assert made.exit_code == 0, made.stderr
