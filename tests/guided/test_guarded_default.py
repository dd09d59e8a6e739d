"""Issue 32 item 5: a choice that reveals a secret card is never taken without a yes, even
when it is the list's default (plain Enter asks to confirm, as ↓ and Enter do). After a "no"
the list comes back on the question's own default, so the "(next)" it shows is what Enter
takes: before, the highlight stayed on the declined reveal while the question still said
"(next)"."""

from __future__ import annotations

import pytest

from companion.testing.scripted import DOWN
from companion.ui.guided import prompts
from tests.games.otdraft.test_secret_leftover import started
from tests.guided.terminal import Terminal, json_of

SURE = "Ana reveals the secret card to the table: sure?"
ROUND_OVER = "Round 1 is over: start round 2? [next / Ana reveals / Ben reveals / stop] (next)"


def test_enter_on_a_guarded_default_asks_to_confirm(scripted):
    flow = scripted
    flow.answer("Round 1 is over?", "")  # Enter on the default, itself the reveal
    flow.answer(SURE, "")  # the confirm's default is no: the list again
    flow.answer("Round 1 is over?", "")
    flow.answer(SURE, "y")
    options = ["next", "Ana reveals", "stop"]
    sure = {"Ana reveals": SURE}
    picked = prompts.choose("Round 1 is over?", options, "Ana reveals", guarded=sure)
    assert picked == "Ana reveals"
    assert [q.split("?")[0] for q in scripted.asked] == ["Round 1 is over", SURE[:-1]] * 2


def test_a_declined_reveal_brings_the_list_back_on_its_own_default(cli, scripted, tmp_path):
    started(cli, tmp_path)
    flow = scripted
    flow.answer("Round 1, turn 1 of 2: Ana drafts?", "C02")
    flow.answer("Round 1, turn 2 of 2: Ben drafts?", "C03")
    flow.send(DOWN + "\r")  # ↓ to "Ana reveals", Enter
    flow.answer(SURE, "n")
    flow.expect(ROUND_OVER)
    flow.answer("start round 2?", "")  # Enter takes next, as the question says
    flow.answer("Round 2, turn 1 of 2: Ben drafts?", "stop")
    assert flow.run("otdraft", "play").exit_code == 0
    doc = cli("otdraft", "game", "status", "--json").json
    assert doc["round"] == 2
    assert "Ana reveals C01" not in flow.text


@pytest.mark.slow
def test_in_a_real_terminal_a_declined_reveal_is_not_taken_by_enter(cli, db, tmp_path):
    started(cli, tmp_path)
    term = Terminal(db, "otdraft", "play")
    term.answer("Ana drafts?", "C02")
    term.answer("Ben drafts?", "C03")
    term.expect("start round 2?")
    term.send("\x1b[B\r")  # ↓ Enter: the reveal asks first
    term.answer("sure?", "n")
    term.expect("start round 2?")
    term.send("\r")  # Enter: the question's default, next, not the declined reveal
    term.answer("Ben drafts?", "stop")
    assert term.finish() == 0
    doc = json_of(db, "otdraft", "game", "status", "--json")
    assert doc["round"] == 2
    assert "Ana reveals C01" not in term.text
