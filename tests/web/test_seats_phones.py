"""Issue 41's last phone items, in headless Chromium at 390×844 (each phone a browser
context of its own; the harness is tests/web/test_seats_browser.py's): All-Star picks made
at once from four phones, the Hoopers seat's moves in groups, a move that cannot be taken
back asking for a second tap, and OT Fantasy Draft totals typed on each player's phone.
"""

from __future__ import annotations

import pytest

from tests.test_example_plugins import site as site  # noqa: F401 - a fixture
from tests.web.test_browser import CHROMIUM
from tests.web.test_browser import browser as browser  # noqa: F401 - a fixture
from tests.web.test_seats_browser import phones as phones  # noqa: F401 - a fixture
from tests.web.test_seats_browser import table as table  # noqa: F401 - a fixture
from tests.web.test_seats_games import MANAGERS

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (.ci/run installs it)"),
]

# Two taps of one move sent at once from one page, as a thumb's double tap or a retry on a
# slow network would: the answers' codes, in order.
DOUBLE_TAP = """async () => {
    const entry = current.moves[0];
    const body = JSON.stringify({move: {kind: entry.move.kind, who: entry.move.who,
                                        what: entry.move.what}, filled: {}, seen: current.seen});
    const send = () => fetch(location.pathname + "/move", {method: "POST",
        headers: {"Content-Type": "application/json"}, body}).then(r => r.status);
    return (await Promise.all([send(), send()])).sort();
}"""


def test_four_managers_pick_at_once_every_pick_lands_a_double_tap_is_one_pick(table, phones):
    # "Each Manager looks at their hand, selects one Hockey Player card, and places it face
    # down on their Bench": all at once. Four pages that saw the same moves each pick.
    table.ok("allstar", "arena", "add", "Harbour", "--points", "9,6,3,1")
    table.ok("allstar", "season", "start", "--players", ",".join(MANAGERS), "--deck",
             "--seed", "5")  # fmt: skip
    table.ok("allstar", "season", "arenas", "Harbour")
    hands = {m: table.json("allstar", "season", "hand", m)["hand"] for m in MANAGERS}
    with table.served() as base:
        seats = table.seats(base)
        # Their streams cut: no page hears of another's pick before its own tap.
        pages = {m: phones(url, offline_stream=True) for m, url in seats.items()}
        seen = table.json("moves")["seen"]
        for page in pages.values():
            assert page.inner_text("#what").endswith(f" {seen} moves made")
            page.locator("#moves button").first.click()
        for manager, page in pages.items():
            page.wait_for_selector("#message.good, #message.bad")
            assert page.inner_text("#message") == f"Done: {manager} picks {hands[manager][0]}"
        moves = table.json("moves")
        assert moves["seen"] == seen + 4
        benches = {m: table.json("allstar", "season", "hand", m)["bench"] for m in MANAGERS}
        assert benches == {m: [hands[m][0]] for m in MANAGERS}
        # The hands passed; a double tap of Ana's next pick makes one pick and one refusal.
        ana = phones(seats["Ana"])
        assert ana.evaluate(DOUBLE_TAP) == [200, 409]
        assert table.json("moves")["seen"] == seen + 5
        assert len(table.json("allstar", "season", "hand", "Ana")["bench"]) == 2
