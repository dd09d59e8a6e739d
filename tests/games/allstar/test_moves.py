"""Issue 40 for All-Star Draft: the legal-moves query is the season's own answer.

A seeded game with the companion's deck, walked through the query alone: at every step a
sample of the moves offered is accepted (checked as the table records it, nothing written),
a sample of the refused ones is refused with the query's reason, and a manager's answer
holds only their own moves, naming only cards of the hand they hold now ("Each Manager
looks at their hand, selects one Hockey Player card").
"""

from __future__ import annotations

import random
import shlex
import shutil

import pytest

from companion.engine.errors import CompanionError, NotYourMove, StaleMove
from companion.engine.moves import Move
from companion.games.allstar.table import AllStarTable
from companion.store import Store

MANAGERS = ("Ana", "Ben", "Cy")
S = ("allstar", "season")


def assert_refused(result, words: str) -> None:
    """Exit 2, nothing on stdout, and exactly `words` as the one error line."""
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {words}\n")


def deck_table(db, mode=None, managers=MANAGERS, seed=5) -> AllStarTable:
    table = AllStarTable(Store(db))
    for i in range(6):
        table.add_arena(f"Arena{i}", (9, 6, 3))
    table.start(list(managers), mode, seed, deck=True)
    return table


def check_step(table: AllStarTable, pick: random.Random) -> list[Move]:
    """A sample of the offered moves accepted, of the refusals refused with the query's
    words, and a manager's answer their own: the moves offered now."""
    answer = table.legal()
    for move in pick.sample(answer.moves, min(5, len(answer.moves))):
        table.check(*table.events_of(move))
    for refused in pick.sample(answer.not_legal, min(6, len(answer.not_legal))):
        with pytest.raises(CompanionError) as err:
            table.check(*table.events_of(refused.move))
        assert err.value.line() == refused.why
    state = table.status().state
    for manager in pick.sample(state.managers, 1):
        mine = table.legal(manager)
        assert {m.who for m in mine.moves} <= {None, manager}
        assert {r.move.who for r in mine.not_legal} <= {None, manager}
        assert [m for m in answer.moves if m.who in (None, manager)] == list(mine.moves)
        if state.phase == "draft" and state.drafting.mode != "open-market":
            hand = {str(c) for c in state.hand(manager)}
            named = {m.what["card"] for m in (*mine.moves, *(r.move for r in mine.not_legal))}
            assert named <= hand | {str(c) for c in state.drafting.drafted.get(manager, ())}
    return list(answer.moves)


def run_commands(cli, db, table: AllStarTable, offered: list[Move], ran: set[str]) -> None:
    """The CLI command of one move of each kind not run yet, on a copy of the database:
    it makes the move."""
    for move in offered:
        if move.kind in ran:
            continue
        ran.add(move.kind)
        twin = db.parent / f"twin-{len(ran)}" / db.name
        twin.parent.mkdir()
        shutil.copy(db, twin)
        command = table.command(move)
        done = cli(*shlex.split(command)[1:], database=twin)
        assert done.exit_code == 0, (command, done.stderr)
        made = AllStarTable(Store(twin)).current()["events"]
        assert len(made) == len(table.current()["events"]) + 1, command


def walk(table: AllStarTable, seed: int, most: int = 400, commands=None) -> set[str]:
    """Make moves the query offers (a Bus choice last) until it offers none: the kinds
    offered. With `commands` (cli, db), the CLI command of one move of each kind is run."""
    pick = random.Random(seed)
    kinds: set[str] = set()
    ran: set[str] = set()
    for _ in range(most):
        offered = check_step(table, pick)
        if not offered:
            return kinds
        kinds |= {m.kind for m in offered}
        if commands:
            run_commands(*commands, table, offered, ran)
        chosen = pick.choice([m for m in offered if m.kind != "bus"] or offered)
        seen = len(table.current()["events"])
        table.make(chosen, seen=seen, by=chosen.who)
    raise AssertionError(f"still moving after {most} moves")


@pytest.mark.parametrize("mode,managers", [(None, MANAGERS), ("heritage", ("Ana", "Ben")),
                                           ("duel", ("Ana", "Ben")),
                                           ("open-market", ("Ana", "Ben"))])  # fmt: skip
def test_a_deck_season_is_played_through_the_query_alone(cli, db, mode, managers):
    table = deck_table(db, mode, managers)
    kinds = walk(table, seed=len(managers), commands=(cli, db))
    drafted = {"pick", "discard"} if mode in ("heritage", "duel") else {"pick"}
    assert kinds == {"arenas", *drafted, "team", "card-swap", "bus", "resolve"}
    state = table.status().state
    # The regular season is over; the first Play-Off teams are five of eighteen: typed.
    assert (state.phase, state.round) == ("playoffs", 4)
    assert all(len(b) == 18 for b in state.bench.values())


def test_the_play_off_substitutions_are_offered_to_those_still_to_swap(cli, db):
    from tests.games.allstar.test_season import bus_team, stored_regular_season

    stored_regular_season(db)
    teams = [f"{m}={bus_team(m, 1)}" for m in ("Ana", "Ben", "Cy")]
    damien = "Damien=eag-1,eag-2,rab-3,rab-4,car-5"
    assert cli(*S, "playoff", "round", *teams, damien, "--points", "20,15,13,11").exit_code == 0
    table = AllStarTable(Store(db))
    answer = table.legal("Ben")
    assert answer.labels() == [f"Ben substitutes {n} cards" for n in (2, 3, 4)]
    assert table.command(answer.moves[1]) == "companion allstar season playoff swap Ben 3"
    table.make(answer.moves[0], by="Ben")
    again = table.legal("Ben")
    assert again.moves == ()
    assert {r.why for r in again.not_legal} == {"Ben has already swapped this round"}
    assert_refused(
        cli(*S, "playoff", "swap", "Ben", "2"),
        "Ben has already swapped this round; legal now: Ana substitutes 2 cards, Ana "
        "substitutes 3 cards, Ana substitutes 4 cards, Cy substitutes 2 cards, Cy substitutes "
        "3 cards, Cy substitutes 4 cards",
    )


def test_a_pick_is_the_managers_own_from_their_own_hand(db):
    table = deck_table(db)
    table.make(table.legal().moves[0])  # the arenas, drawn
    state = table.status().state
    ana = [str(c) for c in state.hand("Ana")]
    answer = table.legal("Ana")
    assert answer.labels() == [f"Ana picks {c}" for c in ana]
    assert [m.what for m in answer.moves] == [{"manager": "Ana", "card": c} for c in ana]
    ben_card = str(state.hand("Ben")[0])
    with pytest.raises(NotYourMove, match="that move is Ben's to make, not Ana's"):
        table.make(Move("pick", "Ben", {"manager": "Ben", "card": ben_card}), by="Ana")
    table.make(answer.moves[0], by="Ana")
    after = table.legal("Ana")
    assert after.moves == ()
    assert after.why_not(answer.moves[1]) == (
        f"Ana has picked {ana[0]} from this hand; the hands pass once Ben, Cy pick"
    )


def test_the_cli_refuses_a_card_of_another_hand_and_a_second_pick_with_the_rule(cli, db):
    table = deck_table(db)
    assert cli(*S, "arenas").exit_code == 0
    state = table.status().state
    ana = [str(c) for c in state.hand("Ana")]
    ben = str(state.hand("Ben")[0])
    assert_refused(
        cli(*S, "pick", "Ana", ben), f"card {ben} is not in Ana's hand ({' '.join(ana)})"
    )
    assert cli(*S, "pick", "Ana", ana[0]).exit_code == 0
    said = cli(*S, "pick", "Ana", ana[1])
    assert_refused(
        said, f"Ana has picked {ana[0]} from this hand; the hands pass once Ben, Cy pick"
    )


def test_moves_lists_each_move_with_its_command(cli, db):
    deck_table(db)
    shown = cli("moves", "--json").json
    assert shown["moves"] == [
        {
            "move": {"kind": "arenas", "who": None, "what": {"drawn": True}},
            "label": "draw round 1's arenas from the deck",
            "command": "companion allstar season arenas",
        }
    ]


def test_without_the_deck_the_arenas_come_from_the_catalogue_and_teams_are_typed(cli, db):
    table = AllStarTable(Store(db))
    for name in ("Rink", "Dome"):
        table.add_arena(name, (13, 10, 7))
    table.add_arena("Barn", (13, 10))  # two places: not for three managers
    table.start(list(MANAGERS), None, 1)
    answer = table.legal()
    assert [(m.what, table.command(m)) for m in answer.moves] == [
        ({"arenas": ["Dome"]}, "companion allstar season arenas Dome"),
        ({"arenas": ["Rink"]}, "companion allstar season arenas Rink"),
    ]
    table.make(answer.moves[0])
    assert [a.name for a in table.status().state.arenas[1]] == ["Dome"]
    assert table.current()["events"][-1]["data"]["arenas"] == [
        {"name": "Dome", "points": [13, 10, 7], "rules": []}
    ]
    # A new team is the table's to type: no list holds it, the next step says what is due.
    assert [m.words for m in table.legal().moves] == []
    assert_refused(
        cli(*S, "resolve"),
        "teams still missing: Ana Bus 1, Ben Bus 1, Cy Bus 1; legal now: round 1: still to "
        "come: Ana Bus 1, Ben Bus 1, Cy Bus 1",
    )


def test_tab_offers_the_managers_own_hand_first_when_they_pick(cli, db, monkeypatch, capsys):
    from tests.test_completion_values import offered

    table = deck_table(db)
    assert cli(*S, "arenas").exit_code == 0
    state = table.status().state
    ana = [str(c).casefold() for c in state.hand("Ana")]
    ben = [str(c).casefold() for c in state.hand("Ben")]
    shown = offered(monkeypatch, capsys, db, "companion allstar season pick Ana ")
    assert shown[:6] == ana
    assert not set(ben) & set(shown[:6]) and set(ben) <= set(shown)
    assert offered(monkeypatch, capsys, db, "companion allstar season pick ") == list(MANAGERS)
    table.pick("Ana", ana[0])  # (the CLI is Tab's now: its environment is set)
    # Ana has picked from this hand: she is offered last, after those still to pick.
    assert offered(monkeypatch, capsys, db, "companion allstar season pick ") == [
        "Ben", "Cy", "Ana"]  # fmt: skip


def test_resolving_during_the_draft_says_the_draft_is_not_over_and_shows_no_hand(cli, db):
    deck_table(db)
    assert cli(*S, "arenas").exit_code == 0
    assert_refused(
        cli(*S, "resolve"),
        "round 1's draft is not over: Ana, Ben, Cy still pick ('season pick'); legal now: "
        "round 1 draft: Ana, Ben, Cy pick a card from their hand ('season hand NAME' shows "
        "it), then pass left",
    )


def test_building_teams_from_secret_benches_a_refusal_names_no_bench_card(cli, db):
    table = deck_table(db)
    while table.status().state.phase != "teams":
        table.make(table.legal().moves[0])
    card = str(table.status().state.bench["Ana"][0])
    assert_refused(
        cli(*S, "pick", "Ana", card),
        "round 1's draft is over; build the teams; legal now: round 1: still to come: Ana Bus "
        "1, Ben Bus 1, Cy Bus 1",
    )


def test_tab_offers_a_swaps_cards_from_the_managers_team_and_bench(db, monkeypatch, capsys):
    from tests.test_completion_values import offered

    table = deck_table(db)
    while table.status().state.round < 2 or table.status().state.phase != "teams":
        moves = table.legal().moves
        table.make(next((m for m in moves if m.kind != "bus"), moves[0]))
    state = table.status().state
    team = [str(c).casefold() for c in state.in_play["Ana"].team(0)]
    free = {str(c).casefold() for c in state.bench["Ana"]} - set(team)
    line = "companion allstar season swap Ana "
    assert offered(monkeypatch, capsys, db, line)[:5] == team
    assert set(offered(monkeypatch, capsys, db, line + f"{team[0]} ")[: len(free)]) == free


def test_trying_every_move_leaves_the_season_as_it_was(db):
    from companion.engine.moves import legal
    from companion.games.allstar.rules.season import RULES

    table = deck_table(db)
    while table.status().state.round < 2 or table.status().state.phase != "teams":
        moves = table.legal().moves
        table.make(next((m for m in moves if m.kind != "bus"), moves[0]))
    match = table.current()
    state = table.fold(match)
    before = (state.to_json(), {m: list(b) for m, b in state.bench.items()}, dict(state.owner))
    assert len(legal(RULES, match, state=state).moves) > 20
    assert (state.to_json(), {m: list(b) for m, b in state.bench.items()},
            dict(state.owner)) == before  # fmt: skip


@pytest.mark.parametrize("arenas", ["Rink", [{"points": [3]}], [["x"]], [7], ["Nowhere"]])
def test_an_arenas_move_names_arenas_of_the_catalogue_or_is_refused(db, arenas):
    table = AllStarTable(Store(db))
    table.add_arena("Rink", (13, 10, 7))
    table.start(list(MANAGERS), None, 1)
    before = db.read_bytes()
    with pytest.raises(CompanionError):
        table.make(Move("arenas", None, {"arenas": arenas}))
    assert db.read_bytes() == before


def test_picks_made_at_once_from_one_view_all_land_a_second_tap_is_stale(db):
    # "Each Manager looks at their hand, selects one Hockey Player card": at the same time.
    # Pages that all saw the same moves each pick; a manager's second tap of that view is
    # refused (their own pick came since), and so is a move whose choice another changed.
    table = deck_table(db)
    table.make(table.legal().moves[0])  # the arenas, drawn
    seen = len(table.current()["events"])
    answers = {m: table.legal(m) for m in MANAGERS}
    for manager in MANAGERS:
        table.make(answers[manager].moves[0], seen=seen, by=manager)
    events = table.current()["events"]
    assert [(e["type"], e["data"]["manager"]) for e in events[seen:]] == [
        ("pick", m) for m in MANAGERS
    ]
    # Every hand passed on: a tap on the old view names a card its manager holds no more.
    made = f"the game moved on: {seen + 3} moves made, the page saw {seen}"
    with pytest.raises(StaleMove, match=made):
        table.make(answers["Ana"].moves[1], seen=seen, by="Ana")
    after = len(table.current()["events"])
    again = table.legal("Ana")
    table.make(again.moves[0], seen=after, by="Ana")
    with pytest.raises(StaleMove, match="the game moved on"):
        table.make(again.moves[0], seen=after, by="Ana")  # the double tap
    with pytest.raises(StaleMove, match="the game moved on"):
        table.make(again.moves[1], seen=after, by="Ana")  # another card of the same view
    assert len(table.current()["events"]) == after + 1
    table.make(table.legal("Ben").moves[0], seen=after, by="Ben")  # Ben's view is unchanged
    assert len(table.current()["events"]) == after + 2
