"""Guided hoopers asks about the cards and chips it cannot see only when they can matter, and
a table can turn those reminders off for the evening (issue 24 item 10)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from companion.games.hoopers.rules.onfire import LV1
from companion.games.hoopers.rules.reminders import face_down_can_matter, lv1_chip_can_matter
from companion.games.hoopers.table import HoopersTable
from companion.store import Store
from tests.conftest import assert_user_error
from tests.guided.terminal import Terminal, run
from tests.guided.test_scripted_hoopers import start_match, to_muys_three
from tests.guided.test_terminal import NAMES

FACE_DOWN = "Karl (Keepers power): a defence card face down before Lucy's turn?"


def pass_turn(flow, team: str) -> None:
    flow.answer(f"F1: {team}'s fundamental?", "")
    flow.answer(f"F2: {team}'s fundamental?", "")
    flow.answer(f"A: {team}'s attack?", "none")
    flow.answer("The turn token moves on: the next turn, or stop here?", "")


def state(db):
    table = HoopersTable(Store(db))
    return table.fold(table.current())


def test_not_tonight_stops_the_face_down_question_and_is_kept(cli, db, scripted):
    start_match(cli)
    flow = scripted
    pass_turn(flow, "Lucy")
    pass_turn(flow, "Karl")
    flow.answer(FACE_DOWN, "not")
    flow.expect("no more reminders of face-down cards and chips until 06:00")
    pass_turn(flow, "Lucy")
    pass_turn(flow, "Karl")
    flow.expect("F1: Lucy's fundamental?")  # no face-down question before it
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130
    assert sum(FACE_DOWN in q for q in flow.asked) == 1
    assert HoopersTable(Store(db)).reminders_on(datetime.now().astimezone()) is False


def test_reminders_on_brings_them_back(cli, db, scripted):
    start_match(cli)
    HoopersTable(Store(db)).set_reminders(False, datetime.now().astimezone())
    assert cli("hoopers", "reminders", "--json").json["reminders"] is False
    assert cli("hoopers", "reminders", "on", "--json").json == {
        "reminders": True,
        "quiet_until": None,
    }
    flow = scripted
    pass_turn(flow, "Lucy")
    pass_turn(flow, "Karl")
    flow.answer(FACE_DOWN, "d3")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130


def test_the_defence_still_offers_the_block_when_not_asked(cli, db, scripted):
    start_match(cli)
    flow = scripted
    pass_turn(flow, "Lucy")
    pass_turn(flow, "Karl")
    flow.answer(FACE_DOWN, "not tonight")
    to_muys_three(flow)
    flow.answer("Muy Schillato's 3PS?", "70")
    flow.expect("'block' if Karl laid a D3 face down")
    flow.answer("Karl defends with a D3? [d3 / dlu / block / none]", "block")
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130


def test_the_face_down_card_matters_only_with_a_keepers_defender_and_a_shooter(cli, db):
    start_match(cli)
    now = state(db)
    assert face_down_can_matter(now, "Lucy", "Karl") is True
    assert face_down_can_matter(now, "Karl", "Lucy") is False  # Lucy plays the Unleashed
    for hooper in now.teams["Karl"].hoopers.values():
        hooper.ejected = True
    assert face_down_can_matter(now, "Lucy", "Karl") is False
    fresh = state(db)
    for hooper in fresh.teams["Lucy"].hoopers.values():
        hooper.injuries.append("out")
    assert face_down_can_matter(fresh, "Lucy", "Karl") is False


def test_the_lv1_chip_matters_only_for_a_hooper_still_in_the_game(cli, db):
    start_match(cli)
    now = state(db)
    muy = now.teams["Lucy"].hoopers["Muy Schillato"]
    assert lv1_chip_can_matter(now, "Lucy", "Muy Schillato") is False  # not on LV.I
    muy.onfire = LV1
    assert lv1_chip_can_matter(now, "Lucy", "Muy Schillato") is True
    muy.ejected = True
    assert lv1_chip_can_matter(now, "Lucy", "Muy Schillato") is False


def test_quiet_lasts_until_the_next_morning(tmp_path):
    table = HoopersTable(Store(tmp_path / "db.json"))
    zone = timezone(timedelta(hours=1))
    evening = datetime(2026, 12, 1, 21, 0, tzinfo=zone)
    until = table.set_reminders(False, evening)
    assert until is not None and until.astimezone(zone) == datetime(2026, 12, 2, 6, 0, tzinfo=zone)
    assert table.reminders_on(evening + timedelta(hours=8, minutes=59)) is False
    assert table.reminders_on(evening + timedelta(hours=9)) is True
    late = datetime(2026, 12, 2, 1, 30, tzinfo=zone)  # after midnight: the same evening
    assert table.set_reminders(False, late).astimezone(zone).day == 2
    assert table.set_reminders(True, late) is None and table.reminders_on(late) is True


def test_reminders_off_from_the_command_line(cli, db):
    off = cli("hoopers", "reminders", "off", "--json").json
    assert off["reminders"] is False
    until = datetime.fromisoformat(off["quiet_until"])
    assert until.hour == 6 and until > datetime.now().astimezone()
    assert "Reminders off until" in cli("hoopers", "reminders").stdout
    before = db.read_bytes()
    assert_user_error(cli("hoopers", "reminders", "maybe"), "no setting 'maybe'")
    assert db.read_bytes() == before


@pytest.mark.slow
def test_not_tonight_in_a_real_terminal(db):
    assert run(db, "hoopers", "match", "start", *NAMES, "--first", "Lucy").returncode == 0
    term = Terminal(db, "hoopers", "play")
    for team in ("Lucy", "Karl"):
        term.answer(f"F1: {team}'s fundamental?", "")
        term.answer(f"F2: {team}'s fundamental?", "")
        term.answer(f"A: {team}'s attack?", "none")
        term.answer("The turn token moves on: the next turn, or stop here?", "")
    term.answer(FACE_DOWN, "not")
    term.expect("no more reminders")
    term.answer("F1: Lucy's fundamental?", "")
    term.answer("F2: Lucy's fundamental?", "")
    term.answer("A: Lucy's attack?", "none")
    term.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert term.finish() == 0
    term = Terminal(db, "hoopers", "play")
    term.answer("F1: Karl's fundamental?", "")
    term.answer("F2: Karl's fundamental?", "")
    term.answer("A: Karl's attack?", "none")
    term.answer("The turn token moves on: the next turn, or stop here?", "")
    before = term.expect("F1: Lucy's fundamental?")
    assert "face down" not in before
    term.interrupt()
    assert term.finish() == 130


def test_the_lv1_chip_question_explains_itself(cli, db, scripted):
    # 'Hot zone': "When the LV.I space is reached the hooper may redeem an Onfire LV.1 chip"
    start_match(cli)
    assert cli("hoopers", "match", "onfire", "Lucy", "Muy", "up").exit_code == 0
    flow = scripted
    to_muys_three(flow)
    flow.answer("Muy Schillato's 3PS?", "60")
    flow.answer("Karl defends with a D3?", "")
    flow.answer("roll ≤ 60", "5")
    flow.expect("An Onfire LV.1 chip is a booster the hooper keeps on the card")
    flow.answer("Muy Schillato reaches LV.I", "?")
    flow.expect("When the LV.I space is reached the hooper may redeem an Onfire LV.1 chip")
    flow.answer("Muy Schillato reaches LV.I", "yes")
    flow.answer("The turn token moves on: the next turn, or stop here?", "stop")
    assert flow.run("hoopers", "play").exit_code == 0
    muy = cli("hoopers", "match", "status", "--json").json["hoopers"]["Lucy"]["Muy Schillato"]
    assert muy["chips"]["lv1"] == 1
