"""Issue 41's last phone items, in headless Chromium at 390×844 (each phone a browser
context of its own; the harness is tests/web/test_seats_browser.py's): All-Star picks made
at once from four phones, the Hoopers seat's moves in groups, a move that cannot be taken
back asking for a second tap, and OT Fantasy Draft totals typed on each player's phone;
a game filed from one phone, and every other phone then saying so with the result.
"""

from __future__ import annotations

import pytest

from companion.engine.names import plural
from tests.test_example_plugins import site as site  # noqa: F401 - a fixture
from tests.web.test_browser import CHROMIUM, screenshot
from tests.web.test_browser import browser as browser  # noqa: F401 - a fixture
from tests.web.test_seats_browser import phones as phones  # noqa: F401 - a fixture
from tests.web.test_seats_browser import room as room  # noqa: F401 - a fixture
from tests.web.test_seats_browser import table as table  # noqa: F401 - a fixture
from tests.web.test_seats_games import HOOPERS, MANAGERS

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (.ci/run installs it)"),
]

# A tap's answer, either way: a refusal fails on its own words, not on a wait's deadline.
ANSWERED = "#message.good, #message.bad"

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
            assert page.inner_text("#what").endswith(f" {plural(seen, 'move')} made")
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


def test_a_hoopers_seat_groups_its_moves_by_hooper_and_a_move_is_two_taps(table, phones, tmp_path):
    # With no line-ups or cards known a side may try ~60 moves: the phone shows one row per
    # hooper (a tap opens that hooper's moves, under a heading per kind) and the side's own
    # moves under them, the turn token last; the rows fit a 390-wide screen, thumb-high.
    table.ok(*HOOPERS)
    with table.served() as base:
        seats = table.seats(base)
        lucy = phones(seats["Lucy"])
        offered = table.json("moves", "--player", "Lucy")["moves"]
        assert len(offered) > 50
        hoopers = list(dict.fromkeys(m["move"]["what"]["hooper"] for m in offered
                                     if "hooper" in m["move"]["what"]))  # fmt: skip
        rows = lucy.locator("#moves summary")
        assert [t.split("\n")[0] for t in rows.all_inner_texts()] == hoopers
        assert rows.first.inner_text().split("\n")[1] == "6 moves"  # 3 fundamentals, 3 shots
        ungrouped = lucy.locator("#moves > form button").all_inner_texts()
        assert ungrouped == ["Lucy calls a timeout", "the turn token moves"]
        assert lucy.locator("#moves details[open]").count() == 0
        assert [b for b in lucy.locator("#moves button:visible").all_inner_texts()] == ungrouped
        sizes = lucy.evaluate(
            """() => ({wide: document.documentElement.scrollWidth,
                       low: Math.min(...[...document.querySelectorAll("#moves summary")]
                                          .map(s => s.getBoundingClientRect().height))})"""
        )
        assert sizes["wide"] <= 390 and sizes["low"] >= 44  # a thumb's target, no sideways scroll
        # Tap 1: the hooper. Its moves show, by kind; the others stay closed.
        lucy.locator("#moves summary", has_text="Joy Kill").click()
        group = lucy.locator("#moves details[open]")
        assert group.count() == 1
        assert group.locator("h3").all_inner_texts() == ["FUNDAMENTAL", "SHOT"]
        assert group.locator("button").all_inner_texts() == [
            "Joy Kill dribbles", "Joy Kill passes", "Joy Kill screens",
            "Joy Kill shoots a 2PS", "Joy Kill shoots a 3PS", "Joy Kill shoots a lay-up",
        ]  # fmt: skip
        screenshot(lucy, "seats-phone-hoopers-groups", tmp_path)
        # Tap 2: the move, made.
        group.locator("button", has_text="Joy Kill dribbles").click()
        lucy.wait_for_selector(ANSWERED)
        assert lucy.inner_text("#message") == "Done: Joy Kill dribbles"
        # Fifteen moves now, mostly one per hooper: no rows, every move a button of its own.
        assert lucy.locator("#moves summary").count() == 0
        assert lucy.locator("#moves button:visible", has_text="Joy Kill shoots a 2PS").count() == 1
        # Karl's defenders each block or steal: a row each; opening one closes the other.
        karl = phones(seats["Karl"])
        karl.locator("#moves summary", has_text="Edd Trapp").click()
        karl.locator("#moves summary", has_text="May Friend").click()
        shown = karl.locator("#moves details[open]")
        assert [t.split("\n")[0] for t in shown.locator("summary").all_inner_texts()] == [
            "May Friend"
        ]
        assert shown.locator("button").all_inner_texts() == [
            "May Friend steals Joy Kill's dribble", "May Friend blocks",
        ]  # fmt: skip


def test_a_reveal_asks_for_a_second_tap_on_confirm_and_a_double_tap_cancels(table, phones):
    # "The selected card is kept secret" until its player turns it over: a slip of the thumb
    # must not show it. The first tap asks; "Confirm" under it makes the move.
    table.ok("otdraft", "cards", "import", "--example")
    table.ok("otdraft", "game", "start", "-p", "Ana,Ben", "--no-deck", "--seed", "1")
    table.ok("otdraft", "game", "secret", "Ana", "Snake")
    with table.served() as base:
        ana = phones(table.seats(base)["Ana"])
        seen = table.json("moves")["seen"]
        reveal = ana.locator("#moves form", has_text="Ana reveals the secret card")
        reveal.locator("button").click()
        assert reveal.locator("button").all_inner_texts() == [
            "Cancel",
            "Confirm: Ana reveals the secret card (it cannot be taken back)",
        ]
        assert table.json("moves")["seen"] == seen  # nothing made yet
        reveal.locator("button.cancel").click()  # Cancel: as it was
        assert reveal.locator("button").all_inner_texts() == ["Ana reveals the secret card"]
        reveal.locator("button").dblclick()  # a double tap: asks, then cancels
        assert reveal.locator("button").all_inner_texts() == ["Ana reveals the secret card"]
        assert table.json("moves")["seen"] == seen and ana.inner_text("#message") == ""
        reveal.locator("button").click()
        reveal.locator("button.confirm").click()
        ana.wait_for_selector(ANSWERED)
        assert ana.inner_text("#message") == "Done: Ana reveals the secret card"
    assert table.json("otdraft", "game", "status")["revealed"] == {"Ana": "Snake"}


def test_each_player_types_their_total_on_their_phone_and_the_last_files_the_draft(
    table, phones, room, tmp_path
):
    # A draft recorded by card name: the abilities are the table's, so is the scorepad.
    # "Players … proceed to score their hand": each types their own total on their phone,
    # and the draft is filed when the last is in; the room shows the result.
    from companion.games.otdraft.table import DraftTable
    from companion.store import Store

    draft = DraftTable(Store(tmp_path / "db.json"))
    draft.start(["Ana", "Ben"], seed=1, by_name=True)
    draft.secret("Ana", "C20")
    draft.secret("Ben", "C21")
    number = 1
    while picks := [m for m in draft.legal().moves if m.kind == "pick"]:
        draft.pick(str(picks[0].who), f"C{number:02d}")
        number += 1
    assert number == 15  # seven rounds of two
    with table.served() as base:
        pages = {p: phones(url) for p, url in table.seats(base).items()}
        room.goto(base + "/")
        room.wait_for_selector("#scores")
        typed = {"Ana": "41", "Ben": "38"}
        for player, page in pages.items():
            total = page.locator("#moves form", has_text=f"{player} types the team's total")
            field = total.locator("input[name=points]")
            assert (field.get_attribute("type"), field.get_attribute("min")) == ("number", "0")
            field.fill(typed[player])
            total.locator("button").click()  # it files the draft when last: asked again
            total.locator("button.confirm").click()
            page.wait_for_selector(ANSWERED)
            assert page.inner_text("#message") == f"Done: {player} types the team's total"
            if player == "Ana":
                made = table.json("otdraft", "game", "status")
                assert made["totals_typed"] == ["Ana"] and made["status"] == "live"
                assert "41" not in pages["Ben"].inner_text("body")  # Ana's until all are in
                assert page.inner_text("#own").count("41") == 1  # her own, on her phone
        ben = pages["Ben"]
        assert ben.inner_text("#moves") == "The game is filed: Ana wins, 41 to 38."
        assert ben.locator(".scores .row.me span").nth(1).inner_text() == "38"
        ana = pages["Ana"]  # her phone filed nothing: its stream tells it
        ana.wait_for_selector("#moves p.over")
        assert ana.inner_text("#moves") == "The game is filed: Ana wins, 41 to 38."
        room.wait_for_selector("#final")
        assert room.inner_text("#final") == "Final · Ana wins, 41 to 38"
    assert table.run("otdraft", "game", "status").returncode == 2  # filed: nothing live


def test_a_playlist_game_is_counted_and_filed_from_a_phone_once_the_last_round_is_over(
    table, phones, room
):
    # "You finish the round and then the game stops. At that moment the points are
    # counted": the companion counts them (the rulebook's arithmetic); any phone asks.
    table.ok("playlist", "game", "start", "-p", "Ana,Ben", "--first", "Ana")
    table.ok(
        "playlist", "game", "play", "ana", *[f"pop/1/love+piano+ballad/a{i}" for i in range(15)]
    )
    table.ok("playlist", "game", "turn")
    table.ok("playlist", "game", "turn")
    with table.served() as base:
        ben = phones(table.seats(base)["Ben"])
        room.goto(base + "/")
        room.wait_for_selector("#scores")
        ben.click("#moves button")
        ben.click("#moves button.confirm")
        ben.wait_for_selector(ANSWERED)
        assert ben.inner_text("#message") == "Done: count the points and file the game"
        assert ben.inner_text("#moves") == "The game is filed: Ana wins, 29 to 0."
        room.wait_for_selector("#final")
        assert room.inner_text("#final") == "Final · Ana wins, 29 to 0"


def test_a_game_filed_from_one_phone_is_filed_on_every_other_phone(table, phones, tmp_path):
    # Ben counts the points and files the game. Ana's phone hears of it on its stream; a
    # phone of Ana's that missed it (its stream cut) learns it at its next tap, which makes
    # nothing; a phone that opens its link afterwards is told too. None says "never here".
    table.ok("playlist", "game", "start", "-p", "Ana,Ben", "--first", "Ana")
    table.ok(
        "playlist", "game", "play", "ana", *[f"pop/1/love+piano+ballad/a{i}" for i in range(15)]
    )
    table.ok("playlist", "game", "turn")
    table.ok("playlist", "game", "turn")
    filed = "The game is filed: Ana wins, 29 to 0."
    with table.served() as base:
        seats = table.seats(base)
        ben, ana = phones(seats["Ben"]), phones(seats["Ana"])
        asleep = phones(seats["Ana"], offline_stream=True)
        ben.click("#moves button")
        ben.click("#moves button.confirm")
        ben.wait_for_selector(ANSWERED)
        assert ben.inner_text("#message") == "Done: count the points and file the game"
        ana.wait_for_selector("#moves p.over")  # the event the stream brought
        assert ana.inner_text("#moves") == filed
        assert ana.locator(".scores .row.me span").nth(1).inner_text() == "29"
        assert ana.locator("#moves button").count() == 0 and ana.inner_text("#message") == ""
        assert ana.locator("#own-box").is_hidden()
        assert ana.locator("#yours-box h2").inner_text() == "THE GAME"  # no moves any more
        screenshot(ana, "seats-phone-filed", tmp_path)
        matches = table.json("history", "list")["matches"]
        asleep.click("#moves button")  # the move it still shows, asked twice
        asleep.click("#moves button.confirm")
        asleep.wait_for_selector("#message.bad")
        assert asleep.inner_text("#message") == (
            "the game is filed: nothing more is played at this seat"
        )
        assert asleep.inner_text("#moves") == filed
        assert table.json("history", "list")["matches"] == matches  # nothing made
        late = phones(seats["Ben"])
        assert late.inner_text("#moves") == filed
        assert late.locator(".scores .row.me span").nth(1).inner_text() == "0"
