"""Issue 41 item 3: at a terminal without phones, the All-Star deck draft passes the screen
for every hand, as the OT draft passes it for a secret card: a banner naming the manager,
the screen (and its scrollback) cleared before and after, no card of a hand left to read.

"Each Manager looks at their hand, selects one Hockey Player card and places it face down
under their Fan Zone card."
"""

from __future__ import annotations

import json

import pytest

from tests.guided.terminal import ANSI, Terminal, run

CLEAR = "\x1b[2J"


def hand(db, manager: str) -> list[str]:
    done = run(db, "allstar", "season", "hand", manager, "--json")
    return json.loads(done.stdout)["hand"]


@pytest.mark.slow
def test_every_hand_is_shown_only_to_its_manager_and_wiped_before_the_screen_passes(db):
    for i in range(6):
        assert run(db, "allstar", "arena", "add", f"Arena{i}", "--points", "9,6,3").returncode == 0
    started = run(db, "allstar", "season", "start", "--players", "Ana,Ben,Cy", "--deck",
                  "--seed", "5")  # fmt: skip
    assert started.returncode == 0, started.stderr
    assert run(db, "allstar", "season", "arenas").returncode == 0
    ana, ben = hand(db, "Ana"), hand(db, "Ben")
    term = Terminal(db, "allstar", "play")
    term.expect("pass the screen to Ana; the others look away")
    before = ANSI.sub("", term.raw)
    assert not any(card in before for card in ana), "Ana's hand showed before she had the screen"
    term.answer("Ana: press Enter when only you can see the screen", "")
    term.expect(f"Ana's hand: {' '.join(ana)}")
    term.answer("Ana's pick onto the Bench?", ana[0])
    term.expect("pass the screen to Ben; the others look away")
    raw = term.raw
    answered = raw.rindex(ana[0])  # Ana's typed answer, echoed
    wiped = raw.index(CLEAR, answered)
    assert "\x1b[3J" in raw[answered:]  # the scrollback too
    after = ANSI.sub("", raw[wiped:]).replace("\r", "")
    assert not any(card in after for card in ana), after  # Ana's hand and pick are gone
    assert not any(card in after for card in ben), after  # Ben's waits for Ben
    assert "A card, face down, goes onto Ana's Bench." in after
    big = [line for line in after.splitlines() if "█" in line]
    assert len(big) == 5  # "BEN'S TURN" in block letters
    term.answer("Ben: press Enter when only you can see the screen", "")
    term.expect(f"Ben's hand: {' '.join(ben)}")
    term.interrupt()  # the rest of the draft another evening
    term.finish()
